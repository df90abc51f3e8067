import XCTest
@testable import Scheme

/// The block heap of docs/heap-design.md (migration step 4), standalone: not used by the VM yet.
final class BlockHeapTests: XCTestCase {
    private func fix(_ n: Int) -> Word { Word(fixnum: n)! }

    /// The elements of a proper list of fixnums.
    private func ints(_ list: Word) -> [Int] {
        var r: [Int] = []
        var l = list
        while let p = PairRef(l) { r.append(p.car.fixnum); l = p.cdr }
        return r
    }

    // MARK: words

    func testFixnumRangeAndOverflowEdges() {
        XCTAssertEqual(Word(fixnum: Word.fixnumMax)?.fixnum, (1 << 62) - 1)
        XCTAssertEqual(Word(fixnum: Word.fixnumMin)?.fixnum, -(1 << 62))
        XCTAssertNil(Word(fixnum: Word.fixnumMax + 1))
        XCTAssertNil(Word(fixnum: Word.fixnumMin - 1))
        XCTAssertNil(Word(fixnum: Int.max))
        let max = fix(Word.fixnumMax), min = fix(Word.fixnumMin)
        XCTAssertNil(Word.fixnumSum(max, fix(1)))
        XCTAssertEqual(Word.fixnumSum(max, fix(-1))?.fixnum, Word.fixnumMax - 1)
        XCTAssertNil(Word.fixnumDifference(min, fix(1)))
        XCTAssertEqual(Word.fixnumDifference(min, fix(-1))?.fixnum, Word.fixnumMin + 1)
        XCTAssertNil(Word.fixnumProduct(fix(1 << 31), fix(1 << 31)))          // 2^62
        XCTAssertEqual(Word.fixnumProduct(fix(1 << 31), fix(-(1 << 31)))?.fixnum, -(1 << 62))
        XCTAssertEqual(Word.fixnumProduct(fix(-7), fix(6))?.fixnum, -42)
        XCTAssertNil(Word.fixnumNegation(min))
        XCTAssertEqual(Word.fixnumNegation(max)?.fixnum, -Word.fixnumMax)
        XCTAssertNil(Word.fixnumQuotient(min, fix(-1)))
        XCTAssertNil(Word.fixnumQuotient(fix(7), fix(0)))
        XCTAssertNil(Word.fixnumRemainder(fix(7), fix(0)))
        XCTAssertEqual(Word.fixnumQuotient(fix(-7), fix(2))?.fixnum, -3)
        XCTAssertEqual(Word.fixnumRemainder(fix(-7), fix(2))?.fixnum, -1)
        XCTAssertEqual(Word.fixnumRemainder(min, fix(-1))?.fixnum, 0)
        XCTAssertTrue(Word.fixnumLess(min, fix(-1)))
        XCTAssertFalse(Word.fixnumLess(max, fix(0)))
        XCTAssertNil(Word.fixnumSum(fix(1), .true), "a non-fixnum operand is refused, not added")
    }

    func testImmediatesAndCharacters() {
        let immediates: [Word] = [.null, .false, .true, .unspecified, .undefined, .eof, .defaultObject]
        XCTAssertEqual(Set(immediates).count, immediates.count)
        for w in immediates { XCTAssertTrue(w.isImmediate); XCTAssertFalse(w.isPointer); XCTAssertFalse(w.isChar) }
        for s: Unicode.Scalar in ["a", "\u{0}", "é", "λ", "\u{10FFFF}"] {
            let c = Word(char: s)
            XCTAssertTrue(c.isImmediate && c.isChar)
            XCTAssertEqual(c.char, s)
        }
        XCTAssertNil(Word.true.char)
        XCTAssertFalse(Word.false.isTrue)
        XCTAssertTrue(Word.null.isTrue)
        XCTAssertTrue(fix(-3).isFixnum)
    }

    // MARK: allocation and collection

    func testHolesAreReusedAfterCollection() {
        let heap = BlockHeap()
        var garbage = Set<UInt64>()
        var kept = Word.null
        for i in 0..<2000 {
            kept = heap.cons(fix(i), kept)
            garbage.insert(heap.cons(fix(i), .null).bits)     // dropped at once
        }
        heap.roots = [kept]
        heap.collect(.major)
        XCTAssertEqual(heap.markedBytes, 2000 * 16)
        let blocks = heap.pairs.blocks.count
        for i in 0..<2000 {
            let p = heap.cons(fix(-i), .null)
            XCTAssertTrue(garbage.contains(p.bits), "the new pair should fill a hole left by a dead one")
        }
        XCTAssertEqual(heap.pairs.blocks.count, blocks)
        XCTAssertEqual(ints(kept), Array((0..<2000).reversed()))
    }

    func testCyclesAreFreed() {
        let heap = BlockHeap()
        let a = heap.cons(fix(1), .null)
        let b = heap.cons(fix(2), a)
        PairRef(a)!.cdr = b                                     // a ↔ b
        let v = heap.makeVector(count: 3)!
        VectorRef(v)!.setElement(0, v)                          // a vector holding itself
        VectorRef(v)!.setElement(1, a)
        heap.roots = [v]
        heap.collect(.major)
        XCTAssertEqual(heap.markedBytes, 32 + 32, "two pairs and a 4-word vector in a 32-byte cell")
        heap.roots = []
        heap.collect(.major)
        XCTAssertEqual(heap.markedBytes, 0)
        XCTAssertTrue(heap.pairs.blocks.isEmpty, "the empty pair block went back to the pool")
        XCTAssertEqual(heap.pool.freeBlocks, 2)
    }

    func testDeepStructuresAreMarkedWithoutRecursion() {
        let heap = BlockHeap()
        let n = 1_000_000
        var list = Word.null
        var nest = Word.null
        for i in 0..<n {
            list = heap.cons(fix(i), list)
            nest = heap.cons(nest, fix(i))                       // a million cars deep
        }
        heap.roots = [list, nest]
        heap.collect(.major)
        XCTAssertEqual(heap.markedBytes, 2 * n * 16)
        XCTAssertEqual(heap.verify(), 0)
        var sum = 0
        var l = list
        while let p = PairRef(l) { sum += p.car.fixnum; l = p.cdr }
        XCTAssertEqual(sum, n * (n - 1) / 2)
    }

    /// Makes `w` old: rooted through a collection, it stays marked (sticky mark bits).
    private func makeOld(_ heap: BlockHeap, _ w: Word) {
        heap.roots.append(w)
        heap.collect(.major)
    }

    func testMinorCollectionKeepsYoungObjectsStoredIntoOldOnes() {
        let heap = BlockHeap()
        let old = heap.cons(.null, .null)
        let oldVector = heap.makeVector(count: 8)!
        heap.roots = [old, oldVector]
        heap.collect(.major)
        let young = heap.list([fix(1), fix(2), fix(3)])
        let youngFlonum = heap.flonum(2.5)
        PairRef(old)!.car = young                               // through the barrier
        VectorRef(oldVector)!.setElement(7, youngFlonum)
        for _ in 0..<1000 { _ = heap.cons(fix(0), .null) }       // young garbage around them
        heap.collect(.minor)
        XCTAssertEqual(heap.statistics.minorCollections, 1)
        XCTAssertTrue(HeapMarker.isMarked(young) && HeapMarker.isMarked(youngFlonum))
        XCTAssertEqual(heap.verify(), 0)
        for i in 0..<20_000 { _ = heap.cons(fix(i), fix(i)) }     // refill every hole
        XCTAssertEqual(ints(PairRef(old)!.car), [1, 2, 3])
        XCTAssertEqual(heap.double(VectorRef(oldVector)!.element(7)!), 2.5)
    }

    /// The same store without the barrier: the minor collection misses the young list, the
    /// verifier reports the dangling pointer, and the list's cell is handed out again.
    func testWithoutTheBarrierAMinorCollectionLosesTheYoungObject() {
        let heap = BlockHeap()
        let old = heap.cons(.null, .null)
        makeOld(heap, old)
        let young = heap.cons(fix(42), .null)
        PairRef(old)!.address.storeBytes(of: young.bits, as: UInt64.self)   // a raw store: no card
        heap.collect(.minor)
        XCTAssertFalse(HeapMarker.isMarked(young))
        XCTAssertEqual(heap.verify(), 1)
        var reused = false
        for i in 0..<20_000 where heap.cons(fix(i), .null) == young { reused = true; break }
        XCTAssertTrue(reused, "the young pair's cell was free and got reused")
    }

    /// Objects larger than a card: a store far into one marks a card that does not hold its
    /// header, and the minor collection must still find the object's cell from that card.
    func testStoresIntoObjectsSpanningSeveralCards() {
        let heap = BlockHeap()
        var vectors: [Word] = []
        for n in [70, 200, 600, 1000] {                          // cells of 576 to 8192 bytes
            let v = heap.makeVector(count: n, fill: fix(0))!
            XCTAssertEqual(Block(containing: v.address).kind, .object)
            vectors.append(v)
        }
        heap.roots = vectors
        heap.collect(.major)
        var young: [Word] = []
        for v in vectors {
            let r = VectorRef(v)!
            let y = heap.cons(fix(r.count), .null)
            r.setElement(r.count - 1, y)
            young.append(y)
        }
        heap.collect(.minor)
        XCTAssertEqual(heap.verify(), 0)
        for i in 0..<20_000 { _ = heap.cons(fix(-i), .null) }
        for (v, y) in zip(vectors, young) {
            let r = VectorRef(v)!
            XCTAssertEqual(r.element(r.count - 1), y)
            XCTAssertEqual(PairRef(y)?.car, fix(r.count))
        }
    }

    func testCardsAreClearedAndOldGarbageWaitsForAMajorCollection() {
        let heap = BlockHeap()
        let old = heap.cons(.null, .null)
        makeOld(heap, old)
        let oldGarbage = heap.cons(fix(1), .null)
        makeOld(heap, oldGarbage)
        heap.roots.removeLast()                                 // now unreachable, but old
        PairRef(old)!.cdr = heap.cons(fix(2), .null)
        heap.collect(.minor)
        XCTAssertTrue(HeapMarker.isMarked(oldGarbage), "a minor collection does not free old objects")
        let card = Block(containing: old.address).cards
        XCTAssertFalse((0..<Block.cardsPerBlock).contains { card[$0] != 0 }, "cards cleared after scanning")
        heap.collect(.major)
        XCTAssertFalse(HeapMarker.isMarked(oldGarbage))
        XCTAssertEqual(heap.markedBytes, 32)
    }

    // MARK: weak tables and handles

    func testWeakSymbolsDieAndAreCounted() {
        let heap = BlockHeap()
        let keep = heap.intern("keep")!
        XCTAssertEqual(heap.intern("keep"), keep)
        XCTAssertEqual(SymbolRef(keep)?.name.stringValue, "keep")
        for i in 0..<100 { _ = heap.intern("tmp\(i)") }
        XCTAssertEqual(heap.symbols.count, 101)
        heap.roots = [keep]
        heap.collect(.minor)
        XCTAssertEqual(heap.symbols.collected, 100)
        XCTAssertEqual(heap.symbols.count, 1)
        XCTAssertEqual(heap.intern("keep"), keep, "a live symbol keeps its identity")
        let again = heap.intern("tmp7")!
        XCTAssertEqual(SymbolRef(again)?.name.stringValue, "tmp7")
        // An old symbol dies only in a major collection.
        heap.roots = [keep, again]
        heap.collect(.minor)
        heap.roots = [keep]
        heap.collect(.minor)
        XCTAssertEqual(heap.symbols.collected, 100)
        heap.collect(.major)
        XCTAssertEqual(heap.symbols.collected, 101)
        XCTAssertEqual(heap.intern("keep"), keep)
        XCTAssertEqual(heap.symbols.count, 1)
        let wide = heap.intern("λx")!
        XCTAssertEqual(heap.intern("λx"), wide)
        XCTAssertNotEqual(heap.intern("λy"), wide)
    }

    func testWeakVectorSlotsAreClearedWhenTheirObjectDies() {
        let heap = BlockHeap()
        let weak = heap.makeWeakVector(count: 3)!
        let live = heap.cons(fix(1), .null)
        let dead = heap.cons(fix(2), .null)
        let w = VectorRef(weak, weak: true)!
        w.setElement(0, live)
        w.setElement(1, dead)
        w.setElement(2, fix(5))
        heap.roots = [weak, live]
        heap.collect(.minor)
        XCTAssertEqual(w.element(0), live)
        XCTAssertEqual(w.element(1), .false)
        XCTAssertEqual(w.element(2), fix(5))
        heap.roots = [weak]                                     // `live` is old now: a major one clears it
        heap.collect(.minor)
        XCTAssertEqual(w.element(0), live)
        heap.collect(.major)
        XCTAssertEqual(w.element(0), .false)
        heap.roots = []
        heap.collect(.major)
        XCTAssertTrue(heap.weakVectors.isEmpty)
    }

    private final class Probe {}

    private final class Holder: WordTraceable {
        var held = Word.null
        func trace(_ marker: inout HeapMarker) { marker.mark(held) }
    }

    func testHandleTableReleasesObjectsWhenTheirCellDies() {
        let heap = BlockHeap()
        weak var young: Probe?
        weak var old: Probe?
        do {
            let p = Probe(), q = Probe()
            young = p
            old = q
            let cell = heap.makeOpaque(q)!
            XCTAssertTrue(heap.opaqueObject(cell) === q)
            makeOld(heap, cell)
            _ = heap.makeOpaque(p)
        }
        XCTAssertNotNil(young)
        heap.collect(.minor)
        XCTAssertNil(young, "a young cell that died releases its object in a minor collection")
        heap.roots = []
        heap.collect(.minor)
        XCTAssertNotNil(old, "an old cell stays until a major collection")
        heap.collect(.major)
        XCTAssertNil(old)
        XCTAssertEqual(heap.handles.released, 2)
        XCTAssertEqual(heap.handles.count, 0)
        XCTAssertNil(heap.opaqueObject(fix(3)))
    }

    func testRememberedOpaqueObjectsAreTracedByMinorCollections() {
        let heap = BlockHeap()
        let holder = Holder()
        let cell = heap.makeOpaque(holder)!
        makeOld(heap, cell)
        holder.held = heap.list([fix(7), fix(8)])                // a young list only the Swift object holds
        heap.remember(cell)
        heap.collect(.minor)
        XCTAssertTrue(HeapMarker.isMarked(holder.held))
        for i in 0..<20_000 { _ = heap.cons(fix(i), .null) }
        XCTAssertEqual(ints(holder.held), [7, 8])
        // A newly marked opaque cell's object is traced too (a major collection here).
        let other = Holder()
        other.held = heap.cons(fix(9), .null)
        heap.roots.append(heap.makeOpaque(other)!)
        heap.collect(.major)
        XCTAssertTrue(HeapMarker.isMarked(other.held))
        XCTAssertEqual(heap.verify(), 0)
    }

    // MARK: objects

    func testLargeObjectsHaveCardsAndAreFreed() {
        let heap = BlockHeap()
        let v = heap.makeVector(count: 100_000, fill: fix(0))!
        XCTAssertEqual(Block(containing: v.address).kind, .large)
        makeOld(heap, v)
        let young = heap.cons(fix(5), .null)
        XCTAssertTrue(VectorRef(v)!.setElement(99_999, young))
        XCTAssertFalse(VectorRef(v)!.setElement(100_000, young), "out of range: refused")
        heap.collect(.minor)
        XCTAssertTrue(HeapMarker.isMarked(young))
        XCTAssertEqual(heap.verify(), 0)
        XCTAssertEqual(heap.large.blocks.count, 1)
        _ = heap.makeBytevector(count: 50_000, fill: 7)          // young, dead
        heap.collect(.minor)
        XCTAssertEqual(heap.large.blocks.count, 1, "a young large object that died is freed by a minor collection")
        heap.roots = []
        heap.collect(.major)
        XCTAssertEqual(heap.large.blocks.count, 0)
        XCTAssertEqual(heap.large.bytes, 0)
        let again = heap.makeVector(count: 100_000)!             // reuses the freed run
        XCTAssertEqual(VectorRef(again)?.element(99_999), .false)
    }

    func testSizeClasses() {
        let sizes = SizeClasses.sizes
        XCTAssertEqual(sizes.first, 16)
        XCTAssertEqual(sizes.last, Block.maxSmallObject)
        XCTAssertEqual(sizes, sizes.sorted())
        for bytes in stride(from: 16, through: Block.maxSmallObject, by: 16) {
            let c = SizeClasses.index(forBytes: bytes)
            XCTAssertGreaterThanOrEqual(sizes[c], bytes)
            if c > 0 { XCTAssertLessThan(sizes[c - 1], bytes) }
        }
        let heap = BlockHeap()
        for n in [0, 1, 2, 5, 20, 100, 500, 1023] {
            let v = heap.makeVector(count: n, fill: fix(n))!
            let b = Block(containing: v.address)
            XCTAssertEqual(b.kind, .object)
            XCTAssertEqual(b.cellSize, sizes[SizeClasses.index(forBytes: 8 + 8 * n)])
            XCTAssertEqual(VectorRef(v)?.count, n)
            if n > 0 { XCTAssertEqual(VectorRef(v)?.element(n - 1), fix(n)) }
        }
        // 8 KB with the header is the last small object; one slot more is large.
        XCTAssertEqual(Block(containing: heap.makeVector(count: 1023)!.address).kind, .object)
        XCTAssertEqual(Block(containing: heap.makeVector(count: 1024)!.address).kind, .large)
    }

    func testStringsWidenWithoutChangingIdentity() {
        let heap = BlockHeap()
        let s = heap.makeString("héllo")!
        let r = StringRef(s)!
        XCTAssertFalse(r.isWide)
        XCTAssertEqual(r.stringValue, "héllo")
        makeOld(heap, s)
        XCTAssertTrue(r.setScalar(1, "λ", heap: heap))           // widens: new young storage, barrier
        XCTAssertTrue(r.isWide)
        heap.collect(.minor)
        XCTAssertEqual(heap.verify(), 0)
        for i in 0..<1000 { _ = heap.makeString("x\(i)") }
        XCTAssertEqual(StringRef(s)?.stringValue, "hλllo")
        XCTAssertEqual(r.scalar(4), "o")
        XCTAssertNil(r.scalar(5))
        let literal = heap.makeString("abc", immutable: true)!
        XCTAssertFalse(StringRef(literal)!.setScalar(0, "z", heap: heap))
    }

    func testRefusedSizesDoNotTrap() {
        let heap = BlockHeap()
        XCTAssertNil(heap.makeVector(count: -1))
        XCTAssertNil(heap.makeVector(count: Int.max))
        XCTAssertNil(heap.makeVector(count: 1 << 47))
        XCTAssertNil(heap.makeBytevector(count: 1 << 41))
        XCTAssertNil(heap.makeStorage(count: Int.max / 2, wide: true))
        XCTAssertNil(heap.makeObject(.bytevector, length: 3), "byte objects are not made by slot fill")
        XCTAssertNil(ObjectHeader(type: .vector, length: 1 << 48))
        XCTAssertEqual(heap.allocatedSinceCollection, 0)
        // A code object whose count lies: marking clamps it to the object.
        let code = heap.makeObject(.code, length: 2, fill: fix(0))!
        ObjectRef(code)!.setSlot(0, fix(1_000_000))
        ObjectRef(code)!.setSlot(1, heap.cons(fix(1), .null))
        heap.roots = [code]
        heap.collect(.major)
        XCTAssertEqual(heap.verify(), 0)
        XCTAssertEqual(heap.markedBytes, 32 + 16)
    }

    func testStressModeCollectsAtEverySafePoint() {
        for mode in [BlockHeap.StressMode.minor, .major] {
            let heap = BlockHeap()
            heap.stress = mode
            var list = Word.null
            let n = mode == .minor ? 3000 : 500
            for i in 0..<n {
                let v = heap.makeVector(count: 2, fill: fix(i))!
                list = heap.cons(v, list)
                _ = heap.cons(fix(-1), .null)                    // garbage every round
                heap.safePoint { $0.mark(list) }
            }
            let s = heap.statistics
            XCTAssertEqual(mode == .minor ? s.minorCollections : s.majorCollections, n)
            var i = n
            var l = list
            while let p = PairRef(l) {
                i -= 1
                XCTAssertEqual(VectorRef(p.car)?.element(1), fix(i))
                l = p.cdr
            }
            XCTAssertEqual(i, 0)
            heap.roots = [list]
            heap.collect(.major)
            XCTAssertEqual(heap.markedBytes, n * (16 + 32))
        }
    }

    func testNurseryBudgetAndHeapLimit() {
        let heap = BlockHeap()
        heap.nurseryBytes = 1 << 20
        var list = Word.null
        var collections = 0
        for i in 0..<200_000 {                                  // 3.2 MB of pairs
            list = heap.cons(fix(i), list)
            if heap.safePoint(roots: { $0.mark(list) }) != nil { collections += 1 }
        }
        XCTAssertEqual(collections, 3)
        heap.limitBytes = 1 << 20
        heap.roots = [list]
        heap.collect(.major)
        XCTAssertTrue(heap.overLimit)
        XCTAssertEqual(heap.markedBytes, 200_000 * 16)
        heap.roots = []
        heap.collect(.major)
        XCTAssertFalse(heap.overLimit)
    }

    func testFreeBlocksArePooledAndAdvisedPastTheReserve() {
        let heap = BlockHeap()
        for i in 0..<2_000_000 { _ = heap.cons(fix(i), .null) }  // 32 MB: 123 blocks
        let blocks = heap.pairs.blocks.count
        XCTAssertGreaterThan(blocks, 100)
        heap.collect(.major)
        XCTAssertEqual(heap.pairs.blocks.count, 0)
        XCTAssertEqual(heap.pool.freeBlocks, blocks)
        XCTAssertEqual(heap.pool.advisedBlocks, blocks - heap.pool.reserveBlocks)
        let mapped = heap.pool.mappedBytes
        for i in 0..<2_000_000 { _ = heap.cons(fix(i), .null) }
        XCTAssertEqual(heap.pool.mappedBytes, mapped, "the pooled blocks are reused, nothing new is mapped")
    }
}
