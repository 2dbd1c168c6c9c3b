import Foundation
import XCTest
import TestSupport

/// Issue 38 ("Fail closed, round 3"), findings 5, 6, 7, 13 and 15: the CLI, the config, the
/// store and the interop vectors.
final class Issue38CLITests: CLITestCase {
    let userWithoutType = #"{"id":"u1","name":"Ann"}"# + "\n"
    let user = #"{"id":"u1","name":"Ann","type":"default","email":"ann@example.com","custom":{}}"# + "\n"

    // MARK: - Finding 5

    /// A payload file of a `--vectors` directory that is a symbolic link to a file outside it
    /// was read and its content printed in the report.
    func testFinding5_VectorPayloadLinkedOutsideTheFolderIsRefused() throws {
        XCTAssertEqual(try run(["interop", "vectors", "-o", "vec"]).status, 0)
        try write("secret.json", #"{"secret":"TOPSECRET-5"}"#)
        let payloads = work.appendingPathComponent("vec/payloads")
        let first = try XCTUnwrap(try FileManager.default.contentsOfDirectory(atPath: payloads.path).sorted().first)
        let victim = payloads.appendingPathComponent(first).path
        try FileManager.default.removeItem(atPath: victim)
        try FileManager.default.createSymbolicLink(atPath: victim, withDestinationPath: work.appendingPathComponent("secret.json").path)
        let r = try run(["interop", "check", "--vectors", "vec", "--run", "cat {file}", "--reporter", "json"])
        XCTAssertEqual(r.status, 2, r.stdout + r.stderr)
        XCTAssertTrue(r.stderr.contains("payloads/\(first)"), r.stderr)
        XCTAssertTrue(r.stderr.contains("a symbolic link leads outside the directory"), r.stderr)
        XCTAssertFalse((r.stdout + r.stderr).contains("TOPSECRET-5"), r.stdout + r.stderr)
        // A link that stays inside the folder is fine.
        try FileManager.default.removeItem(atPath: victim)
        try FileManager.default.createSymbolicLink(atPath: victim, withDestinationPath: "../payloads/\(first).real")
        try FileManager.default.copyItem(atPath: work.appendingPathComponent("secret.json").path, toPath: victim + ".real")
        let inside = try run(["interop", "check", "--vectors", "vec", "--run", "cat {file}", "--reporter", "json"])
        XCTAssertNotEqual(inside.status, 2, inside.stderr)
        // The index itself linked outside is refused too.
        let index = work.appendingPathComponent("vec/vectors.json").path
        try FileManager.default.moveItem(atPath: index, toPath: work.appendingPathComponent("index.json").path)
        try FileManager.default.createSymbolicLink(atPath: index, withDestinationPath: work.appendingPathComponent("index.json").path)
        let linkedIndex = try run(["interop", "check", "--vectors", "vec", "--run", "cat {file}"])
        XCTAssertEqual(linkedIndex.status, 2, linkedIndex.stderr)
        XCTAssertTrue(linkedIndex.stderr.contains("vectors.json: cannot read the codec vectors index: refused"), linkedIndex.stderr)
    }

    // MARK: - Finding 6

    /// A `.chatpayloads.yml` above the working directory that every user can write (or another
    /// user owns) decided verdicts silently; `--verbose` did not name the config.
    func testFinding6_ConfigOthersCanWriteIsRefusedAndVerboseNamesTheConfig() throws {
        try write("proj/.chatpayloads.yml", "profile: compat\n")
        try write("proj/sub/u.json", userWithoutType)
        let config = work.appendingPathComponent("proj/.chatpayloads.yml").path
        let sub = work.appendingPathComponent("proj/sub")
        // Owned by the user, not world-writable: used (compat takes a user without type), and named.
        let trusted = try runIn(sub, ["validate", "--verbose", "--schema", "user", "u.json"])
        XCTAssertEqual(trusted.status, 0, trusted.stdout + trusted.stderr)
        XCTAssertTrue(trusted.stderr.contains("proj/.chatpayloads.yml (found from the working directory upward)"), trusted.stderr)
        // Writable by every user: refused, exit 3, even with --profile strict given.
        try FileManager.default.setAttributes([.posixPermissions: 0o666], ofItemAtPath: config)
        for arguments in [["validate", "--schema", "user", "u.json"], ["validate", "--profile", "strict", "--schema", "user", "u.json"]] {
            let r = try runIn(sub, arguments)
            XCTAssertEqual(r.status, 3, r.stdout + r.stderr)
            XCTAssertTrue(r.stderr.contains("proj/.chatpayloads.yml: error: refused the config file found from the working directory up: it is writable by every user (mode 0666)"), r.stderr)
        }
        let store = try runIn(sub, ["store", "stats"])
        XCTAssertEqual(store.status, 3, store.stdout + store.stderr)
        XCTAssertTrue(store.stderr.contains("refused the config file"), store.stderr)
        // Named with --config: the user's choice, used with a warning.
        let named = try runIn(sub, ["validate", "--config", "../.chatpayloads.yml", "--schema", "user", "u.json"])
        XCTAssertEqual(named.status, 0, named.stdout + named.stderr)
        XCTAssertTrue(named.stderr.contains("warning: ../.chatpayloads.yml: it is writable by every user"), named.stderr)
        // Owned by another user (as root, the tests can give it away): refused.
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: config)
        if CLITestCase.isRoot {
            XCTAssertEqual(chown(config, 65534, 65534), 0)
            let other = try runIn(sub, ["validate", "--schema", "user", "u.json"])
            XCTAssertEqual(other.status, 3, other.stdout + other.stderr)
            XCTAssertTrue(other.stderr.contains("it is owned by another user (uid 65534"), other.stderr)
        }
        // --verbose says when there is none.
        let none = try runIn(sub, ["validate", "--no-config", "--verbose", "--schema", "user", "u.json"])
        XCTAssertEqual(none.status, 1, none.stdout + none.stderr)
        XCTAssertTrue(none.stderr.contains("config: none (--no-config)"), none.stderr)
    }

    // MARK: - Finding 7

    /// The config's `db:` led out of its directory through a (dangling) symbolic link: SQLite
    /// created the file where the link pointed.
    func testFinding7_DatabaseLinkedOutsideTheConfigDirectoryIsRefused() throws {
        try write("proj/.chatpayloads.yml", "db: chat.sqlite\n")
        try write("outside/.keep", "")
        let link = work.appendingPathComponent("proj/chat.sqlite").path
        let target = work.appendingPathComponent("outside/escaped.sqlite").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let proj = work.appendingPathComponent("proj")
        let r = try runIn(proj, ["store", "import", "--kind", "user", "-"], stdin: user)
        XCTAssertEqual(r.status, 3, r.stdout + r.stderr)
        XCTAssertTrue(r.stderr.contains(".chatpayloads.yml:1:5: error: refused store file \"chat.sqlite\": a symbolic link leads outside the directory"), r.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: target))
        // A link inside the directory is resolved, and the store lands where it points.
        try FileManager.default.removeItem(atPath: link)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "data/real.sqlite")
        try write("proj/data/.keep", "")
        let inside = try runIn(proj, ["store", "import", "--kind", "user", "-"], stdin: user)
        XCTAssertEqual(inside.status, 0, inside.stdout + inside.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: work.appendingPathComponent("proj/data/real.sqlite").path))
    }

    /// `store import` added the store's tables to another application's SQLite database.
    func testFinding7_ImportRefusesAnotherApplicationsDatabase() throws {
        let path = work.appendingPathComponent("app.sqlite").path
        let made = try runPython(
            ["-c", "import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.execute('CREATE TABLE accounts (id INTEGER PRIMARY KEY)'); c.commit()", path])
        XCTAssertEqual(made.status, 0, String(decoding: made.stderr, as: UTF8.self))
        let r = try run(["store", "import", "--db", "app.sqlite", "--kind", "user", "-"], stdin: user)
        XCTAssertEqual(r.status, 3, r.stdout + r.stderr)
        XCTAssertTrue(r.stderr.contains("app.sqlite: error: is an SQLite database that is not a ChatStore (it holds accounts"), r.stderr)
        let tables = try runPython(
            ["-c", "import sqlite3,sys; print(','.join(r[0] for r in sqlite3.connect(sys.argv[1]).execute('SELECT name FROM sqlite_master ORDER BY name')))", path])
        XCTAssertEqual(String(decoding: tables.stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines), "accounts")
        // An empty file is still made a store.
        try write("empty.sqlite", "")
        XCTAssertEqual(try run(["store", "import", "--db", "empty.sqlite", "--kind", "user", "-"], stdin: user).status, 0)
    }

    // MARK: - Finding 13

    func testFinding13_TopLevelArraySuggestsJSONArrayFormat() throws {
        try write("users.json", "[" + userWithoutType + "]")
        let r = try run(["validate", "--no-config", "--schema", "user", "users.json"])
        XCTAssertEqual(r.status, 1, r.stdout + r.stderr)
        XCTAssertTrue(r.stdout.contains("--format json-array checks each element as a payload"), r.stdout)
        let auto = try run(["validate", "--no-config", "users.json"])
        XCTAssertTrue(auto.stdout.contains("--format json-array checks each element as a payload"), auto.stdout)
        // An object file gets no such hint.
        try write("user.json", #"{"id":1}"#)
        XCTAssertFalse(try run(["validate", "--no-config", "--schema", "user", "user.json"]).stdout.contains("json-array"))
    }

    func testFinding13_MissingTypeSuggestsCompat() throws {
        try write("u.json", userWithoutType)
        try write("c.json", #"{"id":"c1","name":"General"}"#)
        for (schema, file) in [("user", "u.json"), ("channel", "c.json")] {
            let r = try run(["validate", "--no-config", "--schema", schema, file])
            XCTAssertEqual(r.status, 1, r.stdout + r.stderr)
            XCTAssertTrue(r.stdout.contains(#"missing required property "type""#) && r.stdout.contains("--profile compat accepts a user or channel without \"type\""), r.stdout)
            XCTAssertEqual(try run(["validate", "--no-config", "--profile", "compat", "--schema", schema, file]).status, 0)
        }
    }

    func testFinding13_UnknownSchemaNameSuggestsTheClosest() throws {
        try write("u.json", user)
        let r = try run(["validate", "--no-config", "--schema", "usr", "u.json"])
        XCTAssertEqual(r.status, 3, r.stdout + r.stderr)
        XCTAssertTrue(r.stderr.contains("unknown schema 'usr' (did you mean 'user'?)"), r.stderr)
        let far = try run(["validate", "--no-config", "--schema", "zzzzzz", "u.json"])
        XCTAssertFalse(far.stderr.contains("did you mean"), far.stderr)
        let schema = try run(["schema", "chanel"])
        XCTAssertTrue(schema.stderr.contains("(did you mean 'channel'?)"), schema.stderr)
    }

    func testFinding13_MissingFileIsAnInputThatCouldNotBeReadNotAPayloadChecked() throws {
        try write("u.json", user)
        let r = try run(["validate", "--no-config", "--schema", "user", "missing.json"])
        XCTAssertEqual(r.status, 2, r.stdout + r.stderr)
        XCTAssertTrue(r.stdout.contains("checked 0 payloads in 1 input: 0 valid, 0 invalid, 0 unreadable; 1 input could not be read"), r.stdout)
        XCTAssertFalse(r.stdout.contains("checked 1 payload"), r.stdout)
        let two = try run(["validate", "--no-config", "--schema", "user", "u.json", "missing.json", "gone.json"])
        XCTAssertEqual(two.status, 2, two.stdout + two.stderr)
        XCTAssertTrue(two.stdout.contains("checked 1 payload in 3 inputs: 1 valid, 0 invalid, 0 unreadable; 2 inputs could not be read"), two.stdout)
        let summary = try run(["validate", "--no-config", "--schema", "user", "--reporter", "summary", "missing.json"])
        XCTAssertTrue(summary.stdout.contains("missing.json: could not be read"), summary.stdout)
        // A payload that is read but is not JSON is still an unreadable payload.
        try write("bad.json", "{")
        let bad = try run(["validate", "--no-config", "--schema", "user", "bad.json"])
        XCTAssertTrue(bad.stdout.contains("checked 1 payload in 1 input: 0 valid, 0 invalid, 1 unreadable\n"), bad.stdout)
    }

    func testFinding13_StoreStatsSaysHowToSeeEveryChannel() throws {
        var lines = ""
        for i in 1...23 { lines += #"{"id":"c\#(i)","name":"C\#(i)","type":"public"}"# + "\n" }
        try write("channels.ndjson", lines)
        XCTAssertEqual(try run(["store", "import", "--db", "s.sqlite", "--kind", "channel", "channels.ndjson"]).status, 0)
        let r = try run(["store", "stats", "--db", "s.sqlite"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("… and 13 more channels (--channels 23 lists them all)"), r.stdout)
        let all = try run(["store", "stats", "--db", "s.sqlite", "--channels", "23"])
        XCTAssertFalse(all.stdout.contains("more channel"), all.stdout)
    }

    // MARK: - Finding 14

    /// The pre-commit hooks pass every staged JSON and YAML file; without a `files:` filter of
    /// their own they checked package.json and the config as payloads and failed.
    func testFinding14_FilesFromConfigKeepsOnlyPayloadFiles() throws {
        try write("package.json", #"{"name":"app","version":"1.0.0"}"#)
        try write("tsconfig.json", #"{"compilerOptions":{}}"#)
        try write(".github/workflows/ci.yml", "on: push\n")
        try write("fixtures/u.json", user)
        let staged = ["package.json", "tsconfig.json", ".github/workflows/ci.yml", "fixtures/u.json"]
        // Without the option every file is a payload, and the run fails.
        XCTAssertEqual(try run(["validate", "--quiet", "--no-config"] + staged).status, 1)
        // Without a config: the default set leaves the non-payloads out.
        let plain = try run(["validate", "--files-from-config", "--no-config", "--verbose"] + staged)
        XCTAssertEqual(plain.status, 0, plain.stdout + plain.stderr)
        XCTAssertTrue(plain.stdout.contains("checked 1 payload in 1 input"), plain.stdout)
        XCTAssertTrue(plain.stderr.contains("skipped package.json"), plain.stderr)
        // With a config: its `files:` globs decide (and give the schema).
        try write(".chatpayloads.yml", "files:\n  \"fixtures/**\": user\n")
        try write("other/x.json", #"{"not":"a payload"}"#)
        let configured = try run(["validate", "--quiet", "--files-from-config"] + staged + [".chatpayloads.yml", "other/x.json"])
        XCTAssertEqual(configured.status, 0, configured.stdout + configured.stderr)
        let counted = try run(["validate", "--files-from-config"] + staged + ["other/x.json"])
        XCTAssertTrue(counted.stdout.contains("checked 1 payload in 1 input: 1 valid"), counted.stdout)
        // An invalid payload the globs take still fails the hook.
        try write("fixtures/bad.json", userWithoutType)
        XCTAssertEqual(try run(["validate", "--quiet", "--files-from-config", "fixtures/bad.json", "package.json"]).status, 1)
        // The four hooks use it.
        let hooks = try String(contentsOf: CLITestCase.fixtures.appendingPathComponent("../../../.pre-commit-hooks.yaml"), encoding: .utf8)
        let entries = hooks.split(separator: "\n").filter { $0.contains("entry:") }
        XCTAssertEqual(entries.count, 4, hooks)
        for entry in entries { XCTAssertTrue(entry.contains("--files-from-config"), String(entry)) }
    }

    // MARK: - Finding 15

    func testFinding15_ExportWritesTimetokensAsStringsOnRequest() throws {
        let message = #"{"timetoken":16526940800000001,"content":{"id":"m1","text":"hi","createdAt":"2024-03-05T14:52:10.456Z"},"pubnubUserId":"u1","pubnubChannelId":"c1","messageActions":[{"sourceType":"reaction","value":"👍","parentTimetoken":16526940800000001,"actionTimetoken":16526940800000003,"pubnubUserId":"u1","pubnubChannelId":"c1"}]}"#
        try write("u.ndjson", user)
        try write("c.ndjson", #"{"id":"c1","name":"C","type":"public"}"# + "\n")
        try write("m.ndjson", message + "\n")
        for (kind, file) in [("user", "u.ndjson"), ("channel", "c.ndjson"), ("sent-message", "m.ndjson")] {
            let imported = try run(["store", "import", "--db", "s.sqlite", "--kind", kind, file])
            XCTAssertEqual(imported.status, 0, imported.stdout + imported.stderr)
        }
        let numbers = try run(["store", "export", "--db", "s.sqlite", "--kind", "sent-message"])
        XCTAssertEqual(numbers.status, 0, numbers.stderr)
        XCTAssertTrue(numbers.stdout.contains(#""timetoken":16526940800000001"#), numbers.stdout)
        let strings = try run(["store", "export", "--db", "s.sqlite", "--kind", "sent-message", "--timetokens", "string"])
        XCTAssertEqual(strings.status, 0, strings.stderr)
        XCTAssertTrue(strings.stdout.contains(#""timetoken":"16526940800000001""#), strings.stdout)
        XCTAssertTrue(strings.stdout.contains(#""actionTimetoken":"16526940800000003""#), strings.stdout)
        XCTAssertTrue(strings.stdout.contains(#""parentTimetoken":"16526940800000001""#), strings.stdout)
        XCTAssertFalse(strings.stdout.contains(#"Timetoken":1"#) || strings.stdout.contains(#""timetoken":1"#), strings.stdout)
        let actions = try run(["store", "export", "--db", "s.sqlite", "--kind", "message-action", "--timetokens", "string"])
        XCTAssertTrue(actions.stdout.contains(#""actionTimetoken":"16526940800000003""#), actions.stdout)
        XCTAssertEqual(try run(["store", "export", "--db", "s.sqlite", "--timetokens", "text"]).status, 64)
        XCTAssertTrue(try run(["store", "export", "--help"]).stdout.contains("--timetokens"))
    }

    /// ``run(_:stdin:environment:)`` with `directory` as the working directory.
    func runIn(_ directory: URL, _ arguments: [String], stdin: String = "") throws -> CLIResult {
        let saved = work
        work = directory
        defer { work = saved }
        return try run(arguments, stdin: stdin)
    }
}
