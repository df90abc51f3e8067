/// The expander's output written back as Scheme data, for `expand` (the REPL's `,expand`): what
/// the compiler sees of a form once macros and derived forms are expanded.
///
/// Core forms print as their usual syntax (`lambda`, `if`, `begin`, `set!`, `define`, `quote`);
/// a `let` the expander bound in the current frame prints as `let`, a `letrec` body as
/// `letrec*`, a loop it turned into jumps as a named `let` whose name is `loop`. Calls the
/// compiler inlines print under their procedure's name. A variable a macro introduced keeps its
/// name; only the structure changes.
extension Node {
    /// The node as a datum, at most `depth` levels deep (deeper parts print as `...`).
    func datum(_ rt: Runtime, depth: Int = 10_000) -> Value {
        guard depth > 0 else { return rt.symbol("...") }
        let d = depth - 1
        func sym(_ s: String) -> Value { rt.symbol(s) }
        func list(_ items: [Value]) -> Value { rt.heap.list(items) }
        func names(_ vs: [Variable]) -> [Value] { vs.map { sym($0.name) } }
        switch self {
        case .constant(let v):
            switch v {
            case .pair, .symbol, .null, .vector: return list([sym("quote"), v])
            case .unspecified: return list([sym("if"), .bool(false), .bool(false)])
            default: return v
            }
        case .local(let v): return sym(v.name)
        case .global(let g): return .symbol(Unmanaged.passUnretained(g.name))
        case .setLocal(let v, let n): return list([sym("set!"), sym(v.name), n.datum(rt, depth: d)])
        case .setGlobal(let g, let n): return list([sym("set!"), .symbol(Unmanaged.passUnretained(g.name)), n.datum(rt, depth: d)])
        case .defineGlobal(let g, let n):
            return list([sym("define"), .symbol(Unmanaged.passUnretained(g.name)), n.datum(rt, depth: d)])
        case .if(let c, let t, let e):
            return list([sym("if"), c.datum(rt, depth: d), t.datum(rt, depth: d), e.datum(rt, depth: d)])
        case .lambda(let l): return l.datum(rt, depth: d)
        case .sequence(let ns): return list([sym("begin")] + ns.map { $0.datum(rt, depth: d) })
        case .call(let f, let args, _): return list([f.datum(rt, depth: d)] + args.map { $0.datum(rt, depth: d) })
        case .inlined(let op, let args, _):
            return list([sym(op.inlinedBuiltin?.name ?? op.name)] + args.map { $0.datum(rt, depth: d) })
        case .bind(let vs, let inits, let body):
            let bindings = zip(vs, inits).map { list([sym($0.name), $1.datum(rt, depth: d)]) }
            return list([sym("let"), list(bindings)] + Node.body(body, rt, depth: d))
        case .bindRecursive(let vs, let body):
            let bindings = vs.map { list([sym($0.name), list([sym("if"), .bool(false), .bool(false)])]) }
            return list([sym("letrec*"), list(bindings)] + Node.body(body, rt, depth: d))
        case .loopBlock(let info, let inits, let body):
            let bindings = zip(info.variables, inits).map { list([sym($0.name), $1.datum(rt, depth: d)]) }
            return list([sym("let"), sym("loop"), list(bindings)] + Node.body(body, rt, depth: d))
        case .loop(_, let args): return list([sym("loop")] + args.map { $0.datum(rt, depth: d) })
        }
    }

    /// A body's forms: a sequence is spliced, as a body would be written.
    static func body(_ node: Node, _ rt: Runtime, depth: Int) -> [Value] {
        if case .sequence(let ns) = node { return ns.map { $0.datum(rt, depth: depth) } }
        return [node.datum(rt, depth: depth)]
    }
}

extension LambdaNode {
    /// `(lambda PARAMETERS BODY...)`, a rest parameter after a dot.
    func datum(_ rt: Runtime, depth: Int) -> Value {
        var params: Value = .null
        let named = parameters.map { rt.symbol($0.name) }
        if hasRest, let rest = named.last {
            params = rest
            for p in named.dropLast().reversed() { params = rt.heap.cons(p, params) }
        } else {
            params = rt.heap.list(named)
        }
        return rt.heap.list([rt.symbol("lambda"), params] + Node.body(body, rt, depth: depth))
    }
}

extension Scheme {
    /// Every form of `source` expanded at the top level (macros and derived forms, as the compiler
    /// sees them), as a list of data. Nothing runs; a `define-syntax` form does define its macro.
    public func expand(_ source: String, file: String? = nil) throws -> Value {
        let rt = runtime
        var out: [Value] = []
        do {
            for form in try read(source, file: file).arrayValue ?? [] {
                let thunk = try Expander(runtime: rt, isSystem: false).expandToplevel(form, in: rt.interaction)
                out.append(contentsOf: Node.body(thunk.body, rt, depth: rt.maxNesting))
            }
        } catch let e as SchemeRaise {
            throw SchemeError(raised: e.payload, rt: rt)
        }
        return rt.heap.list(out)
    }
}
