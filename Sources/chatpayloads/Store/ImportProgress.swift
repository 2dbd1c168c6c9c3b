import Foundation

/// The progress bar of `store import` on standard error: only when standard error is a
/// terminal, the input is large (``threshold`` bytes) and `--quiet` is not given; plain (no
/// colour) when `NO_COLOR` is set. Redrawn at most ten times a second.
final class ImportProgress {
    /// Inputs smaller than this (in bytes, all files together) get no bar.
    static let threshold = 4 << 20

    private let total: Int
    private let err = Terminal.standardError
    private let style: Style
    private var done = 0
    private var payloads = 0
    private var lastDraw = ContinuousClock.now
    private var drawn = false

    /// A bar for `totalBytes` of input, or nil when none should be shown.
    static func make(totalBytes: Int, quiet: Bool, colour: ColorMode) -> ImportProgress? {
        guard !quiet, Terminal.isTerminal(2), totalBytes >= threshold else { return nil }
        return ImportProgress(total: totalBytes, style: Style(enabled: colour.enabled(onTerminal: true)))
    }

    private init(total: Int, style: Style) {
        self.total = total
        self.style = style
    }

    /// One payload of `bytes` bytes (plus its separator) read.
    func advance(bytes: Int) {
        done += bytes + 1
        payloads += 1
        guard payloads & 255 == 0 else { return }
        let now = ContinuousClock.now
        guard now - lastDraw >= .milliseconds(100) else { return }
        lastDraw = now
        draw()
    }

    private func draw() {
        let fraction = min(1, Double(done) / Double(max(1, total)))
        let width = 30
        let filled = Int(fraction * Double(width))
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        err.write("\r" + style.note("[\(bar)]") + " \(Int(fraction * 100))% \(payloads) payloads")
        err.flush()
        drawn = true
    }

    /// Clears the bar.
    func finish() {
        guard drawn else { return }
        err.write("\r\u{1B}[K")
        err.flush()
    }
}
