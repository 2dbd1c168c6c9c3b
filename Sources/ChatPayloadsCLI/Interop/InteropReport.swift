import ArgumentParser
import ChatPayloads
import JSONCore

/// Everything the `interop check` reporters show: each vector's result, whether its class is
/// allowed (`--allow`), and the totals.
struct InteropReport {
    struct Entry {
        var vector: CodecVector
        var result: VectorResult
        /// The class is accepted by `--allow` (or the vector agrees).
        var allowed: Bool
        /// The payload file reports point at.
        var payloadPath: String

        /// `line` and `column` of `pointer` in the payload file (1:1 when it is not there).
        func position(of pointer: JSONPointer) -> (line: Int, column: Int) {
            guard let document = try? JSONParser.parse(vector.payload), let location = document.location(of: pointer) else { return (1, 1) }
            return (location.line, location.column)
        }

        /// The differences a report lists: those that matter, and with `verbose` the notes too.
        func shownDifferences(verbose: Bool) -> [PayloadDifference] {
            result.differences.filter { verbose || $0.matters }
        }
    }

    var profile: ProfileName
    var command: String
    var entries: [Entry]
    var version: String
    var seconds: Double

    /// How many vectors came out in each class.
    var counts: [VectorResult.Classification: Int] {
        var counts: [VectorResult.Classification: Int] = [:]
        for e in entries { counts[e.result.classification, default: 0] += 1 }
        return counts
    }

    /// Whether every vector agrees (or is in an allowed class).
    var passed: Bool { entries.allSatisfy(\.allowed) }

    var status: ExitStatus { passed ? .success : .invalid }

    /// `checked 33 vectors under standard: 28 agree, 0 dropped, 0 lenient, 5 lossy, 0 failed`.
    var summaryLine: String {
        let c = counts
        let parts = VectorResult.Classification.allCases.map { "\(c[$0] ?? 0) \($0 == .agrees ? "agree" : $0.rawValue)" }
        let allowed = entries.filter { $0.allowed && $0.result.classification != .agrees }.count
        return "checked \(entries.count) vector\(entries.count == 1 ? "" : "s") under \(profile.rawValue): \(parts.joined(separator: ", "))"
            + (allowed > 0 ? " (\(allowed) allowed)" : "")
    }
}

/// The formats of `interop check` (as `validate`'s, without `ndjson` and `summary`).
enum InteropReporterKind: String, CaseIterable, Sendable {
    case text, json, junit, github, sarif

    /// Renders the whole report (``InteropReport``'s mapping onto each format's writer).
    func render(_ report: InteropReport, verbose: Bool) -> String {
        switch self {
        case .text: return report.text(verbose: verbose)
        case .json: return report.json
        case .junit: return report.junit(verbose: verbose)
        case .github: return report.gitHub(verbose: verbose)
        case .sarif: return report.sarif(verbose: verbose)
        }
    }
}

extension InteropReporterKind: ExpressibleByArgument {}
extension VectorResult.Classification: ExpressibleByArgument {}
