import XCTest
@testable import HTLL
import Scheme

/// The Swift builtins that do the prelude's hottest text work (TextBuiltins.swift,
/// ExpressionText.swift, issue 19) print exactly what the prelude's own definitions print.
final class TextBuiltinsTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every layout of examples/ and of the golden tests (not the hostile corpus: some of those
    /// run until a limit stops them).
    static func layoutFiles() throws -> [URL] {
        var files: [URL] = []
        for folder in ["examples", "Tests"] {
            let walk = FileManager.default.enumerator(at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
            while let url = walk?.nextObject() as? URL {
                if url.pathExtension == "htll" && !url.path.contains("/hostile/") { files.append(url) }
            }
        }
        return files.sorted { $0.path < $1.path }
    }

    /// The frame expressions of `layout`'s solved program (each frame's four and each local's),
    /// with the naming's `name-of` and the Swift printer's answer for each (#f: left to the
    /// prelude); nil for a layout without frame code (a cell layout) or whose naming is not the
    /// latest (it is once `htll:context` has stamped it).
    func expressions(of layout: Layout) throws -> (nameOf: Value, items: [(e: Value, swift: String?)])? {
        let scheme = layout.scheme
        // The host holds these values across calls into the instance: kept from the collector
        // for the layout's lifetime (each test layout is used once).
        guard let env = HTLL.environment(of: scheme),
              let contextList = try? scheme.call("htll:context", in: env, [scheme.string("test")]),
              case _ = scheme.retain(contextList),
              let context = contextList.listElements, context.count == 4,
              let programList = try? scheme.call("htll:solve", in: env, [context[0]]),
              case _ = scheme.retain(programList),
              let program = programList.listElements,
              let latest = scheme.global("htll:latest-naming", in: env)?.listElements, latest.count == 3,
              latest[0].isEq(context[3]) else { return nil }
        var items: [(Value, String?)] = []
        for statement in program {
            guard let s = statement.listElements else { continue }
            let es: [Value] = s[0].symbol?.name == "frame" ? Array(s[2...])
                : s[0].symbol?.name == "let" ? (s[1].listElements.map { [$0[2]] } ?? []) : []
            for e in es {
                // (As text at once: the string is garbage once the next call collects.)
                items.append((e, try scheme.call("%htll-c-expression", in: env, [e, latest[1], latest[2]]).stringValue))
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
        var printed = 0, answered = 0, layouts = 0
        for source in sources {
            guard let layout = try? Layout(source: source, file: "t.htll"),
                  (try? layout.objectiveC(.viewWillLayoutSubviews)) != nil else { continue }
            let env = try XCTUnwrap(HTLL.environment(of: layout.scheme))
            guard let found = try expressions(of: layout) else { continue }
            let (nameOf, items) = found
            layouts += 1
            for (e, swift) in items {
                let mine = try layout.scheme.call("htll:e->c-here", in: env, [e, nameOf]).stringValue
                let used = try layout.scheme.call("htll:e->c", in: env, [e, nameOf]).stringValue
                XCTAssertNotNil(mine)
                XCTAssertEqual(used, mine, layout.scheme.write(e))
                guard let swift else { continue }
                XCTAssertEqual(swift, mine, layout.scheme.write(e))
                answered += 1
            }
            printed += items.count
        }
        XCTAssertGreaterThan(layouts, 40)
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
        XCTAssertEqual(try literal("c", "é\u{200E}"), "\"é\\342\\200\\216\"")  // only invisible characters are escaped
    }
}
