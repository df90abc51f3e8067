import XCTest
@testable import Scheme

/// Each opcode that stands for a primitive gives what its builtin gives (`(apply op args)`), value or
/// error, on fixnums, flonums, bignums, rationals, complex numbers, other types and edge cases: the opcode only short-cuts the
/// plain cases and calls the builtin for everything else.
final class InlinedPrimitiveTests: SchemeTestCase {
    /// Operands, as source (each evaluated afresh, so mutation by `vector-set!` stays in its case).
    static let samples = [
        "0", "7", "-3", "4611686018427387903", "-4611686018427387904", "(expt 10 30)", "(- (expt 2 64))",
        "1.5", "-0.0", "+nan.0", "-inf.0", "(/ 1 3)", "1+2i", "-0.5i", "'a", "\"s\"", "#\\c", "#t", "'()", "'(1 . 2)",
        // A fixnum and a flonum are one operation when the fixnum converts exactly: the edge, 2^53,
        // and one past it (left to the builtin, which compares exactly), beside a flonum there.
        "9007199254740992", "-9007199254740993", "9007199254740992.",
        // Two levels of pairs, for caar, cadr, cdar and cddr (1, 3, 2 and 4); lists one short of
        // and long enough for caddr, cdddr and cadddr, and one ending in a non-list.
        "'((1 . 2) 3 . 4)", "'(1 2)", "'(1 2 3)", "'(1 2 3 4 5)", "'(1 2 3 . 4)",
        "(vector 1 2 3)",
        // Procedures of three kinds (a builtin, a closure, a record accessor), for procedure?.
        "car", "(lambda (x) x)", "(let () (define-record-type point (make-point x) point? (x point-x)) point-x)",
        // For the integer divisions and the bytevector opcodes: the divisor that overflows the most
        // negative fixnum, integral flonums, bytes at and past the edge, bytevectors (a literal too).
        "-1", "2", "255", "256", "7.", "2.", "(* 2 -4611686018427387904)", "(bytevector 1 2 255)", "#u8(5 6)",
        // For assq and memq: association lists of symbols and of other keys, one with an entry
        // that is not a pair after the keys.
        "'((a . 1) (s . 2) (7 . 3))", "'((#\\c . 1) (() . 2))", "'((a . 1) b (c . 3))", "'(a s 7 #\\c)",
    ]

    /// The first operand of a three-operand opcode (a store), made afresh for each case: the
    /// container of each store opcode, and one that is neither.
    static let containers = ["(vector 1 2 3)", "(bytevector 1 2 3)", "'a",
                             // For hash-table-ref/default: a table of each equivalence, keys among the samples.
                             "(let ((t (make-eq-hash-table))) (hash-table-set! t 'a 1) (hash-table-set! t 7 2) t)",
                             "(let ((t (make-eqv-hash-table))) (hash-table-set! t 1.5 1) (hash-table-set! t (expt 10 30) 2) t)",
                             "(let ((t (make-equal-hash-table))) (hash-table-set! t \"s\" 1) (hash-table-set! t '(1 2) 2) t)"]

    /// What `(name a …)` gives, inlined and through `apply`, for every combination of samples
    /// (`vector-set!`, `bytevector-u8-set!`: on each fresh container, then the container).
    func outcomes(_ name: String, arity: Int) -> (inlined: String, applied: String) {
        var combos: [[String]] = [[]]
        for _ in 0..<(arity == 3 ? 2 : arity) { combos = combos.flatMap { c in Self.samples.map { c + [$0] } } }
        if arity == 3 { combos = Self.containers.flatMap { v in combos.map { [v] + $0 } } }
        func program(_ call: (String) -> String) -> String {
            let cases = combos.map { args -> String in
                let body = arity == 3
                    ? "(let ((v \(args[0]))) (list \(call("v " + args.dropFirst().joined(separator: " "))) v))"
                    : call(args.joined(separator: " "))
                return "(outcome (lambda () \(body)))"
            }
            return "(list \(cases.joined(separator: "\n")))"
        }
        return (value(program { "(\(name) \($0))" }), value(program { "(apply \(name) (list \($0)))" }))
    }

    func testEveryInlinedPrimitiveAgreesWithItsBuiltin() throws {
        try scheme.evaluate("""
            (define (outcome thunk)
              (guard (e ((error-object? e) (cons 'error (cons (error-object-message e) (error-object-irritants e))))
                        (#t (list 'raised e)))
                (list 'value (thunk))))
            """)
        var checked = 0
        #if GC_STRESS
        // Under GC stress the whole table takes most of a minute: there, the opcodes whose slow
        // path allocates most (bignum division) and the bytevector ones.
        let opcodes: [Opcode] = [.quotient, .remainder, .modulo, .bytevectorRef, .bytevectorSet]
        #else
        let opcodes = Opcode.allCases
        #endif
        for op in opcodes {
            guard let (name, arity) = op.inlinedBuiltin else { continue }
            // The call really is the opcode, or a superinstruction made of it (`car` of a local).
            let listing = value("(disassemble (lambda (a b c) (\(name) \(["a", "b", "c"].prefix(arity).joined(separator: " ")))))")
            let fused = Opcode.allCases.filter { $0.fusedBase == op }.map(\.name)
            XCTAssertTrue(listing.contains(op.name + " ") || fused.contains { listing.contains($0) }, "\(name) is not inlined:\n\(listing)")
            let (inlined, applied) = outcomes(name, arity: arity)
            XCTAssertFalse(inlined.isEmpty)
            XCTAssertEqual(inlined, applied, name)
            checked += 1
        }
        #if GC_STRESS
        XCTAssertEqual(checked, 5)
        #else
        XCTAssertEqual(checked, 36)
        #endif
    }

    /// The integer divisions and the bytevector opcodes on their edge cases, answers written out (so
    /// an opcode and its builtin cannot agree on a wrong one), inside a procedure so that the calls
    /// really are the opcodes.
    func testDivisionAndBytevectorEdges() {
        try? scheme.evaluate("""
            (define (div a b) (list (quotient a b) (remainder a b) (modulo a b)))
            (define (store! bv i x) (bytevector-u8-set! bv i x) (bytevector-u8-ref bv i))
            (define (message thunk) (guard (e ((error-object? e) (error-object-message e))) (thunk)))
            """)
        check("(map (lambda (a b) (div a b)) '(7 -7 7 -7 -9223372036854775808 7. -7 8 0) '(2 2 -2 -2 -1 2. 2. 3 5))",
              "((3 1 1) (-3 -1 1) (-3 1 -1) (3 -1 -1) (9223372036854775808 0 0) (3.0 1.0 1.0) (-3.0 -1.0 1.0) (2 2 2) (0 0 0))")
        check("(list (div (expt 10 20) 7) (div 100 (expt 10 20)))",
              "((14285714285714285714 2 2) (0 100 100))")
        check("(list (message (lambda () (quotient 1 0))) (message (lambda () (modulo 1 0))) (message (lambda () (remainder 'a 2))) (message (lambda () (quotient 7.5 2))))",
              "(\"quotient: division by zero\" \"modulo: division by zero\" \"remainder: expected a number, got\" \"quotient: expected an integer, got\")")
        check("(let ((b (bytevector 1 2 3))) (list (store! b 2 255) (store! b 0 0) b))", "(255 0 #u8(0 2 255))")
        check("(let ((b #u8(1 2 3))) (list (store! b 1 7) b))", "(7 #u8(1 7 3))")
        check("""
            (let ((b (bytevector 1 2 3)))
              (list (message (lambda () (store! b 3 1))) (message (lambda () (store! b -1 1)))
                    (message (lambda () (store! b 0 256))) (message (lambda () (store! b 0 -1)))
                    (message (lambda () (store! (vector 1) 0 1))) (message (lambda () (bytevector-u8-ref b 3)))
                    b))
            """, "(\"bytevector-u8-set!: index 3 out of range for bytevector of length 3\" "
                + "\"bytevector-u8-set!: index -1 out of range for bytevector of length 3\" "
                + "\"bytevector-u8-set!: expected a byte, got\" \"bytevector-u8-set!: expected a byte, got\" "
                + "\"bytevector-u8-set!: expected a bytevector, got\" "
                + "\"bytevector-u8-ref: index 3 out of range for bytevector of length 3\" #u8(1 2 3))")
    }

    /// `assq` and `memq` as opcodes: found, not found, an improper tail, an entry that is not a
    /// pair (before and after the key), a circular list (the builtin's error, found or not before
    /// the cycle), a list longer than the opcode walks, keys of every kind `eq?` tells apart, and
    /// a shadowed `assq` (a call, not the opcode). Answers written out, in a procedure so that the
    /// calls really are the opcodes.
    func testAssqAndMemqOpcodes() throws {
        _ = try scheme.evaluate("""
            (define (look k l) (list (assq k l) (memq k l)))
            (define (message thunk) (guard (e ((error-object? e) (error-object-message e))) (thunk)))
            (define (ring . xs) (let ((l (list-copy xs))) (set-cdr! (last-pair l) l) l))
            (define long (let loop ((i 0) (acc '())) (if (= i 1000) acc (loop (+ i 1) (cons (cons i i) acc)))))
            """)
        XCTAssertTrue(value("(disassemble look)").contains("assq "))
        XCTAssertTrue(value("(disassemble look)").contains("memq "))
        check("(list (assq 'b '((a . 1) (b . 2))) (assq 'z '((a . 1))) (assq 'z '((a . 1) . 5)) (assq 'a 5) (assq 'a '()))",
              "((b . 2) #f #f #f #f)")
        check("(list (memq 'c '(a b c d)) (memq 'z '(a b . c)) (memq 'a \"x\") (memq '() '(1 () 2)) (memq 2 '(1 2 3)))",
              "((c d) #f #f (() 2) (2 3))")
        check("(list (assq 'a '((a . 1) 5)) (message (lambda () (assq 'z '((a . 1) 5)))))", "((a . 1) \"assq: expected a pair, got\")")
        check("(list (memq 'b (ring 'a 'b)) (message (lambda () (memq 'z (ring 'a 'b)))))", "(#0=(b a . #0#) \"memq: not a proper list\")")
        check("(list (assq 'a (ring '(a . 1))) (message (lambda () (assq 'z (ring '(a . 1) '(b . 2))))))", "((a . 1) \"assq: not a proper list\")")
        check("(list (assq 0 long) (assq 999 long) (assq 1000 long) (length (memq 0 (map car long))))", "((0 . 0) (999 . 999) #f 1)")
        check("(list (assq #\\c '((#\\b . 1) (#\\c . 2))) (assq #t '((#f . 1) (#t . 2))) (memq '() '(a ())) (assq \"s\" '((\"s\" . 1))))",
              "((#\\c . 2) (#t . 2) (()) #f)")
        check("(let ((assq (lambda (k l) 'mine))) (list (assq 'a '((a . 1)))))", "(mine)")
    }

    /// `hash-table-ref/default` as an opcode: found and not found in tables of each equivalence
    /// (the default evaluated either way, as the argument it is), a table changed between two
    /// lookups, and a value that is not a table (the builtin's error).
    func testHashTableRefOpcode() throws {
        _ = try scheme.evaluate("""
            (define (ref t k) (hash-table-ref/default t k 'none))
            (define (message thunk) (guard (e ((error-object? e) (error-object-message e))) (thunk)))
            (define eq (make-eq-hash-table)) (define equal (make-equal-hash-table))
            (hash-table-set! eq 'a 1) (hash-table-set! equal "s" 2) (hash-table-set! equal '(1 . 2) 3)
            """)
        XCTAssertTrue(value("(disassemble ref)").contains("hashTableRef "))
        check("(list (ref eq 'a) (ref eq 'b) (ref eq \"s\") (ref equal (string #\\s)) (ref equal (cons 1 2)) (ref equal 's))",
              "(1 none none 2 3 none)")
        check("(begin (hash-table-set! eq 'b 5) (hash-table-delete! eq 'a) (list (ref eq 'a) (ref eq 'b)))", "(none 5)")
        check("(list (message (lambda () (ref 'a 'b))) (message (lambda () (ref (vector) 'b))))",
              "(\"hash-table-ref/default: expected a hash table, got\" \"hash-table-ref/default: expected a hash table, got\")")
    }

    /// The issue's example, and a vector changed through the opcode.
    func testExamples() {
        check("(list (zero? (expt 10 30)) (apply zero? (list (expt 10 30))) (zero? (- (expt 10 30) (expt 10 30))))", "(#f #f #t)")
        check("(let ((v (vector 1 2 3))) (vector-set! v 1 'x) (list v (vector-ref v 1)))", "(#(1 x 3) x)")
        check("(list (+ 4611686018427387903 4611686018427387903) (* 1.5 2.0) (- 0.5 1) (< 1 2.5) (= 1 1.0))",
              "(9223372036854775806 3.0 -0.5 #t #t)")
    }

    /// `(list a …)` of up to eight arguments compiles to its conses: a fresh list at every
    /// evaluation (never a shared constant), the arguments evaluated left to right, a list a
    /// continuation re-entered makes anew; a longer call, a redefined or a shadowed `list` is a call.
    func testListCallsAreFreshConses() {
        XCTAssertFalse(value("(disassemble (lambda (a b) (list a b 3)))").contains("; list"))
        XCTAssertTrue(value("(disassemble (lambda (a b) (list a b 3)))").contains("cons"))
        XCTAssertTrue(value("(disassemble (lambda (a b) (list a b 3 4 5 6 7 8 9)))").contains("; list"))
        check("(define (f) (list 1 2 3)) (let ((a (f)) (b (f))) (set-car! a 'x) (list (eq? a b) a b (f)))",
              "(#f (x 2 3) (1 2 3) (1 2 3))")
        check("(let ((log '())) (define (note x) (set! log (cons x log)) x) (list (list (note 1) (note 2) (note 3)) log))",
              "((1 2 3) (3 2 1))")
        check("(list (list) (list 'a) (list 1 2 3 4 5 6 7 8) (list 1 2 3 4 5 6 7 8 9))",
              "(() (a) (1 2 3 4 5 6 7 8) (1 2 3 4 5 6 7 8 9))")
        check("""
            (let* ((k #f) (n 0) (lists '()))
              (let ((l (list 1 (call/cc (lambda (c) (set! k c) 2)) 3)))
                (set! lists (cons l lists))
                (set! n (+ n 1))
                (if (< n 2) (k 5))
                (list (reverse lists) (eq? (car lists) (cadr lists)))))
            """, "(((1 2 3) (1 5 3)) #f)")
        check("(let ((list vector)) (list 1 2))", "#(1 2)")
        check("(define (list . xs) 'mine) (define (g) (list 1 2)) (g)", "mine")
    }
}
