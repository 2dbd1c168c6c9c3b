extension Profile {
    /// The profile in force when a config file may set one (`configured`, from
    /// ``ChatPayloadsConfig/profile``) and a caller may name one (`requested`, e.g. the CLI's
    /// `--profile`):
    ///
    /// | configured | requested | result |
    /// |---|---|---|
    /// | none | none | ``standard`` |
    /// | none | `name` | ``named(_:)`` `name` |
    /// | `c` | none | `c` |
    /// | `c` | `name` | `c` ``rebased(onto:)`` `name`: the requested base, the config's explicit knobs kept |
    ///
    /// This is the one merge rule of the `chatpayloads` commands, so a library user given the
    /// same config and name gets the same profile.
    ///
    /// - Parameters:
    ///   - configured: The config's profile with its knobs applied, or nil without a config.
    ///   - requested: The profile name asked for over the config, or nil.
    /// - Returns: The profile to validate with.
    public static func resolved(configured: Profile?, requested: ProfileName?) -> Profile {
        switch (configured, requested) {
        case (let configured?, let name?): return configured.rebased(onto: name)
        case (let configured?, nil): return configured
        case (nil, let name?): return named(name)
        case (nil, nil): return .standard
        }
    }

    /// Built-in profile `name` with the knobs this profile sets explicitly: each knob and limit
    /// whose value differs from the default of this profile's own base (``named(_:)``
    /// ``name``) is kept, the others take `name`'s defaults; ``severities`` are kept whole.
    ///
    /// A config `profile: standard` with `unknown-properties: reject`, rebased onto `compat`,
    /// is compat with unknown properties rejected; a config `profile: strict` with no knobs,
    /// rebased onto `compat`, is plain compat (strict's own defaults are not explicit settings).
    /// Rebasing onto this profile's own name gives this profile back.
    ///
    /// - Parameter name: The built-in profile to start from.
    /// - Returns: That profile with this profile's explicit knobs, limits and severities.
    public func rebased(onto name: ProfileName) -> Profile {
        var rebased = Profile.named(name)
        let base = Profile.named(self.name)
        if formats != base.formats { rebased.formats = formats }
        if unknownProperties != base.unknownProperties { rebased.unknownProperties = unknownProperties }
        if duplicateKeys != base.duplicateKeys { rebased.duplicateKeys = duplicateKeys }
        if custom != base.custom { rebased.custom = custom }
        if dates != base.dates { rebased.dates = dates }
        for limit in Limit.allCases where self[limit] != base[limit] { rebased[limit] = self[limit] }
        rebased.severities = severities
        rebased.defaultDialect = defaultDialect
        return rebased
    }
}
