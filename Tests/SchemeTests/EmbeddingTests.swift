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

    /// Strings are narrow (a byte a character) while every character is below U+0100: what a host
    /// makes (`latin1String`, `string(count:)`, `string(_:)`) and what Scheme makes, and
    /// `withStorage` reads them in place; a wider character stored widens one without losing the
    /// others, and equal strings of either width are `equal?` and find the same hash-table entry.
    func testNarrowAndWideStrings() throws {
        let scheme = Scheme()
        func storage(_ v: Value) -> (wide: Bool, scalars: [UInt32])? {
            guard case .string(let string) = v else { return nil }
            return string.withStorage(narrow: { (false, $0.map(UInt32.init)) }, wide: { (true, Array($0)) })
        }
        let latin = scheme.latin1String(count: 4) { out in out[0] = 0x63; out[1] = 0xE9; out[2] = 0x41 }
        XCTAssertEqual(storage(latin)?.wide, false)
        XCTAssertEqual(storage(latin)?.scalars, [0x63, 0xE9, 0x41, 0])
        XCTAssertEqual(latin.stringValue, "c\u{E9}A\u{0}")
        XCTAssertEqual(storage(scheme.string(count: 2) { out in out[0] = 0x61; out[1] = 0xFF })?.wide, false)
        XCTAssertEqual(storage(scheme.string(count: 2) { out in out[0] = 0x61; out[1] = 0x100 })?.wide, true)
        XCTAssertEqual(storage(scheme.string("caf\u{E9}"))?.wide, false)
        XCTAssertEqual(storage(scheme.string("\u{3BB}x"))?.scalars, [0x3BB, 0x78])
        XCTAssertEqual(storage(try scheme.evaluate("(string-append \"ab\" (number->string 42) (symbol->string 'c))"))?.wide, false)

        scheme.define("s", value: latin)
        let widened = try scheme.evaluate("(begin (string-set! s 3 #\\x1F600) s)")
        XCTAssertEqual(storage(widened)?.wide, true)
        XCTAssertEqual(storage(widened)?.scalars, [0x63, 0xE9, 0x41, 0x1F600])
        try scheme.evaluate("(string-set! s 3 #\\z)")
        XCTAssertEqual(storage(widened)?.wide, true, "a wide string is not narrowed again")
        XCTAssertEqual(try scheme.evaluate("(list (equal? s \"c\\xe9;Az\") (string=? \"c\\xe9;Az\" s) (string<? s \"c\\xe9;B\"))").arrayValue?.map(\.boolValue),
                       [true, true, true])
        XCTAssertEqual(try scheme.evaluate("""
            (let ((h (make-hash-table equal?))) (hash-table-set! h s 1) (hash-table-ref/default h "c\\xe9;Az" 0))
            """).intValue, 1)
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
