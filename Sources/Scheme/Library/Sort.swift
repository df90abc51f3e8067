/// `sort`, `list-sort`, `vector-sort` and `vector-sort!`: a stable merge sort over a buffer.
///
/// Why a builtin: the prelude's merge sort took 12–16 s for 10^6 fixnums (a singleton list per
/// element, a Scheme call per comparison). Here the elements are copied into a buffer, sorted, and
/// the result built once. The predicate is applied without a Scheme call when it is a builtin: the
/// builtin `<` `>` `<=` `>=` compare fixnums and flonums directly (other operands go to the builtin
/// itself, so errors and exact comparisons are the builtin's); any other builtin (`string<?`,
/// `char<?`…) is called as a Swift function. A Scheme predicate is called through
/// `Runtime.callBack`: it may raise, escape with a continuation or `exit` (see `Unwinding`); the
/// objects the sort holds are its arguments' elements, which the nested run protects.
enum Sorting {
    /// What a sort builds from the sorted elements: `sameKindInPlace` sorts a vector in place and
    /// returns it, and a list as `sameKind` does (`sort!`, as Guile and SRFI 95 have it).
    enum Result { case sameKind, sameKindInPlace, list, newVector, inPlace }

    /// Both argument orders, as before: SRFI 132 `(list-sort < list)` and Guile `(sort list <)`.
    static func arguments(_ a: Arguments, _ who: String, _ rt: Runtime) throws(SchemeRaise) -> (sequence: Value, less: Value) {
        if a[0].isProcedure { return (a[1], a[0]) }
        if a[1].isProcedure { return (a[0], a[1]) }
        throw rt.error("\(who): expected a procedure argument", a[0], a[1])
    }

    /// The builtin behind `who`: sorts the sequence argument by the predicate argument.
    static func sort(_ a: Arguments, _ who: String, _ result: Result, _ rt: Runtime) throws(SchemeRaise) -> Value {
        let (sequence, less) = try arguments(a, who, rt)
        let items: [Value]
        var target: SVector?
        switch (result, sequence) {
        case (.sameKind, .vector(let v)), (.sameKindInPlace, .vector(let v)), (.newVector, .vector(let v)),
             (.inPlace, .vector(let v)):
            target = v
            items = target?.items ?? []
        case (.sameKind, _), (.sameKindInPlace, _), (.list, _):
            items = try rt.list(sequence, who)
        case (.newVector, _), (.inPlace, _):
            throw rt.typeError(who, "a vector", sequence)
        }
        let n = items.count
        // Counted as work (about one step per 8 comparisons), so limits see a sort of a huge list.
        try rt.chargeWork(n * (Int.bitWidth - n.leadingZeroBitCount) >> 3)
        let sorted = try sortedElements(items, by: less, rt)
        switch result {
        case .inPlace, .sameKindInPlace:
            if let target {
                for (i, x) in sorted.enumerated() { target.set(i, x, rt.heap) }
                return result == .inPlace ? .unspecified : sequence
            }
            try rt.reserve(n, of: Heap.pairBytes, who)
            return rt.heap.list(sorted)
        case .newVector:
            return rt.heap.vector(sorted)
        case .sameKind, .list:
            if target != nil { return rt.heap.vector(sorted) }
            try rt.reserve(n, of: Heap.pairBytes, who)
            return rt.heap.list(sorted)
        }
    }

    /// `items` sorted stably by `less`.
    static func sortedElements(_ items: [Value], by less: Value, _ rt: Runtime) throws(SchemeRaise) -> [Value] {
        guard items.count > 1 else { return items }
        guard case .procedure(let pu) = less, case let procedure = pu.takeUnretainedValue(), procedure.kind == .builtin,
              case let p = unsafeDowncast(procedure, to: BuiltinProcedure.self), p.special == .none, p.arity.accepts(2) else {
            return try mergeSort(items) { x, y throws(SchemeRaise) in try rt.callBack(less, [x, y]).isTrue }
        }
        let f = p.function
        let args = UnsafeMutablePointer<Value>.allocate(capacity: 2)
        args.initialize(repeating: .undefined, count: 2)
        defer { args.deallocate() }
        let slow = { (x: Value, y: Value) throws(SchemeRaise) -> Bool in
            args[0] = x
            args[1] = y
            do {
                return try f(Arguments(base: args, count: 2), rt).isTrue
            } catch let raise as SchemeRaise {
                throw raise
            } catch {
                throw rt.error("\(p.name): \(error)")
            }
        }
        guard let op = numericOrder(p, rt) else { return try mergeSort(items, slow) }
        // Fixnums only: nothing tells equal fixnums apart, so an unstable sort of the numbers is
        // as good as a stable one, and much faster.
        var ints: [Int] = []
        ints.reserveCapacity(items.count)
        for v in items {
            guard case .fixnum(let i) = v else { break }
            ints.append(i)
        }
        if ints.count == items.count {
            if op == .lt || op == .le { ints.sort(by: <) } else { ints.sort(by: >) }
            return ints.map { .fixnum($0) }
        }
        return try mergeSort(items) { x, y throws(SchemeRaise) in
            switch (x, y) {
            case let (.fixnum(i), .fixnum(j)): return compare(op, i, j)
            case let (.flonum(d), .flonum(e)): return compare(op, d, e)
            default: return try slow(x, y)
            }
        }
    }

    /// A numeric comparison builtin.
    enum Order { case lt, gt, le, ge }

    /// Which of the builtin `<`, `>`, `<=`, `>=` `p` is, if any (the VM's inlined opcodes hold them).
    static func numericOrder(_ p: BuiltinProcedure, _ rt: Runtime) -> Order? {
        let builtins: [(Opcode, Order)] = [(.lt, .lt), (.gt, .gt), (.le, .le), (.ge, .ge)]
        for (op, order) in builtins where rt.vm.inlinedBuiltins[Int(op.rawValue)] === p { return order }
        return nil
    }

    @inline(__always) static func compare<T: Comparable>(_ op: Order, _ x: T, _ y: T) -> Bool {
        switch op {
        case .lt: return x < y
        case .gt: return x > y
        case .le: return x <= y
        case .ge: return x >= y
        }
    }

    /// Elements per run that insertion sort orders before the merging starts.
    static let runLength = 16

    /// A stable merge sort: insertion-sorted runs, then bottom-up merges between two buffers. An
    /// element moves before an earlier one only when `less(later, earlier)`, so ties keep their order.
    static func mergeSort(_ items: [Value], _ less: (Value, Value) throws(SchemeRaise) -> Bool) throws(SchemeRaise) -> [Value] {
        let n = items.count
        var src = UnsafeMutablePointer<Value>.allocate(capacity: n)
        var dst = UnsafeMutablePointer<Value>.allocate(capacity: n)
        src.initialize(from: items, count: n)
        dst.initialize(from: items, count: n)
        defer {
            src.deallocate()
            dst.deallocate()
        }
        var start = 0
        while start < n {
            let end = min(start + runLength, n)
            for i in start + 1 ..< end {
                let x = src[i]
                var j = i
                while j > start, try less(x, src[j - 1]) {
                    src[j] = src[j - 1]
                    j -= 1
                }
                src[j] = x
            }
            start = end
        }
        var width = runLength
        while width < n {
            var lo = 0
            while lo < n {
                let mid = min(lo + width, n), hi = min(lo + 2 * width, n)
                var i = lo, j = mid, k = lo
                while i < mid, j < hi {
                    if try less(src[j], src[i]) {
                        dst[k] = src[j]
                        j += 1
                    } else {
                        dst[k] = src[i]
                        i += 1
                    }
                    k += 1
                }
                while i < mid { dst[k] = src[i]; i += 1; k += 1 }
                while j < hi { dst[k] = src[j]; j += 1; k += 1 }
                lo = hi
            }
            swap(&src, &dst)
            width *= 2
        }
        return Array(UnsafeBufferPointer(start: src, count: n))
    }
}

/// The sorting builtins (`list-sort!` is `list-sort`, in the prelude).
let sortBuiltins: [Builtin] = [
    Builtin("sort", .exactly(2)) { a, rt throws(SchemeRaise) in try Sorting.sort(a, "sort", .sameKind, rt) },
    Builtin("list-sort", .exactly(2)) { a, rt throws(SchemeRaise) in try Sorting.sort(a, "list-sort", .list, rt) },
    Builtin("vector-sort", .exactly(2)) { a, rt throws(SchemeRaise) in try Sorting.sort(a, "vector-sort", .newVector, rt) },
    Builtin("vector-sort!", .exactly(2)) { a, rt throws(SchemeRaise) in try Sorting.sort(a, "vector-sort!", .inPlace, rt) },
    Builtin("sort!", .exactly(2)) { a, rt throws(SchemeRaise) in try Sorting.sort(a, "sort!", .sameKindInPlace, rt) },
]
