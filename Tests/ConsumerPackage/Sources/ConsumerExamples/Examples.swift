// One example per task, as an app writes it: Data in, no `import JSONCore`.
import ChatPayloads
import Foundation

/// Validate: the Data a network call returns, under the strict profile; each error as `line:column message`.
public func validateExample(_ data: Data) throws -> [String] {
    let validator = try PayloadValidator(schema: .bundled(.message), profile: .strict)
    let report = validator.validate(data)
    return report.errors.map { issue in
        let line = issue.location?.line ?? 0
        let column = issue.location?.column ?? 0
        return "\(line):\(column) \(issue.instanceLocation) \(issue.message)"
    }
}

/// Decode with custom data: one bundle for the models that relate entities.
public struct ThreadInfo: MessageContentData, Codable {
    public var threadId = ""
    public init() {}
}
public struct Prefs: UserCustomData, Codable {
    public var theme = "light"
    public init() {}
}
public enum AppData: ChatCustomData {
    public typealias User = Prefs
    public typealias MessageContent = ThreadInfo
}

/// Decodes a message payload whose content is a thread reference, validating it in the same reading.
public func decodeExample(_ data: Data) throws -> String {
    let payload = try ChatMessagePayload<AppData>.decode(data, profile: .standard)
    return payload.content.threadId
}

/// Patch: a real-time event applied to the stored user in one call.
public func patchExample(user userData: Data, event eventData: Data) throws -> (EnvelopeEffect, String?) {
    var user = try ChatUser<Prefs>.decode(userData)
    let event = try PatchEnvelope<AppData>.decode(eventData)
    let effect = user.apply(event)
    return (effect, user.name)
}

/// Records: a model to its persisted form and back (custom data as canonical JSON bytes, e.g. a GRDB blob).
public func recordExample(_ data: Data) throws -> Data {
    let user = try ChatUser<Prefs>.decode(data)
    let record = try UserRecord(user)
    let back: ChatUser<Prefs> = try record.model()
    return Data(try back.canonicalBytes())
}

/// Errors: any error of the package answers the same questions.
public func describe(_ error: any Error) -> String {
    guard let located = error as? any ChatPayloadsLocatedError else { return "\(error)" }
    let pointer = located.jsonPointer?.description ?? "-"
    return "\(located.sourceLine ?? 0):\(located.sourceColumn ?? 0) \(pointer) \(located.message)"
}
