import XCTest
import Scheme

final class EmbeddingTests: XCTestCase {
    func testSwiftErrorsBecomeSchemeErrors() throws {
        struct Oops: Error {}
        let scheme = Scheme()
        scheme.define("fail", arity: .exactly(0)) { _ in throw Oops() }
        let v = try scheme.evaluate("(guard (e ((error-object? e) (error-object-message e))) (fail))")
        XCTAssertEqual(v.stringValue?.hasPrefix("fail:"), true)
    }

    func testCallingSchemeFromSwift() throws {
        let scheme = Scheme()
        try scheme.evaluate("(define (add a b) (+ a b))")
        XCTAssertEqual(try scheme.call("add", [.fixnum(2), .fixnum(3)]).intValue, 5)
        XCTAssertEqual(try scheme.call("list", [scheme.string("a"), .bool(true)]).arrayValue?.count, 2)
        XCTAssertThrowsError(try scheme.call("add", [.fixnum(1)]))
    }

    /// `string(count:_:)` makes a string of what the closure writes in place: unwritten scalars are
    /// NUL, values that are not Unicode scalars become U+FFFD, and Scheme sees an ordinary string.
    func testStringWrittenInPlace() throws {
        let scheme = Scheme()
        let s = scheme.string(count: 5) { out in
            out[0] = 0x61; out[1] = 0x1F600; out[2] = 0xD800; out[3] = 0x110000
        }
        scheme.define("s", value: s)
        XCTAssertEqual(try scheme.evaluate("(map char->integer (string->list s))").arrayValue?.map(\.intValue), [0x61, 0x1F600, 0xFFFD, 0xFFFD, 0])
        XCTAssertEqual(try scheme.evaluate("(string-append s \"!\")").stringValue, "a\u{1F600}\u{FFFD}\u{FFFD}\u{0}!")
        XCTAssertEqual(scheme.string(count: 0) { _ in }.stringValue, "")
        XCTAssertEqual(scheme.string(count: -3) { _ in }.stringValue, "")
        // Each side of the surrogates and of the last scalar, anywhere in a longer string.
        let edges: [UInt32] = [0xD7FF, 0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0xE000, 0x10FFFF, 0x110000, 0xFFFF_FFFF, 0x7F]
        let t = scheme.string(count: 40) { out in
            for i in 0..<40 { out[i] = 0x62 }
            for (k, v) in edges.enumerated() { out[3 * k + 1] = v }
        }
        scheme.define("t", value: t)
        let expected = edges.map { Unicode.Scalar($0) == nil ? 0xFFFD : Int($0) }
        XCTAssertEqual(try scheme.evaluate("(map (lambda (i) (char->integer (string-ref t (+ (* 3 i) 1)))) (iota 10))")
            .arrayValue?.map(\.intValue), expected)
        XCTAssertEqual(try scheme.evaluate("(char->integer (string-ref t 0))").intValue, 0x62)
        XCTAssertEqual(try scheme.evaluate("(char->integer (string-ref t 39))").intValue, 0x62)
    }

    func testStepLimit() throws {
        let scheme = Scheme(limits: .init(steps: 10_000_000))
        XCTAssertThrowsError(try scheme.evaluate("(let loop () (loop))")) { e in
            XCTAssertEqual((e as? SchemeError)?.message, "step limit exceeded")
        }
        XCTAssertEqual(try scheme.evaluate("(+ 1 2)").intValue, 3)
    }

    func testErrorLocationIsStructured() {
        let scheme = Scheme()
        do {
            try scheme.evaluate("(define x 1)\n\n   (vector-ref (vector) 0)", file: "where.scm")
            XCTFail("no error")
        } catch let e as SchemeError {
            XCTAssertEqual(e.file, "where.scm")
            XCTAssertEqual(e.line, 3)
            XCTAssertEqual(e.column, 4)
        } catch {
            XCTFail("\(error)")
        }
    }
}
