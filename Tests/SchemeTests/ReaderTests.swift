import XCTest
@testable import Scheme

final class ReaderTests: XCTestCase {
    var rt: Runtime!

    override func setUp() {
        super.setUp()
        rt = Runtime()
    }

    override func tearDown() {
        rt = nil
        super.tearDown()
    }

    // MARK: Helpers

    private func readAll(_ text: String) throws(SchemeRaise) -> [Value] {
        var reader = Reader(text: text, fileIndex: 1, runtime: rt)
        var out: [Value] = []
        while let v = try reader.read() { out.append(v) }
        return out
    }

    /// The single datum in `text`.
    private func read1(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> Value {
        let all = try readAll(text)
        XCTAssertEqual(all.count, 1, "expected one datum in \(text)", file: file, line: line)
        return all.first ?? .unspecified
    }

    /// Every datum in `text`, written and joined by spaces.
    private func written(_ text: String) throws -> String {
        try readAll(text).map { Printer.write($0) }.joined(separator: " ")
    }

    /// The read error `text` raises (fails the test if it reads fine or raises something else).
    private func readError(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> ErrorObject? {
        do {
            let data = try readAll(text)
            XCTFail("expected a read error for \(text.debugDescription), got \(data.map { Printer.write($0) })",
                    file: file, line: line)
            return nil
        } catch {
            guard let e = ErrorObject(error.payload) else {
                XCTFail("raise of a non-error for \(text.debugDescription)", file: file, line: line)
                return nil
            }
            XCTAssertEqual(e.kind, .read, "not a read error: \(e.message)", file: file, line: line)
            return e
        }
    }

    private func assertReadError(_ text: String, contains fragment: String,
                                 file: StaticString = #filePath, line: UInt = #line) {
        guard let e = readError(text, file: file, line: line) else { return }
        XCTAssertTrue(e.message.contains(fragment), "message \(e.message.debugDescription) lacks \(fragment.debugDescription)",
                      file: file, line: line)
        XCTAssertTrue(e.location.isKnown, "read error without location: \(e.message)", file: file, line: line)
    }

    private func assertFixnum(_ v: Value, _ n: Int, file: StaticString = #filePath, line: UInt = #line) {
        guard case .fixnum(let x) = v else { return XCTFail("\(Printer.write(v)) is not a fixnum", file: file, line: line) }
        XCTAssertEqual(x, n, file: file, line: line)
    }

    private func assertFlonum(_ v: Value, _ d: Double, file: StaticString = #filePath, line: UInt = #line) {
        guard case .flonum(let x) = v else { return XCTFail("\(Printer.write(v)) is not a flonum", file: file, line: line) }
        if d.isNaN { XCTAssertTrue(x.isNaN, file: file, line: line) } else { XCTAssertEqual(x, d, file: file, line: line) }
    }

    private func assertLocation(_ v: Value?, _ line: Int, _ column: Int,
                                file: StaticString = #filePath, fileLine: UInt = #line) {
        guard let v, case .pair(let p) = v else { return XCTFail("not a pair", file: file, line: fileLine) }
        let loc = p.location
        XCTAssertEqual(loc.file, 1, file: file, line: fileLine)
        XCTAssertEqual(loc.line, line, "line", file: file, line: fileLine)
        XCTAssertEqual(loc.column, column, "column", file: file, line: fileLine)
    }

    private func char(_ text: String) throws -> UInt32? {
        if case .char(let c) = try read1(text) { return c }
        return nil
    }

    private func string(_ text: String) throws -> String? {
        try read1(text).sstring?.string
    }

    private func symbolName(_ text: String) throws -> String? {
        try read1(text).symbol?.name
    }

    // MARK: Atoms

    func testBooleans() throws {
        let all = try readAll("#t #f #true #false #T #FALSE")
        XCTAssertEqual(all.count, 6)
        let expected = [true, false, true, false, true, false]
        for (v, e) in zip(all, expected) {
            guard case .bool(let b) = v else { XCTFail("not a boolean"); continue }
            XCTAssertEqual(b, e)
        }
        assertReadError("#tru", contains: "bad # syntax")
    }

    func testIntegers() throws {
        let cases: [(String, Int)] = [
            ("42", 42), ("-17", -17), ("+5", 5), ("0", 0), ("-0", 0),
            ("9223372036854775807", Int.max), ("-9223372036854775808", Int.min),
            ("#x1F", 31), ("#xff", 255), ("#X-1f", -31), ("#b101", 5), ("#o17", 15), ("#d10", 10),
            ("#e10", 10), ("#x#e10", 16), ("#e#x10", 16), ("#B-11", -3), ("6/3", 2), ("#e10/5", 2),
            ("#e1.5e1", 15), ("#e1e3", 1000), ("#e-2.000", -2), ("#e0.0", 0), ("#e120e-1", 12),
        ]
        for (text, n) in cases { assertFixnum(try read1(text), n) }
    }

    func testDecimalsAndSpecials() throws {
        let cases: [(String, Double)] = [
            (".5", 0.5), ("1.", 1.0), ("1.5e10", 1.5e10), ("1e-3", 0.001), ("-2.5", -2.5), ("+.5e1", 5.0),
            ("1E2", 100.0), ("#i10", 10.0), ("#i1/2", 0.5), ("#i-3/4", -0.75), ("#x#i10", 16.0),
            ("+inf.0", .infinity), ("-inf.0", -.infinity), ("+nan.0", .nan), ("-nan.0", .nan), ("+INF.0", .infinity),
            ("1e400", .infinity), ("1e-400", 0.0), ("#d1.25", 1.25),
        ]
        for (text, d) in cases { assertFlonum(try read1(text), d) }
        if case .flonum(let z) = try read1("-0.0") { XCTAssertEqual(z.sign, .minus) } else { XCTFail("-0.0") }
    }

    /// The reader's numbers are the parser's (it passes a token without copying it into an array,
    /// issue 19): random short decimals, read in one datum, are `Numbers.parse`'s flonums bit for bit.
    func testReadDecimalsAreTheParsers() throws {
        let texts = NumberTests.shortDecimals(count: 5_000)
        let list = try read1("(" + texts.joined(separator: " ") + ")").listElements ?? []
        XCTAssertEqual(list.count, texts.count)
        for (text, v) in zip(texts, list) {
            guard case .flonum(let d) = v, case .flonum(let e)? = Numbers.parse(text, rt: rt) else { return XCTFail(text) }
            XCTAssertEqual(d.bitPattern, e.bitPattern, text)
        }
    }

    func testBigIntegerLiteral() throws {
        XCTAssertEqual(Printer.write(try read1("100000000000000000000")), "100000000000000000000")
        XCTAssertEqual(Printer.write(try read1("#x-ffffffffffffffffff")), "-4722366482869645213695")
        XCTAssertEqual(Printer.write(try read1("#e1e30")), "1000000000000000000000000000000")
    }

    func testParseNumberAPI() {
        assertFixnum(Reader.parseNumber("ff", radix: 16, runtime: rt) ?? .null, 255)
        assertFixnum(Reader.parseNumber("#d10", radix: 16, runtime: rt) ?? .null, 10)
        assertFixnum(Reader.parseNumber("-101", radix: 2, runtime: rt) ?? .null, -5)
        assertFlonum(Reader.parseNumber("1.5", radix: 10, runtime: rt) ?? .null, 1.5)
        let notNumbers = ["abc", "", "+", "-", ".", "1e", "e1", "1/0", "#x1.5", "1.2.3", "#xg", "#e#e1",
                          "#x#b1", "+inf.0x", "inf.0", "1+2", "1+2j", "i", "+i+i", "1@", "@1", "#e+inf.0", "1/", "/2", "#", "#x",
                          "--1", "1e+", "12abc", "1 2"]
        for t in notNumbers {
            XCTAssertNil(Reader.parseNumber(t, radix: 10, runtime: rt), "\(t) should not be a number")
        }
        XCTAssertNil(Reader.parseNumber("12", radix: 7, runtime: rt))
        XCTAssertNil(Reader.parseNumber("2", radix: 2, runtime: rt))
    }

    func testNumberErrors() {
        assertReadError("#e1e99999999", contains: "bad number syntax: #e1e99999999")
        assertReadError("#x1g", contains: "bad number syntax: #x1g")
        assertReadError("#e#e1", contains: "bad number syntax")
        assertReadError("#foo", contains: "bad # syntax: #foo")
        assertReadError("#", contains: "bad # syntax")
        assertReadError("(# )", contains: "bad # syntax")
    }

    func testStrings() throws {
        XCTAssertEqual(try string(#""a\tb\nc\\d\"e\|f\x41;\x3bb;""#), "a\tb\nc\\d\"e|fA\u{3bb}")
        XCTAssertEqual(try string(#""\a\b\r""#), "\u{7}\u{8}\r")
        XCTAssertEqual(try string("\"abc \\   \n   def\""), "abc def")
        XCTAssertEqual(try string("\"abc\\\r\n\tdef\""), "abcdef")
        XCTAssertEqual(try string("\"line1\nline2\""), "line1\nline2")
        XCTAssertEqual(try string("\"\""), "")
        XCTAssertEqual(try string("\"λ😀\""), "λ😀")
        XCTAssertEqual(try read1("\"a\u{0}b\"").sstring?.scalars, [0x61, 0, 0x62])
        assertReadError(#""\q""#, contains: "unknown escape: \\q")
        assertReadError(#""\x41""#, contains: "bad \\x escape")
        assertReadError(#""\x;""#, contains: "bad \\x escape")
        assertReadError(#""\xD800;""#, contains: "invalid character code")
        assertReadError(#""\x110000;""#, contains: "invalid character code")
        assertReadError("\"a \\  b\"", contains: "bad line continuation")
        assertReadError("\n  \"abc", contains: "unexpected end of input in string started at 2:3")
    }

    /// A string without escapes is copied from the text in one piece: the cursor still counts its lines.
    func testPlainStringsKeepLinesAndColumns() throws {
        let data = try readAll("\"a\nbc\" (x)\n\"\" (y)")
        XCTAssertEqual(data.count, 4)
        assertLocation(data.count > 1 ? data[1] : nil, 2, 5)
        assertLocation(data.count > 3 ? data[3] : nil, 3, 4)
        XCTAssertEqual(try string("\"tab\there \\x41; end\""), "tab\there A end")
    }

    /// Integers of up to 18 digits skip the general number parser: the edges of that path, and
    /// tokens that only start like numbers.
    func testSmallIntegerEdges() throws {
        let cases: [(String, Int)] = [
            ("999999999999999999", 999_999_999_999_999_999), ("-999999999999999999", -999_999_999_999_999_999),
            ("1000000000000000000", 1_000_000_000_000_000_000), ("+007", 7), ("-00", 0),
        ]
        for (text, n) in cases { assertFixnum(try read1(text), n) }
        XCTAssertEqual(try symbolName("-a"), "-a")
        XCTAssertEqual(try symbolName("+"), "+")
        XCTAssertEqual(try symbolName("1+"), "1+")
        assertFlonum(try read1("-1."), -1)
    }

    func testMegabyteString() throws {
        let body = String(repeating: "abcdefghi\\n", count: 100_000)  // 1.1 MB of source
        let start = Date()
        let v = try read1("\"" + body + "\"")
        XCTAssertEqual(v.sstring?.scalars.count, 1_000_000)
        XCTAssertEqual(v.sstring?.scalars[9], 10)
        XCTAssertLessThan(Date().timeIntervalSince(start), 10)
    }

    func testCharacters() throws {
        let named: [(String, UInt32)] = [
            ("#\\a", 0x61), ("#\\space", 32), ("#\\newline", 10), ("#\\tab", 9), ("#\\nul", 0), ("#\\null", 0),
            ("#\\alarm", 7), ("#\\backspace", 8), ("#\\delete", 127), ("#\\escape", 27), ("#\\return", 13),
            ("#\\x41", 0x41), ("#\\x", 0x78), ("#\\X", 0x58), ("#\\λ", 0x3BB), ("#\\x3bb", 0x3BB), ("#\\(", 0x28),
            ("#\\)", 0x29), ("#\\ ", 0x20), ("#\\;", 0x3B), ("#\\\"", 0x22), ("#\\#", 0x23), ("#\\A", 0x41),
            ("#\\😀", 0x1F600),
        ]
        for (text, c) in named { XCTAssertEqual(try char(text), c, text) }
        let list = try readAll("(#\\a #\\b)")
        XCTAssertEqual(list.first?.listElements?.count, 2)
        assertReadError("#\\foo", contains: "unknown character name: #\\foo")
        assertReadError("#\\Space", contains: "unknown character name")
        assertReadError("#\\xD800", contains: "invalid character code")
        assertReadError("#\\x110000", contains: "invalid character code")
        assertReadError("#\\", contains: "unexpected end of input")
        assertReadError("#\\λx", contains: "unknown character name")
    }

    /// Past its first 64 symbols a read looks symbols up by their tokens (`Reader.cachedSymbol`, two
    /// a set of 64): in a long datum of a few symbols named again and again among hundreds read once,
    /// of lengths and names chosen so that many share a set, each element is the symbol it spells.
    func testSymbolsOfALongDatumAreThoseTheySpell() throws {
        var names: [String] = []
        for i in 0..<3000 {
            names.append(["view", "label", "text", "font", "tap", "ab", "ba"][i % 7])
            names.append(i % 3 == 0 ? "tap\(i):" : "x\(i % 97)")
            if i % 5 == 0 { names.append(String(repeating: "q", count: 1 + i % 9)) }
        }
        let list = try read1("(" + names.joined(separator: " ") + ")")
        var read: [String] = []
        var rest = list
        while case .pair(let p) = rest {
            read.append(p.car.symbol?.name ?? "not a symbol")
            rest = p.cdr
        }
        XCTAssertEqual(read, names)
    }

    func testIdentifiers() throws {
        XCTAssertEqual(try symbolName("abc"), "abc")
        let pair = try readAll("abc ABC")
        XCTAssertEqual(pair.count, 2)
        XCTAssertFalse(pair[0].isEq(pair[1]), "identifiers are case-sensitive")
        XCTAssertTrue(try read1("abc").isEq(rt.symbol("abc")), "symbols are interned")
        XCTAssertEqual(try symbolName("|odd symbol|"), "odd symbol")
        XCTAssertEqual(try symbolName(#"|a\x41;b|"#), "aAb")
        XCTAssertEqual(try symbolName(#"|a\|b|"#), "a|b")
        XCTAssertEqual(try symbolName(#"|tab\there|"#), "tab\there")
        XCTAssertEqual(try symbolName("||"), "")
        for peculiar in ["+", "-", "...", "->x", "+a", ".foo", "..", "-.x", "1+", "a.b", "<=?", "λ", "set-car!", "a#b"] {
            XCTAssertEqual(try symbolName(peculiar), peculiar)
        }
        assertReadError("|abc", contains: "unexpected end of input in |symbol|")
        let split = try readAll("abc|def|")
        XCTAssertEqual(split.map { $0.symbol?.name ?? "?" }, ["abc", "def"])
    }

    func testFoldCase() throws {
        XCTAssertEqual(try written("#!fold-case ABC #\\SPACE #\\A |XY| #!no-fold-case ABC #\\x41"),
                       "abc #\\space #\\A XY ABC #\\A")
        XCTAssertEqual(try written("(#!fold-case Hello World)"), "(hello world)")
        assertReadError("#!weird", contains: "unknown directive: #!weird")
        XCTAssertEqual(try written("#!/usr/bin/env htll\n42"), "42")
    }

    // MARK: Compound data

    func testLists() throws {
        XCTAssertEqual(try written("(1 2 3)"), "(1 2 3)")
        XCTAssertEqual(try written("(1 . 2)"), "(1 . 2)")
        XCTAssertEqual(try written("(1 2 . 3)"), "(1 2 . 3)")
        XCTAssertEqual(try written("(1 . (2 3))"), "(1 2 3)")
        XCTAssertEqual(try written("()"), "()")
        XCTAssertTrue(try read1("( )").isNull)
        XCTAssertEqual(try written("[1 2]"), "(1 2)")
        XCTAssertEqual(try written("(a [b (c)] \"d\")"), "(a (b (c)) \"d\")")
        XCTAssertEqual(try written("(a.b .5 ...)"), "(a.b 0.5 ...)")
        XCTAssertEqual(try written("(a(b)c)"), "(a (b) c)")
        let l = try read1("(1 \"two\" #\\3)")
        XCTAssertEqual(l.listElements?.count, 3)
        assertFixnum(l.car ?? .null, 1)
        XCTAssertEqual(l.cdr?.car?.sstring?.string, "two")
    }

    func testListErrors() {
        assertReadError("( . 1)", contains: "unexpected '.' at the start of a list")
        assertReadError("(1 . )", contains: "missing datum after '.'")
        assertReadError("(1 . 2 3)", contains: "more than one datum after '.'")
        assertReadError("(1 . 2 . 3)", contains: "unexpected second '.'")
        assertReadError("(1 . . 2)", contains: "unexpected second '.'")
        assertReadError(". 1", contains: "unexpected '.'")
        assertReadError("(1]", contains: "unexpected ']'")
        assertReadError("[1)", contains: "unexpected ')'")
        assertReadError("1 )", contains: "unexpected ')'")
        assertReadError("#(1 . 2)", contains: "unexpected '.'")
        assertReadError("'", contains: "unexpected end of input after '")
        assertReadError("(a ')", contains: "unexpected ')' after '")
        if let e = readError("\n\n    (a (b)") {
            XCTAssertEqual(e.message, "unexpected end of input in list started at 3:5")
            XCTAssertEqual(e.location.line, 3)
            XCTAssertEqual(e.location.column, 11)
        }
    }

    func testVectorsAndBytevectors() throws {
        let v = try read1("#(1 \"a\" #\\b (c))")
        XCTAssertEqual(v.svector?.items.count, 4)
        XCTAssertEqual(Printer.write(v), "#(1 \"a\" #\\b (c))")
        XCTAssertEqual(try written("#()"), "#()")
        XCTAssertEqual(try written("#(#(1) #())"), "#(#(1) #())")
        let b = try read1("#u8(0 255 16 #xff)")
        func bytes(_ v: Value) -> [UInt8]? { if case .bytevector(let b) = v { return b.bytes } else { return nil } }
        XCTAssertEqual(bytes(b), [0, 255, 16, 255])
        XCTAssertEqual(bytes(try read1("#U8()")), [])
        XCTAssertEqual(readError("#u8(300)")?.message, "bytevector element out of range: 300")
        assertReadError("#u8(-1)", contains: "bytevector element out of range: -1")
        assertReadError("#u8(a)", contains: "bytevector element is not a byte: a")
        assertReadError("#u8(1.0)", contains: "not a byte")
        assertReadError("#u8((1))", contains: "not a byte")
        assertReadError("#u8(1 2", contains: "unexpected end of input in bytevector started at 1:1")
        assertReadError("#(1 2", contains: "unexpected end of input in vector started at 1:1")
        assertReadError("#u8]", contains: "bad # syntax")
    }

    /// Containers inside containers share the reader's one stack of items: each gets its own.
    func testNestedContainersKeepTheirItems() throws {
        XCTAssertEqual(try written("(a #(1 (b . c) #u8(1 2) #()) #;(x #(y)) d 'e . f)"),
                       "(a #(1 (b . c) #u8(1 2) #()) d (quote e) . f)")
        XCTAssertEqual(try written("#(#(#(1 2) 3) (4 #(5 (6))))"), "#(#(#(1 2) 3) (4 #(5 (6))))")
        let labelled = try XCTUnwrap(read1("#(0 #0=(7 #(8)) #0#)").svector?.items)
        XCTAssertEqual(labelled.count, 3)
        XCTAssertTrue(labelled[1].isEq(labelled[2]))
        XCTAssertEqual(Printer.write(labelled[1]), "(7 #(8))")
        // Errors inside nested containers.
        var reader = Reader(text: "(1 #(2 #u8(300)))", fileIndex: 1, runtime: rt)
        XCTAssertThrowsError(try reader.read())
        reader = Reader(text: "(1 (2 #(3", fileIndex: 1, runtime: rt)
        XCTAssertThrowsError(try reader.read())
        XCTAssertTrue(reader.endedInsideDatum)
        reader = Reader(text: "(1 #(2) 3) (4)", fileIndex: 1, runtime: rt)
        XCTAssertEqual(Printer.write(try XCTUnwrap(try reader.read())), "(1 #(2) 3)")
        let second = try reader.read()
        XCTAssertEqual(second.map { Printer.write($0) }, "(4)")
        assertLocation(second, 1, 12)
        let nested = try read1("(a\n (b c)\n  d)")
        assertLocation(nested.cdr, 2, 2)
        assertLocation(nested.cdr?.cdr, 3, 3)
    }

    func testAbbreviations() throws {
        XCTAssertEqual(try written("'x"), "(quote x)")
        XCTAssertEqual(try written("`(a ,b ,@c)"), "(quasiquote (a (unquote b) (unquote-splicing c)))")
        XCTAssertEqual(try written("''x"), "(quote (quote x))")
        XCTAssertEqual(try written("'()"), "(quote ())")
        XCTAssertEqual(try written("(a . 'b)"), "(a quote b)")
        XCTAssertEqual(try written("' x"), "(quote x)")
        let q = try read1("  'x")
        assertLocation(q, 1, 3)
        XCTAssertTrue(q.car?.isEq(rt.symbol("quote")) ?? false)
    }

    func testComments() throws {
        XCTAssertEqual(try written("; a comment\n1 ; another\n2"), "1 2")
        XCTAssertEqual(try written("#| nested #| inner |# still |# 42"), "42")
        XCTAssertEqual(try written("#;(ignored list) 1"), "1")
        XCTAssertEqual(try written("(1 #;2 3)"), "(1 3)")
        XCTAssertEqual(try written("(1 #; (2 (3)) 4)"), "(1 4)")
        XCTAssertEqual(try written("#;#;1 2 3"), "3")
        XCTAssertEqual(try written("(a #|c|#b)"), "(a b)")
        XCTAssertEqual(try written("(1 #;2)"), "(1)")
        XCTAssertEqual(try readAll("; only a comment").count, 0)
        XCTAssertEqual(try readAll("").count, 0)
        assertReadError("#| never closed", contains: "unexpected end of input in block comment started at 1:1")
        assertReadError("(1 #;)", contains: "unexpected ')' after #;")
        assertReadError("#;", contains: "unexpected end of input after #;")
    }

    // MARK: Locations

    func testLocations() throws {
        let text = """
        (define (f x)
          (let ((y 1))
            (g x y)))
        """
        let d = try read1(text)
        assertLocation(d, 1, 1)
        let fx = d.cdr
        assertLocation(fx, 1, 9)          // the pair holding (f x): its element's location
        assertLocation(fx?.car, 1, 9)     // (f x) itself
        let letForm = fx?.cdr?.car
        assertLocation(fx?.cdr, 2, 3)
        assertLocation(letForm, 2, 3)
        assertLocation(letForm?.cdr?.car, 2, 8)        // ((y 1))
        assertLocation(letForm?.cdr?.car?.car, 2, 9)   // (y 1)
        assertLocation(letForm?.cdr?.car?.car?.cdr, 2, 12)  // the pair holding 1
        assertLocation(letForm?.cdr?.cdr?.car, 3, 5)   // (g x y)
        assertLocation(letForm?.cdr?.cdr?.car?.cdr, 3, 8)  // the pair holding x
        // Several data in one input, and the position after each.
        var reader = Reader(text: "1 (2)\n  x", fileIndex: 1, runtime: rt)
        _ = try reader.read()
        XCTAssertEqual(reader.position, 1)
        let second = try reader.read()
        XCTAssertEqual(reader.position, 5)
        assertLocation(second, 1, 3)
        XCTAssertEqual(try reader.read()?.symbol?.name, "x")
        XCTAssertEqual(reader.line, 2)
        XCTAssertEqual(reader.column, 4)
        XCTAssertNil(try reader.read())
        XCTAssertNil(try reader.read())
    }

    func testErrorLocations() {
        if let e = readError("(a\n  b))") {
            XCTAssertEqual(e.message, "unexpected ')'")
            XCTAssertEqual(e.location.line, 2)
            XCTAssertEqual(e.location.column, 5)
            XCTAssertEqual(e.location.file, 1)
        }
        if let e = readError("(ok)\n (x #\\bogus)") {
            XCTAssertEqual(e.location.line, 2)
            XCTAssertEqual(e.location.column, 5)
        }
    }

    func testEndedInsideDatum() throws {
        var r = Reader(text: "(define (f)", fileIndex: 1, runtime: rt)
        XCTAssertThrowsError(try r.read())
        XCTAssertTrue(r.endedInsideDatum)
        var s = Reader(text: "(a))", fileIndex: 1, runtime: rt)
        _ = try s.read()
        XCTAssertThrowsError(try s.read())
        XCTAssertFalse(s.endedInsideDatum)
        var t = Reader(text: "\"abc", fileIndex: 1, runtime: rt)
        XCTAssertThrowsError(try t.read())
        XCTAssertTrue(t.endedInsideDatum)
    }

    // MARK: Deep nesting

    func testDeepListNesting() throws {
        let depth = 100_000
        let text = String(repeating: "(", count: depth) + "x" + String(repeating: ")", count: depth)
        var v = try read1(text)
        var levels = 0
        while case .pair = v {
            XCTAssertTrue(v.cdr?.isNull ?? false)
            v = v.car ?? .null
            levels += 1
        }
        XCTAssertEqual(levels, depth)
        XCTAssertEqual(v.symbol?.name, "x")
    }

    func testDeepVectorAndQuoteNesting() throws {
        let depth = 100_000
        var v = try read1(String(repeating: "#(", count: depth) + String(repeating: ")", count: depth))
        var levels = 0
        while let vec = v.svector {
            levels += 1
            v = vec.items.first ?? .null
        }
        XCTAssertEqual(levels, depth)
        var q = try read1(String(repeating: "'", count: depth) + "y")
        var quotes = 0
        while case .pair = q {
            quotes += 1
            q = q.cdr?.car ?? .null
        }
        XCTAssertEqual(quotes, depth)
        XCTAssertEqual(q.symbol?.name, "y")
    }

    func testDeepUnclosedNestingIsAnError() {
        let text = String(repeating: "(", count: 100_000)
        assertReadError(text, contains: "unexpected end of input in list started at 1:1")
        assertReadError(String(repeating: ")", count: 100_000), contains: "unexpected ')'")
    }

    // MARK: Datum labels

    func testCircularList() throws {
        let v = try read1("#0=(a b . #0#)")
        guard let third = v.cdr?.cdr else { return XCTFail("too short") }
        XCTAssertTrue(third.isEq(v), "the tail is the list itself")
        XCTAssertEqual(v.car?.symbol?.name, "a")
        XCTAssertNil(v.listElements, "circular")
        let c = try read1("#1=(#1# . x)")
        XCTAssertTrue(c.car?.isEq(c) ?? false)
    }

    func testCircularVector() throws {
        let v = try read1("#0=#(1 #0# (#0#))")
        guard let vec = v.svector, vec.items.count == 3 else { return XCTFail("bad vector") }
        XCTAssertTrue(vec.items[1].isEq(v))
        XCTAssertTrue(vec.items[2].car?.isEq(v) ?? false)
    }

    func testSharedStructure() throws {
        let v = try read1("(#0=(x) #0# #0#)")
        guard let items = v.listElements, items.count == 3 else { return XCTFail("bad list") }
        XCTAssertTrue(items[0].isEq(items[1]))
        XCTAssertTrue(items[0].isEq(items[2]))
        let nested = try read1("#0=(a #1=(b #0#) #1#)")
        guard let outer = nested.listElements, outer.count == 3 else { return XCTFail("bad nested") }
        XCTAssertTrue(outer[1].isEq(outer[2]))
        XCTAssertTrue(outer[1].cdr?.car?.isEq(nested) ?? false)
        // A label bound to a placeholder (`#1=#0#`) must see the final datum after it is complete.
        let alias = try read1("(#0=(a #1=#0#) #1#)")
        guard let pairs = alias.listElements, pairs.count == 2 else { return XCTFail("bad alias") }
        XCTAssertTrue(pairs[1].isEq(pairs[0]))
        XCTAssertTrue(pairs[0].cdr?.car?.isEq(pairs[0]) ?? false)
        // Labels are scoped to one datum.
        assertReadError("#0=(1) #0#", contains: "undefined datum label #0#")
    }

    func testLabelErrors() {
        assertReadError("#0#", contains: "undefined datum label #0#")
        assertReadError("(#0# #0=1)", contains: "undefined datum label #0#")
        assertReadError("#0=#0#", contains: "refers only to itself")
        assertReadError("(#0=1 #0=2)", contains: "duplicate datum label #0=")
        assertReadError("#0x", contains: "bad # syntax: #0x")
        assertReadError("#99999999999999999999=1", contains: "datum label too large")
        assertReadError("#0=", contains: "unexpected end of input after #0=")
    }

    // MARK: Hostile input

    func testNulAndInvalidScalars() throws {
        assertReadError("\u{0}", contains: "unexpected character U+0000")
        assertReadError("(a \u{0})", contains: "unexpected character U+0000")
        assertReadError("ab\u{0}c", contains: "unexpected character U+0000")
        assertReadError("\u{1}", contains: "unexpected character U+0001")
        XCTAssertEqual(try char("#\\\u{0}"), 0)
        XCTAssertEqual(try symbolName("\u{FFFD}x"), "\u{FFFD}x")  // what invalid UTF-8 decodes to
        var bad = Reader(scalars: [0x28, 0x61, 0x20, 0xD800, 0x29], fileIndex: 1, runtime: rt)
        XCTAssertThrowsError(try bad.read())
        var big = Reader(scalars: [0x110000], fileIndex: 1, runtime: rt)
        XCTAssertThrowsError(try big.read())
        var inString = Reader(scalars: [0x22, 0xD800, 0x22], fileIndex: 1, runtime: rt)
        XCTAssertEqual(try inString.read()?.sstring?.scalars, [0xFFFD])
        XCTAssertEqual(try written("\u{FEFF}42"), "42")
    }

    func testEveryPrefixOfValidInputFailsCleanly() throws {
        // Truncating valid input anywhere must give data or a read error, never a crash.
        let text = "(define (f x) #(1 #u8(2) \"s\\x41;\" #\\space |a b| 'q `(,x ,@y) #0=(z . #0#) #;c 1.5e3 #| c |#))"
        let scalars = Array(text.unicodeScalars.map(\.value))
        for n in 0...scalars.count {
            var r = Reader(scalars: Array(scalars[0..<n]), fileIndex: 1, runtime: rt)
            do {
                while try r.read() != nil {}
            } catch {
                XCTAssertNotNil(ErrorObject(error.payload))
            }
        }
        XCTAssertEqual(try readAll(text).count, 1)
    }

    func testManySymbolsInOneDatumAreTheInternedOnes() throws {
        // Past the first symbols of a datum the reader keeps the symbols it made by token: every
        // occurrence must still be the interned symbol of its own name, whatever its slot.
        let names = (0..<300).map { "s\($0 % 150)" } + ["λx", "a", "ab", "ba", "FOLD", "s1", "s10"]
        let list = try read1("(" + names.joined(separator: " ") + ")")
        let items = try XCTUnwrap(list.listElements)
        XCTAssertEqual(items.count, names.count)
        for (item, name) in zip(items, names) {
            XCTAssertTrue(item.isEq(rt.symbol(name)), "\(name) read as \(Printer.write(item))")
        }
        // Case folding still applies to symbols read late in a datum.
        let folded = try read1("(" + Array(repeating: "x", count: 100).joined(separator: " ") + " #!fold-case FOLD Fold)")
        XCTAssertEqual(folded.listElements?.suffix(2).map { $0.symbol?.name ?? "?" }, ["fold", "fold"])
    }
}
