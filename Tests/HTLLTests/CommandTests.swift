import XCTest
@testable import HTLL

/// The command lines the `htll` executable dispatches to.
final class CommandTests: XCTestCase {
    let gearcalc = GoldenTests.examples.appendingPathComponent("gearcalc.htll").path

    func golden(_ example: String, _ file: String) throws -> String {
        try String(contentsOf: GoldenTests.examples.appendingPathComponent(example).appendingPathComponent(file), encoding: .utf8)
    }

    func testHtllcCommandLineIsADropInReplacement() throws {
        let r = HTLLCommand.htllc(["-v", "ios6", "view-will-layout-subviews", gearcalc])
        XCTAssertEqual(r.status, 0, r.errorOutput)
        XCTAssertEqual(r.output, try golden("gearcalc", "view-will-layout-subviews.m"))
        XCTAssertEqual(HTLLCommand.htllc(["property", gearcalc]).output, try golden("gearcalc", "property.m"))
        let bad = HTLLCommand.htllc(["frobnicate", gearcalc])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.output.hasPrefix("Unknown action: frobnicate\nUsage: htllc"))
        XCTAssertTrue(HTLLCommand.htllc(["-v", "ios5", "property", gearcalc]).output.hasPrefix("Usage: htllc"))
        // The usage text names every action htllc accepts.
        let usage = HTLLCommand.htllcUsage("htllc")
        for action in HTLL.Action.allCases { XCTAssertTrue(usage.contains("\n" + action.rawValue + "\t"), action.rawValue) }
    }

    func testCompileCommand() throws {
        let r = HTLLCommand.compile([gearcalc, "--action", "view-did-load"])
        XCTAssertEqual(r.output, try golden("gearcalc", "view-did-load.m"))
        XCTAssertTrue(HTLLCommand.compile([gearcalc, "--objc", "--class", "GearViewController"]).output
            .contains("@implementation GearViewController (Layout)"))
        XCTAssertEqual(HTLLCommand.compile([gearcalc]).status, 2)
        let missing = HTLLCommand.compile(["/nonexistent.htll", "--action", "property"])
        XCTAssertEqual(missing.status, 1)
        XCTAssertEqual(missing.errorOutput, "/nonexistent.htll: error: cannot read the file\n")
    }

    func testFramesCommand() throws {
        let portrait = HTLLCommand.frames([gearcalc, "--device", "iphone-15"])
        XCTAssertEqual(portrait.status, 0, portrait.errorOutput)
        XCTAssertTrue(portrait.output.hasPrefix("{\"parent\": \"self.view\", \"width\": 393, \"height\": 852,"))
        // Valid JSON with one entry per view.
        let json = try JSONSerialization.jsonObject(with: Data(portrait.output.utf8)) as? [String: Any]
        let views = json?["views"] as? [[String: Any]]
        XCTAssertEqual(views?.count, 6)
        XCTAssertEqual(views?.first?["name"] as? String, "title")
        XCTAssertEqual((views?.first?["frame"] as? [String: Double])?["width"], 393)
        XCTAssertEqual(views?.first?["location"] as? String, "\(gearcalc):1:14")
        let landscape = HTLLCommand.frames([gearcalc, "--size", "390x844", "--landscape"])
        XCTAssertTrue(landscape.output.hasPrefix("{\"parent\": \"self.view\", \"width\": 844, \"height\": 390,"))
        XCTAssertEqual(HTLLCommand.frames([gearcalc, "--size", "big"]).status, 2)
        XCTAssertEqual(HTLLCommand.frames([gearcalc, "--device", "nokia"]).status, 2)
    }
}
