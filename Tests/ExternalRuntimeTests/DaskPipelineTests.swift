import Foundation
import TestSupport
import XCTest

/// `Scripts/dask_validate.py`: the CLI's NDJSON reporter and `--emit` as the per-partition mapper
/// of a Dask job. Needs dask[distributed] (`pip install -r Tests/Vectors/requirements.txt`, done by
/// .ci/run): without it the test is skipped naming it, except under CI, where it fails
/// (``ExternalRuntime``).
final class DaskPipelineTests: CLITestCase {
    /// The Dask recipe on a 2-worker local cluster gets the same counts and the same quarantined
    /// lines as one run of the CLI over the unsharded file.
    func testDaskPipelineOnTwoWorkersMatchesOneRun() throws {
        let binary = try XCTUnwrap(CLITestCase.binary)
        try ExternalRuntime.requirePythonModules(
            ["dask.bag", "dask.distributed"], "dask[distributed]", install: "pip install -r Tests/Vectors/requirements.txt")
        let (mixed, _) = try generateMixedCorpus()
        // Shard the corpus at line boundaries into four parts.
        let raw = try Data(contentsOf: mixed)
        let lines = raw.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast()
        let perShard = (lines.count + 3) / 4
        for k in 0..<4 {
            var shard = Data()
            for line in lines.dropFirst(k * perShard).prefix(perShard) { shard.append(contentsOf: line); shard.append(0x0A) }
            try shard.write(to: work.appendingPathComponent("part-\(k).ndjson"))
        }
        let quarantine = work.appendingPathComponent("quarantine.ndjson")
        let script = TestPaths.repository("Scripts/dask_validate.py").path
        let dask = try runPython([script, "--cli", binary.path, "--profile", "strict", "--workers", "2", "--blocksize", "30000", "--quarantine", quarantine.path,
                                  work.appendingPathComponent("part-*.ndjson").path])
        XCTAssertEqual(dask.status, 0, String(decoding: dask.stderr, as: UTF8.self))
        let counts = try json(String(decoding: dask.stdout, as: UTF8.self).split(separator: "\n").last.map(String.init) ?? "")
        let single = try run(["validate", "--no-config", "--profile", "strict", "--reporter", "ndjson", mixed.path])
        let summary = try json(single.stdout.split(separator: "\n").last.map(String.init) ?? "")
        for key in ["payloads", "valid", "invalid", "unreadable", "schemaErrors"] {
            XCTAssertEqual(counts[key] as? Int, summary[key] as? Int, key)
        }
        XCTAssertEqual(counts["files"] as? Int, 4)
        XCTAssertGreaterThan(counts["blocks"] as? Int ?? 0, 4, "blocks are cut inside the shards, at line ends")
        // The bytes `--emit invalid` writes (read as bytes: the corpus holds invalid UTF-8).
        let expectedQuarantine = try runCapturing(binary, ["validate", "--no-config", "--profile", "strict", "--emit", "invalid", "-q", mixed.path]).stdout
        XCTAssertFalse(expectedQuarantine.isEmpty)
        XCTAssertEqual(try Data(contentsOf: quarantine), expectedQuarantine, "the same quarantined lines, in the same order")
    }
}
