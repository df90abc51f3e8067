import Scheme

/// `(%htll-e-key E)`: a fixnum equal for any two expressions htll:e=? finds the same, so that the
/// solver can find a length it named before among many (60-solver.scm, `shared-local`) by a table
/// lookup and one htll:e=? on a hit, instead of comparing with every one.
///
/// Why it exists (issue 19): a node measured again named its extents afresh, so the same width
/// became a new local at every visit (`CGFloat htllW4 = MAX(...)` and `htllW5` with the same text),
/// sums holding both never cancelled, and 40 nested `(^^ A R 'end)` printed 56 KB where 30 KB say
/// the same. The key depends only on what htll:atom=? compares: the terms are hashed one by one and
/// added (a sum's order is not part of it), an atom by its kind and fields, a view or local by
/// identity, a parent's name by its text, a coefficient by its value as a flonum (`=` finds 2 and
/// 2.0 the same). Deeper than `ExpressionKinds.deepestComparison`, an atom is hashed by its kind
/// alone; a kind it does not know, by its kind alone too (htll:atom=? finds such atoms the same only
/// when they are one object). A sum longer than `longestKeyedSum`, or not a list, hashes by length.
extension ExpressionKinds {
    /// Sums with more terms than this hash by their length only (a cyclic list ends here too).
    static let longestKeyedSum = 4096

    /// The key of expression `e` (see the type's comment), a non-negative fixnum.
    func key(_ e: Value) -> Value {
        .fixnum(expressionKey(e, depth: 0) & Int.max)
    }

    private func expressionKey(_ e: Value, depth: Int) -> Int {
        guard let n = HTLL.properLength(e, limit: ExpressionKinds.longestKeyedSum) else { return 0x51ED }
        var sum = n &* 0x1E37_79B9_7F4A_7C15
        var ts = e
        while case .pair(let p) = ts {
            if case .pair(let t) = p.car {
                var h = Hasher()
                h.combine(ExpressionKinds.coefficientKey(t.car))
                h.combine(atomKey(t.cdr, depth: depth))
                sum = sum &+ h.finalize()
            }
            ts = p.cdr
        }
        return sum
    }

    /// A coefficient by its value as `=` compares it: an integer as the flonum it equals.
    private static func coefficientKey(_ c: Value) -> UInt64 {
        switch c {
        case .fixnum(let n): return n.magnitude <= 1 << 53 ? Double(n).bitPattern : 1
        case .flonum(let d): return d == 0 ? 0 : (d.magnitude <= 0x1p53 ? d.bitPattern : 1)
        case .null, .unspecified, .undefined, .eof, .bool, .char, .pair, .symbol, .string, .vector, .bytevector, .procedure, .closure,
             .record, .object:
            return 1   // (a ratio, a bignum: htll:e=? compares them; the key need not tell them apart)
        }
    }

    private func atomKey(_ a: Value, depth: Int) -> Int {
        guard case .pair(let p) = a else { return a.isTrue ? 0x0BAD : 0xC0457 }   // #f: the constant
        let kind = p.car
        var h = Hasher()
        h.combine(ExpressionKinds.identity(kind))
        if kind.isEq(local) {
            h.combine(p)   // a local is the same only as itself
            return h.finalize()
        }
        let fields = p.cdr
        if kind.isEq(bound) || kind.isEq(safeArea) {
            // bound: the same dimension, and the same owner or two parents of one text; safe-area:
            // the same side and parent text.
            h.combine(ExpressionKinds.identity(fields.car ?? .null))
            let owner = fields.cdr?.car ?? .null
            if case .string(let s) = owner {
                for i in 0..<s.count { h.combine(s[i]) }
            } else {
                h.combine(ExpressionKinds.identity(owner))
            }
        } else if kind.isEq(edge) || kind.isEq(placed) || kind.isEq(ascender) || kind.isEq(lineHeight) {
            // (edge AXIS VIEW) (placed AXIS CHILD): both fields; (ascender VIEW): the view.
            h.combine(ExpressionKinds.identity(fields.car ?? .null))
            if kind.isEq(edge) || kind.isEq(placed) { h.combine(ExpressionKinds.identity(fields.cdr?.car ?? .null)) }
        } else if depth < ExpressionKinds.deepestComparison, let compared = compoundFields(kind) {
            // The fields htll:atom=? compares (all of an if<=: its four are hashed, a prefix of
            // what it compares, which keeps the key equal for equal atoms).
            var xs = fields
            for i in 0..<(compared.identities + (compared.expressions ?? 4)) {
                guard case .pair(let f) = xs else { break }
                h.combine(i < compared.identities ? ExpressionKinds.identity(f.car) : expressionKey(f.car, depth: depth + 1))
                xs = f.cdr
            }
        }
        return h.finalize()
    }

    /// A number equal for `eq?` values.
    private static func identity(_ v: Value) -> Int {
        switch v {
        case .null: return 1
        case .unspecified: return 2
        case .undefined: return 3
        case .eof: return 4
        case .bool(let b): return b ? 5 : 6
        case .fixnum(let n): return n
        case .flonum(let d): return Int(truncatingIfNeeded: d.bitPattern)
        case .char(let c): return Int(c) &+ 7
        case .pair(let p): return p.hashValue
        case .symbol(let s): return Int(bitPattern: s.toOpaque())
        case .string(let s): return s.hashValue
        case .vector(let w): return w.hashValue
        case .bytevector(let b): return b.hashValue
        case .procedure(let f): return Int(bitPattern: f.toOpaque())
        case .closure(let c): return c.hashValue
        case .record(let r): return r.hashValue
        case .object(let o): return Int(bitPattern: o.toOpaque())
        }
    }
}
