import XCTest
import Scheme
import HTLL

/// The README's Swift examples compile and run: the code between `// README begin` and
/// `// README end` in each test is the README's ```swift block under the heading, character for
/// character (checked below), so the README cannot show code that does not build.
final class ReadmeExampleTests: XCTestCase {
    static let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("README.md")

    func testEmbeddingExample() throws {
        var printed: [String] = []
        func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }
        // README begin: ## Embedding
        let scheme = Scheme(limits: Scheme.Limits(steps: 10_000_000, seconds: 5))
        scheme.define("greet", arity: .exactly(1)) { [unowned scheme] args in
            scheme.string("Hello, \(args[0].stringValue ?? "?")!")
        }
        try scheme.evaluate("(define (square x) (* x x))")
        let n = try scheme.evaluate("(square 12)").intValue          // 144
        let s = try scheme.evaluate("(greet \"htll\")").stringValue  // "Hello, htll!"
        // Numbers and booleans are Values; strings, symbols and lists are made by the instance.
        let sum = try scheme.call("+", [Value(40), Value(2.5)])      // 42.5
        let words = try scheme.call("list", [scheme.string("a"), scheme.symbol("b"), Value(true)])
        print(sum, words)                                            // 42.5 ("a" b #t)
        // A bignum does not fit in Int: intValue is nil, description has its digits.
        let big = try scheme.evaluate("(expt 2 100)")
        print(big.intValue as Any, big)                              // nil 1267650600228229401496703205376
        do { try scheme.evaluate("(car '())", file: "demo.scm") } catch let e as SchemeError {
            print(e)  // demo.scm:1:1: error: car: expected a pair, got ()
        }
        // README end
        XCTAssertEqual(n, 144)
        XCTAssertEqual(s, "Hello, htll!")
        XCTAssertEqual(printed, ["42.5 (\"a\" b #t)", "nil 1267650600228229401496703205376",
                                 "demo.scm:1:1: error: car: expected a pair, got ()"])
        XCTAssertEqual(big.doubleValue, 1267650600228229401496703205376.0)
        try checkReadmeShows(heading: "## Embedding", function: "testEmbeddingExample")
    }

    func testLayoutExample() throws {
        var printed: [String] = []
        func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }
        // README begin: ### The HTLL library
        let layout = try Layout(source: """
            (define heading (label '((text . "Inbox"))))
            (define spinner (view '((hidden . #t))))
            (in (^^ heading (table '()) 8) 'self.view)
            """, file: "inbox.htll")
        for f in try layout.frames(width: 390, height: 844) {
            print(f.name, f.kind, f.x, f.y, f.width, f.height)        // heading label 0.0 0.0 390.0 21.0, ...
        }
        let json = try layout.framesJSON(canvas: Layout.Canvas(width: 390, height: 844, rightToLeft: true))
        let frameCode = try layout.objectiveC(.viewWillLayoutSubviews)  // [heading sizeToFit]; heading.frame = ...
        let category = try layout.objectiveCCategory(className: "InboxController")
        let swift = try layout.swift(viewName: "InboxView")           // a UIView subclass
        print(layout.warnings)  // ["inbox.htll:2:17: warning: the view spinner is bound but neither placed ..."]
        do { _ = try Layout(source: "(in (lable '()) 'self.view)", file: "bad.htll") } catch let e as LayoutError {
            print(e)  // bad.htll:1:5: error: unbound variable: lable; did you mean label?
        }
        // README end
        XCTAssertEqual(printed.first, "heading label 0.0 0.0 390.0 21.0")
        XCTAssertEqual(printed.count, 4)
        XCTAssertTrue(json.contains("\"rtl\": true"))
        XCTAssertTrue(frameCode.hasPrefix("[heading sizeToFit];\nheading.frame = "), frameCode)
        XCTAssertTrue(category.contains("@implementation InboxController (Layout)"), category)
        XCTAssertTrue(swift.contains("class InboxView: UIView"), swift)
        XCTAssertTrue(printed[2].hasPrefix("[\"inbox.htll:2:17: warning: the view spinner is bound but neither placed"), printed[2])
        XCTAssertEqual(printed[3], "bad.htll:1:5: error: unbound variable: lable; did you mean label?")
        try checkReadmeShows(heading: "### The HTLL library", function: "testLayoutExample")
    }

    /// The README's ```swift block under `heading` (without its import lines) is the marked code of
    /// `function` in this file.
    func checkReadmeShows(heading: String, function: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let readme = try String(contentsOf: Self.readme, encoding: .utf8)
        let own = try String(contentsOf: URL(fileURLWithPath: "\(#filePath)"), encoding: .utf8)
        XCTAssertEqual(Self.block(readme, after: "\n" + heading + "\n"), Self.marked(own, in: function),
                       "README.md's code under \(heading) differs from \(function)", file: file, line: line)
    }

    /// The first ```swift block after `heading` in Markdown text, without the `import` lines.
    static func block(_ text: String, after heading: String) -> String {
        guard let h = text.range(of: heading), let start = text.range(of: "```swift\n", range: h.upperBound..<text.endIndex),
              let end = text.range(of: "```", range: start.upperBound..<text.endIndex) else { return "" }
        return text[start.upperBound..<end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix("import ") }.joined(separator: "\n").trimmingCharacters(in: .newlines)
    }

    /// The lines between `// README begin` and `// README end` in `function`, unindented.
    static func marked(_ source: String, in function: String) -> String {
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        guard let f = lines.firstIndex(where: { $0.contains("func \(function)(") }),
              let b = lines[f...].firstIndex(where: { $0.contains("// README begin") }),
              let e = lines[b...].firstIndex(where: { $0.hasSuffix("// README end") }) else { return "" }
        let body = lines[(b + 1)..<e]
        let indent = body.filter { !$0.isEmpty }.map { $0.prefix { $0 == " " }.count }.min() ?? 0
        return body.map { String($0.dropFirst(min(indent, $0.count))) }.joined(separator: "\n")
    }
}
