import JSONCore

/// Cuts an input into payloads as `validate` reads it: the whole input for JSON, each non-blank
/// line for NDJSON, each element of a top-level array, each YAML document. The streaming
/// readers (``NDJSONSplitter``, ``JSONArraySplitter`` over a `ByteReader`) and an input
/// already in memory (``payloads(in:format:maxBytes:keepCarriageReturns:)``) turn what they
/// find into payloads with the same functions, so both word problems alike.
package enum PayloadSplitter {
    /// The payloads of `bytes`, in order. `maxBytes` bounds a JSON or YAML input, each NDJSON
    /// line and each array element (larger ones become ``SplitPayload/Content/unreadable(_:)``).
    /// With `keepCarriageReturns` an NDJSON line that ended `\r\n` keeps its `\r`.
    package static func payloads(
        in bytes: [UInt8], format: PayloadStreamFormat, maxBytes: Int, keepCarriageReturns: Bool = false
    ) -> [SplitPayload] {
        var out: [SplitPayload] = []
        func add(_ label: PayloadLabel, _ content: SplitPayload.Content) {
            out.append(SplitPayload(index: out.count, label: label, content: content))
        }
        switch format {
        case .ndjson:
            var splitter = NDJSONSplitter(bytes: bytes, maxLineBytes: maxBytes, keepCarriageReturn: keepCarriageReturns)
            // An in-memory splitter never reads, so it never fails.
            while let line = try? splitter.next() {
                let (label, content) = payload(of: line, maxBytes: maxBytes)
                add(label, content)
            }
        case .jsonArray:
            var splitter = JSONArraySplitter(bytes: bytes, maxElementBytes: maxBytes)
            while let event = try? splitter.next() {
                let (label, content) = payload(of: event, maxBytes: maxBytes)
                add(label, content)
            }
        case .json:
            if bytes.count > maxBytes { return [SplitPayload(index: 0, label: .whole, content: tooLarge(maxBytes: maxBytes))] }
            add(.whole, .json(bytes))
        case .yaml:
            if bytes.count > maxBytes { return [SplitPayload(index: 0, label: .whole, content: tooLarge(maxBytes: maxBytes))] }
            for (label, content) in yamlPayloads(bytes) { add(label, content) }
        }
        return out
    }

    /// The payload of one NDJSON line.
    package static func payload(of line: NDJSONSplitter.Line, maxBytes: Int) -> (PayloadLabel, SplitPayload.Content) {
        guard line.tooLong else { return (.line(line.line), .json(line.bytes)) }
        return (.line(line.line), unreadable(
            "line \(line.line) is longer than the limit of \(maxBytes) bytes (max-bytes)", kind: .limit(.maxBytes), line: line.line, column: 1))
    }

    /// The payload (or the structural problem) of one event of a top-level array.
    package static func payload(of event: JSONArraySplitter.Event, maxBytes: Int) -> (PayloadLabel, SplitPayload.Content) {
        switch event {
        case .element(let index, let start, let bytes):
            return (.element(index: index, line: start.line, column: start.column), .json(bytes))
        case .tooLong(let index, let start):
            return (.element(index: index, line: start.line, column: start.column), unreadable(
                "element \(index) is longer than the limit of \(maxBytes) bytes (max-bytes)", kind: .limit(.maxBytes), line: start.line, column: start.column))
        case .malformedElement(let index, let start, let problem, let at):
            return (.element(index: index, line: start.line, column: start.column), unreadable(problem, kind: .parse, line: at.line, column: at.column))
        case .malformed(let problem, let at):
            return (.whole, unreadable(problem, kind: .parse, line: at.line, column: at.column))
        }
    }

    /// The documents of a YAML input (already within the byte limit), or why it cannot be read.
    package static func yamlPayloads(_ bytes: [UInt8]) -> [(PayloadLabel, SplitPayload.Content)] {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            return [(.whole, unreadable("the YAML input is not UTF-8", kind: .parse, line: nil, column: nil))]
        }
        let documents: [YAMLInstance.Document]
        do throws(ChatPayloadsError) {
            documents = try YAMLInstance.parseDocuments(text, file: nil)
        } catch {
            return [(.whole, unreadable("not valid YAML: \(error.message)", kind: .parse, line: error.line, column: error.column))]
        }
        if documents.isEmpty { return [(.whole, unreadable("the YAML input holds no document", kind: .parse, line: 1, column: 1))] }
        return documents.enumerated().map { k, document in (documents.count == 1 ? .whole : .document(k + 1), .yaml(document)) }
    }

    /// An input over the byte limit.
    package static func tooLarge(maxBytes: Int) -> SplitPayload.Content {
        unreadable("the input is larger than the limit of \(maxBytes) bytes (max-bytes)", kind: .limit(.maxBytes), line: 1, column: 1)
    }

    /// An input that cannot be read at all (`message` says why: cannot open, an I/O error).
    package static func readFailure(_ message: String) -> SplitPayload.Content {
        unreadable(message, kind: .read, line: nil, column: nil)
    }

    /// A problem with no payload, at `line`:`column` of the input when known.
    static func unreadable(_ message: String, kind: IssueKind, line: Int?, column: Int?) -> SplitPayload.Content {
        let location = line.map { SourceLocation(offset: 0, line: $0, column: column ?? 1) }
        return .unreadable(PayloadIssue(severity: .error, message: message, kind: kind, location: location))
    }
}
