import XCTest
@testable import HTLL
import Scheme

/// The Swift builtins that do the prelude's hottest text work (TextBuiltins.swift,
/// ExpressionText.swift, issue 19) print exactly what the prelude's own definitions print.
final class TextBuiltinsTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every layout of examples/ and of the golden tests.
    static func layoutFiles() throws -> [URL] {
        var files: [URL] = []
        for folder in ["examples", "Tests"] {
            let walk = FileManager.default.enumerator(at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
            while let url = walk?.nextObject() as? URL where url.pathExtension == "htll" { files.append(url) }
        }
        return files.sorted { $0.path < $1.path }
    }

    /// The frame expressions of `layout`'s solved program (each frame's four and each local's),
    /// with the naming's `name-of` and the Swift printer's answer for each (nil: left to the prelude).
    func expressions(of layout: Layout) throws -> (nameOf: Value, items: [(e: Value, swift: Value)]) {
        let scheme = layout.scheme
        let env = try XCTUnwrap(HTLL.environment(of: scheme))
        let context = try XCTUnwrap(scheme.call("htll:context", in: env, [scheme.string("test")]).listElements)
        let program = try XCTUnwrap(scheme.call("htll:solve", in: env, [context[0]]).listElements)
        let latest = try XCTUnwrap(scheme.global("htll:latest-naming", in: env)?.listElements)
        XCTAssertTrue(latest[0].isEq(context[3]), "the context's naming is the latest")
        var items: [(Value, Value)] = []
        for statement in program {
            let s = try XCTUnwrap(statement.listElements)
            let es: [Value] = s[0].symbol?.name == "frame" ? Array(s[2...])
                : s[0].symbol?.name == "let" ? [try XCTUnwrap(s[1].listElements)[2]] : []
            for e in es {
                items.append((e, try scheme.call("%htll-c-expression", in: env, [e, latest[1], latest[2]])))
            }
        }
        return (context[3], items)
    }

    /// For every example and golden layout, and deep and wide generated ones: each frame expression
    /// printed through `htll:e->c` (the Swift printer, where it answers) is the prelude's own text.
    func testSwiftExpressionTextIsThePreludes() throws {
        var sources = try Self.layoutFiles().compactMap { try? String(contentsOf: $0, encoding: .utf8) }
        // Nested aboves past the local threshold (locals), fractions of thirds, and a wide sequence.
        var nested = "(label '((text . \"end\")))"
        for i in 0..<40 { nested = "(above (label '((text . \"\(i)\"))) \(nested) 0.3333)" }
        sources.append("(in \(nested) 'self.view)")
        sources.append("(in (vseq " + (0..<60).map { "(label '((text . \"L\($0)\")))" }.joined(separator: " ") + ") 'self.view)")
        var printed = 0, answered = 0
        for source in sources {
            guard let layout = try? Layout(source: source, file: "t.htll"),
                  (try? layout.objectiveC(.viewWillLayoutSubviews)) != nil else { continue }
            let env = try XCTUnwrap(HTLL.environment(of: layout.scheme))
            let (nameOf, items) = try expressions(of: layout)
            for (e, swift) in items {
                let mine = try layout.scheme.call("htll:e->c-here", in: env, [e, nameOf])
                let used = try layout.scheme.call("htll:e->c", in: env, [e, nameOf])
                XCTAssertEqual(used.stringValue, mine.stringValue, layout.scheme.write(e))
                if case .bool(false) = swift { continue }
                XCTAssertEqual(swift.stringValue, mine.stringValue, layout.scheme.write(e))
                answered += 1
            }
            printed += items.count
        }
        XCTAssertGreaterThan(printed, 1000)
        // Font metrics (baseline rows) and the like are left to the prelude; nearly all is Swift's.
        XCTAssertGreaterThan(answered, printed * 9 / 10)
    }

    /// Numbers as the prelude's htll:number->c prints them (ten decimals at most, half to even, no
    /// float noise); what the prelude must decide (not finite, past 1e15, past 64 bits once scaled)
    /// is left to it.
    func testNumbersAreThePreludes() throws {
        let scheme = try Layout.makeScheme(limits: Scheme.Limits(), sandboxFolder: nil)
        let env = try XCTUnwrap(HTLL.environment(of: scheme))
        func text(_ v: Value) -> String? { CExpressionPrinter.number(v).map { String(decoding: $0, as: UTF8.self) } }
        var generator = SystemRandomNumberGenerator()
        var values: [Value] = [.fixnum(0), .fixnum(1), .fixnum(393), .fixnum(999_999_999_999_999),
                               .flonum(0), .flonum(0.5), .flonum(2), .flonum(0.8330000000000001), .flonum(1.0 / 3),
                               .flonum(2.5e-10), .flonum(1.5e-10), .flonum(0.05), .flonum(899_999_999.99)]
        for _ in 0..<300 {
            values.append(.flonum(Double.random(in: 0..<1, using: &generator)))
            values.append(.flonum(Double.random(in: 0..<1_000_000, using: &generator)))
            values.append(.fixnum(Int.random(in: 0..<1_000_000_000, using: &generator)))
        }
        for v in values {
            let theirs = try scheme.call("htll:number->c", in: env, [v]).stringValue
            XCTAssertEqual(text(v), theirs, "\(v)")
        }
        XCTAssertNil(text(.flonum(.infinity)))
        XCTAssertNil(text(.flonum(1e15)))
        XCTAssertNil(text(.flonum(1e9)))
        XCTAssertNil(text(.fixnum(1_000_000_000_000_000)))
    }

    /// The category's indentation, byte by byte, is what splitting into Characters gave: a "\r\n"
    /// is one Character, so it does not end a line.
    func testIndentation() {
        func bySplitting(_ text: String) -> String {
            text.split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.isEmpty ? "" : "    " + $0 }.joined(separator: "\n")
        }
        for text in ["", "\n", "a", "a\n", "a\nb\n", "\n\na\n\n", "a\r\nb\n", "\r\n", "é\nx = \"ü\";\n", "a\rb\n\r\n\n"] {
            XCTAssertEqual(Layout.indented(text), bySplitting(text), text.debugDescription)
        }
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
        XCTAssertEqual(try literal("c", "é"), "\"\\303\\251\"")
    }
}
