import Scheme

/// Swift builtins for the sums and scalings of frame expressions (prelude/htll/50-expr.scm).
///
/// An expression is a list of terms `(coefficient . atom)`; solving a layout adds and scales them
/// at every view and every level (issue 19). In the interpreter a sum of a term and a two-term
/// expression cost about 7 K instructions, a difference 12 K: in a chain of 10,000 `h...` links
/// these were a quarter of the solve. Each builtin here is an accelerator, not a second definition:
/// it returns exactly what the prelude's procedure returns (the same list structure, the same
/// term objects where the prelude keeps them) or `#f` when it cannot tell cheaply (atoms nested
/// deeper than `ExpressionKinds.deepestComparison`, a coefficient that is not a fixnum or a flonum,
/// a sum past the small sizes, any malformed datum), and then the prelude's own code runs. The rule
/// for which atoms are the same is htll:atom=?'s; `ExpressionKinds` names the kinds it compares.
extension HTLL {
    /// The builtins, one line each: name, arity, implementation (KINDS: the atom kinds' symbols
    /// in the instance that runs them).
    static func expressionBuiltins(_ k: ExpressionKinds) -> [(name: String, arity: Arity, body: (Scheme, Arguments) throws -> Value)] {
        [
            ("%htll-e+", .exactly(3), { s, args in sum(s, args[0], args[1], k.epsilon(args[2])) }),
            ("%htll-e*", .exactly(3), { s, args in scaled(s, args[0], args[1], k.epsilon(args[2])) }),
            ("%htll-e-key", .exactly(1), { _, args in k.key(args[0]) }),
            ("%htll-e-weight-left", .exactly(2), { _, args in k.weightLeft(args[0], args[1]) }),
            ("%htll-same-length?", .exactly(2), { _, args in k.sameLength(args[0], args[1]) }),
            ("%htll-e=?", .exactly(2), { _, args in k.sameExpression(args[0], args[1], depth: 0).map { $0 ? .true : .false } ?? .null }),
        ]
    }

    /// Defines `expressionBuiltins` in `env`.
    static func defineExpressionBuiltins(in scheme: Scheme, _ env: Environment) {
        for b in expressionBuiltins(ExpressionKinds(scheme)) {
            scheme.define(b.name, arity: b.arity, in: env, b.body)
        }
    }

    /// The most terms a sum here holds: htll:e+ scans sums only while they are this small.
    static let largestScannedSum = 72

    /// `(%htll-e+ E F EPSILON)`: htll:e+'s result, else #f: a scan (htll:e+term for a one-term F,
    /// htll:e+terms otherwise) where the prelude scans, and where it takes the indexed way, the
    /// same sum made by a scan while E and F hold the largest scanned sum between them.
    /// (The indexed way, htll:e+indexed, is linear in the number of terms, but in the interpreter
    /// a sum of 16 terms and 11 cost about 30,000 instructions, and such sums, and those of 8 to 17
    /// terms added to nothing (a position rebuilt by htll:resolve-placed), were a sixth of the solve
    /// of nested aligned splits, issue 19; a scan of 72 terms is at most 2,556 comparisons here.)
    static func sum(_ s: Scheme, _ e: Value, _ f: Value, _ kinds: ExpressionKinds?) -> Value {
        guard let kinds, let eCount = properLength(e, limit: largestScannedSum),
              let fCount = properLength(f, limit: largestScannedSum) else { return .false }
        let scans = fCount == 1 ? eCount < 64 : (eCount == 0 ? fCount < 8 : eCount &* fCount < 64)
        guard scans else { return eCount &+ fCount <= largestScannedSum ? termsSum(s, e, f, kinds, indexed: true) : .false }
        guard case .pair(let fp) = f else { return termsSum(s, e, f, kinds) }
        return fCount == 1 ? termSum(s, e, fp.car, kinds) : termsSum(s, e, f, kinds)
    }

    /// htll:e+term: E with the term T added: E's terms up to the one of T's atom, the new term
    /// (coefficient sum, T's atom) unless it cancels, and the rest of E shared; or E's terms then T.
    static func termSum(_ s: Scheme, _ e: Value, _ t: Value, _ kinds: ExpressionKinds) -> Value {
        guard case .pair(let tp) = t, kinds.wellFormed(tp.cdr) else { return .false }
        let a = tp.cdr
        var index = 0
        var xs = e
        while case .pair(let p) = xs {
            guard case .pair(let term) = p.car else { return .false }
            guard let same = kinds.same(a, term.cdr) else { return .false }
            if same {
                guard let k = add(term.car, tp.car) else { return .false }
                guard let keep = kinds.exceedsEpsilon(k) else { return .false }
                let tail = keep ? s.cons(s.cons(k, a), p.cdr) : p.cdr
                return copyPrefix(e, count: index, onto: tail, s)
            }
            index += 1
            xs = p.cdr
        }
        return copyPrefix(e, count: index, onto: s.cons(t, .null), s)
    }

    /// htll:e+terms: each term of F added to the term of its atom found newest first (the new term
    /// keeping the found one's atom), or appended; then the terms that cancel dropped. INDEXED:
    /// htll:e+indexed's sum instead, which does the same for the terms of E and then F added to
    /// nothing, a new term taking the added one's atom.
    static func termsSum(_ s: Scheme, _ e: Value, _ f: Value, _ kinds: ExpressionKinds, indexed: Bool = false) -> Value {
        withUnsafeTemporaryAllocation(of: Value.self, capacity: largestScannedSum * 2) { terms -> Value in
            var count = 0
            var xs = indexed ? .null : e
            while case .pair(let p) = xs {
                guard case .pair = p.car, count < terms.count else { return .false }
                terms[count] = p.car
                count += 1
                xs = p.cdr
            }
            // The terms to add: F's, or E's and then F's (FOLLOWING: F, while E's are added).
            var ys = indexed ? e : f
            var following: Value? = indexed ? f : nil
            while true {
                guard case .pair(let p) = ys else {
                    guard let next = following else { break }
                    ys = next
                    following = nil
                    continue
                }
                guard case .pair(let tp) = p.car, kinds.wellFormed(tp.cdr), count < terms.count else { return .false }
                var found = -1
                var i = count - 1
                while i >= 0 {
                    guard case .pair(let x) = terms[i], let same = kinds.same(tp.cdr, x.cdr) else { return .false }
                    if same { found = i; break }
                    i -= 1
                }
                if found >= 0, case .pair(let x) = terms[found] {
                    guard let k = add(x.car, tp.car) else { return .false }
                    terms[found] = s.cons(k, indexed ? tp.cdr : x.cdr)
                } else {
                    terms[count] = p.car
                    count += 1
                }
                ys = p.cdr
            }
            // Every term's coefficient tested first: a test the prelude cannot make means its answer.
            for i in 0..<count {
                guard case .pair(let x) = terms[i], kinds.exceedsEpsilon(x.car) != nil else { return .false }
            }
            var result = Value.null
            var i = count - 1
            while i >= 0 {
                if case .pair(let x) = terms[i], kinds.exceedsEpsilon(x.car) == true { result = s.cons(terms[i], result) }
                i -= 1
            }
            return result
        }
    }

    /// `(%htll-e* E K EPSILON)`: htll:e*'s result, E with every coefficient times K (the terms that
    /// vanish dropped, '() when K is 0), or #f.
    static func scaled(_ s: Scheme, _ e: Value, _ k: Value, _ kinds: ExpressionKinds?) -> Value {
        guard let kinds else { return .false }
        switch k {
        case .fixnum(0): return .null
        case .flonum(let d) where d == 0: return .null
        case .fixnum, .flonum: break
        default: return .false
        }
        guard properLength(e, limit: largestScannedSum) != nil else { return .false }
        return withUnsafeTemporaryAllocation(of: Value.self, capacity: largestScannedSum) { terms -> Value in
            var n = 0
            var xs = e
            while case .pair(let p) = xs {
                guard case .pair(let x) = p.car, let c = multiply(x.car, k), let keep = kinds.exceedsEpsilon(c) else { return .false }
                if keep { terms[n] = s.cons(c, x.cdr); n += 1 }
                xs = p.cdr
            }
            var result = Value.null
            var i = n - 1
            while i >= 0 { result = s.cons(terms[i], result); i -= 1 }
            return result
        }
    }

    /// The length of the proper list `x`, if it is one of at most `limit` elements.
    static func properLength(_ x: Value, limit: Int) -> Int? {
        var n = 0
        var xs = x
        while case .pair(let p) = xs {
            n += 1
            if n > limit { return nil }
            xs = p.cdr
        }
        return xs.isNull ? n : nil
    }

    /// A new list of the first `count` elements of `list`, then `tail`.
    static func copyPrefix(_ list: Value, count: Int, onto tail: Value, _ s: Scheme) -> Value {
        guard count > 0 else { return tail }
        return withUnsafeTemporaryAllocation(of: Value.self, capacity: count) { items -> Value in
            var xs = list
            for i in 0..<count {
                guard case .pair(let p) = xs else { return tail }
                items[i] = p.car
                xs = p.cdr
            }
            var result = tail
            for i in stride(from: count - 1, through: 0, by: -1) { result = s.cons(items[i], result) }
            return result
        }
    }

    /// `(+ x y)` for fixnums and flonums (an exact one made inexact beside an inexact one), or nil.
    @inline(__always) static func add(_ x: Value, _ y: Value) -> Value? {
        switch (x, y) {
        case let (.fixnum(a), .fixnum(b)):
            let (r, overflow) = a.addingReportingOverflow(b)
            return overflow ? nil : .fixnum(r)
        case let (.flonum(a), .flonum(b)): return .flonum(a + b)
        case let (.fixnum(a), .flonum(b)): return .flonum(Double(a) + b)
        case let (.flonum(a), .fixnum(b)): return .flonum(a + Double(b))
        default: return nil
        }
    }

    /// `(* x y)` for fixnums and flonums, or nil. (An exact 0 times a flonum is an exact 0 in
    /// Scheme, not 0.0: left to the prelude.)
    @inline(__always) static func multiply(_ x: Value, _ y: Value) -> Value? {
        switch (x, y) {
        case let (.fixnum(a), .fixnum(b)):
            let (r, overflow) = a.multipliedReportingOverflow(by: b)
            return overflow ? nil : .fixnum(r)
        case let (.flonum(a), .flonum(b)): return .flonum(a * b)
        case let (.fixnum(a), .flonum(b)) where a != 0: return .flonum(Double(a) * b)
        case let (.flonum(a), .fixnum(b)) where b != 0: return .flonum(a * Double(b))
        default: return nil
        }
    }
}

/// The atom kinds (50-expr.scm) whose sameness the expression builtins decide by comparing
/// fields as htll:atom=? does, as one instance's symbols (interned by Swift: they live for good);
/// with the prelude's htll:epsilon, passed at each call, what a sum or a scaling needs to know.
struct ExpressionKinds {
    var epsilon: Double = 0
    let bound, edge, placed, ascender, lineHeight, safeArea, local: Value
    let max, quotient, shown, after, rest, ifLessOrEqual: Value

    /// How deep in atoms of expressions (max of max of ...) `same` compares before it leaves the
    /// comparison to the prelude: no host recursion deeper than this.
    static let deepestComparison = 8

    init(_ s: Scheme) {
        (bound, edge, placed, ascender, lineHeight, safeArea, local) = (s.symbol("bound"), s.symbol("edge"), s.symbol("placed"),
            s.symbol("ascender"), s.symbol("line-height"), s.symbol("safe-area"), s.symbol("local"))
        (max, quotient, shown, after, rest, ifLessOrEqual) = (s.symbol("max"), s.symbol("quotient"), s.symbol("shown"),
            s.symbol("after"), s.symbol("rest"), s.symbol("if<="))
    }

    /// These kinds with EPSILON, the prelude's htll:epsilon (a flonum under 1), or nil.
    @inline(__always) func epsilon(_ v: Value) -> ExpressionKinds? {
        guard case .flonum(let eps) = v, eps > 0, eps < 1 else { return nil }
        var k = self
        k.epsilon = eps
        return k
    }

    /// Whether `a` is an atom the prelude's scans take without an error: #f (the constant) or a
    /// list, and a bound one with its dimension and owner (htll:bound-view reads them first).
    func wellFormed(_ a: Value) -> Bool {
        if case .bool(false) = a { return true }
        guard case .pair(let p) = a else { return false }
        return !p.car.isEq(bound) || p.cdr.cdr?.car != nil
    }

    /// `(> (abs k) htll:epsilon)` for a fixnum or a flonum, else nil.
    @inline(__always) func exceedsEpsilon(_ k: Value) -> Bool? {
        switch k {
        case .fixnum(let n): return n != 0            // (epsilon is under 1)
        case .flonum(let d): return abs(d) > epsilon  // (a NaN is not: as `>` says)
        default: return nil
        }
    }

    /// Whether atoms `a` and `b` are the same in a sum (htll:atom=?, and the bound-owner test the
    /// scans write out), or nil where only htll:atom=? can tell (a kind it does not know, atoms
    /// nested deeper than `deepestComparison`) or the atoms are malformed.
    func same(_ a: Value, _ b: Value, depth: Int = 0) -> Bool? {
        if a.isEq(b) { return true }
        guard case .pair(let pa) = a, case .pair(let pb) = b else {
            return ExpressionKinds.isAtomValue(a) && ExpressionKinds.isAtomValue(b) ? false : nil
        }
        let kind = pa.car
        guard kind.isEq(pb.car) else { return false }
        // A view's bound, the commonest atom, before the other kinds' tests: the scans of a sum
        // compare every term with the other sum's (1.8 million comparisons in 1,500 nested
        // (vv A R 2 'center)), and the tests before it were most of each one's cost.
        if kind.isEq(bound) { return sameBound(pa.cdr, pb.cdr) }
        if kind.isEq(local) { return false }
        guard let a1 = pa.cdr.car, let b1 = pb.cdr.car else { return nil }
        if kind.isEq(ascender) || kind.isEq(lineHeight) { return a1.isEq(b1) }
        if let fields = compoundFields(kind) { return sameCompound(fields, pa.cdr, pb.cdr, depth: depth) }
        guard kind.isEq(edge) || kind.isEq(placed) || kind.isEq(safeArea) else { return nil }
        guard let a2 = pa.cdr.cdr?.car, let b2 = pb.cdr.cdr?.car else { return nil }
        guard a1.isEq(b1) else { return false }
        if kind.isEq(edge) || kind.isEq(placed) { return a2.isEq(b2) }
        // safe-area: string=? of the parents' texts, which must be strings.
        guard case .string = a2, case .string = b2 else { return nil }
        return ExpressionKinds.sameText(a2, b2)
    }

    /// htll:atom=? of two bound atoms' fields after the kind, (DIM OWNER): the same dimension and
    /// owner, or owners that are equal strings (the parent, named by its text); nil if malformed.
    @inline(__always) private func sameBound(_ a: Value, _ b: Value) -> Bool? {
        guard let a1 = a.car, let b1 = b.car, let a2 = a.cdr?.car, let b2 = b.cdr?.car else { return nil }
        guard a1.isEq(b1) else { return false }
        guard case .string = a2, case .string = b2 else { return a2.isEq(b2) }
        return ExpressionKinds.sameText(a2, b2)
    }

    /// Whether two strings are one object or hold the same text.
    private static func sameText(_ a: Value, _ b: Value) -> Bool {
        if a.isEq(b) { return true }
        guard case .string(let x) = a, case .string(let y) = b else { return false }
        return SString.sameScalars(x, y)
    }

    /// For the kinds that hold expressions, the fields after the kind that htll:atom=? compares:
    /// so many by identity, then so many as expressions (nil: every one that follows); nil for the
    /// other kinds. (max E F) (quotient E F): both expressions; (shown VIEW E): the view and E;
    /// (after AXIS CHILD GAP ...) (rest ...): axis, child and gap; (if<= A B THEN ELSE): all four.
    func compoundFields(_ kind: Value) -> (identities: Int, expressions: Int?)? {
        if kind.isEq(max) || kind.isEq(quotient) { return (0, 2) }
        if kind.isEq(shown) { return (1, 1) }
        if kind.isEq(after) || kind.isEq(rest) { return (2, 1) }
        if kind.isEq(ifLessOrEqual) { return (0, nil) }
        return nil
    }

    /// htll:atom=? for the kinds that hold expressions, given the atoms' fields after the kind and
    /// which of them it compares (`compoundFields`).
    private func sameCompound(_ fields: (identities: Int, expressions: Int?), _ a: Value, _ b: Value, depth: Int) -> Bool? {
        guard depth < ExpressionKinds.deepestComparison else { return nil }
        var x = a, y = b
        guard let expressionFields = fields.expressions else {
            // All of them, pairwise: lists of one length, each expression the same.
            while case .pair(let p) = x, case .pair(let q) = y {
                guard let same = sameExpression(p.car, q.car, depth: depth + 1) else { return nil }
                if !same { return false }
                x = p.cdr; y = q.cdr
            }
            guard (x.isNull || x.isPair) && (y.isNull || y.isPair) else { return nil }
            return x.isNull && y.isNull
        }
        for _ in 0..<fields.identities {
            guard case .pair(let p) = x, case .pair(let q) = y else { return nil }
            if !p.car.isEq(q.car) { return false }
            x = p.cdr; y = q.cdr
        }
        for _ in 0..<expressionFields {
            guard case .pair(let p) = x, case .pair(let q) = y, let same = sameExpression(p.car, q.car, depth: depth + 1) else { return nil }
            if !same { return false }
            x = p.cdr; y = q.cdr
        }
        return true
    }

    /// htll:e=?: the same object, or sums of as many terms, each term of E found in F (the first
    /// term of the same atom) with an equal coefficient. Nil where the prelude must tell.
    /// (Also the builtin `(%htll-e=? E F)`, nil as `'()`: the solver compares expressions at every
    /// level it places, and in 1,500 nested (vv A R 2 'center) htll:e-same? and the lookups it
    /// makes were 13% of the bytecode run, issue 19.)
    func sameExpression(_ e: Value, _ f: Value, depth: Int) -> Bool? {
        if e.isEq(f) { return true }
        guard let n = HTLL.properLength(e, limit: HTLL.largestScannedSum),
              let m = HTLL.properLength(f, limit: HTLL.largestScannedSum) else { return nil }
        if n != m { return false }
        var ts = e
        while case .pair(let p) = ts {
            guard case .pair(let t) = p.car else { return nil }
            var found: Pair? = nil
            var us = f
            while case .pair(let q) = us {
                guard case .pair(let u) = q.car, let same = self.same(t.cdr, u.cdr, depth: depth) else { return nil }
                if same { found = u; break }
                us = q.cdr
            }
            guard let u = found else { return false }
            guard let equal = ExpressionKinds.numbersEqual(u.car, t.car) else { return nil }
            if !equal { return false }
            ts = p.cdr
        }
        return true
    }

    /// `(= x y)` for fixnums and flonums (exactly, as Scheme compares them), else nil.
    static func numbersEqual(_ x: Value, _ y: Value) -> Bool? {
        switch (x, y) {
        case let (.fixnum(a), .fixnum(b)): return a == b
        case let (.flonum(a), .flonum(b)): return a == b
        case let (.fixnum(a), .flonum(b)): return a.magnitude <= 1 << 53 ? Double(a) == b : nil
        case let (.flonum(a), .fixnum(b)): return b.magnitude <= 1 << 53 ? a == Double(b) : nil
        default: return nil
        }
    }

    /// Whether `a` is #f or a pair (an atom's two shapes).
    static func isAtomValue(_ a: Value) -> Bool {
        if case .bool(false) = a { return true }
        return a.isPair
    }
}
