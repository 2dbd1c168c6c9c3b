import JSONCore
import JSONSchemaFormats

/// A URL as written in a payload (`profileUrl`), checked to be an RFC 3987 IRI reference (an
/// RFC 3986 URI reference, or the same with non-ASCII characters): absolute, or relative such as
/// `/boat-1.png` (PubNub's own sample data has those), and kept as its exact text.
///
/// ```swift
/// ChatURL("https://randomuser.me/api/portraits/men/1.jpg")  // valid, absolute
/// ChatURL("/boat-1.png")                                     // valid, relative
/// ChatURL("not a url")                                       // nil
/// ```
public struct ChatURL: Sendable, Hashable, CustomStringConvertible {
    /// The URL text, exactly as given.
    public let absoluteString: String

    /// A URL from its text; nil unless it is a non-empty IRI reference.
    public init?(_ text: String) {
        guard !text.isEmpty, URIFormats.isIRIReference(text) else { return nil }
        absoluteString = text
    }

    /// Whether the URL is absolute (has a scheme), as an RFC 3987 IRI.
    public var isAbsolute: Bool { URIFormats.isIRI(absoluteString) }

    /// The URL text.
    public var description: String { absoluteString }

    /// Unicode-scalar equality (the text is compared exactly, as JSON strings are).
    public static func == (a: ChatURL, b: ChatURL) -> Bool { a.absoluteString.scalarsEqual(b.absoluteString) }

    /// Hash consistent with `==`.
    public func hash(into hasher: inout Hasher) { absoluteString.hashScalars(into: &hasher) }
}

extension ChatURL: Codable {
    /// Decodes a URL string; throws unless it is a non-empty IRI reference.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let url = ChatURL(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "expected a URL (absolute or relative), got \(JSONWriter.quoted(text))")
        }
        self = url
    }

    /// Encodes the URL text.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(absoluteString)
    }
}
