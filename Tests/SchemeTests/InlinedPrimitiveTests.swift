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
        "(vector 1 2 3)",
    ]

    /// What `(name a …)` gives, inlined and through `apply`, for every combination of samples
    /// (`vector-set!`: on a fresh vector, then the vector).
    func outcomes(_ name: String, arity: Int) -> (inlined: String, applied: String) {
        var combos: [[String]] = [[]]
        for _ in 0..<(arity == 3 ? 2 : arity) { combos = combos.flatMap { c in Self.samples.map { c + [$0] } } }
        func program(_ call: (String) -> String) -> String {
            let cases = combos.map { args -> String in
                let body = arity == 3
                    ? "(let ((v (vector 1 2 3))) (list \(call("v " + args.joined(separator: " "))) v))"
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
        for op in Opcode.allCases {
            guard let (name, arity) = op.inlinedBuiltin else { continue }
            // The call really is the opcode.
            let listing = value("(disassemble (lambda (a b c) (\(name) \(["a", "b", "c"].prefix(arity).joined(separator: " ")))))")
            XCTAssertTrue(listing.contains(op.name), "\(name) is not inlined:\n\(listing)")
            let (inlined, applied) = outcomes(name, arity: arity)
            XCTAssertFalse(inlined.isEmpty)
            XCTAssertEqual(inlined, applied, name)
            checked += 1
        }
        XCTAssertEqual(checked, 18)
    }

    /// The issue's example, and a vector changed through the opcode.
    func testExamples() {
        check("(list (zero? (expt 10 30)) (apply zero? (list (expt 10 30))) (zero? (- (expt 10 30) (expt 10 30))))", "(#f #f #t)")
        check("(let ((v (vector 1 2 3))) (vector-set! v 1 'x) (list v (vector-ref v 1)))", "(#(1 x 3) x)")
        check("(list (+ 4611686018427387903 4611686018427387903) (* 1.5 2.0) (- 0.5 1) (< 1 2.5) (= 1 1.0))",
              "(9223372036854775806 3.0 -0.5 #t #t)")
    }
}
