/// A compiled ECMA-262 regular expression (unicode mode). Immutable, Sendable.
///
/// Patterns and inputs are processed as sequences of Unicode scalars (code points),
/// exactly as JavaScript does with the `u` flag. Matching is done by a backtracking
/// virtual machine with an explicit stack and a step budget, so no pattern or input
/// can hang the caller or overflow the native stack.
public struct ECMARegex: Sendable {
    /// The pattern source as given.
    public let pattern: String

    /// The compiled form of `pattern`.
    let program: Program

    /// Compiles `pattern`. Throws `RegexSyntaxError` for any pattern that is a SyntaxError
    /// in ECMA-262 with the `u` flag.
    public init(_ pattern: String) throws(RegexSyntaxError) {
        self.pattern = pattern
        var parser = Parser(pattern: pattern.unicodeScalars.map(\.value))
        let tree = try parser.parse()
        self.program = Compiler.compile(tree)
    }

    /// The default budget for `test(_:stepLimit:)`: one million matcher steps.
    public static let defaultStepLimit: Int = 1_000_000

    /// The outcome of `test(_:stepLimit:)`.
    public enum MatchResult: Sendable, Equatable {
        /// The pattern matches somewhere in the input.
        case match
        /// The pattern matches nowhere in the input.
        case noMatch
        /// The step budget ran out before an answer was found.
        case tooExpensive
    }

    /// Unanchored search, like JavaScript `new RegExp(pattern, "u").test(input)`.
    ///
    /// `stepLimit` bounds backtracking work; when exceeded the result is `.tooExpensive`
    /// (never a hang). A step is one instruction executed or one backtrack taken by the
    /// matcher; linear scans (literal search, a greedy run of a single character class)
    /// cost one step each rather than one per character.
    public func test(_ input: String, stepLimit: Int = ECMARegex.defaultStepLimit) -> MatchResult {
        if let literal = program.literal {
            return literal.test(input) ? .match : .noMatch
        }
        let scalars = input.unicodeScalars.map(\.value)
        var matcher = Matcher(program: program, input: scalars, stepLimit: stepLimit)
        return matcher.search()
    }

    /// ``test(_:stepLimit:)`` that also adds to `stepsSpent` the steps the search took beyond
    /// the linear allowance every input gets (for a budget shared by many tests: a caller
    /// passes what is left of it as `stepLimit`). A literal search spends none.
    public func test(_ input: String, stepLimit: Int, stepsSpent: inout Int) -> MatchResult {
        if let literal = program.literal {
            return literal.test(input) ? .match : .noMatch
        }
        let scalars = input.unicodeScalars.map(\.value)
        var matcher = Matcher(program: program, input: scalars, stepLimit: stepLimit)
        let result = matcher.search()
        stepsSpent = stepsSpent.addingReportingOverflow(matcher.stepsBeyondAllowance).overflow ? Int.max : stepsSpent + matcher.stepsBeyondAllowance
        return result
    }

    /// The number of capturing groups in the pattern.
    public var captureGroupCount: Int { program.groupCount }
}
