import Foundation
import XCTest
@testable import Scheme

/// The numeric tower's `.scm` programs in `Tests/numbers/`: each `NAME.scm` must print exactly
/// `NAME.out` (outputs cross-checked with chibi-scheme and guile-3.0 where those agree with R7RS).
final class NumberScriptTests: SchemeTestCase {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("numbers")

    func testEveryProgramPrintsItsExpectedOutput() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path)
            .filter { $0.hasSuffix(".scm") }.sorted()
        XCTAssertGreaterThanOrEqual(names.count, 3, "no programs in \(Self.folder.path)")
        for name in names {
            let url = Self.folder.appendingPathComponent(name)
            let expected = try String(contentsOf: url.deletingPathExtension().appendingPathExtension("out"), encoding: .utf8)
            scheme = Scheme()
            let out = try scheme.capturingOutput { _ = try scheme.evaluate("(load \"\(url.path)\")") }
            XCTAssertEqual(out, expected, name)
        }
    }
}
