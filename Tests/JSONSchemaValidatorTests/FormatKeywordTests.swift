import XCTest
import ValidatorTestSupport
import JSONCore
import JSONSchemaFormats
import JSONSchemaValidator

final class FormatKeywordTests: XCTestCase {
    func testFormatIsAnAnnotationByDefault() {
        assertValid(#"{"format": "email"}"#, #""not an email""#, "12")
        assertValid(#"{"format": "date-time"}"#, #""yesterday""#)
        assertValid(#"{"format": "no-such-format"}"#, #""x""#)
    }

    func testAssertAll() {
        let options = ValidatorOptions(formats: .assertAll)
        assertValid(#"{"format": "email"}"#, #""a@example.com""#, "12", "null", options: options)
        assertInvalid(#"{"format": "email"}"#, #""not an email""#, message: #"value must be a valid email, got "not an email""#, keyword: .format, options: options)
        assertValid(#"{"format": "date-time"}"#, #""2024-02-29T12:00:00Z""#, options: options)
        assertInvalid(#"{"format": "date-time"}"#, #""2023-02-29T12:00:00Z""#, options: options)
        assertValid(#"{"format": "uuid"}"#, #""2eb8aa08-aa98-11ea-b4aa-73b441d16380""#, options: options)
        assertInvalid(#"{"properties": {"at": {"format": "date"}}}"#, #"{"at": "2024-13-01"}"#, message: #""at" must be a valid date, got "2024-13-01""#, at: "/at", options: options)
        // An asserted format with no checker fails closed (a schema error), unless the caller
        // opts out with strictFormats: false.
        assertSchemaError(#"{"format": "no-such-format"}"#, kind: .unknownFormat, options: options)
        assertValid(#"{"format": "no-such-format"}"#, #""x""#, options: ValidatorOptions(formats: .assertAll, strictFormats: false))
    }

    func testAssertSelectedFormats() {
        let options = ValidatorOptions(formats: .assert(["email"]))
        assertInvalid(#"{"format": "email"}"#, #""nope""#, options: options)
        assertValid(#"{"format": "date"}"#, #""nope""#, options: options)
    }

    func testCustomFormats() {
        var options = ValidatorOptions(formats: .assert(["timetoken", "email"]))
        options.customFormats["timetoken"] = FormatChecker(name: "timetoken") { s in
            s.utf8.count == 17 && s.utf8.allSatisfy { $0 >= 48 && $0 <= 57 }
        }
        // Custom checkers override built-ins.
        options.customFormats["email"] = FormatChecker(name: "email") { $0.hasSuffix("@corp") }
        assertValid(#"{"format": "timetoken"}"#, #""17000000000000000""#, options: options)
        assertInvalid(#"{"format": "timetoken"}"#, #""1700""#, message: #"value must be a valid timetoken, got "1700""#, options: options)
        assertValid(#"{"format": "email"}"#, #""me@corp""#, options: options)
        assertInvalid(#"{"format": "email"}"#, #""me@example.com""#, options: options)
    }

    func testStrictFormatsRejectUnknownFormats() {
        let strict = ValidatorOptions(formats: .assertAll, strictFormats: true)
        assertSchemaError(#"{"properties": {"a": {"format": "no-such-format"}}}"#, kind: .unknownFormat,
                          pointer: "/properties/a/format", containing: #"unknown format "no-such-format""#, options: strict)
        assertValid(#"{"format": "email"}"#, #""a@example.com""#, options: strict)
        // Strict only matters for formats that assert.
        assertValid(#"{"format": "no-such-format"}"#, #""x""#, options: ValidatorOptions(formats: .annotate, strictFormats: true))
        assertSchemaError(#"{"format": "x-custom"}"#, kind: .unknownFormat, options: ValidatorOptions(formats: .assert(["x-custom"]), strictFormats: true))
        var custom = strict
        custom.customFormats["x-custom"] = FormatChecker(name: "x-custom") { $0 == "ok" }
        assertValid(#"{"format": "x-custom"}"#, #""ok""#, options: custom)
    }

    func testAssertingFailsClosedOnUnknownFormatsByDefault() {
        // Asserting formats is enough: an unknown name is a schema error, never a silent pass.
        let asserting = ValidatorOptions(formats: .assertAll)
        assertSchemaError(#"{"type": "string", "format": "date_time"}"#, kind: .unknownFormat, pointer: "/format",
                          containing: #"unknown format "date_time""#, options: asserting)
        var options = ValidatorOptions()
        options.formats = .assertAll
        assertSchemaError(#"{"format": "no-such-format"}"#, kind: .unknownFormat, containing: "known formats: date, date-time", options: options)
        assertSchemaError(#"{"format": "no-such-format"}"#, kind: .unknownFormat, containing: "ValidatorOptions.customFormats", options: options)
        // A registered checker is a known format, and is listed as one.
        options.customFormats["timetoken"] = FormatChecker(name: "timetoken") { $0.count == 17 }
        assertValid(#"{"format": "timetoken"}"#, #""17000000000000000""#, options: options)
        assertSchemaError(#"{"format": "no-such-format"}"#, kind: .unknownFormat, containing: "time, timetoken, uri", options: options)
        // Annotation mode still ignores unknown formats, as 2020-12 says.
        assertValid(#"{"format": "no-such-format"}"#, #""x""#, options: ValidatorOptions())
        // The lenient choice stays available (the official suite's optional format tests use it).
        assertValid(#"{"format": "no-such-format"}"#, #""x""#, options: ValidatorOptions(formats: .assertAll, strictFormats: false))
    }

    func testFormatAssertionVocabularyInAMetaSchema() throws {
        var registry = SchemaRegistry()
        try registry.add(parsing: #"""
            {"$id": "https://example.com/format-assertion-meta", "$schema": "https://json-schema.org/draft/2020-12/schema",
             "$vocabulary": {"https://json-schema.org/draft/2020-12/vocab/core": true,
                             "https://json-schema.org/draft/2020-12/vocab/format-assertion": true},
             "$dynamicAnchor": "meta",
             "allOf": [{"$ref": "https://json-schema.org/draft/2020-12/meta/core"},
                       {"$ref": "https://json-schema.org/draft/2020-12/meta/format-assertion"}]}
            """#, uri: "https://example.com/format-assertion-meta")
        let schema = #"{"$schema": "https://example.com/format-assertion-meta", "format": "ipv4"}"#
        assertValid(schema, #""127.0.0.1""#, registry: registry)
        assertInvalid(schema, #""127.0.0.300""#, keyword: .format, registry: registry)
    }
}
