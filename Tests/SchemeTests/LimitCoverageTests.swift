import Foundation
import XCTest
@testable import Scheme

/// Issue 12 part 3: the limits cover what happens outside the dispatch loop too: the expander, the
/// reader, builtins that build big results, interned symbols and printing. Each program ends with
/// a limit error (of kind `.limit`) instead of taking gigabytes or minutes.
final class LimitCoverageTests: XCTestCase {
    func ending(_ s: Scheme, _ source: String, file: StaticString = #filePath, line: UInt = #line) -> SchemeError? {
        do {
            let v = try s.evaluate(source)
            XCTFail("expected the evaluation to end, got \(s.write(v).prefix(100))", file: file, line: line)
        } catch let e as SchemeError {
            XCTAssertEqual(e.kind, .limit, e.description, file: file, line: line)
            return e
        } catch {
            XCTFail("\(error)", file: file, line: line)
        }
        return nil
    }

    func assertEnds(_ limits: Scheme.Limits, _ source: String, with expected: String,
                    file: StaticString = #filePath, line: UInt = #line) {
        let s = Scheme(limits: limits)
        let e = ending(s, source, file: file, line: line)
        XCTAssertTrue(e?.message.contains(expected) == true, "\(e?.description ?? "none")", file: file, line: line)
        XCTAssertEqual(try s.evaluate("(+ 1 2)").intValue, 3, file: file, line: line)
    }

    /// The issue's doubling macro took 3.9 GB under steps 1000 / 64 MB / 2 s: now each limit alone
    /// stops it.
    static let doubling = """
        (define-syntax grow
          (syntax-rules ()
            ((_ () x) x)
            ((_ (i . more) x) (grow more (+ x x)))))
        (grow (1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1) 1)
        """

    func testTheExpanderMeetsEachLimit() {
        assertEnds(.init(steps: 1000), Self.doubling, with: "step limit exceeded")
        assertEnds(.init(heapBytes: 64 << 20), Self.doubling, with: "heap limit exceeded")
        assertEnds(.init(seconds: 0.2), Self.doubling, with: "time limit exceeded")
        // The same through eval, inside a guard: still not catchable.
        assertEnds(.init(steps: 1000), Self.doubling.replacingOccurrences(of: "(grow (1", with: "(guard (e (#t 'caught)) (eval '(grow (1"
                   ) + "))", with: "step limit exceeded")
    }

    /// A 3-million-digit literal once took 25–36 s to read under a 1 s limit; conversion is now
    /// about 0.7 s of work, reported before it starts, so a shorter limit refuses it at once.
    func testTheReaderMeetsTheTimeLimit() {
        let digits = String(repeating: "7", count: 3_000_000)
        let start = Date()
        assertEnds(.init(seconds: 0.2), digits, with: "time limit exceeded")
        assertEnds(.init(seconds: 0.2), "(string->number \"\(digits)\")", with: "time limit exceeded")
        XCTAssertLessThan(Date().timeIntervalSince(start), 20)
        assertEnds(.init(steps: 10_000), digits, with: "step limit exceeded")
    }

    /// A big list literal under a heap limit, read by `evaluate` and by `read`.
    func testTheReaderMeetsTheHeapLimit() {
        let literal = "'(" + String(repeating: "1 ", count: 2_000_000) + ")"
        assertEnds(.init(heapBytes: 16 << 20), literal, with: "heap limit exceeded")
        let s = Scheme(limits: .init(heapBytes: 16 << 20))
        XCTAssertThrowsError(try s.read(literal)) { error in
            XCTAssertEqual((error as? SchemeError)?.kind, .limit, "\(error)")
        }
        // Many distinct symbols count too, while they live (the quoted list keeps them).
        let symbols = (0..<400_000).map { "s\($0)" }.joined(separator: " ")
        assertEnds(.init(heapBytes: 16 << 20), "'(" + symbols + ")", with: "heap limit exceeded")
    }

    /// Builtins size their result before building it.
    func testBuiltinsCheckBeforeAllocating() {
        let limits = Scheme.Limits(heapBytes: 64 << 20)
        assertEnds(limits, "(string-split (make-string 5000000 #\\,) #\\,)", with: "string-split")
        assertEnds(limits, "(define s (make-string 100000 #\\a)) (apply string-append (make-list 10000 s))", with: "string-append")
        assertEnds(limits, "(define l (make-list 1000 0)) (apply append (make-list 100000 l))", with: "append")
        assertEnds(limits, "(define v (make-vector 100000 0)) (apply vector-append (make-list 1000 v))", with: "vector-append")
        assertEnds(limits, "(define b (make-bytevector 1000000 0)) (apply bytevector-append (make-list 1000 b))", with: "bytevector-append")
        assertEnds(limits, "(string->list (make-string 10000000 #\\a))", with: "string->list")
        assertEnds(limits, "(vector->list (make-vector 3000000 0))", with: "vector->list")
        assertEnds(limits, "(utf8->string (make-bytevector 20000000 65))", with: "utf8->string")
        assertEnds(limits, "(string-join (make-list 100000 (make-string 1000 #\\a)))", with: "string-join")
        assertEnds(limits, "(make-vector 100000000)", with: "make-vector")
    }

    /// A line of a file is not on the heap until it is read: reading checks as it goes.
    func testReadingFromAPortMeetsTheHeapLimit() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("htll-line-\(UUID().uuidString).txt")
        try String(repeating: "x", count: 20_000_000).write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let limits = Scheme.Limits(heapBytes: 16 << 20)
        assertEnds(limits, "(read-line (open-input-file \"\(file.path)\"))", with: "read-line")
        assertEnds(limits, "(read-string 100000000 (open-input-file \"\(file.path)\"))", with: "read-string")
        assertEnds(limits, "(read-bytevector 100000000 (open-binary-input-file \"\(file.path)\"))", with: "read-bytevector")
    }

    /// Symbols count toward the heap limit while something refers to them (garbage ones are freed:
    /// the intern table is weak, see WeakSymbolTests). 200,000 symbols kept in a 3 MB vector are
    /// about 20 MB: the loop ends at the limit before it runs past the vector's end.
    func testLiveSymbolsCountTowardTheHeapLimit() {
        assertEnds(.init(heapBytes: 16 << 20), """
            (define v (make-vector 200000 #f))
            (let l ((i 0)) (vector-set! v i (string->symbol (number->string i))) (l (+ i 1)))
            """, with: "heap limit exceeded")
    }

    /// Writing a structure whose printed form doubles at each level (shared, not circular)
    /// stops at the limits; an error report shows a bounded part of it.
    func testPrintingMeetsTheLimits() {
        let dag = "(define (dag n) (if (= n 0) '(x) (let ((d (dag (- n 1)))) (list d d d)))) "
        assertEnds(.init(seconds: 0.3), dag + "(write (dag 40) (open-output-string))", with: "time limit exceeded")
        assertEnds(.init(heapBytes: 32 << 20), dag + "(write (dag 40) (open-output-string))", with: "heap limit exceeded")
        assertEnds(.init(outputBytes: 100_000), dag + "(write (dag 40) (open-output-string))", with: "output limit exceeded")
        let s = Scheme()
        do {
            try s.evaluate(dag + "(error \"boom\" (dag 40))")
            XCTFail("no error")
        } catch let e as SchemeError {
            XCTAssertEqual(e.message, "boom")
            XCTAssertLessThan(e.irritants[0].count, 20_000)
            XCTAssertTrue(e.irritants[0].hasSuffix("..."))
        } catch {
            XCTFail("\(error)")
        }
    }
}
