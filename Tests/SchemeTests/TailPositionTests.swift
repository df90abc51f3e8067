import XCTest
@testable import Scheme

/// Which calls are tail calls and which loops become jumps (`Tests/programs/tail-position.scm`
/// checks the values each construct gives).
final class TailPositionTests: SchemeTestCase {
    /// The example: a loop called from the body of a `let` that is an argument must return.
    func testLoopCallInsideAnArgumentReturns() {
        check("""
            (define (leaf n) (list 'leaf n))
            (define (g) (let loop ((n 0)) (if (= n 2) (leaf n) (list 'up (let ((m (+ n 1))) (loop m))))))
            (g)
            """, "(up (up (leaf 2)))")
    }

    /// A loop whose name is called outside its tail position is a closure, not a jump.
    func testNonTailLoopCallIsNotAJump() {
        for body in ["(list (let ((m n)) (loop m)))", "(list (let* ((m n)) (loop m)))",
                     "(list (letrec ((m n)) (loop m)))", "(list (let () (define m n) (loop m)))",
                     "(list (let inner ((m n)) (loop m)))", "(list (when #t (loop n)))",
                     "(list (let-syntax () (loop n)))"] {
            let code = value("(disassemble (lambda (n) (let loop ((n n)) (if (= n 0) 0 \(body)))))")
            XCTAssertTrue(code.contains("closure"), "\(body):\n\(code)")
        }
        // In tail position the same constructs keep the jump.
        let jump = value("(disassemble (lambda (n) (let loop ((n n)) (if (= n 0) 0 (let ((m (- n 1))) (let* () (when #t (loop m))))))))")
        XCTAssertFalse(jump.contains("closure"), jump)
        XCTAssertTrue(jump.contains("jumpBack"), jump)
    }

    /// Tail calls and loop jumps through every construct run in constant space: with room for 64
    /// nested calls, 200,000 iterations still finish.
    func testTailCallsRunInConstantSpace() throws {
        let s = Scheme(limits: .init(depth: 64))
        let loops = [
            "(let loop ((i 0)) (let ((j (+ i 1))) (let* ((k j)) (letrec ((m k)) (if (< m N) (loop m) m)))))",
            "(let loop ((i 0)) (cond ((= i N) i) ((odd? i) (case 1 ((1) (loop (+ i 1))))) (else (and #t (or #f (loop (+ i 1)))))))",
            "(do ((i 0 (+ i 1))) ((= i N) i))",
            "(let () (define (f i) (let () (define j (+ i 1)) (if (< j N) (g j) j))) (define (g i) (when #t (f i))) (f 0))",
            "(let () (define (f i) (if (< i N) (apply f (list (+ i 1))) i)) (f 0))",
            "(let () (define (f i) (if (< i N) ((lambda () (f (+ i 1)))) i)) (f 0))",
        ]
        for loop in loops {
            let source = loop.replacingOccurrences(of: "N", with: "200000")
            XCTAssertEqual(s.write(try s.evaluate(source)), "200000", loop)
        }
    }

    /// Non-tail recursion a million deep works (the VM's stacks are off the Swift stack).
    func testDeepNonTailRecursion() {
        check("(define (depth n) (if (= n 0) 0 (+ 1 (depth (- n 1))))) (depth 1000000)", "1000000")
        check("(define (build n) (let loop ((i 0)) (if (= i n) '() (cons i (let ((r (loop (+ i 1)))) r))))) (length (build 300000))", "300000")
    }
}
