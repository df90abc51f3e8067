import XCTest
import Scheme
@testable import HTLL

/// Warnings (05-diagnostics.scm, `Layout.warnings`): each text once, in the order given, however
/// often the layout is evaluated again for another output; given again once the host took them.
final class DiagnosticsTests: XCTestCase {
    func testAWarningIsKeptOnceUntilTheHostTakesIt() throws {
        let scheme = try Layout.makeScheme(limits: Scheme.Limits(), sandboxFolder: nil)
        let env = try XCTUnwrap(HTLL.environment(of: scheme))
        let eval = { (source: String) in try scheme.evaluateSystemCode(source, file: "diagnostics", in: env) }
        _ = try eval("(htll-take-warnings)")
        _ = try eval("(for-each (lambda (m) (htll:warn-at '(\"w.htll\" 1 2) m)) '(\"a\" \"b\" \"a\" \"c\" \"b\"))")
        XCTAssertEqual(try eval("(htll-take-warnings)").description,
                       "(\"w.htll:1:2: warning: a\" \"w.htll:1:2: warning: b\" \"w.htll:1:2: warning: c\")")
        // Taken: the same text is a new warning again; so after the driver empties the list.
        _ = try eval("(htll:warn-at '(\"w.htll\" 1 2) \"a\")")
        _ = try eval("(set! htll:warnings '())")
        _ = try eval("(htll:warn-at '(\"w.htll\" 1 2) \"a\") (htll:warn-at '(\"w.htll\" 1 2) \"a\")")
        XCTAssertEqual(try eval("(htll-take-warnings)").description, "(\"w.htll:1:2: warning: a\")")
    }

    func testEveryUnplacedViewWarnsOnceInEveryOutput() throws {
        let source = (0..<40).map { "(define v\($0) (label '((text . \"\($0)\"))))" }.joined(separator: "\n")
            + "\n(in (vseq (label '())) 'self.view)"
        let layout = try Layout(source: source, file: "w.htll", scheme: ViewTests.scheme)
        _ = try layout.objectiveCCategory()
        _ = try layout.swift()
        _ = try layout.framesJSON(width: 320, height: 480)
        XCTAssertEqual(layout.warnings.count, 40)
        XCTAssertEqual(layout.warnings.first, "w.htll:1:12: warning: the view v0 is bound but neither placed nor referred to; it is created and added to self.view as htllc did")
        XCTAssertTrue(layout.warnings.last?.hasPrefix("w.htll:40:13: warning: the view v39 ") ?? false, layout.warnings.last ?? "")
    }
}
