import XCTest
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import Scheme

/// A host evaluating untrusted text on a thread with a small stack gets an error for input nested
/// too deeply for that stack, never a crash, even within the nesting limit (`StackGuard`).
final class StackGuardTests: XCTestCase {
    /// Runs `body` on a new thread with a stack of `bytes`, and waits for it.
    private func onThread(stack bytes: Int, _ body: @escaping () -> Void) {
        final class Box { let body: () -> Void; init(_ body: @escaping () -> Void) { self.body = body } }
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, bytes)
        let box = Unmanaged.passRetained(Box(body)).toOpaque()
        #if canImport(Darwin)
        var thread: pthread_t?
        #else
        var thread = pthread_t()
        #endif
        // (The start routine's argument is optional on Linux, not on Apple's systems.)
        #if canImport(Darwin)
        let made = pthread_create(&thread, &attributes, { p in
            Unmanaged<Box>.fromOpaque(p).takeRetainedValue().body()
            return nil
        }, box)
        #else
        let made = pthread_create(&thread, &attributes, { p in
            guard let p else { return nil }
            Unmanaged<Box>.fromOpaque(p).takeRetainedValue().body()
            return nil
        }, box)
        #endif
        XCTAssertEqual(made, 0)
        #if canImport(Darwin)
        if let thread { pthread_join(thread, nil) }
        #else
        pthread_join(thread, nil)
        #endif
    }

    /// What evaluating `text` on a fresh instance gives on a thread of `stack` bytes: the written
    /// value, or "error: MESSAGE".
    private func evaluate(_ text: String, stack: Int) -> String {
        var outcome = ""
        onThread(stack: stack) {
            let scheme = Scheme()
            do {
                outcome = Printer.write(try scheme.evaluate(text))
            } catch {
                outcome = "error: " + ((error as? SchemeError)?.message ?? "\(error)")
            }
        }
        return outcome
    }

    /// 1,999 nested calls (within the default limit of 2,000) on a 256 KB stack: they crashed the
    /// process in the compiler at about 900 levels on 512 KB before the guard.
    func testDeepNestingOnASmallStackIsAnError() {
        let deep = String(repeating: "(car ", count: 1_999) + "'(1)" + String(repeating: ")", count: 1_999)
        let outcome = evaluate(deep, stack: 256 << 10)
        XCTAssertTrue(outcome.hasPrefix("error: expression nested too deeply for the host thread's stack"), outcome)
        // Nested lambdas, ifs and lets stop the same way.
        for (open, close) in [("((lambda (x) ", ") 2)"), ("(if #t ", " 2)"), ("(let ((a 1)) ", ")")] {
            let text = String(repeating: open, count: 1_999) + "1" + String(repeating: close, count: 1_999)
            let result = evaluate(text, stack: 256 << 10)
            XCTAssertTrue(result.hasPrefix("error: expression nested too deeply"), "\(open): \(result)")
        }
    }

    /// The expander's other walks stop the same way: a macro's template and a quasiquotation nested
    /// within the limit, and the error about a macro's output holding deep data (its irritant is
    /// stripped of renamed identifiers, a walk as deep as the data). Each was a segmentation fault
    /// on a 512 KB thread.
    func testMacroTemplatesQuasiquotesAndErrorsOnASmallStack() {
        let depth = 1_900
        let template = "'" + String(repeating: "(", count: depth) + "x" + String(repeating: ")", count: depth)
        let templated = evaluate("(define-syntax m (syntax-rules () ((_ x) \(template)))) (m 1)", stack: 256 << 10)
        XCTAssertEqual(templated, "error: m: template nested too deeply")
        let quasi = "(define x 1) `" + String(repeating: "(", count: depth) + ",x" + String(repeating: ")", count: depth)
        let quasiquoted = evaluate(quasi, stack: 256 << 10)
        XCTAssertTrue(quasiquoted.hasPrefix("error: quasiquote: data nested too deeply for the host thread's stack"), quasiquoted)
        let data = String(repeating: "(", count: 20_000) + "1" + String(repeating: ")", count: 20_000)
        let stripped = evaluate("(define-syntax m (syntax-rules () ((_ x) (lambda x)))) (m \(data))", stack: 256 << 10)
        XCTAssertEqual(stripped, "error: lambda: expected an identifier")
    }

    /// A thread with a small stack runs what fits: deep recursion in Scheme (the VM's own stack),
    /// deep data (quoting it costs no recursion), and nesting its stack allows. (1 MB for the nested
    /// calls in a guard: a level of a debug build under AddressSanitizer takes several kilobytes, and
    /// the guard's expansion adds levels of its own.)
    func testWhatFitsStillRuns() {
        XCTAssertEqual(evaluate("(define (f n) (if (= n 0) 0 (+ 1 (f (- n 1))))) (f 10000)", stack: 256 << 10), "10000")
        let data = "(length '" + String(repeating: "(", count: 5_000) + String(repeating: ")", count: 5_000) + ")"
        XCTAssertEqual(evaluate(data, stack: 256 << 10), "1")
        let nested = String(repeating: "(car ", count: 50) + "'(1)" + String(repeating: ")", count: 50)
        XCTAssertEqual(evaluate("(guard (e (#t 'caught)) \(nested))", stack: 1 << 20), "caught")
    }

    /// The default limit's error is unchanged where the stack is large enough.
    func testTheNestingLimitStillSpeaksFirstOnALargeStack() {
        let deep = String(repeating: "(car ", count: 2_500) + "'(1)" + String(repeating: ")", count: 2_500)
        let outcome = evaluate(deep, stack: 256 << 20)
        XCTAssertTrue(outcome.hasPrefix("error: expression nested too deeply (more than 2000 levels)"), outcome)
    }

    /// The floor is computed for the thread that enters: a second thread with a larger stack is not
    /// held to the first one's bounds, nor the first to the second's.
    func testEachThreadHasItsOwnFloor() {
        let scheme = Scheme()
        let deep = String(repeating: "(car ", count: 1_500) + "'(1)" + String(repeating: ")", count: 1_500)
        var small = "", large = ""
        onThread(stack: 256 << 10) {
            do { _ = try scheme.evaluate(deep) } catch { small = (error as? SchemeError)?.message ?? "\(error)" }
        }
        onThread(stack: 256 << 20) {
            do { _ = try scheme.evaluate(deep) } catch { large = (error as? SchemeError)?.message ?? "\(error)" }
        }
        XCTAssertTrue(small.hasPrefix("expression nested too deeply for the host thread's stack"), small)
        XCTAssertEqual(large, "car: expected a pair, got")
        XCTAssertEqual(StackGuard.reserve(ofStackSize: 256 << 10), 64 << 10)
        XCTAssertEqual(StackGuard.reserve(ofStackSize: 1 << 20), 128 << 10)
        XCTAssertEqual(StackGuard.reserve(ofStackSize: 1 << 30), 256 << 10)
    }

    /// A local that is not on the thread's stack (AddressSanitizer's frames for use after return
    /// are elsewhere) says nothing of the depth: it is never past the floor. A local on the stack is
    /// judged by the floor; the thread's own bounds hold its locals.
    func testALocalOffTheStackIsNotPastTheFloor() {
        let low: UInt = 0x7000_0000, floor: UInt = 0x7001_0000
        XCTAssertTrue(StackGuard.isPastFloor(0x7000_8000, low: low, floor: floor))
        XCTAssertTrue(StackGuard.isPastFloor(low, low: low, floor: floor))
        XCTAssertFalse(StackGuard.isPastFloor(floor, low: low, floor: floor))
        XCTAssertFalse(StackGuard.isPastFloor(0x7100_0000, low: low, floor: floor))
        XCTAssertFalse(StackGuard.isPastFloor(low - 1, low: low, floor: floor))
        XCTAssertFalse(StackGuard.isPastFloor(0x1000, low: low, floor: floor))
        var marker = 0
        let here = withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
        let (threadLow, threadFloor) = StackGuard.bounds(of: pthread_self())
        XCTAssertGreaterThan(threadFloor, threadLow)
        // (Under AddressSanitizer with use-after-return detection the marker itself is off the stack.)
        if here >= threadLow { XCTAssertGreaterThan(here, threadFloor) }
    }
}
