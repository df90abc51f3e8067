import XCTest
@testable import Scheme

/// The numeric tower: bignum arithmetic, generic promotion, the numeric builtins, parsing and printing.
///
/// Expressions are evaluated by a tiny test-only evaluator: `(op arg...)` where each argument is a
/// number literal (read with `Numbers.parse`), a string literal, or a nested call of a number builtin.
final class NumberTests: XCTestCase {
    var rt: Runtime!

    override func setUp() {
        rt = Runtime()
        rt.install(numberBuiltins)
    }

    // MARK: - Test evaluator

    private func call(_ name: String, _ args: [Value]) throws -> Value {
        guard case .procedure(let p) = rt.systemValue(name),
              let prim = p.takeUnretainedValue() as? BuiltinProcedure else {
            XCTFail("no builtin \(name)")
            return .unspecified
        }
        XCTAssertTrue(prim.arity.accepts(args.count), "\(name) called with \(args.count) arguments")
        let buf = UnsafeMutablePointer<Value>.allocate(capacity: max(1, args.count))
        defer { buf.deallocate() }
        buf.initialize(from: args, count: args.count)
        return try prim.function(Arguments(base: buf, count: args.count), rt)
    }

    /// Evaluates `src` and returns what `write` prints, or `error: message irritants`.
    private func ev(_ src: String) -> String {
        var tokens: [String] = []
        var cur = ""
        var inString = false
        for ch in src {
            if inString {
                cur.append(ch)
                if ch == "\"" { tokens.append(cur); cur = ""; inString = false }
            } else if ch == "\"" {
                cur = "\""; inString = true
            } else if ch == "(" || ch == ")" || ch == " " {
                if !cur.isEmpty { tokens.append(cur); cur = "" }
                if ch != " " { tokens.append(String(ch)) }
            } else {
                cur.append(ch)
            }
        }
        if !cur.isEmpty { tokens.append(cur) }
        var pos = 0
        func expr() throws -> Value {
            let t = tokens[pos]
            pos += 1
            if t == "(" {
                let op = tokens[pos]
                pos += 1
                var args: [Value] = []
                while tokens[pos] != ")" { args.append(try expr()) }
                pos += 1
                return try call(op, args)
            }
            if t.hasPrefix("\"") { return rt.heap.string(String(t.dropFirst().dropLast())) }
            if t == "#t" { return .true }
            if t == "#f" { return .false }
            guard let v = Numbers.parse(t, rt: rt) else {
                XCTFail("bad literal \(t)")
                return .unspecified
            }
            return v
        }
        do {
            return Printer.write(try expr())
        } catch let e as SchemeRaise {
            guard let err = ErrorObject(e.payload) else { return "raise" }
            return (["error: " + err.message] + err.irritants.map { Printer.write($0) }).joined(separator: " ")
        } catch {
            return "\(error)"
        }
    }

    private func check(_ src: String, _ expected: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(ev(src), expected, src, file: file, line: line)
    }

    // MARK: - Promotion to bignums

    func testFixnumOverflowPromotes() {
        check("(expt 2 100)", "1267650600228229401496703205376")
        check("(* 99999999999 99999999999)", "9999999999800000000001")
        check("(+ 9223372036854775807 1)", "9223372036854775808")
        check("(- -9223372036854775808 1)", "-9223372036854775809")
        check("(- -9223372036854775808)", "9223372036854775808")
        check("(abs -9223372036854775808)", "9223372036854775808")
        check("(* -9223372036854775808 -1)", "9223372036854775808")
        check("(/ -9223372036854775808 -1)", "9223372036854775808")
        check("(quotient -9223372036854775808 -1)", "9223372036854775808")
        check("(remainder -9223372036854775808 -1)", "0")
    }

    func testBignumsNormaliseBackToFixnums() throws {
        let v = try call("-", [try call("+", [.fixnum(Int.max), .fixnum(1)]), .fixnum(1)])
        guard case .fixnum(let n) = v else { return XCTFail("expected a fixnum, got \(Printer.write(v))") }
        XCTAssertEqual(n, Int.max)
        let big = try XCTUnwrap(Numbers.parse("100000000000000000000", rt: rt))
        XCTAssertNotNil(Numbers.bigInt(big))
        XCTAssertNotNil(Numbers.parse("-9223372036854775808", rt: rt)?.fixnum)
        XCTAssertNil(Numbers.parse("9223372036854775808", rt: rt)?.fixnum)
    }

    func testBignumArithmetic() {
        check("(* 123456789012345678901234567890 987654321098765432109876543210)",
              "121932631137021795226185032733622923332237463801111263526900")
        check("(- 100000000000000000000 100000000000000000001)", "-1")
        check("(+ 100000000000000000000 -100000000000000000000)", "0")
        check("(quotient 121932631137021795226185032733622923332237463801111263526900 987654321098765432109876543210)",
              "123456789012345678901234567890")
        check("(remainder 1000000000000000000000000000007 1000000000000000000000)", "7")
        check("(modulo -1000000000000000000000000000007 1000000000000000000000)", "999999999999999999993")
        check("(remainder -1000000000000000000000000000007 1000000000000000000000)", "-7")
        check("(quotient (expt 10 40) (expt 10 20))", "100000000000000000000")
        check("(gcd (expt 2 100) (expt 6 50))", "1125899906842624")
        check("(lcm (expt 2 70) 3)", "3541774862152233910272")
        check("(= (expt 2 100) (* (expt 2 50) (expt 2 50)))", "#t")
        check("(< (expt 2 100) (expt 2 101))", "#t")
        check("(< (- (expt 2 100)) (expt 2 10))", "#t")
        check("(> (expt 2 100) 1.0e30)", "#t")
        check("(< (expt 2 100) 1.3e30)", "#t")
        check("(= (expt 2 100) 1267650600228229401496703205376.0)", "#t")
        check("(= 9007199254740993 9007199254740992.0)", "#f")
        check("(< 9007199254740992.0 9007199254740993)", "#t")
        check("(+ (expt 2 100) 0.5)", "1.2676506002282294e+30")
        check("(exact->inexact (expt 3 500))", "3.6360291795869935e+238")
        check("(exact->inexact (expt 10 400))", "+inf.0")
        check("(exact (expt 2.0 80))", "1208925819614629174706176")
    }

    func testKaratsubaMatchesSchoolbook() {
        // Operands above the Karatsuba threshold, checked through division and a known identity.
        check("(quotient (* (expt 7 900) (expt 11 800)) (expt 11 800))", ev("(expt 7 900)"))
        check("(- (square (+ (expt 3 1000) 1)) (+ (square (expt 3 1000)) (* 2 (expt 3 1000))))", "1")
        let a = BigNum.fromDigits(Array(repeating: 9, count: 1500), radix: 10, negative: false)
        let b = BigNum.fromDigits(Array(repeating: 7, count: 1300), radix: 10, negative: true)
        let fast = a * b
        let slow = BigNum(negative: true, limbs: BigNum.schoolbook(a.limbs, b.limbs))
        XCTAssertEqual(fast, slow)
    }

    func testDivisionRoundTripsOnRandomBignums() {
        var g = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let a = BigNum(negative: Bool.random(using: &g),
                           limbs: (0..<Int.random(in: 1...12, using: &g)).map { _ in UInt64.random(in: 0...UInt64.max, using: &g) })
            let b = BigNum(negative: Bool.random(using: &g),
                           limbs: (0..<Int.random(in: 1...6, using: &g)).map { _ in UInt64.random(in: 0...UInt64.max, using: &g) })
            if b.isZero { continue }
            let (q, r) = a.quotientAndRemainder(dividingBy: b)
            XCTAssertEqual(q * b + r, a)
            XCTAssertTrue(BigNum.compareMagnitudes(r.limbs, b.limbs) < 0)
            XCTAssertTrue(r.isZero || r.negative == a.negative)
            let (fq, fr) = a.floorDivision(by: b)
            XCTAssertEqual(fq * b + fr, a)
            XCTAssertTrue(fr.isZero || fr.negative == b.negative)
            for radix in [2, 10, 16, 36] {
                let s = a.toString(radix: radix)
                XCTAssertEqual(Numbers.parse(s, radix: radix, rt: rt).map { Printer.write($0) }, a.toString(radix: 10))
            }
        }
    }

    // MARK: - Generic arithmetic

    func testVariadicArithmetic() {
        check("(+)", "0")
        check("(*)", "1")
        check("(+ 1 2 3 4)", "10")
        check("(- 10)", "-10")
        check("(- 10 1 2)", "7")
        check("(- 0.0)", "-0.0")
        check("(+ -0.0)", "-0.0")
        check("(/ 2)", "1/2")
        check("(/ 12 2 3)", "2")
        check("(/ 7 2)", "7/2")
        check("(/ 1 3)", "1/3")
        check("(/ (expt 10 30) (expt 10 29))", "10")
        check("(/ (expt 10 30) 3)", "1000000000000000000000000000000/3")
        check("(/ 7.0 2)", "3.5")
        check("(/ 1.0 0)", "error: /: division by zero 1.0")
        check("(/ 1 0)", "error: /: division by zero 1")
        check("(/ 1.0 0.0)", "+inf.0")
        check("(+ 1 2.5)", "3.5")
        check("(* 2 0.5)", "1.0")
        check("(+ 1 \"a\")", "error: +: expected a number, got \"a\"")
        check("(* \"x\")", "error: *: expected a number, got \"x\"")
        check("(- \"x\")", "error: -: expected a number, got \"x\"")
    }

    func testComparisons() {
        check("(= 1 1 1)", "#t")
        check("(= 1 1 2)", "#f")
        check("(< 1 2 3)", "#t")
        check("(< 1 3 2)", "#f")
        check("(<= 1 1 2)", "#t")
        check("(>= 3 3 1)", "#t")
        check("(> 3 2 2)", "#f")
        check("(= 1 1.0)", "#t")
        check("(< 1)", "#t")
        check("(= +nan.0 +nan.0)", "#f")
        check("(< 1 +nan.0)", "#f")
        check("(< 1 \"a\")", "error: <: expected a number, got \"a\"")
        check("(max 1 2.0)", "2.0")
        check("(max 1 3 2)", "3")
        check("(min 1 2.0)", "1.0")
        check("(min (expt 2 70) (expt 2 69))", "590295810358705651712")
        check("(max 1 +nan.0)", "+nan.0")
    }

    func testIntegerDivision() {
        check("(quotient 17 5)", "3")
        check("(remainder 17 -5)", "2")
        check("(modulo 17 -5)", "-3")
        check("(modulo -7 2)", "1")
        check("(floor/ 5 2)", "2 1")
        check("(floor/ -5 2)", "-3 1")
        check("(floor/ 5 -2)", "-3 -1")
        check("(floor/ -5 -2)", "2 -1")
        check("(truncate/ 5 2)", "2 1")
        check("(truncate/ -5 2)", "-2 -1")
        check("(truncate/ 5 -2)", "-2 1")
        check("(truncate/ -5.0 2)", "-2.0 -1.0")
        check("(floor-quotient -7 2)", "-4")
        check("(floor-remainder -7 2)", "1")
        check("(truncate-quotient -7 2)", "-3")
        check("(truncate-remainder -7 2)", "-1")
        check("(modulo 13.0 4)", "1.0")
        check("(modulo -13 4.0)", "3.0")
        check("(quotient 7 0)", "error: quotient: division by zero 7")
        check("(modulo 7 0.0)", "error: modulo: division by zero 7")
        check("(floor/ 7 0)", "error: floor/: division by zero 7")
        check("(quotient 7.5 2)", "error: quotient: expected an integer, got 7.5")
        check("(modulo 7/2 2)", "error: modulo: expected an integer, got 7/2")
    }

    /// `floor/` and `truncate/` (and their quotients and remainders) take any reals, as in chibi
    /// and guile (whose answers these are): an integer quotient and n1 - n2 * quotient.
    func testFloorAndTruncateDivisionOfNonIntegers() {
        check("(floor/ 7/2 2/3)", "5 1/6")
        check("(floor/ -7/2 2/3)", "-6 1/2")
        check("(truncate/ -7/2 2/3)", "-5 -1/6")
        check("(floor/ 7/2 -2/3)", "-6 -1/2")
        check("(truncate/ 7/2 -2/3)", "-5 1/6")
        check("(floor-quotient 7 2/3)", "10")
        check("(floor-remainder -1/3 1/3)", "0")
        check("(truncate/ 123456789012345678901234567891 7/3)", "52910052433862433814814814810 1")
        check("(floor/ 7.5 2)", "3.0 1.5")
        check("(floor/ -7.5 2)", "-4.0 0.5")
        check("(truncate/ -7.5 2)", "-3.0 -1.5")
        check("(floor/ 7/2 0.5)", "7.0 0.0")
        check("(floor/ 10 3.5)", "2.0 3.0")
        check("(floor/ 1/2 0)", "error: floor/: division by zero 1/2")
        check("(truncate/ 1/2 +i)", "error: truncate/: expected a real number, got +i")
        check("(remainder \"a\" 2)", "error: remainder: expected a number, got \"a\"")
        check("(gcd)", "0")
        check("(gcd 12 -18)", "6")
        check("(gcd -7)", "7")
        check("(lcm)", "1")
        check("(lcm 4 6)", "12")
        check("(lcm 4 0)", "0")
        check("(gcd 12.0 18)", "6.0")
        check("(abs -5)", "5")
        check("(abs -5.5)", "5.5")
    }

    func testPredicates() {
        check("(number? 1)", "#t")
        check("(number? (expt 2 100))", "#t")
        check("(number? \"1\")", "#f")
        check("(integer? 2.0)", "#t")
        check("(integer? 2.5)", "#f")
        check("(integer? +inf.0)", "#f")
        check("(integer? \"a\")", "#f")
        check("(rational? 1.5)", "#t")
        check("(rational? +nan.0)", "#f")
        check("(exact? 1)", "#t")
        check("(exact? (expt 2 100))", "#t")
        check("(exact? 1.0)", "#f")
        check("(inexact? 1.0)", "#t")
        check("(exact? \"a\")", "error: exact?: expected a number, got \"a\"")
        check("(exact-integer? 5)", "#t")
        check("(exact-integer? 5.0)", "#f")
        check("(nan? +nan.0)", "#t")
        check("(infinite? -inf.0)", "#t")
        check("(finite? 1)", "#t")
        check("(finite? +inf.0)", "#f")
        check("(zero? 0.0)", "#t")
        check("(zero? (expt 2 100))", "#f")
        check("(positive? (expt 2 100))", "#t")
        check("(negative? (- (expt 2 100)))", "#t")
        check("(negative? -0.0)", "#f")
        check("(odd? (+ (expt 2 100) 1))", "#t")
        check("(even? (expt 2 100))", "#t")
        check("(even? 4.0)", "#t")
        check("(odd? -3)", "#t")
        check("(odd? 1.5)", "error: odd?: expected an integer, got 1.5")
    }

    func testExactnessAndRounding() {
        check("(exact 2.0)", "2")
        check("(exact 1e20)", "100000000000000000000")
        check("(exact 1.5)", "3/2")
        check("(inexact->exact +inf.0)", "error: inexact->exact: no exact representation of +inf.0")
        check("(inexact 3)", "3.0")
        check("(exact->inexact 1/3)", "0.3333333333333333")
        check("(round 2.5)", "2.0")
        check("(round 3.5)", "4.0")
        check("(round -3.5)", "-4.0")
        check("(round -2.5)", "-2.0")
        check("(round 7)", "7")
        check("(floor -3.5)", "-4.0")
        check("(ceiling -3.5)", "-3.0")
        check("(truncate -3.7)", "-3.0")
        check("(floor (expt 2 100))", "1267650600228229401496703205376")
        check("(numerator 6)", "6")
        check("(denominator 6)", "1")
        check("(numerator 0.75)", "3.0")
        check("(denominator 0.75)", "4.0")
    }

    func testRootsAndPowers() {
        check("(sqrt 16)", "4")
        check("(sqrt 15)", "3.872983346207417")
        check("(sqrt 2.25)", "1.5")
        check("(sqrt (expt 10 40))", "100000000000000000000")
        check("(sqrt (+ (expt 10 40) 1))", "100000000000000000000.0")
        check("(sqrt -4)", "+2i")
        check("(sqrt -4.0)", "0.0+2.0i")
        check("(exact-integer-sqrt 17)", "4 1")
        check("(exact-integer-sqrt 9223372036854775807)", "3037000499 5928526806")
        check("(exact-integer-sqrt (expt 10 41))", "316227766016837933199 562477137586013626399")
        check("(exact-integer-sqrt -1)", "error: exact-integer-sqrt: expected a non-negative exact integer, got -1")
        check("(exact-integer-sqrt 4.0)", "error: exact-integer-sqrt: expected an exact integer, got 4.0")
        check("(expt 2 10)", "1024")
        check("(expt -3 3)", "-27")
        check("(expt 2 -2)", "1/4")
        check("(expt 2.0 3)", "8.0")
        check("(expt 4 0.5)", "2.0")
        check("(expt 0 0)", "1")
        check("(expt 0.0 0)", "1.0")
        check("(expt -1 (expt 10 30))", "1")
        check("(expt 0 -1)", "error: expt: division by zero 0 -1")
        check("(expt 2 (expt 10 30))", "error: expt: result too large 2 1000000000000000000000000000000")
        check("(square 5)", "25")
        check("(square 1.5)", "2.25")
        check("(square 3037000500)", "9223372037000250000")
        check("(exp 0)", "1.0")
        check("(log 1)", "0.0")
        check("(log 8 2)", "3.0")
        check("(log 100 10)", "2.0")
        check("(log -1)", "0.0+3.141592653589793i")
        check("(log (expt 10 400))", "921.0340371976182")
        check("(atan 1 1)", "0.7853981633974483")
        check("(sin 0)", "0.0")
        check("(exp \"a\")", "error: exp: expected a number, got \"a\"")
    }

    // MARK: - Printing

    func testFlonumPrinting() {
        let cases: [(Double, String)] = [
            (1.0, "1.0"), (0.1, "0.1"), (1e21, "1.0e+21"), (1e20, "100000000000000000000.0"), (1.5e-7, "1.5e-7"),
            (0.000001, "0.000001"), (-0.0, "-0.0"), (123.456, "123.456"), (1.0 / 3, "0.3333333333333333"),
            (Double.leastNonzeroMagnitude, "5.0e-324"), (1.7976931348623157e308, "1.7976931348623157e+308"), (-2.5e30, "-2.5e+30"),
            (.infinity, "+inf.0"), (-.infinity, "-inf.0"), (.nan, "+nan.0"), (12345678.9, "12345678.9"),
            (1e16, "10000000000000000.0"), (0.001, "0.001"), (1.2345e-10, "1.2345e-10"),
        ]
        for (d, s) in cases {
            XCTAssertEqual(Numbers.formatFlonum(d), s)
            XCTAssertEqual(Printer.display(.flonum(d)), s)
            if d.isFinite {
                // Every printed form reads back as the same double.
                XCTAssertEqual(Numbers.parse(s, rt: rt).flatMap(Numbers.toDouble)?.bitPattern, d.bitPattern, s)
            }
        }
        var g = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let d = Double(bitPattern: UInt64.random(in: 0...UInt64.max, using: &g))
            guard d.isFinite else { continue }
            let s = Numbers.formatFlonum(d)
            XCTAssertEqual(Numbers.parse(s, rt: rt).flatMap(Numbers.toDouble)?.bitPattern, d.bitPattern, s)
        }
    }

    /// `formatFlonum` returns Swift's description as it is when it has no exponent: that text must
    /// be what the rule lays out (`layoutFlonum`), for numbers across the whole positional range
    /// and its edges, where Swift switches to exponents.
    func testFlonumShortcutFollowsTheRule() {
        var g = SystemRandomNumberGenerator()
        var values: [Double] = [0.4, 1.0, 100.0, 1e-4, 0.0001, 0.00009999999999999999, 9007199254740992.0,
                                9007199254740994.0, 1e15, 1e16, 0.1 + 0.2, 123456.789, 4503599627370496.5]
        for _ in 0..<20_000 {
            // Magnitudes 1e-8 ... 1e18, where the shortcut's edges are.
            let d = Double.random(in: 1...10, using: &g) * (Double("1e\(Int.random(in: -8...18, using: &g))") ?? 1)
            values.append(Bool.random(using: &g) ? d : -d)
            values.append(d.rounded())
        }
        var shortcuts = 0
        for d in values where d != 0 {
            let text = d.description
            if !text.contains("e") { shortcuts += 1 }
            XCTAssertEqual(Numbers.formatFlonum(d), Numbers.layoutFlonum(d, text), "\(d)")
        }
        XCTAssertGreaterThan(shortcuts, values.count / 3)
    }

    /// Short decimals (at most 15 digits, a point, no exponent) take a fast path in the parser
    /// (issue 19): its value is the correctly rounded one (Swift's `Double(String)`, which also
    /// rounds correctly); longer ones, exponents, prefixes and exactness go through the full
    /// parser as before. (ReaderTests: the reader's numbers are the parser's.)
    func testShortDecimalsParseToTheCorrectlyRoundedFlonum() throws {
        for text in Self.shortDecimals(count: 20_000) {
            guard let expected = Double(text) else { return XCTFail(text) }
            guard case .flonum(let d)? = Numbers.parse(text, rt: rt) else { return XCTFail(text) }
            XCTAssertEqual(d.bitPattern, expected.bitPattern, text)
        }
        for (text, printed) in [("0.1000000000000001", "0.1000000000000001"), ("1.5e3", "1500.0"), ("#e0.5", "1/2"), ("#i3", "3.0"),
                                ("#d0.25", "0.25"), ("1234567890.1234567", "1234567890.1234567"), ("-0.0", "-0.0")] {
            XCTAssertEqual(Numbers.parse(text, rt: rt).map(Printer.write), printed, text)
        }
        for text in ["1.2.3", "-.", ".", "1.5x", "+", "1..", "0x1.5"] { XCTAssertNil(Numbers.parse(text, rt: rt), text) }
    }

    /// Random decimals of up to 15 digits with a point somewhere and a sign or none, after some chosen ones.
    static func shortDecimals(count: Int) -> [String] {
        var g = SystemRandomNumberGenerator()
        var texts = ["0.1", "0.2", "0.3", "-0.0", "+0.5", ".5", "-.25", "3.", "999999999999999.", ".000000000000001",
                     "123456789012.345", "9007199254740.993", "1.7976931348623", "2.2250738585072"]
        for _ in 0..<count {
            let digits = String((0..<Int.random(in: 1...15, using: &g)).map { _ in "0123456789".randomElement(using: &g)! })
            let point = Int.random(in: 0...digits.count, using: &g)
            texts.append(["", "-", "+"].randomElement(using: &g)! + digits.prefix(point) + "." + digits.dropFirst(point))
        }
        return texts
    }

    func testNumberToString() {
        check("(number->string 255 16)", "\"ff\"")
        check("(number->string -255 2)", "\"-11111111\"")
        check("(number->string (expt 2 100) 16)", "\"10000000000000000000000000\"")
        check("(number->string (- (expt 3 50)) 8)", "\"-230012517606662772047361711\"")
        check("(number->string 1.5)", "\"1.5\"")
        check("(number->string 1.5 2)", "\"#i11/10\"")
        check("(number->string 10 1)", "error: number->string: invalid radix 1")
        check("(number->string \"a\")", "error: number->string: expected a number, got \"a\"")
        XCTAssertEqual(Printer.display(Numbers.parse("-123456789012345678901234567890", rt: rt) ?? .null),
                       "-123456789012345678901234567890")
    }

    // MARK: - Parsing

    private func parsed(_ s: String, radix: Int = 10) -> String {
        Numbers.parse(s, radix: radix, rt: rt).map { Printer.write($0) } ?? "#f"
    }

    func testParseSyntax() {
        let cases: [(String, String)] = [
            ("42", "42"), ("-42", "-42"), ("+42", "42"), ("1.5", "1.5"), (".5", "0.5"), ("-.5", "-0.5"),
            ("1.", "1.0"), ("1e3", "1000.0"), ("1E3", "1000.0"), ("1.5e-3", "0.0015"), ("-2.5e+2", "-250.0"),
            ("#x1F", "31"), ("#xff", "255"), ("#b1010", "10"), ("#o17", "15"), ("#d99", "99"), ("#X-Ff", "-255"),
            ("#e1.5e2", "150"), ("#e1.25", "5/4"), ("#e1e25", "10000000000000000000000000"), ("#i5", "5.0"),
            ("#x#e10", "16"), ("#e#x10", "16"), ("#i#x10", "16.0"), ("#x#x10", "#f"), ("#e#i1", "#f"),
            ("+inf.0", "+inf.0"), ("-inf.0", "-inf.0"), ("+nan.0", "+nan.0"), ("-nan.0", "+nan.0"),
            ("+INF.0", "+inf.0"), ("inf.0", "#f"), ("#e+inf.0", "#f"),
            ("6/3", "2"), ("1/2", "1/2"), ("#e1/2", "1/2"), ("#i6/3", "2.0"), ("1/0", "#f"), ("/2", "#f"),
            ("", "#f"), ("+", "#f"), ("-", "#f"), (".", "#f"), ("...", "#f"), ("1e", "#f"), ("e1", "#f"),
            ("1.2.3", "#f"), ("1a", "#f"), ("#x1.5", "#f"), ("1+2i", "1+2i"), ("+i", "+i"), ("#", "#f"),
            ("#q1", "#f"), ("- 1", "#f"), ("0x10", "#f"), ("1_000", "#f"), ("-0", "0"), ("-0.0", "-0.0"),
            ("123456789012345678901234567890", "123456789012345678901234567890"),
            ("-9223372036854775809", "-9223372036854775809"),
            ("12345678901234567890.5", "12345678901234567000.0"),
            ("0.30000000000000004", "0.30000000000000004"), ("1e400", "+inf.0"), ("1e-400", "0.0"),
            ("2.2250738585072011e-308", "2.225073858507201e-308"),
            ("00012", "12"), ("1e0000000000000000000000000002", "100.0"),
        ]
        for (text, want) in cases {
            XCTAssertEqual(parsed(text), want, text)
        }
        XCTAssertEqual(parsed("ff", radix: 16), "255")
        XCTAssertEqual(parsed("zz", radix: 36), "1295")
        XCTAssertEqual(parsed("#d10", radix: 16), "10")
        XCTAssertEqual(parsed("12", radix: 2), "#f")
        XCTAssertEqual(parsed("1.5", radix: 16), "#f")
    }

    /// `#e1e10000000` is the exact integer 10^10,000,000 (33 million bits), read without going
    /// through a flonum; an exponent ten times larger is past the 2^26-bit bound of exact results.
    /// (A debug build checks 10^100,000: unoptimised, the big-number code is ~100× slower.)
    func testExactLiteralWithAHugeExponent() {
        #if DEBUG
        let e = 100_000
        #else
        let e = 10_000_000
        #endif
        check("(exact-integer? #e1e\(e))", "#t")
        check("(= #e1e\(e) (expt 10 \(e)))", "#t")
        check("(string->number \"#e1e99999999\")", "#f")
    }

    func testStringToNumberBuiltin() {
        check("(string->number \"100\")", "100")
        check("(string->number \"100\" 16)", "256")
        check("(string->number \"1e2\")", "100.0")
        check("(string->number \"abc\")", "#f")
        check("(string->number \"#xAB\")", "171")
        check("(string->number \"10\" 37)", "error: string->number: invalid radix 37")
        check("(string->number 10)", "error: string->number: expected a string, got 10")
    }

    func testEqvOnBignums() throws {
        let a = try XCTUnwrap(Numbers.parse("123456789012345678901234567890", rt: rt))
        let b = try XCTUnwrap(Numbers.parse("123456789012345678901234567890", rt: rt))
        let c = try XCTUnwrap(Numbers.parse("123456789012345678901234567891", rt: rt))
        XCTAssertFalse(a.isEq(b))
        XCTAssertTrue(a.isEqv(b))
        XCTAssertFalse(a.isEqv(c))
        XCTAssertFalse(a.isEqv(.flonum(1.2345678901234568e29)))
    }

    // MARK: - Complex numbers

    func testComplexPredicatesHaveTheirR7RSMeaning() {
        check("(real? -2.5+0.0i)", "#f")
        check("(real? -2.5+0i)", "#t")
        check("(integer? 3+0i)", "#t")
        check("(complex? 3+4i)", "#t")
        check("(rational? 1+i)", "#f")
        check("(exact? 1+2i)", "#t")
        check("(exact? 1.0+2i)", "#f")
        check("(exact-rational? 1+2i)", "#f")
        check("(finite? 3.0+inf.0i)", "#f")
        check("(infinite? 3.0+inf.0i)", "#t")
        check("(nan? 1+2i)", "#f")
        check("(zero? 0.0+0.0i)", "#t")
        check("(= 1 1.0 1.0+0.0i)", "#t")
        check("(= 1.0 1.0+1.0i)", "#f")
        check("(positive? 1+i)", "error: positive?: expected a real number, got 1+i")
        check("(< 1 +i)", "error: <: expected a real number, got +i")
        check("(max 1 +i)", "error: max: expected a real number, got +i")
        check("(floor 1.5+i)", "error: floor: expected a real number, got 1.5+1.0i")
        check("(odd? 1+i)", "error: odd?: expected an integer, got 1+i")
    }

    func testComplexExactnessRules() {
        // Exact parts stay exact through + - * / and integer powers; an inexact part makes both inexact.
        check("(make-rectangular 1 0.0)", "1.0+0.0i")
        check("(make-rectangular 1.5 0)", "1.5")
        check("(* 1+2i 3-i)", "5+5i")
        check("(/ 1+2i 3+4i)", "11/25+2/25i")
        check("(- 1+2i 1+2i)", "0")
        check("(+ 1/2+i 0.5)", "1.0+1.0i")
        check("(expt 1+i 2)", "+2i")
        check("(expt 1+i -2)", "-1/2i")
        check("(exact 1.5+2.5i)", "3/2+5/2i")
        check("(inexact 1/2+1/3i)", "0.5+0.3333333333333333i")
        check("(sqrt 3+4i)", "2+i")
        check("(sqrt -1/4)", "+1/2i")
        check("(magnitude 3+4i)", "5")
        check("(expt (make-rectangular 3 4) (expt 10 30))", "error: expt: result too large 3+4i 1000000000000000000000000000000")
    }

    func testComplexFunctions() {
        check("(sqrt -1.0-0.0i)", "0.0+1.0i")  // R7RS: zero real part, non-negative imaginary part
        check("(exp +i)", "0.5403023058681398+0.8414709848078965i")
        check("(make-polar 1 1)", "0.5403023058681398+0.8414709848078965i")
        check("(angle 1+2i)", "1.1071487177940904")
        check("(angle -1)", "3.141592653589793")
        check("(asin 2)", "1.5707963267948966-1.3169578969248166i")
        check("(asin -2)", "-1.5707963267948966+1.3169578969248166i")
        check("(acos 2)", "0.0+1.3169578969248166i")
        check("(expt -1 1/2)", "6.123233995736766e-17+1.0i")
        check("(expt 0 1+i)", "0")
        check("(atan +i)", "error: atan: singular at +i")
        check("(tan 0+30i)", "0.0+1.0i")
    }

    func testComplexSyntaxAndPrinting() {
        let cases: [(String, String)] = [
            ("3+4i", "3+4i"), ("-1.0-0.5i", "-1.0-0.5i"), ("+i", "+i"), ("-i", "-i"), ("0+i", "+i"),
            ("+2i", "+2i"), ("1.0+2i", "1.0+2.0i"), ("1e2+1.0i", "100.0+1.0i"), ("1.0+1s2i", "1.0+100.0i"),
            ("1/2+3/4i", "1/2+3/4i"), ("#d1.0+1.0i", "1.0+1.0i"), ("#x10+11i", "16+17i"), ("#b10+11i", "2+3i"),
            ("#e1.5+0.5i", "3/2+1/2i"), ("#i1+i", "1.0+1.0i"), ("#i+i", "0.0+1.0i"), ("#i-i", "0.0-1.0i"), ("+inf.0+inf.0i", "+inf.0+inf.0i"),
            ("-inf.0-nan.0i", "-inf.0+nan.0i"), ("+inf.0i", "0.0+inf.0i"), ("1@0", "1"), ("#e1@0", "1"),
            ("1+2", "#f"), ("1+2j", "#f"), ("1+i+i", "#f"), ("i", "#f"), ("2i", "#f"), ("1@", "#f"), ("+-i", "#f"),
        ]
        for (text, want) in cases { XCTAssertEqual(parsed(text), want, text) }
        check("(number->string 1/2+1/4i 2)", "\"1/10+1/100i\"")
        check("(number->string 0.5+0.25i 2)", "\"#i1/10+1/100i\"")
        XCTAssertEqual(parsed("#i1/10+1/100i", radix: 2), "0.5+0.25i")
    }

    func testEqvAndHashingOfRatiosAndComplexNumbers() throws {
        let a = try XCTUnwrap(Numbers.parse("1/3+2i", rt: rt)), b = try XCTUnwrap(Numbers.parse("2/6+2i", rt: rt))
        XCTAssertFalse(a.isEq(b))
        XCTAssertTrue(a.isEqv(b))
        XCTAssertFalse(a.isEqv(try XCTUnwrap(Numbers.parse("1/3-2i", rt: rt))))
        XCTAssertFalse(try XCTUnwrap(Numbers.parse("1.0+0.0i", rt: rt)).isEqv(try XCTUnwrap(Numbers.parse("1.0-0.0i", rt: rt))))
        var h1 = Hasher(), h2 = Hasher()
        XCTAssertTrue(Numbers.hashHeapNumber(a, into: &h1))
        XCTAssertTrue(Numbers.hashHeapNumber(b, into: &h2))
        XCTAssertEqual(h1.finalize(), h2.finalize())
    }
}
