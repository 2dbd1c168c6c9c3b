#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser
import ChatPayloads
import Foundation

/// `chatpayloads interop check --run CMD`: runs another platform's decode-and-re-encode command
/// on every codec vector and classifies each (agrees, dropped, lenient, lossy, failed).
struct InteropCheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Run another platform's decoder on every codec vector and explain each disagreement.",
        discussion: """
            CMD runs under /bin/sh once per vector: {file} becomes the payload's path (without \
            it the payload comes on standard input), {kind} its kind (user, channel, member, \
            message, message-action), {id} the vector's id, each as one single-quoted word \
            (write {file}, not '{file}'); CHATPAYLOADS_KIND, CHATPAYLOADS_VECTOR and \
            CHATPAYLOADS_PROFILE are set. A vector id is 1 to 128 of A-Z a-z 0-9 . _ - (not \
            starting with a dot); a --vectors directory with another id is refused. Payload \
            files are written to a new private temporary folder, removed at the end. Accepting \
            = exit status 0 with the re-encoded payload (JSON) on standard output; rejecting = \
            a non-zero exit status or no output; exit status 126 or 127 (the shell's "command \
            not found") is failed, not rejected.

            When the command exits, its process group is killed, and on Linux so are the \
            descendants that left the group but kept CHATPAYLOADS_INTEROP_PROCESS in their \
            environment. SIGINT and SIGTERM do the same, remove the temporary folder and end \
            the run (status 130 or 143).

            With --batch CMD runs once: each vector is a line {"id","kind","payload"} on its \
            standard input, and it answers each with a line {"id","payload"} or {"id","error"}, \
            in order (flush after each line). A vector not answered within --timeout is \
            reported as timed out, a command that dies as crashed; the process group is killed \
            and a new process takes the vectors after it. An answer line may be at most 1 MiB \
            (or 16 times the longest request); lines after the last answer are counted and \
            dropped.

            Classes: agrees; dropped (rejected a payload the profile accepts); lenient \
            (accepted a payload the profile rejects); lossy (the re-encoding loses or changes \
            data, or the profile rejects it); failed (crashed, timed out, out of protocol, \
            command not found). Harmless differences (1.0 written as 1, the same instant with \
            +00:00, a default left out) are notes, shown with --verbose.

            EXIT STATUS:
              0   every vector agrees (or is in a class --allow accepts)
              1   some vector disagrees
              2   the --vectors directory cannot be read or has an unsafe vector id,
                  or one of its files leads outside it (a symbolic link: refused),
                  or -o FILE cannot be written or is one of the vector files
              3   a bundled schema does not compile
              64  usage error
            """)

    @Option(name: .customLong("run"), help: ArgumentHelp("The decode-and-re-encode command (run by /bin/sh).", valueName: "cmd"))
    var decoder: String

    @Flag(name: .long, help: "Run the command once, NDJSON requests on standard input, NDJSON answers on standard output.")
    var batch = false

    @Option(name: .long, help: "The profile whose verdicts count: compat, standard or strict.")
    var profile: ProfileName = .standard

    @Option(name: .long, help: ArgumentHelp("Seconds one vector may take before the command is killed.", valueName: "seconds"))
    var timeout: Double = 10

    @Option(name: .long, help: ArgumentHelp("A class that does not fail the run: dropped, lenient, lossy or failed (repeatable).", valueName: "class"))
    var allow: [VectorResult.Classification] = []

    @Option(name: .long, help: ArgumentHelp("Only vectors of this kind (repeatable): user, channel, member, message, message-action.", valueName: "kind"))
    var kind: [String] = []

    @Option(name: .long, help: ArgumentHelp("Read the vectors from this directory (vectors.json and payloads/) instead of the built-in ones.", valueName: "dir"))
    var vectors: String?

    @Option(name: .long, help: "Output format: text, json, junit, github or sarif.")
    var reporter: InteropReporterKind = .text

    @Option(name: .shortAndLong, help: ArgumentHelp("Write the report to this file (the summary line still goes to standard output).", valueName: "file"))
    var output: String?

    @Flag(name: .shortAndLong, help: "Show harmless notes and agreeing vectors too.")
    var verbose = false

    func validate() throws {
        guard !decoder.trimmingCharacters(in: .whitespaces).isEmpty else { throw UsageError("--run needs a command") }
        guard timeout.isFinite, timeout > 0, timeout <= 86_400 else { throw UsageError("--timeout must be a number of seconds above 0 (at most 86400)") }
        if allow.contains(.agrees) { throw UsageError("--allow takes dropped, lenient, lossy or failed") }
        for k in kind where CodecVectorKind(rawValue: k) == nil {
            throw UsageError("unknown --kind \(k); expected one of \(CodecVectorKind.allCases.map(\.rawValue).joined(separator: ", "))")
        }
    }

    mutating func run() throws {
        let loaded: VectorSource.Loaded
        switch VectorSource.load(directory: vectors) {
        case .success(let l): loaded = l
        case .failure(let error):
            Terminal.diagnose("error: \(error.message)")
            throw error.status.exitCode
        }
        if let output, let vectors {
            let inputs = [vectors + "/vectors.json"] + loaded.vectors.map { vectors + "/" + $0.payloadPath }
            if let input = OutputOverwriteGuard.path(overwrittenBy: output, among: inputs) {
                Terminal.diagnose(TextReporter.displayable(OutputOverwriteGuard.message(output: output, input: input)))
                throw ExitStatus.unreadable.exitCode
            }
        }
        let kinds = Set(kind.compactMap(CodecVectorKind.init(rawValue:)))
        let selected = loaded.vectors.filter { kinds.isEmpty || kinds.contains($0.kind) }
        let classifier: CodecVectorClassifier
        do throws(ChatPayloadsError) {
            classifier = try CodecVectorClassifier(profile: profile)
        } catch {
            Terminal.diagnose("error: \(error.description)")
            throw ExitStatus.schemaOrConfig.exitCode
        }
        let command = DecoderCommand(template: decoder, profile: profile, timeout: timeout)
        let started = Date()
        let responses = try responses(for: selected, command: command)
        let allowed = Set(allow)
        let entries = zip(selected, responses).map { vector, response in
            let result = classifier.classify(vector, response: response)
            return InteropReport.Entry(
                vector: vector, result: result, allowed: result.classification == .agrees || allowed.contains(result.classification),
                payloadPath: "\(loaded.directory)/\(vector.payloadPath)")
        }
        let report = InteropReport(
            profile: profile, command: decoder, entries: entries, version: ChatPayloadsCommand.version, seconds: Date().timeIntervalSince(started))
        try write(report)
        if report.status != .success { throw report.status.exitCode }
    }

    private func responses(for vectors: [CodecVector], command: DecoderCommand) throws -> [DecoderResponse] {
        if batch { return BatchRunner(command: command).run(vectors) }
        // A folder only this user can enter, made new (mkdtemp): nothing in it can be a link
        // planted in advance, and it goes when the run ends or is interrupted.
        var template = Array((FileManager.default.temporaryDirectory.path + "/chatpayloads-interop-XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ buffer in buffer.baseAddress.flatMap { mkdtemp($0) } }) else {
            Terminal.diagnose("error: cannot create a directory for the payload files: \(String(cString: strerror(errno)))")
            throw ExitStatus.unreadable.exitCode
        }
        let directory = String(cString: made)
        InterruptCleanup.shared.removeFolderOnInterrupt(directory)
        defer {
            try? FileManager.default.removeItem(atPath: directory)
            InterruptCleanup.shared.forget(directory)
        }
        let runner = FileModeRunner(command: command, directory: directory)
        return vectors.map { runner.run($0) }
    }

    private func write(_ report: InteropReport) throws {
        let text = reporter.render(report, verbose: verbose)
        guard let output else {
            Terminal.standardOutput.write(text)
            Terminal.standardOutput.flush()
            return
        }
        switch OutputSink.file(atPath: output) {
        case .success(let sink):
            sink.write(text)
            sink.close()
            if let error = sink.writeError {
                Terminal.diagnose("error: \(TextReporter.displayable(output)): cannot write the report: \(error)")
                throw ExitStatus.unreadable.exitCode
            }
        case .failure(let error):
            Terminal.diagnose("error: \(TextReporter.displayable(error.description))")
            throw ExitStatus.unreadable.exitCode
        }
        Terminal.standardOutput.write(report.summaryLine + "\n")
        Terminal.standardOutput.flush()
    }
}
