import JSONCore

extension RecordReader {
    /// Hands over each element of a top-level JSON array as a record labelled with its index and
    /// starting position; structural problems become located failure records.
    static func readArray(_ reader: consuming ByteReader, maxBytes: Int, _ body: (RecordLabel, Record) -> Void) {
        func fail(_ message: String, rule: String, label: RecordLabel, at position: SourcePosition) {
            body(label, .failure(ReportedIssue(
                severity: .error, message: message, instanceLocation: "", rule: rule, line: position.line, column: position.column)))
        }
        var splitter = JSONArraySplitter(reader: reader, maxElementBytes: maxBytes)
        while true {
            let event: JSONArraySplitter.Event?
            do throws(ByteReader.Failure) {
                event = try splitter.next()
            } catch {
                return body(.whole, .failure(ReportedIssue(severity: .error, message: error.message, instanceLocation: "", rule: "read", line: nil, column: nil)))
            }
            guard let event else { return }
            switch event {
            case .element(let index, let start, let bytes):
                body(.element(index: index, line: start.line, column: start.column), .bytes(bytes))
            case .tooLong(let index, let start):
                fail("element \(index) is longer than the limit of \(maxBytes) bytes (max-bytes)", rule: "max-bytes",
                     label: .element(index: index, line: start.line, column: start.column), at: start)
            case .malformedElement(let index, let start, let problem, let at):
                fail(problem, rule: "parse", label: .element(index: index, line: start.line, column: start.column), at: at)
            case .malformed(let problem, let at):
                fail(problem, rule: "parse", label: .whole, at: at)
            }
        }
    }
}
