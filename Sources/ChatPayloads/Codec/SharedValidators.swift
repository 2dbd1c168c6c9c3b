import Foundation
import JSONCore

/// The validators `decode(_:profile:)` uses, compiled once per bundled schema and profile.
enum SharedValidators {
    private struct Key: Hashable {
        var schema: BundledSchema
        var profile: Profile
    }

    private final class Store: @unchecked Sendable {
        let lock = NSLock()
        var validators: [Key: PayloadValidator] = [:]
    }

    private static let store = Store()

    /// The validator for `schema` under `profile`, compiled on first use.
    static func validator(for schema: BundledSchema, profile: Profile) throws(ChatPayloadsError) -> PayloadValidator {
        let key = Key(schema: schema, profile: profile)
        if let found = store.lock.withLock({ store.validators[key] }) { return found }
        let compiled = try PayloadValidator(schema: .bundled(schema), profile: profile)
        return store.lock.withLock {
            if let raced = store.validators[key] { return raced }
            store.validators[key] = compiled
            return compiled
        }
    }
}

/// The bundled validators under one profile, from ``SharedValidators`` (compiled once per
/// process), as the ``PayloadCheckContext`` the library's record-building paths judge a sent
/// message's models with (``PayloadIngestor``, ``ChatMessage`` decoding).
struct SharedValidatorContext: PayloadCheckContext, Sendable {
    let profile: Profile
    var tape = JSONTape()

    init(profile: Profile) { self.profile = profile }

    /// The message schema's validator (a sent message's content is a message).
    mutating func chosenValidator() -> Result<PayloadValidator, SchemaUnavailable> { validator(for: .message) }

    /// The bundled schema's validator under ``profile`` (compiled once per process).
    mutating func validator(for schema: BundledSchema) -> Result<PayloadValidator, SchemaUnavailable> {
        do throws(ChatPayloadsError) {
            return .success(try SharedValidators.validator(for: schema, profile: profile))
        } catch {
            return .failure(SchemaUnavailable(message: "schema error: \(error.description)"))
        }
    }
}
