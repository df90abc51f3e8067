/// `syntax-rules`: pattern matching on forms and template instantiation with renaming.
///
/// Every identifier a template inserts (other than pattern variables) is replaced by a fresh renamed
/// `Symbol` that remembers the macro's environment; the expander resolves it there unless the same
/// expansion bound it. One rename per identifier per expansion keeps binders and references together.
enum SyntaxRules {
    /// Parses `(syntax-rules [ellipsis] (literal …) (pattern template) …)`.
    static func parse(_ spec: Value, name: String, environment: Scope, expander: Expander) throws(SchemeRaise) -> Macro {
        guard var items = spec.listElements, items.count >= 2 else {
            throw expander.syntaxError("syntax-rules: bad syntax", spec)
        }
        items.removeFirst()
        var ellipsis = expander.rt.intern("...")
        if case .symbol(let e) = items[0] {
            ellipsis = e.takeUnretainedValue()
            items.removeFirst()
        }
        guard let literalList = items.first?.listElements else {
            throw expander.syntaxError("syntax-rules: expected a list of literals", spec)
        }
        var literals: [Symbol] = []
        for l in literalList {
            guard case .symbol(let s) = l else { throw expander.syntaxError("syntax-rules: literals must be identifiers", spec) }
            literals.append(s.takeUnretainedValue())
        }
        var rules: [(pattern: Value, template: Value)] = []
        for r in items.dropFirst() {
            guard let pt = r.listElements, pt.count == 2, pt[0].isPair else {
                throw expander.syntaxError("syntax-rules: each rule must be (pattern template)", spec)
            }
            rules.append((pt[0], pt[1]))
        }
        return Macro(name: name, literals: literals, rules: rules, ellipsis: ellipsis, environment: environment, data: [spec])
    }
}

/// What a pattern variable matched: one form, or a sequence (one level per ellipsis).
private indirect enum Match {
    case one(Value)
    case many([Match])
}

/// One application of a macro to a form.
private struct Expansion {
    let macro: Macro
    let useScope: Scope
    let expander: Expander
    let form: Value
    var bindings: [ObjectIdentifier: Match] = [:]
    var renames: [ObjectIdentifier: Value] = [:]
    var depth = 0

    var rt: Runtime { expander.rt }

    func isEllipsis(_ v: Value) -> Bool {
        guard case .symbol(let s) = v else { return false }
        let sym = s.takeUnretainedValue()
        if macro.literals.contains(where: { $0 === sym }) { return false }
        guard sym === macro.ellipsis || sym.base === macro.ellipsis.base && macro.ellipsis.renamed == nil else {
            return false
        }
        // A `...` bound as a variable where the macro is defined is that variable, not the ellipsis.
        if case .variable = expander.resolve(sym, macro.environment) { return false }
        return true
    }

    func isLiteral(_ s: Symbol) -> Bool { macro.literals.contains { $0 === s } }

    // MARK: Matching

    mutating func match(_ pattern: Value, _ input: Value) throws(SchemeRaise) -> Bool {
        depth += 1
        defer { depth -= 1 }
        if depth > rt.maxNesting || rt.stackGuard.isExhausted { throw expander.syntaxError("\(macro.name): pattern nested too deeply", form) }
        switch pattern {
        case .symbol(let ps):
            let p = ps.takeUnretainedValue()
            if isLiteral(p) {
                guard case .symbol(let fs) = input else { return false }
                return expander.resolve(fs.takeUnretainedValue(), useScope)
                    .same(as: expander.resolve(p, macro.environment))
            }
            if p.base.name == "_" { return true }
            bindings[ObjectIdentifier(p)] = .one(input)
            return true
        case .pair(let pPair):
            if case .pair(let next) = pPair.cdr, isEllipsis(next.car) {
                return try matchEllipsis(pPair.car, rest: next.cdr, input)
            }
            guard case .pair(let fp) = input else { return false }
            guard try match(pPair.car, fp.car) else { return false }
            return try match(pPair.cdr, fp.cdr)
        case .null:
            return input.isNull
        case .vector(let pv):
            guard case .vector(let fv) = input else { return false }
            return try match(rt.heap.list(pv.items), rt.heap.list(fv.items))
        default:
            return pattern.isEqv(input) || (pattern.sstring != nil && pattern.sstring?.scalars == input.sstring?.scalars)
        }
    }

    /// `(sub <ellipsis> . rest)` against `input`: as many `sub`s as leave enough for `rest`.
    mutating func matchEllipsis(_ sub: Value, rest: Value, _ input: Value) throws(SchemeRaise) -> Bool {
        // A circular list (`#0=(a . #0#)`) matches no pattern; counting it would never end.
        guard let restCount = Expansion.spine(rest)?.count, let items = Expansion.spine(input) else { return false }
        let n = items.count - restCount
        if n < 0 { return false }
        let vars = patternVariables(sub)
        var seqs: [[Match]] = Array(repeating: [], count: vars.count)
        let outer = bindings
        for i in 0..<n {
            bindings = [:]
            guard try match(sub, items[i]) else { bindings = outer; return false }
            for (k, v) in vars.enumerated() { seqs[k].append(bindings[ObjectIdentifier(v)] ?? .many([])) }
        }
        bindings = outer
        for (k, v) in vars.enumerated() { bindings[ObjectIdentifier(v)] = .many(seqs[k]) }
        // The rest matches the input from item n on.
        var suffix = input
        for _ in 0..<n { suffix = suffix.cdr ?? .null }
        return try match(rest, suffix)
    }

    /// The cars along the cdrs of `list` (to its first non-pair), or nil if the cdrs go round a cycle.
    static func spine(_ list: Value) -> [Value]? {
        var items: [Value] = []
        var cur = list, slow = list
        while case .pair(let p) = cur {
            items.append(p.car)
            cur = p.cdr
            // Floyd: `slow` moves at half speed, so on a cycle `cur` catches up with it.
            if items.count & 1 == 0, let next = slow.cdr { slow = next }
            if case .pair(let a) = cur, case .pair(let b) = slow, a.toOpaque() == b.toOpaque() { return nil }
        }
        return items
    }

    /// The pattern variables in a pattern (not literals, ellipses or `_`).
    func patternVariables(_ pattern: Value) -> [Symbol] {
        var out: [Symbol] = []
        var work = [pattern]
        while let v = work.popLast() {
            switch v {
            case .symbol(let s):
                let sym = s.takeUnretainedValue()
                if !isLiteral(sym), !isEllipsis(v), sym.base.name != "_" { out.append(sym) }
            case .pair(let p):
                work.append(p.cdr)
                work.append(p.car)
            case .vector(let x):
                work.append(contentsOf: x.items.reversed())
            default: break
            }
        }
        return out
    }

    // MARK: Instantiation

    mutating func instantiate(_ t: Value) throws(SchemeRaise) -> Value {
        depth += 1
        defer { depth -= 1 }
        if depth > rt.maxNesting || rt.stackGuard.isExhausted { throw expander.syntaxError("\(macro.name): template nested too deeply", form) }
        switch t {
        case .symbol(let s):
            let sym = s.takeUnretainedValue()
            if let m = bindings[ObjectIdentifier(sym)] {
                guard case .one(let v) = m else {
                    throw expander.syntaxError("\(macro.name): pattern variable \(sym.name) used without ellipsis", form)
                }
                return v
            }
            return rename(sym)
        case .pair(let pair):
            // Each pair built counts as work: one expansion may multiply its input's size.
            try rt.chargeWork(1, at: expander.location(of: form))
            // (... ...) escapes the ellipsis: the rest is copied without ellipsis processing.
            if isEllipsis(pair.car), case .pair(let q) = pair.cdr {
                return try escaped(q.car)
            }
            var cur = pair.cdr
            var ellipses = 0
            while case .pair(let q) = cur, isEllipsis(q.car) {
                ellipses += 1
                cur = q.cdr
            }
            let tail = try instantiate(cur)
            if ellipses == 0 { return cons(try instantiate(pair.car), tail) }
            var items: [Value] = []
            try repeatTemplate(pair.car, levels: ellipses, into: &items)
            var result = tail
            for v in items.reversed() { result = cons(v, result) }
            return result
        case .vector(let v):
            let list = try instantiate(rt.heap.list(v.items))
            return rt.heap.vector(list.listElements ?? [])
        default:
            return t
        }
    }

    /// Instantiates `sub` once per element of the sequences its ellipsis variables matched.
    mutating func repeatTemplate(_ sub: Value, levels: Int, into items: inout [Value]) throws(SchemeRaise) {
        let vars = patternVariables(sub).filter { v in
            if case .many? = bindings[ObjectIdentifier(v)] { return true }
            return false
        }
        guard !vars.isEmpty else {
            throw expander.syntaxError("\(macro.name): no pattern variable before ellipsis in template", form)
        }
        var length: Int?
        for v in vars {
            guard case .many(let seq)? = bindings[ObjectIdentifier(v)] else { continue }
            if let l = length, l != seq.count {
                throw expander.syntaxError("\(macro.name): pattern variables under one ellipsis matched different lengths", form)
            }
            length = seq.count
        }
        let saved = bindings
        for i in 0..<(length ?? 0) {
            for v in vars {
                if case .many(let seq)? = saved[ObjectIdentifier(v)] { bindings[ObjectIdentifier(v)] = seq[i] }
            }
            if levels > 1 {
                try repeatTemplate(sub, levels: levels - 1, into: &items)
            } else {
                items.append(try instantiate(sub))
            }
            bindings = saved
        }
    }

    mutating func escaped(_ t: Value) throws(SchemeRaise) -> Value {
        switch t {
        case .symbol(let s):
            if let m = bindings[ObjectIdentifier(s.takeUnretainedValue())], case .one(let v) = m { return v }
            return rename(s.takeUnretainedValue())
        case .pair(let p):
            return cons(try escaped(p.car), try escaped(p.cdr))
        default:
            return t
        }
    }

    mutating func rename(_ sym: Symbol) -> Value {
        if let r = renames[ObjectIdentifier(sym)] { return r }
        let r = Value.symbol(Unmanaged.passUnretained(rt.heap.own(Symbol(renaming: sym, in: macro.environment))))
        renames[ObjectIdentifier(sym)] = r
        return r
    }

    func cons(_ a: Value, _ b: Value) -> Value {
        rt.heap.cons(a, b, at: expander.location(of: form))
    }
}

extension Expander {
    /// Applies macro `m` to `form` used in `scope`.
    func transform(_ form: Value, _ m: Macro, _ scope: Scope) throws(SchemeRaise) -> Value {
        for rule in m.rules {
            var e = Expansion(macro: m, useScope: scope, expander: self, form: form)
            // The keyword position is ignored.
            if try e.match(rule.pattern.cdr ?? .null, form.cdr ?? .null) {
                return try e.instantiate(rule.template)
            }
        }
        throw syntaxError("\(m.name): no syntax-rules pattern matches", form)
    }
}
