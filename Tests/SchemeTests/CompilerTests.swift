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

    /// A test's parts that make a value only to be tested (a `cond` in an `and`, a `not` in one, a
    /// `let` or a `begin` around a test, constants) branch instead, and each gives, for every
    /// combination of truths, what the same expression gives as a value tested by `if`.
    func testNestedTestsBranchAsTheValueWould() {
        let shapes = [
            "(and (cond ((pair? a) (eq? (car a) 'q)) ((symbol? a) b) (else (not (null? a)))) c)",
            "(and a (not b) (not (not c)))",
            "(or (not a) (if b #f c) (if c #f b))",
            "(and (let ((x a)) (if x (not c) x)) #t)",
            "(and (begin (set! n (+ n 1)) a) (let* ((y b) (z (or y c))) z))",
            "(if (if a b c) (if b #f #t) (not (if c a #f)))",
            "(and 1 '() (or #f 0))",
            "(not (and #f a))",
        ]
        let inputs = ["#f", "#t", "'(q)", "'(p)", "'()", "'s", "0"]
        _ = value("(define n 0)")
        for (i, shape) in shapes.enumerated() {
            // `f` tests the shape in an `if`; `g` gives its value, which `apply` tests after.
            _ = value("(define (f a b c) (if \(shape) 'yes 'no))")
            _ = value("(define (g a b c) \(shape))")
            let listing = value("(disassemble f)")
            XCTAssertFalse(listing.contains("not ") || listing.contains("true ") || listing.contains("false "),
                           "shape \(i) makes a value to test:\n\(listing)")
            var calls: [String] = []
            for a in inputs { for b in inputs.prefix(3) { for c in inputs.prefix(3) { calls.append("\(a) \(b) \(c)") } } }
            // The same answers, and `begin`'s side effect run as often.
            _ = value("(set! n 0)")
            let tested = value("(list " + calls.map { "(f \($0))" }.joined(separator: " ") + ")"), testedCount = value("n")
            _ = value("(set! n 0)")
            let reference = value("(list " + calls.map { "(if (apply g (list \($0))) 'yes 'no)" }.joined(separator: " ") + ")")
            XCTAssertEqual(tested, reference, shape)
            XCTAssertEqual(testedCount, value("n"), shape)
            // (The last two always hold.)
            XCTAssertTrue(tested.contains("yes") && (tested.contains("no") || i >= 6), "shape \(i): \(tested)")
        }
    }

    func testRedefiningAnInlinedPrimitiveIsHonoured() {
        check("(define (car x) 'mine) (car '(1 2))", "mine")
    }

    func testConstantsAndLocations() throws {
        let code = try scheme.runtime.compileToplevel(try XCTUnwrap(scheme.evaluate("'(f (g 1))")), in: scheme.runtime.interaction)
        let block = try XCTUnwrap(code.asClosure).code
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
