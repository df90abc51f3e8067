import Foundation
import XCTest
@testable import Scheme

/// The programs in `Tests/programs/`: each `NAME.scm` prints exactly `NAME.out`, the output of
/// guile-3.0 --r7rs on the same file (each program's header says where chibi-scheme differs, or
/// where guile departs from R7RS and the expected output is not guile's).
class ProgramTests: GCStressableTestCase {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("programs")

    func testEveryProgramPrintsItsExpectedOutput() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path)
            .filter { $0.hasSuffix(".scm") }.sorted()
        XCTAssertFalse(names.isEmpty, "no programs in \(Self.folder.path)")
        for name in names {
            let url = Self.folder.appendingPathComponent(name)
            let expected = try String(contentsOf: url.deletingPathExtension().appendingPathExtension("out"), encoding: .utf8)
            let scheme = Scheme()
            var printed = ""
            do {
                printed = try scheme.capturingOutput { try scheme.load(path: url.path) }
            } catch {
                XCTFail("\(name): \(error)")
                continue
            }
            XCTAssertEqual(printed, expected, name)
        }
    }
}
