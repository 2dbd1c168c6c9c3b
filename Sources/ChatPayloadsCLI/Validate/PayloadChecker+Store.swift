import ChatPayloads
import JSONCore

/// The pieces of the library's ``PayloadCheck`` that `store import`'s ``ImportChecker`` (and
/// `convert`) use on their own, on the CLI's ``PayloadResult``: forwarding only. A sent
/// message's verdict is the library's (``PayloadCheck/judgeSentMessage(_:text:content:context:position:)``),
/// taken in with ``PayloadCheck/absorb(_:into:)-(SentMessageVerdict,_)``.
extension PayloadChecker {
    /// A payload whose schema cannot be used (``PayloadCheck/markSchemaError(_:into:)``).
    package static func markSchemaError(_ failure: SchemaFailure, into result: inout PayloadResult) {
        PayloadCheck.markSchemaError(failure.unavailable, into: &result.checked)
    }

    /// A YAML document's issues located at their values.
    package static func locate(_ result: inout PayloadResult, in document: YAMLInstance.Document) {
        PayloadCheck.locate(&result.checked, in: document)
    }
}
