import XCTest
@testable import HTLL

/// Second names (a view bound again, `(define w v)`) found through tables (68-names.scm): with
/// many of them, each is declared once, assigned after its view, in the order bound, in a view
/// controller and in a reused cell.
final class ManyAliasesTests: XCTestCase {
    func testEverySecondNameIsAssignedAfterItsView() throws {
        let n = 40
        let defs = (0..<n).map { "(define v\($0) (label '((text . \"L\($0)\"))))\n(define w\($0) v\($0))" }.joined(separator: "\n")
        let uses = (0..<n).map { "v\($0)" }.joined(separator: " ")
        let objc = try Layout(source: defs + "\n(in (vseq \(uses)) 'self.view)", file: "a.htll", scheme: ViewTests.scheme).objectiveC(.viewDidLoad)
        let assigned = objc.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.hasPrefix("w") && $0.contains(" = v") }
        XCTAssertEqual(assigned, (0..<n).map { "w\($0) = v\($0);" })
        let cell = try Layout(source: defs + "\n(in-cell (vseq \(uses)) 'Cell)", file: "a.htll", scheme: ViewTests.scheme).objectiveC(.cellInit)
        let lines = cell.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        // Made once and fetched once: each assignment appears in both branches of the cell.
        for i in [0, 17, n - 1] { XCTAssertEqual(lines.filter { $0 == "w\(i) = v\(i);" }.count, 2, "w\(i)") }
    }
}
