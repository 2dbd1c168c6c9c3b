/// The payloads of the codec vectors, as the Swift, Kotlin and JavaScript SDKs emit them: date
/// precisions and offsets, 17-digit timetokens, upper- and lower-case UUIDs, unicode and escapes,
/// nested content, custom data of every kind, and payloads some profile rejects.
///
/// Each text is kept byte for byte (escapes, number spellings, key order): the generator writes
/// it to `payloads/<id>.json` and computes the expectations with the Swift codec
/// (``CodecVectorGenerator``). Add a payload here, then regenerate the vectors.
package enum CodecVectorCatalog {
    /// One payload: its id (the file name), kind, what it covers, and its exact text.
    package struct Entry: Sendable, Hashable {
        /// A stable, file-name-safe id.
        package let id: String
        /// The payload kind.
        package let kind: CodecVectorKind
        /// The cross-platform fact the payload covers.
        package let description: String
        /// The exact JSON text.
        package let text: String
    }

    /// Every payload, in vector order.
    package static let entries: [Entry] = messages + users + channels + members + actions

    static let messages: [Entry] = [
        Entry(id: "message-ios-native", kind: .message,
              description: "iOS: uppercase UUID, native date with 3 fraction digits, empty content and custom",
              text: #"{"id":"5C9E9F0E-8F3B-4C4A-9D2B-1B6A4F0E2C11","text":"Hello from iOS","content":{},"custom":{},"createdAt":"2022-05-16T09:34:40.123Z"}"#),
        Entry(id: "message-js-lowercase-id", kind: .message,
              description: "JavaScript: lowercase UUID, contentType text, content and custom left out",
              text: #"{"createdAt":"2022-05-16T09:34:40.456Z","text":"Hello from the web","contentType":"text","id":"5c9e9f0e-8f3b-4c4a-9d2b-1b6a4f0e2c12"}"#),
        Entry(id: "message-docs-6-digit-fraction", kind: .message,
              description: "the docs' example date with 6 fraction digits (microseconds must survive)",
              text: #"{"id":"0E3B3B3A-7C39-4B5E-9F4B-2B9C6A3D1E01","text":"Microseconds","createdAt":"2020-09-23T09:23:34.598494Z"}"#),
        Entry(id: "message-9-digit-fraction", kind: .message,
              description: "a date with 9 fraction digits (nanoseconds)",
              text: #"{"id":"0E3B3B3A-7C39-4B5E-9F4B-2B9C6A3D1E02","text":"Nanoseconds","createdAt":"2022-05-16T09:34:40.123456789Z"}"#),
        Entry(id: "message-no-fraction", kind: .message,
              description: "a date without fraction (iOS reads it; the canonical form writes .000)",
              text: #"{"id":"0E3B3B3A-7C39-4B5E-9F4B-2B9C6A3D1E03","text":"Whole seconds","createdAt":"2022-05-16T09:34:40Z"}"#),
        Entry(id: "message-offset-utc", kind: .message,
              description: "offset +00:00 instead of Z (valid RFC 3339, rejected by the iOS decoder)",
              text: #"{"id":"0E3B3B3A-7C39-4B5E-9F4B-2B9C6A3D1E04","text":"Offset zero","createdAt":"2022-05-16T09:34:40.123+00:00"}"#),
        Entry(id: "message-offset-india", kind: .message,
              description: "offset +05:30 with 6 fraction digits: the canonical form is the same instant in UTC",
              text: #"{"id":"0E3B3B3A-7C39-4B5E-9F4B-2B9C6A3D1E05","text":"From Bangalore","createdAt":"2022-05-16T15:04:40.123456+05:30"}"#),
        Entry(id: "message-unicode", kind: .message,
              description: "unicode text: emoji with skin tone and ZWJ, combining accent (NFD), CJK, Arabic",
              text: "{\"id\":\"0E3B3B3A-7C39-4B5E-9F4B-2B9C6A3D1E06\",\"text\":\"👍🏽 👩‍👩‍👧 Cafe\u{0301} 你好 مرحبا\",\"createdAt\":\"2022-05-16T09:34:40.123Z\"}"),
        Entry(id: "message-escapes", kind: .message,
              description: "escapes: quote, backslash, \\/, newline, tab, \\u00e9, a surrogate pair, U+2028",
              text: #"{"id":"0E3B3B3A-7C39-4B5E-9F4B-2B9C6A3D1E07","text":"say \"hi\" \\ path\/to\n\ttab caf\u00e9 \ud83d\ude00 line\u2028sep","createdAt":"2022-05-16T09:34:40.123Z"}"#),
        Entry(id: "message-image-nested-content", kind: .message,
              description: "imageUrl message with nested content (objects, arrays, null)",
              text: #"{"id":"0E3B3B3A-7C39-4B5E-9F4B-2B9C6A3D1E08","text":"Screenshot","contentType":"imageUrl","content":{"imageUrl":"https://cdn.example.org/s.png","size":{"width":640,"height":480},"thumbnails":[{"url":"https://cdn.example.org/s-64.png","width":64}],"alt":null},"createdAt":"2022-05-16T09:34:40.123Z"}"#),
        Entry(id: "message-custom-every-kind", kind: .message,
              description: "message custom data of every kind: strings, integers, decimals, 1e2, 1.0, 2^53+1, booleans, null, nested objects and arrays",
              text: #"{"id":"0E3B3B3A-7C39-4B5E-9F4B-2B9C6A3D1E09","text":"Custom","custom":{"string":"s","integer":42,"negative":-7,"decimal":1.5,"exponent":1e2,"wholeDecimal":1.0,"big":9007199254740993,"bool":true,"none":null,"nested":{"a":{"b":[1,"two",false]}},"array":[1,2,3],"emptyObject":{},"emptyArray":[]},"createdAt":"2022-05-16T09:34:40.123Z"}"#),
        Entry(id: "message-poll-content-type", kind: .message,
              description: "an app's own contentType (poll): every decoder must keep it, not drop the message",
              text: #"{"id":"0E3B3B3A-7C39-4B5E-9F4B-2B9C6A3D1E0A","text":"Lunch?","contentType":"poll","content":{"question":"Lunch?","options":["pizza","sushi"]},"createdAt":"2022-05-16T09:34:40.123Z"}"#),
        Entry(id: "message-external-url", kind: .message,
              description: "externalUrl message from the docs",
              text: #"{"id":"0E3B3B3A-7C39-4B5E-9F4B-2B9C6A3D1E0B","text":"Read this","contentType":"externalUrl","content":{"externalUrl":"https://example.com/article"},"createdAt":"2022-05-16T09:34:40.123Z"}"#),
        Entry(id: "message-react-type-key", kind: .message,
              description: "React publishes the content type under type: dropped by the canonical form, rejected by strict (closed objects)",
              text: #"{"id":"0e3b3b3a-7c39-4b5e-9f4b-2b9c6a3d1e0c","text":"From React","type":"text","createdAt":"2022-05-16T09:34:40.123Z"}"#),
        Entry(id: "message-not-a-date", kind: .message,
              description: "createdAt \"not-a-date\" passes the format-free schema but no decoder reads it",
              text: #"{"id":"0E3B3B3A-7C39-4B5E-9F4B-2B9C6A3D1E0D","text":"Bad date","createdAt":"not-a-date"}"#),
        Entry(id: "message-missing-text", kind: .message,
              description: "text is required",
              text: #"{"id":"0E3B3B3A-7C39-4B5E-9F4B-2B9C6A3D1E0E","createdAt":"2022-05-16T09:34:40.123Z"}"#),
        Entry(id: "message-created-at-number", kind: .message,
              description: "createdAt as epoch seconds (a number) is rejected",
              text: #"{"id":"0E3B3B3A-7C39-4B5E-9F4B-2B9C6A3D1E0F","text":"Epoch","createdAt":1652693680}"#),
    ]

    static let users: [Entry] = [
        Entry(id: "user-full", kind: .user,
              description: "a User with every field, custom.description, native date",
              text: #"{"id":"user-42","name":"Ada Lovelace","email":"ada@example.com","externalId":"ext-42","profileUrl":"https://example.com/ada.png","type":"admin","status":"default","eTag":"AY39mJKK//CNZw","updated":"2022-05-16T09:34:40.123Z","custom":{"description":"Engineer"}}"#),
        Entry(id: "user-missing-type", kind: .user,
              description: "Android fills a missing type with \"default\": compat accepts, the native schema rejects",
              text: #"{"id":"user-43","name":"Bob"}"#),
        Entry(id: "user-mixed-case-id", kind: .user,
              description: "a mixed-case user id: ids are case-sensitive",
              text: #"{"id":"User-Ada-42","type":"default","name":"Ada"}"#),
        Entry(id: "user-custom-flat-every-kind", kind: .user,
              description: "flat User custom data of every kind: string, integer, decimal, boolean, beside the documented description",
              text: #"{"id":"user-44","type":"default","custom":{"description":"Designer","favoriteColor":"teal","age":36,"score":4.75,"verified":true}}"#),
        Entry(id: "user-custom-nested", kind: .user,
              description: "nested User custom data: the App Context service and the decoders need it flat",
              text: #"{"id":"user-45","type":"default","custom":{"address":{"city":"Oslo"}}}"#),
        Entry(id: "user-updated-6-digit-fraction", kind: .user,
              description: "updated with 6 fraction digits, as the docs write it",
              text: #"{"id":"user-46","type":"default","updated":"2020-09-23T09:23:34.598494Z","eTag":"AbCd"}"#),
        Entry(id: "user-unicode-escapes", kind: .user,
              description: "a name with escapes and a URL with escaped slashes",
              text: #"{"id":"user-47","type":"default","name":"Zo\u00eb \u2014 \ud83c\udf0d","profileUrl":"https:\/\/example.com\/zoe.png"}"#),
    ]

    static let channels: [Entry] = [
        Entry(id: "channel-group-full", kind: .channel,
              description: "a group Channel with the avatar in custom.profileUrl",
              text: #"{"id":"channel-General","name":"General","description":"Everyone","type":"group","status":"default","custom":{"profileUrl":"https://example.com/general.png"},"eTag":"AaBb","updated":"2022-05-16T09:34:40.123Z"}"#),
        Entry(id: "channel-missing-type", kind: .channel,
              description: "a Channel without type: compat accepts (\"default\"), the native schema rejects",
              text: #"{"id":"channel-random","name":"Random"}"#),
        Entry(id: "channel-direct-custom-every-kind", kind: .channel,
              description: "a direct Channel with flat custom data of every kind beside profileUrl",
              text: #"{"id":"direct.user-42.user-43","type":"direct","custom":{"profileUrl":"https://example.com/dm.png","topic":"dm","unread":3,"muted":false}}"#),
        Entry(id: "channel-updated-offset", kind: .channel,
              description: "updated with a +02:00 offset and one fraction digit",
              text: #"{"id":"channel-Oslo","type":"default","updated":"2022-05-16T11:34:40.5+02:00"}"#),
    ]

    static let members: [Entry] = [
        Entry(id: "member-full", kind: .member,
              description: "a membership with nested User and Channel, status, custom, eTag, updated",
              text: #"{"uuid":{"id":"user-42","name":"Ada","type":"default","custom":{}},"channel":{"id":"channel-General","name":"General","type":"group","custom":{}},"status":"active","custom":{"role":"owner"},"eTag":"AZO/t53al7m8fw","updated":"2022-05-16T09:34:40.123Z"}"#),
        Entry(id: "member-nested-missing-type", kind: .member,
              description: "nested User and Channel without type: compat only",
              text: #"{"uuid":{"id":"user-43"},"channel":{"id":"channel-random"}}"#),
        Entry(id: "member-mixed-case-ids", kind: .member,
              description: "mixed-case nested ids and a 6-digit updated",
              text: #"{"uuid":{"id":"User-ABC","type":"default"},"channel":{"id":"Chan-XYZ","type":"group"},"updated":"2022-05-16T09:34:40.654321Z"}"#),
    ]

    static let actions: [Entry] = [
        Entry(id: "action-reaction-17-digit", kind: .messageAction,
              description: "17-digit odd timetokens: a double cannot hold them",
              text: #"{"actionTimetoken":16526940800000001,"parentTimetoken":16526940790000003,"sourceType":"reaction","value":"👍","pubnubUserId":"user-42","pubnubChannelId":"channel-General"}"#),
        Entry(id: "action-timetoken-even", kind: .messageAction,
              description: "17-digit timetokens a double happens to hold exactly",
              text: #"{"actionTimetoken":16526940800000000,"parentTimetoken":16526940790000000,"sourceType":"reaction","value":"🔥","pubnubUserId":"user-42","pubnubChannelId":"channel-General"}"#),
        Entry(id: "action-heart-mixed-case-ids", kind: .messageAction,
              description: "a heart with a variation selector, mixed-case publisher and channel ids",
              text: #"{"actionTimetoken":16526940800000002,"parentTimetoken":16526940790000002,"sourceType":"reaction","value":"\u2764\ufe0f","pubnubUserId":"User-Ada","pubnubChannelId":"Channel-General"}"#),
        Entry(id: "action-timetoken-string", kind: .messageAction,
              description: "timetokens as digit strings: the schemas want integers",
              text: #"{"actionTimetoken":"16526940800000001","parentTimetoken":"16526940790000003","sourceType":"reaction","value":"😂","pubnubUserId":"user-42","pubnubChannelId":"channel-General"}"#),
        Entry(id: "action-with-user-model", kind: .messageAction,
              description: "a reaction with its author's User object nested (updated with 6 fraction digits)",
              text: #"{"actionTimetoken":16526940800000005,"parentTimetoken":16526940790000001,"sourceType":"reaction","value":"😲","pubnubUserId":"user-46","pubnubChannelId":"channel-General","userModel":{"id":"user-46","type":"default","updated":"2020-09-23T09:23:34.598494Z"}}"#),
    ]
}
