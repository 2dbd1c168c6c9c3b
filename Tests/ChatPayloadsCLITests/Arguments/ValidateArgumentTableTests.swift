import ArgumentParser
import Foundation
import XCTest
@testable import ChatPayloadsCLI

/// The direct parse's option table (``ValidateArgument``) names exactly the options
/// ``ValidateArguments`` declares to ArgumentParser, as ArgumentParser itself describes them
/// (`--experimental-dump-help`'s JSON): names, whether a value follows, whether it repeats,
/// the parsing strategy it assumes; and one positional list of paths.
final class ValidateArgumentTableTests: XCTestCase {
    /// One option or flag as the dump or the table describes it.
    struct Described: Hashable, CustomStringConvertible {
        let long: String
        let short: String?
        let takesValue: Bool
        let repeats: Bool

        var description: String { "--\(long)\(short.map { " -\($0)" } ?? "") value:\(takesValue) repeats:\(repeats)" }
    }

    /// The `arguments` of ValidateCommand's dump.
    func dumpedArguments() throws -> [[String: Any]] {
        let dump = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(ValidateCommand._dumpHelp().utf8)) as? [String: Any])
        let command = try XCTUnwrap(dump["command"] as? [String: Any])
        XCTAssertEqual(command["commandName"] as? String, "validate")
        return try XCTUnwrap(command["arguments"] as? [[String: Any]])
    }

    func testTheTableNamesExactlyTheDeclaredOptions() throws {
        var declared: Set<Described> = []
        var positionals: [[String: Any]] = []
        for argument in try dumpedArguments() {
            let kind = try XCTUnwrap(argument["kind"] as? String)
            if kind == "positional" {
                positionals.append(argument)
                continue
            }
            let names = try XCTUnwrap(argument["names"] as? [[String: Any]])
            let long = names.filter { $0["kind"] as? String == "long" }.compactMap { $0["name"] as? String }
            let short = names.filter { $0["kind"] as? String == "short" }.compactMap { $0["name"] as? String }
            // ArgumentParser's own help flag is answered by ArgumentParser (the scan declines it).
            if long == ["help"] { continue }
            XCTAssertEqual(long.count, 1, "one long name (no --x/--no-x inversion): \(names)")
            XCTAssertLessThanOrEqual(short.count, 1, "\(names)")
            XCTAssertEqual(names.count, long.count + short.count, "no single-dash long names: \(names)")
            XCTAssertEqual(argument["parsingStrategy"] as? String, "default", "the scan reads the default strategy only: \(names)")
            XCTAssertTrue(["option", "flag"].contains(kind), kind)
            declared.insert(Described(
                long: long.first ?? "", short: short.first, takesValue: kind == "option", repeats: argument["isRepeating"] as? Bool ?? false))
        }
        let table = Set(ValidateArgument.allCases.map {
            Described(long: $0.longName, short: $0.shortName.map { String(UnicodeScalar($0)) }, takesValue: $0.takesValue, repeats: $0.repeats)
        })
        XCTAssertEqual(table.count, ValidateArgument.allCases.count)
        XCTAssertEqual(declared.subtracting(table).map(\.description).sorted(), [], "declared to ArgumentParser, missing from ValidateArgument")
        XCTAssertEqual(table.subtracting(declared).map(\.description).sorted(), [], "in ValidateArgument, not declared to ArgumentParser")
        XCTAssertEqual(positionals.count, 1, "one positional list: the paths")
        XCTAssertEqual(positionals.first?["isRepeating"] as? Bool, true)
        XCTAssertEqual(positionals.first?["parsingStrategy"] as? String, "default")
    }

    func testTheDirectNameIsTheCommandName() {
        XCTAssertEqual(ValidateCommand.directName, ValidateCommand._commandName)
    }
}
