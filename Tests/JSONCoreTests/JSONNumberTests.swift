import XCTest
@testable import JSONCore

final class JSONNumberTests: XCTestCase {
    func number(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> JSONNumber {
        guard let n = JSONNumber(parsing: text) else {
            XCTFail("not a number: \(text)", file: file, line: line)
            return JSONNumber(0)
        }
        return n
    }

    func testTimetokensRoundTripExactly() throws {
        for text in ["17000000000000000", "16193829348723345", "-16193829348723345", "9007199254740993"] {
            let doc = try JSONParser.parse(text)
            XCTAssertEqual(doc.root.numberValue?.int64Value, Int64(text))
            XCTAssertEqual(JSONWriter.string(doc.root), text)
        }
        let text = #"{"t":16193829348723345,"u":[17000000000000000,16193829348723344]}"#
        XCTAssertEqual(JSONWriter.string(try JSONParser.parse(text).root), text)
        // Doubles cannot tell these apart; exact numbers can.
        XCTAssertNotEqual(number("16193829348723345"), number("16193829348723344"))
        XCTAssertEqual(Double(16193829348723345), Double(16193829348723344))
    }

    func testOneRepresentationPerValue() {
        XCTAssertEqual(number("1.0"), .int(1))
        XCTAssertEqual(number("1.0"), number("1"))
        XCTAssertTrue(number("1.0").isInteger)
        XCTAssertEqual(JSONValue.number(number("1.0")).schemaTypeName, "integer")
        XCTAssertEqual(JSONValue.number(number("1.5")).schemaTypeName, "number")
        XCTAssertEqual(number("1e2"), .int(100))
        XCTAssertEqual(number("0.1e1"), .int(1))
        XCTAssertEqual(number("-0"), .int(0))
        XCTAssertEqual(number("-0"), number("0"))
        XCTAssertEqual(number("-0.000e5"), .int(0))
        XCTAssertFalse(number("-0").isNegative)
        XCTAssertEqual(number("12.50"), number("1.25e1"))
        if case .decimal(let d) = number("12.50") {
            XCTAssertEqual(d.digits, [1, 2, 5])
            XCTAssertEqual(d.exponent, -1)
        } else { XCTFail() }
        XCTAssertEqual(number("1e19"), number("10000000000000000000"))
        if case .decimal = number("1e19") {} else { XCTFail("1e19 is beyond Int64") }
        XCTAssertEqual(number("9.223372036854775807e18"), .int(Int64.max))
    }

    func testDecimalsBuiltDirectlyStillCompareAndHashAsNumbers() {
        let direct = JSONNumber.decimal(ExactDecimal(5))
        XCTAssertEqual(direct, .int(5))
        XCTAssertEqual(direct.hashValue, JSONNumber.int(5).hashValue)
        XCTAssertEqual(direct.int64Value, 5)
        XCTAssertEqual(JSONNumber(ExactDecimal(5)), .int(5))
        XCTAssertEqual(Set([direct, .int(5), number("5.0")]).count, 1)
    }

    func testHugeAndTinyComparisons() {
        let e400 = number("1e400"), e399 = number("1e399")
        XCTAssertTrue(e399 < e400)
        XCTAssertFalse(e400 < e399)
        XCTAssertTrue(JSONNumber(Int64.max) < e399)
        XCTAssertTrue(number("-1e400") < JSONNumber(Int64.min))
        XCTAssertTrue(number("-1e400") < number("-1e399"))
        XCTAssertEqual(JSONNumber.compare(e400, number("10e399")), 0)
        XCTAssertEqual(JSONNumber.compare(number("1e-400"), .int(0)), 1)
        XCTAssertEqual(JSONNumber.compare(number("-1e-400"), .int(0)), -1)
        XCTAssertTrue(number("1e-400") < number("1e-399"))
        XCTAssertTrue(number("9223372036854775807") < number("9223372036854775808"))
        XCTAssertTrue(number("-9223372036854775809") < number("-9223372036854775808"))
        XCTAssertTrue(number("100000000000000000000") < number("100000000000000000001"))
    }

    func testDecimalsCompareExactly() {
        let a = number("0.1"), b = number("0.10000000000000001")
        XCTAssertNotEqual(a, b)
        XCTAssertTrue(a < b)
        XCTAssertEqual(Double("0.1"), Double("0.10000000000000001"))  // what a Double would get wrong
        XCTAssertEqual(number("0.1"), number("0.10"))
        XCTAssertTrue(number("-1.5") < number("-1.25"))
        XCTAssertTrue(number("-0.5") < .int(0))
        XCTAssertTrue(number("1.5") < .int(2))
        XCTAssertTrue(JSONNumber.int(1) < number("1.0000000000000000000001"))
        XCTAssertEqual(JSONNumber.compare(.int(-3), .int(7)), -1)
        XCTAssertEqual(JSONNumber.compare(.int(7), .int(7)), 0)
    }

    func testIsMultipleOfOnDecimals() {
        XCTAssertEqual(number("0.0075").isMultiple(of: number("0.0001")), true)
        XCTAssertEqual(number("0.00751").isMultiple(of: number("0.0001")), false)
        XCTAssertEqual(number("1e308").isMultiple(of: number("0.5")), true)
        XCTAssertEqual(number("19.99").isMultiple(of: number("0.01")), true)
        XCTAssertEqual(number("0.3").isMultiple(of: number("0.1")), true)
        XCTAssertEqual(number("0.7").isMultiple(of: number("0.1")), true)
        XCTAssertEqual(number("1").isMultiple(of: number("0.3")), false)
        XCTAssertEqual(number("4.5").isMultiple(of: number("1.5")), true)
        XCTAssertEqual(number("4.6").isMultiple(of: number("1.5")), false)
        XCTAssertEqual(number("1e-400").isMultiple(of: number("1e-401")), true)
        XCTAssertEqual(number("1e-401").isMultiple(of: number("1e-400")), false)
        XCTAssertEqual(number("-7.5").isMultiple(of: number("2.5")), true)
        XCTAssertEqual(number("1e400").isMultiple(of: number("7")), false)
        XCTAssertEqual(number("7e400").isMultiple(of: number("7")), true)
    }

    func testIsMultipleOfOnIntegers() {
        XCTAssertEqual(JSONNumber(10).isMultiple(of: JSONNumber(3)), false)
        XCTAssertEqual(JSONNumber(-9).isMultiple(of: JSONNumber(3)), true)
        XCTAssertEqual(JSONNumber(0).isMultiple(of: JSONNumber(7)), true)
        XCTAssertEqual(JSONNumber(Int64.min).isMultiple(of: JSONNumber(2)), true)
        XCTAssertEqual(JSONNumber(Int64.max).isMultiple(of: JSONNumber(Int64.max)), true)
        XCTAssertEqual(JSONNumber(5).isMultiple(of: number("0.5")), true)
        XCTAssertEqual(JSONNumber(5).isMultiple(of: JSONNumber(0)), false)
    }

    func testIsMultipleOfWithBigDivisors() {
        // Divisors with more than 18 significant digits take the long-division path.
        let d = number("1234567890123456789012")
        XCTAssertEqual(number("3703703670370370367036").isMultiple(of: d), true)
        XCTAssertEqual(number("3703703670370370367037").isMultiple(of: d), false)
        XCTAssertEqual(number("1234567890123456789012e5").isMultiple(of: d), true)
        let small = number("0.1234567890123456789")
        XCTAssertEqual(number("0.3703703670370370367").isMultiple(of: small), true)
        XCTAssertEqual(number("0.3703703670370370368").isMultiple(of: small), false)
        XCTAssertEqual(number("12345678901234567890").isMultiple(of: number("1234567890123456789")), true)
        XCTAssertEqual(number("12345678901234567891").isMultiple(of: number("1234567890123456789")), false)
        XCTAssertEqual(number("2e19").isMultiple(of: number("1e19")), true)
        // Work beyond the limit is refused (nil), not guessed.
        XCTAssertNil(number("1e100000000").isMultiple(of: number("1234567890123456789")))
    }

    func testHashConsistency() {
        let same = ["1", "1.0", "1e0", "10e-1", "0.1e1", "100e-2"].map { number($0) }
        for n in same {
            XCTAssertEqual(n, same[0])
            XCTAssertEqual(n.hashValue, same[0].hashValue)
        }
        XCTAssertEqual(Set(same).count, 1)
        let big = ["1e400", "10e399", "0.1e401", "1000e397"].map { number($0) }
        XCTAssertEqual(Set(big).count, 1)
        XCTAssertEqual(Set(["0.1", "0.10", "0.10000000000000001"].map { number($0) }).count, 2)
    }

    func testCanonicalDescription() {
        XCTAssertEqual(number("17000000000000000").description, "17000000000000000")
        XCTAssertEqual(JSONNumber(Int64.min).description, "-9223372036854775808")
        XCTAssertEqual(number("1.5").description, "1.5")
        XCTAssertEqual(number("-1.50").description, "-1.5")
        XCTAssertEqual(number("1e400").description, "1e+400")
        XCTAssertEqual(number("1.5e400").description, "1.5e+400")
        XCTAssertEqual(number("-1.5e400").description, "-1.5e+400")
        XCTAssertEqual(number("0.000001").description, "0.000001")
        XCTAssertEqual(number("1e-6").description, "0.000001")
        XCTAssertEqual(number("1e-7").description, "1e-7")
        XCTAssertEqual(number("1.23e-10").description, "1.23e-10")
        XCTAssertEqual(number("0.001").description, "0.001")
        XCTAssertEqual(number("1e20").description, "100000000000000000000")
        XCTAssertEqual(number("123456789012345678901").description, "123456789012345678901")
        XCTAssertEqual(number("1e21").description, "1e+21")
        XCTAssertEqual(number("123456789012345678901.5").description, "123456789012345678901.5")
        XCTAssertEqual(number("1234567890123456789012.5").description, "1.2345678901234567890125e+21")
        XCTAssertEqual(number("-0.0").description, "0")
        // Every description parses back to the same value.
        for text in ["1.5e+400", "1e-7", "0.000001", "123456789012345678901.5", "-2.5e-300"] {
            XCTAssertEqual(JSONNumber(parsing: number(text).description), number(text))
        }
    }

    func testParsingRejectsNonJSONText() {
        for text in ["", "01", "1.", ".5", "+1", "1e", "abc", " 1", "1 ", "0x1", "NaN", "-", "1e+-1", "--1"] {
            XCTAssertNil(JSONNumber(parsing: text), text)
        }
    }

    func testExactDecimalNormalisation() {
        let d = ExactDecimal(isNegative: false, digits: [0, 0, 1, 2, 0, 0], exponent: 0)
        XCTAssertEqual(d.digits, [1, 2])
        XCTAssertEqual(d.exponent, 2)
        let z = ExactDecimal(isNegative: true, digits: [0, 0], exponent: 7)
        XCTAssertEqual(z, ExactDecimal.zero)
        XCTAssertFalse(z.isNegative)
        XCTAssertEqual(ExactDecimal(isNegative: true, digits: [], exponent: 3), .zero)
        XCTAssertEqual(ExactDecimal(Int64.min).description, "-9223372036854775808")
        XCTAssertEqual(ExactDecimal(Int64.min).int64Value, Int64.min)
        XCTAssertNil(ExactDecimal(isNegative: false, digits: [9, 2, 2, 3, 3, 7, 2, 0, 3, 6, 8, 5, 4, 7, 7, 5, 8, 0, 8], exponent: 0).int64Value)
        XCTAssertNil(ExactDecimal(isNegative: false, digits: [1], exponent: 19).int64Value)
        XCTAssertEqual(ExactDecimal(isNegative: false, digits: [1], exponent: 18).int64Value, 1_000_000_000_000_000_000)
    }

    func testDoubleValue() {
        XCTAssertEqual(number("1.5").doubleValue, 1.5)
        XCTAssertEqual(number("-2.5e-3").doubleValue, -0.0025)
        XCTAssertEqual(number("1e400").doubleValue, .infinity)
        XCTAssertEqual(number("-1e400").doubleValue, -.infinity)
        XCTAssertEqual(number("1e-400").doubleValue, 0)
        XCTAssertEqual(number("16193829348723345").doubleValue, 16193829348723344)
        XCTAssertEqual(number("0.1").doubleValue, 0.1)
    }

    func testFloatLiteralIsTakenThroughShortestText() {
        let v: JSONValue = 0.1
        XCTAssertEqual(v, .number(number("0.1")))
        let w: JSONValue = 1e-7
        XCTAssertEqual(w, .number(number("1e-7")))
        let x: JSONValue = 2.0
        XCTAssertEqual(x, 2)
    }
}
