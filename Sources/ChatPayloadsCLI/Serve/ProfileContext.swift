import ChatPayloads
import JSONCore

/// What answering under one profile needs, built once when the server starts: the profile (the
/// config's knobs applied, as `validate --profile` resolves it), its validators (compiled once,
/// shared by every request) and the checker `validate` uses (its `auto` issues naming this API's
/// parameters instead of validate's options).
struct ProfileContext: @unchecked Sendable {
    // @unchecked: every member is immutable after init, and ValidatorCache is thread-safe.
    let profile: Profile
    let config: LoadedConfig?
    let cache: ValidatorCache
    /// `validate --reporter json`'s checker (basic output built, every error collected).
    let checker: PayloadChecker
    /// The gates `normalize` and `convert --to record` check payloads with.
    let gates: GatePool

    init(profile: Profile, config: LoadedConfig?) {
        self.profile = profile
        self.config = config
        gates = GatePool(profile: profile)
        cache = ValidatorCache(profile: profile, registry: nil, customData: config?.customData ?? [:], quiet: true)
        // Shapes are read as validate reads them (PayloadCheck.detectionOptions(for:)).
        var checker = PayloadChecker(cache: cache, expectInvalid: false, select: nil, verdictOnly: false, wantsOutput: true)
        // An `auto` issue names what to do through this API, not validate's options.
        checker.autoOption = PlaygroundService.autoOption
        checker.autoAdvice = PlaygroundService.autoAdvice
        checker.hints = .playground
        self.checker = checker
    }

    /// Compiles every bundled schema now, so no request waits for a compile.
    func warmUp() {
        for schema in BundledSchema.allCases { _ = cache.validator(for: schema) }
    }

    /// The schema an input named `displayPath` gets without a `schema` parameter: the config's
    /// `files` globs, else `auto` (as `validate` without `--schema`).
    func defaultSchema(forDisplayPath displayPath: String) -> (SchemaSpec, SchemaSource) {
        if let config, let spec = config.schema(forDisplayPath: displayPath) { return (spec, .config) }
        return (.auto, .fallback)
    }
}

/// The profile contexts of a server: one per profile name, and the default (the config's
/// profile with `--profile` over it, as `validate` resolves it).
struct ProfileContexts: Sendable {
    let byName: [ProfileName: ProfileContext]
    let defaultContext: ProfileContext

    init(config: LoadedConfig?, options: SchemaOptions) {
        var byName: [ProfileName: ProfileContext] = [:]
        for name in ProfileName.allCases {
            var profile = Profile.resolved(configured: config?.profile, requested: name)
            if let dialect = options.defaultDialectURI { profile.defaultDialect = dialect }
            byName[name] = ProfileContext(profile: profile, config: config)
        }
        let defaultProfile = LoadedConfig.resolvedProfile(config, options)
        self.byName = byName
        // The default is one of the three unless the config changed knobs (then it is its own).
        if let same = byName[defaultProfile.name], options.profile != nil || config == nil {
            defaultContext = same
        } else {
            defaultContext = ProfileContext(profile: defaultProfile, config: config)
        }
    }

    /// The context for a `profile` parameter (nil: the default); a 400 for an unknown name.
    func context(for parameter: String?) -> Result<ProfileContext, PlaygroundError> {
        guard let parameter else { return .success(defaultContext) }
        guard let name = ProfileName(rawValue: parameter), let context = byName[name] else {
            return .failure(.badParameter("profile", parameter, expected: ProfileName.allCases.map(\.rawValue)))
        }
        return .success(context)
    }

    /// Every context (the default once), for warming up.
    var all: [ProfileContext] { Array(byName.values) + [defaultContext] }
}
