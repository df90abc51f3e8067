import XCTest
@testable import Scheme

/// Minor and full collections (`Heap+Generations.swift`): a minor collection does not follow old
/// pairs, frees young garbage, and keeps whatever old data refers to, through the write barrier's
/// remembered set, the old objects, protection and the expander's scopes.
final class GenerationTests: SchemeTestCase {
    private func pair(_ v: Value) -> Pair? {
        if case .pair(let p) = v { return p }
        return nil
    }

    private func text(_ v: Value?) -> String? {
        if case .string(let s)? = v { return s.string }
        return nil
    }

    /// `collectionInterval` sets the least allocation between two collections: the same 20 MB of
    /// garbage (strings of 1,000 characters made and dropped, four bytes each: a lambda is past
    /// U+00FF, so they are wide) runs two collections or more under the
    /// default 8 MB and none under 64 MB; it is never set below 1 MB, and a heap limit still brings
    /// collections before the limit whatever it is.
    func testCollectionIntervalSpacesCollections() throws {
        let churn = "(let loop ((i 0)) (if (< i 5000) (begin (make-string 1000 #\\x3bb) (loop (+ i 1)))))"
        XCTAssertEqual(scheme.collectionInterval, 8 << 20)
        var before = scheme.runtime.heap.collections
        _ = try scheme.evaluate(churn)
        XCTAssertGreaterThanOrEqual(scheme.runtime.heap.collections - before, 2)

        let spaced = Scheme()
        spaced.collectionInterval = 64 << 20
        XCTAssertEqual(spaced.collectionInterval, 64 << 20)
        before = spaced.runtime.heap.collections
        _ = try spaced.evaluate(churn)
        XCTAssertEqual(spaced.runtime.heap.collections - before, 0)

        spaced.collectionInterval = 0
        XCTAssertEqual(spaced.collectionInterval, 1 << 20)

        let limited = Scheme(limits: Scheme.Limits(heapBytes: 16 << 20))
        limited.collectionInterval = 1 << 30
        before = limited.runtime.heap.collections
        _ = try limited.evaluate(churn)
        XCTAssertGreaterThanOrEqual(limited.runtime.heap.collections - before, 1, "the limit still paces collections")
    }

    /// A minor collection costs the young data, not the old: after a full collection has made a
    /// 100,000-element list old, a minor one follows a handful of references, and frees young
    /// garbage all the same (its cells are handed out again).
    func testMinorCollectionSkipsOldPairs() throws {
        let heap = Heap()
        let big = heap.list((0..<100_000).map { .fixnum($0) })
        heap.collect(.full) { $0.mark(big) }
        XCTAssertGreaterThanOrEqual(heap.lastCollectionCost, 100_000)
        var garbage: Set<Pair> = []
        for i in 0..<1000 { garbage.insert(try XCTUnwrap(pair(heap.cons(.fixnum(i), .null)))) }
        let young = heap.list([.fixnum(1), .fixnum(2), .fixnum(3)])
        heap.collect(.minor) { $0.mark(big); $0.mark(young) }
        XCTAssertLessThan(heap.lastCollectionCost, 100, "the old list is not followed")
        XCTAssertEqual(heap.objectCount, 100_003)
        var reused = 0
        for _ in 0..<1000 { if garbage.contains(try XCTUnwrap(pair(heap.cons(.null, .null)))) { reused += 1 } }
        XCTAssertEqual(reused, 1000, "young garbage is freed by a minor collection")
        XCTAssertEqual(young.listElements?.map { $0.fixnum ?? -1 }, [1, 2, 3])
        XCTAssertEqual(big.listElements?.count, 100_000)
        XCTAssertEqual(heap.fullCollections, 1)
    }

    /// Storing a young pair or object into an old pair (either field) remembers the old pair, so a
    /// minor collection keeps what it now refers to; the remembered set is forgotten after it. Old
    /// pairs that become garbage stay until a full collection.
    func testWriteBarrierKeepsYoungDataOfOldPairs() throws {
        let heap = Heap()
        let old = try XCTUnwrap(pair(heap.list([.fixnum(0), .fixnum(0)])))
        let oldTail = try XCTUnwrap(pair(old.cdr))
        heap.collect(.full) { $0.mark(.pair(old)) }
        XCTAssertNotEqual(old.flags & Pair.oldFlag, 0)
        let youngList = heap.list([.fixnum(7), .fixnum(8)])
        let youngString = heap.string("young")
        old.car = youngList
        oldTail.cdr = youngString
        XCTAssertEqual(heap.rememberedPairs.count, 2)
        old.car = youngList
        XCTAssertEqual(heap.rememberedPairs.count, 2, "a pair is remembered once")
        for i in 0..<500 { _ = heap.cons(.fixnum(i), .null) }
        heap.collect(.minor) { $0.mark(.pair(old)) }
        XCTAssertEqual(heap.rememberedPairs.count, 0)
        XCTAssertEqual(old.flags & Pair.rememberedFlag, 0)
        for i in 0..<2000 { _ = heap.cons(.fixnum(i), .fixnum(i)) }  // would reuse freed cells
        XCTAssertEqual(old.car.listElements?.map { $0.fixnum ?? -1 }, [7, 8])
        XCTAssertEqual(text(oldTail.cdr), "young")
        heap.collect(.minor) { $0.mark(.pair(old)) }
        XCTAssertEqual(old.car.listElements?.map { $0.fixnum ?? -1 }, [7, 8], "promoted, then old")
        // Dropped old pairs: kept by minor collections, freed by a full one.
        old.car = .null
        heap.collect(.minor) { $0.mark(.pair(old)) }
        XCTAssertEqual(heap.objectCount, 2 + 2 + 2, "the string (a head and a data cell), the old list, and the dropped list still counted")
        heap.collect(.full) { $0.mark(.pair(old)) }
        XCTAssertEqual(heap.objectCount, 2 + 2, "the old list and the string")
    }

    /// Storing an immediate into an old pair remembers nothing.
    func testImmediatesNeedNoRemembering() throws {
        let heap = Heap()
        let p = try XCTUnwrap(pair(heap.cons(.null, .null)))
        heap.collect(.full) { $0.mark(.pair(p)) }
        for v: Value in [.fixnum(1), .flonum(2.5), .char(65), .true, .null, .eof] {
            p.car = v
            p.cdr = v
        }
        XCTAssertEqual(heap.rememberedPairs.count, 0)
    }

    /// Pair blocks are carved from 2 MB chunks, eight to a chunk, each block aligned to its size
    /// within its chunk (no allocator padding beside them for huge pages to make resident).
    func testPairBlocksComeFromChunks() {
        let heap = Heap()
        var keep: [Value] = []
        while heap.pairBlockCount < 20 { keep.append(heap.cons(.fixnum(keep.count), .null)) }
        XCTAssertEqual(heap.pairChunks.count, 3)
        for block in heap.pairBlocks {
            let address = UInt(bitPattern: block)
            XCTAssertEqual(address % UInt(Heap.pairBlockBytes), 0)
            XCTAssertTrue(heap.pairChunks.contains { address &- UInt(bitPattern: $0) < UInt(Heap.pairChunkBytes) })
        }
        if case .pair(let p)? = keep.last { XCTAssertEqual(p.car.fixnum, keep.count - 1) } else { XCTFail("not a pair") }
    }

    /// A minor collection costs the young data, not the old objects either: after a full collection
    /// has made 20,000 vectors of strings old, a minor one follows a handful of references.
    func testMinorCollectionSkipsOldObjects() {
        let heap = Heap()
        let all = heap.vector((0..<20_000).map { i in heap.vector([.fixnum(i), heap.string("s\(i)")]) })
        heap.collect(.full) { $0.mark(all) }
        XCTAssertGreaterThanOrEqual(heap.lastCollectionCost, 40_000)
        let young = heap.vector([.fixnum(1)])
        for _ in 0..<100 { _ = heap.string("garbage") }
        heap.collect(.minor) { $0.mark(all); $0.mark(young) }
        XCTAssertLessThan(heap.lastCollectionCost, 100, "the old vectors are not followed")
        // (Two cells for each string and for each vector of two, the long vector's cell and storage, the young one's cell.)
        XCTAssertEqual(heap.objectCount, 80_003, "young garbage freed, the old and the young kept")
        XCTAssertEqual(heap.fullCollections, 1)
    }

    /// Storing a young value into an old vector remembers the element's cell (a short vector) or
    /// the vector's storage (a long one) once, so a minor collection keeps what it now refers to;
    /// an immediate remembers nothing; the sets are forgotten after.
    func testWriteBarrierKeepsYoungDataOfOldObjects() {
        let heap = Heap()
        let v = heap.vector([.false, .false]), long = heap.vector(Array(repeating: .false, count: 500))
        guard case .vector(let vector) = v, case .vector(let longVector) = long else { return XCTFail("not a vector") }
        heap.collect(.full) { $0.mark(v); $0.mark(long) }
        vector.set(0, .fixnum(3), heap)
        longVector.set(0, .fixnum(3), heap)
        XCTAssertEqual(heap.rememberedPairs.count + heap.rememberedObjects.count, 0, "an immediate")
        let young = heap.string("young")
        vector.set(1, young, heap)
        vector.set(1, young, heap)
        XCTAssertEqual(heap.rememberedPairs.count, 1, "the element's cell, once")
        longVector.set(499, young, heap)
        longVector.set(3, young, heap)
        XCTAssertEqual(heap.rememberedObjects.count, 1, "the long vector's storage, once")
        for _ in 0..<100 { _ = heap.string("garbage") }
        heap.collect(.minor) { $0.mark(v); $0.mark(long) }
        XCTAssertEqual(text(vector[1]), "young")
        XCTAssertEqual(text(longVector[499]), "young")
        XCTAssertEqual(heap.rememberedPairs.count + heap.rememberedObjects.count, 0)
        XCTAssertEqual(heap.objectCount, 6, "the garbage strings are freed: the string's two cells, the vectors' cells and storage kept")
    }

    /// The stress-mode check of the generations finds a store that bypassed the write barrier (a
    /// field of a record of 500 fields, past `CellRun.farIndex`, written in place in the storage
    /// that holds those fields), and nothing once the barrier has seen it. A record's other fields
    /// are pair cells, whose own barrier remembers the cell stored into.
    func testCheckFindsAMissedWriteBarrier() throws {
        let heap = Heap()
        let wide = heap.own(RecordType(name: "wide", fields: (0..<500).map { Symbol(name: "f\($0)") }))
        let record = Record.make(type: Unmanaged.passUnretained(wide), in: heap) { _ in .false }
        heap.collect(.full) { $0.mark(.record(record)) }
        let far = record.run.cell.loadUnaligned(fromByteOffset: CellRun.offset(CellRun.farIndex + 1), as: Value.self)
        guard let fields = far.object(ValueStorage.self) else { return XCTFail("no storage of the fields past farIndex") }
        let young = heap.string("young")
        fields.buffer[480 - CellRun.farIndex] = young
        XCTAssertTrue(record.field(480).isEq(young))
        let missed = heap.markMinor { $0.mark(.record(record)) }
        XCTAssertEqual(heap.checkGenerations(missed).missed, 1)
        record.store(480, young, heap)
        XCTAssertEqual(heap.rememberedObjects.count, 1, "the storage of the far fields is remembered")
        let seen = heap.markMinor { $0.mark(.record(record)) }
        XCTAssertEqual(heap.checkGenerations(seen).missed, 0)

        let narrow = heap.own(RecordType(name: "narrow", fields: [Symbol(name: "x"), Symbol(name: "y"), Symbol(name: "z")]))
        let small = Record.make(type: Unmanaged.passUnretained(narrow), in: heap) { _ in .false }
        heap.collect(.full) { $0.mark(.record(small)); $0.mark(.record(record)) }
        let other = heap.string("other")
        small.store(2, other, heap)
        XCTAssertEqual(heap.rememberedPairs.count, 1, "the cell of field 2 is remembered")
        let reached = heap.markMinor { $0.mark(.record(small)) }
        XCTAssertEqual(heap.checkGenerations(reached).missed, 0)
        guard case .string(let s) = other else { return XCTFail("not a string") }
        XCTAssertEqual(s.head.mark, heap.epoch, "the minor collection reached the young string")
    }

    /// Every way Scheme code stores into an existing object passes the write barrier: with a
    /// collection at every 97th safe point (three in four minor, each checked for missed barriers),
    /// values stored into old vectors, records, hash tables, boxed variables, parameters and
    /// promises live on. (Not at every safe point: the call that stores a value is a safe point
    /// where the value is an argument, so a collection there would make it old before the store.)
    func testEveryObjectMutatorUnderStress() {
        scheme.runtime.heap.stressInterval = 97
        defer { scheme.runtime.heap.stressInterval = 0 }
        check("""
        (define v (make-vector 3 #f))
        (define w (make-vector 3 #f))
        (define-record-type holder (make-holder x) holder? (x holder-x set-holder-x!))
        (define h (make-holder #f))
        (define t (make-equal-hash-table))
        (hash-table-set! t 'k #f)
        (define p (make-parameter #f))
        (define box (let ((n #f)) (lambda (x) (if x (set! n x)) n)))
        (define pr (delay-force (delay (list 'forced (string #\\p)))))
        (define (churn) (let loop ((i 0)) (if (< i 3000) (begin (list i (string #\\g)) (loop (+ i 1))))))
        ;; One call: what a top-level form makes is protected during the forms that follow it, so
        ;; the stores, the collections and the reads happen in the same run.
        (define (run)
          (collect-garbage)
          (vector-set! v 0 (list 'set (string #\\s)))
          (vector-fill! v (list 'filled) 1 2)
          (vector-copy! w 1 (vector (list 'copied) (string #\\c)))
          (set-holder-x! h (list 'record))
          (hash-table-set! t 'k (list 'old-key))
          (hash-table-set! t (list 'new) (list 'new-key))
          (box (list 'boxed))
          (force pr)
          (churn)
          (list v w (holder-x h) (hash-table-ref/default t 'k #f) (hash-table-ref/default t (list 'new) #f)
                (box #f) (parameterize ((p (list 'param))) (churn) (p)) (force pr)))
        (run)
        """, #"(#((set "s") (filled) #f) #(#f (copied) "c") (record) (old-key) (new-key) (boxed) (param) (forced "p"))"#)
    }

    /// Old objects (a vector, a record, a closure) are followed by a minor collection: what was
    /// stored in them since keeps living, and so does an old object that only an old pair refers to.
    func testOldObjectsKeepYoungData() {
        check("""
        (define v (make-vector 3 #f))
        (define-record-type holder (make-holder x) holder? (x holder-x set-holder-x!))
        (define b (make-holder #f))
        (define keep (list (vector 'only-in-a-pair)))
        (collect-garbage)
        (vector-set! v 0 (list 1 2 3))
        (set-holder-x! b (string-append "fresh" "-string"))
        (define counter (let ((n (list 0))) (lambda () (set-car! n (+ (car n) 1)) (car n))))
        (let loop ((i 0)) (if (< i 1000000) (begin (cons i i) (counter) (loop (+ i 1)))))
        (list (vector-ref v 0) (holder-x b) (counter) (car keep))
        """, "((1 2 3) \"fresh-string\" 1000001 #(only-in-a-pair))")
        XCTAssertGreaterThan(scheme.runtime.heap.collections - scheme.runtime.heap.fullCollections, 0,
                             "minor collections ran")
    }

    /// At a collection at every safe point (three in four minor), programs that mutate old lists,
    /// vectors of lists, association lists and hash tables keep every value.
    func testMutationUnderStress() {
        scheme.runtime.heap.stressInterval = 1
        defer { scheme.runtime.heap.stressInterval = 0 }
        check("""
        (define table (make-vector 16 '()))
        (define (put! k v) (let ((i (modulo k 16))) (vector-set! table i (cons (cons k v) (vector-ref table i)))))
        (define (get k) (cdr (assv k (vector-ref table (modulo k 16)))))
        (define spine (iota 50))
        (let loop ((i 0))
          (if (< i 300)
              (begin
                (put! i (list i (number->string i)))
                (set-car! (list-tail spine (modulo i 50)) (list 'at i))
                (set-cdr! (list-tail spine 49) (if (even? i) (list i) '()))
                (loop (+ i 1)))))
        (list (get 7) (get 299) (list-ref spine 0) (list-ref spine 49) (length spine)
              (apply + (map (lambda (k) (car (get k))) (iota 300))))
        """, "((7 \"7\") (299 \"299\") (at 250) (at 299) 50 44850)")
        check("""
        (define h (make-equal-hash-table))
        (let loop ((i 0)) (if (< i 200) (begin (hash-table-set! h (list i) (make-string 3 #\\x)) (loop (+ i 1)))))
        (define sorted (list-sort < (map car (hash-table-keys h))))
        (list (length sorted) (car sorted) (hash-table-ref/default h (list 150) #f))
        """, "(200 0 \"xxx\")")
    }

    /// A macro defined after a collection, in a scope that collection traced, keeps its template
    /// through the minor collections that follow (scopes are traced in every collection).
    func testMacroDefinedBetweenCollectionsSurvives() {
        scheme.runtime.heap.stressInterval = 1
        defer { scheme.runtime.heap.stressInterval = 0 }
        check("""
        (let loop ((i 0)) (if (< i 100) (begin (list i i) (loop (+ i 1)))))
        (define-syntax swap! (syntax-rules () ((_ a b) (let ((tmp a)) (set! a b) (set! b tmp)))))
        (let loop ((i 0)) (if (< i 2000) (begin (list i i) (loop (+ i 1)))))
        (define x (list 1)) (define y (list 2))
        (swap! x y)
        (list x y)
        """, "((2) (1))")
    }

    /// Inside a protecting run, young pairs that existed when it started survive minor collections
    /// with no roots, and so does what they refer to.
    func testProtectionKeepsYoungPairsInMinorCollections() throws {
        let heap = Heap()
        heap.collect(.full) { _ in }
        let string = heap.string("kept")
        let young = heap.list([.fixnum(1), string])
        let guarded = heap.protectExisting()
        for i in 0..<100 { _ = heap.cons(.fixnum(i), .null) }
        heap.collect(.minor) { _ in }
        heap.collect(.minor) { _ in }
        XCTAssertEqual(young.listElements?.count, 2)
        for _ in 0..<3000 { _ = heap.cons(.true, .true) }
        XCTAssertEqual(text(young.listElements?.last), "kept")
        heap.endProtection(guarded)
        heap.collect(.full) { _ in }
        XCTAssertEqual(heap.objectCount, 0)
    }

    /// Which collections a safe point runs: minor ones while the old data grows little, a full one
    /// once it has more than doubled since the last full collection.
    func testFullCollectionWhenOldDataHasGrown() {
        check("""
        (define keep '())
        (let loop ((i 0))
          (if (< i 1200000)
              (begin (if (= 0 (remainder i 3)) (set! keep (cons i keep)) (list i i)) (loop (+ i 1)))))
        (length keep)
        """, "400000")
        let heap = scheme.runtime.heap
        XCTAssertGreaterThan(heap.collections - heap.fullCollections, 2, "minor collections")
        XCTAssertGreaterThan(heap.fullCollections, 0, "the kept list grew past the old data")
    }

    /// Under a heap limit, old garbage that a minor collection cannot see is not judged against it:
    /// a minor collection that counts more than the limit is followed by a full one.
    func testHeapLimitJudgedAfterFullCollection() {
        let heap = Heap()
        heap.limit = 1 << 20
        let list = heap.list((0..<50_000).map { .fixnum($0) })
        heap.collect(.full) { $0.mark(list) }
        XCTAssertGreaterThan(heap.liveBytes, 1 << 20)
        heap.collect(.minor) { _ in }
        XCTAssertEqual(heap.fullCollections, 2, "the minor collection's estimate was over the limit")
        XCTAssertLessThan(heap.liveBytes, 1 << 20)
        XCTAssertEqual(heap.objectCount, 0)
    }

    /// A program that keeps replacing large structures runs to its end under a limit smaller than
    /// everything it ever kept.
    func testReplacedStructuresUnderHeapLimit() {
        let s = Scheme(limits: .init(heapBytes: 24 << 20))
        XCTAssertEqual(s.write((try? s.evaluate("""
        (define keep #f)
        (let loop ((i 0))
          (if (< i 12)
              (begin (set! keep (iota 200000)) (loop (+ i 1)))))
        (length keep)
        """)) ?? .false), "200000")
    }
}
