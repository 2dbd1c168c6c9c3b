import ChatPayloads

/// The checks behind `expectValid`/`expectInvalid` and their XCTest twins, free of any test
/// framework: each returns the failure text, or nil when the expectation holds.
public enum PayloadExpectation {
    /// Nil when `bytes` is valid as `schema` under `profile`; else the text of the failure,
    /// listing every error as `pointer (line:column): message`.
    public static func validFailure(_ bytes: some Collection<UInt8>, as schema: BundledSchema, profile: Profile) -> String? {
        let validator: PayloadValidator
        do {
            validator = try PayloadValidator(schema: .bundled(schema), profile: profile)
        } catch {
            return "the \(schema.rawValue) schema does not compile under \(profile.name.rawValue): \(error)"
        }
        let report = validator.validate(bytes: bytes)
        if report.isValid { return nil }
        return "expected a valid \(schema.rawValue) payload under \(profile.name.rawValue), got \(report.outcome.rawValue):\n"
            + report.errors.map { "  " + describe($0) }.joined(separator: "\n")
    }

    /// Nil when `bytes` is not valid as `schema` under `profile` and (when `pointer` is given)
    /// some error is at that JSON Pointer (`"/createdAt"`, `""` for the root); else the failure text.
    public static func invalidFailure(_ bytes: some Collection<UInt8>, as schema: BundledSchema, at pointer: String?, profile: Profile) -> String? {
        let validator: PayloadValidator
        do {
            validator = try PayloadValidator(schema: .bundled(schema), profile: profile)
        } catch {
            return "the \(schema.rawValue) schema does not compile under \(profile.name.rawValue): \(error)"
        }
        let report = validator.validate(bytes: bytes)
        if report.isValid {
            return "expected an invalid \(schema.rawValue) payload\(pointer.map { " (an error at \(quoted($0)))" } ?? "") under \(profile.name.rawValue), but it is valid"
        }
        guard let pointer else { return nil }
        if report.errors.contains(where: { $0.instanceLocation.description == pointer }) { return nil }
        return "expected an error at \(quoted(pointer)) in the \(schema.rawValue) payload under \(profile.name.rawValue); the errors are:\n"
            + report.errors.map { "  " + describe($0) }.joined(separator: "\n")
    }

    /// `"/pointer" (line:column): message`.
    static func describe(_ issue: PayloadIssue) -> String {
        let place = issue.location.map { " (\($0.line):\($0.column))" } ?? ""
        return "\(quoted(issue.instanceLocation.description))\(place): \(issue.message)"
    }

    static func quoted(_ pointer: String) -> String { "\"\(pointer)\"" }
}
