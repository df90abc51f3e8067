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
}
