import XCTest
import HTLL
import Scheme

/// docs/reference.md and its pictures are what `htll doc` generates from the prelude's tables
/// today: a change to a table (a view kind, attribute, enumeration, colour, primitive) without
/// `htll doc` fails here. HTLL_UPDATE_GOLDEN=1 regenerates them.
final class ReferenceDocTests: XCTestCase {
    static let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs")

    /// Generated once for both tests.
    static let generated = Result { try Reference.generate() }

    func testTheCommittedReferenceIsCurrent() throws {
        let files = try Self.generated.get()
        let update = ProcessInfo.processInfo.environment["HTLL_UPDATE_GOLDEN"] == "1"
        if update {
            let result = HTLLCommand.doc(["-o", Self.docs.path])
            XCTAssertEqual(result.status, 0, result.errorOutput)
        }
        for (name, text) in files {
            let committed = try? String(contentsOf: Self.docs.appendingPathComponent(name), encoding: .utf8)
            XCTAssertEqual(committed, text, "docs/\(name) is stale: run htll doc")
        }
        // No picture is left over from a primitive that is gone.
        let pictures = try FileManager.default.contentsOfDirectory(atPath: Self.docs.appendingPathComponent("reference").path)
        XCTAssertEqual(Set(pictures.map { "reference/" + $0 }), Set(files.keys.filter { $0.hasPrefix("reference/") }))
    }

    /// Every primitive, view kind, attribute, enumeration value and colour of the tables is in it,
    /// and every primitive has a picture.
    func testTheReferenceCoversTheTables() throws {
        let markdown = try XCTUnwrap(try Self.generated.get()["reference.md"])
        XCTAssertFalse(markdown.contains("(no example)"), "a primitive without an example in htll:reference-examples")
        let scheme = Scheme()
        try HTLL.install(into: scheme)
        let prelude = try XCTUnwrap(HTLL.environment(of: scheme))
        func names(_ expression: String) throws -> [String] {
            (try scheme.evaluateSystemCode(expression, file: "test", in: prelude).listElements ?? []).compactMap(\.stringValue)
        }
        for p in try names("(map car htll:primitive-table)") {
            XCTAssertTrue(markdown.contains("### `(\(p)") || markdown.contains("### `\(p)`"), "primitive \(p)")
        }
        for k in try names("(map car htll:kind-table)") { XCTAssertTrue(markdown.contains("### \(k)\n"), "view \(k)") }
        for a in try names("(apply append (map (lambda (k) (map car (cdr k))) htll:attribute-table))") {
            XCTAssertTrue(markdown.contains("| `\(a)` |"), "attribute \(a)")
        }
        for v in try names("(apply append (map (lambda (e) (map car (cdr e))) htll:enum-table))") {
            XCTAssertTrue(markdown.contains("| `\(v)` |"), "enumeration value \(v)")
        }
        for c in try names("(map car htll:color-table)") { XCTAssertTrue(markdown.contains("| `\(c)` |"), "colour \(c)") }
        XCTAssertTrue(markdown.contains("| `text-color` | color | a colour name or (rgba-color R G B A), (hsba-color H S B A) | black | `textColor` |"))
        XCTAssertTrue(markdown.contains("| `user-interaction-enabled` | boolean | #t, #f | #t (label: #f, image: #f) | `userInteractionEnabled` |"),
                      "kinds with a default of their own")
    }
}
