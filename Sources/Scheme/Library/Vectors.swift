/// Vector builtins (the higher-order `vector-map` and friends are in `prelude/scheme/20-lists.scm`).
let vectorBuiltins: [Builtin] = [
    Builtin("vector?", .exactly(1)) { a, _ throws(SchemeRaise) in if case .vector = a[0] { return .true } else { return .false } },
    Builtin("vector", .atLeast(0)) { a, rt throws(SchemeRaise) in .vector(SVector.make(count: a.count, in: rt.heap) { a[$0] }) },
    Builtin("make-vector", .range(1, 2)) { a, rt throws(SchemeRaise) in
        let fill = a.optional(1, .unspecified)
        return .vector(SVector.make(count: try rt.allocationSize(a[0], "make-vector", elementBytes: 16), in: rt.heap) { _ in fill }) },
    Builtin("vector-length", .exactly(1)) { a, rt throws(SchemeRaise) in .fixnum(try rt.vector(a[0], "vector-length").count) },
    Builtin("vector-ref", .exactly(2)) { a, rt throws(SchemeRaise) in
        let v = try rt.vector(a[0], "vector-ref")
        return v[try rt.index(a[1], "vector-ref", count: v.count, kind: "vector")] },
    Builtin("vector-set!", .exactly(3)) { a, rt throws(SchemeRaise) in
        let v = try rt.vector(a[0], "vector-set!")
        v.set(try rt.index(a[1], "vector-set!", count: v.count, kind: "vector"), a[2], rt.heap)
        return .unspecified },
    Builtin("vector->list", .range(1, 3)) { a, rt throws(SchemeRaise) in
        let v = try rt.vector(a[0], "vector->list")
        try rt.reserve(v.count, of: Heap.pairBytes, "vector->list")
        return rt.heap.list(v.items(try rt.range(a, 1, count: v.count, "vector->list", kind: "vector"))) },
    Builtin("list->vector", .exactly(1)) { a, rt throws(SchemeRaise) in rt.heap.vector(try rt.list(a[0], "list->vector")) },
    Builtin("vector-fill!", .range(2, 4)) { a, rt throws(SchemeRaise) in
        let v = try rt.vector(a[0], "vector-fill!")
        let r = try rt.range(a, 2, count: v.count, "vector-fill!", kind: "vector")
        for i in r { v.set(i, a[1], rt.heap) }
        return .unspecified },
    Builtin("vector-copy", .range(1, 3)) { a, rt throws(SchemeRaise) in
        let v = try rt.vector(a[0], "vector-copy")
        return rt.heap.vector(v.items(try rt.range(a, 1, count: v.count, "vector-copy", kind: "vector"))) },
    Builtin("vector-copy!", .range(3, 5)) { a, rt throws(SchemeRaise) in
        let to = try rt.vector(a[0], "vector-copy!")
        let at = try rt.index(a[1], "vector-copy!", count: to.count, kind: "vector", end: true)
        let from = try rt.vector(a[2], "vector-copy!")
        let r = try rt.range(a, 3, count: from.count, "vector-copy!", kind: "vector")
        guard at + r.count <= to.count else { throw rt.error("vector-copy!: not enough room in destination") }
        // (Copied out first: the two may be the same vector, the ranges overlapping.)
        for (i, x) in from.items(r).enumerated() { to.set(at + i, x, rt.heap) }
        return .unspecified },
    Builtin("vector-append", .atLeast(0)) { a, rt throws(SchemeRaise) in
        var total = 0
        for i in 0..<a.count { total &+= try rt.vector(a[i], "vector-append").count }
        try rt.reserve(total, of: 16, "vector-append")
        var out: [Value] = []
        for i in 0..<a.count { out += try rt.vector(a[i], "vector-append").items }
        return rt.heap.vector(out) },
]
