// ECMA-262 RegularExpression syntax, unicode mode, via the ECMARegex module.
import ECMARegex

/// Checker for the `regex` format.
public enum RegexFormat {
    /// `regex`: the string compiles as an ECMA-262 regular expression with the `u` flag.
    @Sendable public static func isRegex(_ string: String) -> Bool {
        do {
            _ = try ECMARegex(string)
            return true
        } catch {
            return false
        }
    }
}
