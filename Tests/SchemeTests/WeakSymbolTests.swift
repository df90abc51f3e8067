import XCTest
@testable import Scheme

/// The weak intern table (`Heap+Symbols.swift`): symbols made from data are freed and counted when
/// nothing refers to them; those Swift interns, those still referred to, and those Swift holds stay
/// the same objects.
final class WeakSymbolTests: SchemeTestCase {
    /// A loop that makes `n` fresh symbols and keeps none.
    private static let churn = """
        (define (churn prefix n)
          (let loop ((i 0))
            (when (< i n)
              (string->symbol (string-append prefix (number->string i)))
              (loop (+ i 1)))))
        """

    func testUnreferencedSymbolsAreFreedAndCounted() throws {
        _ = try scheme.evaluate(Self.churn)
        let before = scheme.symbolCount
        _ = try scheme.evaluate("(churn \"garbage-\" 200000) (collect-garbage)")
        XCTAssertLessThan(scheme.symbolCount, before + 1_000, "the table kept the garbage symbols")
        XCTAssertGreaterThanOrEqual(scheme.collectedSymbolCount, 199_000)
        // The statistics builtin reports the same two counts.
        let stats = try XCTUnwrap(try scheme.evaluateSystemCode("(%heap-statistics)", file: "stats",
                                                                in: scheme.runtime.system).listElements)
        XCTAssertEqual(stats.count, 5)
        XCTAssertEqual(stats[3].intValue, scheme.symbolCount)
        XCTAssertEqual(stats[4].intValue, scheme.collectedSymbolCount)
    }

    /// Garbage symbols no longer fill a heap limit: 250,000 of them (about 26 MB when kept) under 8 MB.
    func testGarbageSymbolsFitUnderAHeapLimit() throws {
        let s = Scheme(limits: .init(heapBytes: 8 << 20))
        _ = try s.evaluate(Self.churn)
        XCTAssertNoThrow(try s.evaluate("(churn \"limited-\" 250000)"))
        XCTAssertGreaterThan(s.collectedSymbolCount, 150_000)
    }

    /// Symbols reachable from data, code, globals, hash tables and closures keep their identity
    /// through collections that free the garbage around them.
    func testReferencedSymbolsStayTheSame() {
        check("""
            \(Self.churn)
            (define kept (string->symbol "kept-in-a-global"))
            (define v (vector (string->symbol "kept-in-a-vector")))
            (define l (list (string->symbol "kept-in-a-list")))
            (define h (make-hash-table eq?))
            (hash-table-set! h (string->symbol "kept-as-a-key") 1)
            (define f (let ((s (string->symbol "kept-by-a-closure"))) (lambda () s)))
            (define (quoted) 'kept-as-a-constant)
            (churn "noise-" 100000)
            (collect-garbage)
            (churn "more-noise-" 100000)
            (list (eq? kept (string->symbol "kept-in-a-global"))
                  (eq? (vector-ref v 0) 'kept-in-a-vector)
                  (eq? (car l) (string->symbol "kept-in-a-list"))
                  (hash-table-ref/default h 'kept-as-a-key 'lost)
                  (eq? (f) 'kept-by-a-closure)
                  (eq? (quoted) (string->symbol "kept-as-a-constant"))
                  (symbol->string (vector-ref v 0)))
            """, "(#t #t #t 1 #t #t \"kept-in-a-vector\")")
    }

    /// A symbol dropped from the table is made again when its name comes back, and works as any.
    func testADroppedNameComesBack() throws {
        _ = try scheme.evaluate("(string->symbol \"comes-back\") (collect-garbage)")
        XCTAssertNil(scheme.runtime.heap.symbols["comes-back"])
        check("(let ((a 'comes-back)) (list a (eq? a (string->symbol \"comes-back\")) (symbol->string a)))",
              "(comes-back #t \"comes-back\")")
    }

    /// Symbols Swift interns are pinned: a value of one kept in Swift without rooting stays valid
    /// and stays the symbol the reader returns for its name, even after the name was first read.
    func testSymbolsSwiftInternsArePinned() throws {
        _ = try scheme.evaluate(Self.churn + "(define first 'read-before-swift-interns-it)")
        let early = scheme.symbol("read-before-swift-interns-it")
        let late = scheme.symbol("interned-by-swift")
        _ = try scheme.evaluate("(set! first #f) (churn \"x\" 50000) (collect-garbage)")
        XCTAssertTrue(try scheme.evaluate("'interned-by-swift").isEqv(late))
        XCTAssertTrue(try scheme.evaluate("(string->symbol \"read-before-swift-interns-it\")").isEqv(early))
        XCTAssertEqual(scheme.write(late), "interned-by-swift")
    }

    /// A weak symbol Swift holds strongly (as a global's name or an environment's key would) is not
    /// dropped though no collection reaches it: a second symbol of its name would differ from it.
    func testASymbolSwiftHoldsIsKept() {
        let heap = Heap()
        let held = heap.intern("held-by-swift", pinned: false)
        let collected = heap.symbolsCollected
        heap.collect { _ in }
        XCTAssertTrue(heap.intern("held-by-swift", pinned: false) === held)
        XCTAssertEqual(heap.symbolsCollected, collected)
        XCTAssertFalse(held.pinned)
    }

    /// A run that protects what exists keeps the weak symbols made before it; they go once it ends.
    func testProtectionKeepsExistingWeakSymbols() {
        let heap = Heap()
        let name = "made-before-a-protecting-run"
        let identity = ObjectIdentifier(heap.intern(name, pinned: false))
        let saved = heap.protectExisting()
        _ = heap.intern("made-inside-it", pinned: false)
        heap.collect { _ in }
        XCTAssertEqual(heap.symbols[name].map(ObjectIdentifier.init), identity, "a protected symbol was dropped")
        XCTAssertNil(heap.symbols["made-inside-it"])
        heap.endProtection(saved)
        heap.collect { _ in }
        XCTAssertNil(heap.symbols[name])
    }

    /// Reading untrusted text does not grow the table for ever: symbols read and thrown away go.
    func testReadSymbolsAreWeak() throws {
        let before = scheme.symbolCount
        for chunk in 0..<20 {
            let text = (0..<5_000).map { "read-\(chunk)-\($0)" }.joined(separator: " ")
            _ = try scheme.read("(" + text + ")")
            _ = try scheme.evaluate("(collect-garbage)")
        }
        XCTAssertLessThan(scheme.symbolCount, before + 10_000)
        XCTAssertNoThrow(try scheme.evaluate("(define |a bar symbol| 1) |a bar symbol|"))
    }

    /// The reader keeps the symbols it made between the forms of one text (a layout of a definition
    /// a line), and forgets them when the heap has collected since: the symbols of these forms are
    /// garbage once each has run, and reading their names again after the collection must intern
    /// them again, not give back the freed ones.
    func testTheReaderForgetsItsSymbolsAfterACollection() throws {
        let names = (0..<100).map { "read-then-dropped-\($0)" }
        let dropped = names.map { "'" + $0 }.joined(separator: "\n")
        let text = """
            \(dropped)
            (collect-garbage)
            (define kept (list \(names.map { "'" + $0 }.joined(separator: " "))))
            (and (equal? (map symbol->string kept) '(\(names.map { "\"" + $0 + "\"" }.joined(separator: " "))))
                 (let loop ((k kept))
                   (or (null? k)
                       (and (eq? (car k) (string->symbol (symbol->string (car k)))) (loop (cdr k))))))
            """
        let collectedBefore = scheme.collectedSymbolCount
        XCTAssertEqual(try scheme.evaluate(text).description, "#t")
        XCTAssertGreaterThanOrEqual(scheme.collectedSymbolCount - collectedBefore, 100, "the dropped symbols were not freed")
    }
}
