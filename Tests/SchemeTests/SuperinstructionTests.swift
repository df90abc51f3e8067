import XCTest
@testable import Scheme

/// Each superinstruction (`Opcode.fusedBase`) gives what the unfused code gives: its primitive's
/// builtin, called through a procedure value (`apply`), on fixnums, flonums, bignums, rationals,
/// mixed and wrong types, and at overflow; the value or the error, with the same message.
final class SuperinstructionTests: SchemeTestCase {
    /// Operands, as source (fewer under GC stress, where each case collects many times).
    #if GC_STRESS
    static let samples = ["7", "9223372036854775807", "(expt 10 30)", "1.5", "(/ 1 3)", "'a", "'()"]
    #else
    static let samples = [
        "0", "7", "-3", "9223372036854775807", "-9223372036854775808", "(expt 10 30)", "(- (expt 10 30))",
        "1.5", "2.", "-0.0", "+nan.0", "+inf.0", "(/ 1 3)", "1+2i", "'a", "\"s\"", "#f", "'()", "'(1 . 2)",
        // 2^53 and one past it (a fixnum a flonum holds exactly, and one it does not), a flonum there.
        "9007199254740992", "9007199254740993", "-9007199254740992.",
    ]
    #endif

    /// Fixnum constants an instruction carries as an operand word (its edges too).
    static let constants = ["0", "1", "-1", "7", "2147483647", "-2147483648"]

    override func setUp() {
        super.setUp()
        _ = value("""
            (define (outcome thunk)
              (guard (e ((error-object? e) (cons 'error (cons (error-object-message e) (error-object-irritants e))))
                        (#t (list 'raised e)))
                (list 'value (thunk))))
            """)
    }

    /// Defines `definition` (a procedure `f`), checks its code uses `opcode`, and compares
    /// `(f args…)` with `reference` (an expression of the same arguments through `apply`) for
    /// each argument list.
    func compare(_ definition: String, uses opcode: Opcode, reference: (String) -> String, arguments: [String],
                 file: StaticString = #filePath, line: UInt = #line) {
        _ = value(definition, file: file, line: line)
        let listing = value("(disassemble f)", file: file, line: line)
        XCTAssertTrue(listing.contains(opcode.name), "\(definition) does not use \(opcode.name):\n\(listing)", file: file, line: line)
        func outcomes(_ call: (String) -> String) -> String {
            value("(list " + arguments.map { "(outcome (lambda () \(call($0))))" }.joined(separator: "\n") + ")", file: file, line: line)
        }
        let fused = outcomes { "(f \($0))" }, unfused = outcomes(reference)
        XCTAssertFalse(fused.isEmpty, file: file, line: line)
        XCTAssertEqual(fused, unfused, definition, file: file, line: line)
    }

    var pairs: [String] { Self.samples.flatMap { a in Self.samples.map { "\(a) \($0)" } } }

    func testComparisonsAndBranches() {
        for (name, base) in [("=", Opcode.numEq), ("<", .lt), (">", .gt), ("<=", .le), (">=", .ge)] {
            let reference = { (args: String) in "(if (apply \(name) (list \(args))) 'yes 'no)" }
            guard let locals = Opcode.fusedComparison(base, fixnum: false),
                  let fixnum = Opcode.fusedComparison(base, fixnum: true) else { return XCTFail(name) }
            XCTAssertEqual(locals.fusedBase, base)
            XCTAssertEqual(fixnum.fusedBase, base)
            compare("(define (f a b) (if (\(name) a b) 'yes 'no))", uses: locals, reference: reference, arguments: pairs)
            // `not` swaps the branches: still the superinstruction.
            compare("(define (f a b) (if (not (\(name) a b)) 'no 'yes))", uses: locals, reference: reference, arguments: pairs)
            for k in Self.constants {
                compare("(define (f a) (if (\(name) a \(k)) 'yes 'no))", uses: fixnum,
                        reference: { "(if (apply \(name) (list \($0) \(k))) 'yes 'no)" }, arguments: Self.samples)
            }
        }
    }

    func testArithmeticWithAConstant() {
        for (name, opcode) in [("+", Opcode.addLocalFixnum), ("-", .subLocalFixnum)] {
            for k in Self.constants {
                compare("(define (f a) (\(name) a \(k)))", uses: opcode,
                        reference: { "(apply \(name) (list \($0) \(k)))" }, arguments: Self.samples)
            }
        }
        // Overflow in either direction gives the bignum, as the builtin does.
        check("(define (inc a) (+ a 1)) (define (dec a) (- a 1)) (list (inc 9223372036854775807) (dec -9223372036854775808))",
              "(9223372036854775808 -9223372036854775809)")
        check("(define (down a) (- a -2147483648)) (down 9223372036854775807)", "9223372039002259455")
    }

    func testListTestsAndReturnOfALocal() {
        compare("(define (f a) (if (null? a) 'yes 'no))", uses: .ifNullLocal,
                reference: { "(if (apply null? (list \($0))) 'yes 'no)" }, arguments: Self.samples)
        compare("(define (f a) (if (pair? a) 'yes 'no))", uses: .ifPairLocal,
                reference: { "(if (apply pair? (list \($0))) 'yes 'no)" }, arguments: Self.samples)
        compare("(define (f a) a)", uses: .returnLocal, reference: { "(apply values (list \($0)))" }, arguments: Self.samples)
    }

    /// `car`/`cdr` of a local, `(if local …)` and `(if (eq? x y) …)` give what the unfused code gives
    /// (the builtin's error for a non-pair, located at the call).
    func testPairFieldsOfALocalAndPlainTests() {
        compare("(define (f a) (car a))", uses: .localCar, reference: { "(apply car (list \($0)))" }, arguments: Self.samples)
        compare("(define (f a) (cdr a))", uses: .localCdr, reference: { "(apply cdr (list \($0)))" }, arguments: Self.samples)
        compare("(define (f a) (if a 'yes 'no))", uses: .ifLocal,
                reference: { "(if (apply values (list \($0))) 'yes 'no)" }, arguments: Self.samples)
        compare("(define (f a) (if (not a) 'no 'yes))", uses: .ifLocal,
                reference: { "(if (apply values (list \($0))) 'yes 'no)" }, arguments: Self.samples)
        compare("(define (f a b) (if (eq? a b) 'yes 'no))", uses: .ifEq,
                reference: { "(if (apply eq? (list \($0))) 'yes 'no)" }, arguments: pairs)
        compare("(define (f a) (if (eq? (car a) 'k) 'yes 'no))", uses: .ifEq,
                reference: { "(if (apply eq? (list (apply car (list \($0))) 'k)) 'yes 'no)" }, arguments: Self.samples + ["'(k)", "'(j . k)"])
        let e = error("(define (f a)\n  (car a))\n(f 'x)")
        XCTAssertEqual(e?.message.hasPrefix("car: "), true, e?.message ?? "")
        XCTAssertEqual(e?.line, 2)
        check("(define (f l) (let loop ((l l) (n 0)) (if (pair? l) (loop (cdr l) (+ n (car l))) n))) (f '(1 2 3 4))", "10")
    }

    /// `eq?` against a constant, `vector-ref` at a constant index and two locals pushed at once give
    /// what the unfused code gives: the test, the element, or `vector-ref`'s error, located at the call.
    func testConstantOperandsAndTwoLocals() {
        let vectors = ["(vector)", "(vector 'x)", "(vector 1 2 3)", "(make-vector 40 'y)"]
        for k in ["'k", "#f", "'()", "7", "#\\a", "\"s\""] {
            let reference = { (x: String) in "(if (apply eq? (list \(x) \(k))) 'yes 'no)" }
            compare("(define (f a) (if (eq? a \(k)) 'yes 'no))", uses: .ifEqLocalConst, reference: reference,
                    arguments: Self.samples + ["'k", "#\\a"])
            compare("(define (f a) (if (eq? \(k) a) 'yes 'no))", uses: .ifEqLocalConst, reference: reference,
                    arguments: Self.samples + ["'k"])
            compare("(define (f a) (if (eq? (values a) \(k)) 'yes 'no))", uses: .ifEqConst, reference: reference,
                    arguments: Self.samples + ["'k", "#\\a"])
        }
        compare("(define (f a) (and (pair? a) (eq? (car a) 'k) (not (eq? (cdr a) '())) 'yes))", uses: .ifEqConst,
                reference: { "(and (pair? \($0)) (apply eq? (list (car \($0)) 'k)) (not (null? (cdr \($0)))) 'yes)" },
                arguments: Self.samples + ["'(k)", "'(k . 1)", "'(j . 1)"])
        for n in ["0", "1", "2", "39", "-1", "2147483647", "-2147483648"] {
            compare("(define (f a) (vector-ref a \(n)))", uses: .localVectorRefFixnum,
                    reference: { "(apply vector-ref (list \($0) \(n)))" }, arguments: Self.samples + vectors)
            compare("(define (f a) (vector-ref (values a) \(n)))", uses: .vectorRefFixnum,
                    reference: { "(apply vector-ref (list \($0) \(n)))" }, arguments: Self.samples + vectors)
        }
        for source in ["(define (f v)\n  (vector-ref v 5))\n(f (vector 1))", "(define (f v)\n  (vector-ref (values v) 5))\n(f (vector 1))"] {
            let e = error(source)
            XCTAssertEqual(e?.message.hasPrefix("vector-ref: "), true, e?.message ?? "")
            XCTAssertEqual(e?.line, 2)
        }
        // A binding tested at once, `or` for its value and in a test; `null?`, `pair?` and
        // `symbol?` of a value that is not a local.
        compare("(define (f a) (let ((x (values a))) (if x (list x) 'no)))", uses: .setLocalTest,
                reference: { "(let ((x (apply values (list \($0))))) (if (apply values (list x)) (list x) 'no))" }, arguments: Self.samples)
        compare("(define (f a b) (or (values a) b))", uses: .setLocalTest,
                reference: { "(apply (lambda (a b) (if a a b)) (list \($0)))" }, arguments: pairs)
        compare("(define (f a b) (if (or (values a) (values b)) 'yes 'no))", uses: .jumpIfFalse,
                reference: { "(if (apply (lambda (a b) (if a a b)) (list \($0))) 'yes 'no)" }, arguments: pairs)
        for (name, opcode) in [("null?", Opcode.ifNull), ("pair?", .ifPair), ("symbol?", .ifSymbol)] {
            compare("(define (f a) (if (\(name) (values a)) 'yes 'no))", uses: opcode,
                    reference: { "(if (apply \(name) (list \($0))) 'yes 'no)" }, arguments: Self.samples + ["'(1)"])
        }
        compare("(define (f a) (if (symbol? a) 'yes 'no))", uses: .ifSymbol,
                reference: { "(if (apply symbol? (list \($0))) 'yes 'no)" }, arguments: Self.samples)
        compare("(define (g . xs) xs) (define (f a b) (g a b a))", uses: .local2,
                reference: { "(apply (lambda (a b) (list a b a)) (list \($0)))" }, arguments: pairs)
        compare("(define (f a b) (let loop ((x a) (y b) (n 3)) (if (= n 0) (cons x y) (loop y x (- n 1)))))", uses: .local2,
                reference: { "(apply (lambda (a b) (cons b a)) (list \($0)))" }, arguments: pairs)
    }

    /// A `let`'s and a loop's bindings are stored two at a time, boxed ones (captured and
    /// assigned) on their own, each to its own variable.
    func testBindingsStoredInPairs() {
        _ = value("(define (f a b c) (let ((x a) (y b) (z c)) (list x y z)))")
        XCTAssertTrue(value("(disassemble f)").contains("setLocal2"))
        check("(f 1 2 3)", "(1 2 3)")
        check("(define (g n) (let loop ((i 0) (a 0) (b 1)) (if (= i n) a (loop (+ i 1) b (+ a b))))) (g 30)", "832040")
        check("(define (swap n) (let loop ((i n) (a 'x) (b 'y)) (if (= i 0) (list a b) (loop (- i 1) b a)))) (list (swap 3) (swap 4))",
              "((y x) (x y))")
        check("""
            (define (h a b c d)
              (let ((p a) (q b) (r c) (s d))
                (let ((get (lambda () (list p q r s))))
                  (set! q (+ q 10))
                  (set! r (+ r 20))
                  (get))))
            (h 1 2 3 4)
            """, "(1 12 23 4)")
        check("(let* ((a 1) (b (+ a 1))) (letrec ((c (lambda () (+ a b)))) (let ((d (c)) (e 5)) (list a b d e))))", "(1 2 3 5)")
    }

    /// The loops and recursions the superinstructions are for still compute the same, and an
    /// error in one is caught where the unfused one was (the stack balanced after it).
    func testProgramsAndErrorsInLoops() {
        check("(define (count n) (let loop ((i 0)) (if (< i n) (loop (+ i 1)) i))) (list (count 1000) (count 2.5) (count -1))",
              "(1000 3 0)")
        check("(define (fib n) (if (< n 2) n (+ (fib (- n 1)) (fib (- n 2))))) (list (fib 20) (fib 2.))", "(6765 1.0)")
        check("""
            (define (less a b) (if (< a b) 'yes 'no))
            (define (safe< a b) (guard (e (#t 'error)) (less a b)))
            (define (try xs) (let loop ((xs xs) (acc '())) (if (null? xs) (reverse acc) (loop (cdr xs) (cons (safe< (car xs) 2) acc)))))
            (try '(1 x 3 "s" 1.5 2))
            """, "(yes error no error yes no)")
        // The error's location is the comparison's.
        let e = error("(define (f a)\n  (if (< a 1) 1 2))\n(f 'x)")
        XCTAssertEqual(e?.message.hasPrefix("<: "), true, e?.message ?? "")
        XCTAssertEqual(e?.line, 2)
    }

    /// A global procedure called on a local (`callGlobalLocal`, `tailCallGlobalLocal`) gives what
    /// the same call of a procedure in a local gives: record accessors and predicates (answered in
    /// place) on records of their type, of another type and on anything else, closures, builtins,
    /// a variable assigned later, an unbound one (located at the call).
    func testCallOfAGlobalOnALocal() {
        _ = value("""
            (define-record-type point (make-point x y) point? (x point-x) (y point-y set-point-y!))
            (define-record-type other (make-other x) other? (x other-x))
            (define (square x) (* x x))
            """)
        let arguments = Self.samples + ["(make-point 1 2)", "(make-other 3)", "(make-point 'a (make-point 4 5))"]
        for callee in ["point-x", "point-y", "point?", "other-x", "other?", "square", "length", "vector?"] {
            compare("(define (f a) (list (\(callee) a)))", uses: .callGlobalLocal,
                    reference: { "(let ((g \(callee))) (list (g \($0))))" }, arguments: arguments)
            compare("(define (f a) (\(callee) a))", uses: .tailCallGlobalLocal,
                    reference: { "(let ((g \(callee))) (g \($0)))" }, arguments: arguments)
            compare("(define (f a) (if (\(callee) a) 'yes 'no))", uses: .callGlobalLocal,
                    reference: { "(let ((g \(callee))) (if (g \($0)) 'yes 'no))" }, arguments: arguments)
        }
        // The variable is read at each call: assigned another procedure, the call follows it.
        check("""
            (define (get p) (point-x p))
            (define p (make-point 7 8))
            (define before (get p))
            (set! point-x point-y)
            (define after (get p))
            (set! point-x (lambda (p) 'mine))
            (list before after (get p))
            """, "(7 8 mine)")
        // A deep recursion through the fused tail call runs in constant stack.
        check("(define (down n) (if (= n 0) 'done (down2 (- n 1)))) (define (down2 n) (down n)) (down 1000000)", "done")
        let e = error("(define (f a)\n  (list (nowhere a)))\n(f 1)")
        XCTAssertEqual(e?.message, "unbound variable: nowhere")
        XCTAssertEqual(e?.line, 2)
        let t = error("(define (f a)\n  (list (point-y a)))\n(f (make-other 1))")
        XCTAssertEqual(t?.message.hasPrefix("point-y: "), true, t?.message ?? "")
        XCTAssertEqual(t?.line, 2)
    }

    /// A record accessor answered in place counts its step as its call does: the least step limit
    /// under which a loop of fused calls finishes is the least for the same loop through procedures
    /// in locals, and it grows with the loop.
    func testCallOfAGlobalOnALocalCountsItsSteps() throws {
        let definitions = """
            (define-record-type point (make-point x y) point? (x point-x) (y point-y))
            (define p (make-point 1 2))
            (define (fused n q) (let loop ((i 0)) (if (< i n) (begin (point-x q) (point? q) (loop (+ i 1))) 'done)))
            (define (plain n q) (let ((x point-x) (y point?)) (let loop ((i 0)) (if (< i n) (begin (x q) (y q) (loop (+ i 1))) 'done))))
            """
        let probe = Scheme()
        _ = try probe.evaluate(definitions)
        XCTAssertTrue(probe.write(try probe.evaluate("(disassemble fused)")).contains("callGlobalLocal"))
        XCTAssertFalse(probe.write(try probe.evaluate("(disassemble plain)")).contains("callGlobalLocal"))
        // Whether the definitions and then `call` finish under a step limit of `steps` (each its
        // own evaluation; the calls below take more steps than the definitions).
        func finishes(_ call: String, _ steps: Int) throws -> Bool {
            let s = Scheme(limits: .init(steps: steps))
            do {
                _ = try s.evaluate(definitions)
                return s.write(try s.evaluate(call)) == "done"
            } catch let e as SchemeError where e.kind == .limit {
                return false
            }
        }
        func leastLimit(_ call: String) throws -> Int {
            var low = 1, high = 1 << 20  // finishes at high, not at low
            XCTAssertTrue(try finishes(call, high))
            while high - low > 1 {
                let mid = (low + high) / 2
                if try finishes(call, mid) { high = mid } else { low = mid }
            }
            return high
        }
        let fused = try leastLimit("(fused 2000 p)"), plain = try leastLimit("(plain 2000 p)")
        XCTAssertEqual(fused, plain)
        XCTAssertGreaterThan(fused - (try leastLimit("(fused 1000 p)")), 2000)
    }

    /// The disassembler names every superinstruction's jump target.
    func testDisassembly() {
        let listing = value("(disassemble (lambda (a b) (if (< a b) (if (null? a) 1 2) 3)))")
        XCTAssertTrue(listing.contains("ifLtLocals") && listing.contains("ifNullLocal"), listing)
        XCTAssertEqual(listing.components(separatedBy: "; else -> ").count, 3, listing)
    }
}
