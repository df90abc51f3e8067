import XCTest
@testable import Scheme

/// Pairs as 24-byte cells in the heap's pair blocks (`Pair`, `Heap+Pairs.swift`): the cell layout,
/// which cells a collection frees, protection, source locations, and the epoch wrapping round.
final class PairCellTests: XCTestCase {
    private func pair(_ v: Value) -> Pair? {
        if case .pair(let p) = v { return p }
        return nil
    }

    /// The layout assumes a 9-byte `Value`: `car` and `cdr` must not overlap each other or the
    /// cell's flags and mark, whatever is stored.
    func testFieldsKeepEveryKindOfValue() throws {
        XCTAssertEqual(MemoryLayout<Value>.size, 9)
        XCTAssertLessThanOrEqual(Pair.cdrOffset + MemoryLayout<Value>.size, Pair.flagsOffset)
        let heap = Heap()
        let string = heap.string("s")
        let samples: [Value] = [.null, .unspecified, .undefined, .eof, .true, .false, .fixnum(Int.min),
                                .fixnum(Int.max), .fixnum(-1), .flonum(-0.0), .flonum(Double.nan), .char(0x10FFFF),
                                string, heap.cons(.fixnum(1), .null)]
        for a in samples {
            for d in samples {
                let p = try XCTUnwrap(pair(heap.cons(a, d)))
                XCTAssertTrue(p.car.isEqv(a) || p.car.flonumBits == a.flonumBits, "car of (\(a) . \(d))")
                XCTAssertEqual(p.car.flonumBits, a.flonumBits)
                XCTAssertTrue(p.cdr.isEqv(d) || p.cdr.flonumBits == d.flonumBits, "cdr of (\(a) . \(d))")
                XCTAssertEqual(p.cdr.flonumBits, d.flonumBits)
                XCTAssertEqual(p.mark, heap.youngMark, "a new pair is in use, young")
                XCTAssertEqual(p.flags, 0)
                p.cdr = a
                p.car = d
                XCTAssertEqual(p.car.flonumBits, d.flonumBits)
                XCTAssertEqual(p.mark, heap.youngMark, "storing a field left the mark alone")
                XCTAssertEqual(p.flags, 0, "storing into a young pair remembers nothing")
                XCTAssertEqual(p.location, .none)
            }
        }
    }

    /// A collection keeps the pairs it reaches, with their fields, and frees the rest (cycles
    /// included); `cons` then hands the freed cells out again, the kept ones never.
    func testCollectionFreesUnreachedCells() throws {
        let heap = Heap()
        let kept = heap.list((0..<100).map { .fixnum($0) })
        let ring = try XCTUnwrap(pair(heap.list([.fixnum(1), .fixnum(2)])))
        let second = try XCTUnwrap(pair(ring.cdr))
        second.cdr = .pair(ring)
        var garbage: Set<Pair> = [ring, second]
        for i in 0..<1000 { garbage.insert(try XCTUnwrap(pair(heap.cons(.fixnum(i), .null)))) }
        var keptCells: Set<Pair> = []
        var v = kept
        while case .pair(let p) = v { keptCells.insert(p); v = p.cdr }
        heap.collect { $0.mark(kept) }
        XCTAssertEqual(heap.objectCount, 100)
        XCTAssertEqual(kept.listElements?.map { $0.fixnum ?? -1 }, Array(0..<100))
        var reused = 0
        for _ in 0..<2000 {
            let p = try XCTUnwrap(pair(heap.cons(.true, .true)))
            XCTAssertFalse(keptCells.contains(p), "a reachable pair's cell was handed out")
            if garbage.contains(p) { reused += 1 }
        }
        XCTAssertEqual(reused, garbage.count, "every dead cell (the ring's two included) is reused")
        XCTAssertEqual(heap.pairBlockCount, 1)
    }

    /// Inside a protecting run, every pair in use when it started survives collections with no
    /// roots, and so does what it refers to; pairs made during the run are freed as usual; after
    /// the run, the old ones are collectable again. Protection nests.
    func testProtectionKeepsWhatExisted() throws {
        let heap = Heap()
        let vector = heap.vector([.fixnum(7)])
        let old = heap.list([.fixnum(1), vector])
        for i in 0..<50 { _ = heap.cons(.fixnum(i), .null) }  // garbage before the run: kept too
        let outer = heap.protectExisting()
        let during = try XCTUnwrap(pair(heap.cons(.fixnum(2), .null)))
        heap.collect { _ in }
        XCTAssertEqual(heap.objectCount, 52 + 1, "the 52 pairs and the vector in use when the run began")
        XCTAssertEqual(old.listElements?.count, 2)
        var fresh: Set<Pair> = []
        for _ in 0..<10 { fresh.insert(try XCTUnwrap(pair(heap.cons(.null, .null)))) }
        XCTAssertTrue(fresh.contains(during), "a pair made inside the run and dropped is freed")
        let inner = heap.protectExisting()
        let made = heap.cons(.fixnum(3), .null)
        heap.collect { _ in }
        XCTAssertEqual(heap.objectCount, 53 + 10, "the inner run keeps what the outer one made too")
        heap.endProtection(inner)
        heap.collect { $0.mark(made) }
        XCTAssertEqual(heap.objectCount, 53 + 1)
        heap.endProtection(outer)
        heap.collect { _ in }
        XCTAssertEqual(heap.objectCount, 0)
    }

    /// Pairs made with a location report it; the cell, reused by a plain `cons`, reports none; a
    /// block's table of locations goes once the block's pairs are dead; each heap answers for its
    /// own pairs.
    func testLocations() throws {
        let heap = Heap(), other = Heap()
        let here = SourceLocation(file: 1, line: 2, column: 3)
        let there = SourceLocation(file: 2, line: 4, column: 6)
        let p = try XCTUnwrap(pair(heap.cons(.null, .null, at: here)))
        let q = try XCTUnwrap(pair(other.cons(.null, .null, at: there)))
        XCTAssertEqual(p.location, here)
        XCTAssertEqual(q.location, there)
        XCTAssertEqual(try XCTUnwrap(pair(heap.cons(.null, .null, at: .none))).location, .none)
        heap.collect { _ in }
        let again = try XCTUnwrap(pair(heap.cons(.null, .null)))
        XCTAssertEqual(again, p, "the first free cell is the first one")
        XCTAssertEqual(again.location, .none)
        var located: [Pair] = []
        for i in 0..<30_000 {
            located.append(try XCTUnwrap(pair(heap.cons(.fixnum(i), .null, at: SourceLocation(file: 1, line: i + 1, column: i % 50 + 1)))))
        }
        XCTAssertGreaterThan(heap.pairBlockCount, 2, "the located pairs span blocks")
        XCTAssertEqual(heap.locationTables, heap.pairBlockCount)
        for (i, p) in located.enumerated() {
            XCTAssertEqual(p.location, SourceLocation(file: 1, line: i + 1, column: i % 50 + 1), "pair \(i)")
        }
        heap.collect { _ in }
        XCTAssertLessThanOrEqual(heap.locationTables, 1, "the emptied blocks' tables are freed (the cursor's block is kept)")
        // The emptied blocks are used again: their located pairs get new tables, and a reused cell
        // that was located reports only its new location, or none.
        var reused: [Pair] = []
        for i in 0..<30_000 {
            let at = i % 2 == 0 ? SourceLocation(file: 3, line: i + 7, column: 2) : .none
            reused.append(try XCTUnwrap(pair(heap.cons(.fixnum(i), .null, at: at))))
        }
        XCTAssertEqual(heap.locationTables, heap.pairBlockCount)
        for (i, p) in reused.enumerated() {
            XCTAssertEqual(p.location, i % 2 == 0 ? SourceLocation(file: 3, line: i + 7, column: 2) : .none, "pair \(i)")
        }
        XCTAssertEqual(q.location, there)
        XCTAssertEqual(other.locationTables, 1)
    }

    /// After about 2^32 collections the marks start again from 1: pairs in use stay in use (old and
    /// young alike), free cells stay free (no stale mark may look like a new one), objects are kept.
    func testMarksWrapRound() throws {
        let heap = Heap()
        heap.lastMark = UInt32.max - 12
        heap.collect { _ in }
        let kept = heap.list([.fixnum(1), .fixnum(2)])
        let vector = heap.vector([kept])
        var dead: [Pair] = []
        for i in 0..<10 { dead.append(try XCTUnwrap(pair(heap.cons(.fixnum(i), .null)))) }
        for kind: Heap.CollectionKind in [.minor, .full, .minor, .minor, .full, .minor] {
            heap.collect(kind) { $0.mark(vector) }
            _ = heap.cons(.fixnum(0), .null)  // young garbage, in use across the wrap
        }
        XCTAssertLessThan(heap.lastMark, 20, "the marks started again")
        heap.collect { $0.mark(vector) }
        XCTAssertEqual(heap.objectCount, 3)
        for p in dead { XCTAssertTrue(heap.isFree(p.mark)) }
        XCTAssertEqual(kept.listElements?.count, 2)
    }
}

private extension Value {
    /// The bits of a flonum (NaN compares unequal to itself), nil for anything else.
    var flonumBits: UInt64? {
        if case .flonum(let d) = self { return d.bitPattern }
        return nil
    }
}

/// Empty pair blocks give their pages back to the system after a full collection.
final class PairBlockReturnTests: XCTestCase {
    /// A million dropped pairs: their blocks are returned (resident memory falls, on Linux), then
    /// used again as free cells, and a new million-pair list made in them is intact.
    func testEmptyBlocksAreReturnedAndReused() throws {
        let heap = Heap()
        var list = heap.list((0..<1_000_000).map { .fixnum($0) })
        heap.collect(.full) { $0.mark(list) }
        let blocks = heap.pairBlockCount
        XCTAssertGreaterThan(blocks, 80)
        XCTAssertEqual(heap.returnedPairBlocks, 0, "every block is in use")
        let before = residentBytes()
        list = .null
        heap.collect(.full) { _ in }
        XCTAssertGreaterThanOrEqual(heap.returnedPairBlocks, blocks - 2)
        if let before, let after = residentBytes() {
            XCTAssertLessThan(after, before - 15_000_000, "the pages went back to the system")
        }
        heap.collect(.full) { _ in }
        XCTAssertLessThan(heap.returnedPairBlocks, 2 * blocks, "a returned block is not returned again")
        list = heap.list((0..<1_000_000).map { .fixnum($0 * 2) })
        XCTAssertEqual(heap.pairBlockCount, blocks, "the returned blocks' cells are used again")
        heap.collect(.full) { $0.mark(list) }
        let elements = try XCTUnwrap(list.listElements)
        XCTAssertEqual(elements.count, 1_000_000)
        XCTAssertEqual(elements[999_999].fixnum, 1_999_998)
    }

    /// The process's resident memory in bytes (Linux), or nil.
    private func residentBytes() -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * 4096
    }
}
