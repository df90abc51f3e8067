import XCTest
@testable import HTLL

/// The command lines the `htll` executable dispatches to.
final class CommandTests: XCTestCase {
    let gearcalc = GoldenTests.examples.appendingPathComponent("gearcalc.htll").path

    func golden(_ example: String, _ file: String) throws -> String {
        try String(contentsOf: GoldenTests.examples.appendingPathComponent(example).appendingPathComponent(file), encoding: .utf8)
    }

    func testHtllcCommandLineIsADropInReplacement() throws {
        let r = HTLLCommand.htllc(["view-will-layout-subviews", gearcalc])
        XCTAssertEqual(r.status, 0, r.errorOutput)
        XCTAssertEqual(r.output, try golden("gearcalc", "view-will-layout-subviews.m"))
        XCTAssertEqual(HTLLCommand.htllc(["-v", "ios15", "property", gearcalc]).output, try golden("gearcalc", "property.m"))
        // Today's iOS renames the view title (UIViewController has a title) and says so.
        let modern = HTLLCommand.htllc(["property", gearcalc])
        XCTAssertTrue(modern.output.contains("UILabel * titleLabel;"), modern.output)
        XCTAssertEqual(modern.errorOutput, "\(gearcalc):1:14: warning: the view title is called titleLabel in the generated code: "
                       + "a view controller already has a member title (UIViewController); htllc -v ios6 keeps the name\n")
        // -v ios6 keeps the original's spellings: its names and iOS 6 text attribute keys, no warning.
        let old = HTLLCommand.htllc(["-v", "ios6", "property", gearcalc])
        XCTAssertEqual(old.status, 0)
        XCTAssertEqual(old.errorOutput, "")
        XCTAssertTrue(old.output.contains("@property (nonatomic, strong) UILabel * title;\n"), old.output)
        let appear = HTLLCommand.htllc(["-v", "ios6", "view-will-appear", gearcalc]).output
        XCTAssertTrue(appear.contains("title.text = @\"Gear Calculator\";"), appear)
        XCTAssertTrue(appear.contains("[gears setTitleTextAttributes:[NSDictionary dictionaryWithObjectsAndKeys:[UIColor blueColor], "
                                      + "UITextAttributeTextColor, [UIColor redColor], UITextAttributeTextShadowColor, nil] forState:UIControlStateNormal];"), appear)
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
        // --objc hands over the bytes it generated (written as they are), the category's text.
        let objc = HTLLCommand.compile([gearcalc, "--objc"])
        let generated = try XCTUnwrap(objc.generated)
        let category = try Layout(contentsOfFile: gearcalc).objectiveCCategory()
        XCTAssertEqual(generated.count, category.utf8.count)
        XCTAssertEqual(generated.bytes, Array(category.utf8))
        XCTAssertEqual(objc.output, category)
        XCTAssertEqual(objc, HTLLCommand.Result(output: category, errorOutput: objc.errorOutput, status: 0))
        var replaced = objc
        replaced.output = "x"
        XCTAssertNil(replaced.generated)
        XCTAssertEqual(replaced.output, "x")
        XCTAssertNil(HTLLCommand.compile([gearcalc, "--action", "property"]).generated)
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
        XCTAssertEqual(views?.first?["name"] as? String, "titleLabel")
        XCTAssertEqual((views?.first?["frame"] as? [String: Double])?["width"], 393)
        XCTAssertEqual(views?.first?["location"] as? String, "\(gearcalc):1:14")
        let landscape = HTLLCommand.frames([gearcalc, "--size", "390x844", "--landscape"])
        XCTAssertTrue(landscape.output.hasPrefix("{\"parent\": \"self.view\", \"width\": 844, \"height\": 390,"))
        XCTAssertEqual(HTLLCommand.frames([gearcalc, "--size", "big"]).status, 2)
        XCTAssertEqual(HTLLCommand.frames([gearcalc, "--device", "nokia"]).status, 2)
    }
}
