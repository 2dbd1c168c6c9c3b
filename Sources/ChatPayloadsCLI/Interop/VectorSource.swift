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
        // Every file is read confined to the directory (``PathConfinement``, judged on the file
        // actually opened): a vector's payload, or the index itself, that is a symbolic link
        // leading outside the directory is refused, never read into the report.
        let indexPath = directory.hasSuffix("/") ? directory + "vectors.json" : directory + "/vectors.json"
        let indexBytes: [UInt8]
        switch readConfined("vectors.json", in: directory) {
        case .success(let bytes): indexBytes = bytes
        case .failure(let failure):
            return .failure(LoadError(message: "\(indexPath): cannot read the codec vectors index: \(failure)", status: .unreadable))
        }
        let document: JSONDocument
        do throws(JSONParseError) {
            document = try JSONParser.parse(indexBytes)
        } catch {
            return .failure(LoadError(message: "\(indexPath):\(error.location): not valid JSON: \(error.message)", status: .unreadable))
        }
        guard let entries = document.root["vectors"]?.arrayValue else {
            return .failure(LoadError(message: "\(indexPath): no \"vectors\" array", status: .unreadable))
        }
        var vectors: [CodecVector] = []
        for (index, entry) in entries.enumerated() {
            guard let payloadPath = entry["payload"]?.stringValue else {
                return .failure(LoadError(message: "\(indexPath): vector [\(index)] has no \"payload\" path", status: .unreadable))
            }
            let payload: [UInt8]
            switch readConfined(payloadPath, in: directory) {
            case .success(let bytes): payload = bytes
            case .failure(let failure):
                return .failure(LoadError(
                    message: "\(indexPath): vector [\(index)]: payload file \(JSONWriter.quoted(payloadPath)): \(failure)", status: .unreadable))
            }
            guard let vector = CodecVector(indexEntry: entry, payload: payload) else {
                return .failure(LoadError(message: "\(indexPath): vector [\(index)] is not a codec vector", status: .unreadable))
            }
            vectors.append(vector)
        }
        return .success(Loaded(vectors: vectors, directory: directory))
    }

    /// The most bytes the index or one payload file may hold (64 MiB).
    static let maxFileBytes = 64 << 20

    /// Why a file of the directory is not read: refused (absolute, `..`, a link leading
    /// outside), unreadable, or too large.
    enum ReadFailure: Error, CustomStringConvertible {
        case refused(PathConfinement.Refusal)
        case unreadable(String)
        case tooLarge

        var description: String {
            switch self {
            case .refused(let refusal): return "refused: \(refusal); the vectors' files must stay inside the --vectors directory"
            case .unreadable(let message): return message
            case .tooLarge: return "larger than \(VectorSource.maxFileBytes) bytes"
            }
        }
    }

    /// The bytes of `reference` (relative to `directory`), opened confined to the directory
    /// (``PathConfinement/openFile(_:in:)``: what is judged is what is read).
    static func readConfined(_ reference: String, in directory: String) -> Result<[UInt8], ReadFailure> {
        var reader: ByteReader
        do throws(PathConfinement.OpenFailure) {
            reader = try PathConfinement.openFile(reference, in: directory)
        } catch {
            switch error {
            case .refused(let refusal): return .failure(.refused(refusal))
            case .unreadable(let message): return .failure(.unreadable(message))
            }
        }
        do throws(ByteReader.Failure) {
            let read = try reader.readAll(limit: maxFileBytes)
            return read.truncated ? .failure(.tooLarge) : .success(read.bytes)
        } catch {
            return .failure(.unreadable(error.message))
        }
    }

    struct LoadError: Error {
        var message: String
        var status: ExitStatus
    }
}
