
/// `quote` data cleaning, `quasiquote`, `include` and `cond-expand`.
extension Expander {
    /// `datum` with every renamed identifier replaced by its original symbol (syntax->datum).
    /// Data from the reader (possibly circular) comes back unchanged.
    func strip(_ datum: Value) -> Value {
        guard containsRenamed(datum) else { return datum }
        var memo: [UnsafeRawPointer: Value] = [:]
        return copyStripped(datum, &memo)
    }

    private func containsRenamed(_ datum: Value) -> Bool {
        // Most quoted data are small (a location, an attribute list): walked without a table first.
        var budget = Expander.smallDatum
        if let found = smallContainsRenamed(datum, &budget) { return found }
        var work = [datum]
        var seen = Set<UnsafeRawPointer>()
        while let v = work.popLast() {
            switch v {
            case .symbol(let s): if s.takeUnretainedValue().renamed != nil { return true }
            case .pair(let p):
                if seen.insert(UnsafeRawPointer(p.toOpaque())).inserted { work.append(p.car); work.append(p.cdr) }
            case .vector(let vec):
                if seen.insert(UnsafeRawPointer(vec.toOpaque())).inserted { work.append(contentsOf: vec.items) }
            default: break
            }
        }
        return false
    }

    /// Pairs and vector items `smallContainsRenamed` walks before giving up.
    static let smallDatum = 64

    /// Whether `datum` holds a renamed symbol, found without allocating; nil when it has more than
    /// `budget` pairs and vector items (a big or circular datum, for the worklist). Recursion into
    /// elements is bounded by the budget.
    private func smallContainsRenamed(_ datum: Value, _ budget: inout Int) -> Bool? {
        var v = datum
        while true {
            switch v {
            case .symbol(let s): return s.takeUnretainedValue().renamed != nil
            case .pair(let p):
                budget -= 1
                guard budget >= 0, let inCar = smallContainsRenamed(p.car, &budget) else { return nil }
                if inCar { return true }
                v = p.cdr
            case .vector(let vec):
                for item in vec.items {
                    budget -= 1
                    guard budget >= 0, let found = smallContainsRenamed(item, &budget) else { return nil }
                    if found { return true }
                }
                return false
            default: return false
            }
        }
    }

    /// Copies pairs and vectors, replacing renamed symbols; iterative along list spines, recursive
    /// only into elements (macro templates are shallow, and `maxNesting` bounds the expansion anyway).
    private func copyStripped(_ datum: Value, _ memo: inout [UnsafeRawPointer: Value]) -> Value {
        // Recursion into the cars of data that may be deeper than any code (a macro's argument): at
        // the stack's floor the rest is left as it is, renamed symbols and all (`StackGuard`).
        if rt.stackGuard.isExhausted { return datum }
        switch datum {
        case .symbol(let s):
            return .symbol(Unmanaged.passUnretained(s.takeUnretainedValue().base))
        case .vector(let vec):
            if let m = memo[UnsafeRawPointer(vec.toOpaque())] { return m }
            // (Memoized before its elements are copied, so a cycle through it closes on the copy.)
            let copy = SVector.make(count: vec.count, in: rt.heap) { _ in .false }
            let result = Value.vector(copy)
            memo[UnsafeRawPointer(vec.toOpaque())] = result
            for i in 0..<vec.count { copy.set(i, copyStripped(vec[i], &memo), rt.heap) }
            return result
        case .pair(let first):
            if let m = memo[UnsafeRawPointer(first.toOpaque())] { return m }
            // The spine is copied first, each pair memoized before moving on, so a cycle through the
            // cdrs (`#0=(a . #0#)`) closes on the copy instead of walking round it forever.
            var spine: [(original: Pair, copy: Pair)] = []
            var head = Value.null
            var cur = datum
            while case .pair(let o) = cur, memo[UnsafeRawPointer(o.toOpaque())] == nil {
                let v = spine.isEmpty ? rt.heap.cons(.null, .null, at: o.location) : rt.heap.cons(.null, .null)
                guard case .pair(let c) = v else { break }
                memo[UnsafeRawPointer(o.toOpaque())] = v
                if let last = spine.last { last.copy.cdr = v } else { head = v }
                spine.append((o, c))
                cur = o.cdr
            }
            let tail = copyStripped(cur, &memo)
            guard let last = spine.last else { return tail }
            last.copy.cdr = tail
            for (o, c) in spine { c.car = copyStripped(o.car, &memo) }
            return head
        default:
            return datum
        }
    }

    // MARK: - Quasiquote

    func quasi(_ t: Value, depth: Int, _ ctx: Context) throws(SchemeRaise) -> Node {
        // Recursion into elements: bounded like `expand`, so deep quasiquoted data cannot overflow the stack.
        self.depth += 1
        defer { self.depth -= 1 }
        if self.depth > rt.maxNesting {
            throw syntaxError("quasiquote: data nested too deeply (more than \(rt.maxNesting) levels)", t)
        }
        if rt.stackGuard.isExhausted {
            throw syntaxError("quasiquote: data nested too deeply for the host thread's stack (\(self.depth) levels)", t)
        }
        switch t {
        case .pair(let p):
            let head = p.car
            if let arg = unaryForm(t, .unquote, ctx) {
                return depth == 0 ? try expand(arg, ctx, tail: false)
                    : list([.constant(rt.symbol("unquote")), try quasi(arg, depth: depth - 1, ctx)])
            }
            if let arg = unaryForm(t, .quasiquote, ctx) {
                return list([.constant(rt.symbol("quasiquote")), try quasi(arg, depth: depth + 1, ctx)])
            }
            if let arg = unaryForm(t, .unquoteSplicing, ctx) {
                // `,@x` splices into the list or vector around it; alone there is none.
                guard depth > 0 else { throw syntaxError("unquote-splicing: not inside a list or vector", t) }
                return list([.constant(rt.symbol("unquote-splicing")), try quasi(arg, depth: depth - 1, ctx)])
            }
            _ = head
            // Walk the spine iteratively; `(a . ,b)` reads as (a unquote b), which ends the spine.
            // (`(a . ,@b)` reads as (a unquote-splicing b), a list of data, as in guile and chibi.)
            var elements: [Value] = []
            var cur = t
            var seen = Set<UnsafeRawPointer>()
            while case .pair(let q) = cur, unaryForm(cur, .unquote, ctx) == nil {
                // A circular template (`#0=(1 . #0#)`) would never end.
                guard seen.insert(UnsafeRawPointer(q.toOpaque())).inserted else {
                    throw syntaxError("quasiquote: circular list in template", t)
                }
                elements.append(q.car)
                cur = q.cdr
            }
            var result = try quasi(cur, depth: depth, ctx)
            for e in elements.reversed() {
                if let spliced = unaryForm(e, .unquoteSplicing, ctx) {
                    if depth == 0 {
                        result = .call(.constant(rt.systemValue("%append2")), [try expand(spliced, ctx, tail: false), result],
                                       location(of: e))
                    } else {
                        let inner = list([.constant(rt.symbol("unquote-splicing")), try quasi(spliced, depth: depth - 1, ctx)])
                        result = cons(inner, result)
                    }
                } else {
                    result = cons(try quasi(e, depth: depth, ctx), result)
                }
            }
            return result
        case .vector(let v):
            let items = v.items
            let asList = try quasi(rt.heap.list(items), depth: depth, ctx)
            if case .constant = asList { return .constant(strip(t)) }
            return .call(.constant(rt.systemValue("list->vector")), [asList], .none)
        default:
            return .constant(strip(t))
        }
    }

    /// `x` when `form` is `(keyword x)` for the given special form.
    private func unaryForm(_ form: Value, _ sf: SpecialForm, _ ctx: Context) -> Value? {
        guard case .pair(let p) = form, isKeyword(p.car, sf, ctx),
              case .pair(let rest) = p.cdr, rest.cdr.isNull else {
            return nil
        }
        return rest.car
    }

    private func cons(_ a: Node, _ b: Node) -> Node {
        if case .constant(let x) = a, case .constant(let y) = b { return .constant(rt.heap.cons(x, y)) }
        return .inlined(.cons, [a, b], .none)
    }

    private func list(_ items: [Node]) -> Node {
        var result: Node = .constant(.null)
        for i in items.reversed() { result = cons(i, result) }
        return result
    }

    // MARK: - include and cond-expand

    /// `(include "file" …)` → `(begin datum …)`, files found relative to the including file.
    func includeForm(_ form: Value, _ foldCase: Bool) throws(SchemeRaise) -> Value {
        let items = try parts(form, "include", min: 2)
        var data: [Value] = [core("begin")]
        let here = rt.fileName(location(of: form)).map(PathNames.base(of:)) ?? ""
        for item in items.dropFirst() {
            guard let name = item.sstring?.string else { throw syntaxError("include: expected a file name string", form) }
            let path = PathNames.resolve(name, against: here)
            data.append(contentsOf: try rt.readFile(path, at: location(of: form), foldCase: foldCase))
        }
        return self.form(data, like: form)
    }

    /// The body of the first `cond-expand` clause whose requirement holds, as a `begin`.
    func condExpand(_ form: Value) throws(SchemeRaise) -> Value {
        let items = try parts(form, "cond-expand", min: 1)
        for clause in items.dropFirst() {
            guard let c = clause.listElements, let req = c.first else { throw syntaxError("cond-expand: bad clause", form) }
            if try rt.featureHolds(req) { return self.form([core("begin")] + c.dropFirst(), like: form) }
        }
        return .unspecified
    }
}

extension Runtime {
    /// The features `cond-expand` knows.
    var features: [String] {
        #if os(Linux)
        let osName = "linux"
        #else
        let osName = "macos"
        #endif
        return ["r7rs", "exact-closed", "ieee-float", "full-unicode", "htll", "swift", osName, "posix"]
    }

    /// Whether a `cond-expand` feature requirement holds.
    func featureHolds(_ req: Value) throws(SchemeRaise) -> Bool {
        if case .symbol(let s) = req {
            let name = s.takeUnretainedValue().base.name
            return name == "else" || features.contains(name)
        }
        guard let items = req.listElements, case .symbol(let hs)? = items.first else {
            throw error("cond-expand: bad feature requirement", req)
        }
        switch hs.takeUnretainedValue().base.name {
        case "and":
            for r in items.dropFirst() where try !featureHolds(r) { return false }
            return true
        case "or":
            for r in items.dropFirst() where try featureHolds(r) { return true }
            return false
        case "not":
            guard items.count == 2 else { throw error("cond-expand: bad feature requirement", req) }
            return try !featureHolds(items[1])
        case "library":
            guard items.count == 2 else { throw error("cond-expand: bad feature requirement", req) }
            return libraryExists(items[1])
        default:
            throw error("cond-expand: bad feature requirement", req)
        }
    }
}
