@_spi(ChatPayloadsInternal) import ChatPayloads
@_spi(ChatStoreCLI) import ChatStore
import JSONCore
import XCTest

/// `store import`'s fast path for sent messages (``SentMessageReader``, in the library's ingestion API) gives the record the ordinary
/// path gives (parse, `ChatMessage` decode, `MessageRecord`), or declines.
final class StoreSentMessageRowTests: XCTestCase {
    /// The row of the ordinary path.
    func ordinary(_ text: String) throws -> IngestedRecord {
        let document = try JSONParser.parse(Array(text.utf8))
        return try IngestedRecord(try ChatMessage<AnyJSONCustomData>.decode(from: document, options: ChatDecodingOptions()))
    }

    /// The fast path's row (content always judged valid).
    func fast(_ text: String) -> IngestedRecord? {
        let rows = SentMessageReader(options: JSONParseOptions(), decoding: ChatDecodingOptions())
        var tape = JSONTape()
        return rows.record(Array(text.utf8), tape: &tape) { _ in true }.map { .message($0, user: nil, channel: nil, actions: []) }
    }

    func envelope(_ content: String, timetoken: String = "17000000000000001") -> String {
        #"{"pubnubChannelId":"general","timetoken":\#(timetoken),"content":\#(content),"pubnubUserId":"u1"}"#
    }

    func testSameRowAsTheOrdinaryPath() throws {
        let contents = [
            #"{"id":"m1","text":"hi","createdAt":"2024-01-02T03:04:05.678Z"}"#,
            #"{"createdAt":"2024-01-02T03:04:05.678+09:00","text":"caf\u00e9 \"q\" \n tab\t","id":"m\u0000x","contentType":"imageUrl","content":{"z":1,"a":[1.0,-0,1e2,-5,12345678901234567890,0.1,true,false,null,"s\/"],"m":{"y":{},"b":[]}},"custom":{"k":"v"}}"#,
            #"{"id":"m3","text":"keys","createdAt":"2024-01-02T03:04:05Z","content":{"é":1,"e":2,"😀":3,"\#u{FF5E}":4,"Z":5,"ä":{"\#u{E000}":1,"𝄞":2}},"contentType":null,"custom":null}"#,
            #"{"id":"m4","text":"","createdAt":"2024-01-02T03:04:05.123456789Z","content":null,"custom":{"b":{"c":[{"y":1,"x":2}]},"a":"\ud83d\ude00"}}"#,
            #"{"id":"m5","text":"big","createdAt":"2024-01-02T03:04:05Z","content":{"n":[-0.0,1E+2,100000000000000000000000,-9223372036854775808,999999999999999999,-99999999999999999]}}"#,
        ]
        for content in contents {
            for timetoken in ["17000000000000001", "0"] {
                let text = envelope(content, timetoken: timetoken)
                let expected = try ordinary(text)
                XCTAssertEqual(fast(text), expected, text)
            }
        }
        // No timetoken at all reads as 0.
        let noTimetoken = #"{"content":{"id":"m6","text":"t","createdAt":"2024-01-02T03:04:05Z"},"pubnubUserId":"u1","pubnubChannelId":"c"}"#
        XCTAssertEqual(fast(noTimetoken), try ordinary(noTimetoken))
    }

    func testDeclinesWhatItDoesNotRead() {
        let content = #"{"id":"m1","text":"hi","createdAt":"2024-01-02T03:04:05.678Z"}"#
        let declined = [
            envelope(content, timetoken: #""17000000000000001""#),  // digit string: the ordinary path
            envelope(content, timetoken: "-1"),
            envelope(content, timetoken: "null"),  // issue 25: the ordinary path refuses it
            envelope(content, timetoken: "1.5"),
            envelope(content, timetoken: "12345678901234567890"),
            #"{"timetoken":1,"content":\#(content),"pubnubUserId":"u1","pubnubChannelId":"c","messageActions":[]}"#,
            #"{"timetoken":1,"content":\#(content),"pubnubUserId":"u1","pubnubChannelId":"c","userModel":{"id":"u1"}}"#,
            #"{"timetoken":1,"content":\#(content),"pubnubUserId":"u1"}"#,
            #"{"timetoken":1,"content":\#(content),"pubnubUserId":1,"pubnubChannelId":"c"}"#,
            envelope(#"{"id":"m1","text":"hi","createdAt":"yesterday"}"#),
            envelope(#"{"id":"m1","text":"hi","createdAt":"2024-01-02T03:04:05Z","type":"text"}"#),
            envelope(#"{"id":"m1","createdAt":"2024-01-02T03:04:05Z"}"#),
            envelope(#"{"id":"m1","text":"hi","createdAt":"2024-01-02T03:04:05Z","content":[]}"#),
            envelope(#"{"id":"m1","text":"hi","createdAt":"2024-01-02T03:04:05Z","content":{"a":1,"a":2}}"#),
            #"{"timetoken":1,"content":\#(content),"pubnubUserId":"u1","pubnubChannelId":"c"} x"#,
            "[]",
        ]
        for text in declined { XCTAssertNil(fast(text), text) }
    }

    func testInvalidContentIsDeclined() {
        let rows = SentMessageReader(options: JSONParseOptions(), decoding: ChatDecodingOptions())
        var tape = JSONTape()
        let text = envelope(#"{"id":"m1","text":"hi","createdAt":"2024-01-02T03:04:05.678Z"}"#)
        var seen: [UInt8] = []
        XCTAssertNil(rows.record(Array(text.utf8), tape: &tape) { content in seen = Array(content); return false })
        XCTAssertEqual(String(decoding: seen, as: UTF8.self), #"{"id":"m1","text":"hi","createdAt":"2024-01-02T03:04:05.678Z"}"#)
    }
}
