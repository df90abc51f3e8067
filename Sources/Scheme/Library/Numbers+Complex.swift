
/// Complex numbers (R7RS 6.2.6, `(scheme complex)`): making them, the four operations, and the
/// transcendental functions, which also take real arguments outside their real domain (`(sqrt -4)`
/// is `+2i`, `(log -1)` is `+3.14…i`, `(asin 2)` is complex: for a real |x| > 1, asin and acos are
/// written with acosh |x|, which keeps full precision, and are odd/reflected as the formulas
/// asin z = -i log(iz + sqrt(1 - z^2)) and acos z = pi/2 - asin z make them).
///
/// Exact complex numbers keep exact parts through `+ - * /`, integer powers and exact square roots;
/// everything transcendental is computed on doubles.
extension Numbers {
    /// The complex number re + im·i from two reals: the real part alone when `im` is an exact
    /// zero, both parts inexact when either is.
    static func makeRectangular(_ re: Value, _ im: Value, _ rt: Runtime) -> Value {
        if case .fixnum(0) = im { return re }
        if case .flonum = re, case .flonum = im { return Compnum.make(re, im, in: rt.heap) }
        if case .flonum = re, let d = toDouble(im) { return Compnum.make(re, .flonum(d), in: rt.heap) }
        if case .flonum = im, let d = toDouble(re) { return Compnum.make(.flonum(d), im, in: rt.heap) }
        return Compnum.make(re, im, in: rt.heap)
    }

    /// An inexact complex number from doubles.
    static func complex(_ re: Double, _ im: Double, _ rt: Runtime) -> Value {
        Compnum.make(.flonum(re), .flonum(im), in: rt.heap)
    }

    /// The number with polar coordinates (magnitude, angle): the magnitude when the angle is an
    /// exact zero.
    static func makePolar(_ magnitude: Value, _ angle: Value, _ rt: Runtime) -> Value {
        if case .fixnum(0) = angle { return magnitude }
        let m = toDouble(magnitude) ?? .nan, a = toDouble(angle) ?? .nan
        return complex(m * Libm.cos(a), m * Libm.sin(a), rt)
    }

    /// The real and imaginary parts of any number (an exact zero imaginary part for reals).
    static func parts(_ n: Num, _ rt: Runtime) -> (Value, Value) {
        if case .complex(let z) = n { return (z.real, z.imag) }
        return (value(n, rt), .fixnum(0))
    }

    /// `real-part` / `imag-part`: a real's imaginary part is an exact zero.
    @inline(__always) static func part(_ v: Value, imaginary: Bool, _ rt: Runtime) throws(SchemeRaise) -> Value {
        if let (re, im) = complexParts(v) { return imaginary ? im : re }
        _ = try num(v, imaginary ? "imag-part" : "real-part", rt)
        return imaginary ? .fixnum(0) : v
    }

    /// Both parts as doubles.
    static func doubleParts(_ n: Num) -> (Double, Double) {
        if case .complex(let z) = n { return (toDouble(z.real) ?? .nan, toDouble(z.imag) ?? .nan) }
        return (double(n), 0)
    }

    /// `v` unpacked if it is a real number, else an error naming `who`.
    static func real(_ v: Value, _ who: String, _ rt: Runtime) throws(SchemeRaise) -> Num {
        let n = try num(v, who, rt)
        if case .complex = n { throw rt.error("\(who): expected a real number, got", v) }
        return n
    }

    static func isComplex(_ n: Num) -> Bool {
        if case .complex = n { return true }
        return false
    }

    /// + - * / when either operand is complex: exact parts through the generic operations,
    /// inexact ones in doubles (Smith's division, which avoids needless overflow).
    static func complexArithmetic(_ op: Operation, _ x: Num, _ y: Num, _ rt: Runtime) throws(SchemeRaise) -> Value {
        if isExact(x) && isExact(y) {
            let (a, b) = parts(x, rt), (c, d) = parts(y, rt)
            switch op {
            case .add: return makeRectangular(try add(a, c, rt), try add(b, d, rt), rt)
            case .sub: return makeRectangular(try sub(a, c, rt), try sub(b, d, rt), rt)
            case .mul:
                return makeRectangular(try sub(try mul(a, c, rt), try mul(b, d, rt), rt),
                                       try add(try mul(a, d, rt), try mul(b, c, rt), rt), rt)
            case .div:
                let norm = try add(try mul(c, c, rt), try mul(d, d, rt), rt)
                let re = try add(try mul(a, c, rt), try mul(b, d, rt), rt)
                let im = try sub(try mul(b, c, rt), try mul(a, d, rt), rt)
                return makeRectangular(try div(re, norm, rt), try div(im, norm, rt), rt)
            }
        }
        let (a, b) = doubleParts(x), (c, d) = doubleParts(y)
        let (re, im) = Complex.apply(op, (a, b), (c, d))
        return complex(re, im, rt)
    }

    /// Whether two numbers, one of them complex, are `=`: nil when a part is NaN.
    static func complexEqual(_ x: Num, _ y: Num) -> Bool? {
        let (a, b) = doubleParts(x), (c, d) = doubleParts(y)
        if a.isNaN || b.isNaN || c.isNaN || d.isNaN { return nil }
        if isExact(x) && isExact(y) {
            guard case .complex(let p) = x, case .complex(let q) = y else { return false }
            return p.real.isEqv(q.real) && p.imag.isEqv(q.imag)
        }
        return a == c && b == d
    }

    // MARK: - Functions

    /// `sqrt`: exact for exact squares (also of negative and complex numbers: (sqrt -4) is +2i),
    /// else the principal root: positive real part, or zero real part and non-negative imaginary
    /// part (R7RS), so (sqrt -1.0-0.0i) is +1.0i.
    static func sqrt(_ v: Value, _ rt: Runtime) throws(SchemeRaise) -> Value {
        let n = try num(v, "sqrt", rt)
        switch n {
        case .flonum(let d) where d >= 0 || d.isNaN: return .flonum(d.squareRoot())
        case .fixnum, .big, .ratio:
            if let r = rational(n) {
                if let s = exactSqrt(r.negative ? -r : r) {
                    return r.negative ? makeRectangular(.fixnum(0), makeRational(s, rt), rt) : makeRational(s, rt)
                }
                if !r.negative { return .flonum(squareRootOfExact(n)) }
            }
        case .complex(let z) where isExact(n):
            if let root = try exactComplexSqrt(z, rt) { return root }
        case .flonum, .complex: break
        }
        let (re, im) = Complex.sqrt(doubleParts(n))
        return complex(re, im, rt)
    }

    /// The exact square root of an exact complex a+bi, if it has one: with m = |z| exact,
    /// x = sqrt((m+a)/2) and y = sign(b) sqrt((m-a)/2).
    private static func exactComplexSqrt(_ z: Compnum, _ rt: Runtime) throws(SchemeRaise) -> Value? {
        let norm = try add(try mul(z.real, z.real, rt), try mul(z.imag, z.imag, rt), rt)
        guard let nr = classify(norm).flatMap(rational), let m = exactSqrt(nr),
              let a = classify(z.real).flatMap(rational), let b = classify(z.imag).flatMap(rational),
              let x = exactSqrt((m + a) / Rational(BigNum(2))), let y = exactSqrt((m - a) / Rational(BigNum(2)))
        else { return nil }
        return makeRectangular(makeRational(x, rt), makeRational(b.negative ? -y : y, rt), rt)
    }

    /// `magnitude`: |x| for reals (`abs`), sqrt(a^2 + b^2) for complex numbers (exact when exact).
    static func magnitude(_ v: Value, _ rt: Runtime) throws(SchemeRaise) -> Value {
        guard case .complex(let z) = try num(v, "magnitude", rt) else { return try abs(v, "magnitude", rt) }
        if let (re, im) = z.flonums { return .flonum(Libm.hypot(re, im)) }
        return try sqrt(try add(try mul(z.real, z.real, rt), try mul(z.imag, z.imag, rt), rt), rt)
    }

    /// `angle`: 0 for non-negative reals (exact for exact ones), pi for negative reals, else atan2.
    static func angle(_ v: Value, _ rt: Runtime) throws(SchemeRaise) -> Value {
        let n = try num(v, "angle", rt)
        switch n {
        case .complex:
            let (re, im) = doubleParts(n)
            return .flonum(Libm.atan2(im, re))
        case .flonum(let d):
            return .flonum(d.isNaN ? d : Libm.atan2(0, d))
        case .fixnum, .big, .ratio:
            return sign(n) < 0 ? .flonum(Double.pi) : .fixnum(0)
        }
    }

    /// The transcendental functions of one argument.
    enum Function: String {
        case exp, log, sin, cos, tan, asin, acos, atan
    }

    /// A transcendental function: in reals where the result is real, else in complex doubles.
    static func apply(_ f: Function, _ v: Value, _ rt: Runtime) throws(SchemeRaise) -> Value {
        let n = try num(v, f.rawValue, rt)
        if !isComplex(n) {
            let x = double(n)
            switch f {
            case .exp: return .flonum(Libm.exp(x))
            case .log where x >= 0 || x.isNaN: return .flonum(logOfReal(n))
            case .sin: return .flonum(Libm.sin(x))
            case .cos: return .flonum(Libm.cos(x))
            case .tan: return .flonum(Libm.tan(x))
            case .asin where Swift.abs(x) <= 1 || x.isNaN: return .flonum(Libm.asin(x))
            case .acos where Swift.abs(x) <= 1 || x.isNaN: return .flonum(Libm.acos(x))
            case .atan: return .flonum(Libm.atan(x))
            case .asin: return complex(x > 0 ? Double.pi / 2 : -Double.pi / 2, x > 0 ? -Libm.acosh(x) : Libm.acosh(-x), rt)
            case .acos: return complex(x > 0 ? 0 : Double.pi, x > 0 ? Libm.acosh(x) : -Libm.acosh(-x), rt)
            case .log: break
            }
            if f == .log {
                // log of a negative real: log|x| + pi i (a huge exact x keeps its magnitude).
                return complex(logOfReal(try real(negate(n, rt), "log", rt)), Double.pi, rt)
            }
        }
        let z = doubleParts(n)
        let r: (Double, Double)
        switch f {
        case .exp: r = Complex.exp(z)
        case .log: r = Complex.log(z)
        case .sin: r = Complex.sin(z)
        case .cos: r = Complex.cos(z)
        case .tan: r = Complex.tan(z)
        case .asin: r = Complex.asin(z)
        case .acos: r = Complex.acos(z)
        case .atan:
            if z.0 == 0 && Swift.abs(z.1) == 1 { throw rt.error("atan: singular at", v) }
            r = Complex.atan(z)
        }
        return complex(r.0, r.1, rt)
    }

    /// log x for a real x >= 0, also for exact numbers beyond the double range.
    static func logOfReal(_ n: Num) -> Double {
        let d = double(n)
        if d.isFinite && d > 0 { return Libm.log(d) }
        guard let r = rational(n), !r.isZero else { return Libm.log(d) }
        // log(num/den) = log(num * 2^-a) - log(den * 2^-b) + (a - b) log 2.
        let a = max(0, r.num.bitWidth - 60), b = max(0, r.den.bitWidth - 60)
        let top = r.num.magnitude.shifted(right: a).doubleValue, bottom = r.den.shifted(right: b).doubleValue
        return Libm.log(top) - Libm.log(bottom) + Double(a - b) * Libm.log(2.0)
    }

    /// `(log z base)`.
    static func log(_ z: Value, base: Value, _ rt: Runtime) throws(SchemeRaise) -> Value {
        try div(try apply(.log, z, rt), try apply(.log, base, rt), rt)
    }

    /// `expt` over the whole tower: exact for an exact base and exact integer exponent (complex
    /// bases included), the principal value e^(z2 log z1) otherwise.
    static func expt(_ a: Value, _ b: Value, _ rt: Runtime) throws(SchemeRaise) -> Value {
        let base = try num(a, "expt", rt), e = try num(b, "expt", rt)
        if !isComplex(base) && !isComplex(e) {
            if let result = try realExpt(a, b, base, e, rt) { return result }
        } else if let k = exact(e), isExact(base) {
            return try complexIntegerPower(a, b, base, k, rt)
        }
        if isZero(base) {
            let (re, _) = doubleParts(e)
            if isZero(e) { return isExact(base) && isExact(e) ? .fixnum(1) : .flonum(1) }
            if re > 0 { return isExact(base) && isExact(e) ? .fixnum(0) : .flonum(0) }
            throw rt.error("expt: division by zero", a, b)
        }
        let w = Complex.exp(Complex.apply(.mul, doubleParts(e), Complex.log(doubleParts(base))))
        return complex(w.0, w.1, rt)
    }

    /// An exact complex base to an exact integer power, by squaring (bounded like real powers).
    private static func complexIntegerPower(_ a: Value, _ b: Value, _ base: Num, _ k: BigNum,
                                            _ rt: Runtime) throws(SchemeRaise) -> Value {
        let (re, im) = parts(base, rt)
        let bits = (classify(re).flatMap(rational).map { $0.num.bitWidth + $0.den.bitWidth } ?? 64)
                 + (classify(im).flatMap(rational).map { $0.num.bitWidth + $0.den.bitWidth } ?? 64)
        guard let n = k.magnitude.intValue, !bits.multipliedReportingOverflow(by: n).overflow,
              bits * n <= maxExptBits else { throw rt.error("expt: result too large", a, b) }
        var result = Value.fixnum(1), power = a, m = n
        while m > 0 {
            if m & 1 == 1 { result = try mul(result, power, rt) }
            m >>= 1
            if m > 0 { power = try mul(power, power, rt) }
        }
        return k.negative ? try div(.fixnum(1), result, rt) : result
    }
}
