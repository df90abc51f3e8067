import XCTest
@testable import Scheme

/// Shared helpers: evaluate source and get its value as written, its output, or its error.
class SchemeTestCase: GCStressableTestCase {
    var scheme: Scheme!

    override func setUp() {
        super.setUp()
        scheme = Scheme()
    }

    /// The written value of the last expression in `source`.
    func value(_ source: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        do {
            return scheme.write(try scheme.evaluate(source))
        } catch {
            XCTFail("unexpected error: \(error)", file: file, line: line)
            return ""
        }
    }

    /// What `source` printed.
    func output(_ source: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        do {
            return try scheme.capturingOutput { try scheme.evaluate(source) }
        } catch {
            XCTFail("unexpected error: \(error)", file: file, line: line)
            return ""
        }
    }

    /// The uncaught error `source` raised.
    func error(_ source: String, fileName: String? = nil, file: StaticString = #filePath, line: UInt = #line) -> SchemeError? {
        do {
            let v = try scheme.evaluate(source, file: fileName)
            XCTFail("expected an error, got \(scheme.write(v))", file: file, line: line)
        } catch let e as SchemeError {
            return e
        } catch {
            XCTFail("unexpected Swift error \(error)", file: file, line: line)
        }
        return nil
    }

    /// Asserts that `source` evaluates to a value written as `expected`.
    func check(_ source: String, _ expected: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(value(source, file: file, line: line), expected, source, file: file, line: line)
    }
}
