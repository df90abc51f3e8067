import Dispatch

/// The dispatch loop: one `switch` per instruction; calls and tail calls re-enter the loop.
/// Stack and frame indices use wrapping arithmetic (`&+`): they are bounded by the stack's
/// capacity, so the overflow check (a branch in every push) could never fire.
extension VM {
    func execute(_ r: inout Registers) throws(SchemeError) -> Value {
        // `pc` lives in a local (a machine register) and is stored to `r.pc` only for the steps
        // that can call out of line (calls, returns, safe points, an inlined opcode's builtin,
        // errors: `r.pc = pc; defer { pc = r.pc }`). Why: with `pc` in memory every dispatch
        // loaded it, stored it back and stored it again past the operands.
        var pc = r.pc
        while true {
            let word = pc.pointee
            // Opcodes are numbered 0..<count, which is also their in-memory tag. Only the compiler
            // writes code, and it writes only `Opcode` raw values, so the range holds by construction.
            assert(word >= 0 && word < Opcode.count, "corrupt bytecode")
            let op = unsafeBitCast(UInt8(truncatingIfNeeded: word), to: Opcode.self)
            pc += 1
            switch op {
            case .const:
                push(r.constants[Int(pc.pointee)], &r); pc += 1
            case .fixnum:
                push(.fixnum(Int(pc.pointee)), &r); pc += 1
            case .null: push(.null, &r)
            case .true: push(.true, &r)
            case .false: push(.false, &r)
            case .unspecified: push(.unspecified, &r)
            case .local:
                push(r.stack[r.fp &+ Int(pc.pointee)], &r); pc += 1
            case .setLocal:
                r.sp &-= 1; r.stack[r.fp &+ Int(pc.pointee)] = r.stack[r.sp]; pc += 1
            case .localBox:
                push(unbox(r.stack[r.fp + Int(pc.pointee)]), &r); pc += 1
            case .setLocalBox:
                r.sp -= 1; setBox(r.stack[r.fp + Int(pc.pointee)], r.stack[r.sp]); pc += 1
            case .boxLocal:
                let slot = r.fp + Int(pc.pointee)
                r.stack[slot] = heap.object(Box(r.stack[slot])); pc += 1
            case .captured:
                push(capturedValue(r, Int(pc.pointee)), &r); pc += 1
            case .capturedBox:
                push(unbox(capturedValue(r, Int(pc.pointee))), &r); pc += 1
            case .setCapturedBox:
                r.sp -= 1; setBox(capturedValue(r, Int(pc.pointee)), r.stack[r.sp]); pc += 1
            case .global:
                r.pc = pc; defer { pc = r.pc }
                try globalRef(&r)
            case .setGlobal:
                r.pc = pc; defer { pc = r.pc }
                try globalSet(&r, define: false)
            case .defineGlobal:
                r.pc = pc; defer { pc = r.pc }
                try globalSet(&r, define: true)
            case .pop:
                r.sp &-= 1
            case .jump:
                pc += Int(pc.pointee)
            case .jumpBack:
                // Clears the slots of the loop body's variables (see `Opcode.jumpBack`), then checks
                // the safe point before jumping, so a limit that ends a loop is located at the jump.
                clearLocals(from: Int(pc[1]), count: Int(pc[2]), &r)
                steps &+= 1
                if heap.wantsCollection || safePointRequested || steps > stepLimit {
                    r.pc = pc
                    try safePoint(&r)
                    pc = r.pc
                }
                pc += Int(pc.pointee)
            case .jumpIfFalse:
                r.sp &-= 1
                if case .bool(false) = r.stack[r.sp] { pc += Int(pc.pointee) } else { pc += 1 }
            case .closure:
                makeClosure(&pc, &r)
            case .call:
                let n = Int(pc.pointee)
                r.pc = pc + 1; defer { pc = r.pc }
                try call(n, tail: false, &r)
            case .tailCall:
                let n = Int(pc.pointee)
                r.pc = pc + 1; defer { pc = r.pc }
                try call(n, tail: true, &r)
            case .return:
                returnValue(&r)
                pc = r.pc
            case .halt:
                r.pc = pc
                r.sp -= 1
                let v = r.stack[r.sp]
                r.stack[r.sp] = .undefined
                return v
            case .add: r.pc = pc; defer { pc = r.pc }; try arithmetic(op, &r, { $0.addingReportingOverflow($1) }, +)
            case .sub: r.pc = pc; defer { pc = r.pc }; try arithmetic(op, &r, { $0.subtractingReportingOverflow($1) }, -)
            case .mul: r.pc = pc; defer { pc = r.pc }; try arithmetic(op, &r, { $0.multipliedReportingOverflow(by: $1) }, *)
            case .numEq: r.pc = pc; defer { pc = r.pc }; try comparison(op, &r, ==, ==)
            case .lt: r.pc = pc; defer { pc = r.pc }; try comparison(op, &r, <, <)
            case .gt: r.pc = pc; defer { pc = r.pc }; try comparison(op, &r, >, >)
            case .le: r.pc = pc; defer { pc = r.pc }; try comparison(op, &r, <=, <=)
            case .ge: r.pc = pc; defer { pc = r.pc }; try comparison(op, &r, >=, >=)
            case .car: r.pc = pc; defer { pc = r.pc }; try pairField(op, &r) { $0.car }
            case .cdr: r.pc = pc; defer { pc = r.pc }; try pairField(op, &r) { $0.cdr }
            case .caar: r.pc = pc; defer { pc = r.pc }; try pairPath(op, &r, { $0.car }, { $0.car })
            case .cadr: r.pc = pc; defer { pc = r.pc }; try pairPath(op, &r, { $0.cdr }, { $0.car })
            case .cdar: r.pc = pc; defer { pc = r.pc }; try pairPath(op, &r, { $0.car }, { $0.cdr })
            case .cddr: r.pc = pc; defer { pc = r.pc }; try pairPath(op, &r, { $0.cdr }, { $0.cdr })
            case .cons:
                replaceOperands(2, with: heapRef._withUnsafeGuaranteedRef { $0.cons(r.stack[r.sp - 2], r.stack[r.sp - 1]) }, &r)
            case .isNull: r.stack[r.sp - 1] = .bool(r.stack[r.sp - 1].isNull)
            case .isPair: r.stack[r.sp - 1] = .bool(r.stack[r.sp - 1].isPair)
            case .isEq: replaceOperands(2, with: .bool(r.stack[r.sp - 2].isEq(r.stack[r.sp - 1])), &r)
            case .not: r.stack[r.sp - 1] = .bool(!r.stack[r.sp - 1].isTrue)
            case .isZero: r.pc = pc; defer { pc = r.pc }; try isZero(&r)
            case .vectorRef, .vectorSet: r.pc = pc; defer { pc = r.pc }; try vectorAccess(op, &r)
            case .quotient, .remainder, .modulo: r.pc = pc; defer { pc = r.pc }; try integerDivision(op, &r)
            case .bytevectorRef, .bytevectorSet: r.pc = pc; defer { pc = r.pc }; try bytevectorAccess(op, &r)
            case .ifNumEqLocals: r.pc = pc; defer { pc = r.pc }; try compareAndBranch(.numEq, localOperand(0, r), localOperand(1, r), &r, ==, ==)
            case .ifNumEqLocalFixnum: r.pc = pc; defer { pc = r.pc }; try compareAndBranch(.numEq, localOperand(0, r), fixnumOperand(1, r), &r, ==, ==)
            case .ifLtLocals: r.pc = pc; defer { pc = r.pc }; try compareAndBranch(.lt, localOperand(0, r), localOperand(1, r), &r, <, <)
            case .ifLtLocalFixnum: r.pc = pc; defer { pc = r.pc }; try compareAndBranch(.lt, localOperand(0, r), fixnumOperand(1, r), &r, <, <)
            case .ifGtLocals: r.pc = pc; defer { pc = r.pc }; try compareAndBranch(.gt, localOperand(0, r), localOperand(1, r), &r, >, >)
            case .ifGtLocalFixnum: r.pc = pc; defer { pc = r.pc }; try compareAndBranch(.gt, localOperand(0, r), fixnumOperand(1, r), &r, >, >)
            case .ifLeLocals: r.pc = pc; defer { pc = r.pc }; try compareAndBranch(.le, localOperand(0, r), localOperand(1, r), &r, <=, <=)
            case .ifLeLocalFixnum: r.pc = pc; defer { pc = r.pc }; try compareAndBranch(.le, localOperand(0, r), fixnumOperand(1, r), &r, <=, <=)
            case .ifGeLocals: r.pc = pc; defer { pc = r.pc }; try compareAndBranch(.ge, localOperand(0, r), localOperand(1, r), &r, >=, >=)
            case .ifGeLocalFixnum: r.pc = pc; defer { pc = r.pc }; try compareAndBranch(.ge, localOperand(0, r), fixnumOperand(1, r), &r, >=, >=)
            case .ifNullLocal: testAndBranch(r.stack[r.fp &+ Int(pc[0])].isNull, &pc)
            case .ifPairLocal: testAndBranch(r.stack[r.fp &+ Int(pc[0])].isPair, &pc)
            case .addLocalFixnum: r.pc = pc; defer { pc = r.pc }; try localPlusFixnum(subtract: false, &r)
            case .subLocalFixnum: r.pc = pc; defer { pc = r.pc }; try localPlusFixnum(subtract: true, &r)
            case .ifLocal: testAndBranch(r.stack[r.fp &+ Int(pc[0])].isTrue, &pc)
            case .ifEq:
                r.sp &-= 2
                pc += r.stack[r.sp].isEq(r.stack[r.sp &+ 1]) ? 1 : Int(pc.pointee)
            case .setLocal2:
                r.stack[r.fp &+ Int(pc[0])] = r.stack[r.sp &- 1]
                r.stack[r.fp &+ Int(pc[1])] = r.stack[r.sp &- 2]
                r.sp &-= 2; pc += 2
            case .localCar: r.pc = pc; defer { pc = r.pc }; try localPairField(.car, &r) { $0.car }
            case .localCdr: r.pc = pc; defer { pc = r.pc }; try localPairField(.cdr, &r) { $0.cdr }
            case .callGlobalLocal: r.pc = pc; defer { pc = r.pc }; try callGlobalLocal(tail: false, &r)
            case .tailCallGlobalLocal: r.pc = pc; defer { pc = r.pc }; try callGlobalLocal(tail: true, &r)
            case .returnLocal:
                returnValue(r.stack[r.fp &+ Int(pc[0])], &r)
                pc = r.pc
            }
        }
    }

    @inline(__always) func push(_ v: Value, _ r: inout Registers) {
        r.stack[r.sp] = v
        r.sp &+= 1
    }

    /// The local whose slot is operand `i` of the current instruction (`pc` at its operands).
    @inline(__always) func localOperand(_ i: Int, _ r: Registers) -> Value {
        r.stack[r.fp &+ Int(r.pc[i])]
    }

    /// Operand `i` of the current instruction, a fixnum.
    @inline(__always) func fixnumOperand(_ i: Int, _ r: Registers) -> Value {
        .fixnum(Int(r.pc[i]))
    }

    @inline(__always) func clearLocals(from first: Int, count: Int, _ r: inout Registers) {
        let base = r.fp &+ first
        for i in 0..<count { r.stack[base + i] = .undefined }
    }

    @inline(__always) func capturedValue(_ r: Registers, _ i: Int) -> Value {
        r.closure.unsafelyUnwrapped._withUnsafeGuaranteedRef { $0.capturedValues[i] }
    }

    @inline(__always) func unbox(_ v: Value) -> Value {
        if case .object(let o) = v { return unsafeDowncast(o.takeUnretainedValue(), to: Box.self).value }
        return v
    }

    @inline(__always) func setBox(_ box: Value, _ v: Value) {
        if case .object(let o) = box { unsafeDowncast(o.takeUnretainedValue(), to: Box.self).value = v }
    }

    @inline(__always) func globalRef(_ r: inout Registers) throws(SchemeError) {
        let k = Int(r.pc.pointee); r.pc += 1
        // Only the compiler writes `global` operands, and always a `Global`'s constant index.
        guard case .object(let o) = r.constants[k] else { return }
        let v = o._withUnsafeGuaranteedRef { unsafeDowncast($0, to: Global.self).value }
        if case .undefined = v {
            try signalUnbound(o, &r)
        } else {
            push(v, &r)
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
        if define, case .procedure(let p) = v, let c = p.takeUnretainedValue() as? Closure,
           c.code.name == "anonymous" {
            c.code.name = cell.name.name
        }
        cell.assign(v)
    }

    @inline(__always) func makeClosure(_ pc: inout UnsafeMutablePointer<Int32>, _ r: inout Registers) {
        let k = Int(pc[0]), n = Int(pc[1])
        pc += 2
        guard case .object(let o) = r.constants[k] else { return }
        let code = unsafeDowncast(o.takeUnretainedValue(), to: CodeBlock.self)
        let c = heapRef._withUnsafeGuaranteedRef { $0.own(Closure(code: code, captured: UnsafeBufferPointer(start: r.stack + (r.sp - n), count: n))) }
        r.sp -= n
        push(.procedure(Unmanaged.passUnretained(c)), &r)
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
        r.constants = f.closure?._withUnsafeGuaranteedRef { $0.codeRef._withUnsafeGuaranteedRef { $0.constantPointer } } ?? r.constants
    }
}
