import Scheme

/// `(%htll-same-length? A B)`: what htll:same-length-prelude? (prelude/htll/50-expr.scm, the
/// solver's measure memo's comparison) answers, #t or #f, or `'()` when it cannot tell (a malformed or long sum, a coefficient that is
/// not a fixnum or a flonum, atoms nested deeper than `ExpressionKinds.deepestComparison`), and
/// the prelude's own comparison then runs.
///
/// The rule, as the prelude's: A and B are one object, or lists of as many terms where each term
/// of A has one in B of an equal coefficient and the same atom: htll:atom=?'s, or two locals whose
/// definitions are the same expression (htll:e=?, which takes the locals inside them by identity).
///
/// Why (issue 19): the solver's measure memo compares each length it is asked about with those it
/// answered before, and a node of nested aligned splits is measured about a dozen times a level
/// in sums of up to 16 terms: in the interpreter these comparisons were a quarter of the solve.
extension ExpressionKinds {
    /// The answer for A and B (see the type's comment).
    func sameLength(_ a: Value, _ b: Value) -> Value {
        if a.isEq(b) { return .true }
        guard case .pair = a, case .pair = b else { return .false }
        guard let n = HTLL.properLength(a, limit: HTLL.largestScannedSum),
              let m = HTLL.properLength(b, limit: HTLL.largestScannedSum) else { return .null }
        if n != m { return .false }
        var ts = a
        while case .pair(let p) = ts {
            guard case .pair(let t) = p.car else { return .null }
            var found = false
            var us = b
            while case .pair(let q) = us {
                guard case .pair(let u) = q.car, let equal = ExpressionKinds.numbersEqual(u.car, t.car) else { return .null }
                if equal {
                    guard let same = sameAtomOrLocal(t.cdr, u.cdr) else { return .null }
                    if same { found = true; break }
                }
                us = q.cdr
            }
            if !found { return .false }
            ts = p.cdr
        }
        return .true
    }

    /// htll:same-atom-or-local?: htll:atom=?, or two locals whose definitions are the same.
    private func sameAtomOrLocal(_ x: Value, _ y: Value) -> Bool? {
        guard let same = same(x, y) else { return nil }
        if same { return true }
        guard case .pair(let px) = x, case .pair(let py) = y, px.car.isEq(local), py.car.isEq(local) else { return false }
        guard let ex = px.cdr.cdr?.car, let ey = py.cdr.cdr?.car else { return nil }
        return sameExpression(ex, ey, depth: 1)
    }
}
