import XCTest
import Scheme

final class EmbeddingTests: XCTestCase {
    /// The README's embedding example, verbatim.
    func testReadmeExample() throws {
        let scheme = Scheme()
        scheme.define("greet", arity: .exactly(1)) { [unowned scheme] args in
            scheme.string("Hello, \(args[0].stringValue ?? "?")!")
        }
        try scheme.evaluate("(define (square x) (* x x))")
        let n = try scheme.evaluate("(square 12)").intValue          // 144
        let s = try scheme.evaluate("(greet \"htll\")").stringValue  // "Hello, htll!"
        do { try scheme.evaluate("(car '())", file: "demo.scm") } catch let e as SchemeError {
            print(e)  // demo.scm:1:1: error: car: expected a pair, got ()
        }
        XCTAssertEqual(n, 144)
        XCTAssertEqual(s, "Hello, htll!")
    }

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
