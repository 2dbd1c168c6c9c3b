import ChatPayloads
import XCTest

// XCTest twins of the Swift Testing expectations: each failure is an `XCTFail` at the caller's line.

/// Fails unless `payload` is valid as `schema` under `profile` (XCTest).
public func XCTAssertValidPayload(
    _ payload: some Collection<UInt8>, as schema: BundledSchema, profile: Profile = .standard,
    file: StaticString = #filePath, line: UInt = #line
) {
    if let failure = PayloadExpectation.validFailure(payload, as: schema, profile: profile) {
        XCTFail(failure, file: file, line: line)
    }
}

/// ``XCTAssertValidPayload(_:as:profile:file:line:)`` for a payload given as text.
public func XCTAssertValidPayload(
    _ payload: String, as schema: BundledSchema, profile: Profile = .standard, file: StaticString = #filePath, line: UInt = #line
) {
    XCTAssertValidPayload(Array(payload.utf8), as: schema, profile: profile, file: file, line: line)
}

/// Fails unless `payload` is invalid as `schema` under `profile` with an error at `pointer` (XCTest).
public func XCTAssertInvalidPayload(
    _ payload: some Collection<UInt8>, as schema: BundledSchema, at pointer: String? = nil, profile: Profile = .standard,
    file: StaticString = #filePath, line: UInt = #line
) {
    if let failure = PayloadExpectation.invalidFailure(payload, as: schema, at: pointer, profile: profile) {
        XCTFail(failure, file: file, line: line)
    }
}

/// ``XCTAssertInvalidPayload(_:as:at:profile:file:line:)`` for a payload given as text.
public func XCTAssertInvalidPayload(
    _ payload: String, as schema: BundledSchema, at pointer: String? = nil, profile: Profile = .standard,
    file: StaticString = #filePath, line: UInt = #line
) {
    XCTAssertInvalidPayload(Array(payload.utf8), as: schema, at: pointer, profile: profile, file: file, line: line)
}

/// Runs every interop vector through `decode` and fails once per disagreement, naming the
/// vector's id (XCTest twin of `expectInteropAgreement`).
public func XCTAssertInteropAgreement(
    profile: ProfileName = .standard, file: StaticString = #filePath, line: UInt = #line,
    decode: (CodecVector) throws -> [UInt8]
) {
    for disagreement in InteropVectorCheck.disagreements(profile: profile, decode: decode) {
        XCTFail(disagreement.description, file: file, line: line)
    }
}
