import Foundation
import JSONCore
import JSONSchemaConformance

// Usage: conformance [SUITE_DIR] [--json] [--failures]
// Prints per-file and per-section pass counts for the draft2020-12 tests (required, optional,
// optional/format with format assertion on). Exit status 0 when every required test passes.

var arguments = Array(CommandLine.arguments.dropFirst())
let asJSON = arguments.contains("--json")
let showFailures = arguments.contains("--failures")
arguments.removeAll { $0.hasPrefix("--") }

let root: URL
if let path = arguments.first {
    root = URL(fileURLWithPath: path)
} else if let found = SuiteRunner.locate(from: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)) {
    root = found
} else {
    FileHandle.standardError.write(Data("conformance: test suite not found; pass its path or set JSON_SCHEMA_TEST_SUITE\n".utf8))
    exit(2)
}

let results: [SuiteRunner.FileResult]
do {
    results = try SuiteRunner(root: root).run()
} catch {
    FileHandle.standardError.write(Data("conformance: \(error)\n".utf8))
    exit(2)
}

var totals: [SuiteRunner.Section: (passed: Int, total: Int)] = [:]
for r in results {
    let t = totals[r.section] ?? (0, 0)
    totals[r.section] = (t.passed + r.passed, t.total + r.total)
}

if asJSON {
    var files: [JSONValue] = []
    for r in results {
        files.append(["file": .string(r.file), "section": .string(r.section.rawValue), "passed": .number(JSONNumber(r.passed)), "total": .number(JSONNumber(r.total))])
    }
    var sections: [JSONObject.Member] = []
    for s in SuiteRunner.Section.allCases {
        let t = totals[s] ?? (0, 0)
        sections.append(.init(key: s.rawValue, value: ["passed": .number(JSONNumber(t.passed)), "total": .number(JSONNumber(t.total))]))
    }
    let out: JSONValue = ["files": .array(files), "sections": .object(JSONObject(sections))]
    print(JSONWriter.string(out, options: .pretty))
} else {
    for r in results {
        let mark = r.passed == r.total ? " " : "!"
        print("\(mark) \(r.file.padding(toLength: 44, withPad: " ", startingAt: 0)) \(r.passed)/\(r.total)")
        if showFailures {
            for f in r.failures { print("    - \(f.group) / \(f.test): \(f.reason)") }
        }
    }
    print("")
    for s in SuiteRunner.Section.allCases {
        let t = totals[s] ?? (0, 0)
        print("\(s.rawValue): \(t.passed) / \(t.total)")
    }
    let decided = results.reduce(0) { $0 + $1.tapeDecided }
    let forms = results.reduce(0) { $0 + $1.total } * 2
    print("tape fast path: decided \(decided) of \(forms) test instances (compact and pretty); a disagreement with the suite counts as a failure above")
}
let required = totals[.required] ?? (0, 0)
exit(required.passed == required.total && required.total > 0 ? 0 : 1)
