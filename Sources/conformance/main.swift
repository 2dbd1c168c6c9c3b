import Foundation
import JSONCore
import JSONSchemaConformance
import JSONSchemaValidator

// Usage: conformance [SUITE_DIR] [--json] [--failures]
// Prints per-file and per-section pass counts for the tests of every draft (2020-12 first, as
// before, then 2019-09, 7, 6 and 4): required, optional, optional/format with format assertion
// on. Exit status 0 when every required test of every draft passes.

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

let runner = SuiteRunner(root: root)
// 2020-12 first, printed as it always was; then each older draft under its folder name.
var perDraft: [(draft: SchemaDraft, results: [SuiteRunner.FileResult])] = []
do {
    for draft in [SchemaDraft.draft202012, .draft201909, .draft7, .draft6, .draft4] {
        perDraft.append((draft, try runner.run(draft: draft)))
    }
} catch {
    FileHandle.standardError.write(Data("conformance: \(error)\n".utf8))
    exit(2)
}

func totals(_ results: [SuiteRunner.FileResult]) -> [SuiteRunner.Section: (passed: Int, total: Int)] {
    var totals: [SuiteRunner.Section: (passed: Int, total: Int)] = [:]
    for r in results {
        let t = totals[r.section] ?? (0, 0)
        totals[r.section] = (t.passed + r.passed, t.total + r.total)
    }
    return totals
}

if asJSON {
    var drafts: [JSONObject.Member] = []
    for (draft, results) in perDraft {
        var files: [JSONValue] = []
        for r in results {
            files.append(["file": .string(r.file), "section": .string(r.section.rawValue), "passed": .number(JSONNumber(r.passed)), "total": .number(JSONNumber(r.total))])
        }
        var sections: [JSONObject.Member] = []
        let t = totals(results)
        for s in SuiteRunner.Section.allCases {
            let c = t[s] ?? (0, 0)
            sections.append(.init(key: s.rawValue, value: ["passed": .number(JSONNumber(c.passed)), "total": .number(JSONNumber(c.total))]))
        }
        drafts.append(.init(key: SuiteRunner.folder(of: draft), value: ["files": .array(files), "sections": .object(JSONObject(sections))]))
    }
    // The top-level files/sections stay 2020-12's, as before; `drafts` holds every draft.
    let first = drafts.first?.value ?? .null
    let out: JSONValue = ["files": first["files"] ?? .null, "sections": first["sections"] ?? .null, "drafts": .object(JSONObject(drafts))]
    print(JSONWriter.string(out, options: .pretty))
} else {
    for (draft, results) in perDraft {
        let label = draft == .draft202012 ? "" : SuiteRunner.folder(of: draft) + " "
        if draft != .draft202012 { print("\n\(SuiteRunner.folder(of: draft))") }
        for r in results {
            let mark = r.passed == r.total ? " " : "!"
            print("\(mark) \(r.file.padding(toLength: 44, withPad: " ", startingAt: 0)) \(r.passed)/\(r.total)")
            if showFailures {
                for f in r.failures { print("    - \(f.group) / \(f.test): \(f.reason)") }
            }
        }
        print("")
        let t = totals(results)
        for s in SuiteRunner.Section.allCases {
            let c = t[s] ?? (0, 0)
            print("\(label)\(s.rawValue): \(c.passed) / \(c.total)")
        }
        let decided = results.reduce(0) { $0 + $1.tapeDecided }
        let forms = results.reduce(0) { $0 + $1.total } * 2
        print("\(label)tape fast path: decided \(decided) of \(forms) test instances (compact and pretty); a disagreement with the suite counts as a failure above")
    }
}
let allRequiredPass = perDraft.allSatisfy { entry in
    let required = totals(entry.results)[.required] ?? (0, 0)
    return required.passed == required.total && required.total > 0
}
exit(allRequiredPass ? 0 : 1)
