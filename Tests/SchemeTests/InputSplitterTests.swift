import XCTest
@testable import Scheme

/// The reader's incremental "is this input complete?" API, which the REPL asks.
final class InputSplitterTests: XCTestCase {
    private func data(_ lines: [String]) -> (texts: [String], incomplete: Bool) {
        var s = InputSplitter(scheme: Scheme())
        var out: [String] = []
        for l in lines { out += s.feed(l + "\n").map(\.text) }
        return (out, s.isIncomplete)
    }

    func testSeveralDataOnOneLine() {
        let r = data(["(+ 1 2) abc \"s t\" #t 'q `(a ,b ,@c) #(1 2) #u8(3) #\\x [a b]"])
        XCTAssertEqual(r.texts, ["(+ 1 2)", "abc", "\"s t\"", "#t", "'q", "`(a ,b ,@c)", "#(1 2)", "#u8(3)", "#\\x", "[a b]"])
        XCTAssertFalse(r.incomplete)
    }

    func testUnbalancedInputContinues() {
        var s = InputSplitter(scheme: Scheme())
        XCTAssertEqual(s.feed("(define (f x)\n"), [])
        XCTAssertTrue(s.isIncomplete)
        XCTAssertEqual(s.pendingText, "(define (f x)\n")
        let d = s.feed("  (* x 2)) (f 1)\n")
        XCTAssertEqual(d.map(\.text), ["(define (f x)\n  (* x 2))", "(f 1)"])
        XCTAssertEqual(d.map(\.line), [1, 2])
        XCTAssertEqual(d.map(\.column), [1, 12])
        XCTAssertFalse(s.isIncomplete)
        XCTAssertEqual(s.feed("\n\n  x\n").map { [$0.line, $0.column] }, [[5, 3]])
    }

    func testStringsCharactersAndCommentsHideParentheses() {
        XCTAssertTrue(data(["(display \"(\"", ""]).incomplete)
        XCTAssertEqual(data(["(display \")\\\"(\")"]).texts, ["(display \")\\\"(\")"])
        XCTAssertEqual(data(["(a ; ) comment", "b)"]).texts, ["(a ; ) comment\nb)"])
        XCTAssertEqual(data(["(list #\\( #\\) #\\; #\\\")"]).texts, ["(list #\\( #\\) #\\; #\\\")"])
        XCTAssertEqual(data(["|a (b| x"]).texts, ["|a (b|", "x"])
        XCTAssertEqual(data(["#0=(a . #0#) 'done"]).texts, ["#0=(a . #0#)", "'done"])
    }

    func testBlockCommentsNestAndSpanLines() {
        let open = data(["#| outer #| inner |# still", "(not code"])
        XCTAssertEqual(open.texts, [])
        XCTAssertTrue(open.incomplete)
        let closed = data(["#| a #| b |# c |# (x)"])
        XCTAssertEqual(closed.texts, ["(x)"])
        XCTAssertFalse(closed.incomplete)
    }

    func testPrefixesWaitForTheirDatum() {
        XCTAssertTrue(data(["'"]).incomplete)
        XCTAssertEqual(data(["'", "(a b)"]).texts, ["'\n(a b)"])
        // A datum comment belongs to the datum after it.
        XCTAssertEqual(data(["#;(ignored) kept"]).texts, ["#;(ignored) kept"])
        XCTAssertTrue(data(["#;"]).incomplete)
    }

    /// Malformed input is handed over with the rest of its line, for the evaluator to report where
    /// the reader fails; the next line starts afresh.
    func testMalformedInputIsHandedOverWithItsLine() {
        XCTAssertEqual(data([") x", "(ok)"]).texts, [") x", "(ok)"])
        XCTAssertEqual(data(["(a #\\nosuchname b)", "(ok)"]).texts, ["(a #\\nosuchname b)", "(ok)"])
        let s = Scheme()
        var splitter = InputSplitter(scheme: s)
        let bad = splitter.feed("(list 1) )\n")
        XCTAssertEqual(bad.map(\.text), ["(list 1)", ")"])
        XCTAssertThrowsError(try s.evaluate(bad[1].text, file: "t", line: bad[1].line, column: bad[1].column)) { e in
            XCTAssertEqual((e as? SchemeError)?.description, "t:1:10: error: unexpected ')'")
        }
    }

    func testFinishReturnsTheUnfinishedRest() {
        var s = InputSplitter(scheme: Scheme())
        XCTAssertEqual(s.feed("(a\n(b"), [])
        XCTAssertEqual(s.finish().map(\.text), ["(a\n(b"])
        XCTAssertFalse(s.isIncomplete)
        XCTAssertEqual(s.finish().map(\.text), [])
        // An atom at the very end may go on in the next piece, until the input ends.
        XCTAssertEqual(s.feed("tail").map(\.text), [])
        XCTAssertEqual(s.feed("piece").map(\.text), [])
        XCTAssertEqual(s.finish().map(\.text), ["tailpiece"])
    }

    func testResetDropsPendingInputAndKeepsCounting() {
        var s = InputSplitter(scheme: Scheme())
        _ = s.feed("(a \"b\n")
        XCTAssertTrue(s.isIncomplete)
        XCTAssertTrue(s.isInString)
        s.reset()
        XCTAssertFalse(s.isIncomplete)
        XCTAssertFalse(s.isInString)
        XCTAssertEqual(s.feed("c\n").map { [$0.line, $0.column] }, [[2, 1]])
    }

    /// A long expression arriving a line at a time waits until its last line, and starts where it
    /// started.
    func testManyLinesOfOneDatum() {
        var s = InputSplitter(scheme: Scheme())
        _ = s.feed("(list\n")
        for i in 0..<2000 { XCTAssertEqual(s.feed("  \(i)\n"), []) }
        let d = s.feed(")\n")
        XCTAssertEqual(d.count, 1)
        XCTAssertEqual(d.first?.line, 1)
    }
}
