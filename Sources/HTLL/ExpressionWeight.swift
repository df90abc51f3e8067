import Scheme

/// `(%htll-e-weight-left E BUDGET)`: what htll:e-weight-left (prelude/htll/50-expr.scm) returns,
/// BUDGET less E's weight or a negative number once the weight passes it, or #f when it cannot
/// tell (a malformed expression, atoms nested deeper than `ExpressionKinds.deepestComparison`,
/// a budget that is not a fixnum), and the prelude's own walk then runs and says the same or
/// raises its error.
///
/// Why (issue 19): the solver asks whether a length is heavy enough to be named at every position
/// and length of every node it places or measures, and a node of a deep nesting with an alignment
/// is placed and measured a dozen times a level (1,500 nested `(vv A R 2 'center)`): the walk in
/// the interpreter, about 20 instructions of bytecode a term, was a quarter of the solve.
extension ExpressionKinds {
    /// The answer for E and BUDGET (see the type's comment).
    func weightLeft(_ e: Value, _ budget: Value) -> Value {
        guard case .fixnum(let n) = budget, let left = weightLeft(e, n, depth: 0) else { return .false }
        return .fixnum(left)
    }

    /// htll:e-weight-left: a term weighs 1, and its atom what `atomWeightLeft` says.
    private func weightLeft(_ e: Value, _ budget: Int, depth: Int) -> Int? {
        var n = budget, ts = e
        while true {
            if ts.isNull || n < 0 { return n }
            guard case .pair(let p) = ts, case .pair(let t) = p.car else { return nil }
            switch t.cdr {
            case .bool(false):
                n &-= 1
            case .pair(let a):
                // (A view's bound, most terms, weighs nothing more.)
                if a.car.isEq(bound) {
                    n &-= 1
                } else {
                    guard let m = atomWeightLeft(a, n &- 1, depth: depth) else { return nil }
                    n = m
                }
            case .null, .unspecified, .undefined, .eof, .bool, .fixnum, .flonum, .char, .symbol, .string, .vector,
                 .bytevector, .procedure, .closure, .record, .object:
                return nil
            }
            ts = p.cdr
        }
    }

    /// htll:atom-weight-left: a max or quotient weighs what its two expressions weigh, a shown
    /// length its expression, an if<= its four; every other atom nothing.
    private func atomWeightLeft(_ a: Pair, _ budget: Int, depth: Int) -> Int? {
        let kind = a.car
        let isPair = kind.isEq(max) || kind.isEq(quotient)
        guard isPair || kind.isEq(shown) || kind.isEq(ifLessOrEqual) else { return budget }
        guard depth < ExpressionKinds.deepestComparison else { return nil }
        if isPair {
            guard let first = a.cdr.car, let second = a.cdr.cdr?.car,
                  let n = weightLeft(first, budget, depth: depth + 1) else { return nil }
            return n < 0 ? n : weightLeft(second, n, depth: depth + 1)
        }
        if kind.isEq(shown) {
            guard let e = a.cdr.cdr?.car else { return nil }
            return weightLeft(e, budget, depth: depth + 1)
        }
        var n = budget, es = a.cdr
        while true {
            if es.isNull || n < 0 { return n }
            guard case .pair(let p) = es, let m = weightLeft(p.car, n, depth: depth + 1) else { return nil }
            n = m
            es = p.cdr
        }
    }
}
