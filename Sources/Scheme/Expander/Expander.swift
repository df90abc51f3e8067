/// Turns data into `Node`s: resolves identifiers through scopes, expands macros, and implements the
/// special forms. Each call on a form recurses once per nesting level; `maxNesting` bounds that.
final class Expander {
    let rt: Runtime
    /// Whether the code comes from the system prelude (kept out of backtraces; may shadow freely).
    let isSystem: Bool
    var depth = 0
    /// The location of the innermost located form being expanded: where an error about a form that
    /// has none of its own (a symbol, data nested too deeply) is reported.
    var enclosingLocation = SourceLocation.none
    /// The meanings of interned symbols at top level found in this expansion, by a hash of the
    /// symbol: a large layout is one form naming the same few globals and syntax thousands of
    /// times, and each lookup (two or three identity tables probed, entries copied with their
    /// references) was about 450 instructions, half of expanding a call (issue 19). Empty until
    /// `toplevelCacheAfter` lookups; cleared by `toplevelChanged`.
    /// (Unchecked exclusivity: the dynamic check was 60 instructions a lookup; nothing that reads
    /// it calls out while it lasts.)
    @exclusivity(unchecked) var toplevelMeanings: [ToplevelMeaning] = []
    @exclusivity(unchecked) var toplevelLookups = 0

    /// The runtime's VM, which meters the work (`rt.vm` retained and released it for each form).
    let vm: VM

    init(runtime: Runtime, isSystem: Bool) {
        rt = runtime
        vm = runtime.vm
        self.isSystem = isSystem
    }

    /// Where a form is being expanded.
    struct Context {
        var scope: Scope
        var lambda: LambdaNode
        /// At top level, `define` makes globals.
        var toplevel: Bool
        /// The named `let` loops in scope (a reference to one other than a jump abandons it).
        var loops: [LoopLabel] = []
        /// The loops a call in tail position here may jump to: empty whenever the form being
        /// expanded is not itself in tail position of the loop body (see `expand`).
        var jumpable: [LoopLabel] = []
    }

    /// Expands one top-level form of environment `env` into a thunk.
    func expandToplevel(_ form: Value, in env: Environment, at read: SourceLocation = .none) throws(SchemeRaise) -> LambdaNode {
        // A pair knows where it was read; a symbol (an unbound name) is located by the reader's `read`.
        let own = location(of: form)
        let thunk = LambdaNode(name: "toplevel", parent: nil, location: own.isKnown ? own : read)
        let ctx = Context(scope: env.scope, lambda: thunk, toplevel: true)
        thunk.body = try expand(form, ctx, tail: true)
        return thunk
    }

    // MARK: - Dispatch

    @inline(__always)
    func expand(_ original: Value, _ outer: Context, tail: Bool) throws(SchemeRaise) -> Node {
        // Tail position is decided here, once, for the form and everything inside it: a form that is
        // not in tail position may jump to no loop, and neither may any form it contains, whatever
        // their place within it (the last form of a `let` body is in tail position of the `let`
        // only). Passing the loops down to such forms compiled `(f (let () (loop x)))` as a jump.
        // The context is copied only then: a copy retains and releases its four references, for
        // every form (a call's arguments are most forms).
        if !tail && !outer.jumpable.isEmpty {
            var ctx = outer
            ctx.jumpable = []
            return try expandForm(original, ctx, tail: tail)
        }
        return try expandForm(original, outer, tail: tail)
    }

    /// `expand` of a form whose context `ctx` is already right for its tail position.
    private func expandForm(_ original: Value, _ ctx: Context, tail: Bool) throws(SchemeRaise) -> Node {
        depth += 1
        let outerLocation = enclosingLocation
        defer {
            depth -= 1
            enclosingLocation = outerLocation
        }
        // (An error about the form itself locates it, or else the enclosing form: the form's own
        // location is not needed for these.)
        try countForm(original)
        // What the head of the original form means, resolved before its location is looked up: a
        // quotation, most forms of a layout's data, needs no location (`quote` locates its own
        // errors; it expands nothing inside), and the lookup in the heap's table was a sixth of
        // expanding one.
        var originalHead: Binding?
        if case .pair(let p) = original, case .symbol(let hs) = p.car {
            let binding = resolve(hs.takeUnretainedValue(), ctx.scope)
            if case .syntax(.special(.quote)) = binding { return try special(.quote, original, ctx, tail: tail) }
            originalHead = binding
        }
        // The form's location, looked up once (a located pair's is in a table of the heap's): for
        // errors inside, and for the call it may be.
        var here = SourceLocation.none
        if case .pair(let p) = original {
            here = p.location
            if here.isKnown { enclosingLocation = here }
        }
        var form = original
        // Macro uses expand in a loop, not by recursion; a macro that never stops expanding is an error.
        var expansions = 0
        // What the head of `form` means, once it is no macro use (resolved once, not again below).
        var head: Binding?
        while true {
            guard case .pair(let p) = form, case .symbol(let hs) = p.car else { break }
            let binding: Binding
            if let b = originalHead {
                binding = b
                originalHead = nil
            } else {
                binding = resolve(hs.takeUnretainedValue(), ctx.scope)
            }
            guard case .syntax(.macro(let m)) = binding else {
                head = binding
                break
            }
            expansions += 1
            if expansions > Expander.maxExpansions {
                throw syntaxError("\(m.name): macro expansion does not terminate", original)
            }
            form = try transform(form, m, ctx.scope)
        }
        switch form {
        case .symbol(let s):
            return try reference(s.takeUnretainedValue(), form, ctx)
        case .pair:
            if let head {
                switch head {
                case .syntax(.special(let sf)):
                    return try special(sf, form, ctx, tail: tail)
                case .variable(let v):
                    if let label = ctx.loops.last(where: { $0.variable === v }) {
                        return try loopJump(label, form, ctx, tail: tail)
                    }
                default:
                    break
                }
            }
            return try application(form, ctx, at: expansions == 0 ? here : location(of: form), head: head)
        case .null:
            throw syntaxError("empty combination () is not an expression", form)
        default:
            return .constant(form)
        }
    }

    /// A variable reference.
    func reference(_ s: Symbol, _ form: Value, _ ctx: Context) throws(SchemeRaise) -> Node {
        switch resolve(s, ctx.scope) {
        case .variable(let v):
            if ctx.loops.contains(where: { $0.variable === v }) { throw LoopLabel.escapes }
            return .local(capture(v, ctx))
        case .global(let g):
            return .global(g)
        case .syntax:
            throw syntaxError("syntax keyword used as a variable: \(s.name)", form)
        }
    }

    /// Notes that `v` is used from `ctx.lambda`, adding it to the free variables of each lambda between.
    func capture(_ v: Variable, _ ctx: Context) -> Variable {
        var l: LambdaNode? = ctx.lambda
        while let lam = l, lam !== v.owner {
            v.captured = true
            _ = lam.freeIndex(v)
            l = lam.parent
        }
        return v
    }

    /// What `id` means in `scope`: a lexical binding, syntax, or a top-level variable of the
    /// environment at the root of the scope chain.
    func resolve(_ id: Symbol, _ scope: Scope) -> Binding {
        // The usual identifier, an interned symbol, walked without the general loop's references
        // (it retained and released four or five objects an identifier).
        if id.renamed == nil {
            return scope.lexicalBinding(id) ?? toplevelBinding(id, scope.top)
        }
        var s = id
        var env = scope
        while true {
            if let b = env.lexicalBinding(s) { return b }
            guard let r = s.renamed else { return toplevelBinding(s, env.top) }
            // A renamed identifier a macro defined at this top level is bound by identity; one not
            // bound by its own expansion means what the original means where the macro was defined.
            if let b = env.top.ownBinding(s) { return b }
            env = s.environment ?? rt.system.scope
            s = r
        }
    }

    /// What the interned symbol `s` means at the top level of `top` (no scope binds it).
    func toplevelBinding(_ s: Symbol, _ top: Environment) -> Binding {
        let slot = Expander.toplevelSlot(s)
        if toplevelMeanings.isEmpty {
            toplevelLookups += 1
            if toplevelLookups > Expander.toplevelCacheAfter {
                toplevelMeanings = Array(repeating: ToplevelMeaning(), count: Expander.toplevelSlots)
            }
        } else {
            let m = toplevelMeanings[slot]
            if m.symbol == ObjectIdentifier(s) && m.environment == ObjectIdentifier(top), let b = m.binding { return b }
        }
        let b: Binding
        // Syntax the environment imports (`quote`, `let`) is answered without `lookup`,
        // which made a cell (garbage) for each use of it: 4 of a layout's calls of 5.
        if let own = top.ownBinding(s) {
            b = own
        } else if let imported = top.peek(s), case .syntax = imported {
            b = imported
        } else {
            b = top.lookup(s)
        }
        if !toplevelMeanings.isEmpty {
            toplevelMeanings[slot] = ToplevelMeaning(symbol: ObjectIdentifier(s), environment: ObjectIdentifier(top), binding: b)
        }
        return b
    }

    /// A top-level meaning found in this expansion (see `toplevelMeanings`).
    struct ToplevelMeaning {
        var symbol: ObjectIdentifier?
        var environment: ObjectIdentifier?
        var binding: Binding?
    }

    /// Top-level lookups of one expansion before it keeps their meanings (most forms are small).
    static let toplevelCacheAfter = 32
    /// Entries of `toplevelMeanings`, a power of two.
    static let toplevelSlots = 64

    /// Forgets the top-level meaning found for `id`: the expansion has just changed its top-level
    /// binding (`define`, `define-syntax`). Nothing else changes one while a form is expanded: no
    /// Scheme code runs (`import` and libraries load at run time), and each top-level form gets
    /// an expander of its own. Only `id`'s slot: a run of a layout's thousand definitions, one
    /// form, forgot every meaning at each (the definition of a macro's renamed identifier, rare,
    /// still forgets them all).
    func toplevelChanged(_ id: Symbol) {
        guard !toplevelMeanings.isEmpty else { return }
        if id.renamed == nil {
            toplevelMeanings[Expander.toplevelSlot(id)] = ToplevelMeaning()
        } else {
            for i in toplevelMeanings.indices { toplevelMeanings[i] = ToplevelMeaning() }
        }
    }

    /// The slot of `toplevelMeanings` for the symbol `s`.
    @inline(__always) static func toplevelSlot(_ s: Symbol) -> Int {
        Int(truncatingIfNeeded: addressHash(UInt(bitPattern: ObjectIdentifier(s))) >> 32) & (Expander.toplevelSlots - 1)
    }

    /// A procedure call: `form` is a pair, located at `loc`.
    /// `head`, when known, is what the operator means in `ctx` (resolved by `expandForm`).
    func application(_ form: Value, _ ctx: Context, at loc: SourceLocation,
                     head: Binding? = nil) throws(SchemeRaise) -> Node {
        // Walked in place rather than copied into an array (a call of 10,000 arguments grew one).
        guard case .pair(let first) = form, let length = Expander.callLength(form) else {
            throw syntaxError("improper list in a procedure call", form)
        }
        let fn: Node
        if case .global(let g)? = head, case .symbol = first.car {
            // A global operator, as `expand` would make it, without resolving its name again.
            fn = try globalOperator(g, first.car)
        } else {
            fn = try expand(first.car, ctx, tail: false)
        }
        var args: [Node] = []
        args.reserveCapacity(length - 1)
        var rest = first.cdr
        while case .pair(let p) = rest {
            args.append(try expand(p.car, ctx, tail: false))
            rest = p.cdr
        }
        if case .global(let g) = fn, let op = Expander.inlinedOpcode(g), op.inlinedBuiltin?.arity == args.count {
            return .inlined(op, args, loc)
        }
        // `(list a b c)` of a few arguments: the conses themselves, fresh ones at every evaluation
        // (never folded into a constant), the arguments evaluated in the same order. A call of the
        // builtin cost about 250 instructions more, and the layout prelude makes several lists for
        // every view (issue 19).
        if case .global(let g) = fn, args.count <= Expander.listInlineLimit, Expander.isSystemBuiltin(g, named: "list") {
            var result: Node = .constant(.null)
            for arg in args.reversed() { result = .inlined(.cons, [arg, result], loc) }
            return result
        }
        return .call(fn, args, loc)
    }

    /// The length of a proper list `form`, nil for an improper or circular one: a short list (most
    /// calls) counted directly, a longer one by `properLength`, which checks for cycles as it goes
    /// (about 100 instructions for a call of four arguments).
    static func callLength(_ form: Value) -> Int? {
        var count = 0
        var v = form
        while case .pair(let p) = v {
            count += 1
            // (A cycle has no end: past this many pairs the careful count decides.)
            if count > 16 { return form.properLength }
            v = p.cdr
        }
        return v.isNull ? count : nil
    }

    /// What `expandForm` of the symbol `operatorForm`, a global variable `g`, does: the same nesting
    /// check, allocation and work counted, the same node.
    private func globalOperator(_ g: Global, _ operatorForm: Value) throws(SchemeRaise) -> Node {
        depth += 1
        defer { depth -= 1 }
        try countForm(operatorForm)
        return .global(g)
    }

    /// The limits every form expanded meets (`depth` already counts it): the nesting limit, and
    /// expanding counted as work and its node as allocation (a macro whose output doubles at each
    /// use must meet the limits; nodes are Swift objects the collector does not see).
    @inline(__always)
    private func countForm(_ form: Value) throws(SchemeRaise) {
        if depth > rt.maxNesting {
            throw syntaxError("expression nested too deeply (more than \(rt.maxNesting) levels)", form)
        }
        if rt.stackGuard.isExhausted {
            throw syntaxError("expression nested too deeply for the host thread's stack (\(depth) levels)", form)
        }
        rt.heap.charge(Expander.nodeBytes)
        // `rt.chargeWork(1, at: <the form's location>)`, with the VM at hand.
        if !vm.meter(1) { throw rt.pendingLimitError(at: location(of: form)) }
    }

    /// Bytes an expanded node takes, about (counted as allocation while expanding).
    static let nodeBytes = 64

    /// The instruction a call of `cell` compiles to, when the cell still holds the system's builtin
    /// of an inlined builtin: the system's own cell, or a mirror of it a program has not redefined
    /// (under any name it was imported as).
    static func inlinedOpcode(_ cell: Global) -> Opcode? {
        let name = cell.root.name.name
        guard let op = inlined[name], isSystemBuiltin(cell, named: name) else { return nil }
        return op
    }

    /// Whether `cell` still holds the system's builtin `name`: its own cell, or a mirror of it a
    /// program has not redefined (under any name it was imported as).
    static func isSystemBuiltin(_ cell: Global, named name: String) -> Bool {
        if cell.source == nil && !cell.isSystem { return false }
        let root = cell.root
        guard root.isSystem, root.name.name == name, case .procedure(let p) = root.value,
              let prim = p.takeUnretainedValue() as? BuiltinProcedure, prim.name == name else { return false }
        return true
    }

    /// The most arguments of a `list` call compiled as its conses (a longer one stays a call: its
    /// nested conses would deepen the compiler's recursion).
    static let listInlineLimit = 8

    /// Most macro expansions of one form before it counts as non-terminating.
    static let maxExpansions = 100_000

    /// Names of the builtins the compiler turns into single instructions.
    static let inlined: [String: Opcode] = {
        var d: [String: Opcode] = [:]
        for op in Opcode.allCases { if let p = op.inlinedBuiltin { d[p.name] = op } }
        return d
    }()

    // MARK: - Helpers

    func location(of form: Value) -> SourceLocation {
        if case .pair(let p) = form { return p.location }
        return .none
    }

    func syntaxError(_ message: String, _ form: Value) -> SchemeRaise {
        let loc = location(of: form)
        return rt.error(message, strip(form), at: loc.isKnown ? loc : enclosingLocation)
    }

    /// The elements of a form that must be a proper list of `min`…`max` elements.
    func parts(_ form: Value, _ name: String, min: Int, max: Int? = nil) throws(SchemeRaise) -> [Value] {
        guard let items = form.listElements, items.count >= min, items.count <= (max ?? Int.max) else {
            throw syntaxError("\(name): bad syntax", form)
        }
        return items
    }

    func identifier(_ v: Value, _ form: Value, _ what: String) throws(SchemeRaise) -> Symbol {
        guard case .symbol(let s) = v else { throw syntaxError("\(what): expected an identifier", form) }
        return s.takeUnretainedValue()
    }

    /// A fresh identifier that means `name` as the system environment binds it, whatever the user
    /// has bound locally or at top level.
    func core(_ name: String) -> Value {
        .symbol(Unmanaged.passUnretained(rt.coreIdentifier(name)))
    }

    /// A list form with the location of `like`.
    func form(_ items: [Value], like: Value) -> Value {
        guard let first = items.first else { return .null }
        return rt.heap.cons(first, rt.heap.list(Array(items.dropFirst())), at: location(of: like))
    }

    func sequence(_ nodes: [Node]) -> Node {
        if nodes.isEmpty { return .constant(.unspecified) }
        return nodes.count == 1 ? nodes[0] : .sequence(nodes)
    }

    /// A new frame variable in the current lambda, bound to `id` in `scope`.
    func newVariable(_ id: Symbol, in scope: Scope, _ ctx: Context) -> Variable {
        let v = ctx.lambda.newVariable(id.name)
        scope.bind(id, .variable(v))
        return v
    }

    /// A frame variable no identifier refers to (for `cond =>`, `case` and `or` temporaries).
    func temporary(_ ctx: Context) -> Variable { ctx.lambda.newVariable(" tmp") }
}

extension Runtime {
    /// An identifier that always means the system's `name` (a rename in the system environment).
    func coreIdentifier(_ name: String) -> Symbol {
        if let s = coreIdentifiers[name] { return s }
        let s = Symbol(renaming: intern(name), in: system.scope)
        coreIdentifiers[name] = s
        return s
    }
}
