import XCTest
@testable import HTLL
import Scheme

/// The Swift builtins that do the prelude's hottest text work (TextBuiltins.swift, issue 19) and
/// the lines' indentation give exactly what the prelude's own definitions and the old code gave.
final class TextBuiltinsTests: XCTestCase {
    /// A fragment's lines go to Swift joined (and indented for a method body) in one pass, byte by
    /// byte: the same text as joining them with newlines and indenting every non-empty line of that
    /// as splitting into Characters did (a "\r\n" is one Character, so it does not end a line).
    func testLinesText() throws {
        func bySplitting(_ text: String) -> String {
            text.split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.isEmpty ? "" : "    " + $0 }.joined(separator: "\n")
        }
        let scheme = try Layout.makeScheme(limits: Scheme.Limits(), sandboxFolder: nil)
        let texts = ["", "\n", "a", "a\n", "a\nb\n", "\n\na\n\n", "a\r\nb\n", "\r\n", "é\nx = \"ü\";\n", "a\rb\n\r\n\n"]
        let cases: [[String]] = [[], [""], ["a"], ["a", "", "b"], ["a\r", "b"], ["x\r\ny", "", "\r"],
                                 ["é = \"ü\";", "\n", "\na"], ["a\nb", "\r\n", "c\r"]] + texts.map { [$0] }
        for lines in cases {
            let joined = lines.map { $0 + "\n" }.joined()
            let list = scheme.list(lines.map { scheme.string($0) })
            XCTAssertEqual(HTLL.linesText(list, indented: false), joined, lines.debugDescription)
            XCTAssertEqual(HTLL.linesText(list, indented: true), bySplitting(joined), lines.debugDescription)
        }
        XCTAssertNil(HTLL.linesText(scheme.list([scheme.string("a"), .bool(true)]), indented: false))
    }

    /// A literal with nothing to escape is only quoted; others still go through the prelude's escapes.
    func testPlainText() throws {
        let scheme = try Layout.makeScheme(limits: Scheme.Limits(), sandboxFolder: nil)
        let env = try XCTUnwrap(HTLL.environment(of: scheme))
        func literal(_ dialect: String, _ text: String) throws -> String? {
            try scheme.call("htll:literal", in: env, [scheme.symbol(dialect), scheme.string(text)]).stringValue
        }
        XCTAssertEqual(try literal("c", "Hello, world"), "\"Hello, world\"")
        XCTAssertEqual(try literal("c", "what??/"), "\"what?\\?/\"")
        XCTAssertEqual(try literal("swift", "a\"b\\c"), "\"a\\\"b\\\\c\"")
        XCTAssertEqual(try literal("json", "tab\there"), "\"tab\\there\"")
        XCTAssertEqual(try literal("c", "é\u{200E}"), "\"é\\342\\200\\216\"")  // only invisible characters are escaped
    }
}
