import Foundation
import JSONSchemaConformance
import XCTest

@testable import JSONSchemaValidator

/// The validator embeds the specifications' meta-schemas (2020-12, 2019-09, 7, 6, 4) verbatim
/// (Scripts/embed-resources.py); these must equal ../shared/metaschemas byte for byte.
final class EmbeddedMetaschemasTests: XCTestCase {
    func testEmbeddedMetaschemasEqualTheSpecificationFiles() throws {
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        guard let suite = SuiteRunner.locate(from: packageRoot) else { return XCTFail("../shared not found beside the checkout") }
        let metaDir = suite.deletingLastPathComponent().appendingPathComponent("metaschemas")
        XCTAssertEqual(EmbeddedMetaschemas.documents.count, 19)
        for doc in EmbeddedMetaschemas.documents {
            let onDisk = try Data(contentsOf: metaDir.appendingPathComponent(doc.path))
            XCTAssertEqual(Array(doc.text.utf8), Array(onDisk), "\(doc.path) differs; run python3 Scripts/embed-resources.py")
            XCTAssertTrue(SchemaRegistry.standard.contains(doc.uri), "\(doc.uri) is not in the standard registry")
        }
    }
}
