// libFuzzer target: every 2020-12 format checker.
//
// The input (UTF-8, decoded with replacement) is given to each standard checker; the first byte
// also picks one checker to receive the raw remainder, so single-format mutations are cheap.
//
// Oracles: no checker traps (the contract of FormatChecker); checkers are deterministic; the
// grammar inclusions hold (every uri is a uri-reference and an iri, every iri an
// iri-reference, every email an idn-email); a date-time is a date, "T", and a time.
import JSONSchemaFormats

let checkers: [FormatChecker] = StandardFormats.names.compactMap { StandardFormats.checker(named: $0) }

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let text = String(decoding: bytes, as: UTF8.self)
    for checker in checkers {
        let verdict = checker(text)
        expect(verdict == checker(text), "\(checker.name) is not deterministic on \(text.debugDescription)")
    }
    func ok(_ name: String, _ s: String) -> Bool { StandardFormats.checker(named: name)!(s) }
    let inclusions = [("uri", "uri-reference"), ("uri", "iri"), ("iri", "iri-reference"), ("uri-reference", "iri-reference"), ("email", "idn-email")]
    for (narrow, wide) in inclusions where ok(narrow, text) {
        expect(ok(wide, text), "\(text.debugDescription) is a valid \(narrow) but not a valid \(wide)")
    }
    let scalars = Array(text.unicodeScalars)
    if ok("date-time", text) {
        expect(scalars.count > 11, "short date-time")
        let date = String(String.UnicodeScalarView(scalars[..<10]))
        let time = String(String.UnicodeScalarView(scalars[11...]))
        expect(ok("date", date) && ok("time", time), "date-time \(text.debugDescription) is not date T time")
    }
    if let first = bytes.first {
        let checker = checkers[Int(first) % checkers.count]
        _ = checker(String(decoding: bytes.dropFirst(), as: UTF8.self))
    }
    if let parsed = RFC3339DateTime.parse(text) {
        _ = parsed.epochSeconds
        _ = parsed.epochTime
        _ = parsed.isSameInstant(as: parsed)
        _ = parsed.isBefore(parsed)
    }
    return 0
}

/// Traps with the message (kept in -O builds, unlike precondition's).
func expect(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() { fatalError("FUZZ ORACLE: " + message()) }
}

func fail(_ message: String) -> Never { fatalError("FUZZ ORACLE: " + message) }
