import ChatPayloads
import ChatPayloadsCLI
@_spi(ChatStoreCLI) import ChatStore

/// A payload `store import` checked: its verdict and, when valid, its row.
struct ImportChecked: Sendable {
    var result: PayloadResult
    var write: IngestedRecord?
}

/// Checks a chunk of payloads for `store import` on a worker thread of ``ParallelRunner``
/// (``ImportChecker`` for each, with the validators and scratch kept across the chunk).
struct ImportChunkChecker: PayloadChunkChecker {
    let checker: PayloadChecker
    let kind: ChatPayloadKind?
    let profile: Profile
    let decoding: ChatDecodingOptions

    func check(_ items: [WorkItem]) -> [ImportChecked] {
        var one = ImportChecker(checker: checker, kind: kind, profile: profile, decoding: decoding)
        return items.map { item in
            let (result, write) = one.check(item.payload, label: item.label, inputIndex: item.inputIndex, recordIndex: item.recordIndex)
            return ImportChecked(result: result, write: write)
        }
    }

    func independentCopy() -> ImportChunkChecker {
        ImportChunkChecker(checker: checker.independentCopy(), kind: kind, profile: profile, decoding: decoding)
    }
}
