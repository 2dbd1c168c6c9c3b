import Foundation
import JSONCore
import JSONSchemaValidator
import XCTest
@_spi(ChatPayloadsInternal) @testable import ChatPayloads

/// No ambient authority (issue 8): the config's file references stay inside its directory,
/// and `$ref` reaches only registered documents, never the network or the file system.
final class PathConfinementTests: XCTestCase {
    var root: URL!

    override func setUpWithError() throws {
        try super.setUpWithError()
        root = FileManager.default.temporaryDirectory.appendingPathComponent("chatpayloads-confine-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("project/schemas"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("outside"), withIntermediateDirectories: true)
        try #"{"type": "object"}"#.write(to: root.appendingPathComponent("project/schemas/user.json"), atomically: true, encoding: .utf8)
        try #"{"type": "object"}"#.write(to: root.appendingPathComponent("outside/secret.json"), atomically: true, encoding: .utf8)
    }

    override func tearDownWithError() throws {
        if let root { try? FileManager.default.removeItem(at: root) }
        try super.tearDownWithError()
    }

    var project: URL { root.appendingPathComponent("project") }

    func link(_ relative: String, to target: URL) throws {
        try FileManager.default.createSymbolicLink(atPath: project.appendingPathComponent(relative).path, withDestinationPath: target.path)
    }

    /// Writes `.chatpayloads.yml` in the project; returns its path.
    func write(_ yaml: String) throws -> String {
        let path = project.appendingPathComponent(".chatpayloads.yml").path
        try yaml.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Writes `.chatpayloads.yml` in the project and loads it.
    func load(_ yaml: String) throws -> ChatPayloadsConfig {
        try ChatPayloadsConfig.load(path: try write(yaml))
    }

    func assertRefused(
        _ yaml: String, line: Int, column: Int, because reason: String, file: StaticString = #filePath, line testLine: UInt = #line
    ) {
        guard let path = try? write(yaml) else { return XCTFail("cannot write the config", file: file, line: testLine) }
        do throws(ConfigError) {
            _ = try ChatPayloadsConfig.load(path: path)
            XCTFail("expected the reference to be refused", file: file, line: testLine)
        } catch {
            XCTAssertEqual(error.file, path, file: file, line: testLine)
            XCTAssertEqual(error.line, line, "\(error)", file: file, line: testLine)
            XCTAssertEqual(error.column, column, "\(error)", file: file, line: testLine)
            XCTAssertTrue(error.message.hasPrefix("refused "), error.message, file: file, line: testLine)
            XCTAssertTrue(error.message.contains(reason), "\(error.message.debugDescription) lacks \(reason.debugDescription)", file: file, line: testLine)
            XCTAssertTrue(error.message.contains("must stay inside the config's directory"), error.message, file: file, line: testLine)
        }
    }

    // MARK: - The rule itself

    func testLexicalRule() {
        XCTAssertEqual(PathConfinement.lexicalRefusal(of: "/etc/passwd.json"), .absolute)
        XCTAssertEqual(PathConfinement.lexicalRefusal(of: "../x.json"), .climbsOut)
        XCTAssertEqual(PathConfinement.lexicalRefusal(of: "schemas/../../x.json"), .climbsOut)
        XCTAssertEqual(PathConfinement.lexicalRefusal(of: "./a/./../../x.json"), .climbsOut)
        XCTAssertNil(PathConfinement.lexicalRefusal(of: "schemas/../user.json"))
        XCTAssertNil(PathConfinement.lexicalRefusal(of: "./schemas//user.json"))
        XCTAssertNil(PathConfinement.lexicalRefusal(of: "..hidden/x.json"), "a name starting with two dots is a name")
    }

    func testIsWithinComparesWholeComponents() {
        XCTAssertTrue(PathConfinement.isWithin("/a/b/c.json", directory: "/a/b"))
        XCTAssertTrue(PathConfinement.isWithin("/a/b", directory: "/a/b/"))
        XCTAssertFalse(PathConfinement.isWithin("/a/bc/x.json", directory: "/a/b"))
        XCTAssertFalse(PathConfinement.isWithin("/a", directory: "/a/b"))
        XCTAssertTrue(PathConfinement.isWithin("/x", directory: "/"))
    }

    func testRealPathResolvesLinksAndKeepsAMissingTail() throws {
        try link("up", to: root.appendingPathComponent("outside"))
        let real = PathConfinement.realPath(root.appendingPathComponent("outside").path)
        XCTAssertEqual(PathConfinement.realPath(project.appendingPathComponent("up/secret.json").path), real + "/secret.json")
        XCTAssertEqual(PathConfinement.realPath(project.appendingPathComponent("up/missing/x.json").path), real + "/missing/x.json")
    }

    // MARK: - Config references

    func testAbsoluteCustomSchemaIsRefusedWhereItIsWritten() {
        assertRefused("profile: standard\ncustom-schemas:\n  user: \(root.appendingPathComponent("outside/secret.json").path)\n",
                      line: 3, column: 9, because: "absolute paths are not allowed")
    }

    func testCustomSchemaClimbingOutIsRefused() {
        assertRefused("custom-schemas:\n  message-content:\n    imageUrl: ../outside/secret.json\n", line: 3, column: 15, because: "leads outside the directory with '..'")
    }

    func testFilesSchemaClimbingOutOrAbsoluteIsRefused() {
        assertRefused("files:\n  \"fixtures/**\": ../outside/secret.json\n", line: 2, column: 18, because: "'..'")
        assertRefused("files:\n  \"fixtures/**\": user\n  \"other/**\": /etc/x.json\n", line: 3, column: 15, because: "absolute paths are not allowed")
    }

    func testParseRefusesWithoutTouchingTheFileSystem() {
        XCTAssertThrowsError(try ChatPayloadsConfig.parse("custom-schemas:\n  user: ../x.json\n", file: "c.yml", baseDirectory: "/nonexistent")) { error in
            XCTAssertEqual((error as? ConfigError)?.line, 2)
            XCTAssertEqual((error as? ConfigError)?.file, "c.yml")
        }
    }

    func testSymbolicLinkLeadingOutsideIsRefused() throws {
        try link("schemas/escape.json", to: root.appendingPathComponent("outside/secret.json"))
        assertRefused("custom-schemas:\n  user: schemas/escape.json\n", line: 2, column: 9, because: "a symbolic link leads outside the directory")
        assertRefused("files:\n  \"a/**\": schemas/escape.json\n", line: 2, column: 11, because: "a symbolic link leads outside the directory")
    }

    func testLinkedDirectoryLeadingOutsideIsRefusedEvenForAMissingFile() throws {
        try link("shared", to: root.appendingPathComponent("outside"))
        assertRefused("custom-schemas:\n  user: shared/secret.json\n", line: 2, column: 9, because: "symbolic link")
        assertRefused("custom-schemas:\n  user: shared/not-there.json\n", line: 2, column: 9, because: "symbolic link")
    }

    func testLinksInsideTheDirectoryAndALinkedConfigDirectoryAreFine() throws {
        try link("schemas/alias.json", to: project.appendingPathComponent("schemas/user.json"))
        let config = try load("custom-schemas:\n  user: schemas/alias.json\n  channel: schemas/../schemas/user.json\nfiles:\n  \"x/**\": schemas/alias.json\n")
        XCTAssertEqual(try config.loadCustomData()["user"], ["type": "object"])
        XCTAssertEqual(config.schemaFiles.map(\.path), ["schemas/alias.json"])
        // The whole project reached through a link: judged on real paths, so still inside.
        let alias = root.appendingPathComponent("project-link")
        try FileManager.default.createSymbolicLink(atPath: alias.path, withDestinationPath: project.path)
        let viaLink = try ChatPayloadsConfig.load(path: alias.appendingPathComponent(".chatpayloads.yml").path)
        XCTAssertEqual(try viaLink.loadCustomData()["user"], ["type": "object"])
    }

    func testLoadCustomDataChecksLinksForAParsedConfigToo() throws {
        try link("schemas/escape.json", to: root.appendingPathComponent("outside/secret.json"))
        let config = try ChatPayloadsConfig.parse("custom-schemas:\n  user: schemas/escape.json\n", file: "c.yml", baseDirectory: project.path)
        XCTAssertThrowsError(try config.loadCustomData()) { error in
            XCTAssertTrue((error as? ConfigError)?.message.contains("symbolic link leads outside") ?? false, "\(error)")
            XCTAssertEqual((error as? ConfigError)?.line, 2)
        }
        XCTAssertThrowsError(try config.checkFileReferences())
    }

    func testLinkSwappedAfterTheCheckIsRefusedWhenTheFileIsOpened() throws {
        // The check at load time passes (the link leads inside); the link is then pointed
        // outside before the read, as a race would. The read judges the file it opened.
        try link("schemas/swap.json", to: project.appendingPathComponent("schemas/user.json"))
        let config = try load("custom-schemas:\n  user: schemas/swap.json\n")
        try FileManager.default.removeItem(at: project.appendingPathComponent("schemas/swap.json"))
        try link("schemas/swap.json", to: root.appendingPathComponent("outside/secret.json"))
        XCTAssertThrowsError(try config.loadCustomData()) { error in
            let e = error as? ConfigError
            XCTAssertTrue(e?.message.contains("symbolic link leads outside") ?? false, "\(error)")
            XCTAssertEqual(e?.line, 2)
        }
    }

    func testOpenFileJudgesTheOpenedFile() throws {
        try link("schemas/out.json", to: root.appendingPathComponent("outside/secret.json"))
        try link("schemas/in.json", to: project.appendingPathComponent("schemas/user.json"))
        var inside = try PathConfinement.openFile("schemas/in.json", in: project.path)
        XCTAssertEqual(try inside.readAll(limit: 100).bytes, Array(#"{"type": "object"}"#.utf8))
        /// The failure opening `reference` gives (a reader is not Copyable, so no XCTAssertThrowsError).
        func failure(_ reference: String) -> PathConfinement.OpenFailure? {
            do throws(PathConfinement.OpenFailure) {
                _ = try PathConfinement.openFile(reference, in: project.path)
                return nil
            } catch {
                return error
            }
        }
        for (reference, expected) in [("schemas/out.json", "symbolic link leads outside"), ("../outside/secret.json", "'..'"), ("/etc/hostname", "absolute")] {
            guard case .refused(let refusal)? = failure(reference) else { XCTFail("\(reference) was not refused"); continue }
            XCTAssertTrue(refusal.description.contains(expected), "\(reference): \(refusal)")
        }
        guard case .unreadable(let message)? = failure("schemas/missing.json") else { return XCTFail("a missing file is unreadable") }
        XCTAssertTrue(message.contains("no such file"), message)
    }

    // MARK: - $ref reaches only registered documents

    func testRefToTheNetworkOrAFileIsUnresolvableNotFetched() throws {
        for target in ["https://example.com/x.json", "file:///etc/passwd", "file://" + root.appendingPathComponent("outside/secret.json").path] {
            let schema: JSONValue = ["properties": ["custom": ["$ref": .string(target)]]]
            // Compiles, with a warning naming the document; whatever reaches it is invalid.
            let compiled = try JSONSchema(schema)
            XCTAssertEqual(compiled.warnings.map(\.unregisteredURI), [target])
            XCTAssertFalse(compiled.validate(["custom": [:]]).isValid, target)
            // The same through a custom-data schema of the chat layer.
            let validator = try PayloadValidator(schema: .bundled(.user), profile: .standard, customData: ["user": ["$ref": .string(target)]])
            XCTAssertEqual(validator.schemaWarnings.map(\.unregisteredURI), [target])
            let report = validator.validate(bytes: Array(#"{"id": "u1", "custom": {"a": 1}}"#.utf8))
            XCTAssertEqual(report.outcome, .invalid, target)
            XCTAssertTrue(report.issues.contains { $0.message.contains("which is not registered") }, "\(report.issues)")
        }
    }
}
