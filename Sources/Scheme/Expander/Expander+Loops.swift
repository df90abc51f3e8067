/// Named `let` (and `do`) loops whose name is only called in tail position become jumps in the
/// current frame instead of closures. The expander tries that first; any other use of the name
/// abandons the attempt (`LoopLabel.escapes`) and the loop is expanded as a `letrec` closure.
final class LoopLabel {
    /// The variable the loop's name is bound to.
    let variable: Variable
    let info: LoopInfo
    /// The lambda whose frame holds the loop.
    let lambda: LambdaNode

    init(variable: Variable, info: LoopInfo, lambda: LambdaNode) {
        self.variable = variable
        self.info = info
        self.lambda = lambda
    }

    /// Thrown (and caught by the named `let`) when the name is used other than as a tail call.
    /// `.undefined` never reaches `raise` from Scheme code, so it cannot be confused with a real error.
    static let escapes = SchemeRaise(.undefined)

    /// Most loops tried as jumps at once; past this, loops are closures (bounds retries on nesting).
    static let maxNested = 8
}

extension Expander {
    /// A call of a loop's name: a jump when in tail position of the loop's own body.
    func loopJump(_ label: LoopLabel, _ form: Value, _ ctx: Context, tail: Bool) throws(SchemeRaise) -> Node {
        guard tail, label.lambda === ctx.lambda, ctx.jumpable.contains(where: { $0 === label }),
              let items = form.listElements, items.count - 1 == label.info.variables.count else {
            throw LoopLabel.escapes
        }
        var args: [Node] = []
        for a in items.dropFirst() { args.append(try expand(a, ctx, tail: false)) }
        if !label.info.location.isKnown { label.info.location = location(of: form) }
        return .loop(label.info, args)
    }

    /// `(let name ((var init) …) body …)`.
    func namedLet(_ form: Value, _ items: [Value], _ ctx: Context, tail: Bool) throws(SchemeRaise) -> Node {
        let nameID = try identifier(items[1], form, "let")
        let (ids, initForms) = try bindingList(items[2], form, "let")
        let body = Array(items.dropFirst(3))
        if ctx.loops.count < LoopLabel.maxNested {
            do {
                return try loopBlock(nameID, ids, initForms, body, ctx)
            } catch {
                if case .undefined = error.payload {} else { throw error }
            }
        }
        // ((letrec ((name (lambda (var …) body …))) name) init …)
        let lambdaForm = self.form(
            [core("lambda"), rt.heap.list(ids.map { .symbol(Unmanaged.passUnretained($0)) })] + body, like: form)
        let letrecForm = self.form([core("letrec"), rt.heap.list([rt.heap.list([items[1], lambdaForm])]), items[1]],
                                   like: form)
        return try expand(self.form([letrecForm] + initForms, like: form), ctx, tail: tail)
    }

    /// The loop as a jump target in the current frame.
    func loopBlock(_ nameID: Symbol, _ ids: [Symbol], _ initForms: [Value], _ body: [Value],
                   _ ctx: Context) throws(SchemeRaise) -> Node {
        var inits: [Node] = []
        for f in initForms { inits.append(try expand(f, ctx, tail: false)) }
        let nameScope = Scope(parent: ctx.scope, owner: ctx.lambda)
        let nameVar = newVariable(nameID, in: nameScope, ctx)
        let scope = Scope(parent: nameScope, owner: ctx.lambda)
        var vars: [Variable] = []
        for id in ids { vars.append(newVariable(id, in: scope, ctx)) }
        let label = LoopLabel(variable: nameVar, info: LoopInfo(variables: vars), lambda: ctx.lambda)
        var inner = ctx
        inner.scope = scope
        inner.toplevel = false
        inner.loops.append(label)
        // Outer loops stay jumpable only if this loop is in their tail position (`expand` has
        // emptied `ctx.jumpable` otherwise).
        inner.jumpable = ctx.jumpable + [label]
        let firstBodySlot = ctx.lambda.slotCount
        let bodyNode = try expandBody(body, inner, at: .none)
        label.info.bodySlots = firstBodySlot..<ctx.lambda.slotCount
        return .loopBlock(label.info, inits, bodyNode)
    }

    /// `(do ((var init step) …) (test result …) command …)`, as a named `let` loop.
    func doLoop(_ form: Value, _ ctx: Context, tail: Bool) throws(SchemeRaise) -> Node {
        let items = try parts(form, "do", min: 3)
        guard let specs = items[1].listElements, let exit = items[2].listElements, let test = exit.first else {
            throw syntaxError("do: bad syntax", form)
        }
        var vars: [Value] = [], inits: [Value] = [], steps: [Value] = []
        for spec in specs {
            guard let s = spec.listElements, s.count == 2 || s.count == 3 else { throw syntaxError("do: bad variable clause", form) }
            vars.append(s[0])
            inits.append(s[1])
            steps.append(s.count == 3 ? s[2] : s[0])
        }
        let loopName = Value.symbol(Unmanaged.passUnretained(rt.heap.own(Symbol(renaming: rt.intern("do-loop"), in: nil))))
        let result: Value = exit.count > 1 ? self.form([core("begin")] + exit.dropFirst(), like: form)
            : .unspecified
        let again = self.form([loopName] + steps, like: form)
        let bodyForm = self.form([core("if"), test, result,
                                  self.form([core("begin")] + items.dropFirst(3) + [again], like: form)], like: form)
        let bindings = rt.heap.list(zip(vars, inits).map { rt.heap.list([$0.0, $0.1]) })
        let letForm = self.form([core("let"), loopName, bindings, bodyForm], like: form)
        return try expand(letForm, ctx, tail: tail)
    }
}
