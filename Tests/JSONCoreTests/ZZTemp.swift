import XCTest
@testable import JSONCore
final class ZZTemp: XCTestCase {
    func testDeepDestroy() throws {
        let depth = Int(ProcessInfo.processInfo.environment["DEPTH"] ?? "100000")!
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        do {
            let doc = try JSONParser.parse(text, options: JSONParseOptions(maxDepth: depth))
            print("parsed", doc.root.typeName)
            print("eq", doc.root == doc.root)
            print("hash", doc.root.hashValue != 0)
            print("write", JSONWriter.bytes(doc.root).count)
        }
        print("destroyed")
    }
}
