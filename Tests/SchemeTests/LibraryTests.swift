import XCTest
@testable import Scheme

/// Tests of the standard-library builtins, calling them directly (no evaluator needed).
final class LibraryTests: GCStressableTestCase {
    var rt: Runtime!

    override func setUp() {
        super.setUp()
        rt = Runtime()
        rt.installStandardLibrary()
    }

    // MARK: helpers

    func call(_ name: String, _ args: Value...) throws -> Value {
        guard let p = rt.systemValue(name).object(BuiltinProcedure.self) else {
            XCTFail("\(name) is not a builtin")
            return .unspecified
        }
        XCTAssertTrue(p.arity.accepts(args.count), "\(name) arity")
        var buffer = args + [.null]
        return try buffer.withUnsafeMutableBufferPointer { b in
            try p.function(Arguments(base: b.baseAddress!, count: args.count), rt)
        }
    }

    /// The message and irritants of the error `name` raises, written like the REPL shows them.
    func errorText(_ name: String, _ args: Value...) -> String? {
        guard let p = rt.systemValue(name).object(BuiltinProcedure.self) else { return nil }
        var buffer = args + [.null]
        do {
            _ = try buffer.withUnsafeMutableBufferPointer { b in
                try p.function(Arguments(base: b.baseAddress!, count: args.count), rt)
            }
            return nil
        } catch let error as SchemeRaise {
            guard let e = ErrorObject(error.payload) else { return Printer.write(error.payload) }
            return ([e.message] + e.irritants.map { Printer.write($0) }).joined(separator: " ")
        } catch {
            return "\(error)"
        }
    }

    func str(_ s: String) -> Value { rt.heap.string(s) }
    func sym(_ s: String) -> Value { rt.symbol(s) }
    func list(_ items: Value...) -> Value { rt.heap.list(items) }
    func ints(_ items: Int...) -> Value { rt.heap.list(items.map { .fixnum($0) }) }
    func w(_ v: Value) -> String { Printer.write(v) }
    func d(_ v: Value) -> String { Printer.display(v) }

    /// A circular list of `items`.
    func circular(_ items: Int...) -> Value {
        let l = rt.heap.list(items.map { .fixnum($0) })
        var last = l
        while case .pair(let p) = last, case .pair = p.cdr { last = p.cdr }
        if case .pair(let p) = last { p.cdr = l }
        return l
    }

    /// A list nested `depth` deep: (((…))).
    func nested(_ depth: Int) -> Value {
        var v = Value.null
        for _ in 0..<depth { v = rt.heap.cons(v, .null) }
        return v
    }

    // MARK: lists

    func testPairsAndCxr() throws {
        let l = ints(1, 2, 3, 4, 5)
        XCTAssertEqual(w(try call("caddr", l)), "3")
        XCTAssertEqual(w(try call("cddddr", l)), "(5)")
        XCTAssertEqual(w(try call("cadr", list(ints(1, 2), ints(3, 4)))), "(3 4)")
        XCTAssertEqual(w(try call("caar", list(ints(7, 8)))), "7")
        XCTAssertEqual(errorText("cadr", ints(1)), "cadr: expected a pair, got ()")
        XCTAssertEqual(errorText("car", .fixnum(1)), "car: expected a pair, got 1")
        let p = try call("cons", .fixnum(1), .fixnum(2))
        _ = try call("set-cdr!", p, .fixnum(3))
        XCTAssertEqual(w(p), "(1 . 3)")
        XCTAssertEqual(rt.systemValue("cadadr").object(BuiltinProcedure.self)?.name, "cadadr")
    }

    func testLengthAndListPredicateOnCycles() throws {
        XCTAssertEqual(w(try call("length", ints(1, 2, 3))), "3")
        XCTAssertEqual(w(try call("length", .null)), "0")
        let c = circular(1, 2, 3)
        XCTAssertEqual(w(try call("list?", c)), "#f")
        XCTAssertEqual(w(try call("list?", ints(1, 2))), "#t")
        XCTAssertEqual(w(try call("list?", rt.heap.cons(.fixnum(1), .fixnum(2)))), "#f")
        XCTAssertEqual(errorText("length", c)?.hasPrefix("length: not a proper list"), true)
        XCTAssertEqual(errorText("length", rt.heap.cons(.fixnum(1), .fixnum(2))), "length: not a proper list (1 . 2)")
        XCTAssertEqual(errorText("memq", .fixnum(9), c)?.hasPrefix("memq: not a proper list"), true)
        XCTAssertEqual(w(try call("memv", .fixnum(2), c)).hasPrefix("#0=(2 3 1 . #0#)"), true)
    }

    func testListOperations() throws {
        XCTAssertEqual(w(try call("append", ints(1, 2), ints(3), .null, ints(4, 5))), "(1 2 3 4 5)")
        XCTAssertEqual(w(try call("append", ints(1), .fixnum(2))), "(1 . 2)")
        XCTAssertEqual(w(try call("append")), "()")
        XCTAssertEqual(errorText("append", rt.heap.cons(.fixnum(1), .fixnum(2)), .null), "append: expected a proper list, got (1 . 2)")
        XCTAssertEqual(w(try call("reverse", ints(1, 2, 3))), "(3 2 1)")
        XCTAssertEqual(w(try call("reverse!", ints(1, 2, 3))), "(3 2 1)")
        XCTAssertEqual(w(try call("list-tail", ints(1, 2, 3), .fixnum(2))), "(3)")
        XCTAssertEqual(w(try call("list-ref", ints(1, 2, 3), .fixnum(1))), "2")
        XCTAssertNotNil(errorText("list-ref", ints(1, 2, 3), .fixnum(3)))
        XCTAssertNotNil(errorText("list-tail", ints(1), .fixnum(-1)))
        let l = ints(1, 2, 3)
        _ = try call("list-set!", l, .fixnum(1), sym("x"))
        XCTAssertEqual(w(l), "(1 x 3)")
        let copy = try call("list-copy", l)
        _ = try call("set-car!", copy, .fixnum(0))
        XCTAssertEqual(w(l), "(1 x 3)")
        XCTAssertEqual(w(copy), "(0 x 3)")
        XCTAssertEqual(w(try call("make-list", .fixnum(3), .char(97))), "(#\\a #\\a #\\a)")
        XCTAssertEqual(w(try call("last-pair", ints(1, 2, 3))), "(3)")
        XCTAssertEqual(w(try call("memq", sym("c"), list(sym("a"), sym("c"), sym("d")))), "(c d)")
        XCTAssertEqual(w(try call("%member", ints(2), list(ints(1), ints(2), ints(3)))), "((2) (3))")
        XCTAssertEqual(w(try call("memv", .fixnum(9), ints(1, 2))), "#f")
        let alist = list(rt.heap.cons(sym("a"), .fixnum(1)), rt.heap.cons(str("b"), .fixnum(2)))
        XCTAssertEqual(w(try call("assq", sym("a"), alist)), "(a . 1)")
        XCTAssertEqual(w(try call("assq", str("b"), alist)), "#f")
        XCTAssertEqual(w(try call("%assoc", str("b"), alist)), "(\"b\" . 2)")
        XCTAssertEqual(w(try call("cons*", .fixnum(1), .fixnum(2), ints(3))), "(1 2 3)")
    }

    /// The helpers of n-list `map` and friends, and `append-reverse`, walk the lists in place
    /// (no arrays): the same answers, the same errors, a symbol found among other kinds of keys.
    func testListWalkersWithoutArrays() throws {
        XCTAssertEqual(w(try call("%cars", list(ints(1, 2), ints(3), ints(4, 5, 6)))), "(1 3 4)")
        XCTAssertEqual(w(try call("%cdrs", list(ints(1, 2), ints(3), ints(4, 5, 6)))), "((2) () (5 6))")
        XCTAssertEqual(w(try call("%cars", list(ints(1, 2), .null))), "#f")
        XCTAssertEqual(w(try call("%cdrs", list(ints(1), .fixnum(7)))), "#f")
        XCTAssertEqual(w(try call("%cars", .null)), "()")
        XCTAssertNotNil(errorText("%cars", rt.heap.cons(ints(1), .fixnum(2))))
        XCTAssertEqual(w(try call("append-reverse", ints(1, 2, 3), ints(4))), "(3 2 1 4)")
        XCTAssertEqual(w(try call("append-reverse", .null, .fixnum(9))), "9")
        XCTAssertNotNil(errorText("append-reverse", rt.heap.cons(.fixnum(1), .fixnum(2)), .null))
        let mixed = list(rt.heap.cons(.fixnum(1), .fixnum(1)), rt.heap.cons(str("a"), .fixnum(2)),
                         rt.heap.cons(sym("b"), .fixnum(3)), rt.heap.cons(sym("a"), .fixnum(4)))
        XCTAssertEqual(w(try call("assq", sym("a"), mixed)), "(a . 4)")
        XCTAssertEqual(w(try call("assq", sym("z"), mixed)), "#f")
        XCTAssertEqual(w(try call("memq", sym("b"), list(.fixnum(1), str("b"), sym("b"), .null))), "(b ())")
        XCTAssertEqual(w(try call("memq", .null, list(.fixnum(1), .null))), "(())")
    }

    // MARK: equality

    func testEquality() throws {
        XCTAssertEqual(w(try call("equal?", list(str("a"), rt.heap.vector([.fixnum(1), ints(2)])),
                                   list(str("a"), rt.heap.vector([.fixnum(1), ints(2)])))), "#t")
        XCTAssertEqual(w(try call("equal?", ints(1, 2), ints(1, 3))), "#f")
        XCTAssertEqual(w(try call("eqv?", .flonum(2), .fixnum(2))), "#f")
        XCTAssertEqual(w(try call("eq?", str("a"), str("a"))), "#f")
        XCTAssertEqual(w(try call("equal?", rt.makeBytevector([1, 2]), rt.makeBytevector([1, 2]))), "#t")
        XCTAssertEqual(w(try call("boolean=?", .true, .true, .false)), "#f")
        XCTAssertNotNil(errorText("boolean=?", .true, .fixnum(1)))
        XCTAssertEqual(w(try call("symbol=?", sym("a"), sym("a"))), "#t")
    }

    func testEqualOnDeepAndCircularStructures() throws {
        // Deep nesting must not overflow the Swift stack.
        XCTAssertEqual(w(try call("equal?", nested(1_000_000), nested(1_000_000))), "#t")
        XCTAssertEqual(w(try call("equal?", nested(100_000), nested(100_001))), "#f")
        // Circular structures must terminate.
        XCTAssertEqual(w(try call("equal?", circular(1, 2), circular(1, 2))), "#t")
        XCTAssertEqual(w(try call("equal?", circular(1, 2), circular(1, 2, 1, 2))), "#t")
        XCTAssertEqual(w(try call("equal?", circular(1, 2), circular(1, 3))), "#f")
    }

    // MARK: chars and strings

    /// The ASCII case mappings made in place agree with Unicode's for every ASCII character.
    func testASCIICaseMappingsAreUnicodes() {
        for c in UInt32(0)..<128 {
            XCTAssertEqual(Chars.upcase(c), Chars.mapped(c) { $0.uppercaseMapping }, "char-upcase of \(c)")
            XCTAssertEqual(Chars.downcase(c), Chars.mapped(c) { $0.lowercaseMapping }, "char-downcase of \(c)")
        }
        XCTAssertEqual(Chars.downcase(0x5A), 0x7A)
        XCTAssertEqual(Chars.upcase(0x61), 0x41)
        XCTAssertEqual(Chars.downcase(0xC9), 0xE9)  // É, past ASCII
    }

    func testChars() throws {
        XCTAssertEqual(w(try call("char-upcase", .char(0x3BB))), "#\\Λ")
        XCTAssertEqual(w(try call("char-downcase", .char(65))), "#\\a")
        XCTAssertEqual(w(try call("char-foldcase", .char(0x3C2))), "#\\σ")
        XCTAssertEqual(w(try call("char-alphabetic?", .char(0x3BB))), "#t")
        XCTAssertEqual(w(try call("char-numeric?", .char(0x663))), "#t")
        XCTAssertEqual(w(try call("digit-value", .char(0x663))), "3")
        XCTAssertEqual(w(try call("digit-value", .char(97))), "#f")
        XCTAssertEqual(w(try call("char-whitespace?", .char(0x3000))), "#t")
        XCTAssertEqual(w(try call("char<?", .char(97), .char(98), .char(99))), "#t")
        XCTAssertEqual(w(try call("char<?", .char(97), .char(99), .char(98))), "#f")
        XCTAssertEqual(w(try call("char-ci=?", .char(97), .char(65))), "#t")
        XCTAssertEqual(w(try call("integer->char", .fixnum(955))), "#\\λ")
        XCTAssertNotNil(errorText("integer->char", .fixnum(0xD800)))
        XCTAssertEqual(errorText("char->integer", .fixnum(1)), "char->integer: expected a character, got 1")
    }

    func testStrings() throws {
        XCTAssertEqual(errorText("string-ref", str("abc"), .fixnum(5)), "string-ref: index 5 out of range for string of length 3")
        XCTAssertEqual(w(try call("string-ref", str("aλc"), .fixnum(1))), "#\\λ")
        let s = try call("make-string", .fixnum(3), .char(120))
        _ = try call("string-set!", s, .fixnum(1), .char(121))
        XCTAssertEqual(w(s), "\"xyx\"")
        XCTAssertEqual(w(try call("substring", str("hello"), .fixnum(1), .fixnum(3))), "\"el\"")
        XCTAssertNotNil(errorText("substring", str("hello"), .fixnum(3), .fixnum(1)))
        XCTAssertEqual(w(try call("string-append", str("a"), str("bc"), str(""))), "\"abc\"")
        XCTAssertEqual(w(try call("string-copy", str("hello"), .fixnum(2))), "\"llo\"")
        let t = str("abcde")
        _ = try call("string-copy!", t, .fixnum(1), t, .fixnum(0), .fixnum(3))
        XCTAssertEqual(w(t), "\"aabce\"")
        XCTAssertEqual(w(try call("string->list", str("abc"), .fixnum(1))), "(#\\b #\\c)")
        XCTAssertEqual(w(try call("list->string", list(.char(104), .char(105)))), "\"hi\"")
        XCTAssertEqual(w(try call("string-upcase", str("straße"))), "\"STRASSE\"")
        XCTAssertEqual(w(try call("string-foldcase", str("Straße"))), "\"strasse\"")
        XCTAssertEqual(w(try call("string<?", str("abc"), str("abd"), str("b"))), "#t")
        XCTAssertEqual(w(try call("string<?", str("abc"), str("ab"))), "#f")
        XCTAssertEqual(w(try call("string=?", str("a"), str("a"), str("b"))), "#f")
        XCTAssertEqual(w(try call("string-ci=?", str("HeLLo"), str("hello"))), "#t")
        XCTAssertEqual(w(try call("string->vector", str("ab"))), "#(#\\a #\\b)")
        XCTAssertEqual(w(try call("vector->string", rt.heap.vector([.char(111), .char(107)]))), "\"ok\"")
    }

    func testStringSearch() throws {
        XCTAssertEqual(w(try call("string-split", str("a,b,,c"), .char(44))), "(\"a\" \"b\" \"\" \"c\")")
        XCTAssertEqual(w(try call("string-split", str("a::b"), str("::"))), "(\"a\" \"b\")")
        XCTAssertEqual(w(try call("string-join", list(str("a"), str("b")), str(", "))), "\"a, b\"")
        XCTAssertEqual(w(try call("string-join", list(str("a"), str("b")))), "\"a b\"")
        XCTAssertEqual(w(try call("string-join", list(str("a"), str("b")), str(";"), sym("suffix"))), "\"a;b;\"")
        XCTAssertEqual(w(try call("string-contains", str("hello world"), str("o w"))), "4")
        XCTAssertEqual(w(try call("string-contains", str("hello"), str("xyz"))), "#f")
        XCTAssertEqual(w(try call("%string-index-char", str("hello"), .char(108))), "2")
        XCTAssertEqual(w(try call("string-prefix?", str("he"), str("hello"))), "#t")
        XCTAssertEqual(w(try call("string-suffix?", str("lo"), str("hello"))), "#t")
        XCTAssertEqual(w(try call("string-trim-both", str("  x y \n"))), "\"x y\"")
    }

    // MARK: vectors and bytevectors

    func testVectors() throws {
        let v = try call("make-vector", .fixnum(3), .fixnum(0))
        _ = try call("vector-set!", v, .fixnum(2), sym("z"))
        XCTAssertEqual(w(v), "#(0 0 z)")
        XCTAssertEqual(errorText("vector-ref", v, .fixnum(3)), "vector-ref: index 3 out of range for vector of length 3")
        XCTAssertEqual(w(try call("vector->list", v, .fixnum(1), .fixnum(2))), "(0)")
        _ = try call("vector-fill!", v, .fixnum(7), .fixnum(1))
        XCTAssertEqual(w(v), "#(0 7 7)")
        let dst = rt.heap.vector([.fixnum(1), .fixnum(2), .fixnum(3), .fixnum(4)])
        _ = try call("vector-copy!", dst, .fixnum(1), dst, .fixnum(0), .fixnum(3))
        XCTAssertEqual(w(dst), "#(1 1 2 3)")
        XCTAssertNotNil(errorText("vector-copy!", dst, .fixnum(3), dst))
        XCTAssertEqual(w(try call("vector-append", dst, rt.heap.vector([]), rt.heap.vector([sym("a")]))), "#(1 1 2 3 a)")
        XCTAssertEqual(w(try call("list->vector", ints(1, 2))), "#(1 2)")
    }

    func testBytevectors() throws {
        let b = try call("bytevector", .fixnum(1), .fixnum(2), .fixnum(255))
        XCTAssertEqual(w(b), "#u8(1 2 255)")
        XCTAssertNotNil(errorText("bytevector", .fixnum(256)))
        _ = try call("bytevector-u8-set!", b, .fixnum(0), .fixnum(9))
        XCTAssertEqual(w(try call("bytevector-u8-ref", b, .fixnum(0))), "9")
        XCTAssertEqual(w(try call("string->utf8", str("λa"))), "#u8(206 187 97)")
        XCTAssertEqual(w(try call("utf8->string", rt.makeBytevector([206, 187, 97]))), "\"λa\"")
        XCTAssertEqual(w(try call("bytevector-copy", b, .fixnum(1))), "#u8(2 255)")
        XCTAssertEqual(w(try call("bytevector-append", b, b)), "#u8(9 2 255 9 2 255)")
    }

    // MARK: hash tables

    func testHashTables() throws {
        let t = try call("make-hash-table")
        _ = try call("hash-table-set!", t, ints(1, 2), sym("list"))
        _ = try call("hash-table-set!", t, str("k"), sym("string"))
        _ = try call("hash-table-set!", t, .fixnum(5), sym("five"))
        XCTAssertEqual(w(try call("hash-table-ref/default", t, ints(1, 2), .false)), "list")
        XCTAssertEqual(w(try call("hash-table-ref/default", t, str("k"), .false)), "string")
        XCTAssertEqual(w(try call("hash-table-ref/default", t, .flonum(5), .false)), "#f")
        XCTAssertEqual(w(try call("hash-table-count", t)), "3")
        XCTAssertEqual(w(try call("hash-table-keys", t)), "((1 2) \"k\" 5)")
        _ = try call("hash-table-delete!", t, str("k"))
        XCTAssertEqual(w(try call("hash-table-contains?", t, str("k"))), "#f")
        XCTAssertEqual(w(try call("hash-table->alist", t)), "(((1 2) . list) (5 . five))")
        let copy = try call("hash-table-copy", t)
        _ = try call("hash-table-clear!", t)
        XCTAssertEqual(w(try call("hash-table-size", t)), "0")
        XCTAssertEqual(w(try call("hash-table-size", copy)), "2")

        let eqTable = try call("make-hash-table", rt.systemValue("eq?"))
        _ = try call("hash-table-set!", eqTable, str("k"), .fixnum(1))
        XCTAssertEqual(w(try call("hash-table-ref/default", eqTable, str("k"), .false)), "#f")
        XCTAssertEqual(w(try call("hash-table-ref/default", eqTable, .fixnum(3), .false)), "#f")
        XCTAssertNotNil(errorText("make-hash-table", rt.systemValue("car")))
        // A huge key hashes in bounded time and still compares by content.
        _ = try call("hash-table-set!", copy, nested(200_000), .true)
        XCTAssertEqual(w(try call("hash-table-ref/default", copy, nested(200_000), .false)), "#t")
    }

    // MARK: records

    func testRecords() throws {
        let rtd = try call("%make-record-type", sym("<point>"), list(sym("x"), sym("y")))
        let make = try call("%record-constructor", rtd, list(sym("y"), sym("x")))
        let isPoint = try call("%record-predicate", rtd)
        let getX = try call("%record-accessor", rtd, sym("x"))
        let setY = try call("%record-modifier", rtd, sym("y"))
        func apply(_ f: Value, _ args: Value...) throws -> Value {
            guard let p = f.object(BuiltinProcedure.self) else { throw XCTSkip("not a primitive") }
            var buffer = args + [.null]
            return try buffer.withUnsafeMutableBufferPointer { b in
                try p.function(Arguments(base: b.baseAddress!, count: args.count), rt)
            }
        }
        let p = try apply(make, .fixnum(2), .fixnum(1))
        XCTAssertEqual(w(try apply(getX, p)), "1")
        XCTAssertEqual(w(try apply(isPoint, p)), "#t")
        XCTAssertEqual(w(try apply(isPoint, .fixnum(5))), "#f")
        _ = try apply(setY, p, .fixnum(9))
        XCTAssertEqual(w(p), "#<point>")
        XCTAssertEqual(getX.object(BuiltinProcedure.self)?.name, "point-x")
        do {
            _ = try apply(getX, .fixnum(5))
            XCTFail("accessor accepted a non-record")
        } catch let e as SchemeRaise {
            let obj = ErrorObject(e.payload)
            XCTAssertEqual(obj?.message, "point-x: expected a point, got")
            XCTAssertEqual(obj.map { w($0.irritants[0]) }, "5")
        }
        XCTAssertNotNil(errorText("%record-accessor", rtd, sym("z")))
    }

    // MARK: printer

    func testPrinterCyclesAndSharing() throws {
        XCTAssertEqual(w(circular(1)), "#0=(1 . #0#)")
        XCTAssertEqual(w(circular(1, 2, 3)), "#0=(1 2 3 . #0#)")
        XCTAssertEqual(d(circular(1, 2)), "#0=(1 2 . #0#)")
        let shared = ints(1)
        let l = list(shared, shared)
        XCTAssertEqual(w(l), "((1) (1))")
        XCTAssertEqual(Printer.render(l, .shared), "(#0=(1) #0#)")
        let v = rt.heap.vector([.fixnum(1), .null])
        v.svector?.set(1, v, rt.heap)
        XCTAssertEqual(w(v), "#0=#(1 #0#)")
        // A cycle through the car of a nested list.
        let inner = ints(2)
        let outer = list(.fixnum(1), inner)
        _ = try call("set-car!", inner, outer)
        XCTAssertEqual(w(outer), "#0=(1 (#0#))")
        XCTAssertEqual(Printer.render(circular(1), .simple).hasSuffix("..."), true)
    }

    func testPrinterDeepNesting() throws {
        let deep = nested(1_000_000)
        let text = w(deep)
        XCTAssertEqual(text.count, 2_000_002)
        XCTAssertTrue(text.hasPrefix("((((") && text.hasSuffix("))))"))
    }

    func testPrinterAtoms() throws {
        XCTAssertEqual(w(sym("a b")), "|a b|")
        XCTAssertEqual(w(sym("")), "||")
        XCTAssertEqual(w(sym("1+")), "|1+|")
        XCTAssertEqual(w(sym("+")), "+")
        XCTAssertEqual(w(sym("...")), "...")
        XCTAssertEqual(w(sym("->x")), "->x")
        // Whitespace outside ASCII still needs bars (the printer looks its property up past 0x7F);
        // other non-ASCII letters do not.
        XCTAssertEqual(w(sym("x\u{3000}y")), "|x\u{3000}y|")
        XCTAssertEqual(w(sym("x\u{A0}y")), "|x\u{A0}y|")
        XCTAssertEqual(w(sym("λ~!$%&*/:<=>?^_")), "λ~!$%&*/:<=>?^_")
        XCTAssertEqual(w(sym("tab\tx")), "|tab\\x9;x|")
        XCTAssertEqual(d(sym("a b")), "a b")
        XCTAssertEqual(w(.char(32)), "#\\space")
        XCTAssertEqual(w(.char(10)), "#\\newline")
        XCTAssertEqual(w(.char(0)), "#\\null")
        XCTAssertEqual(w(.char(1)), "#\\x1")
        XCTAssertEqual(d(.char(97)), "a")
        XCTAssertEqual(w(str("a\"b\\c\nd\u{1}")), "\"a\\\"b\\\\c\\nd\\x1;\"")
        XCTAssertEqual(d(str("a\"b")), "a\"b")
        XCTAssertEqual(w(.eof), "#<eof>")
        XCTAssertEqual(w(rt.systemValue("car")), "#<procedure car>")
        XCTAssertEqual(w(list(.true, .false, .null, .flonum(1.5))), "(#t #f () 1.5)")
        XCTAssertEqual(w(rt.heap.cons(.fixnum(1), .fixnum(2))), "(1 . 2)")
    }

    // MARK: ports

    func testStringPorts() throws {
        let out = try call("open-output-string")
        _ = try call("write", list(str("a"), .char(98)), out)
        _ = try call("display", list(str("a"), .char(98)), out)
        _ = try call("newline", out)
        _ = try call("write-string", str("hello"), out, .fixnum(1), .fixnum(3))
        _ = try call("write-char", .char(0x3BB), out)
        XCTAssertEqual(d(try call("get-output-string", out)), "(\"a\" #\\b)(a b)\nelλ")
        XCTAssertNotNil(errorText("write-u8", .fixnum(1), out))

        let inp = try call("open-input-string", str("ab\ncd\r\nlast"))
        XCTAssertEqual(w(try call("peek-char", inp)), "#\\a")
        XCTAssertEqual(w(try call("read-char", inp)), "#\\a")
        XCTAssertEqual(w(try call("read-line", inp)), "\"b\"")
        XCTAssertEqual(w(try call("read-line", inp)), "\"cd\"")
        XCTAssertEqual(w(try call("read-string", .fixnum(2), inp)), "\"la\"")
        XCTAssertEqual(w(try call("read-string", .fixnum(10), inp)), "\"st\"")
        XCTAssertEqual(w(try call("read-char", inp)), "#<eof>")
        XCTAssertEqual(w(try call("read-line", inp)), "#<eof>")
        XCTAssertEqual(w(try call("char-ready?", inp)), "#t")
        _ = try call("close-port", inp)
        XCTAssertEqual(w(try call("input-port-open?", inp)), "#f")
        XCTAssertEqual(errorText("read-char", inp)?.hasPrefix("read-char: port is closed"), true)
    }

    func testBytevectorPorts() throws {
        let out = try call("open-output-bytevector")
        _ = try call("write-u8", .fixnum(7), out)
        _ = try call("write-bytevector", rt.makeBytevector([1, 2, 3]), out, .fixnum(1))
        XCTAssertEqual(w(try call("get-output-bytevector", out)), "#u8(7 2 3)")
        XCTAssertEqual(w(try call("binary-port?", out)), "#t")
        XCTAssertNotNil(errorText("write-char", .char(97), out))
        let inp = try call("open-input-bytevector", rt.makeBytevector([5, 6, 7]))
        XCTAssertEqual(w(try call("peek-u8", inp)), "5")
        XCTAssertEqual(w(try call("read-u8", inp)), "5")
        XCTAssertEqual(w(try call("read-bytevector", .fixnum(5), inp)), "#u8(6 7)")
        XCTAssertEqual(w(try call("read-u8", inp)), "#<eof>")
    }

    func testFilePorts() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("htll-lib-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = str(dir.appendingPathComponent("t.txt").path)
        let out = try call("open-output-file", path)
        _ = try call("display", str("héllo\nworld"), out)
        _ = try call("close-output-port", out)
        XCTAssertEqual(w(try call("file-exists?", path)), "#t")
        let inp = try call("open-input-file", path)
        XCTAssertEqual(w(try call("read-line", inp)), "\"héllo\"")
        XCTAssertEqual(w(try call("read-line", inp)), "\"world\"")
        XCTAssertEqual(w(try call("read-line", inp)), "#<eof>")
        _ = try call("close-port", inp)
        let bin = try call("open-binary-input-file", path)
        XCTAssertEqual(w(try call("read-u8", bin)), "104")
        XCTAssertEqual(w(try call("read-u8", bin)), "195")
        _ = try call("delete-file", path)
        XCTAssertEqual(w(try call("file-exists?", path)), "#f")
        let missing = dir.appendingPathComponent("x").path
        XCTAssertEqual(errorText("open-input-file", str(missing)),
                       "open-input-file: cannot open \"\(missing)\": No such file or directory \"\(missing)\"")
        do {
            _ = try call("open-input-file", str(missing))
        } catch let e as SchemeRaise {
            XCTAssertEqual(ErrorObject(e.payload)?.kind, .file)
        }
    }

    func testCurrentPortsAreParameters() throws {
        XCTAssertTrue(rt.systemValue("current-output-port").isEq(.procedure(Unmanaged.passUnretained(rt.currentOutput))))
        let out = try call("open-output-string")
        rt.currentOutput.set(out, rt.heap)
        _ = try call("write", sym("x"))
        _ = try call("newline")
        XCTAssertEqual(d(try call("get-output-string", out)), "x\n")
    }
}

/// The Scheme-level library (prelude/scheme/20…50-*.scm) and the builtins as programs see them.
final class SchemeLibraryTests: SchemeTestCase {
    func testHigherOrderLists() {
        check("(map + '(1 2 3) '(10 20))", "(11 22)")
        check("(let ((acc '())) (for-each (lambda (a b) (set! acc (cons (+ a b) acc))) '(1 2) '(3 4 5)) acc)", "(6 4)")
        check("(member 2.0 '(1 2 3) =)", "(2 3)")
        check("(assoc 2.0 '((1 . a) (2 . b)) =)", "(2 . b)")
        check("(filter odd? '(1 2 3 4 5))", "(1 3 5)")
        check("(remove odd? '(1 2 3 4 5))", "(2 4)")
        check("(call-with-values (lambda () (partition odd? '(1 2 3 4))) list)", "((1 3) (2 4))")
        check("(fold cons* '() '(a b c) '(1 2 3))", "(c 3 b 2 a 1)")
        check("(fold-left list '() '(1 2 3))", "(((() 1) 2) 3)")
        check("(fold-right list 'z '(1 2) '(3 4))", "(1 3 (2 4 z))")
        check("(reduce - 0 '(1 2 3 4))", "2")
        check("(delete-duplicates '(a b a c b))", "(a b c)")
        check("(delete-duplicates '(1 2 1.0 3) =)", "(1 2 3)")
        check("(list (any odd? '(2 4)) (every odd? '()) (every (lambda (x) (and (odd? x) x)) '(1 3)))", "(#f #t 3)")
        check("(list (list-index even? '(1 3 4)) (count even? '(1 2 4)) (find even? '(1 2 4)) (find-tail even? '(1 2 4)))",
              "(2 2 2 (2 4))")
        check("(list (iota 3) (iota 3 1 2) (last '(1 2 3)))", "((0 1 2) (1 3 5) 3)")
        check("(append-map (lambda (x) (list x x)) '(1 2))", "(1 1 2 2)")
        check("(filter-map (lambda (x) (and (odd? x) (* x x))) '(1 2 3))", "(1 9)")
        // A long list does not deepen the stack.
        check("(length (map (lambda (x) x) (iota 200000)))", "200000")
    }

    func testEqualOnCarChainsCyclesAndSharing() {
        // A 300,000-deep chain of cars (the cdrs are atoms), equal and differing at the bottom.
        let chain = "(define (chain n end) (let loop ((i 0) (x end)) (if (= i n) x (loop (+ i 1) (cons x 'a)))))"
        check("\(chain) (list (equal? (chain 300000 '()) (chain 300000 '())) (equal? (chain 300000 1) (chain 300000 2)))",
              "(#t #f)")
        // Cycles through cars and through vectors terminate.
        check("(let ((a (list 1 2)) (b (list 1 2))) (set-car! a a) (set-car! b b) (equal? a b))", "#t")
        check("(let ((a (list 1 2)) (b (list 1 3))) (set-car! a a) (set-car! b b) (equal? a b))", "#f")
        check("(let ((v (vector 1 2)) (w (vector 1 2))) (vector-set! v 0 v) (vector-set! w 0 w) (equal? v w))", "#t")
        check("(let ((v (vector 1 2)) (w (vector 1 3))) (vector-set! v 0 v) (vector-set! w 0 w) (equal? v w))", "#f")
        // A DAG whose tree is 10! leaves: pairs met again are not compared again.
        check("""
              (define (copies n x) (if (= n 0) '() (cons x (copies (- n 1) x))))
              (define (dag n) (if (= n 0) '() (copies n (dag (- n 1)))))
              (list (equal? (dag 10) (dag 10)) (equal? (dag 10) (cons 1 (cdr (dag 10)))))
              """, "(#t #f)")
    }

    func testSorting() {
        check("(list-sort < '(3 1 2 5 4))", "(1 2 3 4 5)")
        check("(sort '(3 1 2) <)", "(1 2 3)")
        check("(sort (vector 3 1 2) <)", "#(1 2 3)")
        check("(vector-sort < (vector 5 3 9 1))", "#(1 3 5 9)")
        check("(let ((v (vector 3 2 1))) (vector-sort! v <) v)", "#(1 2 3)")
        // Stable: equal keys keep their order.
        check("(list-sort (lambda (a b) (< (car a) (car b))) '((1 . a) (0 . b) (1 . c) (0 . d)))",
              "((0 . b) (0 . d) (1 . a) (1 . c))")
        check("(equal? (list-sort < (reverse (iota 5000))) (iota 5000))", "#t")
    }

    func testVectorAndStringHigherOrder() {
        check("(vector-map + #(1 2) #(10 20 30))", "#(11 22)")
        check("(let ((acc 0)) (vector-for-each (lambda (x) (set! acc (+ acc x))) #(1 2 3)) acc)", "6")
        check("(string-map char-upcase \"abc\")", "\"ABC\"")
        check("(string-map (lambda (a b) (if (char<? a b) a b)) \"adc\" \"bbbz\")", "\"abb\"")
        check("(let ((acc '())) (string-for-each (lambda (c) (set! acc (cons c acc))) \"ab\") acc)", "(#\\b #\\a)")
        check("(list (string-index \"hello\" #\\l) (string-index \"heLlo\" char-upper-case?) (string-index \"abc\" #\\z))",
              "(2 2 #f)")
    }

    func testHashTables() {
        check("""
              (define t (make-hash-table))
              (hash-table-set! t '(1 2) 'a)
              (hash-table-update! t '(1 2) (lambda (v) (list v v)))
              (hash-table-update!/default t "k" (lambda (v) (+ v 1)) 0)
              (list (hash-table-ref t (list 1 2)) (hash-table-ref t "k") (hash-table-ref t 'missing (lambda () 'none))
                    (hash-table-ref t "k" (lambda () 'none) (lambda (v) (* v 10)))
                    (hash-table-fold t (lambda (k v acc) (+ acc 1)) 0))
              """, "((a a) 1 none 10 2)")
        check("(let ((t (make-hash-table eq?)) (n 0)) (hash-table-set! t 'x 1) (hash-table-walk t (lambda (k v) (set! n (+ n v)))) n)", "1")
        check("(let ((t (make-hash-table))) (hash-table-set! t (expt 2 100) 'big) (hash-table-ref/default t (expt 2 100) #f))", "big")
        XCTAssertEqual(error("(hash-table-ref (make-hash-table) 'x)")?.message, "hash-table-ref: key not found")
    }

    func testRecordsAndErrors() {
        check("""
              (define-record-type <point> (make-point x y) point? (x point-x set-point-x!) (y point-y))
              (define p (make-point 1 2))
              (set-point-x! p 5)
              (list p (point-x p) (point-y p) (point? p) (point? 5))
              """, "(#<point> 5 2 #t #f)")
        XCTAssertEqual(error("(define-record-type point (mp x) p? (x point-x)) (point-x 5)")?.message, "point-x: expected a point, got")
        XCTAssertEqual(error("(string-ref \"abc\" 5)")?.message, "string-ref: index 5 out of range for string of length 3")
        XCTAssertEqual(error("(define l (list 1 2)) (set-cdr! (cdr l) l) (length l)")?.message, "length: not a proper list")
        check("(guard (e ((file-error? e) (error-object-message e))) (open-input-file \"/nonexistent/x\"))",
              "\"open-input-file: cannot open \\\"/nonexistent/x\\\": No such file or directory\"")
    }

    /// Record procedures run in the VM's call (not as builtin frames): the same values and errors
    /// called directly, in tail position, through `apply` and `map`, with a record of another type
    /// of the same shape, and with the wrong number of arguments.
    func testRecordProceduresEverywhereTheyAreCalled() {
        let types = """
            (define-record-type <point> (make-point x y) point? (x point-x set-point-x!) (y point-y set-point-y!))
            (define-record-type <pair2> (make-pair2 x y) pair2? (x pair2-x) (y pair2-y))
            (define p (make-point 1 2))
            (define q (make-pair2 1 2))
            (define (tail-x r) (point-x r))
            (define (tail-set r v) (set-point-y! r v))
            """
        check(types + """
              (set-point-x! p 5)
              (tail-set p 7)
              (list (point-x p) (tail-x p) (apply point-y (list p)) (map point-x (list p p))
                    (point? p) (point? q) (apply point? (list 3)) (pair2-x q) (apply set-point-x! p '(9)) (point-x p))
              """, "(5 5 7 (5 5) #t #f #f 1 #<unspecified> 9)")
        XCTAssertEqual(error(types + "(point-x q)")?.message, "point-x: expected a point, got")
        XCTAssertEqual(error(types + "(tail-x 'a)")?.message, "point-x: expected a point, got")
        XCTAssertEqual(error(types + "(apply set-point-x! (list q 1))")?.message, "set-point-x!: expected a point, got")
        XCTAssertEqual(error(types + "(point-x p p)")?.message, "point-x: expected 1 argument, got 2")
        XCTAssertEqual(error(types + "(set-point-x! p)")?.message, "set-point-x!: expected 2 arguments, got 1")
        XCTAssertEqual(error(types + "(point?)")?.message, "point?: expected 1 argument, got 0")
        // An error raised by one is caught like any builtin's, and the program goes on.
        check(types + "(list (guard (e (#t (error-object-message e))) (point-y q)) (point-y (make-point 3 4)))",
              "(\"point-y: expected a point, got\" 4)")
    }

    func testPrinting() {
        check("(let ((l (list 1 2 3))) (set-cdr! (cddr l) l) l)", "#0=(1 2 3 . #0#)")
        XCTAssertEqual(output("(define l (list 1 2)) (set-cdr! (cdr l) l) (display l)"), "#0=(1 2 . #0#)")
        XCTAssertEqual(output("(write-shared (let ((x (list 1))) (list x x)))"), "(#0=(1) #0#)")
        XCTAssertEqual(output("(write (let ((x (list 1))) (list x x)))"), "((1) (1))")
        XCTAssertEqual(output("(write '|a b|) (write (string->symbol \"1x\")) (display '|a b|)"), "|a b||1x|a b")
        XCTAssertEqual(output("(write (list #\\space #\\a \"q\\\"\\n\"))"), "(#\\space #\\a \"q\\\"\\n\")")
        // Deep nesting prints without recursion.
        XCTAssertEqual(value("""
              (define (nest n acc) (if (= n 0) acc (nest (- n 1) (list acc))))
              (string-length (call-with-output-string (lambda (p) (write (nest 100000 '()) p))))
              """), "200002")
        check("(let ((a (vector 1 2))) (vector-set! a 0 a) a)", "#0=#(#0# 2)")
    }

    func testPorts() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("htll-lib-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("f.txt").path
        check("""
              (call-with-output-file "\(file)" (lambda (port) (write '(a "b") port) (newline port)))
              (with-output-to-file "\(file)" (lambda () (display "line1\\nline2")))
              (list (call-with-input-file "\(file)" read-line)
                    (with-input-from-file "\(file)" (lambda () (read-line) (read-line))))
              """, "(\"line1\" \"line2\")")
        check("(with-output-to-string (lambda () (display \"hi\") (write 'x)))", "\"hix\"")
        check("(let ((p (open-input-string \"ab\"))) (list (read-char p) (peek-char p) (read-char p) (eof-object? (read-char p))))",
              "(#\\a #\\b #\\b #t)")
        check("(let ((p (open-output-string))) (parameterize ((current-output-port p)) (display 42)) (get-output-string p))", "\"42\"")
        check("(eq? (current-output-port) (current-output-port))", "#t")
    }
}
