import Foundation
import XCTest
import HTLL
import Scheme

/// Issue 13, part 2: the layout prelude is compiled in a sealed environment. A layout's definitions
/// are its own: they never change what the prelude calls, and the prelude's internals (`htll:`,
/// `htll-`, `%` names) are out of its reach.
final class SealedPreludeTests: XCTestCase {
    static let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    func objectiveC(_ source: String, _ action: HTLL.Action = .viewWillLayoutSubviews) throws -> String {
        try Layout(source: source, file: "probe.htll").objectiveC(action)
    }

    func testRedefiningListAndStringProceduresDoesNotChangeTheOutput() throws {
        let layout = "(in (above (label '((text . \"Hello\"))) (label '((text . \"World\"))) 0.5) 'self.view)"
        let clean = try objectiveC(layout)
        XCTAssertTrue(clean.hasPrefix("label1.frame"), clean)
        for sabotage in ["(define (reverse l) l)", "(define (string-append . xs) \"\")", "(define (append . xs) '())",
                         "(set! map (lambda args '()))", "(define assq #f)"] {
            XCTAssertEqual(try objectiveC(sabotage + "\n" + layout), clean, sabotage)
        }
    }

    func testPreludeInternalsAreOutOfReach() {
        for (source, message) in [
            ("(set! htll:check (lambda args #t))\n(in (label '()) 'self.view)", "probe.htll:1:1: error: set!: unbound variable: htll:check"),
            ("(define r (htll:make-resource 'color '(x)))", "probe.htll:1:11: error: unbound variable: htll:make-resource"),
            ("(%htll-call '(\"f\" 1 1) label '())", "probe.htll:1:1: error: unbound variable: %htll-call"),
            ("(htll-load-forms '() \"x\")", "probe.htll:1:1: error: unbound variable: htll-load-forms"),
        ] {
            XCTAssertThrowsError(try Layout(source: source, file: "probe.htll")) { e in
                XCTAssertEqual("\(e)", message, source)
            }
        }
    }

    func testALayoutsDefinitionsDoNotOutliveIt() throws {
        let scheme = try XCTUnwrap(try Layout(source: "(define mine 1) (in (label '()) 'self.view)").scheme)
        _ = try Layout(source: "(in (label '()) 'self.view)", scheme: scheme)
        XCTAssertThrowsError(try Layout(source: "(display mine) (in (label '()) 'self.view)", scheme: scheme))
    }

    /// Redefines every standard procedure either prelude's source mentions (the list is computed from
    /// `prelude/scheme` and `prelude/htll`, with the layout language's own procedures), except those
    /// the layout itself uses, and checks that every example still gives its golden output.
    func testEveryExampleSurvivesRedefiningWhatThePreludesUse() throws {
        let probe = Scheme()
        try HTLL.install(into: probe)
        var preludeSymbols = Set<String>()
        for folder in ["prelude/scheme", "prelude/htll"] {
            let dir = Self.repo.appendingPathComponent(folder)
            for file in try FileManager.default.contentsOfDirectory(atPath: dir.path) where file.hasSuffix(".scm") {
                preludeSymbols.formUnion(try symbols(in: String(contentsOf: dir.appendingPathComponent(file), encoding: .utf8), probe))
            }
        }
        let procedures = preludeSymbols.filter { name in
            guard let v = probe.global(name), v.isProcedure else { return false }
            return true
        }
        XCTAssertGreaterThan(procedures.count, 100, "the preludes use many standard procedures")
        let shared = try FileManager.default.contentsOfDirectory(atPath: Self.repo.appendingPathComponent("examples/shared").path)
            .map { try String(contentsOf: Self.repo.appendingPathComponent("examples/shared/" + $0), encoding: .utf8) }
        for url in try GoldenTests.layoutFiles() {
            let name = url.deletingPathExtension().lastPathComponent
            let source = try String(contentsOf: url, encoding: .utf8)
            var used = try symbols(in: source, probe)
            for text in shared { used.formUnion(try symbols(in: text, probe)) }
            let redefined = procedures.subtracting(used).sorted()
            // One line, so every location below it moves down by exactly one line. A stub fails by
            // calling a symbol: that needs no procedure the line itself redefines.
            let sabotage = redefined.enumerated().map { i, n in
                i % 2 == 0 ? "(define (\(n) . args) ('sabotaged-\(n)))" : "(set! \(n) (lambda args ('sabotaged-\(n))))"
            }.joined(separator: " ")
            let produced = try GoldenTests.outputs(source: sabotage + "\n" + source, name: name)
            for (file, text) in produced {
                let golden = try String(contentsOf: url.deletingPathExtension().appendingPathComponent(file), encoding: .utf8)
                XCTAssertEqual(text, shiftLocations(golden, in: "examples/\(name).htll"),
                               "\(name)/\(file) changed when the layout redefined \(redefined.count) procedures")
            }
        }
    }

    /// `text` with every `FILE:LINE:COL` of `file` one line further down.
    func shiftLocations(_ text: String, in file: String) -> String {
        var out = ""
        var rest = Substring(text)
        while let r = rest.range(of: file + ":") {
            out += rest[..<r.upperBound]
            rest = rest[r.upperBound...]
            let digits = rest.prefix { $0.isNumber }
            out += String((Int(digits) ?? 0) + 1)
            rest = rest.dropFirst(digits.count)
        }
        return out + rest
    }

    /// Every symbol in the data of `source`.
    func symbols(in source: String, _ scheme: Scheme) throws -> Set<String> {
        var out = Set<String>()
        var work = [try scheme.read(source)]
        while let v = work.popLast() {
            switch v {
            case .symbol: if let name = v.stringValue { out.insert(name) }
            case .pair: if let car = v.car, let cdr = v.cdr { work.append(car); work.append(cdr) }
            case .vector: work.append(contentsOf: v.arrayValue ?? [])
            default: break
            }
        }
        return out
    }
}
