import XCTest
@testable import Scheme

/// The side table of pair locations: entries survive growth, a cell's entry is replaced, and
/// `retain` keeps exactly the cells it is asked to.
final class PairLocationTableTests: XCTestCase {
    func testEntriesSurviveGrowthReplacementAndPruning() throws {
        let table = PairLocationTable(capacity: 16)
        let base = UnsafeMutableRawPointer.allocate(byteCount: 24 * 50_000, alignment: 8)
        defer { base.deallocate() }
        func cell(_ i: Int) -> UnsafeMutableRawPointer { base + 24 * i }
        func where_(_ i: Int) -> SourceLocation { SourceLocation(file: 1 + i % 7, line: i + 1, column: i % 100 + 1) }
        for i in 0..<50_000 { table.set(cell(i), where_(i)) }
        XCTAssertEqual(table.count, 50_000)
        for i in stride(from: 0, to: 50_000, by: 3) { table.set(cell(i), where_(i + 1)) }
        XCTAssertEqual(table.count, 50_000, "setting a cell again replaces its entry")
        for i in 0..<50_000 {
            XCTAssertEqual(table.get(cell(i)), i % 3 == 0 ? where_(i + 1) : where_(i), "cell \(i)")
        }
        let other = UnsafeMutableRawPointer.allocate(byteCount: 24, alignment: 8)
        defer { other.deallocate() }
        XCTAssertNil(table.get(other))
        table.retain { ($0 - base) / 24 % 2 == 0 }
        XCTAssertEqual(table.count, 25_000)
        for i in 0..<50_000 { XCTAssertEqual(table.get(cell(i)), i % 2 == 0 ? (i % 3 == 0 ? where_(i + 1) : where_(i)) : nil) }
    }
}
