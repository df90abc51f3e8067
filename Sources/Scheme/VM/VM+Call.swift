/// Procedure calls: closures enter the same dispatch loop; builtins run in Swift; a handful of
/// special builtins (`apply`, `%call/cc`, `values`…) rearrange the stack and re-dispatch.
extension VM {
    /// Calls the procedure below the top `n` values with them. Closures and builtins are tested
    /// here; the other kinds and errors are `callOther`'s, out of line: with all of them in one
    /// function, every call paid the entry and exit of a function of many paths (the registers it
    /// saves), about 10 instructions of a closure's call and return of 180 (issue 19).
    func call(_ n: Int, tail: Bool, _ r: inout Registers) throws(SchemeError) {
        steps &+= 1
        if heap.wantsCollection || safePointRequested || steps > stepLimit { try safePoint(&r) }
        // (Stack indices in wrapping arithmetic, as in the dispatch loop: they are bounded by the
        // stack's capacity, and each checked step was a branch in every call.)
        let callee = r.stack[r.sp &- n &- 1]
        if case .closure(let c) = callee { return try enter(c, n, tail: tail, &r) }
        if case .procedure(let pu) = callee {
            switch pu._withUnsafeGuaranteedRef({ $0.kind }) {
            case .builtin:
                let bu = unsafeBitCast(pu, to: Unmanaged<BuiltinProcedure>.self)
                // A record procedure runs here: through `callBuiltin` and `callSpecial` it cost about
                // 90 instructions more a call (their frames), and views are records read ~35 times each.
                if bu._withUnsafeGuaranteedRef({ $0.special == .record }), try callRecordProcedure(bu, n, tail: tail, &r) {
                    return
                }
                return try callBuiltin(bu, n, tail: tail, &r)
            case .continuation, .parameter, .caseLambda:
                break
            }
        }
        try callOther(n, tail: tail, &r)
    }

    /// `call` of anything but a closure or a builtin: a continuation, a parameter, a
    /// `case-lambda`, or what is not a procedure.
    @inline(never) func callOther(_ n: Int, tail: Bool, _ r: inout Registers) throws(SchemeError) {
        let calleeSlot = r.sp &- n &- 1
        guard case .procedure(let pu) = r.stack[calleeSlot] else {
            try signal(rt.makeError("not a procedure", r.stack[calleeSlot]), dropping: n + 1, &r)
            return
        }
        switch pu._withUnsafeGuaranteedRef({ $0.kind }) {
        case .builtin:
            try callBuiltin(unsafeBitCast(pu, to: Unmanaged<BuiltinProcedure>.self), n, tail: tail, &r)
        case .continuation:
            try resume(unsafeDowncast(pu.takeUnretainedValue(), to: Continuation.self), n, &r)
        case .parameter:
            let p = unsafeDowncast(pu.takeUnretainedValue(), to: Parameter.self)
            if n != 0 {
                try signal(rt.makeError("parameter: expected 0 arguments, got \(n)"), dropping: n + 1, &r)
                return
            }
            finishCall(p.value, calleeSlot: calleeSlot, tail: tail, &r)
        case .caseLambda:
            let cl = unsafeDowncast(pu.takeUnretainedValue(), to: CaseLambda.self)
            guard let clause = cl.clauses.first(where: { $0.code.accepts(n) }) else {
                try signal(rt.makeError("case-lambda: no clause accepts \(n) arguments"), dropping: n + 1, &r)
                return
            }
            r.stack[calleeSlot] = .closure(clause)
            try enter(clause, n, tail: tail, &r)
        }
    }

    /// Sets up a frame for closure `cu`, whose callee slot and `n` arguments are on top of the stack.
    /// (Everything is read through unretained references: no ARC traffic per call.)
    @inline(__always) func enter(_ cu: Closure, _ n: Int, tail: Bool, _ r: inout Registers) throws(SchemeError) {
        let codeRef = cu.codeRef
        let (required, hasRest, frameSize, stackSize, codePointer, constantPointer) = codeRef._withUnsafeGuaranteedRef {
            ($0.required, $0.hasRest, $0.frameSize, $0.stackSize, $0.codePointer, $0.constantPointer)
        }
        var argc = n
        if n != required {
            if !hasRest || n < required { return try signalArity(codeRef, n, &r) }
        }
        if hasRest {
            collectRest(n - required, &r)
            argc = required + 1
        }
        let newFp: Int
        if tail {
            // The callee and its arguments moved down over the caller's frame, first to last (the
            // ranges may overlap; the destination is below). Through a local pointer: indexing
            // `r.stack` reloaded it after every store, which might have changed it.
            let stack = r.stack, dest = r.fp &- 1, src = r.sp &- argc &- 1
            var i = 0
            while i <= argc { stack[dest &+ i] = stack[src &+ i]; i &+= 1 }
            newFp = dest &+ 1
        } else {
            try pushFrame(CallFrame(closure: r.closure, pc: r.pc, fp: r.fp, constants: r.constants), &r)
            newFp = r.sp &- argc
        }
        let top = newFp &+ argc, frameEnd = newFp &+ frameSize
        r.sp = top
        ensureStack(&r, room: stackSize &+ 8)
        // The frame's other locals start undefined, in one pass (a loop through `r` reloaded and
        // stored `r.sp` at every slot: about 30 instructions a call, issue 19).
        if top < frameEnd {
            (r.stack + top).update(repeating: .undefined, count: frameEnd &- top)
            r.sp = frameEnd
        }
        r.fp = newFp
        r.closure = cu
        r.constants = constantPointer
        r.pc = codePointer
    }

    /// The error of a closure called with `n` arguments it does not take (out of line: `enter`
    /// is inlined at every call).
    @inline(never) func signalArity(_ codeRef: Unmanaged<CodeBlock>, _ n: Int, _ r: inout Registers) throws(SchemeError) {
        let (name, required, hasRest) = codeRef._withUnsafeGuaranteedRef { ($0.name, $0.required, $0.hasRest) }
        let expected = hasRest ? "at least \(required)" : "\(required)"
        try signal(rt.makeError("\(name): expected \(expected) argument\(required == 1 ? "" : "s"), got \(n)"), dropping: n + 1, &r)
    }

    /// Replaces the top `count` values with a list of them.
    func collectRest(_ count: Int, _ r: inout Registers) {
        var list = Value.null
        for i in stride(from: r.sp - 1, through: r.sp - count, by: -1) {
            list = heapRef._withUnsafeGuaranteedRef { $0.cons(r.stack[i], list) }
        }
        r.sp -= count
        push(list, &r)
    }

    /// Leaves `result` in place of the call, returning it at once if the call was a tail call.
    @inline(__always) func finishCall(_ result: Value, calleeSlot: Int, tail: Bool, _ r: inout Registers) {
        r.sp = calleeSlot
        push(result, &r)
        if tail { returnValue(&r) }
    }

    /// Calls builtin `pu` (read unretained: the callee slot keeps it alive, and retaining it cost
    /// a few percent of every program that calls builtins in a loop).
    func callBuiltin(_ pu: Unmanaged<BuiltinProcedure>, _ n: Int, tail: Bool, _ r: inout Registers) throws(SchemeError) {
        let calleeSlot = r.sp - n - 1
        let (accepts, special) = pu._withUnsafeGuaranteedRef { ($0.arity.accepts(n), $0.special) }
        if !accepts {
            let p = pu.takeUnretainedValue()
            try signal(rt.makeError("\(p.name): expected \(p.arity.expectedArguments), got \(n)"),
                       dropping: n + 1, &r)
            return
        }
        if special != .none {
            try callSpecial(pu, special, n, tail: tail, &r)
            return
        }
        regs = r  // a builtin may run Scheme code (a nested run) above our stack
        let result: Value
        do {
            let arguments = Arguments(base: r.stack + calleeSlot + 1, count: n)
            result = try runtimeRef._withUnsafeGuaranteedRef { rt in
                try pu._withUnsafeGuaranteedRef { p in try p.function(arguments, rt) }
            }
        } catch {
            let p = pu.takeUnretainedValue()
            r.stack = stack
            if unwinding != nil, try continueUnwinding(calleeSlot: calleeSlot, &r) { return }
            let payload = (error as? SchemeRaise)?.payload ?? rt.makeError("\(p.name): \(error)")
            try signal(payload, dropping: n + 1, &r)
            return
        }
        r.stack = stack
        // A builtin that returns normally has dropped any jump its call into Scheme started.
        if unwinding != nil { unwinding = nil }
        // A limit the builtin reached where it could not throw (bignum work): its result is not used.
        if let pendingLimit { throw abort(pendingLimit, r) }
        finishCall(result, calleeSlot: calleeSlot, tail: tail, &r)
    }

    func callSpecial(_ pu: Unmanaged<BuiltinProcedure>, _ special: BuiltinProcedure.Special, _ n: Int, tail: Bool,
                     _ r: inout Registers) throws(SchemeError) {
        let calleeSlot = r.sp - n - 1
        switch special {
        case .none:
            break
        case .record:
            if try !callRecordProcedure(pu, n, tail: tail, &r) {
                throw SchemeError.fatal("\(pu.takeUnretainedValue().name): a record builtin without its record type", vm: self, regs: r)
            }
        case .values:
            let result = n == 1 ? r.stack[calleeSlot + 1]
                : MultipleValues.make(UnsafeBufferPointer(start: r.stack + calleeSlot + 1, count: n), in: heap)
            finishCall(result, calleeSlot: calleeSlot, tail: tail, &r)
        case .apply:
            // (apply f a … list): spread the list, drop `apply`, call f.
            guard let items = r.stack[r.sp - 1].listElements else {
                try signal(rt.makeError("apply: last argument is not a proper list", r.stack[r.sp - 1]),
                           dropping: n + 1, &r)
                return
            }
            try respread(calleeSlot: calleeSlot, fixed: n - 2, items, tail: tail, &r)
        case .applyValues:
            // (%apply-values consumer v): call consumer with the values in v.
            let v = r.stack[r.sp - 1]
            let items = MultipleValues.items(of: v)
            try respread(calleeSlot: calleeSlot, fixed: 0, items, tail: tail, &r)
        case .callCC:
            let k = captureContinuation(calleeSlot: calleeSlot, tail: tail, r)
            r.stack[calleeSlot] = r.stack[calleeSlot + 1]
            r.stack[calleeSlot + 1] = .procedure(Unmanaged.passUnretained(k))
            try call(1, tail: tail, &r)
        case .abort:
            if runs.count > 1 { unwinding = .raise(r.stack[calleeSlot + 1]) }
            throw SchemeError(raised: r.stack[calleeSlot + 1], vm: self, regs: r)
        case .exit:
            // An embedded, sandboxed script must not end its host's evaluation as if it had finished;
            // nor code its host only compiles (`exitRefusal`, a layout's): a located error instead.
            // (`exit` asks first, `%check-exit`; `emergency-exit` comes here.)
            if let refusal = rt.exitRefusalError() {
                try signal(refusal.payload, dropping: n + 1, &r)
                return
            }
            let e = SchemeError.exit(r.stack[calleeSlot + 1])
            if runs.count > 1 { unwinding = .exit(e) }
            throw e
        }
    }

    /// Runs a record type's predicate, accessor or modifier in place; false (nothing done) if `n`
    /// is not its number of arguments, which `callBuiltin` then reports.
    @inline(__always)
    func callRecordProcedure(_ pu: Unmanaged<BuiltinProcedure>, _ n: Int, tail: Bool, _ r: inout Registers) throws(SchemeError) -> Bool {
        guard let record = pu._withUnsafeGuaranteedRef({ $0.record }),
              n == record.argumentCount else { return false }
        let calleeSlot = r.sp - n - 1
        let subject = r.stack[calleeSlot + 1]
        if let result = Records.run(record, subject, n > 1 ? r.stack[calleeSlot + 2] : .unspecified, heapRef) {
            finishCall(result, calleeSlot: calleeSlot, tail: tail, &r)
        } else {
            try signal(Records.typeError(record, pu.takeUnretainedValue().name, subject, rt).payload, dropping: n + 1, &r)
        }
        return true
    }

    /// Shifts the callee and its `fixed` leading arguments down over the special builtin's slot,
    /// appends `items`, and calls.
    func respread(calleeSlot: Int, fixed: Int, _ items: [Value], tail: Bool, _ r: inout Registers) throws(SchemeError) {
        for i in 0...fixed { r.stack[calleeSlot + i] = r.stack[calleeSlot + 1 + i] }
        r.sp = calleeSlot + 1 + fixed
        ensureStack(&r, room: items.count + 8)
        for v in items { push(v, &r) }
        chargeCopy(items.count)
        try call(fixed + items.count, tail: tail, &r)
    }

    /// Counts copying `count` stack slots or frames (capturing or reinstating a continuation, spreading
    /// `apply`'s list) as steps, one per 16: without it the step limit bounded calls but not work, and
    /// `(define (f) (call/cc (lambda (k) k)) (+ 1 (f))) (f)` took 46 s (ASan build) to use 100,000
    /// steps, copying an ever deeper stack at each level (found by fuzz/run vm as a timeout).
    @inline(__always) func chargeCopy(_ count: Int) {
        steps &+= count >> 4
    }

    func captureContinuation(calleeSlot: Int, tail: Bool, _ r: Registers) -> Continuation {
        let run = runs.last ?? (stackBase: 0, frameBase: 0, serial: 0)
        let stackEnd: Int, frameEnd: Int
        let closure: Closure?, pc: UnsafeMutablePointer<Int32>, fp: Int
        if tail {
            // Returning from the current frame is what the continuation does.
            stackEnd = r.fp - 1
            frameEnd = frameTop - 1
            let f = frames[frameTop - 1]
            (closure, pc, fp) = (f.closure, f.pc, f.fp)
        } else {
            stackEnd = calleeSlot
            frameEnd = frameTop
            (closure, pc, fp) = (r.closure, r.pc, r.fp)
        }
        let values = UnsafeBufferPointer(start: stack + run.stackBase, count: max(0, stackEnd - run.stackBase))
        let saved = UnsafeBufferPointer(start: frames + run.frameBase, count: max(0, frameEnd - run.frameBase))
        chargeCopy(values.count + saved.count)
        return heap.own(Continuation(values: values, frames: saved, closure: closure, pc: pc, fp: fp,
                                     stackBase: run.stackBase, frameBase: run.frameBase, runSerial: run.serial,
                                     heap: heap))
    }

    /// Reinstates continuation `k` with the `n` values on the stack. A continuation captured by an
    /// earlier top-level evaluation is rebased onto the current run, whose result it then becomes
    /// (as re-entering a top-level continuation at a REPL does elsewhere).
    func resume(_ k: Continuation, _ n: Int, _ r: inout Registers) throws(SchemeError) {
        let calleeSlot = r.sp - n - 1
        let result = n == 1 ? r.stack[calleeSlot + 1]
            : MultipleValues.make(UnsafeBufferPointer(start: r.stack + calleeSlot + 1, count: n), in: heap)
        let run = runs.last ?? (stackBase: 0, frameBase: 0, serial: 0)
        if k.runSerial != run.serial, runs.contains(where: { $0.serial == k.runSerial }) {
            throw escape(to: k, with: result)
        }
        let delta = run.stackBase - k.stackBase
        chargeCopy(k.valueCount + k.frameCount)
        r.sp = run.stackBase
        ensureStack(&r, room: k.valueCount + 8)
        for i in 0..<k.valueCount { push(k.value(i), &r) }
        frameTop = run.frameBase
        for j in 0..<k.frameCount {
            var f = k.frame(j)
            f.fp += delta
            try pushFrame(f, &r)
        }
        r.closure = k.closure
        r.pc = k.pc
        r.fp = k.fp + delta
        r.constants = k.closure?.codeRef._withUnsafeGuaranteedRef { $0.constantPointer } ?? r.constants
        push(result, &r)
    }
}

extension CodeBlock {
    /// Whether a call with `n` arguments fits this code's parameter list.
    func accepts(_ n: Int) -> Bool { hasRest ? n >= required : n == required }
}
