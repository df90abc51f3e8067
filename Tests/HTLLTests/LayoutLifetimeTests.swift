import XCTest
import HTLL
import Scheme

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
}
