import Foundation
import XCTest
@testable import Scheme

/// `Scheme.Limits`: exceeding a limit ends the evaluation (no handler catches it; see
/// `LimitEndTests`) and the instance stays usable.
final class LimitsTests: GCStressableTestCase {
    /// The error message `source` raises in `s` (fails the test if it returns normally).
    func message(_ s: Scheme, _ source: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        do {
            let v = try s.evaluate(source)
            XCTFail("expected an error, got \(s.write(v))", file: file, line: line)
        } catch {
            return "\(error)"
        }
        return ""
    }

    func testStepLimitStopsAnInfiniteLoop() throws {
        let s = Scheme(limits: .init(steps: 10_000_000))
        let start = Date()
        XCTAssertTrue(message(s, "(let l () (l))").contains("step limit exceeded"))
        XCTAssertLessThan(Date().timeIntervalSince(start), 30)
        // Still usable, and the count starts again for each evaluation.
        XCTAssertEqual(try s.evaluate("(+ 1 2)").intValue, 3)
        XCTAssertTrue(message(s, "(let l ((i 0)) (l (+ i 1)))").contains("step limit exceeded"))
        XCTAssertEqual(try s.evaluate("(let l ((i 0)) (if (< i 1000) (l (+ i 1)) i))").intValue, 1000)
    }

    func testStepLimitErrorIsNotCatchable() throws {
        let s = Scheme(limits: .init(steps: 1_000_000))
        let m = message(s, """
            (guard (e ((error-object? e) (error-object-message e)))
              (let l () (l)))
            """)
        XCTAssertTrue(m.hasSuffix("error: step limit exceeded"), m)
    }

    func testHugeVectorUnderAHeapLimitIsRefusedBeforeAllocating() throws {
        let s = Scheme(limits: .init(heapBytes: 64 << 20))
        XCTAssertTrue(message(s, "(make-vector 1000000000)").contains("heap limit exceeded"))
        XCTAssertTrue(message(s, "(make-string 100000000)").contains("heap limit exceeded"))
        XCTAssertTrue(message(s, "(make-list 10000000)").contains("heap limit exceeded"))
        XCTAssertTrue(message(s, "(make-bytevector 100000000)").contains("heap limit exceeded"))
        XCTAssertEqual(try s.evaluate("(vector-length (make-vector 1000 0))").intValue, 1000)
    }

    func testHeapLimitStopsGradualGrowth() throws {
        let s = Scheme(limits: .init(heapBytes: 16 << 20))
        let m = message(s, "(let l ((acc '())) (l (cons (make-vector 100 0) acc)))")
        XCTAssertTrue(m.contains("heap limit exceeded"), m)
        XCTAssertEqual(try s.evaluate("(length (list 1 2 3))").intValue, 3)
    }

    func testAbsurdSizesWithoutALimitAreErrorsNotTraps() {
        let s = Scheme()
        XCTAssertTrue(message(s, "(make-vector 1000000000)").contains("size too large"))
        XCTAssertTrue(message(s, "(make-vector (expt 2 62))").contains("make-vector"))
        XCTAssertTrue(message(s, "(make-string 4611686018427387904)").contains("make-string"))
        XCTAssertTrue(message(s, "(make-list 1000000000)").contains("size too large"))
        XCTAssertTrue(message(s, "(make-vector -1)").contains("invalid size"))
    }

    /// The printer is iterative: a 10-million-element list prints (or errors) without overflowing.
    func testPrintingATenMillionElementList() throws {
        let s = Scheme(limits: .init(depth: 10_000))
        try s.evaluate("(define big (let l ((i 0) (acc '())) (if (= i 10000000) acc (l (+ i 1) (cons 0 acc)))))")
        do {
            let text = try s.evaluate("(let ((p (open-output-string))) (write big p) (string-length (get-output-string p)))")
            XCTAssertEqual(text.intValue, 20_000_001)  // "(" + "0 " * 10^7 - 1 + ")"
        } catch {
            XCTAssertFalse("\(error)".isEmpty)
        }
        XCTAssertEqual(try s.evaluate("(length big)").intValue, 10_000_000)
    }

    /// A deeply nested (car-wise) list prints too: nesting in the printer is not host recursion.
    func testPrintingADeeplyNestedList() throws {
        let s = Scheme()
        let v = try s.evaluate("""
            (define deep (let l ((i 0) (acc '())) (if (= i 1000000) acc (l (+ i 1) (list acc)))))
            (let ((p (open-output-string))) (write deep p) (string-length (get-output-string p)))
            """)
        XCTAssertEqual(v.intValue, 2_000_002)
    }

    func testOutputLimit() throws {
        let s = Scheme(limits: .init(outputBytes: 1000))
        var m = ""
        let out = s.capturingOutput {
            m = message(s, "(let l () (display \"0123456789\") (l))")
        }
        XCTAssertTrue(m.contains("output limit exceeded"), m)
        XCTAssertEqual(out.count, 1000)
        // A fresh port starts from zero: the instance is still usable.
        XCTAssertEqual(s.capturingOutput { _ = try? s.evaluate("(display 42)") }, "42")
    }

    func testDepthLimitOnNonTailRecursion() throws {
        let s = Scheme(limits: .init(depth: 10_000))
        let m = message(s, "(define (f n) (+ 1 (f n))) (f 0)")
        XCTAssertTrue(m.contains("too deep"), m)
        XCTAssertEqual(try s.evaluate("(define (g n) (if (= n 0) 0 (+ 1 (g (- n 1))))) (g 5000)").intValue, 5000)
    }

    /// A string port grows without allocating objects: its buffer still counts toward the heap limit
    /// (before, only the 50M-step limit stopped this loop, at 640 MB).
    func testStringPortGrowthHitsTheHeapLimit() throws {
        let s = Scheme(limits: .init(steps: 50_000_000, heapBytes: 32 << 20))
        let m = message(s, "(let ((p (open-output-string))) (let l () (write-string \"0123456789abcdef\" p) (l)))")
        XCTAssertTrue(m.contains("heap limit exceeded"), m)
        let b = message(s, "(let ((p (open-output-bytevector))) (let l () (write-u8 7 p) (l)))")
        XCTAssertTrue(b.contains("heap limit exceeded") || b.contains("step limit exceeded"), b)
        XCTAssertEqual(try s.evaluate("(string-length (let ((p (open-output-string))) (write 'abc p) (get-output-string p)))").intValue, 3)
    }

    /// New hash-table entries with fixnum keys allocate nothing either; they count all the same.
    func testHashTableGrowthHitsTheHeapLimit() throws {
        let s = Scheme(limits: .init(steps: 100_000_000, heapBytes: 32 << 20))
        let m = message(s, "(let ((h (make-eqv-hash-table))) (let l ((i 0)) (hash-table-set! h i i) (l (+ i 1))))")
        XCTAssertTrue(m.contains("heap limit exceeded"), m)
        XCTAssertEqual(try s.evaluate("(let ((h (make-eqv-hash-table))) (hash-table-set! h 1 2) (hash-table-ref/default h 1 0))").intValue, 2)
    }

    /// Steps count calls, not builtin work: 100,000 steps of `(length l)` over a million-element list
    /// ran for minutes. A time limit stops it, and the instance stays usable.
    func testTimeLimitStopsBuiltinHeavyLoops() throws {
        let s = Scheme(limits: .init(steps: 10_000_000, seconds: 1))
        _ = try s.evaluate("(define l (make-list 1000000 0))")
        let start = Date()
        let m = message(s, "(let loop () (length l) (loop))")
        XCTAssertTrue(m.contains("time limit exceeded"), m)
        XCTAssertLessThan(Date().timeIntervalSince(start), 10)
        XCTAssertEqual(try s.evaluate("(length l)").intValue, 1_000_000)
    }

    /// The example: an endless loop under a 1-second/10M-step limit is an error, whichever
    /// comes first; no handler catches it, and each evaluation gets the full time again.
    func testTimeLimitAloneAndNotCaught() throws {
        let s = Scheme(limits: .init(seconds: 0.5))
        let start = Date()
        XCTAssertTrue(message(s, "(let l () (l))").contains("time limit exceeded"))
        XCTAssertLessThan(Date().timeIntervalSince(start), 5)
        let caught = message(s, "(guard (e ((error-object? e) (error-object-message e))) (let l () (l)))")
        XCTAssertTrue(caught.hasSuffix("error: time limit exceeded"), caught)
        XCTAssertEqual(try s.evaluate("(let l ((i 0)) (if (< i 100000) (l (+ i 1)) i))").intValue, 100_000)
        let both = Scheme(limits: .init(steps: 10_000_000, seconds: 1))
        let m = message(both, "(let l () (l))")
        XCTAssertTrue(m.contains("step limit exceeded") || m.contains("time limit exceeded"), m)
    }
}
