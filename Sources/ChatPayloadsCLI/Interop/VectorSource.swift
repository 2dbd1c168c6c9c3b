import ChatPayloads
import Foundation
import JSONCore

/// Where `interop check` gets its codec vectors: built in (computed from the catalog, the same
/// as `Tests/Vectors/codec/`), or a directory holding `vectors.json` and `payloads/`.
enum VectorSource {
    /// The path reports name a vector's payload by, for the built-in vectors.
    static let builtInDirectory = "Tests/Vectors/codec"

    struct Loaded {
        var vectors: [CodecVector]
        /// The directory reports locate payloads in.
        var directory: String
    }

    /// Reads the vectors; a message (exit status 2) when the directory cannot be read or a
    /// vector's id is unsafe (see ``DecoderCommand/isSafeID(_:)``) or repeated.
    static func load(directory: String?) -> Result<Loaded, LoadError> {
        load(from: directory).flatMap { loaded in
            var seen = Set<String>()
            for vector in loaded.vectors {
                guard DecoderCommand.isSafeID(vector.id) else {
                    return .failure(LoadError(
                        message: "vector id \(JSONWriter.quoted(String(vector.id.prefix(200)))) is refused: an id is 1 to 128 of A-Z a-z 0-9 . _ -, not starting with a dot",
                        status: .unreadable))
                }
                guard seen.insert(vector.id).inserted else {
                    return .failure(LoadError(message: "vector id \(JSONWriter.quoted(vector.id)) is used twice", status: .unreadable))
                }
            }
            return .success(loaded)
        }
    }

    private static func load(from directory: String?) -> Result<Loaded, LoadError> {
        guard let directory else {
            do throws(ChatPayloadsError) {
                return .success(Loaded(vectors: try CodecVectorGenerator.vectors(), directory: builtInDirectory))
            } catch {
                return .failure(LoadError(message: error.description, status: .schemaOrConfig))
            }
        }
        let root = URL(fileURLWithPath: directory, isDirectory: true)
        let indexPath = root.appendingPathComponent("vectors.json").path
        guard let data = FileManager.default.contents(atPath: indexPath) else {
            return .failure(LoadError(message: "\(indexPath): cannot read the codec vectors index", status: .unreadable))
        }
        let document: JSONDocument
        do throws(JSONParseError) {
            document = try JSONParser.parse(Array(data))
        } catch {
            return .failure(LoadError(message: "\(indexPath):\(error.location): not valid JSON: \(error.message)", status: .unreadable))
        }
        guard let entries = document.root["vectors"]?.arrayValue else {
            return .failure(LoadError(message: "\(indexPath): no \"vectors\" array", status: .unreadable))
        }
        var vectors: [CodecVector] = []
        for (index, entry) in entries.enumerated() {
            guard let payloadPath = entry["payload"]?.stringValue, !payloadPath.hasPrefix("/"), !payloadPath.split(separator: "/").contains(".."),
                  let payload = FileManager.default.contents(atPath: root.appendingPathComponent(payloadPath).path),
                  let vector = CodecVector(indexEntry: entry, payload: Array(payload))
            else {
                return .failure(LoadError(message: "\(indexPath): vector [\(index)] is not a codec vector, or its payload file cannot be read", status: .unreadable))
            }
            vectors.append(vector)
        }
        return .success(Loaded(vectors: vectors, directory: directory))
    }

    struct LoadError: Error {
        var message: String
        var status: ExitStatus
    }
}
