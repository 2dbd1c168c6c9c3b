import Foundation

/// The progress line of long runs (`validate`, `normalize`, `convert`, `store import`) on
/// standard error: `validate: 1,204,311 payloads, 812.4 MB of 2.0 GB (40%), 96.1 MB/s, ETA 0:12`,
/// redrawn in place at most ten times a second.
///
/// Shown only when standard error is a terminal, `--quiet` is not given and the work has gone on
/// for ``delay`` (1 s; `CHATPAYLOADS_PROGRESS_AFTER_MS` changes it, for tests); never in pipes or
/// files. Plain text always (no colour), so `NO_COLOR` has nothing to turn off.
///
/// Single-threaded: call it from the thread that reads or delivers. Output of the run that goes to
/// the same terminal must not tear the line: give the sinks the run writes to as `flushing`
/// (flushed before each redraw) and call ``settle()`` after each step that may write to them, or
/// ``clear()`` before writing straight to the terminal.
package final class ProgressLine {
    /// How long the work runs before the line appears.
    package let delay: Duration
    /// The least time between two redraws.
    package static let interval: Duration = .milliseconds(100)

    private let task: String
    private let totalBytes: Int?
    private let err: OutputSink
    private let flushing: [OutputSink]
    private let clock = ContinuousClock()
    private let start: ContinuousClock.Instant
    private var lastDraw: ContinuousClock.Instant?
    private var items = 0
    private var bytes = 0
    private var shown = false

    /// A line for `task`, or nil when none may be shown (`quiet`, or standard error is not a terminal).
    /// `totalBytes` is only worked out when there is a line to show (it looks at every input).
    package static func make(task: String, quiet: Bool, totalBytes: @autoclosure () -> Int?, flushing: [OutputSink]) -> ProgressLine? {
        guard !quiet, Terminal.isTerminal(2) else { return nil }
        var delay = Duration.seconds(1)
        if let text = ProcessInfo.processInfo.environment["CHATPAYLOADS_PROGRESS_AFTER_MS"], let ms = Int(text), ms >= 0 {
            delay = .milliseconds(ms)
        }
        return ProgressLine(task: task, totalBytes: totalBytes(), delay: delay, err: Terminal.standardError, flushing: flushing)
    }

    package init(task: String, totalBytes: Int?, delay: Duration, err: OutputSink, flushing: [OutputSink]) {
        self.task = task
        self.totalBytes = totalBytes
        self.delay = delay
        self.err = err
        self.flushing = flushing
        start = clock.now
    }

    /// The size of the named regular files together, or nil when some input's size is unknown
    /// (standard input, a pipe): then the line has no percentage and no ETA.
    package static func totalBytes(of inputs: [InputFile]) -> Int? {
        var total = 0
        for input in inputs {
            guard case .path(let path) = input.source,
                  let attributes = try? FileManager.default.attributesOfItem(atPath: path),
                  attributes[.type] as? FileAttributeType == .typeRegular,
                  let size = attributes[.size] as? NSNumber
            else { return nil }
            total += size.intValue
        }
        return total
    }

    /// One payload of `bytes` bytes (its separator counted too) was read; redraws when due.
    package func read(bytes count: Int) {
        items += 1
        bytes += count + 1
        let now = clock.now
        guard now - start >= delay else { return }
        if let lastDraw, now - lastDraw < Self.interval { return }
        lastDraw = now
        for sink in flushing { sink.flush() }
        let seconds = Self.seconds(now - start)
        err.write("\r\u{1B}[K" + Self.text(task: task, items: items, bytes: bytes, totalBytes: totalBytes, seconds: seconds))
        err.flush()
        shown = true
    }

    /// After a step that may have written report text: when some terminal sink holds text, the
    /// line is cleared and the text written, so it never lands on the line's end.
    package func settle() {
        guard shown, flushing.contains(where: { $0.isTerminal && $0.hasPendingOutput }) else { return }
        clear()
        for sink in flushing { sink.flush() }
    }

    /// Takes the line off the screen (before other output to the terminal); the next redraw puts it back.
    package func clear() {
        guard shown else { return }
        err.write("\r\u{1B}[K")
        err.flush()
        shown = false
    }

    /// Ends the line: cleared, so the report's last lines stand alone.
    package func finish() { clear() }

    // MARK: - The text

    /// `task: N payloads, X of Y (P%), R/s, ETA m:ss` (the parts that are known).
    package static func text(task: String, items: Int, bytes: Int, totalBytes: Int?, seconds: Double) -> String {
        var parts = ["\(grouped(items)) payload\(items == 1 ? "" : "s")"]
        let rate = seconds > 0 ? Double(bytes) / seconds : 0
        if let totalBytes, totalBytes > 0 {
            let percent = min(100, bytes * 100 / totalBytes)
            parts.append("\(size(bytes)) of \(size(totalBytes)) (\(percent)%)")
            parts.append("\(size(Int(rate)))/s")
            if rate > 0, bytes < totalBytes {
                parts.append("ETA \(duration(Double(totalBytes - bytes) / rate))")
            }
        } else {
            parts.append(size(bytes))
            parts.append("\(size(Int(rate)))/s")
        }
        return "\(task): " + parts.joined(separator: ", ")
    }

    /// `1,204,311`.
    package static func grouped(_ n: Int) -> String {
        let digits = String(n.magnitude)
        var out = ""
        for (i, c) in digits.enumerated() {
            if i > 0, (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(c)
        }
        return n < 0 ? "-" + out : out
    }

    /// `812 B`, `4.2 KB`, `812.4 MB`, `2.0 GB` (powers of 1000).
    package static func size(_ n: Int) -> String {
        let units = ["B", "KB", "MB", "GB", "TB"]
        var value = Double(max(0, n))
        var unit = 0
        while value >= 1000, unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        return unit == 0 ? "\(Int(value)) B" : String(format: "%.1f ", value) + units[unit]
    }

    /// `0:07`, `12:30`, `2:05:00`.
    package static func duration(_ seconds: Double) -> String {
        let total = seconds.isFinite ? Int(min(seconds.rounded(.up), 359_999)) : 359_999
        let h = total / 3600, m = (total % 3600) / 60, s = total % 60
        return h > 0 ? String(format: "%d:%02d:%02d", h, m, s) : String(format: "%d:%02d", m, s)
    }

    package static func seconds(_ d: Duration) -> Double {
        Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
    }
}
