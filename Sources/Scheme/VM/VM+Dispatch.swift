import Dispatch

/// The dispatch loop: one `switch` per instruction; calls and tail calls re-enter the loop.
/// Stack and frame indices use wrapping arithmetic (`&+`): they are bounded by the stack's
/// capacity, so the overflow check (a branch in every push) could never fire.
extension VM {
    func execute(_ r: inout Registers) throws(SchemeError) -> Value {
        // `pc` and `sp` live in locals (machine registers) and are stored to `r` only for the
        // steps that can call out of line (calls, returns, safe points, an inlined opcode's
        // builtin, errors: `r.pc = pc; r.sp = sp; defer { pc = r.pc; sp = r.sp }`), which may
        // also collect (the collector reads the stack up to `r.sp`). Why: with them in memory
        // every dispatch loaded `pc`, stored it back and stored it again past the operands, and
        // every push loaded and stored `sp`.
        var pc = r.pc, sp = r.sp
        while true {
            let word = pc.pointee
            // Opcodes are numbered 0..<count, which is also their in-memory tag. Only the compiler
            // writes code, and it writes only `Opcode` raw values, so the range holds by construction.
            assert(word >= 0 && word < Opcode.count, "corrupt bytecode")
            let op = unsafeBitCast(UInt8(truncatingIfNeeded: word), to: Opcode.self)
            pc += 1
            switch op {
            case .const:
                push(r.constants[Int(pc.pointee)], &sp, r.stack); pc += 1
            case .fixnum:
                push(.fixnum(Int(pc.pointee)), &sp, r.stack); pc += 1
            case .null: push(.null, &sp, r.stack)
            case .true: push(.true, &sp, r.stack)
            case .false: push(.false, &sp, r.stack)
            case .unspecified: push(.unspecified, &sp, r.stack)
            case .local:
                push(r.stack[r.fp &+ Int(pc.pointee)], &sp, r.stack); pc += 1
            case .setLocal:
                sp &-= 1; r.stack[r.fp &+ Int(pc.pointee)] = r.stack[sp]; pc += 1
            case .localBox:
                push(unbox(r.stack[r.fp + Int(pc.pointee)]), &sp, r.stack); pc += 1
            case .setLocalBox:
                sp -= 1; setBox(r.stack[r.fp + Int(pc.pointee)], r.stack[sp]); pc += 1
            case .boxLocal:
                let slot = r.fp + Int(pc.pointee)
                r.stack[slot] = heapRef._withUnsafeGuaranteedRef { $0.cons(r.stack[slot], .null) }; pc += 1
            case .captured:
                push(capturedValue(r, Int(pc.pointee)), &sp, r.stack); pc += 1
            case .capturedBox:
                push(unbox(capturedValue(r, Int(pc.pointee))), &sp, r.stack); pc += 1
            case .setCapturedBox:
                sp -= 1; setBox(capturedValue(r, Int(pc.pointee)), r.stack[sp]); pc += 1
            case .global:
                try globalRef(&pc, &sp, &r)
            case .setGlobal:
                r.pc = pc; r.sp = sp; defer { pc = r.pc; sp = r.sp }
                try globalSet(&r, define: false)
            case .defineGlobal:
                r.pc = pc; r.sp = sp; defer { pc = r.pc; sp = r.sp }
                try globalSet(&r, define: true)
            case .pop:
                sp &-= 1
            case .jump:
                pc += Int(pc.pointee)
            case .jumpBack:
                // Clears the slots of the loop body's variables (see `Opcode.jumpBack`), then checks
                // the safe point before jumping, so a limit that ends a loop is located at the jump.
                clearLocals(from: Int(pc[1]), count: Int(pc[2]), &r)
                steps &+= 1
                if heap.wantsCollection || safePointRequested || steps > stepLimit {
                    r.pc = pc; r.sp = sp
                    try safePoint(&r)
                    pc = r.pc; sp = r.sp
                }
                pc += Int(pc.pointee)
            case .jumpIfFalse:
                sp &-= 1
                if case .bool(false) = r.stack[sp] { pc += Int(pc.pointee) } else { pc += 1 }
            case .closure:
                makeClosure(&pc, &sp, &r)
            case .call:
                let n = Int(pc.pointee)
                r.pc = pc + 1; r.sp = sp; defer { pc = r.pc; sp = r.sp }
                try call(n, tail: false, &r)
            case .tailCall:
                let n = Int(pc.pointee)
                r.pc = pc + 1; r.sp = sp; defer { pc = r.pc; sp = r.sp }
                try call(n, tail: true, &r)
            case .return:
                r.sp = sp
                returnValue(&r)
                pc = r.pc; sp = r.sp
            case .halt:
                r.pc = pc; r.sp = sp
                r.sp -= 1
                let v = r.stack[r.sp]
                r.stack[r.sp] = .undefined
                return v
            case .add: try arithmetic(op, &pc, &sp, &r, { $0.addingReportingOverflow($1) }, +)
            case .sub: try arithmetic(op, &pc, &sp, &r, { $0.subtractingReportingOverflow($1) }, -)
            case .mul: try arithmetic(op, &pc, &sp, &r, { $0.multipliedReportingOverflow(by: $1) }, *)
            case .numEq: try comparison(op, &pc, &sp, &r, ==, ==)
            case .lt: try comparison(op, &pc, &sp, &r, <, <)
            case .gt: try comparison(op, &pc, &sp, &r, >, >)
            case .le: try comparison(op, &pc, &sp, &r, <=, <=)
            case .ge: try comparison(op, &pc, &sp, &r, >=, >=)
            case .car: try pairField(op, &pc, &sp, &r) { $0.car }
            case .cdr: try pairField(op, &pc, &sp, &r) { $0.cdr }
            case .caar: try pairPath(op, &pc, &sp, &r, { $0.car }, { $0.car })
            case .cadr: try pairPath(op, &pc, &sp, &r, { $0.cdr }, { $0.car })
            case .cdar: try pairPath(op, &pc, &sp, &r, { $0.car }, { $0.cdr })
            case .cddr: try pairPath(op, &pc, &sp, &r, { $0.cdr }, { $0.cdr })
            case .caddr: try cdrPath(op, 2, &pc, &sp, &r) { $0.car }
            case .cdddr: try cdrPath(op, 2, &pc, &sp, &r) { $0.cdr }
            case .cadddr: try cdrPath(op, 3, &pc, &sp, &r) { $0.car }
            case .cons:
                // (The operands are read here: a closure that captured `sp` would keep it in memory.)
                let car = r.stack[sp &- 2], cdr = r.stack[sp &- 1]
                sp &-= 1
                r.stack[sp &- 1] = heapRef._withUnsafeGuaranteedRef { $0.cons(car, cdr) }
            case .isNull: r.stack[sp &- 1] = .bool(r.stack[sp &- 1].isNull)
            case .isPair: r.stack[sp &- 1] = .bool(r.stack[sp &- 1].isPair)
            case .isSymbol: r.stack[sp &- 1] = .bool(r.stack[sp &- 1].isSymbol)
            case .isString: r.stack[sp &- 1] = .bool(r.stack[sp &- 1].isString)
            case .isProcedure: r.stack[sp &- 1] = .bool(r.stack[sp &- 1].isProcedure)
            case .isEq:
                let same = r.stack[sp &- 2].isEq(r.stack[sp &- 1])
                sp &-= 1; r.stack[sp &- 1] = .bool(same)
            case .not: r.stack[sp &- 1] = .bool(!r.stack[sp &- 1].isTrue)
            case .isZero: try isZero(&pc, &sp, &r)
            case .vectorRef, .vectorSet: try vectorAccess(op, &pc, &sp, &r)
            case .quotient, .remainder, .modulo: try integerDivision(op, &pc, &sp, &r)
            case .bytevectorRef, .bytevectorSet: try bytevectorAccess(op, &pc, &sp, &r)
            case .assq, .memq: try listSearch(op, &pc, &sp, &r)
            case .hashTableRef:
                if let found = HashTable.ref(r.stack[sp &- 3], r.stack[sp &- 2], orElse: r.stack[sp &- 1]) {
                    replaceOperands(3, with: found, &sp, r.stack)
                } else {
                    try slowPath(op, &pc, &sp, &r)
                }
            case .ifNumEqLocals: try compareAndBranch(.numEq, localOperand(0, pc, r), localOperand(1, pc, r), &pc, &sp, &r, ==, ==)
            case .ifNumEqLocalFixnum: try compareAndBranch(.numEq, localOperand(0, pc, r), fixnumOperand(1, pc), &pc, &sp, &r, ==, ==)
            case .ifLtLocals: try compareAndBranch(.lt, localOperand(0, pc, r), localOperand(1, pc, r), &pc, &sp, &r, <, <)
            case .ifLtLocalFixnum: try compareAndBranch(.lt, localOperand(0, pc, r), fixnumOperand(1, pc), &pc, &sp, &r, <, <)
            case .ifGtLocals: try compareAndBranch(.gt, localOperand(0, pc, r), localOperand(1, pc, r), &pc, &sp, &r, >, >)
            case .ifGtLocalFixnum: try compareAndBranch(.gt, localOperand(0, pc, r), fixnumOperand(1, pc), &pc, &sp, &r, >, >)
            case .ifLeLocals: try compareAndBranch(.le, localOperand(0, pc, r), localOperand(1, pc, r), &pc, &sp, &r, <=, <=)
            case .ifLeLocalFixnum: try compareAndBranch(.le, localOperand(0, pc, r), fixnumOperand(1, pc), &pc, &sp, &r, <=, <=)
            case .ifGeLocals: try compareAndBranch(.ge, localOperand(0, pc, r), localOperand(1, pc, r), &pc, &sp, &r, >=, >=)
            case .ifGeLocalFixnum: try compareAndBranch(.ge, localOperand(0, pc, r), fixnumOperand(1, pc), &pc, &sp, &r, >=, >=)
            case .ifNullLocal: testAndBranch(localOperand(0, pc, r).isNull, &pc)
            case .ifPairLocal: testAndBranch(localOperand(0, pc, r).isPair, &pc)
            case .addLocalFixnum: try localPlusFixnum(subtract: false, &pc, &sp, &r)
            case .subLocalFixnum: try localPlusFixnum(subtract: true, &pc, &sp, &r)
            case .ifLocal: testAndBranch(localOperand(0, pc, r).isTrue, &pc)
            case .ifEq:
                sp &-= 2
                pc += r.stack[sp].isEq(r.stack[sp &+ 1]) ? 1 : Int(pc.pointee)
            case .setLocal2:
                r.stack[r.fp &+ Int(pc[0])] = r.stack[sp &- 1]
                r.stack[r.fp &+ Int(pc[1])] = r.stack[sp &- 2]
                sp &-= 2; pc += 2
            case .localCar: try localPairField(.car, &pc, &sp, &r) { $0.car }
            case .localCdr: try localPairField(.cdr, &pc, &sp, &r) { $0.cdr }
            case .callGlobalLocal: try callGlobalLocal(tail: false, &pc, &sp, &r)
            case .tailCallGlobalLocal: try callGlobalLocal(tail: true, &pc, &sp, &r)
            case .returnLocal:
                returnValue(localOperand(0, pc, r), &r)
                pc = r.pc; sp = r.sp
            case .ifEqConst:
                sp &-= 1
                pc += r.stack[sp].isEq(r.constants[Int(pc.pointee)]) ? 2 : 1 &+ Int(pc[1])
            case .vectorRefFixnum: try vectorRefFixnum(&pc, &sp, &r)
            case .local2:
                push(localOperand(0, pc, r), &sp, r.stack)
                push(localOperand(1, pc, r), &sp, r.stack); pc += 2
            case .ifEqLocalConst:
                pc += localOperand(0, pc, r).isEq(r.constants[Int(pc[1])]) ? 3 : 2 &+ Int(pc[2])
            case .localVectorRefFixnum: try localVectorRefFixnum(&pc, &sp, &r)
            case .setLocalTest:
                sp &-= 1
                let v = r.stack[sp]
                r.stack[r.fp &+ Int(pc.pointee)] = v
                if case .bool(false) = v { pc += 1 &+ Int(pc[1]) } else { pc += 2 }
            case .ifNull: sp &-= 1; testAndBranch(r.stack[sp].isNull, &pc, operand: 0)
            case .ifPair: sp &-= 1; testAndBranch(r.stack[sp].isPair, &pc, operand: 0)
            case .ifSymbol: sp &-= 1; testAndBranch(r.stack[sp].isSymbol, &pc, operand: 0)
            }
        }
    }

    @inline(__always) func push(_ v: Value, _ r: inout Registers) {
        r.stack[r.sp] = v
        r.sp &+= 1
    }

    /// Pushes `v` on `stack` at `sp` (the dispatch loop's own stack pointer).
    @inline(__always) func push(_ v: Value, _ sp: inout Int, _ stack: UnsafeMutablePointer<Value>) {
        stack[sp] = v
        sp &+= 1
    }

    /// The local whose slot is operand `i` of the current instruction (`pc` at its operands).
    @inline(__always) func localOperand(_ i: Int, _ pc: UnsafeMutablePointer<Int32>, _ r: Registers) -> Value {
        r.stack[r.fp &+ Int(pc[i])]
    }

    /// Operand `i` of the current instruction, a fixnum.
    @inline(__always) func fixnumOperand(_ i: Int, _ pc: UnsafeMutablePointer<Int32>) -> Value {
        .fixnum(Int(pc[i]))
    }

    @inline(__always) func clearLocals(from first: Int, count: Int, _ r: inout Registers) {
        (r.stack + (r.fp &+ first)).update(repeating: .undefined, count: count)
    }

    @inline(__always) func capturedValue(_ r: Registers, _ i: Int) -> Value {
        r.closure.unsafelyUnwrapped.captured(i)
    }

    // A box (a variable both captured by a closure and assigned) is a pair cell whose car holds the
    // variable (`boxLocal`): no Swift object, and `set!` goes through the pair's write barrier. Only
    // these opcodes see one: the compiler boxes a variable where it is bound, before any use, and
    // reads and assigns it only through them.
    @inline(__always) func unbox(_ v: Value) -> Value {
        if case .pair(let box) = v { return box.car }
        return v
    }

    @inline(__always) func setBox(_ box: Value, _ v: Value) {
        if case .pair(let box) = box { box.car = v }
    }

    @inline(__always) func globalRef(_ pc: inout UnsafeMutablePointer<Int32>, _ sp: inout Int, _ r: inout Registers) throws(SchemeError) {
        let k = Int(pc.pointee); pc += 1
        // Only the compiler writes `global` operands, and always a `Global`'s constant index.
        guard case .object(let o) = r.constants[k] else { return }
        let v = o._withUnsafeGuaranteedRef { unsafeDowncast($0, to: Global.self).value }
        if case .undefined = v {
            r.pc = pc; r.sp = sp
            defer { pc = r.pc; sp = r.sp }
            try signalUnbound(o, &r)
        } else {
            push(v, &sp, r.stack)
        }
    }

    /// Raises "unbound variable" for the `Global` `o`, read before it was defined (`global`, and
    /// the fused call of a global, `callGlobalLocal`).
    func signalUnbound(_ o: Unmanaged<HeapObject>, _ r: inout Registers) throws(SchemeError) {
        try signal(rt.makeError(rt.unboundMessage("unbound variable: ", unsafeDowncast(o.takeUnretainedValue(), to: Global.self).name.name)),
                   dropping: 0, &r)
    }

    func globalSet(_ r: inout Registers, define: Bool) throws(SchemeError) {
        let k = Int(r.pc.pointee); r.pc += 1
        guard case .object(let o) = r.constants[k] else { return }
        let cell = unsafeDowncast(o.takeUnretainedValue(), to: Global.self)
        r.sp -= 1
        let v = r.stack[r.sp]
        if !define, case .undefined = cell.value {
            try signal(rt.makeError(rt.unboundMessage("set!: unbound variable: ", cell.name.name)), dropping: 0, &r)
            return
        }
        if define { cell.define(v) } else { cell.assign(v) }
    }

    @inline(__always) func makeClosure(_ pc: inout UnsafeMutablePointer<Int32>, _ sp: inout Int, _ r: inout Registers) {
        let k = Int(pc[0]), n = Int(pc[1])
        pc += 2
        guard case .object(let o) = r.constants[k] else { return }
        // (The compiler puts a code block there.)
        let code = unsafeBitCast(o, to: Unmanaged<CodeBlock>.self)
        let captured = UnsafeBufferPointer(start: r.stack + (sp - n), count: n)
        let c = heapRef._withUnsafeGuaranteedRef { Closure.make(code: code, captured: captured, in: $0) }
        sp -= n
        push(.closure(c), &sp, r.stack)
    }

    /// Pops the current frame, leaving the returned value on the caller's stack.
    @inline(__always) func returnValue(_ r: inout Registers) {
        returnValue(r.stack[r.sp &- 1], &r)
    }

    /// Pops the current frame, leaving `v` on the caller's stack.
    @inline(__always) func returnValue(_ v: Value, _ r: inout Registers) {
        r.sp = r.fp &- 1
        r.stack[r.sp] = v
        r.sp &+= 1
        frameTop &-= 1
        let f = frames[frameTop]
        r.pc = f.pc
        r.fp = f.fp
        r.closure = f.closure
        r.constants = f.constants
    }
}
