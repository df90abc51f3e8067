/// Superinstructions (`Opcode.fusedBase`): a comparison and its branch, `+`/`-` of a local and a
/// constant, a local's return, a global procedure's call on a local, `eq?` against a constant,
/// `vector-ref` at a constant index, two locals pushed, a binding stored and tested, each one
/// dispatch where they were two, three or four (the shortest are in the loop itself). Like the
/// inlined opcodes (`VM+Inline`) they handle only the plain case themselves (fixnums, two
/// flonums, a flonum and a fixnum it holds exactly, a record's field, a vector and an index in
/// range); for anything else they push their operands and run their base opcode's builtin (or
/// `call`), so bignums, rationals, other mixed types, overflow and errors behave exactly as the
/// unfused code did.
extension VM {
    /// `if<Cmp>Locals` and `if<Cmp>LocalFixnum` (`pc` at their operands `a x offset`): falls
    /// through if `x` and `y` compare, else jumps to the offset's target.
    @inline(__always) func compareAndBranch(_ base: Opcode, _ x: Value, _ y: Value,
                                            _ pc: inout UnsafeMutablePointer<Int32>, _ sp: inout Int, _ r: inout Registers,
                                            _ fixnum: (Int, Int) -> Bool, _ flonum: (Double, Double) -> Bool) throws(SchemeError) {
        let holds: Bool
        if case .fixnum(let a) = x, case .fixnum(let b) = y {
            holds = fixnum(a, b)
        } else if case .flonum(let a) = x, case .flonum(let b) = y {
            holds = flonum(a, b)
        } else if let (a, b) = VM.mixedFlonums(x, y) {
            holds = flonum(a, b)
        } else {
            r.pc = pc; r.sp = sp
            let answered = try applyBuiltin(base, x, y, &r)
            pc = r.pc; sp = r.sp
            guard answered else { return }
            sp &-= 1
            if case .bool(false) = r.stack[sp] { holds = false } else { holds = true }
        }
        pc += holds ? 3 : 2 + Int(pc[2])
    }

    /// `addLocalFixnum`, `subLocalFixnum` (`pc` at their operands `a n`): pushes local a ± n.
    @inline(__always) func localPlusFixnum(subtract: Bool, _ pc: inout UnsafeMutablePointer<Int32>, _ sp: inout Int,
                                           _ r: inout Registers) throws(SchemeError) {
        let x = r.stack[r.fp &+ Int(pc[0])], n = Int(pc[1])
        pc += 2
        if case .fixnum(let a) = x {
            let (sum, overflow) = subtract ? a.subtractingReportingOverflow(n) : a.addingReportingOverflow(n)
            if !overflow { return push(.fixnum(sum), &sp, r.stack) }
        } else if case .flonum(let a) = x, n.magnitude <= 1 << 53 {
            return push(.flonum(subtract ? a - Double(n) : a + Double(n)), &sp, r.stack)
        }
        r.pc = pc; r.sp = sp
        defer { pc = r.pc; sp = r.sp }
        _ = try applyBuiltin(subtract ? .sub : .add, x, .fixnum(n), &r)
    }

    /// `ifNullLocal`, `ifPairLocal` (`pc` at their operands `a offset`), `ifNull`, `ifPair`,
    /// `ifSymbol` (`pc` at their `offset`, the value popped; `operand` 0): falls through if the test
    /// holds, else jumps (`null?`, `pair?` and `symbol?` accept anything: no builtin).
    @inline(__always) func testAndBranch(_ holds: Bool, _ pc: inout UnsafeMutablePointer<Int32>, operand: Int = 1) {
        pc += holds ? operand &+ 1 : operand &+ Int(pc[operand])
    }

    /// `localCar`, `localCdr` (`pc` at their operand `a`): pushes `field` of local a, or, if it
    /// is not a pair, pushes it and runs `base`'s builtin (its error).
    @inline(__always) func localPairField(_ base: Opcode, _ pc: inout UnsafeMutablePointer<Int32>, _ sp: inout Int,
                                          _ r: inout Registers, _ field: (Pair) -> Value) throws(SchemeError) {
        let x = r.stack[r.fp &+ Int(pc[0])]
        pc += 1
        if case .pair(let p) = x { return push(field(p), &sp, r.stack) }
        push(x, &sp, r.stack)
        try slowPath(base, &pc, &sp, &r)
    }

    /// `vectorRefFixnum` (`pc` at its operand `n`): replaces the vector on top of the stack with
    /// its element n, or, for anything else (not a vector, n out of range), pushes n and runs
    /// `vector-ref`'s builtin (its error).
    @inline(__always) func vectorRefFixnum(_ pc: inout UnsafeMutablePointer<Int32>, _ sp: inout Int,
                                           _ r: inout Registers) throws(SchemeError) {
        let k = Int(pc.pointee)
        pc += 1
        if case .vector(let vu) = r.stack[sp &- 1], let element = Self.element(vu, k) {
            r.stack[sp &- 1] = element
            return
        }
        push(.fixnum(k), &sp, r.stack)
        try slowPath(.vectorRef, &pc, &sp, &r)
    }

    /// Element k of vector `vu`, or nil when k is out of range.
    @inline(__always) static func element(_ vu: SVector, _ k: Int) -> Value? { vu.element(k) }

    /// `localVectorRefFixnum` (`pc` at its operands `a n`): pushes element n of local a, or, for
    /// anything else, pushes local a and n and runs `vector-ref`'s builtin (its error).
    @inline(__always) func localVectorRefFixnum(_ pc: inout UnsafeMutablePointer<Int32>, _ sp: inout Int,
                                                _ r: inout Registers) throws(SchemeError) {
        let x = localOperand(0, pc, r), k = Int(pc[1])
        pc += 2
        if case .vector(let vu) = x, let element = Self.element(vu, k) { return push(element, &sp, r.stack) }
        push(x, &sp, r.stack)
        push(.fixnum(k), &sp, r.stack)
        try slowPath(.vectorRef, &pc, &sp, &r)
    }

    /// `callGlobalLocal`, `tailCallGlobalLocal` (`pc` at their operands `k a`): calls global k's
    /// procedure on local a. A record type's predicate or accessor (views and nodes are records,
    /// read this way about 18 times a view of a long sequence) answers in place; anything else, or
    /// a call that reaches a safe point, is pushed and goes through `call` as `global k`, `local a`,
    /// `call 1` would: the same unbound-variable error, step count, safe point and type error.
    @inline(__always) func callGlobalLocal(tail: Bool, _ pc: inout UnsafeMutablePointer<Int32>, _ sp: inout Int,
                                           _ r: inout Registers) throws(SchemeError) {
        let k = Int(pc[0])
        let x = r.stack[r.fp &+ Int(pc[1])]
        pc += 2
        // Only the compiler writes this operand, and always a `Global`'s constant index.
        guard case .object(let o) = r.constants[k] else { return }
        let f = o._withUnsafeGuaranteedRef { unsafeDowncast($0, to: Global.self).value }
        if case .procedure(let pu) = f, pu._withUnsafeGuaranteedRef({ $0.kind }) == .builtin,
           !(heap.wantsCollection || safePointRequested || steps >= stepLimit),
           let record = unsafeBitCast(pu, to: Unmanaged<BuiltinProcedure>.self)._withUnsafeGuaranteedRef({ $0.special == .record ? $0.record : nil }),
           record.argumentCount == 1, let result = Records.run(record, x, .unspecified, heapRef) {
            steps &+= 1
            push(result, &sp, r.stack)
            if tail {
                r.sp = sp
                returnValue(&r)
                pc = r.pc; sp = r.sp
            }
            return
        }
        r.pc = pc; r.sp = sp
        defer { pc = r.pc; sp = r.sp }
        if case .undefined = f { return try signalUnbound(o, &r) }
        push(f, &r)
        push(x, &r)
        try call(1, tail: tail, &r)
    }

    /// Pushes `x` and `y` and runs `base`'s builtin on them (`VM+Inline`'s slow path): true with
    /// its result on the stack, false if it raised (the VM is then running the handler).
    func applyBuiltin(_ base: Opcode, _ x: Value, _ y: Value, _ r: inout Registers) throws(SchemeError) -> Bool {
        push(x, &r)
        push(y, &r)
        return try callBuiltin(base, &r)
    }
}
