import JSONCore

/// Collects the members of an object being encoded; optional values that are nil are skipped.
struct ObjectBuilder {
    private(set) var members: [JSONObject.Member] = []

    mutating func add(_ key: String, _ value: JSONValue) {
        members.append(JSONObject.Member(key: key, value: value))
    }

    mutating func add(_ key: String, _ value: String?) {
        if let value { add(key, .string(value)) }
    }

    mutating func add(_ key: String, _ value: ChatTimestamp?) {
        if let value { add(key, .string(value.nativeString)) }
    }

    mutating func add(_ key: String, _ value: ChatURL?) {
        if let value { add(key, .string(value.absoluteString)) }
    }

    mutating func add(_ key: String, timetoken: Int64) {
        add(key, .number(JSONNumber(timetoken)))
    }

    mutating func add(_ key: String, _ object: JSONObject) {
        add(key, .object(object))
    }

    var object: JSONObject { JSONObject(members) }
    var value: JSONValue { .object(object) }
}
