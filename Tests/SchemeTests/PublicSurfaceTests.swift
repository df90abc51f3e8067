import XCTest
import Scheme

/// The Scheme module's public surface is its facade (`Scheme`, `Value`, errors, limits, the
/// sandbox) and what `Value`'s cases name; the runtime, heap, VM and object classes stay internal.
/// This file imports Scheme without `@testable`, so everything it calls is public API.
final class PublicSurfaceTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The public types, each for a reason: the facade and its values and errors, and the classes
    /// `Value`'s enum cases carry (`Unmanaged<Pair>` …), which Swift requires to be public.
    static let expected: Set<String> = [
        "Scheme", "Value", "SchemeError", "SourceLocation", "Arity", "Arguments", "Environment",
        "FileSandbox", "PathNames", "InputSplitter", "InvalidSystemImage",
        "HeapObject", "Pair", "Closure", "Record", "Symbol", "SString", "SVector", "SBytevector", "Procedure",
    ]

    /// Top-level `public`/`open` type declarations of the Swift files under `folder`.
    static func publicTypes(under folder: URL) throws -> [String: String] {
        var found: [String: String] = [:]
        let pattern = try NSRegularExpression(pattern: #"^(?:public|open) (?:final )?(?:class|struct|enum|protocol|typealias|actor) ([A-Za-z_][A-Za-z0-9_]*)"#,
                                              options: .anchorsMatchLines)
        let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        while let url = files?.nextObject() as? URL {
            guard url.pathExtension == "swift" else { continue }
            let text = try String(contentsOf: url, encoding: .utf8)
            for m in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                if let r = Range(m.range(at: 1), in: text) { found[String(text[r])] = url.lastPathComponent }
            }
        }
        return found
    }

    func testOnlyTheFacadeIsPublic() throws {
        let found = try Self.publicTypes(under: Self.root.appendingPathComponent("Sources/Scheme"))
        XCTAssertGreaterThan(found.count, 10, "the scan found the sources")
        for (name, file) in found where !Self.expected.contains(name) {
            XCTFail("\(file): \(name) is public; hosts should not need it (add to the facade in Scheme+Host.swift instead)")
        }
        for name in Self.expected where found[name] == nil {
            XCTFail("\(name) is no longer public: update the list (and the README's Embedding section)")
        }
    }

    /// The HTLL library, the `htll` command and the code checker compile against the public API only.
    func testHostsDoNotImportSchemeForTesting() throws {
        for folder in ["Sources/HTLL", "Sources/HTLLShell", "Sources/HTLLTool", "Sources/HTLLCodeCheck"] {
            let files = FileManager.default.enumerator(at: Self.root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
            var count = 0
            while let url = files?.nextObject() as? URL {
                guard url.pathExtension == "swift" else { continue }
                count += 1
                let text = try String(contentsOf: url, encoding: .utf8)
                XCTAssertFalse(text.contains("@testable import"), "\(folder)/\(url.lastPathComponent)")
            }
            XCTAssertGreaterThan(count, 0, folder)
        }
    }

    /// What a host's builtins use instead of the runtime: pairs that keep their source location,
    /// errors of a kind Scheme code can test, multiple values, procedure summaries.
    func testTheHostFacade() throws {
        let scheme = Scheme()
        let datum = try scheme.read("\n  (a b)", file: "f.scm")
        XCTAssertEqual(scheme.sourceLocation(of: datum).line, 2)
        XCTAssertEqual(scheme.locationValue(of: datum).description, "(\"f.scm\" 2 3)")
        XCTAssertEqual(scheme.locationValue(of: Value(1)).description, "#f")
        let rebuilt = scheme.cons(scheme.symbol("z"), .null, locatedLike: datum)
        XCTAssertEqual(scheme.locationValue(of: rebuilt).description, "(\"f.scm\" 2 3)")
        XCTAssertEqual(scheme.locationValue(of: scheme.cons(Value(1), .null)).description, "#f")

        unowned let s = scheme
        scheme.define("fail-file", arity: .exactly(1)) { args in throw s.error("cannot open", args[0], kind: .file) }
        scheme.define("fail-read", arity: .exactly(0)) { _ in
            throw s.error("bad datum", kind: .read, at: s.sourceLocation(file: "g.scm", line: 7, column: 9))
        }
        XCTAssertEqual(try scheme.evaluate("(guard (e ((file-error? e) (error-object-irritants e))) (fail-file \"x\"))").description,
                       "(\"x\")")
        XCTAssertEqual(try scheme.evaluate("(guard (e ((read-error? e) (error-object-message e))) (fail-read))").stringValue,
                       "bad datum")
        XCTAssertThrowsError(try scheme.evaluate("(fail-read)")) { error in
            XCTAssertTrue((error as? SchemeError)?.description.hasPrefix("g.scm:7:9:") ?? false, "\(error)")
        }

        XCTAssertEqual(scheme.values(of: try scheme.evaluate("(values 1 2 3)")).map(\.description), ["1", "2", "3"])
        XCTAssertEqual(scheme.values(of: Value(4)).map(\.description), ["4"])

        XCTAssertEqual(scheme.procedureSummary(try scheme.evaluate("car")), "builtin procedure, 1 argument")
        XCTAssertEqual(scheme.procedureSummary(try scheme.evaluate("(lambda (a . b) a)")), "procedure, at least 1 argument")
        XCTAssertEqual(scheme.procedureSummary(try scheme.evaluate("(case-lambda ((a) a) ((a b) b))")),
                       "case-lambda procedure: 1 argument; 2 arguments")
        XCTAssertEqual(scheme.procedureSummary(try scheme.evaluate("(make-parameter 1)")), "parameter object, 0 or 1 arguments")
        XCTAssertNil(scheme.procedureSummary(Value(1)))
    }
}
