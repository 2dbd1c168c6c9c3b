import ChatPayloads

/// Runs every codec interop vector (`CodecVectorGenerator.vectors()`, the same set as
/// `Tests/Vectors/codec`) through an app's own decoder and says where it disagrees.
///
/// The caller's closure gets each vector (its `kind` and `payload`)
/// and either throws (its decoder rejects the payload) or returns the payload re-encoded by its
/// encoder. The outcome is classified as `chatpayloads interop check` does
/// (`CodecVectorClassifier`): a vector the profile rejects must be rejected, and one it accepts
/// must come back equal to the canonical payload, up to harmless differences.
public enum InteropVectorCheck {
    /// One disagreement: the vector's id and what went wrong.
    public struct Disagreement: Sendable, Hashable, CustomStringConvertible {
        /// The vector's id (its payload is `Tests/Vectors/codec/payloads/<id>.json`).
        public var id: String
        /// The classification (`dropped`, `lenient`, `lossy`, `failed`).
        public var classification: String
        /// What differs, one line per difference.
        public var details: String

        /// `vector <id>: <classification>: <details>`.
        public var description: String { "vector \(id): \(classification): \(details)" }
    }

    /// The disagreements of `decode` under `profile` (empty when it agrees on every vector).
    public static func disagreements(
        profile: ProfileName = .standard, decode: (CodecVector) throws -> [UInt8]
    ) -> [Disagreement] {
        let vectors: [CodecVector]
        let classifier: CodecVectorClassifier
        do {
            vectors = try CodecVectorGenerator.vectors()
            classifier = try CodecVectorClassifier(profile: profile)
        } catch {
            return [Disagreement(id: "-", classification: "failed", details: "the vectors could not be built: \(error)")]
        }
        var found: [Disagreement] = []
        for vector in vectors {
            let response: DecoderResponse
            do {
                let output = try decode(vector)
                do {
                    response = .accepted(try JSONParser.parse(output), at: .root)
                } catch {
                    response = .unreadableOutput(error.description)
                }
            } catch {
                response = .rejected("\(error)")
            }
            let result = classifier.classify(vector, response: response)
            guard result.classification != .agrees else { continue }
            var lines = [result.summary]
            lines += result.differences.map { "\($0.pointer): \($0.explanation)" }
            found.append(Disagreement(id: vector.id, classification: result.classification.rawValue, details: lines.joined(separator: "; ")))
        }
        return found
    }
}
