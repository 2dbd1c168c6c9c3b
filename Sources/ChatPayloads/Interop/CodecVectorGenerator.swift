import JSONCore

/// Computes the codec vectors from ``CodecVectorCatalog`` with the Swift validator and codec,
/// and renders the files checked in under `Tests/Vectors/codec/`.
///
/// Regenerate with `swift run chatpayloads interop vectors --output Tests/Vectors/codec`;
/// `CodecVectorTests` fails when the checked-in files differ from ``files()``.
package enum CodecVectorGenerator {
    /// The format name written at the top of `vectors.json`.
    package static let format = "chatpayloads-codec-vectors/1"

    /// Every vector, with its expectations under each profile.
    package static func vectors() throws(ChatPayloadsError) -> [CodecVector] {
        var validators: [CodecVectorKind: [ProfileName: PayloadValidator]] = [:]
        for kind in CodecVectorKind.allCases {
            for profile in ProfileName.allCases {
                validators[kind, default: [:]][profile] = try PayloadValidator(schema: .bundled(kind.schema), profile: .named(profile))
            }
        }
        return CodecVectorCatalog.entries.map { entry in
            vector(entry, validators: validators[entry.kind] ?? [:])
        }
    }

    static func vector(_ entry: CodecVectorCatalog.Entry, validators: [ProfileName: PayloadValidator]) -> CodecVector {
        let bytes = Array(entry.text.utf8)
        var canonical: JSONValue?
        var codecFailure: String?
        do throws(JSONParseError) {
            let document = try JSONParser.parse(bytes)
            switch entry.kind.roundTrip(document) {
            case .success(let value): canonical = fullPrecisionDates(value, original: document.root, at: .root)
            case .failure(let failure): codecFailure = failure.message
            }
        } catch {
            codecFailure = "not valid JSON: \(error.message)"
        }
        var expectations: [ProfileName: CodecVector.Expectation] = [:]
        for profile in ProfileName.allCases {
            if let validator = validators[profile] {
                let report = validator.validate(bytes: bytes)
                if let error = report.errors.first {
                    let place = error.instanceLocation.isRoot ? "" : "\(error.instanceLocation): "
                    expectations[profile] = .init(verdict: .reject, reason: place + error.message)
                    continue
                }
            }
            if let codecFailure {
                expectations[profile] = .init(verdict: .reject, reason: "the Swift decoder rejects it: \(codecFailure)")
            } else {
                expectations[profile] = .init(verdict: .accept)
            }
        }
        return CodecVector(id: entry.id, kind: entry.kind, description: entry.description, payload: bytes, canonical: canonical, expectations: expectations)
    }

    /// `value` with each date member (`createdAt`, `updated`, outside custom data) replaced by
    /// the original's instant in full precision.
    static func fullPrecisionDates(_ value: JSONValue, original: JSONValue, at pointer: JSONPointer) -> JSONValue {
        switch value {
        case .object(let object):
            return .object(JSONObject(object.members.map { member in
                let child = pointer.appending(member.key)
                if ComparisonWalker.role(of: child) == .date, member.value.stringValue != nil,
                   let text = child.resolve(in: original)?.stringValue, let instant = ChatTimestamp(parsing: text) {
                    return JSONObject.Member(key: member.key, value: .string(instant.preciseString))
                }
                return JSONObject.Member(key: member.key, value: fullPrecisionDates(member.value, original: original, at: child))
            }))
        case .array(let items):
            return .array(items.enumerated().map { fullPrecisionDates($0.element, original: original, at: pointer.appending(index: $0.offset)) })
        default:
            return value
        }
    }

    /// The files of `Tests/Vectors/codec/` (relative paths and bytes): `vectors.json` and
    /// `payloads/<id>.json`. The README beside them is written by hand.
    package static func files() throws(ChatPayloadsError) -> [(path: String, bytes: [UInt8])] {
        let vectors = try vectors()
        let index: JSONValue = .object(JSONObject([
            JSONObject.Member(key: "format", value: .string(format)),
            JSONObject.Member(key: "profiles", value: .array(ProfileName.allCases.map { .string($0.rawValue) })),
            JSONObject.Member(key: "vectors", value: .array(vectors.map(\.indexEntry))),
        ]))
        var files: [(path: String, bytes: [UInt8])] = [("vectors.json", JSONWriter.bytes(index, options: .pretty) + [0x0A])]
        for vector in vectors {
            files.append((vector.payloadPath, vector.payload + [0x0A]))
        }
        return files
    }
}
