import ChatPayloads
import JSONCore

extension PayloadReader {
    /// Hands over each element of a top-level JSON array as a payload labelled with its index and
    /// starting position; structural problems become located failures.
    static func readArray(_ reader: consuming ByteReader, maxBytes: Int, _ body: (PayloadLabel, Payload) -> Void) {
        var splitter = JSONArraySplitter(reader: reader, maxElementBytes: maxBytes)
        while true {
            let event: JSONArraySplitter.Event?
            do throws(ByteReader.Failure) {
                event = try splitter.next()
            } catch {
                return body(.whole, .failure(.check(error.message, kind: .read, line: nil, column: nil)))
            }
            guard let event else { return }
            let (label, content) = PayloadSplitter.payload(of: event, maxBytes: maxBytes)
            body(label, Payload(content))
        }
    }
}
