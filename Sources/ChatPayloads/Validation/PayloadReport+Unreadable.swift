import JSONCore

extension PayloadReport {
    /// The report of an unreadable payload whose one issue is `issue` (the `basic` output holds
    /// it as its one unit).
    static func unreadable(_ issue: PayloadIssue, schemaName: String) -> PayloadReport {
        let output = PayloadOutput(valid: false, errors: [PayloadOutput.Unit(issue: issue, keyword: false)])
        return PayloadReport(outcome: .unreadable, schemaName: schemaName, issues: [issue], output: .init(output))
    }

    /// The report every ``PayloadValidator`` gives `bytes` when they are not JSON under
    /// `profile` (over `max-bytes`, not JSON, over a parser limit, a repeated key the profile
    /// refuses in a text that is not JSON either), made without a validator; nil when the text
    /// reads (then only a validator can judge it). `schemaName` names the report's schema.
    public static func unreadable(text bytes: [UInt8], profile: Profile, schemaName: String) -> PayloadReport? {
        if let issue = PayloadValidator.sizeIssue(bytes.count, profile: profile) { return unreadable(issue, schemaName: schemaName) }
        var options = profile.parseOptions
        options.maxBytes = Int.max
        do throws(JSONParseError) {
            _ = try JSONParser.parse(bytes, options: options)
        } catch {
            // A repeated key is reported as the validator reports it: the text is read again
            // with the last one winning, and only when that fails too is the text unreadable.
            if error.kind == .duplicateKey {
                options.duplicateKeys = .lastWins
                guard (try? JSONParser.parse(bytes, options: options)) == nil else { return nil }
            }
            return unreadable(PayloadValidator.parseIssue(error), schemaName: schemaName)
        }
        return nil
    }
}
