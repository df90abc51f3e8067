import XCTest
@testable import Scheme

/// The Scheme prelude compiled at build time (the PreludeImage plugin, `schemePreludeImage`) means
/// what its source means: the same bindings and values, the same behaviour and errors, and a damaged
/// image is refused (never a trap) and the source loaded instead.
final class SchemePreludeImageTests: XCTestCase {
    /// A new instance whose prelude comes from the image (true) or from the source (false).
    func instance(fromImage: Bool) -> Scheme {
        let saved = Runtime.usesPreludeImage
        Runtime.usesPreludeImage = fromImage
        defer { Runtime.usesPreludeImage = saved }
        return Scheme()
    }

    /// The build made an image, and it holds the prelude's forms as code, except those that
    /// define syntax (compiled again at load, as from source).
    func testTheImageHoldsThePreludeAsCode() throws {
        let image = try XCTUnwrap(schemePreludeImage)
        let rt = Runtime()
        rt.installCore()
        let forms = try rt.readImage(image, in: rt.system)
        let compiled = forms.filter(\.isThunk).count
        XCTAssertGreaterThan(compiled, 100)
        let data = forms.filter { !$0.isThunk }
        XCTAssertLessThan(data.count, compiled / 4)
        for form in data {
            // Every datum kept is a syntax definition of the prelude's files.
            XCTAssertEqual(rt.fileName(form.location).map { $0.hasPrefix(Runtime.preludeFolder) }, true)
            guard case .pair(let p) = form.value, case .symbol(let head) = p.car else {
                return XCTFail("not a form: \(Printer.write(form.value))")
            }
            XCTAssertEqual(head.takeUnretainedValue().name, "define-syntax")
        }
        // Most procedures' bodies are lazy (decoded on their first call); every one decodes whole.
        var decoded = 0
        for form in forms where form.isThunk {
            let code = try XCTUnwrap(form.value.asClosure).code
            let all = code.materializeAll(rt)
            XCTAssertEqual(all.refused, 0)
            decoded += all.decoded
        }
        XCTAssertGreaterThan(decoded, 100)
    }

    /// Every binding of the sealed system environment is the same either way: the same names, the
    /// same syntax, the same values (procedures by name and arity); and the standard libraries
    /// export the same names.
    func testImageAndSourceDefineTheSameSystem() throws {
        let a = instance(fromImage: true), b = instance(fromImage: false)
        let namesA = a.runtime.system.boundNames, namesB = b.runtime.system.boundNames
        XCTAssertGreaterThan(namesB.count, 500)
        XCTAssertEqual(Set(namesA.map { "\($0.name) \($0.isSyntax)" }), Set(namesB.map { "\($0.name) \($0.isSyntax)" }))
        var lazy = 0
        for (name, isSyntax) in namesB where !isSyntax {
            let va = a.runtime.systemValue(name), vb = b.runtime.systemValue(name)
            XCTAssertEqual(a.write(va), b.write(vb), name)
            if case .closure(let ca) = va, case .closure(let cb) = vb {
                // The same code: arity, frame and instructions (constants may be other objects),
                // a lazy body once decoded (as its first call does).
                if ca.code.lazyBody != nil { lazy += 1 }
                try ca.code.materialize(a.runtime)
                XCTAssertNil(ca.code.lazyBody, name)
                XCTAssertEqual(ca.code.required, cb.code.required, name)
                XCTAssertEqual(ca.code.hasRest, cb.code.hasRest, name)
                XCTAssertEqual(ca.code.frameSize, cb.code.frameSize, name)
                XCTAssertEqual(ca.code.code, cb.code.code, name)
                XCTAssertEqual(ca.code.locations.map(\.pc), cb.code.locations.map(\.pc), name)
            }
        }
        XCTAssertGreaterThan(lazy, 50)
        XCTAssertEqual(Set(a.runtime.libraries.keys), Set(b.runtime.libraries.keys))
        for (name, library) in b.runtime.libraries {
            let other = try XCTUnwrap(a.runtime.libraries[name])
            XCTAssertEqual(Set(other.exports.values.map(\.id.name)), Set(library.exports.values.map(\.id.name)), name)
        }
    }

    /// Programs that go through the prelude's procedures and macros give the same results, output
    /// and errors (locations inside the prelude included).
    func testImageAndSourceRunAndFailAlike() throws {
        let programs = [
            "(map (lambda (x) (* x x)) (iota 5))",
            "(let-values (((q r) (floor/ 17 5))) (list q r))",
            "(call-with-output-string (lambda (p) (write '(a \"b\" #\\c 1.5) p)))",
            "(guard (e (#t (list (error-object-message e) (error-object-irritants e)))) (vector-map + #(1 2) #(3 \"x\")))",
            "(let ((h (make-hash-table))) (hash-table-set! h 'a 1) (hash-table-ref/default h 'a 0))",
            "(string-map char-upcase \"abc\")",
            "(do ((i 0 (+ i 1)) (acc '() (cons i acc))) ((= i 3) acc))",
            "(dynamic-wind (lambda () 1) (lambda () (call/cc (lambda (k) (k 2)))) (lambda () 3))",
            "(assoc 2.0 '((1 . a) (2 . b)) =)",
            "(list-tail '(1 2) 5)",
            "(vector-for-each car #((1) 2))",
            "(exact (floor 2.5))",
            "(import (scheme char)) (char-foldcase #\\A)",
        ]
        func results(_ scheme: Scheme) -> [String] {
            programs.map { program in
                do { return scheme.write(try scheme.evaluate(program, file: "p.scm")) } catch { return "error: \(error)" }
            }
        }
        let fromImage = results(instance(fromImage: true)), fromSource = results(instance(fromImage: false))
        XCTAssertEqual(fromImage, fromSource)
        XCTAssertTrue(fromImage.contains { $0.hasPrefix("error: ") })
        XCTAssertTrue(fromImage.contains("(0 1 4 9 16)"))
    }

    /// The printable form gives back exactly its bytes at every length (groups of four characters
    /// and the shorter last one), and refuses a character outside its alphabet or a lone last one.
    func testThePrintableFormRoundTrips() {
        var rng = SystemRandomNumberGenerator()
        for length in 0..<40 {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &rng) }
            let text = CodeImage.printable(bytes)
            XCTAssertEqual(CodeImage.bytes(ofPrintable: text), bytes, "\(length)")
            XCTAssertNil(CodeImage.bytes(ofPrintable: text + "0"), "\(length)")
            var chars = Array(text.utf8)
            chars[Int.random(in: 0..<chars.count, using: &rng)] = UInt8(ascii: "\"")
            XCTAssertNil(CodeImage.bytes(ofPrintable: String(decoding: chars, as: UTF8.self)), "\(length)")
        }
        // Every position of the eight-character words and of the tail, with characters just
        // outside the alphabet ("/" and "p"), a control character, and a character that is not ASCII.
        let bytes = (0..<30).map { _ in UInt8.random(in: 0...255, using: &rng) }
        let chars = Array(CodeImage.printable(bytes).utf8)
        for position in chars.indices {
            for bad in ["/", "p", "\u{7F}", "\u{1}", "é"] {
                let damaged = chars[..<position] + Array(bad.utf8) + chars[(position + 1)...]
                XCTAssertNil(CodeImage.bytes(ofPrintable: String(decoding: damaged, as: UTF8.self)), "\(position) \(bad)")
            }
        }
    }

    /// A damaged image is refused before anything runs (cut short, a character changed, bytes that
    /// pass the checksum but not the checks of what they encode), and the runtime loads the source.
    func testADamagedImageIsRefusedAndTheSourceLoaded() throws {
        let image = try XCTUnwrap(schemePreludeImage)
        let chars = Array(image.utf8)
        var changed = chars
        changed[chars.count / 3] = changed[chars.count / 3] == 0x30 ? 0x31 : 0x30
        let damaged = [String(decoding: chars.prefix(chars.count / 2), as: UTF8.self),
                       String(decoding: changed, as: UTF8.self), "", "not an image"]
        for text in damaged {
            let rt = Runtime()
            rt.installCore()
            XCTAssertThrowsError(try rt.readImage(text, in: rt.system)) { XCTAssertTrue($0 is InvalidSystemImage, "\($0)") }
            // What Scheme() does with such an image: the source instead, all of it.
            let loaded = Runtime.loaded(sandbox: false, image: text)
            loaded.sealSystem()
            let value = try loaded.evaluateSource("(list (assq 'b '((a 1) (b 2))) (string-map char-upcase \"xy\") (iota 3))",
                                                  file: nil, in: loaded.interaction)
            XCTAssertEqual(Printer.write(value), "((b 2) \"XY\" (0 1 2))")
        }
        let bytes = try XCTUnwrap(CodeImage.bytes(ofPrintable: image))
        var rng = SystemRandomNumberGenerator()
        var refused = 0
        for _ in 0..<40 {
            var mutated = bytes
            for _ in 0..<Int.random(in: 1...4, using: &rng) {
                let i = Int.random(in: CodeImage.magic.count..<mutated.count, using: &rng)
                mutated[i] = UInt8.random(in: 0...255, using: &rng)
            }
            if Bool.random(using: &rng) { mutated.removeLast(Int.random(in: 0..<min(64, mutated.count), using: &rng)) }
            let rt = Runtime()
            rt.installCore()
            do {
                // Read whole: its lazy bodies, decoded as first calls would, each whole or refused.
                for form in try rt.readImage(CodeImage.printable(mutated), in: rt.system) {
                    if let code = form.value.asClosure?.code { _ = code.materializeAll(rt) }
                }
            } catch {
                refused += 1
            }
        }
        XCTAssertGreaterThan(refused, 0)
    }

    /// A damaged lazy body passes the reading of its image (it is decoded on the procedure's first
    /// call): that call is a Scheme error naming the procedure, every call after it too, and the
    /// rest of the runtime works on.
    func testADamagedLazyBodyIsAnErrorOfItsFirstCall() throws {
        let image = try XCTUnwrap(schemePreludeImage)
        let intact = Runtime.loaded(sandbox: false, image: image)
        intact.sealSystem()
        // A prelude procedure not called while loading, its body still in the image: the first by
        // name (the table's order differs from run to run), and not one the last check calls.
        let candidates = intact.system.boundNames.sorted { $0.name < $1.name }.filter { !["assq", "iota"].contains($0.name) }
        let (name, code) = try XCTUnwrap(candidates.lazy.compactMap { entry -> (String, CodeBlock)? in
            guard !entry.isSyntax, let code = intact.systemValue(entry.name).asClosure?.code,
                  code.lazyBody != nil, code.name == entry.name else { return nil }
            return (entry.name, code)
        }.first)
        var bytes = try XCTUnwrap(CodeImage.bytes(ofPrintable: image))
        let body = try XCTUnwrap(code.lazyBody?.body)
        bytes[body.lowerBound] = 0x01  // its first word: -1 (zigzag), never an opcode
        let rt = Runtime.loaded(sandbox: false, image: CodeImage.printable(bytes))
        rt.sealSystem()
        let procedure = rt.systemValue(name)
        XCTAssertNotNil(procedure.asClosure?.code.lazyBody, "the image was not read")
        let arguments = Array(repeating: Value.false, count: code.required)
        for _ in 0..<2 {
            XCTAssertThrowsError(try rt.vm.run(procedure, arguments, keepingExisting: false)) { error in
                XCTAssertTrue("\(error)".contains("\(name): damaged prelude image"), "\(error)")
            }
        }
        let value = try rt.evaluateSource("(list (assq 'b '((a 1) (b 2))) (iota 3))", file: nil, in: rt.interaction)
        XCTAssertEqual(Printer.write(value), "((b 2) (0 1 2))")
    }
}
