@_spi(ChatPayloadsInternal) import ChatPayloads
import JSONCore

/// The pieces of the library's ``PayloadCheck`` that `store import`'s ``ImportChecker`` (and
/// `convert`) use on their own, on the CLI's ``PayloadResult``: forwarding only.
extension PayloadChecker {
    /// A payload whose schema cannot be used (``PayloadCheck/markSchemaError(_:into:)``).
    static func markSchemaError(_ failure: SchemaFailure, into result: inout PayloadResult) {
        PayloadCheck.markSchemaError(failure.unavailable, into: &result.checked)
    }

    /// A validator's report taken into `result`, positions in the input.
    func absorb(_ report: PayloadReport, into result: inout PayloadResult) {
        rules.absorb(report, into: &result.checked)
    }

    /// A YAML document's issues located at their values.
    static func locate(_ result: inout PayloadResult, in document: YAMLInstance.Document) {
        PayloadCheck.locate(&result.checked, in: document)
    }

    /// The models a sent message carries (``PayloadCheck/sentMessageModels(_:in:)``).
    static func sentMessageModels(_ shape: PayloadShape, in value: JSONValue) -> [(pointer: JSONPointer, schema: BundledSchema, value: JSONValue)] {
        PayloadCheck.sentMessageModels(shape, in: value)
    }

    /// A sent message's models validated; true when one is invalid (`result` marked).
    func markSentMessageModels(
        _ shape: PayloadShape, in value: JSONValue, at pointer: JSONPointer, memo: inout ValidatorMemo, into result: inout PayloadResult,
        position: (JSONPointer) -> (line: Int, column: Int)?
    ) -> Bool {
        rules.markSentMessageModels(shape, in: value, at: pointer, context: &memo, into: &result.checked, position: position)
    }

    /// ``markSentMessageModels(_:in:at:memo:into:position:)`` for JSON text at `place`.
    func markSentMessageModels(
        _ shape: PayloadShape, text: [UInt8], place: PayloadPlace, memo: inout ValidatorMemo, into result: inout PayloadResult
    ) -> Bool {
        guard case .envelope(.sentMessage, _) = shape,
              let (document, position) = PayloadCheck.parsed(text, place: place, label: result.label, options: rules.detectionOptions)
        else { return false }
        return markSentMessageModels(shape, in: document.root, at: place.pointer, memo: &memo, into: &result, position: position)
    }
}
