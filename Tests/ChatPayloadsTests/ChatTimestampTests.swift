import ChatPayloads
import Foundation
import XCTest
import TestSupport

final class ChatTimestampTests: XCTestCase {
    func testNativeFormRoundTripsExactly() throws {
        let t = try XCTUnwrap(ChatTimestamp(parsing: "2022-05-10T14:48:00.000Z", policy: .native))
        XCTAssertEqual(t.nativeString, "2022-05-10T14:48:00.000Z")
        XCTAssertEqual(t.epochSeconds, 1_652_194_080)
        XCTAssertEqual(t.nanoseconds, 0)
    }

    func testEncodingTruncatesToMillisecondsNeverRounds() throws {
        let t = try XCTUnwrap(ChatTimestamp(parsing: "2020-12-31T23:59:59.9999999Z"))
        XCTAssertEqual(t.nativeString, "2020-12-31T23:59:59.999Z")
        XCTAssertEqual(t.preciseString, "2020-12-31T23:59:59.999999900Z")
        XCTAssertEqual(try XCTUnwrap(ChatTimestamp(parsing: "2020-09-23T09:23:34.598494Z")).preciseString, "2020-09-23T09:23:34.598494Z")
        XCTAssertEqual(t.truncatedToMilliseconds.nativeString, t.nativeString)
    }

    func testOffsetsAreNormalizedToUTC() throws {
        let a = try XCTUnwrap(ChatTimestamp(parsing: "2020-09-23T11:23:34+02:00"))
        let b = try XCTUnwrap(ChatTimestamp(parsing: "2020-09-23T09:23:34Z"))
        XCTAssertEqual(a, b)
        XCTAssertEqual(a.nativeString, "2020-09-23T09:23:34.000Z")
        XCTAssertEqual(try XCTUnwrap(ChatTimestamp(parsing: "2000-03-01T00:30:00+01:00")).nativeString, "2000-02-29T23:30:00.000Z")
    }

    func testPolicies() {
        let native = "2022-05-10T14:48:00.000Z"
        let noFraction = "2022-05-10T14:48:00Z"
        let micro = "2020-09-23T09:23:34.598494Z"
        let offset = "2022-05-10T14:48:00.000+00:00"
        let lower = "2022-05-10t14:48:00.000z"
        for text in [native, noFraction, micro, offset, lower] {
            XCTAssertNotNil(ChatTimestamp(parsing: text, policy: .rfc3339), text)
        }
        XCTAssertNotNil(ChatTimestamp(parsing: native, policy: .native))
        for text in [noFraction, micro, offset, lower] {
            XCTAssertNil(ChatTimestamp(parsing: text, policy: .native), text)
        }
        XCTAssertNotNil(ChatTimestamp(parsing: native, policy: .nativeOrNoFraction))
        XCTAssertNotNil(ChatTimestamp(parsing: noFraction, policy: .nativeOrNoFraction))
        for text in [micro, offset, lower] {
            XCTAssertNil(ChatTimestamp(parsing: text, policy: .nativeOrNoFraction), text)
        }
        for text in ["not-a-date", "2022-02-30T00:00:00Z", "2022-05-10 14:48:00Z", ""] {
            XCTAssertNil(ChatTimestamp(parsing: text), text)
        }
    }

    func testRangeAndExtremes() throws {
        XCTAssertEqual(try XCTUnwrap(ChatTimestamp(parsing: "0000-01-01T00:00:00Z")).nativeString, "0000-01-01T00:00:00.000Z")
        XCTAssertEqual(try XCTUnwrap(ChatTimestamp(parsing: "9999-12-31T23:59:59.999Z")).nativeString, "9999-12-31T23:59:59.999Z")
        XCTAssertNil(ChatTimestamp(parsing: "0000-01-01T00:00:00+01:00"), "before year 0 in UTC")
        XCTAssertNil(ChatTimestamp(parsing: "9999-12-31T23:59:59-01:00"), "after year 9999 in UTC")
        XCTAssertNil(ChatTimestamp(epochSeconds: 0, nanoseconds: 1_000_000_000))
        XCTAssertNil(ChatTimestamp(epochSeconds: 0, nanoseconds: -1))
        XCTAssertEqual(try XCTUnwrap(ChatTimestamp(epochSeconds: -1, nanoseconds: 5_000_000)).nativeString, "1969-12-31T23:59:59.005Z")
    }

    func testCivilDatesMatchParsingForManyInstants() throws {
        var rng = SplitMix64(seed: 7)
        for _ in 0..<2_000 {
            let seconds = Int64.random(in: ChatTimestamp.minEpochSeconds...ChatTimestamp.maxEpochSeconds, using: &rng)
            let millis = Int.random(in: 0...999, using: &rng)
            let t = try XCTUnwrap(ChatTimestamp(epochSeconds: seconds, nanoseconds: millis * 1_000_000))
            let back = try XCTUnwrap(ChatTimestamp(parsing: t.nativeString, policy: .native), t.nativeString)
            XCTAssertEqual(back, t)
        }
    }

    func testLeapSecondCountsAsNextSecond() throws {
        let leap = try XCTUnwrap(ChatTimestamp(parsing: "1998-12-31T23:59:60Z"))
        XCTAssertEqual(leap, try XCTUnwrap(ChatTimestamp(parsing: "1999-01-01T00:00:00Z")))
    }

    func testTimetokens() throws {
        let t = try XCTUnwrap(ChatTimestamp(timetoken: 16_528_923_154_210_004))
        XCTAssertEqual(t.epochSeconds, 1_652_892_315)
        XCTAssertEqual(t.nanoseconds, 421_000_400)
        XCTAssertEqual(t.timetoken, 16_528_923_154_210_004)
        XCTAssertEqual(try XCTUnwrap(ChatTimestamp(timetoken: -1)).nativeString, "1969-12-31T23:59:59.999Z")
    }

    func testOrderingAndFoundationBridge() throws {
        let a = try XCTUnwrap(ChatTimestamp(parsing: "2020-01-01T00:00:00.001Z"))
        let b = try XCTUnwrap(ChatTimestamp(parsing: "2020-01-01T00:00:00.002Z"))
        XCTAssertLessThan(a, b)
        let date = a.date
        XCTAssertEqual(date.timeIntervalSince1970, 1_577_836_800.001, accuracy: 1e-6)
        XCTAssertEqual(ChatTimestamp(date: date), a)
        XCTAssertNil(ChatTimestamp(date: Date(timeIntervalSince1970: .infinity)))
    }

    func testCodableIsLossless() throws {
        let t = try XCTUnwrap(ChatTimestamp(parsing: "2020-09-23T09:23:34.598494Z"))
        let data = try JSONEncoder().encode([t])
        XCTAssertEqual(String(decoding: data, as: UTF8.self), #"["2020-09-23T09:23:34.598494Z"]"#)
        XCTAssertEqual(try JSONDecoder().decode([ChatTimestamp].self, from: data), [t])
        XCTAssertThrowsError(try JSONDecoder().decode([ChatTimestamp].self, from: Data(#"["nope"]"#.utf8)))
    }
}
