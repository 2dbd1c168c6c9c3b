import ArgumentParser
import ChatPayloads
import ChatPayloadsCLI
@_spi(ChatStoreCLI) import ChatStore
import JSONCore

/// `chatpayloads store apply`: real-time changesets (NDJSON `set` event envelopes) patched
/// into the store with the eTag/updated rule.
struct StoreApplyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "apply",
        abstract: "Apply real-time changesets (NDJSON set events) to the stored rows.",
        discussion: """
            Each line is an App Context event envelope {"event": "set", "type": "uuid" | \
            "channel" | "membership", "data": {...}}. A changeset applies when it is newer than \
            the stored row (by updated, then eTag), as the native patchers decide; one that is \
            not newer is counted as not applied. A changeset whose row is not stored, a delete \
            event, and a line that is not a readable envelope are reported as \
            `path:line:col: error: ...`; the other lines are still applied.

            EXAMPLES:
              chatpayloads store apply --db chat.sqlite events.ndjson
              tail -f events.ndjson | chatpayloads store apply --db chat.sqlite -

            EXIT STATUS:
              0   every changeset was applied or was not newer
              1   some changeset names a row that is not stored, or is a delete event
              2   some input or line could not be read, is not JSON, or is not an envelope
              3   config error, or the store cannot be opened or written
              64  usage error
            """)

    @Argument(help: ArgumentHelp("NDJSON files of event envelopes, or - (default: piped standard input).", valueName: "path"))
    var paths: [String] = []

    @OptionGroup var database: StoreDatabaseOptions

    @OptionGroup var schemaOptions: SchemaOptions

    @Flag(name: .shortAndLong, help: "Print errors only, no summary line.")
    var quiet = false

    mutating func run() throws {
        let (config, profile) = try LoadedConfig.profileOrExit(for: schemaOptions)
        let store = try database.open(config: .loaded(config?.config))
        var applied = 0
        var notNewer = 0
        var missing = 0
        var rejected = 0
        var storeError: ChatStoreError?
        let runner = TransformRunner(paths: paths, format: .ndjson, pretty: false, profile: profile)
        let status = runner.run(emitting: false) { value, document, offset in
            guard storeError == nil else { return .success(.null) }
            let envelope: PatchEnvelope<AnyJSONCustomData>
            do throws(ChatDecodingError) {
                if let document {
                    envelope = try PatchEnvelope<AnyJSONCustomData>.decode(from: document)
                } else {
                    envelope = try PatchEnvelope<AnyJSONCustomData>.decode(from: value)
                }
            } catch {
                rejected += 1
                var failure = TransformFailure.decoding(document.map { error.located(in: $0) } ?? error, lineOffset: offset)
                failure.unreadable = true
                return .failure(failure)
            }
            do throws(ChatStoreError) {
                if try store.applyBlocking(envelope.change).isApplied { applied += 1 } else { notNewer += 1 }
                return .success(.null)
            } catch {
                switch error.kind {
                case .missingRow, .invalidArgument:
                    missing += 1
                    return .failure(TransformFailure(message: error.message, line: 1 + offset, column: 1, unreadable: false))
                default:
                    storeError = error
                    return .success(.null)
                }
            }
        }
        if let storeError { throw StoreFailure.exit(storeError) }
        if !quiet {
            Terminal.standardOutput.write("store: \(applied) applied, \(notNewer) not newer (kept), \(missing) not applicable (row not stored, or a delete), \(rejected) unreadable\n")
            Terminal.standardOutput.flush()
        }
        do throws(ChatStoreError) { try store.close() } catch { throw StoreFailure.exit(error) }
        if status != .success { throw status.exitCode }
    }
}
