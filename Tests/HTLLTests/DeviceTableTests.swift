import Foundation
import XCTest
import HTLL
import Scheme

/// One device table (`DevicePreset.all`) serves `htll frames`, `htll preview`, the REPL and the
/// generated code's trait branches, with one default canvas for all of them.
final class DeviceTableTests: XCTestCase {
    func device(_ key: String) throws -> DevicePreset { try XCTUnwrap(DevicePreset.named(key), key) }

    func testTodaysDevicesWithTheirSizesAndSafeAreas() throws {
        let expected: [(String, Double, Double, DevicePreset.Insets, Bool)] = [
            ("iphone-16e", 390, 844, .init(47, 0, 34, 0), false),
            ("iphone-16", 393, 852, .init(59, 0, 34, 0), false),
            ("iphone-16-plus", 430, 932, .init(59, 0, 34, 0), false),
            ("iphone-16-pro", 402, 874, .init(62, 0, 34, 0), false),
            ("iphone-16-pro-max", 440, 956, .init(62, 0, 34, 0), false),
            ("ipad-air-11", 820, 1180, .init(24, 0, 20, 0), true),
            ("ipad-air-13", 1024, 1366, .init(24, 0, 20, 0), true),
            ("ipad-pro-11", 834, 1210, .init(24, 0, 20, 0), true),
            ("ipad-pro-13", 1032, 1376, .init(24, 0, 20, 0), true),
            ("ipad-mini", 744, 1133, .init(24, 0, 20, 0), true),
            ("iphone-se", 375, 667, .init(20, 0, 0, 0), false),
        ]
        for (key, w, h, insets, pad) in expected {
            let d = try device(key)
            XCTAssertEqual([d.width, d.height], [w, h], key)
            XCTAssertEqual(d.portraitInsets, insets, key)
            XCTAssertEqual(d.isPad, pad, key)
        }
        XCTAssertEqual(try device("iphone-16-pro").landscapeInsets, .init(0, 62, 21, 62))
        XCTAssertEqual(try device("IPHONE-16").key, "iphone-16", "names are case-insensitive")
        XCTAssertEqual(Set(DevicePreset.all.map(\.key)).count, DevicePreset.all.count, "each key once")
        for (alias, key) in [("ipad-pro", "ipad-pro-13"), ("iphone-se-3", "iphone-se"), ("ipad-air", "ipad-air-11")] {
            XCTAssertEqual(try device(alias).key, key)
        }
        XCTAssertTrue(HTLLCommand.preview(["x.htll", "--device", "nokia"]).errorOutput.contains("iphone-16-pro-max"))
    }

    /// `htll frames`, `htll preview` and the REPL without options: the iPhone 16 in portrait, with
    /// its safe area, and the layout's first evaluation sees that canvas too.
    func testOneDefaultCanvas() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("htll-devices-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("w.htll")
        let source = "(in-safe-area (label `((text . ,(number->string (canvas-width))))) 'self.view)"
        try source.write(to: file, atomically: true, encoding: .utf8)

        let plain = HTLLCommand.frames([file.path])
        XCTAssertEqual(plain.status, 0, plain.errorOutput)
        XCTAssertEqual(plain.output, HTLLCommand.frames([file.path, "--device", "iphone-16"]).output)
        XCTAssertTrue(plain.output.contains("\"width\": 393, \"height\": 852, \"safeArea\": [59, 0, 34, 0]"), plain.output)
        XCTAssertTrue(plain.output.contains("\"text\": \"393\""), plain.output)
        let big = HTLLCommand.frames([file.path, "--device", "iphone-16-pro-max"])
        XCTAssertTrue(big.output.contains("\"text\": \"440\""), big.output)

        let picture = HTLLCommand.preview([file.path])
        XCTAssertEqual(picture.status, 0, picture.errorOutput)
        XCTAssertTrue(picture.output.contains("iPhone 16 — portrait (393 × 852 pt)"))

        let s = Scheme()
        try HTLL.installInteractive(into: s)
        try s.evaluate(source)
        let repl = try XCTUnwrap(HTLL.currentFramesJSON(in: s))
        XCTAssertTrue(repl.contains("\"safeArea\": [59, 0, 34, 0]") && repl.contains("\"text\": \"393\""), repl)
    }

    /// The generated code's branches are evaluated on devices of the table: the default branch is
    /// the iPhone 16's (393 points wide), the iPad branch the iPad's (820).
    func testTraitBranchesComeFromTheTable() throws {
        let source = """
            (define w (canvas-width))
            (in (label `((text . ,(number->string w)))) 'self.view)
            """
        let objc = try Layout(source: source, file: "t.htll").objectiveC(.viewWillLayoutSubviews)
        let texts = objc.split(separator: "\n").filter { $0.contains("label1.text = ") }.map { $0.trimmingCharacters(in: .whitespaces) }
        // iPhone 16 portrait and landscape, iPhone 16 Plus landscape, iPad portrait and landscape.
        XCTAssertEqual(texts, ["393", "852", "932", "820", "1180"].map { "label1.text = @\"\($0)\";" }, objc)
    }
}
