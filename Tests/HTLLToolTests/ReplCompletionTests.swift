import Scheme
import XCTest
@testable import HTLLShell

/// Completion candidates and `,describe` text, without a terminal.
final class ReplCompletionTests: XCTestCase {
    func testCompletesGlobalsAndSyntaxButNotUnboundSymbols() throws {
        let repl = Repl(scheme: Scheme(), interactive: false)
        try repl.scheme.evaluate("(define my-value 1) (define-syntax my-macro (syntax-rules () ((_) 1))) 'my-symbol")
        let found = repl.completions(for: "my-", before: "(")
        XCTAssertEqual(found, ["my-macro", "my-value"])
        XCTAssertTrue(repl.completions(for: "string-le", before: "").contains("string-length"))
        XCTAssertTrue(repl.completions(for: "lamb", before: "(").contains("lambda"))
    }

    func testExtraCompletionsSeeTheUnfinishedExpression() throws {
        let repl = Repl(scheme: Scheme(), interactive: false)
        var seen: [String] = []
        repl.extraCompletions = { prefix, before in
            seen.append(before)
            return before.contains("'((") ? ["textZ", "textZColor", "frame"] : []
        }
        _ = repl.scanner.feed("(label\n")
        XCTAssertEqual(repl.completions(for: "textZ", before: "  '(("), ["textZ", "textZColor"])
        XCTAssertEqual(seen, ["(label\n  '(("])
        XCTAssertEqual(repl.completions(for: "textZ", before: "("), [])
    }

    func testDescribe() throws {
        let s = Scheme()
        try s.evaluate("(define (three a b . c) a) (define answer 42)")
        XCTAssertEqual(s.describe("three"), "three: procedure, at least 2 arguments")
        XCTAssertEqual(s.describe("answer"), "answer: variable, value 42")
        XCTAssertEqual(s.describe("cons"), "cons: builtin procedure, 2 arguments")
        XCTAssertEqual(s.describe("define"), "define: syntax (a special form or macro)")
        XCTAssertEqual(s.describe("no-such-name-here"), "no-such-name-here is not bound")
        XCTAssertEqual(s.describe("(x"), "(x is not an identifier")
    }

    /// History files: a timestamp line starts an entry that may span lines; lines from before
    /// entries had timestamps are one entry each.
    func testHistoryEntries() {
        let text = "(old 1)\n(old 2)\n#1700000000\n(define (f x)\n  (* x x))\n#1700000001\n,quit\n"
        let entries = ReplReadline.historyEntries(text)
        XCTAssertEqual(entries.map(\.text), ["(old 1)", "(old 2)", "(define (f x)\n  (* x x))", ",quit"])
        XCTAssertEqual(entries.map(\.time), ["#0", "#0", "#1700000000", "#1700000001"])
    }

    /// After a comma, Tab offers the commands.
    func testCommaCompletesCommands() {
        let repl = Repl(scheme: Scheme(), interactive: false)
        XCTAssertEqual(repl.completions(for: "de", before: ","), ["describe"])
        XCTAssertEqual(repl.completions(for: "", before: ",").first, "apropos")
        XCTAssertTrue(repl.completions(for: "", before: ",").contains("trace"))
        XCTAssertFalse(repl.completions(for: "de", before: "(").contains("describe"))
    }
}
