import ArgumentParser
import XCTest
@testable import ChatPayloadsCLI

/// `chatpayloads --version` answered without the tree prints what the tree prints for it, and
/// only that command line is answered so.
final class DirectVersionArgumentTests: XCTestCase {
    func testTheDirectVersionIsTheTreesText() {
        do {
            _ = try ChatPayloadsCommand.parseAsRoot(["--version"])
            XCTFail("the tree answers --version with a version request")
        } catch {
            XCTAssertEqual(ChatPayloadsCommand.exitCode(for: error), .success)
            XCTAssertEqual(ChatPayloadsCommand.directVersion(["--version"]), ChatPayloadsCommand.fullMessage(for: error))
        }
        XCTAssertTrue(ChatPayloadsCommand.directVersion(["--version"])?.hasPrefix(ChatPayloadsCommand.version) ?? false)
    }

    func testOtherLinesGoToTheTree() {
        for arguments in [[], ["--help"], ["validate", "--version"], ["--version", "--help"], ["--", "--version"], ["--version="], ["-v"]] {
            XCTAssertNil(ChatPayloadsCommand.directVersion(arguments), "\(arguments)")
        }
    }
}
