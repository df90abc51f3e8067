import XCTest
@testable import HTLL
import Scheme

/// `htllc -v ios6` builds the original's projects for iOS 6: what htll added since and what needs a
/// later iOS (kinds, attributes, colours, resources, the safe area, size classes, mirroring) is
/// refused there with a located error naming the version, instead of printing an API iOS 6 lacks.
/// The iOS versions come from the tables (10-tables.scm, 11-colors.scm: the SDK's API_AVAILABLE).
final class IOS6TargetTests: XCTestCase {
    /// The error `source` gives on the ios6 target when its view-will-appear fragment is made (nil:
    /// none), after checking the default target accepts it.
    func ios6Refusal(_ source: String, file: StaticString = #filePath, line: UInt = #line) -> String? {
        XCTAssertNoThrow(try Layout(source: source, file: "today.htll").objectiveC(.viewWillLayoutSubviews), source,
                         file: file, line: line)
        do {
            let layout = try Layout(source: source, file: "old.htll", target: .ios6)
            _ = try layout.objectiveC(.viewWillAppear)
            _ = try layout.objectiveC(.viewWillLayoutSubviews)
            return nil
        } catch {
            return "\(error)"
        }
    }

    func assertRefused(_ source: String, _ what: String, since: String, file: StaticString = #filePath, line: UInt = #line) {
        let message = ios6Refusal(source, file: file, line: line) ?? "no error"
        XCTAssertTrue(message.hasPrefix("old.htll:"), message, file: file, line: line)
        XCTAssertTrue(message.contains("\(what) is iOS \(since) and later; htllc -v ios6 targets iOS 6"), message, file: file, line: line)
    }

    /// The table's rows of `name` (a prelude table of (key . fields)) whose field at `index` is a version string.
    func datedRows(_ table: String, index: Int) throws -> [(key: String, since: String)] {
        let scheme = try Layout.makeScheme(limits: Scheme.Limits(), sandboxFolder: nil)
        let env = try XCTUnwrap(HTLL.environment(of: scheme))
        let rows = try XCTUnwrap(scheme.global(table, in: env)?.listElements)
        return rows.compactMap { row in
            guard let r = row.listElements, r.count > index, let key = r[0].stringValue, let since = r[index].stringValue,
                  case .string = r[index] else { return nil }
            return (key, since)
        }
    }

    func testEveryColourAfterIOS6IsRefusedAndTheOriginalsAreNot() throws {
        let dated = try datedRows("htll:color-table", index: 5)
        XCTAssertEqual(dated.count, 37, "the system and semantic colours carry their iOS version")
        for (name, since) in dated {
            assertRefused("(define v (label '((text-color . \(name))))) (in v 'self.view)", "label text-color: \(name)", since: since)
        }
        for name in ["red-color", "dark-text-color", "clear-color", "group-table-view-background-color"] {
            XCTAssertNil(ios6Refusal("(define v (label '((text-color . \(name))))) (in v 'self.view)"), name)
        }
    }

    func testEveryDatedAttributeIsRefused() throws {
        // A valid value for each attribute the table dates; the test fails when a dated attribute is
        // added without one here.
        let values: [String: (kind: String, value: String)] = [
            "tint-color": ("view", "blue-color"),
            "adjusts-font-for-content-size-category": ("label", "#t"),
            "configuration": ("custom-button", "plain"),
            "activity-indicator-view-style": ("activity-indicator", "large"),
            "preferred-date-picker-style": ("date-picker", "wheels"),
            "background-style": ("page-control", "prominent"),
        ]
        let scheme = try Layout.makeScheme(limits: Scheme.Limits(), sandboxFolder: nil)
        let env = try XCTUnwrap(HTLL.environment(of: scheme))
        var dated: [String: String] = [:]
        for kind in try XCTUnwrap(scheme.global("htll:attribute-table", in: env)?.listElements) {
            for spec in (kind.listElements ?? []).dropFirst() {
                guard let s = spec.listElements, s.count == 4, let name = s[0].stringValue, let since = s[3].stringValue else { continue }
                dated[name] = since
            }
        }
        XCTAssertEqual(Set(dated.keys), Set(values.keys))
        for (name, since) in dated {
            let v = try XCTUnwrap(values[name])
            assertRefused("(define v (\(v.kind) '((\(name) . \(v.value))))) (in v 'self.view)", "\(v.kind) \(name)", since: since)
        }
    }

    func testNewerKindsResourcesAndLayoutFeaturesAreRefused() {
        assertRefused("(define v (visual-effect-view '((effect . regular)))) (in v 'self.view)", "visual-effect-view", since: "8.0")
        assertRefused("(define v (label `((font . ,(preferred-font 'body))))) (in v 'self.view)", "preferred-font (Dynamic Type)", since: "7.0")
        assertRefused("(define v (image `((image . ,(system-image \"gear\"))))) (in v 'self.view)", "system-image (SF Symbols)", since: "13.0")
        assertRefused("(define v (label '((text . \"a\")))) (in-safe-area v 'self.view)", "in-safe-area (safeAreaInsets)", since: "11.0")
        assertRefused("""
            (right-to-left 'mirror)
            (define v (label '((text . "a")))) (define w (label '((text . "b"))))
            (in (<< v w 8) 'self.view)
            """, "right-to-left 'mirror (semanticContentAttribute)", since: "9.0")
        assertRefused("""
            (define v (label '((text . "a")))) (define w (label '((text . "b"))))
            (in (if (eq? (size-class 'horizontal) 'compact) (above v w 0.5) (beside v w 0.5)) 'self.view)
            """, "asking for the idiom or a size class (traitCollection)", since: "8.0")
    }

    /// The outputs that need iOS 9 (anchors, mirroring by semantic content) refuse the ios6 target.
    func testConstraintsAndMirroringRefuseTheIOS6Target() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ios6-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("c.htll")
        try "(define v (label '((text . \"a\")))) (in v 'self.view)".write(to: file, atomically: true, encoding: .utf8)
        for (flag, what) in [("--constraints", "--constraints (layout anchors)"), ("--rtl", "--rtl (semanticContentAttribute)")] {
            let old = HTLLCommand.compile([file.path, "--objc", flag, "--target", "ios6"])
            XCTAssertNotEqual(old.status, 0, flag)
            XCTAssertTrue(old.errorOutput.contains("\(what) is iOS 9.0 and later; htllc -v ios6 targets iOS 6"), old.errorOutput)
            XCTAssertEqual(HTLLCommand.compile([file.path, "--objc", flag]).status, 0, flag)
        }
    }

    /// What iOS 6 has stays accepted: the controls UIKit had then, their iOS 5–6 colours, and the
    /// orientation, which code reads from the bounds.
    func testIOS6VocabularyStaysAccepted() {
        XCTAssertNil(ios6Refusal("""
            (define s (switch '((on . #t) (on-tint-color . red-color) (thumb-tint-color . white-color))))
            (define p (page-control '((number-of-pages . 3) (page-indicator-tint-color . gray-color))))
            (define a (activity-indicator '((color . red-color) (animating . #t))))
            (define t (stepper '((value . 2) (step-value . 1))))
            (in (if (landscape?) (above s (above p (above a t 0.5) 0.5) 0.5) (beside s (beside p (beside a t 0.5) 0.5) 0.5)) 'self.view)
            """))
    }
}
