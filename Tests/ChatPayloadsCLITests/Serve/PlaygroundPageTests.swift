import ChatPayloads
@testable import ChatPayloadsCLI
import XCTest

/// The playground page is one self-contained document with labelled controls, ARIA tabs and a
/// live verdict; it fetches nothing from elsewhere and puts no server text in as HTML.
final class PlaygroundPageTests: XCTestCase {
    private let html = PlaygroundPage.html

    func testIsOneHTMLDocument() {
        XCTAssertTrue(html.hasPrefix("<!doctype html>\n<html lang=\"en\">"), String(html.prefix(60)))
        XCTAssertTrue(html.hasSuffix("</html>"))
        for tag in ["<html", "</html>", "<head>", "</head>", "<body>", "</body>", "<style>", "<script>"] {
            XCTAssertEqual(occurrences(of: tag), 1, tag)
        }
        XCTAssertTrue(html.contains("<meta charset=\"utf-8\">"))
        XCTAssertTrue(html.contains("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"))
    }

    func testFetchesNothingFromElsewhere() {
        let lowered = html.lowercased()
        for external in [
            "src=\"http", "src='http", "href=\"http", "href='http", "@import", "url(http", "url(\"http", "url('http",
            "src=\"//", "href=\"//", "<script src", "<link rel=\"stylesheet\"", "<iframe",
        ] {
            XCTAssertFalse(lowered.contains(external), external)
        }
        // The only link element is the empty inline icon (no /favicon.ico request).
        XCTAssertEqual(occurrences(of: "<link "), 1)
        XCTAssertTrue(html.contains("<link rel=\"icon\" href=\"data:,\">"))
        XCTAssertTrue(html.contains("connect-src 'self'"), "the page's CSP limits requests to its own server")
    }

    func testEveryControlHasALabel() {
        for id in ["payload", "schema", "profile", "example", "share-output"] {
            XCTAssertTrue(html.contains("<label for=\"\(id)\"") || html.contains("for=\"\(id)\">"), "no label for #\(id)")
            XCTAssertEqual(occurrences(of: "id=\"\(id)\""), 1, "#\(id)")
        }
        XCTAssertTrue(html.contains("<textarea id=\"payload\""))
        XCTAssertTrue(html.contains("<select id=\"schema\""))
        XCTAssertTrue(html.contains("<select id=\"profile\""))
        XCTAssertTrue(html.contains("<button type=\"button\" id=\"copy-ndjson\">Copy as NDJSON</button>"))
        XCTAssertTrue(html.contains("<button type=\"button\" id=\"copy-curl\">Copy as curl</button>"))
    }

    func testPickersOfferAutoEveryBundledSchemaAndEveryProfile() throws {
        let schemas = try XCTUnwrap(element("<select id=\"schema\"", "</select>"))
        XCTAssertTrue(schemas.contains("<option value=\"auto\" selected>"))
        for schema in BundledSchema.allCases {
            XCTAssertTrue(schemas.contains("<option value=\"\(schema.rawValue)\">\(schema.rawValue)</option>"), schema.rawValue)
        }
        XCTAssertEqual(schemas.components(separatedBy: "<option ").count - 1, BundledSchema.allCases.count + 1)
        let profiles = try XCTUnwrap(element("<select id=\"profile\"", "</select>"))
        for profile in ProfileName.allCases {
            let selected = profile == .standard ? " selected" : ""
            XCTAssertTrue(profiles.contains("<option value=\"\(profile.rawValue)\"\(selected)>"), profile.rawValue)
        }
        XCTAssertEqual(profiles.components(separatedBy: "<option ").count - 1, ProfileName.allCases.count)
    }

    func testTabsAndLiveVerdictFollowTheARIAPatterns() {
        XCTAssertEqual(occurrences(of: "<div role=\"tablist\" aria-label=\"Results\""), 1)
        for view in ["problems", "canonical", "record"] {
            XCTAssertTrue(html.contains("role=\"tab\" id=\"tab-\(view)\" aria-controls=\"panel-\(view)\""), view)
            XCTAssertTrue(html.contains("role=\"tabpanel\" id=\"panel-\(view)\" aria-labelledby=\"tab-\(view)\""), view)
        }
        XCTAssertEqual(occurrences(of: "role=\"tab\" "), 3)
        XCTAssertEqual(occurrences(of: "aria-selected=\"true\" tabindex=\"0\""), 1)
        XCTAssertEqual(occurrences(of: "aria-selected=\"false\" tabindex=\"-1\""), 2)
        XCTAssertTrue(html.contains("id=\"verdict\" role=\"status\" aria-live=\"polite\""))
        for key in ["'ArrowRight'", "'ArrowLeft'", "'Home'", "'End'"] {
            XCTAssertTrue(html.contains(key), key)
        }
        XCTAssertTrue(html.contains(":focus-visible"))
        XCTAssertTrue(html.contains("@media (max-width: 760px)"))
    }

    func testServerTextNeverBecomesHTML() {
        for sink in ["innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval(", "new Function"] {
            XCTAssertFalse(html.contains(sink), sink)
        }
        XCTAssertTrue(html.contains("textContent"))
    }

    func testCallsTheAPIAndAbortsStaleRequests() {
        for call in ["'/v1/validate'", "'/v1/normalize'", "'/v1/convert'", "to: 'record'", "new AbortController()", "DEBOUNCE_MS = 300"] {
            XCTAssertTrue(html.contains(call), call)
        }
    }

    /// The text from `start` to the first `end` after it (both included).
    private func element(_ start: String, _ end: String) -> Substring? {
        guard let open = html.range(of: start), let close = html.range(of: end, range: open.upperBound..<html.endIndex) else { return nil }
        return html[open.lowerBound..<close.upperBound]
    }

    private func occurrences(of needle: String) -> Int {
        html.components(separatedBy: needle).count - 1
    }
}
