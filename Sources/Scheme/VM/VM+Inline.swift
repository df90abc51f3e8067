/// Opcodes that stand for common primitives: fixnum and pair fast paths, generic fallbacks.
extension VM {
    @inline(__always) func arithmetic(_ op: Opcode, _ r: inout Registers) throws(SchemeError) {
        let a = r.stack[r.sp - 2], b = r.stack[r.sp - 1]
        if case .fixnum(let x) = a, case .fixnum(let y) = b {
            let result: Value?
            switch op {
            case .add: let (s, o) = x.addingReportingOverflow(y); result = o ? nil : .fixnum(s)
            case .sub: let (s, o) = x.subtractingReportingOverflow(y); result = o ? nil : .fixnum(s)
            case .mul: let (s, o) = x.multipliedReportingOverflow(by: y); result = o ? nil : .fixnum(s)
            case .numEq: result = .bool(x == y)
            case .lt: result = .bool(x < y)
            case .gt: result = .bool(x > y)
            case .le: result = .bool(x <= y)
            default: result = .bool(x >= y)
            }
            if let result {
                r.sp -= 1
                r.stack[r.sp - 1] = result
                return
            }
        }
        try arithmeticSlow(op, a, b, &r)
    }

    func arithmeticSlow(_ op: Opcode, _ a: Value, _ b: Value, _ r: inout Registers) throws(SchemeError) {
        let result: Value
        do {
            switch op {
            case .add: result = try Numbers.add(a, b, rt)
            case .sub: result = try Numbers.sub(a, b, rt)
            case .mul: result = try Numbers.mul(a, b, rt)
            default:
                let name = op.inlinedPrimitive?.name ?? "compare"
                let c = try Numbers.compare(name, a, b, rt)
                switch op {
                case .numEq: result = .bool(c == 0)
                case .lt: result = .bool(c.map { $0 < 0 } ?? false)
                case .gt: result = .bool(c.map { $0 > 0 } ?? false)
                case .le: result = .bool(c.map { $0 <= 0 } ?? false)
                default: result = .bool(c.map { $0 >= 0 } ?? false)
                }
            }
        } catch {
            try signal(error.payload, dropping: 2, &r)
            return
        }
        r.sp -= 1
        r.stack[r.sp - 1] = result
    }

    @inline(__always) func inlinePrimitive(_ op: Opcode, _ r: inout Registers) throws(SchemeError) {
        let top = r.stack[r.sp - 1]
        switch op {
        case .car, .cdr:
            guard case .pair(let p) = top else {
                try signal(rt.makeError("\(op.name): expected a pair, got", top), dropping: 1, &r)
                return
            }
            r.stack[r.sp - 1] = p._withUnsafeGuaranteedRef { op == .car ? $0.car : $0.cdr }
        case .cons:
            r.sp -= 1
            r.stack[r.sp - 1] = rt.heap.cons(r.stack[r.sp - 1], top)
        case .isNull:
            r.stack[r.sp - 1] = .bool(top.isNull)
        case .isPair:
            r.stack[r.sp - 1] = .bool(top.isPair)
        case .isEq:
            r.sp -= 1
            r.stack[r.sp - 1] = .bool(r.stack[r.sp - 1].isEq(top))
        case .not:
            r.stack[r.sp - 1] = .bool(!top.isTrue)
        case .isZero:
            switch top {
            case .fixnum(let n): r.stack[r.sp - 1] = .bool(n == 0)
            case .flonum(let d): r.stack[r.sp - 1] = .bool(d == 0)
            default:
                // Heap numbers (bignums, ratios) are never zero.
                if let n = Numbers.classify(top) {
                    r.stack[r.sp - 1] = .bool(Numbers.isZero(n))
                } else {
                    try signal(rt.makeError("zero?: expected a number, got", top), dropping: 1, &r)
                }
            }
        case .vectorRef:
            try vectorAccess(set: false, &r)
        default:
            try vectorAccess(set: true, &r)
        }
    }

    func vectorAccess(set: Bool, _ r: inout Registers) throws(SchemeError) {
        let n = set ? 3 : 2
        let v = r.stack[r.sp - n], i = r.stack[r.sp - n + 1]
        let who = set ? "vector-set!" : "vector-ref"
        guard case .vector(let vu) = v else {
            try signal(rt.makeError("\(who): expected a vector, got", v), dropping: n, &r)
            return
        }
        let vec = vu.takeUnretainedValue()
        guard case .fixnum(let k) = i, k >= 0, k < vec.items.count else {
            let message = i.fixnum.map { "\(who): index \($0) out of range for vector of length \(vec.items.count)" }
                ?? "\(who): expected an exact integer index, got"
            try signal(i.fixnum == nil ? rt.makeError(message, i) : rt.makeError(message), dropping: n, &r)
            return
        }
        if set {
            vec.items[k] = r.stack[r.sp - 1]
            r.sp -= 2
            r.stack[r.sp - 1] = .unspecified
        } else {
            r.sp -= 1
            r.stack[r.sp - 1] = vec.items[k]
        }
    }
}
