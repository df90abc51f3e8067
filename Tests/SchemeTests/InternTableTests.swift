import XCTest
@testable import Scheme

/// The intern table on its own: names found after it grows, removal only of symbols it alone
/// holds, probes that pass removed slots, and names that differ only past ASCII.
final class InternTableTests: XCTestCase {
    func testGrowingKeepsEverySymbolFindable() {
        var table = InternTable()
        var made: [Symbol] = []
        for i in 0..<10_000 {
            var new = false
            made.append(table.symbol(named: "name\(i)", made: &new) { Symbol(name: "name\(i)") })
            XCTAssertTrue(new)
        }
        XCTAssertEqual(table.count, 10_000)
        for i in stride(from: 0, to: 10_000, by: 7) {
            XCTAssertTrue(table["name\(i)"] === made[i])
            var new = false
            XCTAssertTrue(table.symbol(named: "name\(i)", made: &new) { Symbol(name: "other") } === made[i])
            XCTAssertFalse(new)
        }
        XCTAssertNil(table["name10000"])
        XCTAssertEqual(Set(table.symbols.map(\.name)).count, 10_000)
    }

    func testRemovalAndProbesPastRemovedSlots() {
        var table = InternTable()
        for i in 0..<1_000 {
            var new = false
            _ = table.symbol(named: "s\(i)", made: &new) { Symbol(name: "s\(i)") }
        }
        // Held elsewhere too: not removed.
        var kept: Symbol? = table["s1"]
        XCTAssertFalse(table.removeIfOnlyHere("s1"))
        kept = nil
        XCTAssertNil(kept)
        // Every even name removed; every odd one still found through the removed slots.
        for i in stride(from: 0, to: 1_000, by: 2) { XCTAssertTrue(table.removeIfOnlyHere("s\(i)")) }
        XCTAssertFalse(table.removeIfOnlyHere("s0"))
        XCTAssertEqual(table.count, 500)
        for i in 0..<1_000 { XCTAssertEqual(table["s\(i)"] != nil, i % 2 == 1, "s\(i)") }
        // Interned again: new symbols, and the table grows over the removed slots.
        for i in 0..<3_000 {
            var new = false
            let s = table.symbol(named: "s\(i)", made: &new) { Symbol(name: "s\(i)") }
            XCTAssertEqual(new, i % 2 == 0 || i >= 1_000, "s\(i)")
            XCTAssertEqual(s.name, "s\(i)")
        }
        XCTAssertEqual(table.count, 3_000)
        table.reserve(5_000)
        for i in 0..<3_000 { XCTAssertNotNil(table["s\(i)"]) }
    }

    func testNamesBeyondASCII() throws {
        var table = InternTable()
        let names = ["é", "e\u{301}", "λ", "日本", "🙂", "a", ""]
        var made: [Symbol] = []
        for n in names {
            var new = false
            made.append(table.symbol(named: n, made: &new) { Symbol(name: n) })
            XCTAssertTrue(new, n)
        }
        // Names of different scalars are different names, canonically equivalent or not (as
        // string=? tells them apart): "é" and "e" with a combining accent are two symbols.
        for (n, s) in zip(names, made) { XCTAssertTrue(table[n] === s, n) }
        XCTAssertEqual(table.count, names.count)
        let scheme = Scheme()
        XCTAssertEqual(scheme.write(try scheme.evaluate("(list (eq? (string->symbol \"\\xe9;\") (string->symbol \"e\\x301;\")) (eq? 'abc (string->symbol \"abc\")))")), "(#f #t)")
    }
}
