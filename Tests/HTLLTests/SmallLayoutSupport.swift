import HTLL
import Scheme
import XCTest

/// Test classes of many small layouts: one HTLL instance per test (each load resets the layout
/// state), the layouts named `file`, and the message of the error a layout raises.
class SmallLayoutTestCase: XCTestCase {
    /// The file name layouts are loaded as (what error locations start with).
    class var file: String { "t.htll" }

    lazy var scheme: Scheme = {
        let s = Scheme()
        try? HTLL.install(into: s)
        return s
    }()

    func layout(_ source: String) throws -> Layout { try Layout(source: source, file: Self.file, scheme: scheme) }

    /// The Objective-C of one action, as lines.
    func lines(_ source: String, _ action: HTLL.Action) throws -> [String] {
        try layout(source).objectiveC(action).split(separator: "\n").map(String.init)
    }

    /// The error loading and compiling `source` raises, or "no error".
    func message(_ source: String) -> String {
        do { _ = try layout(source).objectiveC(.viewWillAppear); return "no error" } catch { return "\(error)" }
    }
}
