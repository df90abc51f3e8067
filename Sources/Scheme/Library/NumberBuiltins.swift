
/// The numeric builtins of R7RS.
let numberBuiltins: [Builtin] = [
    Builtin("+", .atLeast(0)) { a, rt throws(SchemeRaise) in try Numbers.fold("+", a, rt, identity: 0, Numbers.add) },
    Builtin("*", .atLeast(0)) { a, rt throws(SchemeRaise) in try Numbers.fold("*", a, rt, identity: 1, Numbers.mul) },
    Builtin("-", .atLeast(1)) { a, rt throws(SchemeRaise) in
        a.count == 1 ? Numbers.negate(try Numbers.num(a[0], "-", rt), rt) : try Numbers.fold("-", a, rt, identity: nil, Numbers.sub)
    },
    Builtin("/", .atLeast(1)) { a, rt throws(SchemeRaise) in
        a.count == 1 ? try Numbers.div(.fixnum(1), a[0], rt) : try Numbers.fold("/", a, rt, identity: nil, Numbers.div)
    },
    Builtin("=", .atLeast(1)) { a, rt throws(SchemeRaise) in try Numbers.chain("=", a, rt) { $0 == 0 } },
    Builtin("<", .atLeast(1)) { a, rt throws(SchemeRaise) in try Numbers.chain("<", a, rt) { $0 < 0 } },
    Builtin(">", .atLeast(1)) { a, rt throws(SchemeRaise) in try Numbers.chain(">", a, rt) { $0 > 0 } },
    Builtin("<=", .atLeast(1)) { a, rt throws(SchemeRaise) in try Numbers.chain("<=", a, rt) { $0 <= 0 } },
    Builtin(">=", .atLeast(1)) { a, rt throws(SchemeRaise) in try Numbers.chain(">=", a, rt) { $0 >= 0 } },
    Builtin("max", .atLeast(1)) { a, rt throws(SchemeRaise) in try Numbers.extremum("max", a, rt, max: true) },
    Builtin("min", .atLeast(1)) { a, rt throws(SchemeRaise) in try Numbers.extremum("min", a, rt, max: false) },

    Builtin("quotient", .exactly(2)) { a, rt throws(SchemeRaise) in try Numbers.divide("quotient", a[0], a[1], floor: false, rt).0 },
    Builtin("remainder", .exactly(2)) { a, rt throws(SchemeRaise) in try Numbers.divide("remainder", a[0], a[1], floor: false, rt).1 },
    Builtin("modulo", .exactly(2)) { a, rt throws(SchemeRaise) in try Numbers.divide("modulo", a[0], a[1], floor: true, rt).1 },
    Builtin("truncate-quotient", .exactly(2)) { a, rt throws(SchemeRaise) in try Numbers.divideReals("truncate-quotient", a[0], a[1], floor: false, rt).0 },
    Builtin("truncate-remainder", .exactly(2)) { a, rt throws(SchemeRaise) in try Numbers.divideReals("truncate-remainder", a[0], a[1], floor: false, rt).1 },
    Builtin("floor-quotient", .exactly(2)) { a, rt throws(SchemeRaise) in try Numbers.divideReals("floor-quotient", a[0], a[1], floor: true, rt).0 },
    Builtin("floor-remainder", .exactly(2)) { a, rt throws(SchemeRaise) in try Numbers.divideReals("floor-remainder", a[0], a[1], floor: true, rt).1 },
    Builtin("truncate/", .exactly(2)) { a, rt throws(SchemeRaise) in Numbers.values(try Numbers.divideReals("truncate/", a[0], a[1], floor: false, rt), rt) },
    Builtin("floor/", .exactly(2)) { a, rt throws(SchemeRaise) in Numbers.values(try Numbers.divideReals("floor/", a[0], a[1], floor: true, rt), rt) },
    Builtin("abs", .exactly(1)) { a, rt throws(SchemeRaise) in try Numbers.abs(a[0], "abs", rt) },
    Builtin("gcd", .atLeast(0)) { a, rt throws(SchemeRaise) in try Numbers.fold("gcd", a, rt, identity: 0, Numbers.gcd, checkSingle: false) },
    Builtin("lcm", .atLeast(0)) { a, rt throws(SchemeRaise) in try Numbers.fold("lcm", a, rt, identity: 1, Numbers.lcm, checkSingle: false) },

    Builtin("number?", .exactly(1)) { a, _ throws(SchemeRaise) in .bool(Numbers.isNumber(a[0])) },
    Builtin("complex?", .exactly(1)) { a, _ throws(SchemeRaise) in .bool(Numbers.isNumber(a[0])) },
    Builtin("real?", .exactly(1)) { a, _ throws(SchemeRaise) in .bool(Numbers.classify(a[0]).map { !Numbers.isComplex($0) } ?? false) },
    Builtin("rational?", .exactly(1)) { a, _ throws(SchemeRaise) in .bool(Numbers.isRational(a[0])) },
    Builtin("integer?", .exactly(1)) { a, _ throws(SchemeRaise) in .bool(Numbers.isInteger(a[0])) },
    Builtin("exact-integer?", .exactly(1)) { a, _ throws(SchemeRaise) in .bool(Numbers.isExactInteger(a[0])) },
    Builtin("exact-rational?", .exactly(1)) { a, _ throws(SchemeRaise) in .bool(Numbers.classify(a[0]).map { Numbers.rational($0) != nil } ?? false) },
    Builtin("exact?", .exactly(1)) { a, rt throws(SchemeRaise) in .bool(Numbers.isExact(try Numbers.num(a[0], "exact?", rt))) },
    Builtin("inexact?", .exactly(1)) { a, rt throws(SchemeRaise) in .bool(!Numbers.isExact(try Numbers.num(a[0], "inexact?", rt))) },
    Builtin("nan?", .exactly(1)) { a, rt throws(SchemeRaise) in .bool(Numbers.partTest(try Numbers.num(a[0], "nan?", rt)) { $0.isNaN }) },
    Builtin("infinite?", .exactly(1)) { a, rt throws(SchemeRaise) in .bool(Numbers.partTest(try Numbers.num(a[0], "infinite?", rt)) { $0.isInfinite }) },
    Builtin("finite?", .exactly(1)) { a, rt throws(SchemeRaise) in .bool(!Numbers.partTest(try Numbers.num(a[0], "finite?", rt)) { !$0.isFinite }) },
    Builtin("zero?", .exactly(1)) { a, rt throws(SchemeRaise) in .bool(Numbers.isZero(try Numbers.num(a[0], "zero?", rt))) },
    Builtin("positive?", .exactly(1)) { a, rt throws(SchemeRaise) in .bool(Numbers.sign(try Numbers.real(a[0], "positive?", rt)) > 0) },
    Builtin("negative?", .exactly(1)) { a, rt throws(SchemeRaise) in .bool(Numbers.sign(try Numbers.real(a[0], "negative?", rt)) < 0) },
    Builtin("odd?", .exactly(1)) { a, rt throws(SchemeRaise) in .bool(Numbers.isOdd(try Numbers.integer(a[0], "odd?", rt))) },
    Builtin("even?", .exactly(1)) { a, rt throws(SchemeRaise) in .bool(!Numbers.isOdd(try Numbers.integer(a[0], "even?", rt))) },

    Builtin("exact", .exactly(1)) { a, rt throws(SchemeRaise) in try Numbers.toExact(a[0], "exact", rt) },
    Builtin("inexact->exact", .exactly(1)) { a, rt throws(SchemeRaise) in try Numbers.toExact(a[0], "inexact->exact", rt) },
    Builtin("inexact", .exactly(1)) { a, rt throws(SchemeRaise) in try Numbers.toInexact(a[0], "inexact", rt) },
    Builtin("exact->inexact", .exactly(1)) { a, rt throws(SchemeRaise) in try Numbers.toInexact(a[0], "exact->inexact", rt) },
    Builtin("floor", .exactly(1)) { a, rt throws(SchemeRaise) in try Numbers.round(a[0], "floor", .floor, rt) },
    Builtin("ceiling", .exactly(1)) { a, rt throws(SchemeRaise) in try Numbers.round(a[0], "ceiling", .ceiling, rt) },
    Builtin("round", .exactly(1)) { a, rt throws(SchemeRaise) in try Numbers.round(a[0], "round", .round, rt) },
    Builtin("truncate", .exactly(1)) { a, rt throws(SchemeRaise) in try Numbers.round(a[0], "truncate", .truncate, rt) },
    Builtin("numerator", .exactly(1)) { a, rt throws(SchemeRaise) in try Numbers.fraction(a[0], numerator: true, rt) },
    Builtin("denominator", .exactly(1)) { a, rt throws(SchemeRaise) in try Numbers.fraction(a[0], numerator: false, rt) },

    Builtin("square", .exactly(1)) { a, rt throws(SchemeRaise) in _ = try Numbers.num(a[0], "square", rt); return try Numbers.mul(a[0], a[0], rt) },
    Builtin("sqrt", .exactly(1)) { a, rt throws(SchemeRaise) in try Numbers.sqrt(a[0], rt) },
    Builtin("exact-integer-sqrt", .exactly(1)) { a, rt throws(SchemeRaise) in try Numbers.exactIntegerSqrtBuiltin(a[0], rt) },
    Builtin("expt", .exactly(2)) { a, rt throws(SchemeRaise) in try Numbers.expt(a[0], a[1], rt) },
    Builtin("exp", .exactly(1)) { a, rt throws(SchemeRaise) in try Numbers.apply(.exp, a[0], rt) },
    Builtin("log", .range(1, 2)) { a, rt throws(SchemeRaise) in a.count == 1 ? try Numbers.apply(.log, a[0], rt) : try Numbers.log(a[0], base: a[1], rt) },
    Builtin("sin", .exactly(1)) { a, rt throws(SchemeRaise) in try Numbers.apply(.sin, a[0], rt) },
    Builtin("cos", .exactly(1)) { a, rt throws(SchemeRaise) in try Numbers.apply(.cos, a[0], rt) },
    Builtin("tan", .exactly(1)) { a, rt throws(SchemeRaise) in try Numbers.apply(.tan, a[0], rt) },
    Builtin("asin", .exactly(1)) { a, rt throws(SchemeRaise) in try Numbers.apply(.asin, a[0], rt) },
    Builtin("acos", .exactly(1)) { a, rt throws(SchemeRaise) in try Numbers.apply(.acos, a[0], rt) },
    Builtin("atan", .range(1, 2)) { a, rt throws(SchemeRaise) in
        a.count == 1 ? try Numbers.apply(.atan, a[0], rt)
                     : .flonum(Libm.atan2(try rt.double(a[0], "atan"), try rt.double(a[1], "atan")))
    },

    Builtin("make-rectangular", .exactly(2)) { a, rt throws(SchemeRaise) in
        Numbers.makeRectangular(Numbers.value(try Numbers.real(a[0], "make-rectangular", rt), rt), Numbers.value(try Numbers.real(a[1], "make-rectangular", rt), rt), rt)
    },
    Builtin("make-polar", .exactly(2)) { a, rt throws(SchemeRaise) in
        Numbers.makePolar(Numbers.value(try Numbers.real(a[0], "make-polar", rt), rt), Numbers.value(try Numbers.real(a[1], "make-polar", rt), rt), rt)
    },
    Builtin("real-part", .exactly(1)) { a, rt throws(SchemeRaise) in try Numbers.part(a[0], imaginary: false, rt) },
    Builtin("imag-part", .exactly(1)) { a, rt throws(SchemeRaise) in try Numbers.part(a[0], imaginary: true, rt) },
    Builtin("magnitude", .exactly(1)) { a, rt throws(SchemeRaise) in try Numbers.magnitude(a[0], rt) },
    Builtin("angle", .exactly(1)) { a, rt throws(SchemeRaise) in try Numbers.angle(a[0], rt) },

    Builtin("number->string", .range(1, 2)) { a, rt throws(SchemeRaise) in
        // A fixnum in decimal (names, tags, indexes: most calls) straight to scalars.
        if a.count == 1, case .fixnum(let n) = a[0] { return Numbers.decimalString(n, rt) }
        return try Numbers.numberToString(a, rt) },
    Builtin("string->number", .range(1, 2)) { a, rt throws(SchemeRaise) in
        Numbers.parse(try rt.string(a[0], "string->number").string, radix: try Numbers.radix(a, "string->number", rt), rt: rt) ?? .false
    },
]

/// Helpers behind the table: variadic folding, chained comparisons and argument checks.
extension Numbers {
    typealias Binary = (Value, Value, Runtime) throws(SchemeRaise) -> Value

    /// Left fold of `op` over the arguments. With one argument and `identity` given, the argument
    /// is returned as is after a type check (so `(+ -0.0)` stays `-0.0`).
    static func fold(_ who: String, _ a: Arguments, _ rt: Runtime, identity: Int?, _ op: Binary,
                     checkSingle: Bool = true) throws(SchemeRaise) -> Value {
        if a.count == 0 { return .fixnum(identity ?? 0) }
        if a.count == 1 && checkSingle {
            _ = try num(a[0], who, rt)
            return a[0]
        }
        var acc: Value
        var i: Int
        if a.count == 1 {
            acc = try op(.fixnum(identity ?? 0), a[0], rt)
            return acc
        }
        acc = a[0]
        i = 1
        while i < a.count {
            acc = try op(acc, a[i], rt)
            i += 1
        }
        return acc
    }

    /// A chained comparison: true when `ok` holds for every adjacent pair (false on NaN).
    /// Every argument is type-checked even after the answer is known.
    static func chain(_ who: String, _ a: Arguments, _ rt: Runtime, _ ok: (Int) -> Bool) throws(SchemeRaise) -> Value {
        if a.count == 1 {
            _ = try num(a[0], who, rt)
            return .true
        }
        var result = true
        for i in 0..<(a.count - 1) {
            if let c = try compare(who, a[i], a[i + 1], rt), ok(c) { continue }
            result = false
        }
        return .bool(result)
    }

    /// `max` / `min`: inexact when any argument is, NaN when any argument is NaN.
    static func extremum(_ who: String, _ a: Arguments, _ rt: Runtime, max: Bool) throws(SchemeRaise) -> Value {
        var best = try real(a[0], who, rt)
        var bestValue = a[0]
        var inexact = isFlonum(best)
        for i in 1..<a.count {
            let x = try real(a[i], who, rt)
            if case .flonum(let d) = x {
                inexact = true
                if d.isNaN { best = x; bestValue = a[i]; continue }
            }
            if let c = compare(x, best), max ? c > 0 : c < 0 {
                best = x
                bestValue = a[i]
            }
        }
        return inexact ? .flonum(double(best)) : bestValue
    }

    /// `test` applied to a flonum, or to either part of an inexact complex number; false for
    /// exact numbers.
    static func partTest(_ n: Num, _ test: (Double) -> Bool) -> Bool {
        switch n {
        case .flonum(let d): return test(d)
        case .complex(let z): return z.flonums.map { test($0.0) || test($0.1) } ?? false
        case .fixnum, .big, .ratio: return false
        }
    }

    static func isInteger(_ v: Value) -> Bool {
        switch classify(v) {
        case .fixnum?, .big?: return true
        case .flonum(let d)?: return d.isFinite && d.rounded(.towardZero) == d
        case .ratio?, .complex?, nil: return false
        }
    }

    static func isRational(_ v: Value) -> Bool {
        switch classify(v) {
        case .fixnum?, .big?, .ratio?: return true
        case .flonum(let d)?: return d.isFinite
        case .complex?, nil: return false
        }
    }

    static func isExactInteger(_ v: Value) -> Bool {
        switch v {
        case .fixnum: return true
        case .object: return bigInt(v) != nil
        default: return false
        }
    }

    static func isOdd(_ n: Num) -> Bool {
        switch n {
        case .fixnum(let i): return i & 1 == 1
        case .big(let b): return b.isOdd
        case .ratio, .complex: return false
        case .flonum(let d): return d.truncatingRemainder(dividingBy: 2) != 0
        }
    }

    static func abs(_ v: Value, _ who: String, _ rt: Runtime) throws(SchemeRaise) -> Value {
        if case .fixnum(let i) = v, i >= 0 { return v }
        let n = try real(v, who, rt)
        if case .flonum(let d) = n { return .flonum(Swift.abs(d)) }
        return sign(n) < 0 ? negate(n, rt) : v
    }

    /// Two results as a multiple-values object.
    static func values(_ pair: (Value, Value), _ rt: Runtime) -> Value {
        MultipleValues.make([pair.0, pair.1], in: rt.heap)
    }

    static func exactIntegerSqrtBuiltin(_ v: Value, _ rt: Runtime) throws(SchemeRaise) -> Value {
        let n = try exactInteger(v, "exact-integer-sqrt", rt)
        guard let e = exact(n), let (s, r) = exactIntegerSqrt(e) else {
            throw rt.error("exact-integer-sqrt: expected a non-negative exact integer, got", v)
        }
        return values((normalize(s, rt), normalize(r, rt)), rt)
    }

    /// The optional radix argument (index 1) of `number->string` / `string->number`.
    static func radix(_ a: Arguments, _ who: String, _ rt: Runtime) throws(SchemeRaise) -> Int {
        guard a.count > 1 else { return 10 }
        guard case .fixnum(let r) = a[1], r >= 2 && r <= 36 else {
            throw rt.error("\(who): invalid radix", a[1])
        }
        return r
    }

    static func numberToString(_ a: Arguments, _ rt: Runtime) throws(SchemeRaise) -> Value {
        let r = try radix(a, "number->string", rt)
        return rt.heap.string(format(try num(a[0], "number->string", rt), radix: r))
    }

    /// The decimal digits of `n` (with its sign) as a new string, as `format` prints a fixnum:
    /// written right to left in place (through an array of scalars first, a number cost about
    /// 1,300 instructions; `htll frames` prints two for every view's location, issue 19).
    static func decimalString(_ n: Int, _ rt: Runtime) -> Value {
        var digits = 1
        var m = n.magnitude
        while m >= 10 { m /= 10; digits += 1 }
        let count = digits + (n < 0 ? 1 : 0)
        let string = SString.make(narrowCount: count, in: rt.heap) { out in
            var m = n.magnitude
            var i = count
            repeat {
                i -= 1
                out[i] = 48 + UInt8(truncatingIfNeeded: m % 10)
                m /= 10
            } while m > 0
            if n < 0 { out[0] = 45 }
        }
        return .string(string)
    }
}
