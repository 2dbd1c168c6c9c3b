// libFuzzer target: the NDJSON line reader (`NDJSONSplitter`, with `ByteReader`).
//
// The splitter lives in the executable module `chatpayloads`, which cannot be imported, so
// run.sh compiles Sources/ChatPayloads/Ingestion/NDJSONSplitter.swift into this target (and links
// JSONCore, which has `ByteReader`). The input is served through a temporary file (in /dev/shm when it exists).
//
// Input: first byte picks `maxLineBytes` (1...256, or 1 MiB when the byte is 0), the rest is the
// stream.
//
// Oracles: never traps; every non-blank line is reported exactly once, in order, with its
// 1-based line number; a kept line's bytes equal the line without its `\r\n`/`\n` end;
// a line reported as too long really is longer than the limit.
//
// The three earlier findings (Fuzz/Findings/NDJSONFuzz/README.md) are fixed; their inputs stay as
// seeds and every oracle applies strictly.
#if canImport(Glibc)
import Glibc
#endif
import JSONCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard size >= 1 else { return 0 }
    let limit = data[0] == 0 ? 1 << 20 : Int(data[0])
    let stream = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))

    var template = Array((access("/dev/shm", W_OK) == 0 ? "/dev/shm/ndjson-fuzz-XXXXXX" : "/tmp/ndjson-fuzz-XXXXXX").utf8CString)
    let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    expect(fd >= 0, "mkstemp failed")
    let path = String(cString: template.map { UInt8(bitPattern: $0) })
    defer { close(fd); unlink(path) }
    var written = 0
    while written < stream.count {
        let n = stream.withUnsafeBytes { write(fd, $0.baseAddress! + written, stream.count - written) }
        expect(n > 0, "write failed")
        written += n
    }

    // The expected records, from a plain split.
    var expected: [(line: Int, bytes: [UInt8])] = []
    var lineNumber = 0
    var current: [UInt8] = []
    func finish() {
        lineNumber += 1
        var line = current
        if line.last == 0x0D { line.removeLast() }
        if !line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) {
            expected.append((lineNumber, line))
        }
        current = []
    }
    for byte in stream {
        if byte == 0x0A { finish() } else { current.append(byte) }
    }
    if !current.isEmpty { finish() }

    let reader: ByteReader
    do {
        reader = try ByteReader.open(path: path)
    } catch {
        fail("cannot open the temporary file: \(error)")
    }
    var splitter = NDJSONSplitter(reader: reader, maxLineBytes: limit)
    var index = 0
    while true {
        let record: NDJSONSplitter.Line?
        do {
            record = try splitter.next()
        } catch {
            fail("read failed: \(error)")
        }
        guard let record else { break }
        expect(index < expected.count, "more records than non-blank lines (extra line \(record.line))")
        let want = expected[index]
        expect(record.line == want.line, "record line \(record.line), expected \(want.line)")
        if record.tooLong {
            expect(record.bytes.isEmpty, "a too-long record kept bytes")
            expect(want.bytes.count > limit, "line \(record.line) of \(want.bytes.count) bytes reported too long for limit \(limit)")
        } else {
            expect(record.bytes == want.bytes, "line \(record.line) bytes differ")
            expect(record.bytes.count <= limit, "line \(record.line) of \(record.bytes.count) bytes kept under limit \(limit)")
        }
        index += 1
    }
    expect(index == expected.count, "lost records: got \(index), expected \(expected.count)")
    return 0
}

/// Traps with the message (kept in -O builds, unlike precondition's).
func expect(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() { fatalError("FUZZ ORACLE: " + message()) }
}

func fail(_ message: String) -> Never { fatalError("FUZZ ORACLE: " + message) }
