import Foundation
import XCTest
@testable import Scheme

/// Issue 12 part 3: a limit or an interrupt ends the evaluation and returns to the host. `guard`,
/// handlers and `dynamic-wind` after-thunks may run, but nothing resumes the evaluation; every
/// `Limits` value is valid with a documented meaning or refused.
final class LimitEndTests: XCTestCase {
    /// The error `source` ends with in `s` (fails the test if it returns).
    func ending(_ s: Scheme, _ source: String, file: StaticString = #filePath, line: UInt = #line) -> SchemeError? {
        do {
            let v = try s.evaluate(source)
            XCTFail("expected the evaluation to end, got \(s.write(v))", file: file, line: line)
        } catch let e as SchemeError {
            return e
        } catch {
            XCTFail("\(error)", file: file, line: line)
        }
        return nil
    }

    /// The issue's program, and variants that try every way back in: a handler that loops, a
    /// `with-exception-handler` that retries, an after-thunk that restarts the loop.
    static let retries = [
        "(let retry () (guard (e (#t (retry))) (let loop () (loop))))",
        "(let retry () (with-exception-handler (lambda (e) (retry)) (lambda () (let loop () (loop)))))",
        "(let retry () (dynamic-wind (lambda () #f) (lambda () (let loop () (loop))) (lambda () (retry))))",
        "(let retry () (guard (e (#t (retry))) (let loop ((acc '())) (loop (cons (make-vector 64 0) acc)))))",
        "(let retry () (guard (e (#t (retry))) (let loop () (display \"0123456789\") (loop))))",
        "(let retry () (guard (e (#t (retry))) (let f ((n 0)) (+ 1 (f n)))))",
    ]

    func check(_ limits: Scheme.Limits, _ expected: String, programs: [String] = LimitEndTests.retries,
               file: StaticString = #filePath, line: UInt = #line) {
        for program in programs {
            let s = Scheme(limits: limits)
            var e: SchemeError?
            _ = s.capturingOutput { e = ending(s, program, file: file, line: line) }
            XCTAssertEqual(e?.kind, .limit, program, file: file, line: line)
            XCTAssertTrue(e?.message.contains(expected) == true, "\(program): \(e?.description ?? "none")", file: file, line: line)
            // The instance is usable afterwards, with no handler of the abandoned run left in force.
            XCTAssertEqual(try s.evaluate("(+ 1 2)").intValue, 3, file: file, line: line)
            XCTAssertEqual(ending(s, "(car 1)", file: file, line: line)?.message, "car: expected a pair, got", file: file, line: line)
        }
    }

    func testNoHandlerCatchesTheStepLimit() {
        check(.init(steps: 200_000), "step limit exceeded", programs: Array(Self.retries.prefix(3)))
    }

    func testNoHandlerCatchesTheTimeLimit() {
        check(.init(seconds: 0.3), "time limit exceeded", programs: Array(Self.retries.prefix(3)))
    }

    func testNoHandlerCatchesTheHeapLimit() {
        check(.init(heapBytes: 8 << 20), "heap limit exceeded", programs: [Self.retries[3]])
    }

    func testNoHandlerCatchesTheOutputLimit() {
        check(.init(outputBytes: 1000), "output limit exceeded", programs: [Self.retries[4]])
    }

    func testNoHandlerCatchesTheDepthLimit() {
        check(.init(depth: 10_000), "recursion too deep", programs: [Self.retries[5]])
    }

    /// `interrupt()` (Ctrl-C in the REPL) from another thread stops every variant.
    func testNoHandlerCatchesAnInterrupt() {
        for program in Self.retries.prefix(3) {
            let s = Scheme()
            let stopper = Thread { Thread.sleep(forTimeInterval: 0.2); s.interrupt() }
            stopper.start()
            let e = ending(s, program)
            XCTAssertEqual(e?.kind, .limit, program)
            XCTAssertEqual(e?.message, "interrupted", program)
            XCTAssertEqual(try s.evaluate("(+ 1 2)").intValue, 3)
        }
    }

    /// A Swift builtin that swallows the error of the evaluation it runs cannot resume the
    /// evaluation that a limit ended: the next safe point ends it again.
    func testSwallowingTheErrorInSwiftDoesNotResume() {
        let s = Scheme(limits: .init(seconds: 0.3))
        unowned let u = s
        s.define("swallow", arity: .exactly(1)) { args in
            (try? u.call(args[0], [])) ?? .false
        }
        let e = ending(s, "(let again () (swallow (lambda () (let loop () (loop)))) (again))")
        XCTAssertEqual(e?.kind, .limit)
        XCTAssertEqual(e?.message, "time limit exceeded")
    }

    /// After-thunks run (within the grace budget), so a parameterized port is restored; an
    /// after-thunk that loops is cut short by the grace budget.
    func testAfterThunksRunAndParametersAreRestored() throws {
        let s = Scheme(limits: .init(seconds: 0.3))
        try s.evaluate("(define log '())")
        let out = s.capturingOutput {
            let e = ending(s, """
                (parameterize ((current-output-port (open-output-string)))
                  (dynamic-wind (lambda () #f)
                                (lambda () (let loop () (loop)))
                                (lambda () (set! log (cons 'after log)))))
                """)
            XCTAssertEqual(e?.message, "time limit exceeded")
            _ = try? s.evaluate("(display \"visible\")")
        }
        XCTAssertEqual(out, "visible")
        XCTAssertEqual(s.write(try s.evaluate("log")), "(after)")
        let start = Date()
        XCTAssertEqual(ending(s, "(dynamic-wind (lambda () #f) (lambda () (let l () (l))) (lambda () (let l () (l))))")?.message,
                       "time limit exceeded")
        XCTAssertLessThan(Date().timeIntervalSince(start), 10)
        XCTAssertEqual(try s.evaluate("(+ 1 2)").intValue, 3)
    }

    /// Every value has a meaning or is refused: 0 means none of that resource; negative, NaN and
    /// infinite values are refused by `validated()` and by every evaluation.
    func testEveryLimitValueIsValidOrRefused() throws {
        for bad in [Scheme.Limits(depth: 0), .init(depth: -5), .init(steps: -1), .init(heapBytes: -1), .init(nesting: 0),
                    .init(nesting: -1), .init(outputBytes: -1), .init(seconds: -1), .init(seconds: .nan), .init(seconds: .infinity)] {
            XCTAssertThrowsError(try bad.validated(), "\(bad)")
            let s = Scheme(limits: bad)
            XCTAssertTrue(ending(s, "1")?.message.hasPrefix("invalid limits: ") == true, "\(bad)")
        }
        XCTAssertEqual(ending(Scheme(limits: .init(steps: 0)), "(car '(1))")?.message, "step limit exceeded")
        XCTAssertEqual(ending(Scheme(limits: .init(steps: 1)), "(let l () (l))")?.message, "step limit exceeded")
        XCTAssertEqual(ending(Scheme(limits: .init(seconds: 0)), "(let l () (l))")?.message, "time limit exceeded")
        XCTAssertEqual(ending(Scheme(limits: .init(heapBytes: 0)), "(make-vector 100000)")?.message.hasPrefix("heap limit exceeded"), true)
        let quiet = Scheme(limits: .init(outputBytes: 0))
        XCTAssertEqual(quiet.capturingOutput { XCTAssertEqual(ending(quiet, "(display \"x\")")?.message, "display: output limit exceeded") }, "")
        let shallow = Scheme(limits: .init(depth: 1))
        XCTAssertEqual(try shallow.evaluate("(+ 1 2)").intValue, 3)
        XCTAssertEqual(ending(shallow, "(define (f) (+ 1 (f))) (f)")?.message, "recursion too deep: more than 1 nested calls")
        let flat = Scheme(limits: .init(nesting: 1))
        XCTAssertEqual(try flat.evaluate("42").intValue, 42)
        XCTAssertTrue(ending(flat, "(+ 1 2)")?.message.contains("nested too deeply") == true)
        // Exactly the limit is written, not a byte more.
        let s = Scheme(limits: .init(outputBytes: 5))
        XCTAssertEqual(s.capturingOutput { _ = ending(s, "(display \"0123456789\")") }, "01234")
    }
}
