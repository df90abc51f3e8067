import Foundation
import XCTest
import HTLL
import Scheme

/// The hostile layouts in `Tests/hostile/`: each `NAME.htll` has a `NAME.expected` whose first line is
/// `error: TEXT` (loading or some output fails with a message containing TEXT) or `code: TEXT` (every
/// output succeeds and the view-will-layout-subviews code contains TEXT).
///
/// Each layout runs the way an Xcode build meets it: in the instance `htll compile --sandbox` makes
/// (`Layout.makeScheme` with `Layout.limits(sandbox: true)`), every Objective-C action, the category,
/// Swift and the frames JSON, on a thread with an 8 MB stack and a wall-clock timeout, so a crash or a
/// hang fails here, not in the host.
final class HostileCorpusTests: GCStressableTestCase {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("hostile")

    /// What a layout gave: the view-will-layout-subviews code, the first error, or nothing in time.
    enum Outcome: Equatable {
        case code(String)
        case error(String)
        case timedOut
    }

    /// Loads `source` and asks for every output, in a fresh limited sandboxed instance.
    static func run(_ source: String, file: String, timeout: TimeInterval = 120) -> Outcome {
        // On timeout the thread is abandoned (it cannot be killed); the test fails.
        onThread(stackSize: 8 << 20, timeout: timeout) { outputs(source, file: file) } ?? .timedOut
    }

    private static func outputs(_ source: String, file: String) -> Outcome {
        do {
            // The sandbox's limits, but for the wall clock: under GC stress an evaluation runs many
            // times slower than the 20 s the sandbox allows (100,000 nested views took 19 s alone and
            // more on a loaded machine), so the time is the harness's own timeout's to judge.
            var limits = Layout.limits(sandbox: true)
            limits.seconds = 100
            let scheme = try Layout.makeScheme(limits: limits, sandboxFolder: folder.path)
            let layout = try Layout(source: source, file: file, scheme: scheme)
            // A layout placed with `in` answers every action but the cell ones; a cell layout the reverse.
            let isCell = (try? layout.objectiveC(.cellInit)) != nil
            var code = ""
            for action in HTLL.Action.allCases where isCell == [.cellInit, .cellLayout].contains(action) {
                let text = try layout.objectiveC(action)
                if action == .viewWillLayoutSubviews || action == .cellLayout { code = text }
            }
            _ = try layout.objectiveCCategory()
            _ = try layout.swift()
            let json = try layout.framesJSON(width: 390, height: 844)
            // JSON has no inf or nan; a frame that overflowed must be an error, not broken output.
            for bad in ["inf", "nan"] where json.contains(": \(bad)") || json.contains(": -\(bad)") {
                return .error("frames JSON holds \(bad): \(json.prefix(300))")
            }
            return .code(code)
        } catch {
            return .error("\(error)")
        }
    }

    func testEveryLayoutInTheCorpus() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path)
            .filter { $0.hasSuffix(".htll") }.sorted()
        XCTAssertGreaterThanOrEqual(names.count, 10, "corpus folder not found at \(Self.folder.path)")
        for name in names {
            let url = Self.folder.appendingPathComponent(name)
            guard let expectedText = try? String(contentsOf: url.deletingPathExtension().appendingPathExtension("expected"),
                                                 encoding: .utf8) else {
                XCTFail("\(name): no .expected file")
                continue
            }
            let expected = String(expectedText.split(separator: "\n", omittingEmptySubsequences: false)[0])
            let source = String(decoding: try Data(contentsOf: url), as: UTF8.self)
            check(Self.run(source, file: name), expected, name)
        }
    }

    /// A label whose text literal is 1 MB: compiles, and the text reaches the code whole.
    func testOneMegabyteStringLiteral() {
        let text = String(repeating: "abcdefgh", count: 1 << 17)
        let outcome = Self.run("(define l (label '((text . \"\(text)\"))))\n(in l 'self.view)", file: "big.htll")
        XCTAssertEqual(outcome, .code("l.frame = (CGRect) {{0, 0}, {self.view.bounds.size.width, self.view.bounds.size.height}};\n"))
        // The error location after a 1 MB line is still the real column.
        let line = "(in (label '((text . \"\(text)\"))) 'self.view) "
        check(Self.run(line + "(lable)", file: "big.htll"),
              "error: big.htll:1:\(line.unicodeScalars.count + 1): error: unbound variable: lable; did you mean label?", "1 MB line")
    }

    /// 100,000 nested parentheses in a layout: an error (too deep), not a stack overflow.
    func testHundredThousandDeepParentheses() {
        let depth = 100_000
        let src = "(in " + String(repeating: "(above (label '()) ", count: depth) + "(label '())"
            + String(repeating: " 0.5)", count: depth) + " 'self.view)"
        check(Self.run(src, file: "deep.htll"), "error: too deep", "100,000 deep")
    }

    /// Layouts compile in independent instances on several threads at once (run under
    /// `fuzz/sanitize thread` for the thread-safety claim on the HTLL side: Swift text metrics,
    /// emitters, the prelude in each instance).
    func testLayoutsOnFourThreadsAtOnce() throws {
        let names = ["nested-loop", "extreme-sizes", "ratio-1.5", "circular-attributes"]
        var expected: [String] = []
        var sources: [String] = []
        for name in names {
            let url = Self.folder.appendingPathComponent(name + ".htll")
            sources.append(String(decoding: try Data(contentsOf: url), as: UTF8.self))
            let text = try String(contentsOf: url.deletingPathExtension().appendingPathExtension("expected"), encoding: .utf8)
            expected.append(String(text.split(separator: "\n")[0]))
        }
        final class Results: @unchecked Sendable {
            let lock = NSLock()
            var outcomes: [Int: [Outcome]] = [:]
        }
        let results = Results()
        DispatchQueue.concurrentPerform(iterations: names.count) { i in
            let outcomes = (0..<2).map { _ in Self.run(sources[i], file: names[i] + ".htll") }
            results.lock.lock()
            results.outcomes[i] = outcomes
            results.lock.unlock()
        }
        for (i, name) in names.enumerated() {
            for outcome in results.outcomes[i] ?? [] { check(outcome, expected[i], name + ".htll") }
            XCTAssertEqual(results.outcomes[i]?.count, 2, name)
        }
    }

    func check(_ outcome: Outcome, _ expected: String, _ name: String, file: StaticString = #filePath, line: UInt = #line) {
        switch outcome {
        case .timedOut:
            XCTFail("\(name): timed out", file: file, line: line)
        case .code(let code):
            if expected.hasPrefix("code: ") {
                XCTAssertTrue(code.contains(expected.dropFirst(6)), "\(name): expected \(expected), got \(code.prefix(300))",
                              file: file, line: line)
            } else {
                XCTFail("\(name): expected \(expected), got code \(code.prefix(300))", file: file, line: line)
            }
        case .error(let m):
            if expected.hasPrefix("error: ") {
                XCTAssertTrue(m.contains(expected.dropFirst(7)), "\(name): expected \(expected), got \(m.prefix(500))",
                              file: file, line: line)
            } else {
                XCTFail("\(name): expected \(expected), got error \(m.prefix(500))", file: file, line: line)
            }
        }
    }
}
