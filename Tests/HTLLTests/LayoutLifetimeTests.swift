import XCTest
import HTLL
@testable import Scheme

/// A layout's Scheme instance is freed with the layout: HTLL's builtins must not keep it alive.
final class LayoutLifetimeTests: XCTestCase {
    func testDroppedLayoutFreesItsInstance() throws {
        weak var runtime: Runtime?
        weak var scheme: Scheme?
        func make() throws {
            let layout = try Layout(source: "(in (label '((text . \"x\"))) 'self.view)")
            _ = try layout.objectiveC(.viewDidLoad)
            runtime = layout.scheme.runtime
            scheme = layout.scheme
        }
        try make()
        XCTAssertNil(scheme, "the Scheme instance outlived its layout")
        XCTAssertNil(runtime, "the runtime outlived its layout")
    }

    /// `Layout.run` calls the prelude again after its body (`htll-take-warnings`), and that call may
    /// collect whatever Scheme values the body returned: what `declarations()` and the other readers
    /// return is converted to Swift values inside the body. Under a collection at every safe point,
    /// the names and classes still read back (they once were read from freed pairs and strings).
    func testValuesReadFromTheLayoutSurviveTheWarningsCall() throws {
        let names = (0..<12).map { "view\($0)" } + ["int", "default"]
        let bindings = names.map { "(\($0) (label '((text . \"\($0)\"))))" }.joined(separator: "\n  ")
        let layout = try Layout(source: "(let* (\(bindings))\n (in (vseq \(names.joined(separator: " "))) 'self.view))",
                                file: "many.htll")
        layout.scheme.runtime.heap.stressInterval = 1
        defer { layout.scheme.runtime.heap.stressInterval = 0 }
        for _ in 0..<2 {
            let declared = try layout.declarations()
            XCTAssertEqual(declared.map(\.name), names.dropLast(2) + ["int_", "default_"])
            XCTAssertEqual(Set(declared.map(\.className)), ["UILabel"])
            XCTAssertEqual(try layout.frames(width: 320, height: 480).map(\.name), declared.map(\.name))
        }
        XCTAssertTrue(try layout.objectiveCCategory(className: "VC").contains("UILabel * view11 = self.view11;"))
    }

    /// A layout's instance collects after 64 MB of allocation at the least (`Layout.makeScheme`):
    /// loading and compiling 4,000 labels runs no collection then, and runs some under the default
    /// 8 MB, with the same output.
    func testALayoutsInstanceCollectsRarely() throws {
        let source = "(in (vseq " + (0..<4000).map { "(label '((text . \"L\($0)\")))" }.joined(separator: " ") + ") 'self.view)"
        func compiled(interval: Int?) throws -> (collections: Int, category: String) {
            let scheme = try Layout.makeScheme(limits: Scheme.Limits(), sandboxFolder: nil)
            XCTAssertEqual(scheme.collectionInterval, 64 << 20)
            if let interval { scheme.collectionInterval = interval }
            let before = scheme.runtime.heap.collections
            let category = try Layout(source: source, scheme: scheme).objectiveCCategory(className: "VC")
            return (scheme.runtime.heap.collections - before, category)
        }
        let spaced = try compiled(interval: nil)
        XCTAssertEqual(spaced.collections, 0)
        XCTAssertTrue(spaced.category.contains("label4000.frame = (CGRect) {{0, CGRectGetMaxY(label3999.frame)}"))
        let defaulted = try compiled(interval: 8 << 20)
        XCTAssertGreaterThan(defaulted.collections, 0)
        XCTAssertEqual(defaulted.category, spaced.category)
    }

    /// A layout's instance allocates in proportion to its text before it collects (at least 64 MB,
    /// at most 1 GB). A layout that makes 100 MB of garbage (wide strings: four bytes a
    /// character) runs no collection when its text is
    /// taken for a megabyte's (256 MB between collections), some at 64 MB; the same output.
    func testALargerLayoutCollectsLater() throws {
        let source = """
            (define (churn n) (if (> n 0) (begin (make-string 100000 #\\x3bb) (churn (- n 1)))))
            (churn 250)
            (in (vseq (label '((text . "a"))) (label '((text . "b")))) 'self.view)
            """
        func compiled(textBytes: Int) throws -> (interval: Int, collections: Int, category: String) {
            let scheme = try Layout.makeScheme(limits: Scheme.Limits(), sandboxFolder: nil, textBytes: textBytes)
            let before = scheme.runtime.heap.collections
            let category = try Layout(source: source, scheme: scheme).objectiveCCategory(className: "VC")
            return (scheme.collectionInterval, scheme.runtime.heap.collections - before, category)
        }
        let sized = try compiled(textBytes: 1 << 20)
        XCTAssertGreaterThanOrEqual(sized.interval, 128 << 20)
        XCTAssertEqual(sized.collections, 0)
        let fixed = try compiled(textBytes: 0)
        XCTAssertEqual(fixed.interval, 64 << 20)
        XCTAssertGreaterThan(fixed.collections, 0)
        XCTAssertEqual(fixed.category, sized.category)
        // A layout read from a file, or given as source, is spaced by its own text (here 400 KB,
        // most of it a comment); a huge text leaves at most 1 GB between collections.
        let long = ";" + String(repeating: "x", count: 400_000) + "\n" + source
        let expected = try Layout.makeScheme(limits: Scheme.Limits(), sandboxFolder: nil, textBytes: long.utf8.count).collectionInterval
        XCTAssertGreaterThan(expected, 64 << 20)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("htll-interval-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("long.htll")
        try long.write(to: file, atomically: true, encoding: .utf8)
        XCTAssertEqual(try Layout(contentsOfFile: file.path).scheme.collectionInterval, expected)
        XCTAssertEqual(try Layout(source: long).scheme.collectionInterval, expected)
        let huge = try Layout.makeScheme(limits: Scheme.Limits(), sandboxFolder: nil, textBytes: 64 << 20)
        XCTAssertEqual(huge.collectionInterval, 1 << 30)
    }
}
