import Foundation
import XCTest
@testable import Scheme

/// Independent `Scheme` instances run on several threads at once.
///
/// Why this is safe: an instance owns everything it touches (heap, symbol table, VM stacks, ports,
/// parameters); values are unretained references into that one heap. Nothing is global and mutable,
/// so instances on different threads share no state, and each is used by one thread at a time.
/// (Run under `-sanitize=thread` to check that claim.)
final class ThreadTests: XCTestCase {
    /// One job: a program and the value it must produce (written form).
    struct Job {
        let source: String
        let expected: String
    }

    static let jobs: [Job] = [
        Job(source: "(define (fib n) (if (< n 2) n (+ (fib (- n 1)) (fib (- n 2))))) (fib 22)", expected: "17711"),
        Job(source: """
            (let l ((i 0) (acc '()))
              (if (= i 2000) (string-length (apply string-append acc))
                  (l (+ i 1) (cons (number->string i) acc))))
            """, expected: "6890"),
        Job(source: """
            (let ((k #f) (n 0))
              (let ((r (+ 1 (call/cc (lambda (c) (set! k c) 1)))))
                (set! n (+ n 1))
                (if (< n 500) (k n) (list r n))))
            """, expected: "(500 500)"),
        Job(source: """
            (let l ((i 0) (caught 0))
              (if (= i 3000) caught
                  (l (+ i 1) (+ caught (guard (e ((error-object? e) 1)) (car i))))))
            """, expected: "3000"),
        Job(source: "(define v (make-vector 20000 1)) (let l ((i 0) (s 0)) (if (= i 20000) s (l (+ i 1) (+ s (vector-ref v i)))))",
            expected: "20000"),
        Job(source: "(exact->inexact (/ (expt 3 200) (expt 3 198)))", expected: "9.0"),
        Job(source: "(length (let l ((i 0) (acc '())) (if (= i 100000) acc (l (+ i 1) (cons (list i) acc)))))",
            expected: "100000"),
        Job(source: """
            (define-syntax swap! (syntax-rules () ((_ a b) (let ((t a)) (set! a b) (set! b t)))))
            (define x 'left) (define y 'right)
            (let l ((i 0)) (when (< i 1001) (swap! x y) (l (+ i 1))))
            (list x y (symbol->string (string->symbol "interned-per-instance")))
            """, expected: "(right left \"interned-per-instance\")"),
    ]

    func testEightInstancesInParallel() {
        // Each job repeated a few times per thread, so the threads really overlap.
        let rounds = 3
        let results = Shared([[String]](repeating: [], count: Self.jobs.count))
        let group = DispatchGroup()
        for (i, job) in Self.jobs.enumerated() {
            group.enter()
            let thread = Thread {
                var mine: [String] = []
                for _ in 0..<rounds {
                    let s = Scheme()
                    do {
                        mine.append(s.write(try s.evaluate(job.source)))
                    } catch {
                        mine.append("error: \(error)")
                    }
                }
                results.update { $0[i] = mine }
                group.leave()
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
        XCTAssertEqual(group.wait(timeout: .now() + 300), .success, "threads did not finish")
        let finished = results.value
        for (i, job) in Self.jobs.enumerated() {
            XCTAssertEqual(finished[i], Array(repeating: job.expected, count: rounds), job.source)
        }
    }

    /// Errors on one thread stay on that thread's instance; the others keep their globals.
    func testInstancesDoNotShareGlobals() {
        let group = DispatchGroup()
        let seen = Shared([Int: String]())
        for i in 0..<8 {
            group.enter()
            Thread {
                let s = Scheme()
                var out = ""
                do {
                    try s.evaluate("(define me \(i))")
                    for _ in 0..<200 { _ = try? s.evaluate("(error \"boom\" me)") }
                    out = s.write(try s.evaluate("(list me (guard (e (#t e)) (raise 'x)))"))
                } catch {
                    out = "error: \(error)"
                }
                seen.update { $0[i] = out }
                group.leave()
            }.start()
        }
        XCTAssertEqual(group.wait(timeout: .now() + 300), .success)
        let finished = seen.value
        for i in 0..<8 { XCTAssertEqual(finished[i], "(\(i) x)") }
    }
}

/// A value threads update under a lock (a class, so closures share it rather than capture a var).
final class Shared<T>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: T
    init(_ value: T) { stored = value }
    func update(_ body: (inout T) -> Void) { lock.lock(); body(&stored); lock.unlock() }
    var value: T { lock.lock(); defer { lock.unlock() }; return stored }
}
