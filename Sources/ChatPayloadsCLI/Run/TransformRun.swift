import ChatPayloads
import JSONCore

/// The transforms' plan for the run loop (``RunLoop``): each payload read as `validate` reads
/// it, parsed under the profile's limits (``TransformParser``), then transformed, in input
/// order, and printed; a problem goes to standard error as `path:line:col: error: message`.
final class TransformRun: RunPlan {
    let checker: TransformParser
    private let inputs: [InputFile]
    /// How a transformed value is printed; nil prints nothing (only the problems).
    private let output: JSONWriter.Options?
    private let progress: ProgressLine?
    private let transform: (ParsedPayload, PayloadLabel) -> Result<JSONValue, TransformFailure>
    private let out = Terminal.standardOutput
    private let err = Terminal.standardError
    /// The exit status the problems so far call for.
    private(set) var status = ExitStatus.success

    init(
        checker: TransformParser, inputs: [InputFile], output: JSONWriter.Options?, progress: ProgressLine?,
        transform: @escaping (ParsedPayload, PayloadLabel) -> Result<JSONValue, TransformFailure>
    ) {
        self.checker = checker
        self.inputs = inputs
        self.output = output
        self.progress = progress
        self.transform = transform
    }

    func feed(_ input: InputFile, index: Int, into runner: ParallelRunner<TransformParser>, idle: (() -> Void)?) {
        _ = runner.enqueuePayloads(of: input, inputIndex: index, maxBytes: checker.profile.maxBytes, idle: idle, progress: progress)
    }

    func deliver(_ reads: [ParsedRead], _ range: Range<Int>) {
        for k in range {
            defer { progress?.settle() }
            let read = reads[k]
            guard inputs.indices.contains(read.inputIndex) else { continue }
            let input = inputs[read.inputIndex]
            switch read.parsed.flatMap({ transform($0, read.label) }) {
            case .success(let value):
                guard let output else { continue }
                out.write(JSONWriter.string(value, options: output) + "\n")
            case .failure(let failure):
                report(failure, input: input, label: read.label)
            }
        }
    }

    func inputDone(_ index: Int) {}

    /// Writes `failure` to standard error, located in `input`, and raises the exit status.
    private func report(_ failure: TransformFailure, input: InputFile, label: PayloadLabel) {
        let place: String
        if let line = failure.line {
            place = "\(input.displayPath):\(line):\(failure.column ?? 1)"
        } else if label != .whole {
            place = "\(input.displayPath): \(label.text)"
        } else {
            place = input.displayPath
        }
        progress?.clear()
        err.write("\(place): error: \(failure.message)\n")
        err.flush()
        status = max(status, failure.unreadable ? .unreadable : .invalid)
        BrokenPipeStatus.shared.raise(to: status.rawValue)
    }
}

/// A payload as the transforms read it: parsed, or why it could not be.
struct ParsedRead: Sendable {
    let inputIndex: Int
    let label: PayloadLabel
    let parsed: Result<ParsedPayload, TransformFailure>
}

/// The transforms' judge for the run loop: each payload parsed under the profile's limits
/// (``PayloadReader/parsed(_:label:profile:options:)``, as ``PayloadReader/readParsed(_:profile:readsAsValidate:_:)``
/// parses it), the failure located in the input.
struct TransformParser: PayloadChunkChecker {
    let profile: Profile
    let options: JSONParseOptions

    func check(_ items: [WorkItem]) -> [ParsedRead] {
        items.map { item in
            let record: PayloadReader.Payload
            switch item.payload {
            case .bytes(let bytes): record = .bytes(bytes)
            case .yaml(let document): record = .yaml(document)
            case .failure(let issue, _): record = .failure(issue)
            }
            return ParsedRead(
                inputIndex: item.inputIndex, label: item.label, parsed: PayloadReader.parsed(record, label: item.label, profile: profile, options: options))
        }
    }

    func independentCopy() -> TransformParser { self }
}
