import JSONCore

/// What another platform's decode-and-re-encode command did with one codec vector.
package enum DecoderResponse: Sendable {
    /// It accepted the payload and wrote this re-encoding (the payload is at `at` in `document`).
    case accepted(JSONDocument, at: JSONPointer)
    /// It accepted the payload (exit status 0) but wrote something that is not JSON.
    case unreadableOutput(String)
    /// It rejected the payload: a non-zero exit status, no output, or an error response; the
    /// message says which (and the command's own words, when it gave some).
    case rejected(String)
    /// It did not answer: it crashed (killed by a signal, or ended a batch early), hung past
    /// the timeout, or answered out of protocol.
    case failed(String)
}
