/// Forms whose definitions belong to the enclosing body or top level: `let-syntax` and
/// `letrec-syntax` made only of definitions, and top-level `begin`.
extension Expander {
    /// `let-syntax`/`letrec-syntax` as a form of its own (in a body, `expandBody` splices it).
    ///
    /// R7RS makes its forms a body (WG1 chose not to splice; chibi's suite checks it), and a body
    /// ends with an expression. One that ends with a definition would be an error there, so it
    /// splices as in R6RS instead: its definitions are the enclosing body's, or at top level the
    /// environment's, and its macros are visible to them.
    func letSyntax(_ form: Value, recursive: Bool, _ ctx: Context, tail: Bool) throws(SchemeRaise) -> Node {
        let (body, scope) = try syntaxBindings(form, recursive: recursive, ctx)
        var inner = ctx
        inner.scope = scope
        guard ctx.toplevel, try endsWithDefinition(body, scope) else {
            inner.toplevel = false
            return try expandBody(body, inner, at: location(of: form))
        }
        return try toplevelBegin(body, inner, tail: tail)
    }

    /// The forms of a `let-syntax`/`letrec-syntax` and a new scope binding its macros (for
    /// `letrec-syntax` they are defined in that scope, so they see one another).
    func syntaxBindings(_ form: Value, recursive: Bool, _ ctx: Context) throws(SchemeRaise) -> ([Value], Scope) {
        let who = recursive ? "letrec-syntax" : "let-syntax"
        let items = try parts(form, who, min: 2)
        guard let bindings = items[1].listElements else { throw syntaxError("\(who): bad bindings", form) }
        let scope = Scope(parent: ctx.scope, owner: ctx.lambda)
        var defCtx = ctx
        defCtx.toplevel = false
        if recursive { defCtx.scope = scope }
        for b in bindings {
            guard let pair = b.listElements, pair.count == 2 else { throw syntaxError("\(who): bad binding", form) }
            let id = try identifier(pair[0], form, who)
            scope.bind(id, .syntax(try transformer(pair[1], name: id.name, defCtx)))
        }
        return (Array(items.dropFirst(2)), scope)
    }

    /// Whether the last of `forms` is a definition once its macros are expanded (a `begin` or
    /// `let-syntax` counts by its own last form). Expanding a `syntax-rules` use has no effect but
    /// allocation, so probing here and expanding again later is safe.
    func endsWithDefinition(_ forms: [Value], _ scope: Scope) throws(SchemeRaise) -> Bool {
        guard var f = forms.last else { return false }
        var here = scope
        var steps = 0
        while case .pair(let p) = f, case .symbol(let hs) = p.car {
            steps += 1
            if steps > Expander.maxExpansions { return false }
            switch resolve(hs.takeUnretainedValue(), here) {
            case .syntax(.macro(let m)):
                f = try transform(f, m, here)
            case .syntax(.special(.define)), .syntax(.special(.defineSyntax)):
                return true
            case .syntax(.special(.begin)):
                guard let last = f.listElements?.dropFirst().last else { return false }
                f = last
            case .syntax(.special(let sf)) where sf == .letSyntax || sf == .letrecSyntax:
                let ctx = Context(scope: here, lambda: LambdaNode(name: "probe", parent: nil, location: .none), toplevel: false)
                let (body, inner) = try syntaxBindings(f, recursive: sf == .letrecSyntax, ctx)
                guard let last = body.last else { return false }
                f = last
                here = inner
            default:
                return false
            }
        }
        return false
    }

    /// A top-level `begin`: its forms are top-level forms, expanded in order. The identifiers a macro
    /// inserted and the forms define are declared first, so a definition may refer to one made
    /// later in the same expansion (as `(define (f x) (g x)) (define (g x) …)` from one macro).
    func toplevelBegin(_ forms: [Value], _ ctx: Context, tail: Bool) throws(SchemeRaise) -> Node {
        var queue = forms
        var i = 0
        scan: while i < queue.count {
            var f = queue[i]
            while case .pair(let p) = f, case .symbol(let hs) = p.car {
                switch resolve(hs.takeUnretainedValue(), ctx.scope) {
                case .syntax(.macro(let m)):
                    f = try transform(f, m, ctx.scope)
                    queue[i] = f
                    continue
                case .syntax(.special(.begin)):
                    guard let sub = f.listElements else { throw syntaxError("begin: bad syntax", f) }
                    queue.replaceSubrange(i...i, with: sub.dropFirst())
                    continue scan
                case .syntax(.special(.define)):
                    let (id, _, _) = try definitionParts(f)
                    if id.renamed != nil {
                        _ = ctx.scope.top.defineVariable(id)
                        toplevelChanged(id)
                    }
                case .syntax(.special(.defineSyntax)):
                    // Bound now, so the forms after it expand with it (as they would in order).
                    _ = try special(.defineSyntax, f, ctx, tail: false)
                    queue[i] = .unspecified
                default:
                    break
                }
                break
            }
            i += 1
        }
        var nodes: [Node] = []
        for (k, f) in queue.enumerated() {
            nodes.append(try expand(f, ctx, tail: tail && k == queue.count - 1))
        }
        return sequence(nodes)
    }
}
