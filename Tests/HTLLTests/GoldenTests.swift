import XCTest
import HTLL

/// Every `examples/NAME.htll` against the expected output under `examples/NAME/`:
/// one `ACTION.m` per build-rule action and `frames-390x844.json`.
/// Run with HTLL_UPDATE_GOLDEN=1 to rewrite the expected files after a deliberate change.
final class GoldenTests: GCStressableTestCase {
    static let examples = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("examples")

    static func layoutFiles() throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: examples, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "htll" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    /// The outputs of one layout: file name => text.
    static func outputs(of url: URL) throws -> [String: String] {
        try outputs(source: String(contentsOf: url, encoding: .utf8), name: url.deletingPathExtension().lastPathComponent)
    }

    /// The outputs of layout source `source`, read as `examples/NAME.htll`.
    static func outputs(source: String, name: String) throws -> [String: String] {
        let layout = try Layout(source: source, file: "examples/\(name).htll")
        let isCell = (try? layout.objectiveC(.cellInit)) != nil
        let actions: [HTLL.Action] = isCell
            ? [.property, .synthesize, .cellInit, .cellLayout]
            : [.property, .synthesize, .viewDidLoad, .viewWillAppear, .viewWillLayoutSubviews]
        var result: [String: String] = [:]
        for a in actions { result[a.rawValue + ".m"] = try layout.objectiveC(a) }
        result["frames-390x844.json"] = try layout.framesJSON(width: 390, height: 844)
        return result
    }

    func testExamplesMatchGoldenOutput() throws {
        let update = ProcessInfo.processInfo.environment["HTLL_UPDATE_GOLDEN"] == "1"
        let files = try Self.layoutFiles()
        XCTAssertGreaterThanOrEqual(files.count, 12, "examples/ should hold the README samples, login, gearcalc and a cell")
        for url in files {
            let dir = url.deletingPathExtension()
            let produced = try Self.outputs(of: url)
            if update {
                try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
                for (file, text) in produced { try text.write(to: dir.appendingPathComponent(file), atomically: true, encoding: .utf8) }
                continue
            }
            for (file, text) in produced {
                let expected = try? String(contentsOf: dir.appendingPathComponent(file), encoding: .utf8)
                XCTAssertEqual(text, expected, "\(dir.lastPathComponent)/\(file) differs from the golden output")
            }
        }
    }
}
