/// The builtins of SRFI 151 (bitwise operations on exact integers of any size); the rest of the
/// SRFI is Scheme, in `prelude/scheme/65-bitwise.scm`.
let bitwiseBuiltins: [Builtin] = [
    Builtin("bitwise-and", .atLeast(0)) { a, rt throws(SchemeRaise) in try Numbers.bitwiseFold("bitwise-and", a, identity: -1, rt, &, &) },
    Builtin("bitwise-ior", .atLeast(0)) { a, rt throws(SchemeRaise) in try Numbers.bitwiseFold("bitwise-ior", a, identity: 0, rt, |, |) },
    Builtin("bitwise-xor", .atLeast(0)) { a, rt throws(SchemeRaise) in try Numbers.bitwiseFold("bitwise-xor", a, identity: 0, rt, ^, ^) },
    Builtin("bitwise-not", .exactly(1)) { a, rt throws(SchemeRaise) in try Numbers.bitwiseNot(a[0], rt) },
    Builtin("arithmetic-shift", .exactly(2)) { a, rt throws(SchemeRaise) in try Numbers.arithmeticShift(a[0], a[1], rt) },
    Builtin("bit-count", .exactly(1)) { a, rt throws(SchemeRaise) in .fixnum(try Numbers.bigInteger(a[0], "bit-count", rt).bitCount) },
    Builtin("integer-length", .exactly(1)) { a, rt throws(SchemeRaise) in .fixnum(try Numbers.bigInteger(a[0], "integer-length", rt).integerLength) },
    Builtin("first-set-bit", .exactly(1)) { a, rt throws(SchemeRaise) in .fixnum(try Numbers.bigInteger(a[0], "first-set-bit", rt).firstSetBit) },
    Builtin("bit-set?", .exactly(2)) { a, rt throws(SchemeRaise) in try Numbers.bitSet(a[0], a[1], rt) },
]

extension Numbers {
    /// An exact integer argument as a `BigNum`.
    static func bigInteger(_ v: Value, _ who: String, _ rt: Runtime) throws(SchemeRaise) -> BigNum {
        if case .fixnum(let i) = v { return BigNum(i) }
        guard let b = exact(try exactInteger(v, who, rt)) else { throw rt.error("\(who): expected an exact integer, got", v) }
        return b
    }

    /// A variadic bitwise operation: on fixnums directly, else on two's complement limbs.
    static func bitwiseFold(_ who: String, _ a: Arguments, identity: Int, _ rt: Runtime,
                            _ small: (Int, Int) -> Int, _ limb: @escaping (UInt64, UInt64) -> UInt64) throws(SchemeRaise) -> Value {
        var acc = Value.fixnum(identity)
        for i in 0..<a.count {
            if case .fixnum(let x) = acc, case .fixnum(let y) = a[i] {
                acc = .fixnum(small(x, y))
                continue
            }
            let x = try bigInteger(acc, who, rt), y = try bigInteger(a[i], who, rt)
            acc = normalize(BigNum.bitwise(x, y, limb), rt)
        }
        return acc
    }

    static func bitwiseNot(_ v: Value, _ rt: Runtime) throws(SchemeRaise) -> Value {
        if case .fixnum(let x) = v { return .fixnum(~x) }
        return normalize(-(try bigInteger(v, "bitwise-not", rt)) - BigNum(1), rt)
    }

    /// `(arithmetic-shift n k)`: n * 2^k rounded down; a result beyond `maxExptBits` (or the heap
    /// limit) is an error, not an attempt to allocate it.
    static func arithmeticShift(_ n: Value, _ k: Value, _ rt: Runtime) throws(SchemeRaise) -> Value {
        let who = "arithmetic-shift"
        if case .fixnum(let x) = n, case .fixnum(let shift) = k {
            if shift <= 0 { return .fixnum(shift <= -64 ? (x < 0 ? -1 : 0) : x >> -shift) }
            if shift < 63 && (x << shift) >> shift == x { return .fixnum(x << shift) }
            if x == 0 { return n }
        }
        let b = try bigInteger(n, who, rt)
        guard case .fixnum(let shift) = k else {
            // A bignum shift: everything shifts out to the right, or the result is too large.
            if try bigInteger(k, who, rt).negative { return .fixnum(b.negative ? -1 : 0) }
            if b.isZero { return n }
            throw rt.error("\(who): result too large", n, k)
        }
        if shift < -b.bitWidth { return .fixnum(b.negative ? -1 : 0) }
        if shift > 0 {
            let bits = b.bitWidth + shift
            guard shift <= maxExptBits, bits <= maxExptBits, rt.heapLimit.map({ bits / 8 <= $0 }) ?? true
            else { throw rt.error("\(who): result too large", n, k) }
        }
        return normalize(b.arithmeticShift(shift), rt)
    }

    /// `(bit-set? index n)`.
    static func bitSet(_ index: Value, _ n: Value, _ rt: Runtime) throws(SchemeRaise) -> Value {
        guard case .fixnum(let i) = index, i >= 0 else {
            throw rt.error("bit-set?: expected a non-negative index, got", index)
        }
        if case .fixnum(let x) = n { return .bool(i >= 63 ? x < 0 : (x >> i) & 1 == 1) }
        return .bool(try bigInteger(n, "bit-set?", rt).bit(i))
    }
}
