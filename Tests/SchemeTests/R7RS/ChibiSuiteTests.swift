import Foundation
import XCTest
@testable import Scheme

/// Runs chibi-scheme's public R7RS suite (`tests/r7rs-tests.scm`, 1,225 cases) through our
/// `(chibi test)` stand-in in `Tests/r7rs`, when a chibi checkout is at /tmp/chibi-src. CI has
/// none, so there the test is skipped. Every case passes and every top-level form runs.
final class ChibiSuiteTests: SchemeTestCase {
    static let suite = "/tmp/chibi-src/tests/r7rs-tests.scm"

    /// `Tests/r7rs`, next to this file's folder.
    static var harnessFolder: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("r7rs")
    }

    func testChibiR7RSSuite() throws {
        guard FileManager.default.fileExists(atPath: Self.suite) else {
            throw XCTSkip("chibi-scheme's suite is not at \(Self.suite)")
        }
        scheme.runtime.searchPath = [Self.harnessFolder.path]
        let runner = Self.harnessFolder.appendingPathComponent("run-chibi.scm").path
        let out = try scheme.capturingOutput { _ = try scheme.evaluate("(load \"\(runner)\")") }
        let lines = out.split(separator: "\n").map(String.init)
        guard let summary = lines.last(where: { $0.hasSuffix(" failed") && $0.contains(" passed, ") }) else {
            return XCTFail("no summary line in the harness output:\n\(out.suffix(2000))")
        }
        let numbers = summary.split(separator: " ").compactMap { Int($0) }
        XCTAssertEqual(numbers.count, 2, summary)
        let passed = numbers.first ?? 0, failed = numbers.last ?? -1
        let failures = lines.filter { $0.hasPrefix("FAIL") || $0.hasPrefix("TOP-LEVEL") }
        XCTAssertGreaterThanOrEqual(passed, 1225, "\(summary)\n" + failures.joined(separator: "\n"))
        XCTAssertEqual(failed, 0, "\(summary)\n" + failures.joined(separator: "\n"))
        XCTAssertTrue(failures.isEmpty, failures.joined(separator: "\n"))
        XCTAssertTrue(lines.contains("0 top-level errors"), out.suffix(2000).description)
    }

    /// The harness itself: a passing, a failing and an erroring case are each counted and reported.
    func testR7RSHarnessCountsAndReports() throws {
        scheme.runtime.searchPath = [Self.harnessFolder.path]
        let out = output("""
            (import (scheme base) (chibi test))
            (test-begin "demo")
            (test 3 (+ 1 2))
            (test 1.0 (+ 0.9999999 0.0000001))
            (test '(1 2) (list 1 3))
            (test 1 (car '()))
            (test-values (values 1 2) (values 1 2))
            (test-error (vector-ref (vector) 0))
            (test-assert (memq 'b '(a b)))
            (test-end)
            """)
        XCTAssertTrue(out.contains("FAIL [demo] (list 1 3): expected (1 2), got (1 3)"), out)
        XCTAssertTrue(out.contains("FAIL [demo] (car (quote ())): expected 1, got error: car: expected a pair"), out)
        XCTAssertTrue(out.hasSuffix("5 passed, 2 failed\n"), out)
    }
}
