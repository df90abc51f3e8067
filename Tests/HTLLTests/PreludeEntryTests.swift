import XCTest
@testable import HTLL
import Scheme

/// Issue 19: the prelude's API as Swift calls it is declared once (`PreludeEntry`) and checked when
/// the prelude is installed.
final class PreludeEntryTests: XCTestCase {
    func testTheInstalledPreludeDefinesEveryEntry() throws {
        let scheme = try Layout.makeScheme(limits: Scheme.Limits(), sandboxFolder: nil)
        let env = try XCTUnwrap(HTLL.environment(of: scheme))
        XCTAssertEqual(PreludeEntry.problems(in: scheme, env), [])
        // Spelled as the prelude spells its API: `htll-` for what Swift calls, `htll:` for internals.
        for entry in PreludeEntry.allCases {
            XCTAssertTrue(entry.rawValue.hasPrefix("htll-") || entry.rawValue.hasPrefix("htll:"), entry.rawValue)
        }
    }

    func testAMissingOrMistypedEntryIsNamed() throws {
        let scheme = try Layout.makeScheme(limits: Scheme.Limits(), sandboxFolder: nil)
        let env = try XCTUnwrap(HTLL.environment(of: scheme))
        // What a prelude edit that renamed or replaced a definition leaves behind.
        scheme.define(PreludeEntry.emit.rawValue, value: .fixnum(1), in: env)
        scheme.define(PreludeEntry.referenceSwatch.rawValue, value: .fixnum(2), in: env)
        XCTAssertEqual(PreludeEntry.problems(in: scheme, env), ["the layout prelude's htll-emit is not a procedure"])
    }

    func testAPreludeWithoutAnEntryPointIsRefusedAtInstallation() throws {
        let fresh = Scheme()
        let env = fresh.makeSystemEnvironment(named: "(probe)")
        let problems = PreludeEntry.problems(in: fresh, env)
        XCTAssertEqual(problems.count, PreludeEntry.allCases.count)
        XCTAssertEqual(problems.first, "the layout prelude does not define htll-load-forms")
    }

    /// One list of view kinds for Swift's switches (ViewKind) and the prelude's kind table: a kind
    /// added to one side only is named at installation.
    func testViewKindsMatchThePreludesKindTable() throws {
        let scheme = try Layout.makeScheme(limits: Scheme.Limits(), sandboxFolder: nil)
        let env = try XCTUnwrap(HTLL.environment(of: scheme))
        let kinds = try XCTUnwrap(scheme.call(PreludeEntry.viewKinds.rawValue, in: env, []).listElements?.compactMap(\.stringValue))
        XCTAssertEqual(Set(kinds), Set(ViewKind.allCases.map(\.rawValue)))
        XCTAssertEqual(PreludeEntry.kindProblems(prelude: kinds + ["hologram"]),
                       ["the prelude's view kind hologram is missing from ViewKind"])
        XCTAssertEqual(PreludeEntry.kindProblems(prelude: kinds.filter { $0 != "stepper" }),
                       ["ViewKind.stepper is not a kind of the prelude's kind table"])
        XCTAssertEqual(PreludeEntry.kindProblems(prelude: nil), ["the layout prelude's htll-view-kinds gave no list of kinds"])
    }
}
