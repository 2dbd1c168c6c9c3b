import ChatPayloads
import JSONCore

/// `--emit valid|invalid`: passes the original payloads of one verdict through to standard
/// output, one per line, as their verdicts arrive, so one run splits a dataset into its clean
/// and quarantined parts.
///
/// Payloads are remembered in the order they are queued and matched to results in the order
/// results are delivered (the same order: input order), so at most the payloads in flight are
/// held. An NDJSON line is written exactly as read (a `\r\n` line end stays `\r\n`); a payload that spans lines (a whole file or
/// an array element) is written on one line with its raw line breaks turned into spaces (JSON
/// text can hold them only as whitespace, so the value is unchanged); a YAML document as compact
/// JSON. A payload whose text was never read (over `max-bytes`, or an input that could not be
/// opened) cannot be passed through: it is counted in ``missing`` and said at the end.
final class PayloadEmitter {
    let verdict: EmittedVerdict
    private let out: OutputSink
    private var pending: [[UInt8]?] = []
    private var head = 0
    /// Payloads of the emitted verdict whose text was never read, so not written.
    private(set) var missing = 0
    /// Payloads written.
    private(set) var written = 0

    init(verdict: EmittedVerdict, out: OutputSink) {
        self.verdict = verdict
        self.out = out
    }

    /// Remembers the text of the payload just queued (nil when there is none).
    func queued(_ payload: WorkItem.Payload, label: PayloadLabel) {
        switch payload {
        case .bytes(let bytes):
            if case .line = label {
                pending.append(bytes)
            } else {
                pending.append(bytes.map { $0 == 0x0A || $0 == 0x0D ? 0x20 : $0 })
            }
        case .yaml(let document):
            pending.append(Array(JSONWriter.string(document.value).utf8))
        case .failure:
            pending.append(nil)
        }
    }

    /// Writes the oldest remembered payload when `result` has the emitted verdict.
    func delivered(_ result: PayloadResult) {
        guard head < pending.count else { return }
        let bytes = pending[head]
        pending[head] = nil
        head += 1
        if head >= 1_024 {
            pending.removeFirst(head)
            head = 0
        }
        let emitted = verdict == .valid ? result.outcome == .valid : result.outcome != .valid
        guard emitted else { return }
        guard let bytes else {
            missing += 1
            return
        }
        out.write(bytes: bytes)
        out.write("\n")
        written += 1
    }
}
