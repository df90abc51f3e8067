import Dispatch

/// The dispatch loop: one `switch` per instruction; calls and tail calls re-enter the loop.
/// Stack and frame indices use wrapping arithmetic (`&+`): they are bounded by the stack's
/// capacity, so the overflow check (a branch in every push) could never fire.
extension VM {
    func execute(_ r: inout Registers) throws(SchemeError) -> Value {
        while true {
            let word = r.pc.pointee
            // Opcodes are numbered 0..<count, which is also their in-memory tag. Only the compiler
            // writes code, and it writes only `Opcode` raw values, so the range holds by construction.
            assert(word >= 0 && word < Opcode.count, "corrupt bytecode")
            let op = unsafeBitCast(UInt8(truncatingIfNeeded: word), to: Opcode.self)
            r.pc += 1
            switch op {
            case .const:
                push(r.constants[Int(r.pc.pointee)], &r); r.pc += 1
            case .fixnum:
                push(.fixnum(Int(r.pc.pointee)), &r); r.pc += 1
            case .null: push(.null, &r)
            case .true: push(.true, &r)
            case .false: push(.false, &r)
            case .unspecified: push(.unspecified, &r)
            case .local:
                push(r.stack[r.fp &+ Int(r.pc.pointee)], &r); r.pc += 1
            case .setLocal:
                r.sp &-= 1; r.stack[r.fp &+ Int(r.pc.pointee)] = r.stack[r.sp]; r.pc += 1
            case .localBox:
                push(unbox(r.stack[r.fp + Int(r.pc.pointee)]), &r); r.pc += 1
            case .setLocalBox:
                r.sp -= 1; setBox(r.stack[r.fp + Int(r.pc.pointee)], r.stack[r.sp]); r.pc += 1
            case .boxLocal:
                let slot = r.fp + Int(r.pc.pointee)
                r.stack[slot] = heap.object(Box(r.stack[slot])); r.pc += 1
            case .captured:
                push(capturedValue(r, Int(r.pc.pointee)), &r); r.pc += 1
            case .capturedBox:
                push(unbox(capturedValue(r, Int(r.pc.pointee))), &r); r.pc += 1
            case .setCapturedBox:
                r.sp -= 1; setBox(capturedValue(r, Int(r.pc.pointee)), r.stack[r.sp]); r.pc += 1
            case .global:
                try globalRef(&r)
            case .setGlobal:
                try globalSet(&r, define: false)
            case .defineGlobal:
                try globalSet(&r, define: true)
            case .pop:
                r.sp &-= 1
            case .jump:
                r.pc += Int(r.pc.pointee)
            case .jumpBack:
                // Clears the slots of the loop body's variables (see `Opcode.jumpBack`), then checks
                // the safe point before jumping, so a limit that ends a loop is located at the jump.
                clearLocals(from: Int(r.pc[1]), count: Int(r.pc[2]), &r)
                steps &+= 1
                if heap.wantsCollection || safePointRequested || steps > stepLimit { try safePoint(&r) }
                r.pc += Int(r.pc.pointee)
            case .jumpIfFalse:
                r.sp &-= 1
                if case .bool(false) = r.stack[r.sp] { r.pc += Int(r.pc.pointee) } else { r.pc += 1 }
            case .closure:
                makeClosure(&r)
            case .call:
                let n = Int(r.pc.pointee); r.pc += 1
                try call(n, tail: false, &r)
            case .tailCall:
                let n = Int(r.pc.pointee); r.pc += 1
                try call(n, tail: true, &r)
            case .return:
                returnValue(&r)
            case .halt:
                r.sp -= 1
                let v = r.stack[r.sp]
                r.stack[r.sp] = .undefined
                return v
            case .add: try arithmetic(op, &r, { $0.addingReportingOverflow($1) }, +)
            case .sub: try arithmetic(op, &r, { $0.subtractingReportingOverflow($1) }, -)
            case .mul: try arithmetic(op, &r, { $0.multipliedReportingOverflow(by: $1) }, *)
            case .numEq: try comparison(op, &r, ==, ==)
            case .lt: try comparison(op, &r, <, <)
            case .gt: try comparison(op, &r, >, >)
            case .le: try comparison(op, &r, <=, <=)
            case .ge: try comparison(op, &r, >=, >=)
            case .car: try pairField(op, &r) { $0.car }
            case .cdr: try pairField(op, &r) { $0.cdr }
            case .caar: try pairPath(op, &r, { $0.car }, { $0.car })
            case .cadr: try pairPath(op, &r, { $0.cdr }, { $0.car })
            case .cdar: try pairPath(op, &r, { $0.car }, { $0.cdr })
            case .cddr: try pairPath(op, &r, { $0.cdr }, { $0.cdr })
            case .cons:
                replaceOperands(2, with: heapRef._withUnsafeGuaranteedRef { $0.cons(r.stack[r.sp - 2], r.stack[r.sp - 1]) }, &r)
            case .isNull: r.stack[r.sp - 1] = .bool(r.stack[r.sp - 1].isNull)
            case .isPair: r.stack[r.sp - 1] = .bool(r.stack[r.sp - 1].isPair)
            case .isEq: replaceOperands(2, with: .bool(r.stack[r.sp - 2].isEq(r.stack[r.sp - 1])), &r)
            case .not: r.stack[r.sp - 1] = .bool(!r.stack[r.sp - 1].isTrue)
            case .isZero: try isZero(&r)
            case .vectorRef, .vectorSet: try vectorAccess(op, &r)
            case .quotient, .remainder, .modulo: try integerDivision(op, &r)
            case .bytevectorRef, .bytevectorSet: try bytevectorAccess(op, &r)
            case .ifNumEqLocals: try compareAndBranch(.numEq, localOperand(0, r), localOperand(1, r), &r, ==, ==)
            case .ifNumEqLocalFixnum: try compareAndBranch(.numEq, localOperand(0, r), fixnumOperand(1, r), &r, ==, ==)
            case .ifLtLocals: try compareAndBranch(.lt, localOperand(0, r), localOperand(1, r), &r, <, <)
            case .ifLtLocalFixnum: try compareAndBranch(.lt, localOperand(0, r), fixnumOperand(1, r), &r, <, <)
            case .ifGtLocals: try compareAndBranch(.gt, localOperand(0, r), localOperand(1, r), &r, >, >)
            case .ifGtLocalFixnum: try compareAndBranch(.gt, localOperand(0, r), fixnumOperand(1, r), &r, >, >)
            case .ifLeLocals: try compareAndBranch(.le, localOperand(0, r), localOperand(1, r), &r, <=, <=)
            case .ifLeLocalFixnum: try compareAndBranch(.le, localOperand(0, r), fixnumOperand(1, r), &r, <=, <=)
            case .ifGeLocals: try compareAndBranch(.ge, localOperand(0, r), localOperand(1, r), &r, >=, >=)
            case .ifGeLocalFixnum: try compareAndBranch(.ge, localOperand(0, r), fixnumOperand(1, r), &r, >=, >=)
            case .ifNullLocal: testAndBranch(localOperand(0, r).isNull, &r)
            case .ifPairLocal: testAndBranch(localOperand(0, r).isPair, &r)
            case .addLocalFixnum: try localPlusFixnum(subtract: false, &r)
            case .subLocalFixnum: try localPlusFixnum(subtract: true, &r)
            case .ifLocal: testAndBranch(localOperand(0, r).isTrue, &r)
            case .ifEq:
                r.sp &-= 2
                r.pc += r.stack[r.sp].isEq(r.stack[r.sp &+ 1]) ? 1 : Int(r.pc.pointee)
            case .setLocal2:
                r.stack[r.fp &+ Int(r.pc[0])] = r.stack[r.sp &- 1]
                r.stack[r.fp &+ Int(r.pc[1])] = r.stack[r.sp &- 2]
                r.sp &-= 2; r.pc += 2
            case .localCar: try localPairField(.car, &r) { $0.car }
            case .localCdr: try localPairField(.cdr, &r) { $0.cdr }
            case .callGlobalLocal: try callGlobalLocal(tail: false, &r)
            case .tailCallGlobalLocal: try callGlobalLocal(tail: true, &r)
            case .returnLocal: returnValue(localOperand(0, r), &r)
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

    func makeClosure(_ r: inout Registers) {
        let k = Int(r.pc[0]), n = Int(r.pc[1])
        r.pc += 2
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
