import XCTest
import ValidatorTestSupport
import JSONCore
import JSONSchemaValidator

final class NumericKeywordTests: XCTestCase {
    func testBoundsAreExact() {
        assertValid(#"{"maximum": 0.3}"#, "0.3", "0.29999999999999999", "-1e400")
        // As doubles 0.30000000000000001 == 0.3; exactly it is larger.
        assertInvalid(#"{"maximum": 0.3}"#, "0.30000000000000001", message: "value must be <= 0.3, got 0.30000000000000001", keyword: .maximum)
        assertValid(#"{"minimum": 0.1}"#, "0.1", "0.10000000000000000001")
        assertInvalid(#"{"minimum": 0.1}"#, "0.09999999999999999999", keyword: .minimum)
        assertValid(#"{"exclusiveMinimum": 0}"#, "1e-400", "0.0000001")
        assertInvalid(#"{"exclusiveMinimum": 0}"#, "0", message: "value must be > 0, got 0")
        assertInvalid(#"{"exclusiveMinimum": 0}"#, "-0.0")
        assertValid(#"{"exclusiveMaximum": 10}"#, "9.999999999999999999999")
        assertInvalid(#"{"exclusiveMaximum": 10}"#, "10.0", message: "value must be < 10, got 10")
    }

    func testHugeBounds() {
        assertValid(#"{"maximum": 1e400}"#, "1e399", "1e400", "9.99999999999999999999e399", "1.7976931348623157e308", "99999999999999999999")
        assertInvalid(#"{"maximum": 1e400}"#, "1.0000000000000000000001e400", keyword: .maximum)
        assertInvalid(#"{"maximum": 1e400}"#, "1e401", message: "value must be <= 1e+400, got 1e+401")
        assertValid(#"{"minimum": -1e400}"#, "-1e400", "0", "-1e399")
        assertInvalid(#"{"minimum": -1e400}"#, "-1e401")
        assertInvalid(#"{"exclusiveMinimum": 1e400}"#, "1e400")
        assertValid(#"{"minimum": 1e-400}"#, "1e-400", "1e-399")
        assertInvalid(#"{"minimum": 1e-400}"#, "1e-401")
        assertInvalid(#"{"minimum": 1e-400}"#, "0")
    }

    func testIntegersBeyondInt64() {
        assertValid(#"{"minimum": 9223372036854775807}"#, "9223372036854775808", "18446744073709551616", "9223372036854775807")
        assertInvalid(#"{"maximum": 9223372036854775807}"#, "9223372036854775808", message: "value must be <= 9223372036854775807, got 9223372036854775808")
        assertInvalid(#"{"minimum": -9223372036854775808}"#, "-9223372036854775809", message: "value must be >= -9223372036854775808, got -9223372036854775809")
        assertValid(#"{"type": "integer", "multipleOf": 2}"#, "18446744073709551616", "-18446744073709551616")
        assertInvalid(#"{"type": "integer", "multipleOf": 2}"#, "18446744073709551617", message: "value must be a multiple of 2, got 18446744073709551617")
        // A divisor beyond 18 digits takes the long-division path.
        assertValid(#"{"multipleOf": 18446744073709551616}"#, "36893488147419103232", "0", "1.8446744073709551616e25")
        assertInvalid(#"{"multipleOf": 18446744073709551616}"#, "36893488147419103233")
        assertInvalid(#"{"multipleOf": 18446744073709551616}"#, "9223372036854775808")
    }

    func testMultipleOfIsExactOnDecimals() {
        assertValid(#"{"multipleOf": 0.01}"#, "19.99", "0.01", "-19.99", "0", "1e10", "100.1")
        assertInvalid(#"{"multipleOf": 0.01}"#, "19.999", message: "value must be a multiple of 0.01, got 19.999", keyword: .multipleOf)
        assertValid(#"{"multipleOf": 0.1}"#, "0.3", "0.7", "1.1")
        assertInvalid(#"{"multipleOf": 0.1}"#, "0.31")
        assertValid(#"{"multipleOf": 0.5}"#, "1e308", "1e400", "2.5", "-7.5")
        assertInvalid(#"{"multipleOf": 0.5}"#, "2.25")
        assertInvalid(#"{"multipleOf": 0.5}"#, "1e-400")
        assertInvalid(#"{"multipleOf": 3}"#, "1e308")
        assertValid(#"{"multipleOf": 3}"#, "3e308")
        assertValid(#"{"multipleOf": 1e-400}"#, "1", "1e-399", "5e-400")
        assertInvalid(#"{"multipleOf": 1e-400}"#, "1e-401")
        assertValid(#"{"multipleOf": 1.5}"#, "4.5", "3e2")
        assertInvalid(#"{"multipleOf": 1.5}"#, "5")
        assertInvalid(#"{"multipleOf": 1.5}"#, "1e2")
    }

    func testMultipleOfTooMuchWorkFailsClosed() throws {
        // A >18-digit divisor against 10^300000 exceeds the exact-arithmetic work budget.
        let result = assertInvalid(#"{"multipleOf": 1234567890123456789012}"#, "1e300000", keyword: .multipleOf)
        let message = try XCTUnwrap(result?.errors.first?.message)
        XCTAssertTrue(message.contains("too large to check"), message)
    }

    func testNonNumbersAreIgnored() {
        assertValid(#"{"minimum": 5, "maximum": 1, "multipleOf": 7, "exclusiveMinimum": 9}"#, #""3""#, "null", "[1]", "{}", "true")
    }

    func testInvalidNumericKeywordsAreSchemaErrors() {
        assertSchemaError(#"{"multipleOf": 0}"#, kind: .invalidSchema, pointer: "/multipleOf")
        assertSchemaError(#"{"multipleOf": -2}"#, kind: .invalidSchema, pointer: "/multipleOf")
        assertSchemaError(#"{"minimum": "1"}"#, kind: .invalidSchema, pointer: "/minimum")
    }
}
