import JSONCore

/// Reads and writes custom data at a payload position, with the flatness rule of that position.
enum CustomDataCoding {
    /// Decodes `C` from `value` (an object; absent or `null` gives the default) found at `pointer`.
    /// When `flat` and `C.checksFlatness`, every member must be a string, number or boolean.
    static func decode<C: JSONCustomData>(
        _ type: C.Type, from value: JSONValue?, at pointer: JSONPointer, flat: Bool, entity: String
    ) throws(ChatDecodingError) -> C {
        guard let value, !value.isNull else { return C() }
        guard case .object(let object) = value else {
            throw ChatDecodingError.expected("an object", got: value, at: pointer)
        }
        if flat && C.checksFlatness {
            try checkFlat(object, at: pointer, entity: entity)
        }
        do {
            return try C(json: object)
        } catch {
            var rebased = error.rebased(under: pointer)
            rebased.message = "\(entity) custom data (\(C.self)): \(rebased.message)"
            throw rebased
        }
    }

    /// Throws a located error for the first member that is not a string, number or boolean.
    static func checkFlat(_ object: JSONObject, at pointer: JSONPointer, entity: String) throws(ChatDecodingError) {
        for member in object.members {
            switch member.value {
            case .string, .number, .bool: continue
            default:
                throw ChatDecodingError(
                    .nestedCustomValue, at: pointer.appending(member.key),
                    "\(entity) custom data must be flat: expected a string, number or boolean, got \(ChatDecodingError.describe(member.value))")
            }
        }
    }

    /// Encodes `custom` for output at `pointer`, checking flatness when required.
    static func encode<C: JSONCustomData>(_ custom: C, at pointer: JSONPointer, flat: Bool, entity: String) throws(ChatEncodingError) -> JSONObject {
        let object: JSONObject
        do {
            object = try custom.encodeJSON()
        } catch {
            throw error.rebased(under: pointer)
        }
        if flat && C.checksFlatness {
            for member in object.members {
                switch member.value {
                case .string, .number, .bool: continue
                default:
                    throw ChatEncodingError(
                        at: pointer.appending(member.key),
                        "\(entity) custom data must be flat: got \(ChatDecodingError.describe(member.value))")
                }
            }
        }
        return object
    }
}
