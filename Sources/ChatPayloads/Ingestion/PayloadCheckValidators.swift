import JSONCore

/// A ready ``PayloadCheckContext`` for a library caller: the chosen schema's validator (if
/// any), the bundled schemas compiled on first use under one profile, and the fast path's tape.
///
/// ```swift
/// var validators = PayloadCheckValidators(profile: .standard)
/// let results = PayloadCheck(profile: .standard).check(bytes, format: .ndjson, schema: .auto, context: &validators)
/// ```
public struct PayloadCheckValidators: PayloadCheckContext {
    /// The profile the bundled schemas are compiled under.
    public let profile: Profile
    /// The validator of ``PayloadCheck/Schema/chosen`` (nil: there is none; a payload that
    /// needs it gets a schema error).
    public var chosen: PayloadValidator?
    /// The fast path's scratch.
    public var tape = JSONTape()
    private var bundled: [BundledSchema: Result<PayloadValidator, SchemaUnavailable>] = [:]

    /// Validators under `profile`, with `chosen` for ``PayloadCheck/Schema/chosen``.
    public init(profile: Profile, chosen: PayloadValidator? = nil) {
        self.profile = profile
        self.chosen = chosen
    }

    /// ``chosen``, or why there is none.
    public mutating func chosenValidator() -> Result<PayloadValidator, SchemaUnavailable> {
        guard let chosen else { return .failure(SchemaUnavailable(message: "schema error: no schema was chosen")) }
        return .success(chosen)
    }

    /// The bundled schema's validator under ``profile``, compiled once.
    public mutating func validator(for schema: BundledSchema) -> Result<PayloadValidator, SchemaUnavailable> {
        if let found = bundled[schema] { return found }
        let built: Result<PayloadValidator, SchemaUnavailable>
        do throws(ChatPayloadsError) {
            built = .success(try PayloadValidator(schema: .bundled(schema), profile: profile))
        } catch {
            built = .failure(SchemaUnavailable(message: "schema error: \(error.description)"))
        }
        bundled[schema] = built
        return built
    }
}
