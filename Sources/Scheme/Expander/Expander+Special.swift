/// The special forms the expander implements directly.
extension Expander {
    func special(_ sf: SpecialForm, _ form: Value, _ ctx: Context, tail: Bool) throws(SchemeRaise) -> Node {
        switch sf {
        case .quote:
            guard case .pair(let p) = form, case .pair(let rest) = p.cdr, rest.cdr.isNull else {
                throw syntaxError("quote: bad syntax", form)
            }
            return .constant(strip(rest.car))
        case .quasiquote:
            let items = try parts(form, "quasiquote", min: 2, max: 2)
            return try quasi(items[1], depth: 0, ctx)
        case .lambda:
            let items = try parts(form, "lambda", min: 2)
            return .lambda(try lambda(items[1], Array(items.dropFirst(2)), ctx, name: "anonymous", form: form))
        case .namedLambda:
            let items = try parts(form, "named-lambda", min: 2)
            guard case .pair(let p) = items[1], case .symbol(let n) = p.car else {
                throw syntaxError("named-lambda: bad syntax", form)
            }
            return .lambda(try lambda(p.cdr, Array(items.dropFirst(2)), ctx,
                                      name: n.takeUnretainedValue().name, form: form))
        case .if:
            let items = try parts(form, "if", min: 3, max: 4)
            return .if(try expand(items[1], ctx, tail: false), try expand(items[2], ctx, tail: tail),
                       items.count == 4 ? try expand(items[3], ctx, tail: tail) : .constant(.unspecified))
        case .set:
            return try assignment(form, ctx)
        case .define:
            guard ctx.toplevel else { throw syntaxError("define: not allowed in an expression context", form) }
            return try toplevelDefine(form, ctx)
        case .begin:
            guard let items = form.listElements else { throw syntaxError("begin: bad syntax", form) }
            if ctx.toplevel { return try toplevelBegin(Array(items.dropFirst()), ctx, tail: tail) }
            var nodes: [Node] = []
            for (i, f) in items.dropFirst().enumerated() {
                nodes.append(try expand(f, ctx, tail: tail && i == items.count - 2))
            }
            return sequence(nodes)
        case .let:
            let items = try parts(form, "let", min: 3)
            if items[1].isSymbol { return try namedLet(form, items, ctx, tail: tail) }
            return try letForm(form, items, ctx, tail: tail)
        case .letStar:
            return try letStar(form, ctx, tail: tail)
        case .letrec, .letrecStar:
            return try letrec(form, ctx, tail: tail)
        case .cond:
            return try cond(form, ctx, tail: tail)
        case .case:
            return try caseForm(form, ctx, tail: tail)
        case .and, .or:
            guard let items = form.listElements else { throw syntaxError("\(sf.rawValue): bad syntax", form) }
            return try andOr(sf == .and, Array(items.dropFirst()), ctx, tail: tail)
        case .when, .unless:
            let items = try parts(form, sf.rawValue, min: 2)
            var body: [Node] = []
            for (i, f) in items.dropFirst(2).enumerated() {
                body.append(try expand(f, ctx, tail: tail && i == items.count - 3))
            }
            let test = try expand(items[1], ctx, tail: false)
            return sf == .when ? .if(test, sequence(body), .constant(.unspecified))
                : .if(test, .constant(.unspecified), sequence(body))
        case .do:
            return try doLoop(form, ctx, tail: tail)
        case .defineSyntax:
            guard ctx.toplevel else { throw syntaxError("define-syntax: not allowed in an expression context", form) }
            let items = try parts(form, "define-syntax", min: 3, max: 3)
            let name = try identifier(items[1], form, "define-syntax")
            let binding = try transformer(items[2], name: name.name, ctx)
            ctx.scope.top.defineSyntax(name, binding)
            toplevelChanged(name)
            return .constant(.unspecified)
        case .letSyntax, .letrecSyntax:
            return try letSyntax(form, recursive: sf == .letrecSyntax, ctx, tail: tail)
        case .syntaxRules:
            throw syntaxError("syntax-rules: only valid as a macro transformer", form)
        case .syntaxError:
            let items = try parts(form, "syntax-error", min: 2)
            let message = items[1].sstring?.string ?? Printer.display(items[1])
            throw SchemeRaise(ErrorObject.make(message: message, irritants: items.dropFirst(2).map { strip($0) },
                                                 location: location(of: form), in: rt.heap))
        case .include, .includeCi:
            return try expand(try includeForm(form, sf == .includeCi), ctx, tail: tail)
        case .condExpand:
            return try expand(try condExpand(form), ctx, tail: tail)
        case .import, .defineLibrary:
            // Libraries load at run time, through a builtin, so the collector never runs mid-expansion.
            // `import` adds to the environment at the root of this form's scopes.
            let helper = sf == .import ? "%import" : "%define-library"
            let env = Value.object(Unmanaged.passUnretained(ctx.scope.top))
            return .call(.constant(rt.systemValue(helper)), [.constant(strip(form)), .constant(env)], location(of: form))
        case .unquote, .unquoteSplicing:
            throw syntaxError("\(sf.rawValue): not inside a quasiquote", form)
        case .else, .arrow, .ellipsis, .underscore:
            throw syntaxError("\(sf.rawValue): not valid as an expression", form)
        }
    }

    // MARK: - Lambda and bodies

    /// Expands a lambda with parameter list `formals`.
    func lambda(_ formals: Value, _ body: [Value], _ ctx: Context, name: String, form: Value) throws(SchemeRaise) -> LambdaNode {
        let lam = LambdaNode(name: name, parent: ctx.lambda, location: location(of: form))
        let scope = Scope(parent: ctx.scope, owner: lam)
        var cur = formals
        var seen = IdentityIndex()
        while case .pair(let p) = cur {
            let id = try identifier(p.car, form, "lambda")
            guard seen.insert(ObjectIdentifier(id)) else { throw syntaxError("lambda: duplicate parameter \(id.name)", form) }
            let v = lam.newVariable(id.name)
            scope.bind(id, .variable(v))
            lam.parameters.append(v)
            lam.required += 1
            cur = p.cdr
        }
        if case .symbol(let r) = cur {
            let v = lam.newVariable(r.takeUnretainedValue().name)
            scope.bind(r.takeUnretainedValue(), .variable(v))
            lam.parameters.append(v)
            lam.hasRest = true
        } else if !cur.isNull {
            throw syntaxError("lambda: bad parameter list", form)
        }
        var inner = ctx
        inner.scope = scope
        inner.lambda = lam
        inner.toplevel = false
        inner.jumpable = []
        lam.body = try expandBody(body, inner, at: location(of: form))
        return lam
    }

    /// A body: internal definitions (letrec* semantics) then expressions; the last is in tail position.
    /// `let-syntax` and `letrec-syntax` splice: their definitions belong to this body, and their
    /// forms see the macros they bind (each form is expanded in the scope it came from).
    func expandBody(_ forms: [Value], _ outer: Context, at loc: SourceLocation) throws(SchemeRaise) -> Node {
        let scope = Scope(parent: outer.scope, owner: outer.lambda)
        var ctx = outer
        ctx.scope = scope
        ctx.toplevel = false
        enum Item { case define(Variable, Value, String, Scope), expression(Value, Scope) }
        var items: [Item] = []
        var vars: [Variable] = []
        var queue: [(form: Value, scope: Scope)] = forms.map { ($0, scope) }
        var i = 0
        scan: while i < queue.count {
            var f = queue[i].form
            let here = queue[i].scope
            while case .pair(let p) = f, case .symbol(let hs) = p.car {
                switch resolve(hs.takeUnretainedValue(), here) {
                case .syntax(.macro(let m)):
                    f = try transform(f, m, here)
                    continue
                case .syntax(.special(.begin)):
                    guard let sub = f.listElements else { throw syntaxError("begin: bad syntax", f) }
                    queue.replaceSubrange(i...i, with: sub.dropFirst().map { ($0, here) })
                    continue scan
                case .syntax(.special(.include)), .syntax(.special(.includeCi)):
                    let included = try includeForm(f, hs.takeUnretainedValue().base.name == "include-ci")
                    queue.replaceSubrange(i...i, with: (included.listElements ?? []).dropFirst().map { ($0, here) })
                    continue scan
                case .syntax(.special(.condExpand)):
                    f = try condExpand(f)
                    continue
                case .syntax(.special(let sf)) where sf == .letSyntax || sf == .letrecSyntax:
                    var inner = ctx
                    inner.scope = here
                    let (body, syntaxScope) = try syntaxBindings(f, recursive: sf == .letrecSyntax, inner)
                    guard try endsWithDefinition(body, syntaxScope) else { break }
                    queue.replaceSubrange(i...i, with: body.map { ($0, syntaxScope) })
                    continue scan
                case .syntax(.special(.define)):
                    let (id, value, name) = try definitionParts(f)
                    let v: Variable
                    if case .variable(let existing)? = scope.local(id) {
                        v = existing
                    } else {
                        v = newVariable(id, in: scope, ctx)
                        v.assigned = true
                        vars.append(v)
                    }
                    items.append(.define(v, value, name, here))
                    i += 1
                    continue scan
                case .syntax(.special(.defineSyntax)):
                    let parts = try self.parts(f, "define-syntax", min: 3, max: 3)
                    let id = try identifier(parts[1], f, "define-syntax")
                    var inner = ctx
                    inner.scope = here
                    scope.bind(id, .syntax(try transformer(parts[2], name: id.name, inner)))
                    i += 1
                    continue scan
                default:
                    break
                }
                break
            }
            items.append(.expression(f, here))
            i += 1
        }
        var nodes: [Node] = []
        for (k, item) in items.enumerated() {
            let last = k == items.count - 1
            switch item {
            case .define(let v, let value, let name, let s):
                var inner = ctx
                inner.scope = s
                nodes.append(.setLocal(v, try expandNamed(value, name, inner)))
            case .expression(let f, let s):
                var inner = ctx
                inner.scope = s
                nodes.append(try expand(f, inner, tail: last))
            }
        }
        if case .define? = items.last { nodes.append(.constant(.unspecified)) }
        let body = sequence(nodes)
        return vars.isEmpty ? body : .bindRecursive(vars, body)
    }

    /// Expands `form`, naming it `name` if it is a lambda (for backtraces).
    func expandNamed(_ form: Value, _ name: String, _ ctx: Context) throws(SchemeRaise) -> Node {
        let node = try expand(form, ctx, tail: false)
        if case .lambda(let lam) = node, lam.name == "anonymous" { lam.name = name }
        return node
    }

    /// `(define id expr)`, `(define id)` or `(define (id . formals) body …)` → identifier, value form, name.
    func definitionParts(_ form: Value) throws(SchemeRaise) -> (Symbol, Value, String) {
        let items = try parts(form, "define", min: 2)
        switch items[1] {
        case .symbol(let s):
            guard items.count <= 3 else { throw syntaxError("define: bad syntax", form) }
            return (s.takeUnretainedValue(), items.count == 3 ? items[2] : .unspecified, s.takeUnretainedValue().name)
        case .pair(let p):
            // (define (name . formals) body …), also curried: (define ((name a) b) …)
            let target = p.car
            let lambdaForm = self.form([core("lambda"), p.cdr] + items.dropFirst(2), like: form)
            if target.isPair {
                return try definitionParts(self.form([core("define"), target, lambdaForm], like: form))
            }
            let id = try identifier(target, form, "define")
            return (id, lambdaForm, id.name)
        default:
            throw syntaxError("define: bad syntax", form)
        }
    }

    /// A top-level `define`: the name becomes the environment's own variable (an imported binding
    /// of the same name is shadowed here, never changed). A name a macro inserted is defined by
    /// identity, so only that macro's expansion sees it (hygiene, as in chibi and guile).
    func toplevelDefine(_ form: Value, _ ctx: Context) throws(SchemeRaise) -> Node {
        let (id, value, name) = try definitionParts(form)
        let cell = ctx.scope.top.defineVariable(id)
        toplevelChanged(id)
        return .defineGlobal(cell, try expandNamed(value, name, ctx))
    }

    func assignment(_ form: Value, _ ctx: Context) throws(SchemeRaise) -> Node {
        let items = try parts(form, "set!", min: 3, max: 3)
        let id = try identifier(items[1], form, "set!")
        let value = try expand(items[2], ctx, tail: false)
        switch resolve(id, ctx.scope) {
        case .variable(let v):
            if ctx.loops.contains(where: { $0.variable === v }) { throw LoopLabel.escapes }
            v.assigned = true
            v.mutated = true
            return .setLocal(capture(v, ctx), value)
        case .global(let g):
            // Assigning an imported variable makes it this environment's own, like a definition:
            // the library and everyone else importing it keep theirs.
            if g.source != nil { g.detach() }
            if !g.isSystem || isSystem { g.isDeclared = true }
            return .setGlobal(g, value)
        case .syntax:
            throw syntaxError("set!: cannot assign a syntax keyword: \(id.name)", form)
        }
    }
}
