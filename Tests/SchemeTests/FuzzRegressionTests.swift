import XCTest
@testable import Scheme

/// Inputs the fuzzers (fuzz/run) found crashing, hanging or exhausting memory, kept so they stay fixed.
final class FuzzRegressionTests: SchemeTestCase {
    /// fuzz/run compile: a syntax error whose form holds a renamed identifier (from a macro) and a
    /// list circular through its cdrs. Stripping the form for the message walked the cycle and
    /// copied it until memory ran out; the copy must close the cycle instead.
    func testSyntaxErrorOnCircularFormFromMacro() {
        let e = error("""
            (define-syntax m (syntax-rules () ((_ x) (lambda (1 . x) 0))))
            (m #0=(a . #0#))
            """)
        XCTAssertEqual(e?.message, "lambda: expected an identifier")
        // The irritant is the stripped form: `lambda` is the plain symbol again and the cycle survives.
        let written = e?.irritants.joined(separator: " ") ?? ""
        XCTAssertTrue(written.hasPrefix("(lambda (1 . #0=(a . #0#)) 0)"), written)
    }

    /// fuzz/run compile: quasiquote over a circular list walked its spine until memory ran out.
    func testQuasiquoteOfACircularList() {
        let e = error("`#0=(1 . #0#)")
        XCTAssertEqual(e?.message, "quasiquote: circular list in template")
        // Quoting circular data is fine.
        check("(let ((x '#0=(1 2 . #0#))) (list (car x) (cadr x) (caddr x)))", "(1 2 1)")
    }

    /// The stripped copy of a circular vector inside a failing macro expansion is circular too.
    func testSyntaxErrorOnCircularVectorFromMacro() {
        let e = error("""
            (define-syntax m (syntax-rules () ((_ x) (lambda (1 x) 0))))
            (m #0=#(a #0# (b . #0#)))
            """)
        XCTAssertEqual(e?.message, "lambda: expected an identifier")
        let written = e?.irritants.joined(separator: " ") ?? ""
        XCTAssertTrue(written.contains("#0=#(a #0# (b . #0#))"), written)
    }
}

/// Circular input to `syntax-rules` ellipsis patterns.
final class FuzzRegressionMacroTests: SchemeTestCase {
    /// fuzz/run compile: a circular list handed to a `(x ...)` pattern was counted forever (and its
    /// elements collected until memory ran out); it matches no pattern instead.
    func testEllipsisPatternAgainstCircularList() {
        let e = error("""
            (define-syntax m (syntax-rules () ((_ (x ...)) 'matched)))
            (m #0=(1 2 . #0#))
            """)
        XCTAssertNotNil(e)
        XCTAssertTrue(e?.message.hasPrefix("m:") ?? false, e?.message ?? "")
        // A proper list still matches, and a circular one in a later clause's pattern is skipped.
        check("(m (1 2 3))", "matched")
        check("""
            (define-syntax n (syntax-rules () ((_ (x ...)) 'list) ((_ y) 'other)))
            (n #0=(a . #0#))
            """, "other")
    }
}

/// Instances must be freed: fuzz targets (and embedders) make many.
final class FuzzRegressionLifetimeTests: XCTestCase {
    func testSchemeInstanceIsFreed() throws {
        weak var weakScheme: Scheme?
        weak var weakRuntime: Runtime?
        do {
            let s = Scheme()
            weakScheme = s
            weakRuntime = s.runtime
            _ = try s.evaluate("(define (f x) (lambda (y) (+ x y))) ((f 1) 2)")
        }
        XCTAssertNil(weakScheme)
        XCTAssertNil(weakRuntime)
    }

    /// LeakSanitizer (`fuzz/sanitize address`, the REPL at exit): every named `let`/`do` loop leaked its
    /// node tree, because the loop's `LoopInfo` held its body and the jumps in the body held the
    /// `LoopInfo`. The expanded tree of a loop must be freed once compiled.
    func testExpandedLoopIsFreed() throws {
        let s = Scheme()
        let rt = s.runtime
        weak var weakInfo: LoopInfo?
        weak var weakThunk: LambdaNode?
        do {
            let form = try XCTUnwrap(s.read("(let loop ((i 0)) (if (< i 10) (loop (+ i 1)) i))").listElements?.first)
            let thunk = try Expander(runtime: rt, isSystem: false).expandToplevel(form, in: rt.interaction)
            weakThunk = thunk
            guard case .loopBlock(let info, _, _) = thunk.body else { return XCTFail("no loop block: \(thunk.body)") }
            weakInfo = info
            _ = Compiler(rt: rt, isSystem: false).compile(thunk)
        }
        XCTAssertNil(weakThunk)
        XCTAssertNil(weakInfo, "the loop's node tree is still alive: a reference cycle")
        XCTAssertEqual(try s.evaluate("(let loop ((i 0)) (if (< i 10) (loop (+ i 1)) i))").intValue, 10)
    }

    /// fuzz/run vm (timeout): under a step limit, capturing a continuation at every level of a deep
    /// recursion copied an ever longer stack per step: 100,000 steps took 46 s in the fuzzing build.
    /// Copies count as steps now, so the limit bounds the work.
    func testContinuationsInDeepRecursionCountTowardTheStepLimit() {
        let s = Scheme(limits: .init(steps: 100_000))
        let start = Date()
        var message = ""
        do { _ = try s.evaluate("(define (f) (call/cc (lambda (k) k)) (+ 1 (f))) (f)") } catch { message = "\(error)" }
        XCTAssertTrue(message.contains("step limit exceeded"), message)
        XCTAssertLessThan(Date().timeIntervalSince(start), 5)
        // apply spreading a long list is counted too; a short one is not slowed.
        XCTAssertEqual(try s.evaluate("(apply + (make-list 1000 1))").intValue, 1000)
        XCTAssertEqual(try s.evaluate("(call/cc (lambda (k) (+ 1 (k 41))))").intValue, 41)
    }
}
