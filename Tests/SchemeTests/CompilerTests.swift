import XCTest
@testable import Scheme

final class CompilerTests: SchemeTestCase {
    func testOpcodesAreNumberedDensely() {
        XCTAssertEqual(Opcode.allCases.count, Int(Opcode.count))
        for (i, op) in Opcode.allCases.enumerated() { XCTAssertEqual(Int(op.rawValue), i, op.name) }
    }

    func listing(_ source: String) -> String {
        value("(disassemble \(source))")
    }

    func testTailCallsAndLoops() {
        let tail = listing("(lambda (f x) (f x))")
        XCTAssertTrue(tail.contains("tailCall"), tail)
        XCTAssertFalse(tail.contains("return"), tail)
        // A named let called only in tail position is a jump, with no closure made.
        let loop = listing("(lambda (n) (let loop ((i 0)) (if (< i n) (loop (+ i 1)) i)))")
        XCTAssertTrue(loop.contains("jumpBack"), loop)
        XCTAssertFalse(loop.contains("closure"), loop)
        // Escaping the name makes it a real closure.
        let escaping = listing("(lambda (n) (let loop ((i 0)) (if (< i n) (loop (+ i 1)) loop)))")
        XCTAssertTrue(escaping.contains("closure"), escaping)
    }

    func testInlinedPrimitivesAndBoxes() {
        // `car` of a local is one instruction (`localCar`); of any other value, the opcode.
        let inlined = listing("(lambda (a b) (+ (car a) (cdr (cdr b))))")
        XCTAssertTrue(inlined.contains("add") && inlined.contains("localCar") && inlined.contains("localCdr")
                      && inlined.contains("cdr "), inlined)
        // Only a variable both captured and assigned gets a box.
        let boxed = listing("(lambda () (let ((n 0)) (lambda () (set! n (+ n 1)) n)))")
        XCTAssertTrue(boxed.contains("boxLocal"), boxed)
        XCTAssertTrue(boxed.contains("setCapturedBox"), boxed)
        let plain = listing("(lambda (x) (lambda () x))")
        XCTAssertFalse(plain.contains("box"), plain)
    }

    /// A procedure of many constants (the constant table grows many times): each constant is
    /// found again wherever it is used, and stays distinct from the others.
    func testManyConstantsEachKeepTheirIndex() {
        let names = (0..<200).map { "g\($0)" }
        let defines = names.enumerated().map { "(define \($0.element) \($0.offset * 3))" }.joined(separator: " ")
        // Each global cell is one constant, used twice; the sum is wrong if any index is.
        let uses = (names + names.reversed()).joined(separator: " ")
        check("(begin \(defines) ((lambda () (+ \(uses)))))", "\(2 * 3 * (0..<200).reduce(0, +))")
        let quoted = (0..<300).map { "'(k \($0))" }.joined(separator: " ")
        check("(let ((v (vector \(quoted)))) (list (vector-ref v 0) (vector-ref v 150) (vector-ref v 299)))",
              "((k 0) (k 150) (k 299))")
        check("(let ((f (lambda () '(x)))) (eq? (f) (f)))", "#t")
    }

    func testRedefiningAnInlinedPrimitiveIsHonoured() {
        check("(define (car x) 'mine) (car '(1 2))", "mine")
    }

    func testConstantsAndLocations() throws {
        let code = try scheme.runtime.compileToplevel(try XCTUnwrap(scheme.evaluate("'(f (g 1))")), in: scheme.runtime.interaction)
        let block = try XCTUnwrap(code.object(Closure.self)).code
        XCTAssertGreaterThan(block.code.count, 0)
        XCTAssertLessThanOrEqual(block.frameSize, block.stackSize)
    }

    /// `and` and `or` in an `if`'s test compile to jumps (no value pushed and tested again), and a
    /// jump to a jump goes straight to the last one's target; every combination still decides
    /// as the values would, including where the parts have effects.
    func testTestsOfAndOrAndThreadedJumps() {
        _ = value("""
            (define (f a b c) (if (and a (or b c)) 'yes 'no))
            (define (g a b c) (if (or (and a b) (not c)) 'yes 'no))
            (define (h a b c) (if (and (or a b) (and b (or c a))) (if a 1 2) (if b 3 (if c 4 5))))
            (define log '())
            (define (t x) (set! log (cons x log)) x)
            (define (k a b c) (if (or (t a) (and (t b) (t c))) 'yes 'no))
            """)
        let listing = value("(disassemble f)")
        XCTAssertFalse(listing.contains("jumpIfFalse") && listing.contains("false"), listing)
        var rows: [String] = []
        for a in ["#f", "#t", "0"] { for b in ["#f", "#t"] { for c in ["#f", "'x"] {
            rows.append("(list (f \(a) \(b) \(c)) (g \(a) \(b) \(c)) (h \(a) \(b) \(c)) (begin (set! log '()) (list (k \(a) \(b) \(c)) log)))")
        } } }
        let reference = """
            (define (id x) x)
            (define (f a b c) (if (id (and a (or b c))) 'yes 'no))
            (define (g a b c) (if (id (or (and a b) (not c))) 'yes 'no))
            (define (h a b c) (if (id (and (or a b) (and b (or c a)))) (if a 1 2) (if b 3 (if c 4 5))))
            (define (k a b c) (if (id (or (t a) (and (t b) (t c)))) 'yes 'no))
            """
        let compiled = value("(list " + rows.joined(separator: " ") + ")")
        _ = value(reference)
        XCTAssertEqual(compiled, value("(list " + rows.joined(separator: " ") + ")"))
        check("(define (m x) (if (and (pair? x) (or (null? (cdr x)) (eq? (cadr x) 'k))) (car x) 'none)) (list (m '(1)) (m '(2 k)) (m '(3 j)) (m 5))",
              "(1 2 none none)")
    }
}
