import Foundation
import XCTest
@testable import Scheme

/// The hostile files in `Tests/hostile/`: each `NAME.scm` has a `NAME.expected` whose first line is
/// `error: TEXT` (the error message contains TEXT) or `value: TEXT` (the last value is written as TEXT).
/// Every file must finish within the timeout, and never crash the test process.
final class HostileCorpusTests: GCStressableTestCase {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("hostile")

    /// Checks `outcome` against an expectation line (`error: …` or `value: …`).
    func check(_ outcome: Hostile.Outcome, _ expected: String, _ name: String,
               file: StaticString = #filePath, line: UInt = #line) {
        switch outcome {
        case .timedOut:
            XCTFail("\(name): timed out", file: file, line: line)
        case .value(let v):
            if expected.hasPrefix("value: ") {
                XCTAssertEqual(v, String(expected.dropFirst(7)), name, file: file, line: line)
            } else {
                XCTFail("\(name): expected \(expected), got value \(v)", file: file, line: line)
            }
        case .error(let m):
            if expected.hasPrefix("error: ") {
                XCTAssertTrue(m.contains(expected.dropFirst(7)), "\(name): expected \(expected), got \(m)",
                              file: file, line: line)
            } else {
                XCTFail("\(name): expected \(expected), got error \(m)", file: file, line: line)
            }
        }
    }

    func testEveryFileInTheCorpus() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path)
            .filter { $0.hasSuffix(".scm") }.sorted()
        XCTAssertGreaterThanOrEqual(names.count, 10, "corpus folder not found at \(Self.folder.path)")
        for name in names {
            let url = Self.folder.appendingPathComponent(name)
            let expectedURL = url.deletingPathExtension().appendingPathExtension("expected")
            guard let expectedText = try? String(contentsOf: expectedURL, encoding: .utf8) else {
                XCTFail("\(name): no .expected file")
                continue
            }
            let expected = String(expectedText.split(separator: "\n", omittingEmptySubsequences: false)[0])
            // Read as bytes and decoded the way `Scheme.load(path:)` does: invalid UTF-8 is data too.
            let data = try Data(contentsOf: url)
            let outcome = Hostile.evaluate(String(decoding: data, as: UTF8.self), file: name)
            check(outcome, expected, name)
        }
    }

    /// A 1 MB string literal (built here rather than committed) reads and measures correctly.
    func testOneMegabyteStringLiteral() {
        let body = String(repeating: "abcdefgh", count: 1 << 17)
        check(Hostile.evaluate("(string-length \"\(body)\")"), "value: \(1 << 20)", "1 MB string")
    }

    /// 100,000 nested parentheses: an error (too deep), not a stack overflow.
    func testHundredThousandDeepList() {
        let depth = 100_000
        let src = "'" + String(repeating: "(", count: depth) + String(repeating: ")", count: depth)
        let outcome = Hostile.evaluate(src)
        XCTAssertNotEqual(outcome, .timedOut)
        if case .error(let m) = outcome { XCTAssertTrue(m.contains("deep"), m) }
    }

    func testHundredThousandDeepExpression() {
        let depth = 100_000
        let src = String(repeating: "(+ 1 ", count: depth) + "0" + String(repeating: ")", count: depth)
        check(Hostile.evaluate(src), "error: too deep", "deep expression")
    }

    func testHundredThousandDeepVector() {
        let depth = 100_000
        let vec = String(repeating: "#(", count: depth) + String(repeating: ")", count: depth)
        XCTAssertNotEqual(Hostile.evaluate("(vector? '" + vec + ")"), .timedOut)
    }

    func testHundredThousandDeepQuasiquote() {
        let depth = 100_000
        let qq = "`" + String(repeating: "(", count: depth) + String(repeating: ")", count: depth)
        XCTAssertNotEqual(Hostile.evaluate(qq), .timedOut)
    }

    /// Unbalanced input a mile long: the error points at the unclosed list.
    func testManyUnclosedParentheses() {
        check(Hostile.evaluate(String(repeating: "(", count: 100_000)), "error: unexpected end of input in list started at 1:1", "unclosed")
    }

    /// An error after a 1 MB string literal on the same line names its real column (locations held
    /// 16-bit columns and said 65535 for anything further right).
    func testColumnAfterAOneMegabyteLine() {
        let prefix = "(string-length \"" + String(repeating: "abcdefgh", count: 1 << 17) + "\") "
        let outcome = Hostile.evaluate(prefix + "(car 5)", file: "wide.scm")
        guard case .error(let m) = outcome else { return XCTFail("expected an error, got \(outcome)") }
        XCTAssertTrue(m.hasPrefix("wide.scm:1:\(prefix.unicodeScalars.count + 1): error:"), String(m.prefix(200)))
    }

    /// Past what a location holds, lines and columns saturate and extra file names share one honest
    /// name instead of borrowing another file's.
    func testLocationFieldsSaturateHonestly() {
        let loc = SourceLocation(file: 3, line: 20_000_000, column: 5_000_000)
        XCTAssertEqual(loc.file, 3)
        XCTAssertEqual(loc.line, SourceLocation.maxLineOrColumn)
        XCTAssertEqual(loc.column, 5_000_000)
        let rt = Scheme().runtime
        let first = rt.fileIndex("f0")
        for i in 1..<70_000 { _ = rt.fileIndex("f\(i)") }
        XCTAssertEqual(rt.fileIndex("f0"), first)
        XCTAssertEqual(rt.fileName(SourceLocation(file: rt.fileIndex("f100"), line: 1, column: 1)), "f100")
        let late = rt.fileIndex("f69999")
        XCTAssertEqual(late, 0xFFFF)
        XCTAssertEqual(rt.fileName(SourceLocation(file: late, line: 2, column: 1)), "<one of many files>")
    }
}
