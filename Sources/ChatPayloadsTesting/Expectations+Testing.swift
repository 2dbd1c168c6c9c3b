import ChatPayloads
import Testing

// Swift Testing: each failed expectation is an `Issue.record` at the caller's source location.

/// Records an issue unless `payload` is valid as `schema` under `profile`.
///
/// ```swift
/// @Test func sendsValidMessages() throws {
///     expectValid(try composer.encode(draft), as: .message, profile: .strict)
/// }
/// ```
public func expectValid(
    _ payload: some Collection<UInt8>, as schema: BundledSchema, profile: Profile = .standard,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    if let failure = PayloadExpectation.validFailure(payload, as: schema, profile: profile) {
        Issue.record(Comment(rawValue: failure), sourceLocation: sourceLocation)
    }
}

/// ``expectValid(_:as:profile:sourceLocation:)`` for a payload given as text.
public func expectValid(
    _ payload: String, as schema: BundledSchema, profile: Profile = .standard,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    expectValid(Array(payload.utf8), as: schema, profile: profile, sourceLocation: sourceLocation)
}

/// Records an issue unless `payload` is invalid as `schema` under `profile` with an error at
/// the JSON Pointer `pointer` (any error when nil).
public func expectInvalid(
    _ payload: some Collection<UInt8>, as schema: BundledSchema, at pointer: String? = nil, profile: Profile = .standard,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    if let failure = PayloadExpectation.invalidFailure(payload, as: schema, at: pointer, profile: profile) {
        Issue.record(Comment(rawValue: failure), sourceLocation: sourceLocation)
    }
}

/// ``expectInvalid(_:as:at:profile:sourceLocation:)`` for a payload given as text.
public func expectInvalid(
    _ payload: String, as schema: BundledSchema, at pointer: String? = nil, profile: Profile = .standard,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    expectInvalid(Array(payload.utf8), as: schema, at: pointer, profile: profile, sourceLocation: sourceLocation)
}

/// Runs every interop vector through `decode` (see ``InteropVectorCheck``) and records one
/// issue per disagreement, naming the vector's id, at the caller's source location.
public func expectInteropAgreement(
    profile: ProfileName = .standard, sourceLocation: Testing.SourceLocation = #_sourceLocation,
    decode: (CodecVector) throws -> [UInt8]
) {
    for disagreement in InteropVectorCheck.disagreements(profile: profile, decode: decode) {
        Issue.record(Comment(rawValue: disagreement.description), sourceLocation: sourceLocation)
    }
}
