import Foundation
import XCTest
import Scheme
import HTLL
@testable import HTLLShell

/// `htll -e` loads the layout prelude only for expressions that may use it (start-up time).
final class LayoutNeedTests: CLITestCase {
    func testPlainSchemeExpressionsNeedNoLayoutPrelude() {
        let scheme = Scheme()
        for e in ["1", "(+ 1 2)", "\"text\" #\\a 2.5", "(display (map car '((1 2) (3 4))))", "#(1 (2) #u8(3))"] {
            XCTAssertFalse(LayoutNeed.mayUseLayout([e], in: scheme), e)
        }
    }

    func testExpressionsThatMayUseLayoutNamesLoadIt() {
        let scheme = Scheme()
        for e in ["(label '())", "(lable '())", "(let ((x 1)) x)", "'label", "#(above)",
                  "(eval (string->symbol \"label\") (interaction-environment))", "(load \"x.scm\")",
                  "(import (htll))", "(include \"x.htll\")", "(car", "1 (vbox)"] {
            XCTAssertTrue(LayoutNeed.mayUseLayout([e], in: scheme), e)
        }
        // Any of several -e expressions decides for all (they share one session).
        XCTAssertTrue(LayoutNeed.mayUseLayout(["1", "(label '())"], in: scheme))
    }

    /// Cyclic and deeply nested data end the scan (by its limit), never hang or overflow the stack.
    func testCyclicAndDeepDataAreScannedSafely() {
        let scheme = Scheme()
        XCTAssertTrue(LayoutNeed.mayUseLayout(["'#0=(car . #0#)"], in: scheme))
        func nested(_ n: Int) -> String { "'" + String(repeating: "(", count: n) + String(repeating: ")", count: n) }
        XCTAssertFalse(LayoutNeed.mayUseLayout([nested(5_000)], in: scheme))
        // Past the reader's nesting limit: left to the evaluation to report, with the prelude.
        XCTAssertTrue(LayoutNeed.mayUseLayout([nested(200_000)], in: scheme))
    }

    /// Why leaving the prelude out cannot change an expression's meaning: the layout library only
    /// adds names, it never rebinds one the plain Scheme top level has.
    func testLayoutLibraryRebindsNoStandardName() throws {
        let plain = Set(Scheme().topLevelNames.map(\.name))
        let scheme = Scheme()
        try HTLL.install(into: scheme)
        let env = try XCTUnwrap(HTLL.environment(of: scheme))
        let shadowing = plain.intersection(scheme.publicDefinitions(of: env))
        XCTAssertEqual(shadowing.sorted(), [])
    }

    /// The command line behaves as before either way.
    func testEvaluateWithAndWithoutLayoutPrelude() throws {
        XCTAssertEqual(try htll(["-e", "(+ 1 2)", "-e", "'sym"]).stdout, "3\nsym\n")
        let both = try htll(["-e", "(car 1)"])
        XCTAssertEqual(both.status, 70)
        XCTAssertTrue(both.stderr.hasPrefix("<command line>:1:1: error: car: expected a pair, got 1"), both.stderr)
        XCTAssertEqual(try htll(["-e", "(define v (label '((text . \"A\")))) v"]).stdout, "#<label v \"A\">\n")
    }
}
