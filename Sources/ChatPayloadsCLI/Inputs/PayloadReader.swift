import ChatPayloads
import JSONCore

/// Reads one input and hands over its payloads one at a time: the whole file for JSON, each
/// non-blank line for NDJSON (streamed in chunks), each element of a top-level array for
/// `json-array` (streamed in chunks), each document for YAML.
///
/// A problem that stops the input (cannot open, too large, bad YAML) is handed over as a
/// ``Payload/failure(_:)``, so every input yields at least one payload unless it is an empty
/// NDJSON stream or an empty array.
package enum PayloadReader {
    /// One payload, or why there is none.
    package enum Payload: Sendable {
        /// JSON text.
        case bytes([UInt8])
        /// A YAML document.
        case yaml(YAMLInstance.Document)
        /// The input (or this NDJSON line) cannot be read; `issue.rule` says why.
        case failure(PayloadIssue)
    }

    /// Calls `body` with each payload of `input`, in order. `maxBytes` bounds a JSON or YAML
    /// input, each NDJSON line and each array element (larger ones are reported, not read into
    /// memory). `idle` runs when an NDJSON stream has nothing new to read yet (see
    /// ``NDJSONSplitter``). With `keepCarriageReturns` an NDJSON line that ended `\r\n` keeps its
    /// `\r` (for `--emit`).
    package static func read(_ input: InputFile, maxBytes: Int, idle: (() -> Void)? = nil, keepCarriageReturns: Bool = false, _ body: (PayloadLabel, Payload) -> Void) {
        func fail(_ message: String, label: PayloadLabel = .whole, line: Int? = nil, column: Int? = nil) {
            body(label, .failure(.check(message, kind: .read, line: line, column: column)))
        }
        if let problem = input.problem { return fail(problem) }
        var reader: ByteReader
        do throws(ByteReader.Failure) {
            switch input.source {
            case .path(let path): reader = try ByteReader.open(path: path)
            case .standardInput: reader = ByteReader.standardInput()
            case .missing: return fail("cannot read \(input.displayPath)")
            }
        } catch {
            return fail(error.message)
        }
        var format = input.format
        var head: [UInt8] = []
        if format == .auto {
            // Standard input or a pipe with no format named: NDJSON when it is one JSON value
            // per line (``NDJSONSniff``), else one JSON document.
            do throws(ByteReader.Failure) {
                format = .json
                while head.count <= maxBytes {
                    if try reader.readChunk(into: &head) == 0 { break }
                    let verdict = NDJSONSniff.verdict(head)
                    if verdict == .needMore { continue }
                    if verdict == .ndjson { format = .ndjson }
                    break
                }
            } catch {
                return fail(error.message)
            }
        }
        switch format {
        case .ndjson:
            var splitter = NDJSONSplitter(
                reader: reader, maxLineBytes: maxBytes, onIdle: idle, prefix: head, keepCarriageReturn: keepCarriageReturns)
            while true {
                let record: NDJSONSplitter.Line?
                do throws(ByteReader.Failure) {
                    record = try splitter.next()
                } catch {
                    return fail(error.message)
                }
                guard let record else { return }
                let (label, content) = PayloadSplitter.payload(of: record, maxBytes: maxBytes)
                body(label, Payload(content))
            }
        case .jsonArray:
            readArray(reader, maxBytes: maxBytes, body)
        case .json, .auto, .yaml:
            var bytes = head
            do throws(ByteReader.Failure) {
                while bytes.count <= maxBytes {
                    if try reader.readChunk(into: &bytes) == 0 { break }
                }
                if bytes.count > maxBytes {
                    return body(.whole, Payload(PayloadSplitter.tooLarge(maxBytes: maxBytes)))
                }
            } catch {
                return fail(error.message)
            }
            if format != .yaml { return body(.whole, .bytes(bytes)) }
            for (label, content) in PayloadSplitter.yamlPayloads(bytes) { body(label, Payload(content)) }
        }
    }
}

extension PayloadReader.Payload {
    /// The CLI's form of a payload the library's ``PayloadSplitter`` cut out.
    init(_ content: SplitPayload.Content) {
        switch content {
        case .json(let bytes): self = .bytes(bytes)
        case .yaml(let document): self = .yaml(document)
        case .unreadable(let issue): self = .failure(issue)
        }
    }
}
