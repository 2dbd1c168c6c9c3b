import JSONCore
import JSONSchemaFormats

/// An absolute URL as written in a payload (`profileUrl`), checked to be an RFC 3987 IRI
/// (an RFC 3986 URI, or the same with non-ASCII characters), and kept as its exact text.
///
/// ```swift
/// ChatURL("https://randomuser.me/api/portraits/men/1.jpg")  // valid
/// ChatURL("not a url")                                       // nil
/// ```
public struct ChatURL: Sendable, Hashable, CustomStringConvertible {
    /// The URL text, exactly as given.
    public let absoluteString: String

    /// A URL from its text; nil unless it is an absolute IRI.
    public init?(_ text: String) {
        guard URIFormats.isIRI(text) else { return nil }
        absoluteString = text
    }

    /// The URL text.
    public var description: String { absoluteString }

    /// Unicode-scalar equality (the text is compared exactly, as JSON strings are).
    public static func == (a: ChatURL, b: ChatURL) -> Bool { a.absoluteString.scalarsEqual(b.absoluteString) }

    /// Hash consistent with `==`.
    public func hash(into hasher: inout Hasher) { absoluteString.hashScalars(into: &hasher) }
}

extension ChatURL: Codable {
    /// Decodes a URL string; throws unless it is an absolute IRI.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let url = ChatURL(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "expected an absolute URL, got \(JSONWriter.quoted(text))")
        }
        self = url
    }

    /// Encodes the URL text.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(absoluteString)
    }
}
