import XCTest
@testable import Scheme

/// The dead pairs a collection keeps for reuse stay in the heap's objects, where `cons` takes them
/// back without retaining them: a reused pair must stay alive exactly as long as the heap owns it,
/// its old contents must be gone, and the pairs left unused must be freed with the heap.
final class FreePairOwnershipTests: XCTestCase {
    func testReusedPairsAreOwnedOnceAndFreedWithTheHeap() {
        weak var reused: Pair?
        weak var spare: Pair?
        do {
            let heap = Heap()
            var pairs: [Value] = []
            for i in 0..<1000 { pairs.append(heap.cons(.fixnum(i), .null)) }
            guard case .pair(let first) = pairs[0], case .pair(let last) = pairs[999] else { return XCTFail("not pairs") }
            reused = last.takeUnretainedValue()
            spare = first.takeUnretainedValue()
            pairs = []
            heap.collect { _ in }
            XCTAssertEqual(heap.reusablePairCount, 1000)
            XCTAssertEqual(heap.objectCount, 0)
            XCTAssertNotNil(spare, "the heap keeps the dead pairs it reuses alive")
            // Kept for reuse, a pair holds nothing: a run that protects every object marks it.
            XCTAssertTrue(spare?.car.isNull == true && spare?.cdr.isNull == true)

            // The dead pairs come back last first, with their new fields.
            let again = heap.cons(.true, .fixnum(7))
            guard case .pair(let u) = again else { return XCTFail("not a pair") }
            XCTAssertTrue(u.takeUnretainedValue() === reused)
            XCTAssertEqual(heap.reusablePairCount, 999)
            // Reachable, it survives a collection unchanged; unreachable, it goes back to the list.
            heap.collect { $0.mark(again) }
            XCTAssertEqual(heap.objectCount, 1)
            XCTAssertTrue(u.takeUnretainedValue().car.isEq(.true))
            XCTAssertTrue(u.takeUnretainedValue().cdr.isEq(.fixnum(7)))
            heap.collect { _ in }
            XCTAssertEqual(heap.objectCount, 0)
            XCTAssertEqual(heap.reusablePairCount, 1000)
            XCTAssertNotNil(reused)
        }
        XCTAssertNil(reused, "a pair kept for reuse outlived its heap")
        XCTAssertNil(spare, "a pair kept for reuse outlived its heap")
    }

    /// A pair that was reused and is still in use when the heap goes is freed with it too.
    func testLivePairsAreFreedWithTheHeap() {
        weak var live: Pair?
        do {
            let heap = Heap()
            _ = heap.cons(.null, .null)
            heap.collect { _ in }
            guard case .pair(let u) = heap.cons(.fixnum(1), .fixnum(2)) else { return XCTFail("not a pair") }
            live = u.takeUnretainedValue()
            XCTAssertEqual(heap.reusablePairCount, 0)
            XCTAssertEqual(heap.objectCount, 1)
        }
        XCTAssertNil(live)
    }

    /// While a run protects every object that exists (`protectedCount`), `cons` takes no pair kept
    /// for reuse (it lies in the protected prefix, where a new pair would outlive its use); once the
    /// run ends, it does again.
    func testNoReuseInsideAProtectedPrefix() {
        let heap = Heap()
        for i in 0..<10 { _ = heap.cons(.fixnum(i), .null) }
        heap.collect { _ in }
        XCTAssertEqual(heap.reusablePairCount, 10)
        heap.protectedCount = heap.objectsEnd
        _ = heap.cons(.true, .true)
        XCTAssertEqual(heap.reusablePairCount, 10)
        XCTAssertEqual(heap.objectCount, 1)
        heap.protectedCount = 0
        _ = heap.cons(.true, .true)
        XCTAssertEqual(heap.reusablePairCount, 9)
        XCTAssertEqual(heap.objectCount, 2)
    }
}
