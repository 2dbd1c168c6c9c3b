import Foundation
import XCTest
@testable import ChatPayloads

/// Issue 38, findings 6 and 7, at the library's level: which config files are trusted, and
/// where a dangling link in a confined path leads.
final class Issue38ConfigTests: XCTestCase {
    var root: URL!

    override func setUpWithError() throws {
        try super.setUpWithError()
        root = FileManager.default.temporaryDirectory.appendingPathComponent("chatpayloads-38-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("project"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("outside"), withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        if let root { try? FileManager.default.removeItem(at: root) }
        try super.tearDownWithError()
    }

    /// A dangling link was judged by its own folder (inside), not by where it points: SQLite
    /// then created the store file outside through it.
    func testFinding7_DanglingLinkIsJudgedByWhereItLeads() throws {
        let project = root.appendingPathComponent("project").path
        let outside = root.appendingPathComponent("outside/new.sqlite").path
        try FileManager.default.createSymbolicLink(atPath: project + "/chat.sqlite", withDestinationPath: outside)
        XCTAssertEqual(PathConfinement.realPath(project + "/chat.sqlite"), PathConfinement.realPath(outside))
        guard case .failure(.linkLeadsOutside) = PathConfinement.resolve("chat.sqlite", in: project) else {
            return XCTFail("a dangling link to a file outside the directory was not refused")
        }
        // Relative targets, chains, and a loop (which lies inside no directory).
        try FileManager.default.createSymbolicLink(atPath: project + "/hop", withDestinationPath: "../outside/x.sqlite")
        try FileManager.default.createSymbolicLink(atPath: project + "/chain", withDestinationPath: "hop")
        guard case .failure = PathConfinement.resolve("chain", in: project) else { return XCTFail("a chain of links leading outside was not refused") }
        try FileManager.default.createSymbolicLink(atPath: project + "/loop", withDestinationPath: "loop")
        guard case .failure = PathConfinement.resolve("loop", in: project) else { return XCTFail("a link loop was not refused") }
        // A dangling link that stays inside is fine, and resolves to its target.
        try FileManager.default.createSymbolicLink(atPath: project + "/inside", withDestinationPath: "data/store.sqlite")
        guard case .success = PathConfinement.resolve("inside", in: project) else { return XCTFail("a link inside was refused") }
        XCTAssertEqual(PathConfinement.realPath(project + "/inside"), PathConfinement.realPath(project) + "/data/store.sqlite")
        // The config's db: returns the real path, so SQLite follows no link afterwards.
        try "db: inside\n".write(toFile: project + "/.chatpayloads.yml", atomically: true, encoding: .utf8)
        let config = try ChatPayloadsConfig.load(path: project + "/.chatpayloads.yml")
        XCTAssertEqual(try config.databasePath(), PathConfinement.realPath(project) + "/data/store.sqlite")
    }

    /// A discovered config that every user can write, or another user owns, was used silently.
    func testFinding6_ConfigTrustRule() throws {
        let path = root.appendingPathComponent("project/.chatpayloads.yml").path
        try "profile: compat\n".write(toFile: path, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        XCTAssertNil(ConfigTrust.problem(atPath: path))
        try FileManager.default.setAttributes([.posixPermissions: 0o666], ofItemAtPath: path)
        XCTAssertEqual(ConfigTrust.problem(atPath: path), .worldWritable(mode: UInt32(0o100666)))
        XCTAssertTrue(ConfigTrust.problem(atPath: path)?.description.contains("mode 0666") == true)
        try FileManager.default.setAttributes([.posixPermissions: 0o664], ofItemAtPath: path)
        XCTAssertNil(ConfigTrust.problem(atPath: path), "group-writable is the user's own group's business")
        if getuid() == 0 {
            XCTAssertEqual(chown(path, 65534, 65534), 0)
            XCTAssertEqual(ConfigTrust.problem(atPath: path), .ownedByAnotherUser(owner: 65534, user: 0))
        }
        XCTAssertTrue(ConfigTrust.refusal(.worldWritable(mode: 0o666), path: path).description.contains("--config"))
    }
}
