/// Generic arithmetic over the numeric tower (fixnums and flonums; bignums where `BigInt` exists).
/// The VM inlines the fixnum fast paths and falls back to these.
enum Numbers {
    /// `eqv?` on numbers that live on the heap (bignums); false for anything else.
    static func eqvHeapNumbers(_ a: Value, _ b: Value) -> Bool { false }

    @inline(__always) static func isNumber(_ v: Value) -> Bool {
        switch v {
        case .fixnum, .flonum: return true
        default: return false
        }
    }

    static func toDouble(_ v: Value) -> Double? {
        switch v {
        case .fixnum(let n): return Double(n)
        case .flonum(let d): return d
        default: return nil
        }
    }

    static func notNumber(_ who: String, _ v: Value, _ rt: Runtime) -> SchemeRaise {
        rt.error("\(who): expected a number, got", v)
    }

    /// a + b.
    static func add(_ a: Value, _ b: Value, _ rt: Runtime) throws(SchemeRaise) -> Value {
        if case .fixnum(let x) = a, case .fixnum(let y) = b {
            let (s, o) = x.addingReportingOverflow(y)
            if !o { return .fixnum(s) }
            throw rt.error("+: integer overflow", a, b)
        }
        guard let x = toDouble(a) else { throw notNumber("+", a, rt) }
        guard let y = toDouble(b) else { throw notNumber("+", b, rt) }
        return .flonum(x + y)
    }

    /// a - b.
    static func sub(_ a: Value, _ b: Value, _ rt: Runtime) throws(SchemeRaise) -> Value {
        if case .fixnum(let x) = a, case .fixnum(let y) = b {
            let (s, o) = x.subtractingReportingOverflow(y)
            if !o { return .fixnum(s) }
            throw rt.error("-: integer overflow", a, b)
        }
        guard let x = toDouble(a) else { throw notNumber("-", a, rt) }
        guard let y = toDouble(b) else { throw notNumber("-", b, rt) }
        return .flonum(x - y)
    }

    /// a * b.
    static func mul(_ a: Value, _ b: Value, _ rt: Runtime) throws(SchemeRaise) -> Value {
        if case .fixnum(let x) = a, case .fixnum(let y) = b {
            let (s, o) = x.multipliedReportingOverflow(by: y)
            if !o { return .fixnum(s) }
            throw rt.error("*: integer overflow", a, b)
        }
        guard let x = toDouble(a) else { throw notNumber("*", a, rt) }
        guard let y = toDouble(b) else { throw notNumber("*", b, rt) }
        return .flonum(x * y)
    }

    /// a / b: exact when it divides evenly, else inexact (no exact rationals).
    static func div(_ a: Value, _ b: Value, _ rt: Runtime) throws(SchemeRaise) -> Value {
        if case .fixnum(let x) = a, case .fixnum(let y) = b {
            if y == 0 { throw rt.error("/: division by zero", a) }
            let (q, o) = x.dividedReportingOverflow(by: y)
            if !o, x % y == 0 { return .fixnum(q) }
            return .flonum(Double(x) / Double(y))
        }
        guard let x = toDouble(a) else { throw notNumber("/", a, rt) }
        guard let y = toDouble(b) else { throw notNumber("/", b, rt) }
        return .flonum(x / y)
    }

    /// Three-way comparison; nil when either is NaN.
    static func compare(_ who: String, _ a: Value, _ b: Value, _ rt: Runtime) throws(SchemeRaise) -> Int? {
        if case .fixnum(let x) = a, case .fixnum(let y) = b { return x < y ? -1 : (x == y ? 0 : 1) }
        guard let x = toDouble(a) else { throw notNumber(who, a, rt) }
        guard let y = toDouble(b) else { throw notNumber(who, b, rt) }
        if x.isNaN || y.isNaN { return nil }
        return x < y ? -1 : (x == y ? 0 : 1)
    }
}
