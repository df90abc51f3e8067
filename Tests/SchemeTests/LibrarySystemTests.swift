import XCTest
@testable import Scheme

final class LibrarySystemTests: SchemeTestCase {
    func testStandardImports() {
        check("(import (scheme base) (scheme write) (only (scheme char) char-upcase)) (char-upcase #\\a)", "#\\A")
        check("(import (prefix (scheme base) b:)) (b:car '(1 2))", "1")
        check("(import (rename (scheme base) (car first))) (first '(9))", "9")
        XCTAssertEqual(error("(import (no such library))")?.message.hasPrefix("import: library (no such library) not found"), true)
    }

    func testUserLibraryFromSearchPath() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("htll-lib-\(getpid())")
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("app"), withIntermediateDirectories: true)
        try """
        (define-library (app styles)
          (export title-size (rename double twice))
          (import (scheme base))
          (begin
            (define title-size 24)
            (define (double x) (* 2 x))))
        """.write(to: dir.appendingPathComponent("app/styles.sld"), atomically: true, encoding: .utf8)
        scheme.runtime.searchPath = [dir.path]
        check("(import (scheme base) (app styles)) (twice title-size)", "48")
        check("(import (prefix (app styles) s:)) s:title-size", "24")
    }
}
