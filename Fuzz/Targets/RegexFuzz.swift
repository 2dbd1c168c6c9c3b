// libFuzzer target: the ECMA-262 (unicode mode) regex engine with a step budget.
//
// Input: pattern, a NUL byte, subject string (both decoded as UTF-8 with replacement).
// Without a NUL, the pattern is tried against a few fixed subjects and itself.
//
// Oracles:
// - compiling and matching never trap, never hang (the budget bounds the work);
// - a syntax error has an offset within the pattern;
// - the budget only decides between an answer and `.tooExpensive`: an answer found under a
//   small budget is the same answer under a larger budget.
import ECMARegex

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let split = bytes.firstIndex(of: 0)
    let pattern = String(decoding: split.map { bytes[..<$0] } ?? bytes[...], as: UTF8.self)
    let regex: ECMARegex
    do {
        regex = try ECMARegex(pattern)
    } catch {
        let scalarCount = pattern.unicodeScalars.count
        expect(error.offset >= 0 && error.offset <= scalarCount, "syntax error offset \(error.offset) outside a \(scalarCount)-scalar pattern")
        return 0
    }
    _ = regex.captureGroupCount
    var subjects: [String] = []
    if let split {
        subjects = [String(decoding: bytes[(split + 1)...], as: UTF8.self)]
    } else {
        subjects = ["", "a", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!", "abc\n123", pattern]
    }
    for subject in subjects {
        let small = regex.test(subject, stepLimit: 2_000)
        let large = regex.test(subject, stepLimit: 100_000)
        if small != .tooExpensive {
            expect(small == large, "budget changed the answer: \(small) vs \(large) for /\(pattern)/ on \(subject.debugDescription)")
        }
    }
    return 0
}

/// Traps with the message (kept in -O builds, unlike precondition's).
func expect(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() { fatalError("FUZZ ORACLE: " + message()) }
}

func fail(_ message: String) -> Never { fatalError("FUZZ ORACLE: " + message) }
