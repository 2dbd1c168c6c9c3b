import ChatPayloads
import JSONCore
import XCTest

@testable import ChatPayloadsCLI

/// The checking pipeline: every payload's result arrives exactly once, in input order, with each
/// input's end right after its last result, whatever the number of jobs.
final class ParallelRunnerTests: XCTestCase {
    /// What the runner delivered, in order: `r<input>.<record>:<outcome>` or `end<input>`.
    func run(jobs: Int, inputs: [[String]]) -> [String] {
        let checker = PayloadChecker(
            cache: ValidatorCache(profile: Profile.standard, registry: nil, customData: [:]),
            expectInvalid: false)
        var events: [String] = []
        let runner = ParallelRunner(
            checker: checker, jobs: jobs,
            deliverSlice: { results, range in
                for r in results[range] { events.append("r\(r.inputIndex).\(r.recordIndex):\(r.outcome.rawValue)") }
            },
            inputDone: { events.append("end\($0)") })
        for (i, payloads) in inputs.enumerated() {
            for (k, text) in payloads.enumerated() {
                runner.enqueue(WorkItem(
                    inputIndex: i, recordIndex: k, label: .line(k + 1), schema: .bundled(.user), source: .option,
                    payload: .bytes(Array(text.utf8))))
            }
            runner.endInput(i)
        }
        runner.drain()
        return events
    }

    /// The expected delivery for `inputs`, computed without the runner (every payload other than
    /// ``invalid`` and ``unreadable`` is a valid user).
    func expected(_ inputs: [[String]]) -> [String] {
        var events: [String] = []
        for (i, payloads) in inputs.enumerated() {
            for (k, text) in payloads.enumerated() {
                let outcome = text == invalid ? "invalid" : (text == unreadable ? "unreadable" : "valid")
                events.append("r\(i).\(k):\(outcome)")
            }
            events.append("end\(i)")
        }
        return events
    }

    let valid = #"{"id":"u1","name":"Ann","type":"user"}"#
    let invalid = #"{"name":1}"#
    let unreadable = "{oops"

    func testOrderAndInputEndsAcrossJobCounts() {
        // Inputs of many sizes, including empty ones, so chunk edges fall everywhere.
        var inputs: [[String]] = []
        for n in [0, 1, 0, 0, 5, 300, 1, 17, 0, 1000, 2] {
            inputs.append((0..<n).map { k in k % 13 == 0 ? invalid : (k % 29 == 0 ? unreadable : valid) })
        }
        let want = expected(inputs)
        XCTAssertEqual(want.count, 1326 + inputs.count)
        for jobs in [1, 2, 3, 8] {
            let got = run(jobs: jobs, inputs: inputs)
            XCTAssertEqual(got.count, want.count, "jobs \(jobs)")
            let mismatch = zip(got, want).enumerated().first { $0.element.0 != $0.element.1 }
            XCTAssertNil(mismatch, "jobs \(jobs): first difference at \(mismatch?.offset ?? -1)")
        }
    }

    func testNothingToCheck() {
        XCTAssertEqual(run(jobs: 2, inputs: []), [])
        XCTAssertEqual(run(jobs: 2, inputs: [[], []]), ["end0", "end1"])
        XCTAssertEqual(run(jobs: 1, inputs: [[]]), ["end0"])
    }

    func testLargePayloadsMakeSmallChunks() {
        // Each payload is over the chunk byte limit, so each travels alone; order still holds.
        let big = #"{"id":"u1","type":"user","name":""# + String(repeating: "a", count: ParallelLimits.maxChunkBytes) + #""}"#
        let inputs = [[big, invalid, big], [big]]
        XCTAssertEqual(run(jobs: 2, inputs: inputs), expected(inputs))
    }
}
