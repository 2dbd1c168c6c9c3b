import ArgumentParser
import ChatPayloadsCLI
@_spi(ChatStoreCLI) import ChatStore
import JSONCore

/// How `store export` writes timetokens (`--timetokens`): JSON integers, the schemas' form,
/// which `store import` takes back (the default; an action's timetokens must be integers), or
/// decimal strings, the form PubNub's own REST responses use, which a JavaScript reader
/// (`JSON.parse`, a double) keeps exact: a 17-digit timetoken is above 2^53 and changes when read
/// as a number.
enum TimetokenSpelling: String, CaseIterable, ExpressibleByArgument, Sendable {
    /// `"timetoken":17000000000000001`.
    case number
    /// `"timetoken":"17000000000000001"`.
    case string

    /// `row`'s exported payload `value` with its timetokens in this spelling: a sent message's
    /// `timetoken` and its `messageActions`' `parentTimetoken` and `actionTimetoken`, an action's
    /// own two (and its `messageModel`'s). Only these members change; custom data and content
    /// keep their numbers, whatever their keys.
    func apply(to value: JSONValue, row: StoredRow) -> JSONValue {
        guard self == .string else { return value }
        switch row {
        case .message: return Self.sentMessage(value)
        case .action: return Self.action(value)
        case .user, .channel, .member: return value
        }
    }

    private static func sentMessage(_ value: JSONValue) -> JSONValue {
        guard case .object(var object) = value else { return value }
        object = stringified(object, keys: ["timetoken"])
        if case .array(let actions)? = object["messageActions"] {
            object = object.setting("messageActions", to: .array(actions.map(action)))
        }
        return .object(object)
    }

    private static func action(_ value: JSONValue) -> JSONValue {
        guard case .object(var object) = value else { return value }
        object = stringified(object, keys: ["parentTimetoken", "actionTimetoken"])
        if let message = object["messageModel"] {
            object = object.setting("messageModel", to: sentMessage(message))
        }
        return .object(object)
    }

    /// `object` with the integer members `keys` written as strings of their digits.
    private static func stringified(_ object: JSONObject, keys: [String]) -> JSONObject {
        var out = object
        for key in keys {
            if case .number(let n)? = object[key], let exact = n.int64Value {
                out = out.setting(key, to: .string(String(exact)))
            }
        }
        return out
    }
}
