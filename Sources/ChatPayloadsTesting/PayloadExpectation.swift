import ChatPayloads

/// The checks behind `expectValid`/`expectInvalid` and their XCTest twins, free of any test
/// framework: each returns the failure text, or nil when the expectation holds.
public enum PayloadExpectation {
    /// Nil when `bytes` is valid as `schema` under `profile`; else the text of the failure,
    /// listing every error as `pointer (line:column): message`.
    public static func validFailure(_ bytes: some Collection<UInt8>, as schema: BundledSchema, profile: Profile) -> String? {
        let report: PayloadReport
        switch validate(bytes, as: schema, profile: profile) {
        case .success(let r): report = r
        case .failure(let failure): return failure.text
        }
        if report.isValid { return nil }
        return "expected a valid \(schema.rawValue) payload under \(profile.name.rawValue), got \(report.outcome.rawValue):\n"
            + report.errors.map { "  " + describe($0) }.joined(separator: "\n")
    }

    /// Nil when `bytes` is not valid as `schema` under `profile` (and was decided: a limit, such
    /// as the profile's `max-regex-steps`, is not invalidity) and (when `pointer` is given)
    /// some error is at that JSON Pointer (`"/createdAt"`, `""` for the root); else the failure text.
    public static func invalidFailure(_ bytes: some Collection<UInt8>, as schema: BundledSchema, at pointer: String?, profile: Profile) -> String? {
        let report: PayloadReport
        switch validate(bytes, as: schema, profile: profile) {
        case .success(let r): report = r
        case .failure(let failure): return failure.text
        }
        if report.isValid {
            return "expected an invalid \(schema.rawValue) payload\(pointer.map { " (an error at \(quoted($0)))" } ?? "") under \(profile.name.rawValue), but it is valid"
        }
        // A limit is never a pass: a payload not decided was not shown to be invalid.
        if !report.isDecided {
            return "expected an invalid \(schema.rawValue) payload under \(profile.name.rawValue), but it was not decided (a limit):\n"
                + report.errors.map { "  " + describe($0) }.joined(separator: "\n")
        }
        guard let pointer else { return nil }
        if report.errors.contains(where: { $0.instanceLocation.description == pointer }) { return nil }
        return "expected an error at \(quoted(pointer)) in the \(schema.rawValue) payload under \(profile.name.rawValue); the errors are:\n"
            + report.errors.map { "  " + describe($0) }.joined(separator: "\n")
    }

    /// A schema that does not compile, as the failure text says it.
    struct CompileFailure: Error {
        let text: String
    }

    /// The report on `bytes` as `schema` under `profile`, or why the schema does not compile.
    static func validate(_ bytes: some Collection<UInt8>, as schema: BundledSchema, profile: Profile) -> Result<PayloadReport, CompileFailure> {
        do {
            return .success(try PayloadValidator(schema: .bundled(schema), profile: profile).validate(bytes))
        } catch {
            return .failure(CompileFailure(text: "the \(schema.rawValue) schema does not compile under \(profile.name.rawValue): \(error)"))
        }
    }

    /// `"/pointer" (line:column): message`.
    static func describe(_ issue: PayloadIssue) -> String {
        let place = issue.location.map { " (\($0.line):\($0.column))" } ?? ""
        return "\(quoted(issue.instanceLocation.description))\(place): \(issue.message)"
    }

    static func quoted(_ pointer: String) -> String { "\"\(pointer)\"" }
}
