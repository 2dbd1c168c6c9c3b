import Foundation
import XCTest
import TestSupport

/// Issue 25: the store under contention, on media the user cannot write, and on a full disk.
final class StoreMediaAndContentionTests: CLITestCase {
    func seedStore(_ db: String = "chat.sqlite", messages: Int = 0) throws {
        try write("users.ndjson", StoreNewUserTests.users)
        try write("channels.ndjson", StoreNewUserTests.channels)
        var arguments = ["store", "import", "--db", db, "--no-config", "users.ndjson", "channels.ndjson"]
        if messages > 0 {
            try write("seed-messages.ndjson", (1...messages).map { StoreNewUserTests.sent($0) }.joined(separator: "\n") + "\n")
            arguments.append("seed-messages.ndjson")
        }
        let r = try run(arguments)
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
    }

    /// Another process holds the write lock for a while, then reads an old snapshot: the import
    /// waits for the lock (busy timeout), stores every row, and its close-time checkpoint, which
    /// cannot run past the reader, does not fail it. (9a5f7fb: exit 3 "database is locked".)
    func testImportWhileAnotherProcessHoldsTheStore() throws {
        try seedStore()
        try write("more.ndjson", (1...50).map { StoreNewUserTests.sent($0) }.joined(separator: "\n") + "\n")
        let script = """
            import sqlite3, sys, time
            c = sqlite3.connect(sys.argv[1], isolation_level=None)
            c.execute("BEGIN IMMEDIATE")
            print("locked", flush=True)
            time.sleep(1.5)
            c.execute("COMMIT")
            c.execute("BEGIN")
            c.execute("SELECT count(*) FROM messages").fetchall()
            print("reading", flush=True)
            sys.stdin.read()
            c.execute("COMMIT")
            """
        try ExternalRuntime.requirePython3()
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        holder.arguments = ["python3", "-c", script, work.appendingPathComponent("chat.sqlite").path]
        let holderOut = Pipe()
        let holderIn = Pipe()
        holder.standardOutput = holderOut
        holder.standardInput = holderIn
        try holder.run()
        defer {
            try? holderIn.fileHandleForWriting.close()
            holder.waitUntilExit()
        }
        // Wait until the other process holds the write lock.
        let first = holderOut.fileHandleForReading.availableData
        XCTAssertEqual(String(decoding: first, as: UTF8.self).hasPrefix("locked"), true)

        let r = try run(["store", "import", "--db", "chat.sqlite", "--no-config", "--batch-size", "10", "more.ndjson"])
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        XCTAssertTrue(r.stdout.contains("50 inserted"), r.stdout)
        XCTAssertFalse(r.stderr.contains("locked"), r.stderr)
        try holderIn.fileHandleForWriting.close()
        holder.waitUntilExit()
        let exported = try run(["store", "export", "--db", "chat.sqlite", "--kind", "sent-message"])
        XCTAssertEqual(exported.stdoutLines.count, 50)
    }

    /// The read-only subcommands on a store copied alone into a folder the user cannot write:
    /// they work and leave no `-wal` / `-shm` behind. Run for real: as root the binary runs as
    /// `nobody` (`setpriv`), for whom the root-owned folder and file are not writable;
    /// otherwise the folder is made `0555`. (9a5f7fb: "cannot be written", exit 3.)
    func testReadOnlySubcommandsOnAStoreTheUserCannotWrite() throws {
        try FileManager.default.createDirectory(at: work.appendingPathComponent("shipped"), withIntermediateDirectories: true)
        try seedStore("shipped/chat.sqlite", messages: 3)
        let folder = work.appendingPathComponent("shipped")
        let path = folder.appendingPathComponent("chat.sqlite").path
        // Copied alone: the empty -wal and the -shm a clean close keeps are not shipped.
        try FileManager.default.removeItem(atPath: path + "-wal")
        try FileManager.default.removeItem(atPath: path + "-shm")
        let binary = try XCTUnwrap(CLITestCase.binary)
        var prefix: [String] = []
        if CLITestCase.isRoot {
            let setpriv = try XCTUnwrap(["/usr/bin/setpriv", "/bin/setpriv"].first { FileManager.default.isExecutableFile(atPath: $0) },
                                        "setpriv is needed to run as nobody")
            prefix = [setpriv, "--reuid=65534", "--regid=65534", "--clear-groups"]
            // nobody reaches the folder and reads the file, but writes neither.
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: work.path)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        } else {
            try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder.path)
        }
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path) }
        func runReader(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
            let command = prefix.isEmpty ? binary : URL(fileURLWithPath: prefix[0])
            let r = try runCapturing(command, Array(prefix.dropFirst()) + (prefix.isEmpty ? [] : [binary.path]) + arguments)
            return (r.status, String(decoding: r.stdout, as: UTF8.self), String(decoding: r.stderr, as: UTF8.self))
        }
        if CLITestCase.isRoot {
            // The setup really is read-only for the user the commands run as.
            let probe = try runCapturing(URL(fileURLWithPath: prefix[0]), Array(prefix.dropFirst()) + ["/usr/bin/touch", folder.appendingPathComponent("probe").path])
            XCTAssertNotEqual(probe.status, 0, "nobody can write the folder: the test would prove nothing")
        }
        let check = try runReader(["store", "check", "--db", path])
        XCTAssertEqual(check.status, 0, check.stdout + check.stderr)
        XCTAssertTrue(check.stdout.contains("integrity: ok"), check.stdout)
        let stats = try runReader(["store", "stats", "--db", path])
        XCTAssertEqual(stats.status, 0, stats.stderr)
        XCTAssertTrue(stats.stdout.contains("messages"), stats.stdout)
        let query = try runReader(["store", "query", "--db", path, "messages"])
        XCTAssertEqual(query.status, 0, query.stderr)
        XCTAssertTrue(query.stdout.contains("m3"), query.stdout)
        let export = try runReader(["store", "export", "--db", path, "--kind", "sent-message"])
        XCTAssertEqual(export.status, 0, export.stderr)
        XCTAssertEqual(export.stdout.split(separator: "\n").count, 3)
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        XCTAssertEqual(left, ["chat.sqlite"])
    }

    /// A write error mid-import (the file-size limit makes SQLite's writes fail as a full disk
    /// does): the batches committed before it stay, the last line says how many rows, the JSON
    /// report is still one JSON document, exit 3, and the store checks out.
    /// (9a5f7fb: only "database or disk is full", and the JSON stops after `"results": [`.)
    func testWriteErrorMidImportKeepsReportsWellFormed() throws {
        try seedStore()
        try write("big.ndjson", (1...4000).map { StoreNewUserTests.sent($0) }.joined(separator: "\n") + "\n")
        let binary = try XCTUnwrap(CLITestCase.binary)
        let size = (try FileManager.default.attributesOfItem(atPath: work.appendingPathComponent("chat.sqlite").path)[.size] as? Int) ?? 0
        // Room for about 400 KB more in any one file (the -wal grows by each batch's pages).
        let blocks = (size + 400_000) / 512
        let shell = "trap '' XFSZ; ulimit -f \(blocks); exec \"$0\" \"$@\""
        for reporter in ["json", "text", "junit", "ndjson"] {
            let db = "full-\(reporter).sqlite"
            try FileManager.default.copyItem(at: work.appendingPathComponent("chat.sqlite"), to: work.appendingPathComponent(db))
            let r = try runCapturing(URL(fileURLWithPath: "/bin/sh"), ["-c", shell, binary.path,
                "store", "import", "--db", db, "--no-config", "--batch-size", "250", "--reporter", reporter, "big.ndjson"])
            let stdout = String(decoding: r.stdout, as: UTF8.self)
            let stderr = String(decoding: r.stderr, as: UTF8.self)
            XCTAssertEqual(r.status, 3, "\(reporter): " + stderr)
            let summary = reporter == "text" ? stdout : stderr
            let match = try XCTUnwrap(summary.range(of: #"stopped by a write error: [0-9]+ rows committed"#, options: .regularExpression), "\(reporter): \(summary)")
            let committed = Int(summary[match].filter(\.isNumber)) ?? -1
            XCTAssertGreaterThan(committed, 0, reporter)
            XCTAssertLessThan(committed, 4000, reporter)
            XCTAssertTrue(stderr.contains("error:"), stderr)
            switch reporter {
            case "json":
                let document = try json(stdout)
                XCTAssertEqual(document["exitCode"] as? Int, 3)
                XCTAssertEqual((document["results"] as? [Any])?.count, committed)
            case "junit":
                XCTAssertTrue(stdout.hasSuffix("</testsuites>\n"), stdout.suffix(200).description)
                XCTAssertEqual(stdout.components(separatedBy: "<testsuite ").count, 2, stdout.prefix(400).description)
            case "ndjson":
                for line in stdout.split(separator: "\n") {
                    XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(line.utf8)), String(line))
                }
            default:
                XCTAssertTrue(stdout.contains("checked \(committed) payloads"), stdout)
            }
            let check = try run(["store", "check", "--db", db])
            XCTAssertEqual(check.status, 0, check.stderr)
            let stored = try run(["store", "export", "--db", db, "--kind", "sent-message"])
            XCTAssertEqual(stored.stdoutLines.count, committed, reporter)
        }
    }

    /// A full disk for real: as root, the import runs in a private mount namespace on a 600 KB
    /// tmpfs (`unshare -m`), so SQLite gets ENOSPC ("database or disk is full"); elsewhere the
    /// file-size limit stands in for it (as in the test above). The committed batches are
    /// reported and stored, the JSON report is one document, and the store checks out.
    func testDiskFullMidImportKeepsTheJSONReportWellFormed() throws {
        try seedStore()
        try write("big.ndjson", (1...4000).map { StoreNewUserTests.sent($0) }.joined(separator: "\n") + "\n")
        let binary = try XCTUnwrap(CLITestCase.binary).path
        let unshare = ["/usr/bin/unshare", "/bin/unshare"].first { FileManager.default.isExecutableFile(atPath: $0) }
        try FileManager.default.createDirectory(at: work.appendingPathComponent("mnt"), withIntermediateDirectories: true)
        let steps = """
            cp chat.sqlite "$1/full.sqlite" &&
            "$0" store import --db "$1/full.sqlite" --no-config --batch-size 250 --reporter json big.ndjson > out.json 2> err.txt
            echo $? > status.txt
            "$0" store check --db "$1/full.sqlite" > check.txt 2>&1
            "$0" store export --db "$1/full.sqlite" --kind sent-message > stored.ndjson
            """
        let r: (status: Int32, stdout: Data, stderr: Data)
        var realDiskFull = false
        if CLITestCase.isRoot, let unshare,
           try runCapturing(URL(fileURLWithPath: unshare), ["-m", "true"]).status == 0 {
            realDiskFull = true
            r = try runCapturing(URL(fileURLWithPath: unshare), ["-m", "/bin/sh", "-c",
                "mount -t tmpfs -o size=600k tmpfs \"$1\" || exit 90\n" + steps, binary, work.appendingPathComponent("mnt").path])
        } else {
            let size = (try FileManager.default.attributesOfItem(atPath: work.appendingPathComponent("chat.sqlite").path)[.size] as? Int) ?? 0
            r = try runCapturing(URL(fileURLWithPath: "/bin/sh"), ["-c",
                "(trap '' XFSZ; ulimit -f \((size + 400_000) / 512); " + steps.replacingOccurrences(of: "\n\"$0\" store check", with: ")\n\"$0\" store check"),
                binary, work.appendingPathComponent("mnt").path])
        }
        XCTAssertEqual(r.status, 0, String(decoding: r.stderr, as: UTF8.self))
        let read = { (name: String) in (try? String(contentsOf: self.work.appendingPathComponent(name), encoding: .utf8)) ?? "" }
        XCTAssertEqual(read("status.txt"), "3\n", read("err.txt"))
        if realDiskFull { XCTAssertTrue(read("err.txt").contains("the disk is full (database or disk is full)"), read("err.txt")) }
        let stderr = read("err.txt")
        let match = try XCTUnwrap(stderr.range(of: #"stopped by a write error: [0-9]+ rows committed"#, options: .regularExpression), stderr)
        let committed = Int(stderr[match].filter(\.isNumber)) ?? -1
        XCTAssertGreaterThan(committed, 0)
        XCTAssertLessThan(committed, 4000)
        let document = try json(read("out.json"))
        XCTAssertEqual(document["exitCode"] as? Int, 3)
        XCTAssertEqual((document["results"] as? [Any])?.count, committed)
        XCTAssertEqual((document["summary"] as? [String: Any])?["valid"] as? Int, committed)
        XCTAssertTrue(read("check.txt").contains("integrity: ok"), read("check.txt"))
        XCTAssertEqual(read("stored.ndjson").split(separator: "\n").count, committed)
    }

    /// A store of schema v1 (before the channel-less message indexes): `check` passes and says
    /// what the next import applies, the readers read it, and an import migrates it.
    /// (9a5f7fb has no v2: the indexes this test drops do not exist.)
    func testOlderSchemaIsCheckedReadAndMigrated() throws {
        try seedStore(messages: 3)
        let path = work.appendingPathComponent("chat.sqlite").path
        let script = """
            import sqlite3, sys
            c = sqlite3.connect(sys.argv[1], isolation_level=None)
            c.execute("DROP INDEX messages_by_time")
            c.execute("DROP INDEX messages_by_created")
            c.execute("DELETE FROM grdb_migrations WHERE identifier = 'v2'")
            c.close()
            """
        let downgrade = try runPython(["-c", script, path])
        XCTAssertEqual(downgrade.status, 0, String(decoding: downgrade.stderr, as: UTF8.self))
        let check = try run(["store", "check", "--db", "chat.sqlite"])
        XCTAssertEqual(check.status, 0, check.stdout + check.stderr)
        XCTAssertTrue(check.stdout.contains("schema: v1 (this version knows v1, v2)"), check.stdout)
        XCTAssertTrue(check.stdout.contains("migrations: v2 to apply"), check.stdout)
        let query = try run(["store", "query", "--db", "chat.sqlite", "messages"])
        XCTAssertEqual(query.status, 0, query.stderr)
        XCTAssertTrue(query.stdout.contains("m3"), query.stdout)
        try write("more.ndjson", StoreNewUserTests.sent(4) + "\n")
        XCTAssertEqual(try run(["store", "import", "--db", "chat.sqlite", "--no-config", "more.ndjson"]).status, 0)
        let stats = try run(["store", "stats", "--db", "chat.sqlite"])
        XCTAssertTrue(stats.stdout.contains("schema: v2 (migrations: v1, v2)"), stats.stdout)
    }
}
