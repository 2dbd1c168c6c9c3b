import ChatPayloads
import Foundation
import XCTest

@testable import ChatPayloadsCLI
import TestSupport

/// Issue 25: `interop` as a careful host. Vector data never becomes shell text or a path out
/// of the run's folder; `interop vectors --output` writes only its own files; the decoder's
/// output is bounded; its exit is seen when it happens and what it leaves behind is killed;
/// a missing command is a failure, not a rejection.
final class HostileInteropTests: CLITestCase {
    /// A `--vectors` directory holding one user vector with `id` (payload and expectation valid).
    private func vectorsDirectory(id: String, name: String = "v") throws -> String {
        try write("\(name)/payloads/u.json", #"{"id":"u-1","name":"Ana","type":"member"}"#)
        let entry: [String: Any] = [
            "id": id, "kind": "user", "payload": "payloads/u.json", "canonical": ["id": "u-1", "name": "Ana", "type": "member"],
            "expect": ["compat": ["verdict": "accept"], "standard": ["verdict": "accept"], "strict": ["verdict": "accept"]],
        ]
        let index = try JSONSerialization.data(withJSONObject: ["format": "chatpayloads-codec-vectors/1", "vectors": [entry]])
        try index.write(to: work.appendingPathComponent("\(name)/vectors.json"))
        return name
    }

    private func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: path.hasPrefix("/") ? path : work.appendingPathComponent(path).path)
    }

    /// An id holding `{id}` ran `touch` through `--run 'cat {file}'`; `../` in an id wrote the
    /// payload outside the run's folder. Such ids are refused (exit 2) before anything runs.
    func testUnsafeVectorIdsAreRefused() throws {
        let escape = "chatpayloads-escape-\(UUID().uuidString)"
        let ids = ["x{id};touch INJECTED;#", "x';touch INJECTED;'", "../../../../../../../tmp/\(escape)", ".hidden", "", String(repeating: "a", count: 129), "a b", "a/b"]
        for (n, id) in ids.enumerated() {
            let dir = try vectorsDirectory(id: id, name: "v\(n)")
            for mode in [["--run", "cat {file}; touch RAN"], ["--run", "cat {file} {id} {kind}; touch RAN"], ["--batch", "--run", "cat; touch RAN"]] {
                let r = try run(["interop", "check", "--vectors", dir] + mode)
                XCTAssertEqual(r.status, 2, "\(id): \(r.stdout) \(r.stderr)")
                XCTAssertTrue(r.stderr.contains("is refused: an id is 1 to 128 of A-Z a-z 0-9 . _ -"), r.stderr)
                XCTAssertFalse(exists("INJECTED"), id)
                XCTAssertFalse(exists("RAN"), id)
                XCTAssertFalse(exists("/tmp/\(escape).json"), id)
            }
        }
        // A safe id runs.
        let safe = try vectorsDirectory(id: "user-1.v_2", name: "safe")
        XCTAssertEqual(try run(["interop", "check", "--vectors", safe, "--run", "cat {file}"]).status, 0)
    }

    /// The template is read once: a value that holds `{id}` (here the payload's path, through a
    /// temporary folder named so) is not substituted again, and every value is one quoted word.
    func testPlaceholdersAreSubstitutedOnceAsQuotedWords() throws {
        let vector = CodecVector(id: "v-1", kind: .user, description: "", payload: [], canonical: nil, expectations: [:])
        let command = DecoderCommand(template: "dec {file} --id={id} --kind {kind} {other}", profile: .standard, timeout: 1)
        XCTAssertEqual(
            command.command(file: "/tmp/a {id}'b.json", vector: vector),
            #"dec '/tmp/a {id}'\''b.json' --id='v-1' --kind 'user' {other}"#)
        // End to end: a TMPDIR whose name holds {id} and a quote.
        let tmp = work.appendingPathComponent("t{id}'; touch INJECTED; '")
        try FileManager.default.createDirectory(at: tmp, withIntermediateDirectories: true)
        let dir = try vectorsDirectory(id: "user-1")
        let r = try run(["interop", "check", "--vectors", dir, "--run", "cat {file}"], environment: ["TMPDIR": tmp.path])
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        XCTAssertFalse(exists("INJECTED"))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: tmp.path), [], "the run's folder is removed")
    }

    /// `interop vectors --output out` followed a `payloads` symlink and deleted the user's
    /// `*.json` there.
    func testVectorsOutputRefusesAPayloadsSymlink() throws {
        try write("mine/keep.json", "{}")
        try FileManager.default.createDirectory(at: work.appendingPathComponent("out"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: work.appendingPathComponent("out/payloads").path, withDestinationPath: "../mine")
        let r = try run(["interop", "vectors", "--output", "out"])
        XCTAssertEqual(r.status, 2, r.stdout)
        XCTAssertTrue(r.stderr.contains("out/payloads is a symbolic link; refusing to write or delete through it"), r.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: work.appendingPathComponent("mine").path), ["keep.json"])
    }

    /// A `vectors.json` symlink is replaced by the tool's file, never written through; a
    /// directory named `*.json` and files the previous index did not list are left alone.
    func testVectorsOutputTouchesOnlyItsOwnFiles() throws {
        try write("target.json", "mine\n")
        try write("out/payloads/notes.json", "mine\n")
        try FileManager.default.createDirectory(at: work.appendingPathComponent("out/payloads/dir.json"), withIntermediateDirectories: true)
        try write("out/payloads/dir.json/inside.txt", "mine\n")
        try FileManager.default.createSymbolicLink(atPath: work.appendingPathComponent("out/vectors.json").path, withDestinationPath: "../target.json")
        let r = try run(["interop", "vectors", "--output", "out"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(String(decoding: try Data(contentsOf: work.appendingPathComponent("target.json")), as: UTF8.self), "mine\n")
        let attributes = try FileManager.default.attributesOfItem(atPath: work.appendingPathComponent("out/vectors.json").path)
        XCTAssertEqual(attributes[.type] as? FileAttributeType, .typeRegular)
        XCTAssertTrue(exists("out/payloads/notes.json"))
        XCTAssertTrue(exists("out/payloads/dir.json/inside.txt"))
        // A stale payload the previous index listed is removed on the next run.
        try write("out/payloads/zz-retired.json", "{}\n")
        var index = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: work.appendingPathComponent("out/vectors.json"))) as? [String: Any])
        var entries = try XCTUnwrap(index["vectors"] as? [[String: Any]])
        entries.append(["id": "zz-retired", "payload": "payloads/zz-retired.json"])
        index["vectors"] = entries
        try JSONSerialization.data(withJSONObject: index).write(to: work.appendingPathComponent("out/vectors.json"))
        XCTAssertEqual(try run(["interop", "vectors", "--output", "out"]).status, 0)
        XCTAssertFalse(exists("out/payloads/zz-retired.json"))
        XCTAssertTrue(exists("out/payloads/notes.json"))
    }

    /// A regular file as `--output` gave "NSCocoaErrorDomain error 512".
    func testVectorsOutputThatIsAFileIsAPlainError() throws {
        try write("file.txt", "mine\n")
        let r = try run(["interop", "vectors", "--output", "file.txt"])
        XCTAssertEqual(r.status, 2)
        XCTAssertEqual(r.stderr, "error: file.txt is not a directory\n")
        XCTAssertEqual(String(decoding: try Data(contentsOf: work.appendingPathComponent("file.txt")), as: UTF8.self), "mine\n")
    }

    /// `interop check -o` naming a vector file is refused, as validate's is.
    func testCheckOutputThatIsAVectorFileIsRefused() throws {
        let dir = try vectorsDirectory(id: "user-1")
        let before = try Data(contentsOf: work.appendingPathComponent("v/vectors.json"))
        let r = try run(["interop", "check", "--vectors", dir, "--run", "cat {file}", "-o", "v/vectors.json"])
        XCTAssertEqual(r.status, 2, r.stderr)
        XCTAssertEqual(try Data(contentsOf: work.appendingPathComponent("v/vectors.json")), before)
    }

    /// A missing decoder (the shell's 127) was "rejected", so `--allow dropped` passed it.
    func testMissingCommandIsFailedNotRejected() throws {
        for mode in [["--run", "chatpayloads-no-such-decoder {file}"], ["--batch", "--run", "chatpayloads-no-such-decoder"]] {
            let r = try run(["interop", "check", "--kind", "user", "--allow", "dropped", "--reporter", "json"] + mode)
            XCTAssertEqual(r.status, 1, r.stderr)
            let report = try json(r.stdout)
            let vectors = try XCTUnwrap(report["vectors"] as? [[String: Any]])
            let first = try XCTUnwrap(vectors.first)
            XCTAssertEqual(first["classification"] as? String, "failed", "\(mode)")
            XCTAssertTrue((first["summary"] as? String ?? "").contains("command not found (exit status 127)"), "\(first)")
        }
    }

    /// `--batch --run 'yes "{}"'` grew to 1.2 GB in 3 s (224 MB here in 3.6 s on a loaded debug
    /// build): lines after the answers are counted and dropped. The run's peak resident size
    /// (its own, from `wait4`) stays under 100 MB over 5 s of flood (30 MB measured).
    func testBatchOutputFloodIsBounded() throws {
        let (status, maxResidentKiB) = try spawnMeasuring(
            ["interop", "check", "--batch", "--kind", "user", "--timeout", "5", "--run", #"yes "{}""#], stderr: "stderr.txt")
        XCTAssertEqual(status, 1)
        let stderr = String(decoding: try Data(contentsOf: work.appendingPathComponent("stderr.txt")), as: UTF8.self)
        XCTAssertTrue(stderr.contains("after its last answer (dropped)"), stderr)
        XCTAssertLessThan(maxResidentKiB, 100 * 1024)
        // One line over the cap is out of protocol, not kept.
        let long = try run(["interop", "check", "--batch", "--kind", "user", "--reporter", "json", "--run", "head -c 3000000 /dev/zero | tr '\\\\0' x; echo"])
        XCTAssertEqual(long.status, 1)
        XCTAssertTrue(long.stdout.contains("answered with a line longer than 1048576 bytes"), long.stdout)
    }

    /// Runs the binary with `arguments` (standard error to the file `stderr`) and waits for it:
    /// its exit status and its own peak resident size in KiB, the highest `VmHWM` that
    /// `/proc/PID/status` showed while it ran (sampled every 20 ms; `VmHWM` is itself a
    /// high-water mark). Not `wait4`'s `ru_maxrss`: the kernel folds into it the resident size of
    /// the memory the child shared with this test process until its `exec` (posix_spawn's
    /// vfork), which grows with every test that ran before (200 MB late in a full run).
    private func spawnMeasuring(_ arguments: [String], stderr: String) throws -> (status: Int32, maxResidentKiB: Int) {
        let binary = try XCTUnwrap(CLITestCase.binary)
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t? = nil
        #else
        var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, work.appendingPathComponent(stderr).path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let argv = ([binary.path] + arguments).map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        var pid: pid_t = 0
        XCTAssertEqual(posix_spawn(&pid, binary.path, &actions, nil, argv, environ), 0)
        var status: Int32 = 0
        var peakKiB = 0
        var samples = 0
        while true {
            let reaped = waitpid(pid, &status, WNOHANG)
            if reaped == pid { break }
            if reaped < 0 && errno != EINTR { break }
            let text = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
            if let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
               let kib = Int(line.dropFirst("VmHWM:".count).trimmingCharacters(in: .whitespaces).split(separator: " ").first ?? "")
            {
                peakKiB = max(peakKiB, kib)
                samples += 1
            }
            usleep(20_000)
        }
        XCTAssertGreaterThan(samples, 10, "the run was sampled while it ran")
        return ((status >> 8) & 0xff, peakKiB)
    }

    /// Whether a process is gone (or a zombie left for its new parent to reap).
    private func isGone(_ pid: pid_t) -> Bool {
        guard kill(pid, 0) == 0 else { return true }
        let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
        return stat.split(separator: ")").last?.split(separator: " ").first == "Z"
    }

    private func pids(_ file: String) throws -> [pid_t] {
        let text = (try? String(contentsOf: work.appendingPathComponent(file), encoding: .utf8)) ?? ""
        return text.split(whereSeparator: \.isNewline).compactMap { pid_t($0.trimmingCharacters(in: .whitespaces)) }
    }

    /// `(sleep 300 &); cat` answered right but was "timed out" on every vector: its exit was
    /// not seen while the background process held the pipe. Now it is seen, and the background
    /// processes, also one that left for a session of its own (`setsid`), are killed.
    func testDecoderExitIsSeenAndWhatItLeftIsKilled() throws {
        let background = #"(sleep 300 & echo $! >> pids); setsid sleep 300 & echo $! >> setsid-pids; cat"#
        for mode in [["--run", background], ["--run", background + " {file}"]] {
            try? FileManager.default.removeItem(at: work.appendingPathComponent("pids"))
            try? FileManager.default.removeItem(at: work.appendingPathComponent("setsid-pids"))
            let r = try run(["interop", "check", "--kind", "channel", "--timeout", "10", "--reporter", "json"] + mode)
            XCTAssertFalse(r.stdout.contains("timed out"), r.stdout)
            XCTAssertFalse(r.stdout.contains("left a process"), r.stdout)
            let report = try json(r.stdout)
            let vectors = try XCTUnwrap(report["vectors"] as? [[String: Any]])
            XCTAssertFalse(vectors.contains { $0["classification"] as? String == "failed" }, r.stdout)
            let left = try pids("pids") + pids("setsid-pids")
            XCTAssertEqual(left.count, 2 * vectors.count)
            // SIGKILL is delivered at once, but the reaping by the new parent may trail a little.
            let deadline = Date().addingTimeInterval(5)
            while left.contains(where: { !isGone($0) }) && Date() < deadline { usleep(20_000) }
            for pid in left { XCTAssertTrue(isGone(pid), "process \(pid) left running") }
        }
    }

    /// SIGTERM or SIGINT to `interop check` kills the decoder's process group and removes the
    /// run's folder (they were left behind).
    func testInterruptKillsTheDecoderAndRemovesTheFolder() throws {
        for (signal, status) in [(SIGTERM, Int32(143)), (SIGINT, Int32(130))] {
            let tmp = work.appendingPathComponent("tmp-\(signal)")
            try FileManager.default.createDirectory(at: tmp, withIntermediateDirectories: true)
            try? FileManager.default.removeItem(at: work.appendingPathComponent("pids"))
            let process = Process()
            process.executableURL = try XCTUnwrap(CLITestCase.binary)
            process.arguments = ["interop", "check", "--kind", "user", "--timeout", "600", "--run", "echo $$ >> pids; sleep 300 & echo $! >> pids; wait; cat {file}"]
            process.currentDirectoryURL = work
            process.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": tmp.path]) { $1 }
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            let deadline = Date().addingTimeInterval(60)
            while try pids("pids").count < 2 && Date() < deadline { usleep(20_000) }
            let decoder = try pids("pids")
            XCTAssertEqual(decoder.count, 2)
            XCTAssertEqual(kill(process.processIdentifier, signal), 0)
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, status)
            let gone = Date().addingTimeInterval(5)
            while decoder.contains(where: { !isGone($0) }) && Date() < gone { usleep(20_000) }
            for pid in decoder { XCTAssertTrue(isGone(pid), "process \(pid) of the decoder survived") }
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: tmp.path), [], "the run's folder is left behind")
        }
    }
}
