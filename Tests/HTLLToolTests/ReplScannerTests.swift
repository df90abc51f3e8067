import XCTest
@testable import HTLLTool

/// The scanner that decides when REPL input holds complete expressions.
final class ReplScannerTests: XCTestCase {
    private func data(_ lines: [String]) -> (texts: [String], incomplete: Bool) {
        var s = ReplScanner()
        var out: [String] = []
        for l in lines { out += s.feed(l + "\n").map(\.text) }
        return (out, s.isIncomplete)
    }

    func testSeveralDataOnOneLine() {
        let r = data(["(+ 1 2) abc \"s t\" #t 'q `(a ,b ,@c) #(1 2) #u8(3)"])
        XCTAssertEqual(r.texts, ["(+ 1 2)", "abc", "\"s t\"", "#t", "'q", "`(a ,b ,@c)", "#(1 2)", "#u8(3)"])
        XCTAssertFalse(r.incomplete)
    }

    func testUnbalancedInputContinues() {
        var s = ReplScanner()
        XCTAssertEqual(s.feed("(define (f x)\n"), [])
        XCTAssertTrue(s.isIncomplete)
        let d = s.feed("  (* x 2)) (f 1)\n")
        XCTAssertEqual(d.map(\.text), ["(define (f x)\n  (* x 2))", "(f 1)"])
        XCTAssertEqual(d.map(\.line), [1, 2])
        XCTAssertEqual(d.map(\.column), [1, 12])
        XCTAssertFalse(s.isIncomplete)
    }

    func testStringsAndCommentsHideParentheses() {
        XCTAssertTrue(data(["(display \"(\"", ""]).incomplete)
        XCTAssertEqual(data(["(display \")\\\"(\")"]).texts, ["(display \")\\\"(\")"])
        XCTAssertEqual(data(["(a ; ) comment", "b)"]).texts, ["(a ; ) comment\nb)"])
        XCTAssertEqual(data(["(list #\\( #\\) #\\; #\\\")"]).texts, ["(list #\\( #\\) #\\; #\\\")"])
        XCTAssertEqual(data(["|a (b| x"]).texts, ["|a (b|", "x"])
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
        XCTAssertEqual(data(["#;(ignored) kept"]).texts, ["#;(ignored)", "kept"])
        XCTAssertTrue(data(["#;"]).incomplete)
    }

    func testStrayCloserIsHandedToTheReader() {
        XCTAssertEqual(data([") x"]).texts, [")", "x"])
    }

    func testFinishReturnsTheUnfinishedRest() {
        var s = ReplScanner()
        XCTAssertEqual(s.feed("(a\n(b"), [])
        XCTAssertEqual(s.finish().map(\.text), ["(a\n(b\n"])
        XCTAssertFalse(s.isIncomplete)
        XCTAssertEqual(s.finish().map(\.text), [])
        XCTAssertEqual(s.feed("tail").map(\.text), [])
        XCTAssertEqual(s.finish().map(\.text), ["tail"])
    }

    func testResetDropsPendingInput() {
        var s = ReplScanner()
        _ = s.feed("(a \"b\n")
        XCTAssertTrue(s.isIncomplete)
        XCTAssertTrue(s.isInString)
        s.reset()
        XCTAssertFalse(s.isIncomplete)
        XCTAssertEqual(s.feed("c\n").map(\.text), ["c"])
    }
}
