import Foundation
import XCTest

/// Issue 12, part 1, through the command a build rule runs: the issue's probes, each refused with a
/// located error or compiled to code that holds nothing but what the layout means.
final class InjectionCLITests: CLITestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("htll-cli-injection-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Writes `source` to `name` in the test folder and runs htll with `arguments` (FILE stands for it).
    func run(_ source: String, _ arguments: [String], name: String = "p.htll") throws -> Result {
        try source.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        return try htll(arguments.map { $0 == "FILE" ? name : $0 }, currentDirectory: folder)
    }

    func testTheIssuesProbesAreRefusedWithALocatedError() throws {
        let probes: [(String, [String], String)] = [
            ("(in (label '()) '|(system(\"id\"), self.view)|)", ["compile", "FILE", "--action", "view-will-layout-subviews"],
             "p.htll:1:1: error: in: the parent must name an object"),
            ("(in (label '()) '|(system(\"id\"), self.view)|)", ["compile", "FILE", "--swift"], "p.htll:1:1: error: in: the parent must name an object"),
            ("(in-cell (label '()) '|cell; system(\"id\")|)", ["htllc", "cell-init", "FILE"], "p.htll:1:1: error: in-cell: the parent must"),
            ("(in (table '((delegate . |self; system(\"id\")|))) 'self.view)", ["compile", "FILE", "--action", "view-did-load"],
             "p.htll:1:5: error: table delegate: the value must name an object"),
            ("(in (button '((target . (self |a:b]; system(\"x\"); [self c:| touch-up-inside)))) 'self.view)", ["compile", "FILE", "--objc"],
             "p.htll:1:5: error: custom-button target: \"a:b]; system(\\\"x\\\"); [self c:\" is not an Objective-C selector"),
            ("(in (button '((target . (|self; system(\"x\")| save: touch-up-inside)))) 'self.view)", ["frames", "FILE"],
             "p.htll:1:5: error: custom-button target: the target must name an object"),
            ("(in (label '((alpha . 1\(String(repeating: "0", count: 400))))) 'self.view)", ["compile", "FILE", "--action", "view-will-appear"],
             "p.htll:1:5: error: label alpha: expected a number from -1000000000000000 to 1000000000000000"),
        ]
        for (source, arguments, message) in probes {
            let r = try run(source, arguments)
            XCTAssertEqual(r.status, 1, "\(source): \(r.stderr)")
            XCTAssertEqual(r.stdout, "", source)
            XCTAssertTrue(r.stderr.hasPrefix(message), "\(source): \(r.stderr)")
            XCTAssertFalse(r.stdout.contains("system("), source)
        }
    }

    func testClassNamesOnTheCommandLineAreChecked() throws {
        let layout = "(in (label '()) 'self.view)"
        for (arguments, message) in [(["--objc", "--class", "X; int y"], "htll compile: --class X; int y: not an Objective-C class name"),
                                     (["--objc", "--class", "int"], "htll compile: --class int: a reserved word of Objective-C"),
                                     (["--swift", "--class", "X { }; func f() {"], "htll compile: --class X { }; func f() {: not a Swift type name"),
                                     (["--swift", "--view", "class"], "htll compile: --view class: a Swift keyword")] {
            let r = try run(layout, ["compile", "FILE"] + arguments)
            XCTAssertEqual(r.status, 2, "\(arguments): \(r.stderr)")
            XCTAssertEqual(r.stdout, "")
            XCTAssertTrue(r.stderr.hasPrefix(message), "\(arguments): \(r.stderr)")
        }
        let ok = try run(layout, ["compile", "FILE", "--objc", "--class", "SettingsController"])
        XCTAssertEqual(ok.status, 0, ok.stderr)
        XCTAssertTrue(ok.stdout.contains("@implementation SettingsController (Layout)"))
    }

    /// What the layout prints while it runs goes to standard error, never into the generated file.
    func testALayoutsOwnOutputGoesToStandardError() throws {
        let source = "(display \"system(\\\"id\\\");\\n\") (write 'zqxWritten) (write-string \"zqxString\" (current-output-port))\n"
            + "(in (label '((text . \"t\"))) 'self.view)"
        let commands: [[String]] = [["compile", "FILE", "--action", "view-will-appear"], ["compile", "FILE", "--swift"],
                                    ["compile", "FILE", "--swift", "--view", "V"], ["compile", "FILE", "--objc"],
                                    ["htllc", "property", "FILE"], ["frames", "FILE"], ["preview", "FILE"],
                                    ["compile", "FILE", "--action", "view-will-appear", "--sandbox"]]
        for arguments in commands {
            let r = try run(source, arguments)
            XCTAssertEqual(r.status, 0, "\(arguments): \(r.stderr)")
            XCTAssertFalse(r.stdout.contains("system(") || r.stdout.contains("zqx"), "\(arguments): \(r.stdout)")
            XCTAssertTrue(r.stderr.contains("system(\"id\");\nzqxWrittenzqxString"), "\(arguments): \(r.stderr)")
        }
        // A layout that prints while it is laid out again for other traits (in generated code).
        let traits = try run("(in (label `((text . ,(begin (display \"zqx\") \"t\")))) (if (landscape?) 'self.view 'self.view))",
                             ["compile", "FILE", "--action", "view-will-layout-subviews"])
        XCTAssertEqual(traits.status, 0, traits.stderr)
        XCTAssertFalse(traits.stdout.contains("zqx"))
        XCTAssertTrue(traits.stderr.hasPrefix("zqxzqx"), traits.stderr)
    }

    /// A view named like a keyword or type is renamed, with the warning on standard error.
    func testReservedViewNamesAreRenamedWithAWarningOnStandardError() throws {
        let r = try run("(define int (label '()))\n(define default (label '()))\n(in (above int default 0.5) 'self.view)",
                        ["htllc", "property", "FILE"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout, "@property (nonatomic, strong) UILabel * int_;\n@property (nonatomic, strong) UILabel * default_;\n")
        XCTAssertEqual(r.stderr, """
            p.htll:1:13: warning: the view int is named int_ in the generated code: int is a reserved word or a name the generated code uses
            p.htll:2:17: warning: the view default is named default_ in the generated code: default is a reserved word or a name the generated code uses

            """)
    }

    /// The issue's string probes: a control character before a digit, a trigraph.
    func testStringsKeepTheirMeaning() throws {
        let r = try run("(in (label '((text . \"a\\x1;23b??/x\\x0;7\"))) 'self.view)", ["compile", "FILE", "--action", "view-will-appear"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout, "label1.text = @\"a\\00123b?\\?/x\\0007\";\n")
    }
}
