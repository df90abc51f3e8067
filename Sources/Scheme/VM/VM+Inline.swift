/// Opcodes that stand for common builtins. Each has one implementation, its builtin: the opcode
/// handles only the cases whose answer is plain (fixnums that do not overflow, two flonums, a
/// fixnum that a flonum holds exactly and a flonum, a pair, a vector and an index in range) and
/// otherwise calls the builtin on its operands, so bignums, exact rationals, other mixed types
/// and every error behave exactly as `(apply op args)` does.
/// (`quotient`, `remainder`, `modulo`: two fixnums, divisor neither 0 nor -1; the bytevector
/// opcodes: a bytevector, an index in range and, to store, a byte.)
extension VM {
    /// `+ - *` on the two operands on top of the stack.
    @inline(__always) func arithmetic(_ op: Opcode, _ pc: inout UnsafeMutablePointer<Int32>, _ sp: inout Int, _ r: inout Registers,
                                      _ fixnum: (Int, Int) -> (partialValue: Int, overflow: Bool),
                                      _ flonum: (Double, Double) -> Double) throws(SchemeError) {
        let a = r.stack[sp &- 2], b = r.stack[sp &- 1]
        if case .fixnum(let x) = a, case .fixnum(let y) = b {
            let (result, overflow) = fixnum(x, y)
            if !overflow { return replaceOperands(2, with: .fixnum(result), &sp, r.stack) }
        } else if case .flonum(let x) = a, case .flonum(let y) = b {
            return replaceOperands(2, with: .flonum(flonum(x, y)), &sp, r.stack)
        } else if let (x, y) = VM.mixedFlonums(a, b) {
            return replaceOperands(2, with: .flonum(flonum(x, y)), &sp, r.stack)
        }
        try slowPath(op, &pc, &sp, &r)
    }

    /// A fixnum and a flonum (either order) as two flonums, when the fixnum converts exactly
    /// (magnitude at most 2^53): then the builtins' answer, which converts it, is the flonums'.
    /// (A colour's components compared with 0 and 1, a coefficient times a measured length: each
    /// such operation went through the builtin, about 450 instructions, issue 19.) A larger
    /// fixnum is left to the builtin, which compares it exactly.
    @inline(__always) static func mixedFlonums(_ a: Value, _ b: Value) -> (Double, Double)? {
        switch (a, b) {
        case let (.fixnum(x), .flonum(y)) where x.magnitude <= 1 << 53: return (Double(x), y)
        case let (.flonum(x), .fixnum(y)) where y.magnitude <= 1 << 53: return (x, Double(y))
        default: return nil
        }
    }

    /// `= < > <= >=` on the two operands on top of the stack.
    @inline(__always) func comparison(_ op: Opcode, _ pc: inout UnsafeMutablePointer<Int32>, _ sp: inout Int, _ r: inout Registers,
                                      _ fixnum: (Int, Int) -> Bool, _ flonum: (Double, Double) -> Bool) throws(SchemeError) {
        let a = r.stack[sp &- 2], b = r.stack[sp &- 1]
        if case .fixnum(let x) = a, case .fixnum(let y) = b {
            return replaceOperands(2, with: .bool(fixnum(x, y)), &sp, r.stack)
        }
        if case .flonum(let x) = a, case .flonum(let y) = b {
            return replaceOperands(2, with: .bool(flonum(x, y)), &sp, r.stack)
        }
        if let (x, y) = VM.mixedFlonums(a, b) { return replaceOperands(2, with: .bool(flonum(x, y)), &sp, r.stack) }
        try slowPath(op, &pc, &sp, &r)
    }

    /// `car` or `cdr` of the operand on top of the stack.
    @inline(__always) func pairField(_ op: Opcode, _ pc: inout UnsafeMutablePointer<Int32>, _ sp: inout Int, _ r: inout Registers,
                                     _ field: (Pair) -> Value) throws(SchemeError) {
        guard case .pair(let p) = r.stack[sp &- 1] else { return try slowPath(op, &pc, &sp, &r) }
        r.stack[sp &- 1] = field(p)
    }

    /// `caar`, `cadr`, `cdar` or `cddr` of the operand on top of the stack: `first`, then `second`
    /// of the pair it gives; the builtin (and its error) when either is not a pair. The operand
    /// stays on the stack until the result replaces it, so the builtin sees the original.
    @inline(__always) func pairPath(_ op: Opcode, _ pc: inout UnsafeMutablePointer<Int32>, _ sp: inout Int, _ r: inout Registers,
                                    _ first: (Pair) -> Value, _ second: (Pair) -> Value) throws(SchemeError) {
        guard case .pair(let p) = r.stack[sp &- 1], case .pair(let q) = first(p) else {
            return try slowPath(op, &pc, &sp, &r)
        }
        r.stack[sp &- 1] = second(q)
    }

    /// `caddr`, `cdddr` or `cadddr` of the operand on top of the stack: `cdrs` cdrs of it, then
    /// `last` of the pair they give; the builtin (and its error) when any is not a pair. Why: the
    /// layout prelude reads its records' lists with these (`caddr` 160 times, `cadddr` 66), and a
    /// builtin's call cost about 280 instructions to the opcode's few.
    @inline(__always) func cdrPath(_ op: Opcode, _ cdrs: Int, _ pc: inout UnsafeMutablePointer<Int32>, _ sp: inout Int,
                                   _ r: inout Registers, _ last: (Pair) -> Value) throws(SchemeError) {
        guard case .pair(var p) = r.stack[sp &- 1] else { return try slowPath(op, &pc, &sp, &r) }
        var n = cdrs
        while n > 0 {
            guard case .pair(let q) = p.cdr else { return try slowPath(op, &pc, &sp, &r) }
            p = q
            n &-= 1
        }
        r.stack[sp &- 1] = last(p)
    }

    /// `zero?` of the operand on top of the stack.
    @inline(__always) func isZero(_ pc: inout UnsafeMutablePointer<Int32>, _ sp: inout Int, _ r: inout Registers) throws(SchemeError) {
        switch r.stack[sp &- 1] {
        case .fixnum(let n): r.stack[sp &- 1] = .bool(n == 0)
        case .flonum(let d): r.stack[sp &- 1] = .bool(d == 0)
        default: try slowPath(.isZero, &pc, &sp, &r)
        }
    }

    /// `vector-ref` (2 operands) or `vector-set!` (3 operands).
    @inline(__always) func vectorAccess(_ op: Opcode, _ pc: inout UnsafeMutablePointer<Int32>, _ sp: inout Int, _ r: inout Registers) throws(SchemeError) {
        let set = op == .vectorSet
        let n = set ? 3 : 2
        if case .vector(let vu) = r.stack[sp &- n], case .fixnum(let k) = r.stack[sp &- n &+ 1] {
            // Read through the unretained reference (the operand slot keeps the vector alive):
            // `takeUnretainedValue()` retained and released it at every access. (The result is
            // placed outside the closure: one that captured `sp` would keep it in memory.)
            let stored = r.stack[sp &- 1]
            let result: Value? = set ? (heapRef._withUnsafeGuaranteedRef { vu.store(k, stored, $0) } ? .unspecified : nil)
                : vu.element(k)
            if let result { return replaceOperands(n, with: result, &sp, r.stack) }
        }
        try slowPath(op, &pc, &sp, &r)
    }

    /// `quotient`, `remainder` or `modulo` of the two operands on top of the stack.
    @inline(__always) func integerDivision(_ op: Opcode, _ pc: inout UnsafeMutablePointer<Int32>, _ sp: inout Int, _ r: inout Registers) throws(SchemeError) {
        if case .fixnum(let x) = r.stack[sp &- 2], case .fixnum(let y) = r.stack[sp &- 1],
           let (q, rem) = Numbers.fixnumDivide(x, y, floor: op == .modulo) {
            return replaceOperands(2, with: .fixnum(op == .quotient ? q : rem), &sp, r.stack)
        }
        try slowPath(op, &pc, &sp, &r)
    }

    /// `bytevector-u8-ref` (2 operands) or `bytevector-u8-set!` (3 operands).
    @inline(__always) func bytevectorAccess(_ op: Opcode, _ pc: inout UnsafeMutablePointer<Int32>, _ sp: inout Int, _ r: inout Registers) throws(SchemeError) {
        let set = op == .bytevectorSet
        let n = set ? 3 : 2
        if case .bytevector(let bv) = r.stack[sp &- n], case .fixnum(let k) = r.stack[sp &- n &+ 1] {
            if k >= 0, k < bv.count {
                if !set { return replaceOperands(2, with: .fixnum(Int(bv[k])), &sp, r.stack) }
                if case .fixnum(let x) = r.stack[sp &- 1], let byte = UInt8(exactly: x) {
                    bv[k] = byte
                    return replaceOperands(3, with: .unspecified, &sp, r.stack)
                }
            }
        }
        try slowPath(op, &pc, &sp, &r)
    }

    /// `assq` or `memq` of the two operands on top of the stack: the answer of `listSearch`, else
    /// the builtin's. Why: the layout prelude looks names up in short association lists at every
    /// view (about 14 a button), and each builtin call cost about 150 instructions more than its
    /// search.
    @inline(__always) func listSearch(_ op: Opcode, _ pc: inout UnsafeMutablePointer<Int32>, _ sp: inout Int, _ r: inout Registers) throws(SchemeError) {
        if let found = VM.listSearch(memq: op == .memq, r.stack[sp &- 2], r.stack[sp &- 1]) {
            return replaceOperands(2, with: found, &sp, r.stack)
        }
        try slowPath(op, &pc, &sp, &r)
    }

    /// What `(memq key list)` (`memq`) or `(assq key list)` answers when `list` is made of pairs
    /// (and, for `assq`, of pairs of pairs) up to the key or the list's end, an improper tail
    /// included, within `listSearchSteps` pairs; nil for anything else (an entry that is not a
    /// pair, a longer or circular list), which the builtin answers from the start. Out of line,
    /// its operands by value: a search in the dispatch loop made the loop's own registers spill
    /// (every instruction dispatched cost about two instructions more).
    @inline(never) static func listSearch(memq: Bool, _ key: Value, _ list: Value) -> Value? {
        // A symbol key (nearly every search) compared by address, as the builtin does: the
        // general `isEq` cost about 30 instructions an element.
        let symbol: UnsafeMutableRawPointer?
        if case .symbol(let k) = key { symbol = k.toOpaque() } else { symbol = nil }
        var cur = list
        var steps = 0
        while case .pair(let cell) = cur {
            if steps == VM.listSearchSteps { return nil }
            let item = cell.car
            let candidate: Value
            if memq {
                candidate = item
            } else {
                guard case .pair(let entry) = item else { return nil }
                candidate = entry.car
            }
            let same: Bool
            if let symbol {
                if case .symbol(let s) = candidate { same = s.toOpaque() == symbol } else { same = false }
            } else {
                same = candidate.isEq(key)
            }
            if same { return memq ? cur : item }
            cur = cell.cdr
            steps &+= 1
        }
        return .false
    }

    /// The most pairs `listSearch` walks before it leaves the list to the builtin (which checks
    /// for cycles): a bound on an opcode's time, far above the prelude's lists.
    static let listSearchSteps = 256

    /// An inlined opcode's slow path, from the dispatch loop: its builtin (`callBuiltin`), with the
    /// loop's `pc` and `sp` stored in `r` for it and reloaded after (it may raise and run a handler).
    @inline(__always) func slowPath(_ op: Opcode, _ pc: inout UnsafeMutablePointer<Int32>, _ sp: inout Int,
                                    _ r: inout Registers) throws(SchemeError) {
        r.pc = pc; r.sp = sp
        defer { pc = r.pc; sp = r.sp }
        try callBuiltin(op, &r)
    }

    /// Pops `n` operands from `stack` at `sp` (the dispatch loop's) and pushes `result`.
    @inline(__always) func replaceOperands(_ n: Int, with result: Value, _ sp: inout Int, _ stack: UnsafeMutablePointer<Value>) {
        sp &-= n &- 1
        stack[sp &- 1] = result
    }

    /// Pops `n` operands and pushes `result`.
    @inline(__always) func replaceOperands(_ n: Int, with result: Value, _ r: inout Registers) {
        r.sp &-= n &- 1
        r.stack[r.sp &- 1] = result
    }

    /// The slow path of an inlined opcode: runs its builtin on the operands on top of the stack.
    /// True if it left the result in their place, false if it raised instead (`signal`).
    @discardableResult
    func callBuiltin(_ op: Opcode, _ r: inout Registers) throws(SchemeError) -> Bool {
        guard let (name, n) = op.inlinedBuiltin, let p = inlinedBuiltins[Int(op.rawValue)] else {
            // Only inlined opcodes come here, and `Runtime.installCore` binds them all.
            throw SchemeError.fatal("\(op.name): no builtin behind this opcode", vm: self, regs: r)
        }
        let result: Value
        do {
            let arguments = Arguments(base: r.stack + r.sp - n, count: n)
            result = try runtimeRef._withUnsafeGuaranteedRef { rt in try p.function(arguments, rt) }
        } catch {
            let payload = (error as? SchemeRaise)?.payload ?? rt.makeError("\(name): \(error)")
            try signal(payload, dropping: n, &r)
            return false
        }
        replaceOperands(n, with: result, &r)
        return true
    }
}
