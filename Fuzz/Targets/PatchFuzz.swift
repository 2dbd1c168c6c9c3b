// libFuzzer target: the patch envelope decoder (`PatchEnvelope.decode`) and the JSON patcher.
//
// Input: envelope JSON; optionally a NUL byte and a target payload JSON (default: a fixed user).
//
// Oracles: never traps; a decoded envelope encodes, and decoding that encodes to the same JSON; the
// patcher either throws a located decoding error or returns an outcome whose `applied` result
// keeps the target's id.
@_spi(ChatPayloadsInternal) import ChatPayloads
import JSONCore

let defaultTargets: [JSONValue] = [
    ["id": "user-1", "name": "Ada", "eTag": "AAA", "updated": "2024-01-01T00:00:00.000Z", "custom": [:]],
    ["id": "chan-1", "name": "General", "eTag": "AAA", "updated": "2024-01-01T00:00:00.000Z"],
    ["uuid": ["id": "user-1"], "channel": ["id": "chan-1"], "eTag": "AAA", "updated": "2024-01-01T00:00:00.000Z"],
]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let split = bytes.firstIndex(of: 0)
    let envelopeBytes = split.map { Array(bytes[..<$0]) } ?? bytes
    var targets = defaultTargets
    if let split, let doc = try? JSONParser.parse(Array(bytes[(split + 1)...]), options: JSONParseOptions(maxDepth: 64)) {
        targets = [doc.root]
    }
    typealias Envelope = PatchEnvelope<AnyJSONCustomData>
    for options in [ChatDecodingOptions.standard, .native] {
        do {
            let envelope = try Envelope.decode(bytes: envelopeBytes, options: options, parseOptions: JSONParseOptions(maxDepth: 64))
            let encoded: JSONValue
            do {
                encoded = try envelope.encodedJSON()
            } catch {
                // An envelope that decodes but cannot be encoded is a (non-crashing) finding.
                fail("decoded envelope does not encode: \(error)")
            }
            do {
                // Encoding is documented as lossy once (dates are written with millisecond
                // precision, truncated), so the oracle is idempotence: decode(encode(x)) encodes
                // to the same JSON again.
                let again = try Envelope.decode(from: encoded, options: options)
                let reencoded = try again.encodedJSON()
                expect(reencoded == encoded, "envelope re-encoding changed: \(JSONWriter.string(encoded)) -> \(JSONWriter.string(reencoded))")
            } catch {
                fail("re-decoding an encoded envelope failed: \(error) for \(JSONWriter.string(encoded))")
            }
        } catch {
            expect(!error.message.isEmpty, "empty decoding error message")
        }
    }
    guard let document = try? JSONParser.parse(envelopeBytes, options: JSONParseOptions(maxDepth: 64)) else { return 0 }
    for target in targets {
        do {
            let outcome = try JSONPatcher.apply(envelope: document.root, to: target)
            _ = outcome.reason
            if !outcome.applied { expect(outcome.result == target, "a rejected patch changed the payload") }
        } catch {
            expect(!error.message.isEmpty, "empty patch error message")
        }
    }
    return 0
}

/// Traps with the message (kept in -O builds, unlike precondition's).
func expect(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() { fatalError("FUZZ ORACLE: " + message()) }
}

func fail(_ message: String) -> Never { fatalError("FUZZ ORACLE: " + message) }
