import Foundation

/// Bytes collected by a reader thread, at most `limit` of them (the first, or with `keepTail`
/// the last); ``overflowed`` tells when some were left out.
final class BoundedBuffer: @unchecked Sendable {
    private let lock = NSLock()
    private let finished = DispatchSemaphore(value: 0)
    private var data: [UInt8] = []
    private var lost = false
    private let limit: Int
    private let keepTail: Bool

    init(limit: Int, keepTail: Bool = false) {
        self.limit = limit
        self.keepTail = keepTail
    }

    func append(_ chunk: UnsafeBufferPointer<UInt8>) {
        lock.lock()
        defer { lock.unlock() }
        data.append(contentsOf: chunk)
        if data.count > limit {
            lost = true
            if keepTail { data.removeFirst(data.count - limit) } else { data.removeLast(data.count - limit) }
        }
    }

    /// The reader reached the end of the stream.
    func finish() { finished.signal() }

    /// Waits (at most `seconds`) for the end of the stream.
    func waitForEnd(seconds: Double) -> Bool {
        guard finished.wait(timeout: .now() + seconds) == .success else { return false }
        finished.signal()
        return true
    }

    var bytes: [UInt8] {
        lock.lock()
        defer { lock.unlock() }
        return data
    }

    var overflowed: Bool {
        lock.lock()
        defer { lock.unlock() }
        return lost
    }

    /// The last non-empty line, cut to 300 characters, control characters shown as spaces.
    var lastLine: String? {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let line = text.split(whereSeparator: \.isNewline).last(where: { !$0.allSatisfy(\.isWhitespace) }) else { return nil }
        var scalars = String.UnicodeScalarView()
        for s in line.unicodeScalars.prefix(300) { scalars.append(s.properties.generalCategory == .control ? " " : s) }
        return String(scalars).trimmingCharacters(in: .whitespaces)
    }
}
