import XCTest
@testable import HTLL

/// Helpers the event, binding and layer tests share.
enum ModifierSupport {
    static func layout(_ source: String) throws -> Layout {
        try Layout(source: source, file: "m.htll", scheme: ViewTests.scheme)
    }

    static func example(_ name: String) throws -> Layout {
        let url = GoldenTests.examples.appendingPathComponent(name + ".htll")
        return try Layout(source: try String(contentsOf: url, encoding: .utf8), file: "examples/\(name).htll")
    }

    static func lines(_ layout: Layout, _ action: HTLL.Action) throws -> [String] {
        try layout.objectiveC(action).split(separator: "\n").map(String.init)
    }

    /// The lines of a text, without their indentation.
    static func lines(_ text: String) -> [String] {
        text.split(separator: "\n").map { String($0.drop { $0 == " " }) }
    }

    /// The message of the error `source` raises when loaded and compiled for `action`.
    static func error(_ source: String, action: HTLL.Action = .viewWillAppear) -> String {
        do {
            _ = try layout(source).objectiveC(action)
            return "no error"
        } catch {
            return "\(error)"
        }
    }

    static func svg(_ layout: Layout) throws -> String {
        let device = try XCTUnwrap(DevicePreset.named("iphone-15"))
        return try SVGPreview.render(layout, screens: [PreviewScreen(device: device, landscape: false)])
    }

    /// `swiftc -parse` on both Swift shapes of `layout` (skipped without swiftc).
    static func swiftParses(_ layout: Layout, file: StaticString = #filePath, line: UInt = #line) throws {
        guard let swiftc = SwiftOutputTests.swiftc() else { return }
        for (variant, text) in [("controller", try layout.swift()), ("view", try layout.swift(viewName: "LayoutView"))] {
            XCTAssertEqual(try SwiftOutputTests.parseDiagnostics(text, swiftc: swiftc, name: "modifiers-\(variant)"), "",
                           "\(variant) does not parse:\n\(text)", file: file, line: line)
        }
    }

    /// Compiles (syntax and types, no linking) every fragment of `layout` in the method it is
    /// written for, and its `--objc` category, against the stand-in header (GeneratedCodeCheckSupport).
    static func objcSyntaxCheck(_ layout: Layout, file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(try CodeCheck.compileProblems(layout), [], "the generated Objective-C does not compile", file: file, line: line)
    }
}
