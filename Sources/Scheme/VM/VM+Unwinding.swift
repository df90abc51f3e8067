/// Jumps out of nested runs: a builtin that calls back into Scheme (`Runtime.callBack`: `sort` with
/// a Scheme predicate) starts a nested run of the VM above its caller's frames. Two things must leave
/// that run for an outer one instead of ending inside it:
/// - a continuation captured in an outer run (the escape `guard` makes when the predicate raises, or
///   any `call/cc` exit): resumed inside the nested run, it would copy the outer stack above the
///   nested one and run the rest of the program there, returning its final value to the builtin;
/// - `exit`, which a builtin turning errors into Scheme raises would otherwise make an error.
/// The VM records the jump in `unwinding` and throws; each run on the way restores its registers
/// (`VM.run`), each builtin on the way rethrows whatever it likes (`callBuiltin` looks only at
/// `unwinding`), and the run the continuation belongs to resumes it where the builtin was called.
/// `dynamic-wind` after-thunks have already run: the continuation procedure travels before it jumps.
enum Unwinding {
    /// Resume `k`, captured in an outer run, with `value`.
    case resume(Continuation, Value)
    /// End the evaluation with this error (`exit`), whatever the builtins in between do.
    case exit(SchemeError)
    /// Nothing in the nested run handled the raise of this object: `Runtime.callBack` raises it
    /// again in its caller's run (other builtins make their own error from the `SchemeError`).
    case raise(Value)
}

extension VM {
    /// Starts the jump to `k`'s run (an active run below the current one).
    func escape(to k: Continuation, with value: Value) -> SchemeError {
        unwinding = .resume(k, value)
        return SchemeError(kind: .raise, message: "a continuation escaped out of a builtin's call into Scheme")
    }

    /// A builtin called at `calleeSlot` threw while a jump was under way: resumes the continuation
    /// if it belongs to this run, otherwise keeps unwinding. False when the builtin's own error is
    /// to be raised instead.
    func continueUnwinding(calleeSlot: Int, _ r: inout Registers) throws(SchemeError) -> Bool {
        switch unwinding {
        case .resume(let k, let value)?:
            guard k.runSerial == runs.last?.serial else {
                throw SchemeError(kind: .raise, message: "a continuation escaped out of a builtin's call into Scheme")
            }
            unwinding = nil
            r.sp = calleeSlot
            push(.procedure(Unmanaged.passUnretained(k)), &r)
            push(value, &r)
            try resume(k, 1, &r)
            return true
        case .exit(let e)?:
            throw e
        case .raise?, nil:
            unwinding = nil
            return false
        }
    }
}

extension Runtime {
    /// Calls the Scheme procedure `procedure` with `arguments` from a builtin and returns its value.
    ///
    /// It is a nested run of the VM, so it can collect: every object that exists when it starts
    /// survives it (`VM.run`), but what the builtin allocates before calling must be reachable from
    /// its arguments or built after. An uncaught raise comes back as a raise of the same object (the
    /// handlers of the outer run are the same, so none wanted it); a continuation escaping to an outer
    /// run, and `exit`, come back as a raise the caller only needs to rethrow (see `Unwinding`).
    func callBack(_ procedure: Value, _ arguments: [Value]) throws(SchemeRaise) -> Value {
        do {
            return try vm.run(procedure, arguments)
        } catch {
            switch vm.unwinding {
            case .raise(let payload)?:
                vm.unwinding = nil
                throw SchemeRaise(payload)
            case .resume?, .exit?:
                throw SchemeRaise(makeError(error.message))
            case nil:
                throw SchemeRaise(error.asRaise(self))
            }
        }
    }
}
