/// `let` and friends, `cond`, `case`, `and`, `or`: expanded straight to nodes.
extension Expander {
    /// `((id init) …)` → identifiers and init forms.
    func bindingList(_ list: Value, _ form: Value, _ name: String) throws(SchemeRaise) -> ([Symbol], [Value]) {
        guard let bindings = list.listElements else { throw syntaxError("\(name): bad binding list", form) }
        var ids: [Symbol] = [], inits: [Value] = []
        var seen = IdentityIndex()
        for b in bindings {
            guard let pair = b.listElements, pair.count == 1 || pair.count == 2 else {
                throw syntaxError("\(name): bad binding", form)
            }
            let id = try identifier(pair[0], form, name)
            guard seen.insert(ObjectIdentifier(id)) else { throw syntaxError("\(name): duplicate binding \(id.name)", form) }
            ids.append(id)
            inits.append(pair.count == 2 ? pair[1] : .unspecified)
        }
        return (ids, inits)
    }

    func letForm(_ form: Value, _ items: [Value], _ ctx: Context, tail: Bool) throws(SchemeRaise) -> Node {
        let (ids, initForms) = try bindingList(items[1], form, "let")
        var inits: [Node] = []
        for (id, f) in zip(ids, initForms) { inits.append(try expandNamed(f, id.name, ctx)) }
        let scope = Scope(parent: ctx.scope, owner: ctx.lambda)
        var vars: [Variable] = []
        for id in ids { vars.append(newVariable(id, in: scope, ctx)) }
        var inner = ctx
        inner.scope = scope
        inner.toplevel = false
        let body = try expandBody(Array(items.dropFirst(2)), inner, at: location(of: form))
        return vars.isEmpty ? body : .bind(vars, inits, body)
    }

    func letStar(_ form: Value, _ ctx: Context, tail: Bool) throws(SchemeRaise) -> Node {
        let items = try parts(form, "let*", min: 3)
        guard let bindings = items[1].listElements else { throw syntaxError("let*: bad binding list", form) }
        var inner = ctx
        inner.toplevel = false
        // One scope for all the bindings, each bound after its init is expanded, instead of a scope
        // per binding: what each init sees is the same (the bindings before it; a later one of the
        // same name shadows, as the scope answers with the latest), but a let* of thousands of
        // views no longer makes every identifier under it walk a chain of thousands of scopes
        // (quadratic, issue 19). Nothing keeps the scope as it was mid-way: an init's macros and
        // lambdas are expanded before the next binding is added.
        inner.scope = Scope(parent: ctx.scope, owner: ctx.lambda)
        var layers: [(Variable, Node)] = []
        for b in bindings {
            guard let pair = b.listElements, pair.count == 1 || pair.count == 2 else {
                throw syntaxError("let*: bad binding", form)
            }
            let id = try identifier(pair[0], form, "let*")
            let initNode = try expandNamed(pair.count == 2 ? pair[1] : .unspecified, id.name, inner)
            layers.append((newVariable(id, in: inner.scope, inner), initNode))
        }
        var node = try expandBody(Array(items.dropFirst(2)), inner, at: location(of: form))
        for (v, initNode) in layers.reversed() { node = .bind([v], [initNode], node) }
        return node
    }

    func letrec(_ form: Value, _ ctx: Context, tail: Bool) throws(SchemeRaise) -> Node {
        let items = try parts(form, "letrec", min: 3)
        let (ids, initForms) = try bindingList(items[1], form, "letrec")
        let scope = Scope(parent: ctx.scope, owner: ctx.lambda)
        var inner = ctx
        inner.scope = scope
        inner.toplevel = false
        var vars: [Variable] = []
        for id in ids {
            let v = newVariable(id, in: scope, inner)
            v.assigned = true
            vars.append(v)
        }
        var nodes: [Node] = []
        for (v, f) in zip(vars, initForms) { nodes.append(.setLocal(v, try expandNamed(f, v.name, inner))) }
        nodes.append(try expandBody(Array(items.dropFirst(2)), inner, at: location(of: form)))
        return .bindRecursive(vars, .sequence(nodes))
    }

    /// Whether `v` is the identifier for special form `sf` here (`else`, `=>`).
    func isKeyword(_ v: Value, _ sf: SpecialForm, _ ctx: Context) -> Bool {
        guard case .symbol(let s) = v, case .syntax(.special(let k)) = resolve(s.takeUnretainedValue(), ctx.scope) else {
            return false
        }
        return k == sf
    }

    func cond(_ form: Value, _ ctx: Context, tail: Bool) throws(SchemeRaise) -> Node {
        guard let clauses = form.listElements?.dropFirst() else { throw syntaxError("cond: bad syntax", form) }
        var result: Node = .constant(.unspecified)
        for (k, clause) in clauses.enumerated().reversed() {
            guard let c = clause.listElements, let test = c.first else { throw syntaxError("cond: bad clause", form) }
            let body = Array(c.dropFirst())
            if isKeyword(test, .else, ctx) {
                guard k == clauses.count - 1 else { throw syntaxError("cond: else clause must be last", form) }
                result = try sequenceOf(body, ctx, tail: tail)
            } else if body.count == 2, isKeyword(body[0], .arrow, ctx) {
                let t = temporary(ctx)
                let receiver = try expand(body[1], ctx, tail: false)
                result = .bind([t], [try expand(test, ctx, tail: false)],
                               .if(.local(t), .call(receiver, [.local(t)], location(of: clause)), result))
            } else if body.isEmpty {
                let t = temporary(ctx)
                result = .bind([t], [try expand(test, ctx, tail: false)], .if(.local(t), .local(t), result))
            } else {
                result = .if(try expand(test, ctx, tail: false), try sequenceOf(body, ctx, tail: tail), result)
            }
        }
        return result
    }

    func sequenceOf(_ forms: [Value], _ ctx: Context, tail: Bool) throws(SchemeRaise) -> Node {
        var nodes: [Node] = []
        for (i, f) in forms.enumerated() { nodes.append(try expand(f, ctx, tail: tail && i == forms.count - 1)) }
        return sequence(nodes)
    }

    func caseForm(_ form: Value, _ ctx: Context, tail: Bool) throws(SchemeRaise) -> Node {
        let items = try parts(form, "case", min: 2)
        let key = temporary(ctx)
        var result: Node = .constant(.unspecified)
        let clauses = items.dropFirst(2)
        for (k, clause) in clauses.enumerated().reversed() {
            guard let c = clause.listElements, c.count >= 2 else { throw syntaxError("case: bad clause", form) }
            let body: Node
            if c.count == 3, isKeyword(c[1], .arrow, ctx) {
                body = .call(try expand(c[2], ctx, tail: false), [.local(key)], location(of: clause))
            } else {
                body = try sequenceOf(Array(c.dropFirst()), ctx, tail: tail)
            }
            if isKeyword(c[0], .else, ctx) {
                guard k == clauses.count - 1 else { throw syntaxError("case: else clause must be last", form) }
                result = body
                continue
            }
            guard let data = c[0].listElements else { throw syntaxError("case: bad datum list", form) }
            var test: Node = .constant(.false)
            for d in data.reversed() {
                let datum = strip(d)
                let one: Node
                switch datum {
                case .fixnum, .char, .symbol, .bool, .null:
                    one = .inlined(.isEq, [.local(key), .constant(datum)], .none)
                default:
                    one = .call(.constant(rt.systemValue("eqv?")), [.local(key), .constant(datum)], .none)
                }
                test = data.count == 1 ? one : .if(one, .constant(.true), test)
            }
            result = .if(test, body, result)
        }
        return .bind([key], [try expand(items[1], ctx, tail: false)], result)
    }

    func andOr(_ isAnd: Bool, _ forms: [Value], _ ctx: Context, tail: Bool) throws(SchemeRaise) -> Node {
        guard let last = forms.last else { return .constant(.bool(isAnd)) }
        var result = try expand(last, ctx, tail: tail)
        for f in forms.dropLast().reversed() {
            let test = try expand(f, ctx, tail: false)
            if isAnd {
                result = .if(test, result, .constant(.false))
            } else {
                let t = temporary(ctx)
                result = .bind([t], [test], .if(.local(t), .local(t), result))
            }
        }
        return result
    }

    /// The meaning of a transformer spec: `(syntax-rules …)`, or a keyword to alias.
    func transformer(_ spec: Value, name: String, _ ctx: Context) throws(SchemeRaise) -> SyntaxBinding {
        if case .symbol(let s) = spec, case .syntax(let b) = resolve(s.takeUnretainedValue(), ctx.scope) {
            return b
        }
        guard case .pair(let p) = spec, case .symbol(let hs) = p.car,
              case .syntax(.special(.syntaxRules)) = resolve(hs.takeUnretainedValue(), ctx.scope) else {
            throw syntaxError("\(name): expected a syntax-rules transformer", spec)
        }
        return .macro(try SyntaxRules.parse(spec, name: name, environment: ctx.scope, expander: self))
    }
}
