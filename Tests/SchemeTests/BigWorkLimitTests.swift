import Foundation
import XCTest
@testable import Scheme

/// Operations on huge numbers report their cost to the limits before doing the work, so a time or
/// step limit stops them at once instead of after seconds of multiplication, division, gcd or
/// radix conversion; without limits the same operations are bounded by the size checks.
final class BigWorkLimitTests: XCTestCase {
    func assertEnds(_ limits: Scheme.Limits, _ source: String, with expected: String,
                    file: StaticString = #filePath, line: UInt = #line) {
        let s = Scheme(limits: limits)
        let start = Date()
        do {
            let v = try s.evaluate(source)
            XCTFail("expected the evaluation to end, got \(s.write(v).prefix(80))", file: file, line: line)
        } catch let e as SchemeError {
            XCTAssertEqual(e.kind, .limit, e.description, file: file, line: line)
            XCTAssertTrue(e.message.contains(expected), e.description, file: file, line: line)
        } catch {
            XCTFail("\(error)", file: file, line: line)
        }
        XCTAssertLessThan(Date().timeIntervalSince(start), 10, source, file: file, line: line)
        XCTAssertEqual(try s.evaluate("(+ 1 2)").intValue, 3, file: file, line: line)
    }

    func testSquaringForeverMeetsTheTimeLimit() {
        assertEnds(.init(seconds: 0.3), "(let loop ((x 3)) (loop (* x x)))", with: "time limit exceeded")
    }

    func testHugeConversionsGcdAndDivisionMeetTheStepLimit() {
        let big = "(define a (expt 3 1000000)) (define b (+ 1 (expt 2 1500000)))"
        assertEnds(.init(steps: 100_000), big + "(number->string a)", with: "step limit exceeded")
        assertEnds(.init(steps: 100_000), big + "(gcd a b)", with: "step limit exceeded")
        assertEnds(.init(steps: 100_000), big + "(/ a b)", with: "step limit exceeded")
        assertEnds(.init(steps: 100_000), big + "(quotient (* b b) a)", with: "step limit exceeded")
    }

    func testSmallBignumWorkIsNotMetered() throws {
        let s = Scheme(limits: .init(steps: 10_000))
        XCTAssertEqual(s.write(try s.evaluate("(string-length (number->string (expt 3 300)))")), "144")
        XCTAssertEqual(s.write(try s.evaluate("(* (/ (expt 3 300) (expt 2 200)) (expt 2 200))")), s.write(try s.evaluate("(expt 3 300)")))
    }
}
