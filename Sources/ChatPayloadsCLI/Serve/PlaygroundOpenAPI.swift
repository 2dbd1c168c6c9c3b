/// The OpenAPI 3.1 document of the playground API, served at `GET /openapi.json`. Its text is
/// also the repository's `Sources/ChatPayloadsCLI/Serve/openapi.json` (a test checks that the
/// two are equal; `Scripts/serve-openapi` writes this file from that one).
package enum PlaygroundOpenAPI {
    /// The document's text.
    package static let document = PlaygroundOpenAPIText.text
}
