import Foundation

/// Lines of a child's standard output, split by a reader thread and taken one at a time with a
/// timeout (`interop check --batch`). A line longer than `maxLineBytes` ends the stream as
/// out of protocol. At most `maxLines` lines are ever kept (the answers the run waits for);
/// later ones are counted in ``droppedLines`` and dropped, so a command that writes without
/// end holds at most `maxLines` lines of memory.
final class LineQueue: @unchecked Sendable {
    /// What ``next(seconds:)`` gives.
    enum Event {
        case line([UInt8])
        /// The stream ended (the child exited or closed its output).
        case end
        /// A line was longer than the limit.
        case tooLong
        case timeout
    }

    private let lock = NSLock()
    private let available = DispatchSemaphore(value: 0)
    private var lines: [[UInt8]] = []
    private var partial: [UInt8] = []
    private var ended = false
    private var overlong = false
    private let maxLineBytes: Int
    private let maxLines: Int
    private var keptLines = 0
    private var dropped = 0

    init(maxLineBytes: Int, maxLines: Int) {
        self.maxLineBytes = maxLineBytes
        self.maxLines = maxLines
    }

    /// Lines that came after the `maxLines` kept ones.
    var droppedLines: Int { lock.withLock { dropped } }

    /// Called by the reader thread with each chunk.
    func append(_ chunk: UnsafeBufferPointer<UInt8>) {
        var signals = 0
        lock.lock()
        if !overlong {
            for byte in chunk {
                if byte == 0x0A {
                    if keptLines < maxLines {
                        lines.append(partial)
                        keptLines += 1
                        signals += 1
                    } else {
                        dropped += 1
                    }
                    partial = []
                } else if keptLines >= maxLines {
                    continue
                } else {
                    partial.append(byte)
                    if partial.count > maxLineBytes {
                        overlong = true
                        partial = []
                        signals += 1
                        break
                    }
                }
            }
        }
        lock.unlock()
        for _ in 0..<signals { available.signal() }
    }

    /// Called by the reader thread at the end of the stream.
    func finish() {
        lock.lock()
        if !partial.isEmpty {
            if keptLines < maxLines {
                lines.append(partial)
                keptLines += 1
                available.signal()
            } else {
                dropped += 1
            }
            partial = []
        }
        ended = true
        lock.unlock()
        available.signal()
    }

    /// The next line, the end, or a timeout after `seconds`.
    func next(seconds: Double) -> Event {
        let deadline = DispatchTime.now() + seconds
        while true {
            lock.lock()
            if !lines.isEmpty {
                let line = lines.removeFirst()
                lock.unlock()
                return .line(line)
            }
            if overlong {
                lock.unlock()
                return .tooLong
            }
            if ended {
                lock.unlock()
                available.signal()  // keep the end visible to later calls
                return .end
            }
            lock.unlock()
            if available.wait(timeout: deadline) == .timedOut { return .timeout }
        }
    }
}
