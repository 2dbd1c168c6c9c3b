import Foundation
import JSONSchemaConformance
import XCTest

@testable import JSONSchemaValidator

/// The validator embeds the specification's 2020-12 meta-schemas verbatim
/// (Scripts/embed-resources.py); these must equal ../shared/metaschemas byte for byte.
final class EmbeddedMetaschemasTests: XCTestCase {
    func testEmbeddedMetaschemasEqualTheSpecificationFiles() throws {
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        guard let suite = SuiteRunner.locate(from: packageRoot) else { return XCTFail("../shared not found beside the checkout") }
        let metaDir = suite.deletingLastPathComponent().appendingPathComponent("metaschemas/draft2020-12")
        XCTAssertEqual(EmbeddedMetaschemas.documents.count, 9)
        for doc in EmbeddedMetaschemas.documents {
            let onDisk = try Data(contentsOf: metaDir.appendingPathComponent(doc.path))
            XCTAssertEqual(Array(doc.text.utf8), Array(onDisk), "\(doc.path) differs; run python3 Scripts/embed-resources.py")
            XCTAssertTrue(SchemaRegistry.standard.contains(doc.uri), "\(doc.uri) is not in the standard registry")
        }
    }
}
