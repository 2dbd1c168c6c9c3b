import XCTest
@testable import JSONSchemaValidator

/// ``EvaluatedIndices`` holds the same indices as a `Set<Int>` would, below 64 and above
/// (where its words are created on the first insert), through inserts and unions.
final class EvaluatedIndicesTests: XCTestCase {
    func testMatchesASetThroughInsertsAndUnions() {
        var state: UInt64 = 0x1D1C_E5ED
        func next(_ bound: Int) -> Int {
            state ^= state >> 12
            state ^= state << 25
            state ^= state >> 27
            return Int((state &* 0x2545_F491_4F6C_DD1D) % UInt64(bound))
        }
        for round in 0..<300 {
            let limit = [10, 64, 65, 130, 400][round % 5]
            var a = EvaluatedIndices(), b = EvaluatedIndices()
            var sa = Set<Int>(), sb = Set<Int>()
            for _ in 0..<next(12) {
                let i = next(limit)
                a.insert(i)
                sa.insert(i)
            }
            for _ in 0..<next(12) {
                let i = next(limit)
                b.insert(i)
                sb.insert(i)
            }
            let copy = a
            a.formUnion(b)
            sa.formUnion(sb)
            for i in 0..<(limit + 70) {
                XCTAssertEqual(a.contains(i), sa.contains(i), "round \(round), index \(i)")
                XCTAssertEqual(b.contains(i), sb.contains(i), "round \(round), index \(i)")
            }
            // The union changed `a` only: the copy taken before keeps its own words.
            for i in 0..<(limit + 70) where !sb.contains(i) {
                XCTAssertEqual(copy.contains(i), sa.contains(i), "copy, round \(round), index \(i)")
            }
        }
        var all = EvaluatedIndices()
        all.insertAll()
        XCTAssertTrue(all.contains(0) && all.contains(1_000))
        var union = EvaluatedIndices()
        union.formUnion(all)
        XCTAssertTrue(union.contains(777))
    }
}
