import XCTest
@testable import HTLL

/// For tests of the loader's shortcuts (runs of definitions, styles, call trees): a layout must do
/// the same whether or not the shortcut is taken, so each test compares a layout with another way
/// of writing it that the loader evaluates as it always did.
enum EquivalentLayout {
    /// Every output of SOURCE loaded as FILE (the category, the Swift, the frames, the property
    /// fragment), or its error as `error: MESSAGE`.
    static func outputs(_ source: String, file: String) -> String {
        do {
            let l = try Layout(source: source, file: file, scheme: ViewTests.scheme)
            return try l.objectiveCCategory() + l.swift() + l.framesJSON(width: 320, height: 480)
                + l.objectiveC(.property)
        } catch {
            return "error: \(error)"
        }
    }

    /// SOURCE and OTHER (the same layout written the other way) give the same outputs, which are
    /// returned.
    @discardableResult
    static func assertSame(_ source: String, _ other: String, file fileName: String,
                           file: StaticString = #filePath, line: UInt = #line) -> String {
        let text = outputs(source, file: fileName)
        XCTAssertEqual(text, outputs(other, file: fileName), file: file, line: line)
        return text
    }

    /// For each (piece, message) of CASES, the layout LAYOUT(piece) fails the same both ways
    /// (SAME compares them and returns the outputs), with an error located in FILE whose message
    /// has MESSAGE.
    static func assertErrors(_ cases: [(String, String)], in fileName: String, layout: (String) -> String,
                             same: (String) -> String, file: StaticString = #filePath, line: UInt = #line) {
        for (piece, message) in cases {
            let text = same(layout(piece))
            XCTAssertTrue(text.hasPrefix("error: \(fileName):"), "\(piece): \(text)", file: file, line: line)
            XCTAssertTrue(text.contains(message), "\(piece): \(text)", file: file, line: line)
        }
    }
}
