/// Prints bytecode as text: one instruction a line, with operands, and nested code blocks after.
enum Disassembler {
    /// The listing of a closure's code (and of every lambda inside it).
    static func text(of v: Value, _ rt: Runtime) throws(SchemeRaise) -> String {
        if case .closure(let c) = v { return text(of: c.code, rt) }
        if let cl = v.object(CaseLambda.self) { return cl.clauses.map { text(of: $0.code, rt) }.joined(separator: "\n") }
        if case .procedure(let p) = v { return "; \(p.takeUnretainedValue().name) is a builtin written in Swift\n" }
        throw rt.typeError("disassemble", "a procedure", v)
    }

    static func text(of code: CodeBlock, _ rt: Runtime) -> String {
        // A prelude procedure not called yet is decoded first (a damaged one shows its trampoline).
        try? code.materialize(rt)
        let words = code.code, constants = code.constants
        var out = "; \(code.name): \(code.required) required\(code.hasRest ? " + rest" : ""), "
        out += "frame \(code.frameSize), stack \(code.stackSize)\n"
        var nested: [CodeBlock] = []
        var pc = 0
        while pc < words.count {
            guard let op = Opcode(rawValue: words[pc]) else {
                out += pad(String(pc), 5) + "  ??? \(words[pc])\n"
                pc += 1
                continue
            }
            var line = pad(String(pc), 5) + "  " + pad(op.name, 14)
            let operands = (0..<op.operandCount).compactMap { i in
                pc + 1 + i < words.count ? Int(words[pc + 1 + i]) : nil
            }
            line += operands.map(String.init).joined(separator: " ")
            switch op {
            case .const, .global, .setGlobal, .defineGlobal, .callGlobalLocal, .tailCallGlobalLocal, .ifEqConst, .ifEqLocalConst:
                // (The constant is the first operand, or the second after a local's slot.)
                let at = op == .ifEqLocalConst ? 1 : 0
                if at < operands.count, operands[at] < constants.count {
                    let c = constants[operands[at]]
                    line += "    ; " + (c.object(Global.self)?.name.name ?? Printer.write(c))
                }
                if let i = op.forwardJumpOperand, i < operands.count { line += ", else -> \(pc + 1 + i + operands[i])" }
            case .closure:
                if let k = operands.first, k < constants.count, let inner = constants[k].object(CodeBlock.self) {
                    line += "    ; " + inner.name
                    nested.append(inner)
                }
            case .jump, .jumpIfFalse, .jumpBack:
                if let off = operands.first { line += "    ; -> \(pc + 1 + off)" }
            case .ifNumEqLocals, .ifNumEqLocalFixnum, .ifLtLocals, .ifLtLocalFixnum, .ifGtLocals, .ifGtLocalFixnum,
                 .ifLeLocals, .ifLeLocalFixnum, .ifGeLocals, .ifGeLocalFixnum, .ifNullLocal, .ifPairLocal,
                 .ifLocal, .ifEq, .ifNull, .ifPair, .ifSymbol, .setLocalTest:
                if let i = op.forwardJumpOperand, i < operands.count { line += "    ; else -> \(pc + 1 + i + operands[i])" }
            case .fixnum, .null, .true, .false, .unspecified, .local, .setLocal, .localBox, .setLocalBox,
                 .boxLocal, .captured, .capturedBox, .setCapturedBox, .pop, .call, .tailCall, .return, .halt,
                 .add, .sub, .mul, .numEq, .lt, .gt, .le, .ge, .car, .cdr, .caar, .cadr, .cdar, .cddr, .caddr, .cdddr, .cadddr, .cons, .isNull, .isPair, .isSymbol, .isString, .isProcedure, .isEq,
                 .not, .isZero, .vectorRef, .vectorSet, .quotient, .remainder, .modulo, .bytevectorRef,
                 .bytevectorSet, .assq, .memq, .hashTableRef, .addLocalFixnum, .subLocalFixnum, .returnLocal, .localCar, .localCdr, .setLocal2,
                 .vectorRefFixnum, .local2, .localVectorRefFixnum:
                break
            }
            out += line + "\n"
            pc += 1 + op.operandCount
        }
        for n in nested { out += "\n" + text(of: n, rt) }
        return out
    }

    private static func pad(_ s: String, _ n: Int) -> String {
        s.count >= n ? s + " " : s + String(repeating: " ", count: n - s.count)
    }
}
