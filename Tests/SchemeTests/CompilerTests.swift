import XCTest
@testable import Scheme

final class CompilerTests: SchemeTestCase {
    func testOpcodesAreNumberedDensely() {
        XCTAssertEqual(Opcode.allCases.count, Int(Opcode.count))
        for (i, op) in Opcode.allCases.enumerated() { XCTAssertEqual(Int(op.rawValue), i, op.name) }
    }

    func listing(_ source: String) -> String {
        value("(disassemble \(source))")
    }

    func testTailCallsAndLoops() {
        let tail = listing("(lambda (f x) (f x))")
        XCTAssertTrue(tail.contains("tailCall"), tail)
        XCTAssertFalse(tail.contains("return"), tail)
        // A named let called only in tail position is a jump, with no closure made.
        let loop = listing("(lambda (n) (let loop ((i 0)) (if (< i n) (loop (+ i 1)) i)))")
        XCTAssertTrue(loop.contains("jumpBack"), loop)
        XCTAssertFalse(loop.contains("closure"), loop)
        // Escaping the name makes it a real closure.
        let escaping = listing("(lambda (n) (let loop ((i 0)) (if (< i n) (loop (+ i 1)) loop)))")
        XCTAssertTrue(escaping.contains("closure"), escaping)
    }

    func testInlinedPrimitivesAndBoxes() {
        let inlined = listing("(lambda (a b) (+ (car a) (cdr b)))")
        XCTAssertTrue(inlined.contains("add") && inlined.contains("car") && inlined.contains("cdr"), inlined)
        // Only a variable both captured and assigned gets a box.
        let boxed = listing("(lambda () (let ((n 0)) (lambda () (set! n (+ n 1)) n)))")
        XCTAssertTrue(boxed.contains("boxLocal"), boxed)
        XCTAssertTrue(boxed.contains("setCapturedBox"), boxed)
        let plain = listing("(lambda (x) (lambda () x))")
        XCTAssertFalse(plain.contains("box"), plain)
    }

    /// A procedure of many constants (the constant table grows many times): each constant is
    /// found again wherever it is used, and stays distinct from the others.
    func testManyConstantsEachKeepTheirIndex() {
        let names = (0..<200).map { "g\($0)" }
        let defines = names.enumerated().map { "(define \($0.element) \($0.offset * 3))" }.joined(separator: " ")
        // Each global cell is one constant, used twice; the sum is wrong if any index is.
        let uses = (names + names.reversed()).joined(separator: " ")
        check("(begin \(defines) ((lambda () (+ \(uses)))))", "\(2 * 3 * (0..<200).reduce(0, +))")
        let quoted = (0..<300).map { "'(k \($0))" }.joined(separator: " ")
        check("(let ((v (vector \(quoted)))) (list (vector-ref v 0) (vector-ref v 150) (vector-ref v 299)))",
              "((k 0) (k 150) (k 299))")
        check("(let ((f (lambda () '(x)))) (eq? (f) (f)))", "#t")
    }

    func testRedefiningAnInlinedPrimitiveIsHonoured() {
        check("(define (car x) 'mine) (car '(1 2))", "mine")
    }

    func testConstantsAndLocations() throws {
        let code = try scheme.runtime.compileToplevel(try XCTUnwrap(scheme.evaluate("'(f (g 1))")), in: scheme.runtime.interaction)
        let block = try XCTUnwrap(code.object(Closure.self)).code
        XCTAssertGreaterThan(block.code.count, 0)
        XCTAssertLessThanOrEqual(block.frameSize, block.stackSize)
    }
}
