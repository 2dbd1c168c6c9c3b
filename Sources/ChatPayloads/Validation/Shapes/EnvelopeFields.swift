import JSONCore

/// A member of an envelope (``EnvelopeKind``) whose value is not of the type the SDKs give it.
public struct EnvelopeFieldProblem: Sendable, Hashable {
    /// Where the member is, from the envelope (`/uuid`).
    public var pointer: JSONPointer
    /// What is wrong (`the message envelope's "uuid" must be a string, got 7`).
    public var message: String
}

extension EnvelopeKind {
    /// The envelope's own members, typed as the SDKs send them, in `envelope` (an object of this
    /// kind; `--schema auto` checks them before the payload inside):
    /// - message envelope: `timetoken` a string of decimal digits or a non-negative integer;
    ///   `channel`, `uuid`, `publisher`, `subscription`, `actualChannel`, `subscribedChannel` and
    ///   `customMessageType` strings; `meta`, `actions` and `userMetadata` objects (any of
    ///   them may be `null`, unset);
    /// - file message: `file` an object;
    /// - App Context event: `source` and `version` strings (`event` and `type` are checked by
    ///   the shape rule itself);
    /// - sent message: `pubnubUserId` and `pubnubChannelId` strings, both present; `timetoken`
    ///   (if present: absent means unsent) a timetoken, never `null`; `userModel` and
    ///   `channelModel` objects, `messageActions` an array.
    public func fieldProblems(in envelope: JSONValue) -> [EnvelopeFieldProblem] {
        guard case .object(let object) = envelope else { return [] }
        var problems: [EnvelopeFieldProblem] = []
        func problem(_ key: String, _ expected: String, _ value: JSONValue) {
            problems.append(EnvelopeFieldProblem(
                pointer: JSONPointer(tokens: [key]),
                message: "the \(displayName)'s \(JSONWriter.quoted(key)) must be \(expected), got \(ChatDecodingError.describe(value))"))
        }
        if self == .sentMessage {
            for key in ["pubnubUserId", "pubnubChannelId"] where object[key] == nil {
                problems.append(EnvelopeFieldProblem(pointer: .root, message: "the \(displayName) has no \(JSONWriter.quoted(key)) (a string)"))
            }
        }
        for member in object.members {
            let value = member.value
            // An unset optional member may be null (real-time events send `"subscription": null`).
            let requiredString = self == .sentMessage && (member.key == "pubnubUserId" || member.key == "pubnubChannelId")
            if value == .null, member.key != "timetoken", !requiredString { continue }
            switch Self.expectedType(of: member.key, in: self) {
            case .string?:
                if value.stringValue == nil { problem(member.key, "a string", value) }
            case .object?:
                if value.objectValue == nil { problem(member.key, "an object", value) }
            case .timetoken?:
                if !Self.isTimetoken(value) { problem(member.key, "a timetoken (a string of decimal digits or a non-negative integer)", value) }
            case .array?:
                if value.arrayValue == nil { problem(member.key, "an array", value) }
            case nil:
                break
            }
        }
        return problems
    }

    private enum FieldType { case string, object, timetoken, array }

    private static func expectedType(of key: String, in kind: EnvelopeKind) -> FieldType? {
        switch kind {
        case .message:
            switch key {
            case "timetoken": return .timetoken
            case "channel", "uuid", "publisher", "subscription", "actualChannel", "subscribedChannel", "customMessageType": return .string
            case "meta", "actions", "userMetadata": return .object
            default: return nil
            }
        case .file:
            return key == "file" ? .object : nil
        case .appContextEvent:
            return key == "source" || key == "version" ? .string : nil
        case .sentMessage:
            switch key {
            case "timetoken": return .timetoken
            case "pubnubUserId", "pubnubChannelId": return .string
            case "userModel", "channelModel": return .object
            case "messageActions": return .array
            default: return nil
            }
        }
    }

    /// A string of 1 to 19 decimal digits in Int64 range, or a non-negative integer in Int64 range.
    static func isTimetoken(_ value: JSONValue) -> Bool {
        switch value {
        case .string(let s):
            return !s.isEmpty && s.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } && Int64(s) != nil
        case .number(let n):
            guard let i = n.int64Value, n.isInteger else { return false }
            return i >= 0
        default:
            return false
        }
    }
}

extension PayloadShape {
    /// ``EnvelopeKind/fieldProblems(in:)`` for every envelope of this shape (outermost first),
    /// `document` being the value the shape was read from; pointers are from `document`.
    public func envelopeFieldProblems(in document: JSONValue) -> [EnvelopeFieldProblem] {
        var problems: [EnvelopeFieldProblem] = []
        var shape = self
        var value = document
        var base = JSONPointer.root
        while case .envelope(let kind, let inner) = shape {
            for p in kind.fieldProblems(in: value) {
                problems.append(EnvelopeFieldProblem(pointer: base.appending(p.pointer), message: p.message))
            }
            guard let next = value[kind.innerKey] else { break }
            value = next
            base = base.appending(kind.innerKey)
            shape = inner
        }
        return problems
    }
}
