import XCTest
@testable import HTLL

/// The category's text is built in pieces (blocks of its own, long arrays kept as they are) and
/// handed over as a `GeneratedText`: whatever the mix, its bytes are what was appended, in order.
final class CategoryTextTests: XCTestCase {
    /// Appends a random mix of literals, strings, short and long arrays, capitalized names and
    /// other texts to a `CategoryText` and to a plain array alongside; both must hold the same bytes.
    func testPiecesHoldWhatWasAppendedInOrder() {
        var rng = SystemRandomNumberGenerator()
        for round in 0..<40 {
            var text = CategoryText()
            var expected: [UInt8] = []
            // Lengths around the block sizes and the kept-array threshold, so every boundary is crossed.
            let lengths = [0, 1, 7, 100, 3000, 4095, 4096, 4097, 5000, 70_000]
            for step in 0..<(round < 5 ? 3 : 60) {
                switch Int.random(in: 0..<6, using: &rng) {
                case 0:
                    text.add("    self.")
                    expected += Array("    self.".utf8)
                case 1:
                    let s = "piece \(round).\(step) λ"
                    text.add(text: s, ";\n")
                    expected += Array(s.utf8) + Array(";\n".utf8)
                case 2, 3:
                    let n = lengths.randomElement(using: &rng) ?? 0
                    let bytes = (0..<n).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ step) }
                    text.add(bytes)
                    expected += bytes
                case 4:
                    text.add(capitalized: Array("label\(step)".utf8))
                    expected += Array("Label\(step)".utf8)
                default:
                    var other = CategoryText()
                    let long = [UInt8](repeating: UInt8(ascii: "x"), count: Int.random(in: 0..<9000, using: &rng))
                    other.add("(void)"); other.add(long); other.add(";\n")
                    text.add(other)
                    expected += Array("(void)".utf8) + long + Array(";\n".utf8)
                }
            }
            let generated = text.take()
            XCTAssertEqual(generated.count, expected.count, "round \(round)")
            XCTAssertEqual(generated.bytes, expected, "round \(round)")
            var pieces = 0
            XCTAssertTrue(generated.forEachPiece { pieces += 1; return !$0.isEmpty })
            // The value starts over once taken, and holds only what is appended after.
            text.add("@end\n")
            XCTAssertEqual(text.take().string, "@end\n")
        }
    }

    /// `forEachPiece` stops at the first piece its body refuses (a write that failed).
    func testForEachPieceStopsWhenRefused() {
        var text = CategoryText()
        text.add([UInt8](repeating: 1, count: 5000))
        text.add("tail")
        text.add([UInt8](repeating: 2, count: 5000))
        let generated = text.take()
        var seen = 0
        XCTAssertFalse(generated.forEachPiece { _ in seen += 1; return false })
        XCTAssertEqual(seen, 1)
        seen = 0
        XCTAssertTrue(generated.forEachPiece { _ in seen += 1; return true })
        XCTAssertEqual(seen, 3)
    }
}
