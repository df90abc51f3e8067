import Foundation
import XCTest
@testable import HTLL
@testable import Scheme

/// The layout prelude compiled at build time (the PreludeImage plugin) means what its source means:
/// the same definitions, values, outputs and errors, and a damaged image is refused, never a trap.
final class PreludeImageTests: XCTestCase {
    /// Runs `body` with the layout prelude loaded from its image (true) or from its source (false).
    func withPrelude<T>(fromImage: Bool, _ body: () throws -> T) rethrows -> T {
        let saved = HTLL.usesImage
        HTLL.usesImage = fromImage
        defer { HTLL.usesImage = saved }
        return try body()
    }

    func installed(fromImage: Bool) throws -> Scheme {
        try withPrelude(fromImage: fromImage) {
            let scheme = Scheme()
            try HTLL.install(into: scheme)
            return scheme
        }
    }

    /// The build made an image, and it holds nearly every form as code (not as source to compile).
    func testTheImageHoldsThePreludeAsCode() throws {
        let image = try XCTUnwrap(preludeImage)
        let scheme = Scheme()
        let forms = try scheme.runtime.readImage(image, in: HTLL.preludeEnvironment(scheme))
        let compiled = forms.filter(\.isThunk).count
        XCTAssertGreaterThan(compiled, 600)
        // Only the forms that define syntax (define-style, define-primitive, htll:known-nothing?,
        // htll:checked-value, htll:walk-of?, htll:latest-action-list?, htll:two-rendered-onto,
        // htll:kept-enum-text?, htll:signed-terms->parts) are kept as source.
        XCTAssertEqual(forms.count - compiled, 9)
        // Most procedures' bodies are lazy (decoded on their first call); every one decodes whole.
        var decoded = 0
        for form in forms where form.isThunk {
            let all = try XCTUnwrap(form.value.asClosure).code.materializeAll(scheme.runtime)
            XCTAssertEqual(all.refused, 0)
            decoded += all.decoded
        }
        XCTAssertGreaterThan(decoded, 500)
    }

    /// Every variable of the prelude's environment has the same value either way (procedures by
    /// name), and the library exports the same names.
    func testImageAndSourceDefineTheSameEnvironment() throws {
        let a = try installed(fromImage: true), b = try installed(fromImage: false)
        let envA = try XCTUnwrap(HTLL.environment(of: a)), envB = try XCTUnwrap(HTLL.environment(of: b))
        XCTAssertEqual(Set(a.publicDefinitions(of: envA)), Set(b.publicDefinitions(of: envB)))
        let names = envB.boundNames
        XCTAssertGreaterThan(names.count, 1_000)
        XCTAssertEqual(Set(envA.boundNames.map(\.name)), Set(names.map(\.name)))
        for (name, isSyntax) in names where !isSyntax {
            XCTAssertEqual(a.global(name, in: envA).map { a.write($0) }, b.global(name, in: envB).map { b.write($0) }, name)
        }
    }

    /// Layouts compile to the same code, and errors (from user code and from inside the prelude)
    /// read the same, locations included.
    func testImageAndSourceCompileAndFailAlike() throws {
        let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("examples")
        func layouts() throws -> [Layout] {
            try ["gearcalc.htll", "kitchen-sink.htll"].map { try Layout(contentsOfFile: examples.appendingPathComponent($0).path) }
                + [try Layout(source: "(in (above (label '((text . \"Hi\"))) (grid 2 2 8 (label '()) (button '()) (label '()) (label '())) 0.5) 'self.view)")]
        }
        let fromImage = try withPrelude(fromImage: true) { try layouts() }
        let fromSource = try withPrelude(fromImage: false) { try layouts() }
        for (a, b) in zip(fromImage, fromSource) {
            for action in [HTLL.Action.property, .viewDidLoad, .viewWillLayoutSubviews] {
                let image = try a.objectiveC(action)
                XCTAssertEqual(image, try b.objectiveC(action))
                XCTAssertFalse(image.isEmpty)
            }
        }
        for bad in ["(in (above 1) 'self.view)", "(in (label '((text . 5))) 'self.view)", "(in (label 5) 'self.view)",
                    "(in (grid 0 0 0) 'self.view)", "(define-style s (text-color nonsense)) (in (label '()) 'self.view)"] {
            func failure(_ image: Bool) -> String {
                withPrelude(fromImage: image) {
                    do { _ = try Layout(source: bad, file: "bad.htll"); return "no error" } catch { return "\(error)" }
                }
            }
            XCTAssertEqual(failure(true), failure(false), bad)
            XCTAssertTrue(failure(true).hasPrefix("bad.htll:1:"), failure(true))
        }
    }

    /// A damaged image is refused before anything runs: cut short, a character changed (the
    /// checksum), or bytes that pass the checksum but not the checks of what they encode.
    func testADamagedImageIsRefusedNeverATrap() throws {
        let image = try XCTUnwrap(preludeImage)
        let chars = Array(image.utf8)
        var damaged = [String(decoding: chars.prefix(chars.count / 2), as: UTF8.self)]
        var changed = chars
        changed[chars.count / 3] = changed[chars.count / 3] == 0x30 ? 0x31 : 0x30
        damaged.append(String(decoding: changed, as: UTF8.self))
        damaged.append("")
        damaged.append("not an image")
        for text in damaged {
            let scheme = Scheme()
            XCTAssertThrowsError(try scheme.evaluateSystemImage(text, in: HTLL.preludeEnvironment(scheme))) { e in
                XCTAssertTrue(e is InvalidSystemImage, "\(e)")
            }
        }
        // Mutated bytes with a correct checksum: read and checked (not run), each refused or read whole.
        let bytes = try XCTUnwrap(CodeImage.bytes(ofPrintable: image))
        var rng = SystemRandomNumberGenerator()
        var refused = 0
        let scheme = Scheme()
        for _ in 0..<40 {
            var mutated = bytes
            for _ in 0..<Int.random(in: 1...4, using: &rng) {
                let i = Int.random(in: CodeImage.magic.count..<mutated.count, using: &rng)
                mutated[i] = UInt8.random(in: 0...255, using: &rng)
            }
            if Bool.random(using: &rng) { mutated.removeLast(Int.random(in: 0..<min(64, mutated.count), using: &rng)) }
            do {
                // Read whole: its lazy bodies, decoded as first calls would, each whole or refused.
                for form in try scheme.runtime.readImage(CodeImage.printable(mutated), in: HTLL.preludeEnvironment(scheme)) {
                    if let code = form.value.asClosure?.code { _ = code.materializeAll(scheme.runtime) }
                }
            } catch {
                refused += 1
            }
        }
        XCTAssertGreaterThan(refused, 0)
    }

    /// A damaged lazy body passes the image's reading (it is decoded on the procedure's first call):
    /// a layout that calls it fails with a located Scheme error naming it, never a trap.
    func testADamagedLazyBodyIsAnErrorOfItsFirstCall() throws {
        let image = try XCTUnwrap(preludeImage)
        let intact = try installed(fromImage: true)
        let env = try XCTUnwrap(HTLL.environment(of: intact))
        // The Objective-C output's entry (loading does not call it), or any other not called yet.
        let candidates = env.boundNames.filter { !$0.isSyntax }.compactMap { entry -> (String, CodeBlock)? in
            guard let code = intact.global(entry.name, in: env)?.asClosure?.code,
                  code.lazyBody != nil, code.name == entry.name else { return nil }
            return (entry.name, code)
        }
        XCTAssertGreaterThan(candidates.count, 200)
        let (name, code) = try XCTUnwrap(candidates.first { $0.0 == "htll-emit" } ?? candidates.first)
        var bytes = try XCTUnwrap(CodeImage.bytes(ofPrintable: image))
        let body = try XCTUnwrap(code.lazyBody?.body)
        bytes[body.lowerBound] = 0x01  // its first word: -1 (zigzag), never an opcode
        let scheme = Scheme()
        let damaged = HTLL.preludeEnvironment(scheme)
        try scheme.evaluateSystemImage(CodeImage.printable(bytes), in: damaged)
        let arguments = Array(repeating: Value.false, count: code.required)
        for _ in 0..<2 {
            XCTAssertThrowsError(try scheme.call(name, in: damaged, arguments)) { error in
                XCTAssertTrue("\(error)".contains("\(name): damaged prelude image"), "\(error)")
            }
        }
        XCTAssertEqual(try scheme.call("htll:comment-text", in: damaged, [scheme.string("a */ b")]).stringValue,
                       try intact.call("htll:comment-text", in: env, [intact.string("a */ b")]).stringValue)
    }

    /// The image is the prelude as built; with `HTLL_PRELUDE_DIR` (editing the prelude without
    /// rebuilding) or without an image, `install` evaluates the source, and the image's loading
    /// falls back to it when refused.
    func testAnInstanceFallsBackToTheSourceWhenTheImageIsRefused() throws {
        let scheme = Scheme()
        let env = HTLL.preludeEnvironment(scheme)
        XCTAssertThrowsError(try scheme.evaluateSystemImage("0000", in: env))
        // A fresh environment then takes the source (what install does).
        let fresh = HTLL.preludeEnvironment(scheme)
        try HTLL.evaluateSources(in: fresh, scheme)
        XCTAssertNotNil(scheme.global("label", in: fresh))
    }
}
