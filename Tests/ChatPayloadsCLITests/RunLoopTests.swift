import ChatPayloads
import JSONCore
import XCTest

@testable import ChatPayloadsCLI

/// The one run loop (``RunLoop``): a plan's payloads arrive exactly once, in input order, each
/// input's end right after its last payload and the plan's ``RunPlan/drained()`` after
/// everything, whatever the number of jobs; ``RunReport`` counts and reports what it is given;
/// the transforms' plan parses each payload under the profile's limits.
final class RunLoopTests: XCTestCase {
    var directory = ""

    override func setUpWithError() throws {
        try super.setUpWithError()
        directory = NSTemporaryDirectory() + "run-loop-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: directory)
        try super.tearDownWithError()
    }

    func input(_ name: String, _ lines: [String]) throws -> InputFile {
        let path = directory + "/" + name
        try Data(lines.map { $0 + "\n" }.joined().utf8).write(to: URL(fileURLWithPath: path))
        return InputFile(displayPath: name, source: .path(path), format: .ndjson, problem: nil)
    }

    /// A plan that reads each input payload by payload and writes down what the loop does.
    final class RecordingPlan: RunPlan {
        let checker: PayloadChecker
        var events: [String] = []

        init() {
            checker = PayloadChecker(cache: ValidatorCache(profile: Profile.standard, registry: nil, customData: [:]), expectInvalid: false)
        }

        func feed(_ input: InputFile, index: Int, into runner: ParallelRunner<PayloadChecker>, idle: (() -> Void)?) {
            _ = runner.enqueuePayloads(
                of: input, inputIndex: index, schema: .bundled(.user), source: .option, maxBytes: Profile.standard.maxBytes, idle: idle, progress: nil)
        }

        func deliver(_ results: [PayloadResult], _ range: Range<Int>) {
            for r in results[range] { events.append("r\(r.inputIndex).\(r.recordIndex):\(r.outcome.rawValue)") }
        }

        func inputDone(_ index: Int) { events.append("end\(index)") }

        func drained() { events.append("drained") }
    }

    let valid = #"{"id":"u1","name":"Ann","type":"user"}"#
    let invalid = #"{"name":1}"#
    let unreadable = "{oops"

    func testEveryPayloadOnceInInputOrderAcrossJobCounts() throws {
        var inputs: [InputFile] = []
        var want: [String] = []
        for (i, n) in [3, 0, 200, 1, 40].enumerated() {
            let lines = (0..<n).map { k in k % 7 == 0 ? invalid : (k % 11 == 0 ? unreadable : valid) }
            inputs.append(try input("in\(i).ndjson", lines))
            for (k, line) in lines.enumerated() {
                want.append("r\(i).\(k):\(line == invalid ? "invalid" : (line == unreadable ? "unreadable" : "valid"))")
            }
            want.append("end\(i)")
        }
        want.append("drained")
        for jobs in [1, 2, 4] {
            let plan = RecordingPlan()
            _ = RunLoop.run(plan, inputs: inputs, jobs: jobs, progress: nil, flushingWhenIdle: nil)
            XCTAssertEqual(plan.events, want, "jobs \(jobs)")
        }
    }

    func testNoInputsStillDrains() {
        let plan = RecordingPlan()
        _ = RunLoop.run(plan, inputs: [], jobs: 2, progress: nil, flushingWhenIdle: [])
        XCTAssertEqual(plan.events, ["drained"])
    }

    func testAnInputThatCannotBeReadIsOnePayload() {
        let missing = InputFile(displayPath: "gone.ndjson", source: .missing, format: .ndjson, problem: "cannot read gone.ndjson")
        let plan = RecordingPlan()
        _ = RunLoop.run(plan, inputs: [missing], jobs: 1, progress: nil, flushingWhenIdle: nil)
        XCTAssertEqual(plan.events, ["r0.0:unreadable", "end0", "drained"])
    }

    func testNamedPathsAreTheInputs() {
        XCTAssertEqual(RunInputs.arguments(["a.json", "-"]), ["a.json", "-"])
    }

    /// A reporter that writes down what it is given.
    final class ListReporter: Reporter {
        var lines: [String] = []
        let records: Bool
        init(records: Bool) { self.records = records }
        var recordsResults: Bool { records }
        func record(_ result: PayloadResult, input: InputFile) { lines.append("record \(input.displayPath) \(result.outcome.rawValue)") }
        func inputFinished(_ input: InputFile, index: Int, stats: InputStats) { lines.append("input \(index) \(stats.records)") }
        func finish(_ summary: RunSummary) { lines.append("finish \(summary.records) \(summary.status.rawValue)") }
    }

    func testReportCountsRecordsAndFinishes() throws {
        let inputs = [try input("a.ndjson", [valid, invalid])]
        let recorder = ListReporter(records: true)
        let counter = ListReporter(records: false)
        let report = RunReport(inputs: inputs, reporters: [recorder, counter], expectInvalid: false)
        let checker = RecordingPlan().checker
        for k in 0..<2 {
            report.record(checker.check(WorkItem(
                inputIndex: 0, recordIndex: k, label: .line(k + 1), schema: .bundled(.user), source: .option,
                payload: .bytes(Array((k == 0 ? valid : invalid).utf8)))))
        }
        XCTAssertEqual(report.status, .invalid)
        report.inputDone(0)
        report.finish(seconds: 0, status: report.status)
        XCTAssertEqual(recorder.lines, ["record a.ndjson valid", "record a.ndjson invalid", "input 0 2", "finish 2 \(ExitStatus.invalid.rawValue)"])
        // A reporter that only counts is given no result.
        XCTAssertEqual(counter.lines, ["input 0 2", "finish 2 \(ExitStatus.invalid.rawValue)"])
    }

    func testTransformParserLocatesWhatItCannotParse() throws {
        var profile = Profile.standard
        profile.maxDepth = 2
        let parser = TransformParser(profile: profile, options: PayloadReader.parseOptions(for: profile, readsAsValidate: false))
        let reads = parser.check([
            WorkItem(inputIndex: 0, recordIndex: 0, label: .line(1), schema: .auto, source: .fallback, payload: .bytes(Array(valid.utf8))),
            WorkItem(inputIndex: 0, recordIndex: 1, label: .line(2), schema: .auto, source: .fallback, payload: .bytes(Array("{\"a\":".utf8))),
            WorkItem(inputIndex: 0, recordIndex: 2, label: .line(3), schema: .auto, source: .fallback, payload: .bytes(Array(#"{"a":{"b":{"c":1}}}"#.utf8))),
        ])
        XCTAssertEqual(reads.map(\.label), [.line(1), .line(2), .line(3)])
        guard case .success(let payload) = reads[0].parsed else { return XCTFail("line 1 is JSON") }
        XCTAssertEqual(payload.value, try JSONParser.parse(Array(valid.utf8)).root)
        guard case .failure(let cut) = reads[1].parsed else { return XCTFail("line 2 is cut short") }
        XCTAssertTrue(cut.unreadable)
        XCTAssertEqual(cut.line, 2)
        XCTAssertTrue(cut.message.hasPrefix("not valid JSON: "), cut.message)
        guard case .failure(let deep) = reads[2].parsed else { return XCTFail("line 3 is over max-depth") }
        XCTAssertTrue(deep.unreadable)
        XCTAssertEqual(deep.line, 3)
        XCTAssertTrue(deep.message.contains("max-depth"), deep.message)
    }
}
