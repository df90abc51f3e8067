/// Pair and list builtins that take no procedure arguments (the higher-order ones live in
/// `prelude/scheme/20-lists.scm`). Every walk is a loop with cycle detection where the list could be
/// circular, so no call here recurses or spins forever.
enum Lists {
    /// The first tail of `list` whose car satisfies `match`, or `#f`; errors on a circular list.
    @inline(__always)
    static func memberTail(_ list: Value, _ who: String, _ rt: Runtime,
                           _ match: (Value) -> Bool) throws(SchemeRaise) -> Value {
        guard case .pair(var slow) = list else { return .false }
        var cur = list, step = 0
        while case .pair(let pair) = cur {
            if match(pair.car) { return cur }
            cur = pair.cdr
            step &+= 1
            if step & 1 == 0, Lists.laps(&slow, cur) { throw rt.error("\(who): not a proper list", list) }
        }
        return .false
    }

    /// A cycle check's slow step (Floyd's): moves `slow`, a pair behind `cur` on the same list,
    /// one pair on, and says whether `cur` has come round to it. (Pairs compared by address: the
    /// general `isEq` cost about 30 instructions a check.)
    @inline(__always) static func laps(_ slow: inout Pair, _ cur: Value) -> Bool {
        if case .pair(let next) = slow.cdr { slow = next }
        if case .pair(let c) = cur { return c == slow }
        return false
    }

    /// Whether `v` is the symbol `k` (`eq?` when one side is known to be a symbol).
    @inline(__always) static func isSymbol(_ v: Value, _ k: Unmanaged<Symbol>) -> Bool {
        if case .symbol(let s) = v { return s.toOpaque() == k.toOpaque() }
        return false
    }

    /// The first pair of association list `alist` whose car satisfies `match`, or `#f`.
    @inline(__always)
    static func assocPair(_ alist: Value, _ who: String, _ rt: Runtime,
                          _ match: (Value) -> Bool) throws(SchemeRaise) -> Value {
        guard case .pair(var slow) = alist else { return .false }
        var cur = alist, step = 0
        while case .pair(let pair) = cur {
            guard case .pair(let entry) = pair.car else { throw rt.typeError(who, "a pair", pair.car) }
            if match(entry.car) { return pair.car }
            cur = pair.cdr
            step &+= 1
            if step & 1 == 0, Lists.laps(&slow, cur) { throw rt.error("\(who): not a proper list", alist) }
        }
        return .false
    }

    /// The pair `k` cdrs down `list`.
    static func tail(_ list: Value, _ k: Value, _ who: String, _ rt: Runtime) throws(SchemeRaise) -> Value {
        let n = try rt.int(k, who)
        if n < 0 { throw rt.error("\(who): index \(n) out of range", list) }
        var cur = list
        for _ in 0..<n {
            guard case .pair(let p) = cur else { throw rt.error("\(who): index \(n) out of range", list) }
            cur = p.cdr
        }
        return cur
    }

    /// The pair at index `k`, for `list-ref` and `list-set!`.
    static func pairAt(_ list: Value, _ k: Value, _ who: String, _ rt: Runtime) throws(SchemeRaise) -> Pair {
        let t = try tail(list, k, who, rt)
        guard case .pair(let p) = t else { throw rt.error("\(who): index \(k.fixnum ?? 0) out of range", list) }
        return p
    }

    /// `append`: copies every argument but the last, which becomes the shared tail.
    static func append(_ a: Arguments, _ rt: Runtime) throws(SchemeRaise) -> Value {
        guard a.count > 0 else { return .null }
        // `(apply append (make-list n l))` copies l n times: sized before copying.
        var total = 0
        for i in 0..<(a.count - 1) { total &+= a[i].properLength ?? 0 }
        try rt.reserve(total, of: Heap.pairBytes, "append")
        var result = a[a.count - 1]
        for i in stride(from: a.count - 2, through: 0, by: -1) {
            result = try copy(a[i], onto: result, "append", rt)
        }
        return result
    }

    /// A copy of the proper list `list` ending in `tail`, consed front to back while walking it:
    /// no array between (`append` and `reverse` are called for nearly every line the layout
    /// printers make, and the array cost more than the pairs; issue 19).
    static func copy(_ list: Value, onto tail: Value, _ who: String, _ rt: Runtime) throws(SchemeRaise) -> Value {
        guard list.properLength != nil else { throw rt.typeError(who, "a proper list", list) }
        guard case .pair(let first) = list, case .pair(var last) = rt.heap.cons(first.car, tail) else { return tail }
        let head = Value.pair(last)
        var cur = first.cdr
        while case .pair(let p) = cur {
            guard case .pair(let next) = rt.heap.cons(p.car, tail) else { break }
            last.cdr = .pair(next)
            last = next
            cur = p.cdr
        }
        return head
    }

    /// `reverse`: a new list, consed while walking the old one.
    static func reverse(_ list: Value, _ rt: Runtime) throws(SchemeRaise) -> Value {
        guard list.properLength != nil else { throw rt.typeError("reverse", "a proper list", list) }
        var result = Value.null, cur = list
        while case .pair(let p) = cur {
            result = rt.heap.cons(p.car, result)
            cur = p.cdr
        }
        return result
    }

    /// A fresh copy of a list's spine, keeping an improper tail.
    static func copy(_ v: Value, _ rt: Runtime) throws(SchemeRaise) -> Value {
        var items: [Value] = []
        var cur = v, slow = v
        while case .pair(let p) = cur {
            items.append(p.car)
            cur = p.cdr
            if items.count & 1 == 0 {
                slow = slow.cdr ?? .null
                if slow.isEq(cur) { throw rt.error("list-copy: not a proper list", v) }
            }
        }
        return rt.heap.list(items, tail: cur)
    }

    /// The cars (or cdrs) of the lists in the list `lists`, in order, or #f when one is not a pair.
    static func heads(_ lists: Value, cars: Bool, _ rt: Runtime) throws(SchemeRaise) -> Value {
        var reversed = Value.null, cur = lists
        while case .pair(let p) = cur {
            guard case .pair(let l) = p.car else { return .false }
            reversed = rt.heap.cons(cars ? l.car : l.cdr, reversed)
            cur = p.cdr
        }
        guard cur.isNull else { throw rt.typeError(cars ? "%cars" : "%cdrs", "a proper list", lists) }
        return try reverseInPlace(reversed, rt)
    }

    /// Reverses a proper list in place, returning the new head.
    static func reverseInPlace(_ v: Value, _ rt: Runtime) throws(SchemeRaise) -> Value {
        guard v.properLength != nil else { throw rt.typeError("reverse!", "a proper list", v) }
        var result = Value.null, cur = v
        while case .pair(let p) = cur {
            let pair = p
            cur = pair.cdr
            pair.cdr = result
            result = .pair(p)
        }
        return result
    }

    /// The first `count` arguments as a list ending in `tail`, consed straight from the VM stack
    /// (copying them to an array first was a malloc and a free per call of `list`).
    static func list(_ a: Arguments, count: Int, tail: Value, _ rt: Runtime) -> Value {
        var result = tail
        var i = count
        while i > 0 {
            i -= 1
            result = rt.heap.cons(a[i], result)
        }
        return result
    }

    /// The `c[ad]+r` accessor for `path` (as in "add" for `caddr`): applies the letters right to left.
    static func cxr(_ path: String) -> Builtin {
        let name = "c\(path)r"
        // The letters as bits, last letter lowest (1: car), below a leading 1 that marks the end: no
        // array to retain per call, and each step reads the pair unretained.
        let steps = path.reduce(1) { $0 << 1 | ($1 == "a" ? 1 : 0) }
        return Builtin(name, .exactly(1)) { a, rt throws(SchemeRaise) in
            var v = a[0]
            var rest = steps
            while rest > 1 {
                guard case .pair(let p) = v else { throw rt.typeError(name, "a pair", v) }
                v = rest & 1 == 1 ? p.car : p.cdr
                rest >>= 1
            }
            return v
        }
    }

    /// Every `c[ad]r` path of 2 to 4 letters.
    static var cxrPaths: [String] {
        var paths: [String] = []
        var level = ["a", "d"]
        for _ in 2...4 {
            level = level.flatMap { [$0 + "a", $0 + "d"] }
            paths += level
        }
        return paths
    }
}

/// `cons car cdr list length append reverse memq assq …`.
let listBuiltins: [Builtin] = [
    Builtin("cons", .exactly(2)) { a, rt throws(SchemeRaise) in rt.heap.cons(a[0], a[1]) },
    Builtin("car", .exactly(1)) { a, rt throws(SchemeRaise) in
        guard let v = a[0].car else { throw rt.typeError("car", "a pair", a[0]) }
        return v },
    Builtin("cdr", .exactly(1)) { a, rt throws(SchemeRaise) in
        guard let v = a[0].cdr else { throw rt.typeError("cdr", "a pair", a[0]) }
        return v },
    Builtin("set-car!", .exactly(2)) { a, rt throws(SchemeRaise) in try rt.pair(a[0], "set-car!").car = a[1]; return .unspecified },
    Builtin("set-cdr!", .exactly(2)) { a, rt throws(SchemeRaise) in try rt.pair(a[0], "set-cdr!").cdr = a[1]; return .unspecified },
    Builtin("null?", .exactly(1)) { a, _ throws(SchemeRaise) in .bool(a[0].isNull) },
    Builtin("pair?", .exactly(1)) { a, _ throws(SchemeRaise) in .bool(a[0].isPair) },
    Builtin("list?", .exactly(1)) { a, _ throws(SchemeRaise) in .bool(a[0].properLength != nil) },
    Builtin("list", .atLeast(0)) { a, rt throws(SchemeRaise) in Lists.list(a, count: a.count, tail: .null, rt) },
    Builtin("cons*", .atLeast(1)) { a, rt throws(SchemeRaise) in Lists.list(a, count: a.count - 1, tail: a[a.count - 1], rt) },
    Builtin("make-list", .range(1, 2)) { a, rt throws(SchemeRaise) in
        let n = try rt.allocationSize(a[0], "make-list", elementBytes: 56)
        return rt.heap.list(Array(repeating: a.optional(1, .unspecified), count: n)) },
    Builtin("length", .exactly(1)) { a, rt throws(SchemeRaise) in
        guard let n = a[0].properLength else { throw rt.error("length: not a proper list", a[0]) }
        return .fixnum(n) },
    Builtin("append", .atLeast(0)) { a, rt throws(SchemeRaise) in try Lists.append(a, rt) },
    Builtin("reverse", .exactly(1)) { a, rt throws(SchemeRaise) in try Lists.reverse(a[0], rt) },
    Builtin("reverse!", .exactly(1)) { a, rt throws(SchemeRaise) in try Lists.reverseInPlace(a[0], rt) },
    Builtin("list-tail", .exactly(2)) { a, rt throws(SchemeRaise) in try Lists.tail(a[0], a[1], "list-tail", rt) },
    Builtin("list-ref", .exactly(2)) { a, rt throws(SchemeRaise) in try Lists.pairAt(a[0], a[1], "list-ref", rt).car },
    Builtin("list-set!", .exactly(3)) { a, rt throws(SchemeRaise) in try Lists.pairAt(a[0], a[1], "list-set!", rt).car = a[2]; return .unspecified },
    Builtin("list-copy", .exactly(1)) { a, rt throws(SchemeRaise) in try Lists.copy(a[0], rt) },
    Builtin("last-pair", .exactly(1)) { a, rt throws(SchemeRaise) in
        var p = try rt.pair(a[0], "last-pair"), slow = a[0], steps = 0
        while case .pair(let q) = p.cdr {
            p = q
            steps += 1
            if steps & 1 == 0 {
                slow = slow.cdr ?? .null
                if slow.isEq(.pair(q)) { throw rt.error("last-pair: not a proper list", a[0]) }
            }
        }
        return .pair(p) },
    // (`memq` and `assq` of a symbol, nearly every call, compare the symbols' identities alone:
    // `isEq`'s switch over both values' cases cost about 40 instructions an element, issue 19.)
    Builtin("memq", .exactly(2)) { a, rt throws(SchemeRaise) in
        let x = a[0]
        if case .symbol(let k) = x { return try Lists.memberTail(a[1], "memq", rt) { Lists.isSymbol($0, k) } }
        return try Lists.memberTail(a[1], "memq", rt) { $0.isEq(x) } },
    Builtin("memv", .exactly(2)) { a, rt throws(SchemeRaise) in let x = a[0]; return try Lists.memberTail(a[1], "memv", rt) { $0.isEqv(x) } },
    Builtin("%member", .exactly(2)) { a, rt throws(SchemeRaise) in let x = a[0]; return try Lists.memberTail(a[1], "member", rt) { Equality.equal(x, $0) } },
    Builtin("assq", .exactly(2)) { a, rt throws(SchemeRaise) in
        let x = a[0]
        if case .symbol(let k) = x { return try Lists.assocPair(a[1], "assq", rt) { Lists.isSymbol($0, k) } }
        return try Lists.assocPair(a[1], "assq", rt) { $0.isEq(x) } },
    Builtin("assv", .exactly(2)) { a, rt throws(SchemeRaise) in let x = a[0]; return try Lists.assocPair(a[1], "assv", rt) { $0.isEqv(x) } },
    Builtin("%assoc", .exactly(2)) { a, rt throws(SchemeRaise) in let x = a[0]; return try Lists.assocPair(a[1], "assoc", rt) { Equality.equal(x, $0) } },
    Builtin("append-reverse", .exactly(2)) { a, rt throws(SchemeRaise) in
        guard a[0].properLength != nil else { throw rt.typeError("append-reverse", "a proper list", a[0]) }
        var result = a[1], cur = a[0]
        while case .pair(let p) = cur { result = rt.heap.cons(p.car, result); cur = p.cdr }
        return result },
    // For n-list `map` and friends: the cars (or cdrs) of a list of lists, or #f once any list ends.
    // (Consed in reverse and turned in place, without arrays: a `map` over two lists called each
    // twice per element, and two arrays a call were about 850 instructions of it, issue 19.)
    Builtin("%cars", .exactly(1)) { a, rt throws(SchemeRaise) in try Lists.heads(a[0], cars: true, rt) },
    Builtin("%cdrs", .exactly(1)) { a, rt throws(SchemeRaise) in try Lists.heads(a[0], cars: false, rt) },
] + Lists.cxrPaths.map(Lists.cxr)
