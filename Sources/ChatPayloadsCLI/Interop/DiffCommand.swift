import ArgumentParser
import ChatPayloads
import JSONCore

/// `chatpayloads diff A B`: the semantic comparison of `interop check` for two payload files
/// (or two NDJSON streams, line by line), for a payload as each platform wrote it.
struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare two payloads (or NDJSON streams line by line) semantically and explain each difference.",
        discussion: """
            Numbers compare exactly (1e2 is 100, 16526940800000001 is not 16526940800000000), \
            dates as instants, ids case-sensitively; key order, whitespace and escapes never \
            count. Each difference is printed as `pointer: explanation` (with `line N: ` for \
            NDJSON). Harmless differences (the same number or instant written another way, a \
            default left out) are notes, shown with --verbose. With --kind (or auto, by shape) \
            each side is also decoded with the Swift codec: a side that does not decode is a \
            difference.

            EXAMPLES:
              chatpayloads diff ios.json android.json
              chatpayloads diff --kind message web.ndjson ios.ndjson

            EXIT STATUS:
              0   no difference that matters
              1   some difference matters
              2   an input cannot be read, is not JSON, or is over a limit of the config
              3   config error
              64  usage error
            """)

    @Argument(help: ArgumentHelp("The reference payload file (- for standard input).", valueName: "A"))
    var a: String

    @Argument(help: ArgumentHelp("The payload file to compare with it.", valueName: "B"))
    var b: String

    @Option(name: .shortAndLong, help: "The payload kind: auto (by shape), user, channel, member, message (the message payload), message-action.")
    var kind: PayloadKindArgument = .auto

    @Flag(name: .long, help: "Read both inputs as NDJSON (default: by extension, .ndjson or .jsonl).")
    var ndjson = false

    @Flag(name: .shortAndLong, help: "Show harmless notes too.")
    var verbose = false

    @OptionGroup var schemaOptions: SchemaOptions

    func validate() throws {
        if a == "-" && b == "-" { throw UsageError("only one of A and B can be standard input") }
        try kind.require(PayloadKindArgument.payloadKinds, by: "diff")
    }

    mutating func run() throws {
        let (_, profile) = try LoadedConfig.profileOrExit(for: schemaOptions)
        let left = DiffInput.records(a, ndjson: ndjson, profile: profile)
        let right = DiffInput.records(b, ndjson: ndjson, profile: profile)
        let out = Terminal.standardOutput
        var status = ExitStatus.success
        var mattering = 0
        var notes = 0
        var unread = 0
        let multi = left.count > 1 || right.count > 1 || left.first?.label != .whole || right.first?.label != .whole
        for index in 0..<max(left.count, right.count) {
            let place = multi ? "line \(DiffInput.lineNumber(left, right, index)): " : ""
            guard index < left.count, index < right.count else {
                let (longer, name) = index < left.count ? (left, a) : (right, b)
                out.write("\(place)only in \(TextReporter.displayable(name)) (\(longer[index].label.text))\n")
                mattering += 1
                continue
            }
            switch (left[index].document, right[index].document) {
            case (.failure(let message), _), (_, .failure(let message)):
                Terminal.diagnose("\(place)error: \(TextReporter.displayable(message.description))")
                status = max(status, .unreadable)
                unread += 1
            case (.success(let da), .success(let db)):
                var differences = PayloadComparison.compare(expected: da, actual: db)
                differences += DiffInput.decodeDifferences(da, db, kind: kind.kind)
                for d in differences where d.matters || verbose {
                    out.write("\(place)\(d.matters ? "" : "note: ")\(TextReporter.displayable(d.description))\n")
                }
                mattering += differences.filter(\.matters).count
                notes += differences.filter { !$0.matters }.count
            }
        }
        let noteText = notes == 0 ? "" : " (\(notes) harmless note\(notes == 1 ? "" : "s")\(verbose ? "" : ", --verbose shows them"))"
        // Never "no differences" when a payload could not be read: nothing was compared there.
        let notCompared = unread == 0 ? "" : "\(mattering == 0 ? "" : "; ")\(unread) payload\(unread == 1 ? "" : "s") not compared (could not be read)"
        if mattering == 0 && unread > 0 {
            out.write("\(notCompared)\(noteText)\n")
        } else {
            out.write(mattering == 0 ? "no differences\(noteText)\n" : "\(mattering) difference\(mattering == 1 ? "" : "s")\(noteText)\(notCompared)\n")
        }
        out.flush()
        if mattering > 0 { status = max(status, .invalid) }
        if status != .success { throw status.exitCode }
    }
}

/// Reading `diff`'s inputs and decoding each side.
enum DiffInput {
    struct Record {
        var label: PayloadLabel
        var document: Result<JSONDocument, DiffReadError>
    }

    struct DiffReadError: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    /// Every payload of `path` (one, or one per NDJSON line), read under `profile`'s limits as
    /// `validate` reads it.
    static func records(_ path: String, ndjson: Bool, profile: Profile) -> [Record] {
        let format: InputFormat = ndjson ? .ndjson : (path == "-" ? .json : InputFormat.forPath(path))
        let input = InputFile(displayPath: path == "-" ? "<stdin>" : path, source: path == "-" ? .standardInput : .path(path), format: format, problem: nil)
        var records: [Record] = []
        PayloadReader.readParsed(input, profile: profile) { label, parsed, _ in
            switch parsed {
            case .failure(let f):
                let place = f.line.map { "\(input.displayPath):\($0):\(f.column ?? 1)" }
                    ?? (label == .whole ? input.displayPath : "\(input.displayPath) (\(label.text))")
                records.append(Record(label: label, document: .failure(DiffReadError(message: "\(place): \(f.message)"))))
            case .success(.json(let document)):
                records.append(Record(label: label, document: .success(document)))
            case .success(.yaml(let document)):
                // YAML has no number spellings: compare its values, written as JSON.
                let bytes = JSONWriter.bytes(document.value)
                records.append(Record(label: label, document: Result { () throws(JSONParseError) in try JSONParser.parse(bytes) }
                    .mapError { DiffReadError(message: "\(input.displayPath): \($0.message)") }))
            }
        }
        return records
    }

    /// The NDJSON line number of record `index` (A's, else B's).
    static func lineNumber(_ left: [Record], _ right: [Record], _ index: Int) -> String {
        let label = index < left.count ? left[index].label : right[index].label
        if case .line(let n) = label { return String(n) }
        return String(index + 1)
    }

    /// When `kind` (or the shape of A) names a payload kind: a difference for a side the Swift
    /// codec cannot decode while the other decodes.
    static func decodeDifferences(_ a: JSONDocument, _ b: JSONDocument, kind option: ChatPayloadKind?) -> [PayloadDifference] {
        let kind: CodecVectorKind?
        switch option {
        case nil: kind = PayloadValidator.detectSchema(a.root).flatMap(CodecVectorKind.init(schema:))
        case .user?: kind = .user
        case .channel?: kind = .channel
        case .member?: kind = .member
        case .messagePayload?: kind = .message
        case .messageAction?: kind = .messageAction
        case _?: kind = nil
        }
        guard let kind else { return [] }
        switch (kind.roundTrip(a), kind.roundTrip(b)) {
        case (.success, .failure(let f)):
            return [PayloadDifference(pointer: .root, kind: .typeChanged, explanation: "B is not a readable \(kind.rawValue) (A is): \(f.message)")]
        case (.failure(let f), .success):
            return [PayloadDifference(pointer: .root, kind: .typeChanged, explanation: "A is not a readable \(kind.rawValue) (B is): \(f.message)")]
        default:
            return []
        }
    }
}
