import Scheme
import XCTest
@testable import HTLLTool

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
}
