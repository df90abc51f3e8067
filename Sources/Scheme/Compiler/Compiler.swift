/// Turns the expander's `Node`s into `CodeBlock`s: flat closures, boxes only for variables that are
/// both captured and assigned, tail calls in tail position, loops as jumps.
struct Compiler {
    let rt: Runtime
    let isSystem: Bool

    /// What the code for a node does with its value.
    enum Mode: Equatable {
        /// Leaves it on the stack.
        case value
        /// Discards it.
        case effect
        /// Returns it from the procedure (calls become tail calls).
        case `return`
        /// Leaves it on the stack and jumps to the end of loop block number `n`.
        case exit(Int)
    }

    /// Compiles a lambda (and, as constants, every lambda inside it).
    func compile(_ lam: LambdaNode) -> CodeBlock {
        var b = Builder(lambda: lam)
        for v in lam.parameters where v.boxed { b.emit(.boxLocal, Int32(v.slot)) }
        if lam.parent == nil {
            // A top-level form's last call is not a tail call, so an error in it still has the
            // form's frame (and location) to report. Its instructions are located at the form at
            // least (a `set!` of an unbound name has no call to be located by).
            b.locate(lam.location)
            compile(lam.body, .value, &b)
            b.emit(.return, delta: -1)
        } else {
            compile(lam.body, .return, &b)
        }
        // (Code whose compilation stopped is never run: `Runtime.compileCode` refuses it.)
        if rt.compilationTooDeep == nil { b.threadJumps() }
        return rt.heap.own(CodeBlock(code: b.code, constants: b.constants, required: lam.required, hasRest: lam.hasRest,
                                     frameSize: lam.slotCount, stackSize: lam.slotCount + b.maxDepth + 4,
                                     name: lam.name, locations: b.locations, isSystem: isSystem))
    }

    func compile(_ node: Node, _ mode: Mode, _ b: inout Builder) {
        // The expander stopped at the stack's floor, but a level of compiling takes more stack than
        // one of expanding: stop here too, and say where (see `StackGuard`).
        if rt.stackGuard.isExhausted {
            if rt.compilationTooDeep == nil { rt.compilationTooDeep = b.locations.last?.loc ?? b.lambda.location }
            return
        }
        switch node {
        case .constant(let v):
            if mode == .effect { return }
            pushConstant(v, &b)
            finish(mode, &b)
        case .local(let v):
            if mode == .effect { return }
            if mode == .return, let slot = plainLocalSlot(node, b) {
                b.emit(.returnLocal, slot)
                return
            }
            load(v, &b)
            finish(mode, &b)
        case .global(let s):
            b.emit(.global, b.constant(.object(Unmanaged.passUnretained(s))), delta: 1)
            finish(mode, &b)
        case .setLocal(let v, let value):
            compile(value, .value, &b)
            store(v, &b)
            unspecifiedResult(mode, &b)
        case .setGlobal(let s, let value):
            compile(value, .value, &b)
            b.emit(.setGlobal, b.constant(.object(Unmanaged.passUnretained(s))), delta: -1)
            unspecifiedResult(mode, &b)
        case .defineGlobal(let s, let value):
            compile(value, .value, &b)
            b.emit(.defineGlobal, b.constant(.object(Unmanaged.passUnretained(s))), delta: -1)
            unspecifiedResult(mode, &b)
        case .if(let test, let yes, let no):
            compileIf(test, yes, no, mode, &b)
        case .lambda(let lam):
            if mode == .effect { return }
            let code = compile(lam)
            for v in lam.free { loadRaw(v, &b) }
            b.emit(.closure, b.constant(.object(Unmanaged.passUnretained(code))), Int32(lam.free.count),
                   delta: 1 - lam.free.count)
            finish(mode, &b)
        case .sequence(let nodes):
            for n in nodes.dropLast() { compile(n, .effect, &b) }
            if let last = nodes.last { compile(last, mode, &b) } else { unspecifiedResult(mode, &b) }
        case .call(let fn, let args, let loc):
            if case .global(let s) = fn, args.count == 1, let slot = plainLocalSlot(args[0], b) {
                // A global procedure applied to a local (most calls of the layout prelude, record
                // accessors above all): one dispatch where there were three (`VM+Fused`). Reading
                // the variable and the local cannot fail or change anything, so the order is kept.
                b.locate(loc)
                b.reserve(2)  // the slow path pushes the procedure and the argument, as `call` has them
                let k = b.constant(.object(Unmanaged.passUnretained(s)))
                if mode == .return {
                    b.emit(.tailCallGlobalLocal, k, slot)
                } else {
                    b.emit(.callGlobalLocal, k, slot, delta: 1)
                    finish(mode, &b)
                }
                return
            }
            b.locate(loc)
            compileValues([fn] + args, &b)
            b.locate(loc)
            if mode == .return {
                b.emit(.tailCall, Int32(args.count), delta: -args.count)
                b.depth -= 1
            } else {
                b.emit(.call, Int32(args.count), delta: -args.count)
                finish(mode, &b)
            }
        case .inlined(let op, let args, let loc):
            if op == .car || op == .cdr, args.count == 1, let slot = plainLocalSlot(args[0], b) {
                b.locate(loc)
                b.reserve(1)  // the slow path pushes the operand
                b.emit(op == .car ? .localCar : .localCdr, slot, delta: 1)
                finish(mode, &b)
                return
            }
            if op == .add || op == .sub, args.count == 2, let slot = plainLocalSlot(args[0], b),
               let n = smallFixnum(args[1]) {
                b.locate(loc)
                b.reserve(2)  // the slow path pushes both operands
                b.emit(op == .add ? .addLocalFixnum : .subLocalFixnum, slot, n, delta: 1)
                finish(mode, &b)
                return
            }
            if op == .vectorRef, args.count == 2, let n = smallFixnum(args[1]) {
                if let a = plainLocalSlot(args[0], b) {
                    b.locate(loc)
                    b.reserve(2)  // the slow path pushes the vector and the index
                    b.emit(.localVectorRefFixnum, a, n, delta: 1)
                } else {
                    compile(args[0], .value, &b)
                    b.locate(loc)
                    b.reserve(1)  // the slow path pushes the index
                    b.emit(.vectorRefFixnum, n)
                }
                finish(mode, &b)
                return
            }
            compileValues(args, &b)
            b.locate(loc)
            b.emit(op, delta: 1 - args.count)
            finish(mode, &b)
        case .bind(let vars, let inits, let body):
            if let (toElse, yes, no) = bindAndTest(vars, inits, body, &b) {
                return compileBranches([toElse], yes, no, mode, &b)
            }
            compileValues(inits, &b)
            storeAllFresh(vars, &b)
            compile(body, mode, &b)
        case .bindRecursive(let vars, let body):
            for v in vars where v.boxed {
                b.emit(.unspecified, delta: 1)
                b.emit(.setLocal, Int32(v.slot), delta: -1)
                b.emit(.boxLocal, Int32(v.slot))
            }
            compile(body, mode, &b)
        case .loopBlock(let info, let inits, let body):
            compileLoop(info, inits, body, mode, &b)
        case .loop(let info, let args):
            // A jump replaces the rest of the loop body, so it is only right where nothing follows:
            // the expander makes `.loop` nodes only in tail position of their loop.
            assert(mode != .value && mode != .effect, "loop jump compiled outside tail position")
            compileValues(args, &b)
            storeAllFresh(info.variables, &b)
            b.locate(info.location)
            b.emit(.jumpBack, 0, Int32(info.bodySlots.lowerBound), Int32(info.bodySlots.count))
            b.code[b.code.count - 3] = Int32(info.head - (b.code.count - 3))
        }
    }

    func compileIf(_ test: Node, _ yes: Node, _ no: Node, _ mode: Mode, _ b: inout Builder) {
        // `(if (not x) a b)` is `(if x b a)` (`not` has no other effect and cannot fail).
        if case .inlined(.not, let args, _) = test, args.count == 1 {
            return compileIf(args[0], no, yes, mode, &b)
        }
        compileBranches(compileTest(test, &b), yes, no, mode, &b)
    }

    /// An `if`'s branches, its test emitted: `toElse` are the jumps taken where it fails.
    func compileBranches(_ toElse: [Int], _ yes: Node, _ no: Node, _ mode: Mode, _ b: inout Builder) {
        let depth = b.depth
        compile(yes, mode, &b)
        let falls = mode == .value || mode == .effect
        let toEnd = falls ? b.emitJump(.jump) : nil
        for j in toElse { b.patch(j) }
        b.depth = depth
        compile(no, mode, &b)
        if let toEnd { b.patch(toEnd) }
    }

    /// Emits `test` for its truth alone: the code falls through where it holds, and the returned
    /// jumps (operands for `patch`) go where it fails. `and` and `or` become jumps between their
    /// parts instead of values made and tested again (`(if (and a b) …)` pushed `b`'s value or
    /// `#f`, jumped, then tested it: 260,000 such jumps for a layout of 10,000 views).
    func compileTest(_ test: Node, _ b: inout Builder) -> [Int] {
        // `(and t y)` is `(if t y #f)`: fails where either part fails.
        if case .if(let t, let y, .constant(.bool(false))) = test {
            return compileTest(t, &b) + compileTest(y, &b)
        }
        // `(or a rest)` is `(let ((v a)) (if v v rest))`, `v` seen nowhere else: where `a` holds,
        // jump over `rest` to where the whole test holds.
        if case .bind(let vars, let inits, .if(.local(let v1), .local(let v2), let rest)) = test,
           vars.count == 1, inits.count == 1, vars[0] === v1, v1 === v2, !v1.boxed {
            let aFails = compileTest(inits[0], &b)
            let holds = b.emitJump(.jump)
            for j in aFails { b.patch(j) }
            let restFails = compileTest(rest, &b)
            b.patch(holds)
            return restFails
        }
        // The rest of a test's shapes whose value is only tested (a `cond` inside an `and`, a
        // `not` in one, a `let` around a test): each part a test of its own, where they made a
        // value, jumped and tested it (`#f`, `jump`, `jumpIfFalse` for one failing clause).
        if case .constant(let v) = test {
            if case .bool(false) = v { return [b.emitJump(.jump)] }
            return []
        }
        if case .inlined(.not, let args, _) = test, args.count == 1 {
            let xFails = compileTest(args[0], &b)
            let fails = b.emitJump(.jump)  // x holds: `not x` fails
            for j in xFails { b.patch(j) }
            return [fails]
        }
        if case .if(let t, let y, let n) = test { return testBranches(compileTest(t, &b), y, n, &b) }
        if case .sequence(let nodes) = test, let last = nodes.last {
            for n in nodes.dropLast() { compile(n, .effect, &b) }
            return compileTest(last, &b)
        }
        if case .bind(let vars, let inits, let body) = test {
            if let (toElse, y, n) = bindAndTest(vars, inits, body, &b) {
                return testBranches([toElse], y, n, &b)
            }
            compileValues(inits, &b)
            storeAllFresh(vars, &b)
            return compileTest(body, &b)
        }
        if let j = fusedTest(test, &b) { return [j] }
        compile(test, .value, &b)
        return [b.emitJump(.jumpIfFalse, delta: -1)]
    }

    /// The test `(if t y n)`, t's test emitted: `tFails` are the jumps taken where t fails.
    func testBranches(_ tFails: [Int], _ y: Node, _ n: Node, _ b: inout Builder) -> [Int] {
        let yFails = compileTest(y, &b)
        // (Where y always fails, its jump is the last instruction: nothing falls through.)
        var yFalls = true
        if case .constant(.bool(false)) = y { yFalls = false }
        let holds = yFalls ? b.emitJump(.jump) : nil
        for j in tFails { b.patch(j) }
        let nFails = compileTest(n, &b)
        if let holds { b.patch(holds) }
        return yFails + nFails
    }

    /// `(let ((v init)) (if v …))`, v a plain local: binds v and tests it in one instruction
    /// (`setLocalTest`, where `setLocal` and `ifLocal` were two: `(or a b)`, a lookup's result
    /// tested); returns the jump taken where v is #f and the `if`'s two branches, or nil (nothing
    /// emitted) for any other shape.
    func bindAndTest(_ vars: [Variable], _ inits: [Node], _ body: Node, _ b: inout Builder) -> (Int, Node, Node)? {
        guard vars.count == 1, inits.count == 1, case .if(.local(let v), let yes, let no) = body, v === vars[0],
              let slot = plainLocalSlot(.local(v), b) else { return nil }
        compile(inits[0], .value, &b)
        return (b.emitJump(.setLocalTest, slot, delta: -1), yes, no)
    }

    /// Emits the test of an `if` as one superinstruction that jumps unless it holds, if it has a
    /// shape one fits (a local, `eq?`, a comparison of a local with a local or fixnum,
    /// `null?`/`pair?` of a local); returns the jump's operand for `patch`, or nil (nothing emitted).
    func fusedTest(_ test: Node, _ b: inout Builder) -> Int? {
        if let a = plainLocalSlot(test, b) { return b.emitJump(.ifLocal, a) }
        if case .inlined(.isEq, let args, let loc) = test, args.count == 2 {
            // Against a constant (a symbol, mostly), the constant is an operand. Either side: a
            // constant has no effect to keep in order.
            if case .constant(let k) = args[1] { return eqConstant(args[0], k, loc, &b) }
            if case .constant(let k) = args[0] { return eqConstant(args[1], k, loc, &b) }
            compileValues(args, &b)
            b.locate(loc)
            return b.emitJump(.ifEq, delta: -2)
        }
        // `null?`, `pair?`, `symbol?` of anything but a plain local: the value, then a test of it.
        if case .inlined(let op, let args, let loc) = test, args.count == 1, plainLocalSlot(args[0], b) == nil || op == .isSymbol,
           let fused: Opcode = op == .isNull ? .ifNull : op == .isPair ? .ifPair : op == .isSymbol ? .ifSymbol : nil {
            compile(args[0], .value, &b)
            b.locate(loc)
            return b.emitJump(fused, delta: -1)
        }
        guard case .inlined(let op, let args, let loc) = test, let first = args.first,
              let a = plainLocalSlot(first, b) else { return nil }
        if op == .isNull || op == .isPair {
            b.locate(loc)
            return b.emitJump(op == .isNull ? .ifNullLocal : .ifPairLocal, a)
        }
        guard args.count == 2 else { return nil }
        let local = plainLocalSlot(args[1], b), fixnum = smallFixnum(args[1])
        guard let y = local ?? fixnum, let fused = Opcode.fusedComparison(op, fixnum: local == nil) else { return nil }
        b.locate(loc)
        b.reserve(2)  // the slow path pushes both operands
        return b.emitJump(fused, a, y)
    }

    /// `(if (eq? x k) …)`'s test, `k` a constant: jumps unless x is k.
    func eqConstant(_ x: Node, _ k: Value, _ loc: SourceLocation, _ b: inout Builder) -> Int {
        if let a = plainLocalSlot(x, b) {
            b.locate(loc)
            return b.emitJump(.ifEqLocalConst, a, b.constant(k))
        }
        compile(x, .value, &b)
        b.locate(loc)
        return b.emitJump(.ifEqConst, b.constant(k), delta: -1)
    }

    /// Pushes the values of `nodes` in order, two plain locals in a row in one `local2`.
    func compileValues(_ nodes: [Node], _ b: inout Builder) {
        var i = 0
        while i < nodes.count {
            if i + 1 < nodes.count, let x = plainLocalSlot(nodes[i], b), let y = plainLocalSlot(nodes[i + 1], b) {
                b.emit(.local2, x, y, delta: 2)
                i += 2
            } else {
                compile(nodes[i], .value, &b)
                i += 1
            }
        }
    }

    /// The slot of a variable that `local` loads (this lambda's own, not boxed), or nil.
    func plainLocalSlot(_ node: Node, _ b: Builder) -> Int32? {
        guard case .local(let v) = node, v.owner === b.lambda, !v.boxed else { return nil }
        return Int32(v.slot)
    }

    /// A fixnum constant that fits in an operand word, or nil.
    func smallFixnum(_ node: Node) -> Int32? {
        guard case .constant(.fixnum(let n)) = node else { return nil }
        return Int32(exactly: n)
    }

    func compileLoop(_ info: LoopInfo, _ inits: [Node], _ body: Node, _ mode: Mode, _ b: inout Builder) {
        compileValues(inits, &b)
        storeAllFresh(info.variables, &b)
        info.head = b.code.count
        let depth = b.depth
        switch mode {
        case .return, .exit:
            compile(body, mode, &b)
        case .value, .effect:
            let id = b.exits.count
            b.exits.append([])
            compile(body, .exit(id), &b)
            for j in b.exits[id] { b.patch(j) }
            b.depth = depth + 1
            if mode == .effect { b.emit(.pop, delta: -1) }
        }
    }

    /// Pushes unspecified if the mode wants a value.
    func unspecifiedResult(_ mode: Mode, _ b: inout Builder) {
        if mode == .effect { return }
        b.emit(.unspecified, delta: 1)
        finish(mode, &b)
    }

    /// Disposes of the value just pushed as `mode` says.
    func finish(_ mode: Mode, _ b: inout Builder) {
        switch mode {
        case .value: break
        case .effect: b.emit(.pop, delta: -1)
        case .return:
            b.emit(.return)
            b.depth -= 1
        case .exit(let id):
            b.exits[id].append(b.emitJump(.jump))
            b.depth -= 1
        }
    }

    func pushConstant(_ v: Value, _ b: inout Builder) {
        switch v {
        case .null: b.emit(.null, delta: 1)
        case .bool(true): b.emit(.true, delta: 1)
        case .bool(false): b.emit(.false, delta: 1)
        case .unspecified: b.emit(.unspecified, delta: 1)
        case .fixnum(let n) where n >= Int(Int32.min) && n <= Int(Int32.max): b.emit(.fixnum, Int32(n), delta: 1)
        default: b.emit(.const, b.constant(v), delta: 1)
        }
    }

    func load(_ v: Variable, _ b: inout Builder) {
        if v.owner === b.lambda {
            b.emit(v.boxed ? .localBox : .local, Int32(v.slot), delta: 1)
        } else {
            b.emit(v.boxed ? .capturedBox : .captured, Int32(b.lambda.freeIndex(v)), delta: 1)
        }
    }

    /// Pushes a variable's slot as is (its box, if boxed), to capture it in a closure.
    func loadRaw(_ v: Variable, _ b: inout Builder) {
        if v.owner === b.lambda {
            b.emit(.local, Int32(v.slot), delta: 1)
        } else {
            b.emit(.captured, Int32(b.lambda.freeIndex(v)), delta: 1)
        }
    }

    /// Assigns the value on top of the stack to an existing binding.
    func store(_ v: Variable, _ b: inout Builder) {
        if v.owner === b.lambda {
            b.emit(v.boxed ? .setLocalBox : .setLocal, Int32(v.slot), delta: -1)
        } else {
            b.emit(.setCapturedBox, Int32(b.lambda.freeIndex(v)), delta: -1)
        }
    }

    /// Binds `vars` to the values on top of the stack (the last variable's on top), two plain
    /// locals at a time with `setLocal2` (a `let`'s or a loop's bindings were a run of stores,
    /// 420,000 of them back to back for a layout of 10,000 views).
    func storeAllFresh(_ vars: [Variable], _ b: inout Builder) {
        var i = vars.count - 1
        while i >= 0 {
            let v = vars[i]
            if i > 0, !v.boxed, !vars[i - 1].boxed {
                b.emit(.setLocal2, Int32(v.slot), Int32(vars[i - 1].slot), delta: -2)
                i -= 2
            } else {
                storeFresh(v, &b)
                i -= 1
            }
        }
    }

    /// Binds the value on top of the stack to a new binding of `v` (a fresh box if it needs one).
    func storeFresh(_ v: Variable, _ b: inout Builder) {
        b.emit(.setLocal, Int32(v.slot), delta: -1)
        if v.boxed { b.emit(.boxLocal, Int32(v.slot)) }
    }
}

/// The code being generated for one lambda, with the operand-stack depth tracked for `stackSize`.
struct Builder {
    let lambda: LambdaNode
    var code: [Int32] = []
    var constants: [Value] = []
    var locations: [(pc: Int32, loc: SourceLocation)] = []
    var depth = 0
    var maxDepth = 0
    /// Pending jumps to the end of each loop block compiled for a value.
    var exits: [[Int]] = []

    init(lambda: LambdaNode) { self.lambda = lambda }

    // One `emit` per operand count rather than a variadic one: a variadic call built an array for
    // every instruction emitted.

    /// Emits an instruction without operands that changes the stack depth by `delta`.
    mutating func emit(_ op: Opcode, delta: Int = 0) {
        code.append(op.rawValue)
        moveDepth(delta)
    }

    /// Emits an instruction with one operand.
    mutating func emit(_ op: Opcode, _ a: Int32, delta: Int = 0) {
        code.append(op.rawValue)
        code.append(a)
        moveDepth(delta)
    }

    /// Emits an instruction with two operands.
    mutating func emit(_ op: Opcode, _ a: Int32, _ b: Int32, delta: Int = 0) {
        code.append(op.rawValue)
        code.append(a)
        code.append(b)
        moveDepth(delta)
    }

    /// Emits an instruction with three operands.
    mutating func emit(_ op: Opcode, _ a: Int32, _ b: Int32, _ c: Int32, delta: Int = 0) {
        code.append(op.rawValue)
        code.append(a)
        code.append(b)
        code.append(c)
        moveDepth(delta)
    }

    @inline(__always) private mutating func moveDepth(_ delta: Int) {
        depth += delta
        if depth > maxDepth { maxDepth = depth }
    }

    /// Emits a jump (its `operands`, then a placeholder offset); returns the offset's index for `patch`.
    mutating func emitJump(_ op: Opcode, _ a: Int32? = nil, _ b: Int32? = nil, delta: Int = 0) -> Int {
        code.append(op.rawValue)
        if let a { code.append(a) }
        if let b { code.append(b) }
        code.append(0)
        moveDepth(delta)
        return code.count - 1
    }

    /// Makes room for `n` values an instruction pushes for a moment (a superinstruction's slow path).
    mutating func reserve(_ n: Int) {
        maxDepth = max(maxDepth, depth + n)
    }

    /// Points the jump whose operand is at `at` to the current end of the code.
    mutating func patch(_ at: Int) {
        code[at] = Int32(code.count - at)
    }

    /// Points each forward jump whose target is a `jump` at where that one goes (an `if` in an
    /// `if`'s branch ends in a jump to the outer one's jump). Forward jumps only, so it ends.
    mutating func threadJumps() {
        var pc = 0
        while pc < code.count, let op = Opcode(rawValue: code[pc]) {
            if let j = op.forwardJumpOperand {
                let at = pc + 1 + j
                var target = at + Int(code[at])
                while target + 1 < code.count, code[target] == Opcode.jump.rawValue {
                    target = target + 1 + Int(code[target + 1])
                }
                code[at] = Int32(target - at)
            }
            pc += 1 + op.operandCount
        }
    }

    /// Where each constant is in `constants`, by identity: a layout of 10,000 quoted attribute
    /// lists has 10,000 constants, and scanning the list for each made compiling it quadratic.
    var constantIndex = ConstantIndex()

    /// The index of constant `v`, added if new.
    mutating func constant(_ v: Value) -> Int32 {
        let key = ConstantKey(v)
        if let i = constantIndex.find(key) { return i }
        constants.append(v)
        let i = Int32(constants.count - 1)
        constantIndex.insert(key, i)
        return i
    }

    mutating func locate(_ loc: SourceLocation) {
        guard loc.isKnown else { return }
        if let last = locations.last, last.pc == Int32(code.count) {
            locations[locations.count - 1].loc = loc
        } else {
            locations.append((Int32(code.count), loc))
        }
    }
}

/// Constants' indexes by `ConstantKey`: open addressing with a multiplicative hash. (A Dictionary's
/// hashing of each key was most of compiling the 10,000 calls of a layout of 10,000 views.)
struct ConstantIndex {
    private struct Entry {
        var key: ConstantKey
        /// The constant's index; -1 for an empty entry.
        var index: Int32
    }
    private static let empty = Entry(key: ConstantKey(.null), index: -1)
    private var entries: [Entry] = []
    private var count = 0
    /// 64 minus log2 of the capacity: the hash's top bits pick the first entry to probe.
    private var shift = 64

    /// The index stored for `key`, or nil.
    func find(_ key: ConstantKey) -> Int32? {
        guard count > 0 else { return nil }
        let mask = entries.count - 1
        var i = slot(key)
        while true {
            let e = entries[i]
            if e.index < 0 { return nil }
            if e.key == key { return e.index }
            i = (i + 1) & mask
        }
    }

    /// Records `index` for `key`, which `find` did not find.
    mutating func insert(_ key: ConstantKey, _ index: Int32) {
        if 2 * (count + 1) > entries.count { grow() }
        let mask = entries.count - 1
        var i = slot(key)
        while entries[i].index >= 0 { i = (i + 1) & mask }
        entries[i] = Entry(key: key, index: index)
        count += 1
    }

    private func slot(_ key: ConstantKey) -> Int {
        let h = (key.bits ^ UInt64(key.tag) &<< 56) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: h >> UInt64(shift))
    }

    private mutating func grow() {
        let old = entries
        let capacity = max(16, 2 * old.count)
        entries = Array(repeating: ConstantIndex.empty, count: capacity)
        shift = 64 - capacity.trailingZeroBitCount
        count = 0
        for e in old where e.index >= 0 { insert(e.key, e.index) }
    }
}

/// A constant's identity as `eq?` sees it (`Value.isEq`): the same immediate or the same object.
struct ConstantKey: Equatable {
    let tag: UInt8
    let bits: UInt64

    init(_ v: Value) {
        switch v {
        case .null: (tag, bits) = (0, 0)
        case .unspecified: (tag, bits) = (1, 0)
        case .undefined: (tag, bits) = (2, 0)
        case .eof: (tag, bits) = (3, 0)
        case .bool(let b): (tag, bits) = (4, b ? 1 : 0)
        case .fixnum(let n): (tag, bits) = (5, UInt64(bitPattern: Int64(n)))
        case .flonum(let d): (tag, bits) = (6, d.bitPattern)
        case .char(let c): (tag, bits) = (7, UInt64(c))
        case .pair(let p): (tag, bits) = (8, UInt64(UInt(bitPattern: p.toOpaque())))
        case .symbol(let s): (tag, bits) = (9, UInt64(UInt(bitPattern: s.toOpaque())))
        case .string(let s): (tag, bits) = (10, UInt64(UInt(bitPattern: s.toOpaque())))
        case .vector(let x): (tag, bits) = (11, UInt64(UInt(bitPattern: x.toOpaque())))
        case .procedure(let p): (tag, bits) = (12, UInt64(UInt(bitPattern: p.toOpaque())))
        case .object(let o): (tag, bits) = (13, UInt64(UInt(bitPattern: o.toOpaque())))
        case .closure(let c): (tag, bits) = (14, UInt64(UInt(bitPattern: c.toOpaque())))
        case .record(let r): (tag, bits) = (15, UInt64(UInt(bitPattern: r.run.cell)))
        case .bytevector(let b): (tag, bits) = (16, UInt64(UInt(bitPattern: b.toOpaque())))
        }
    }
}
