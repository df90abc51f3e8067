/// Why a prelude image cannot be loaded (damaged, or made by another build): nothing of it ran,
/// and the caller evaluates the prelude's source instead (in a new environment).
public struct InvalidSystemImage: Error, CustomStringConvertible {
    /// What is wrong with it.
    public let reason: String
    public var description: String { "invalid prelude image: \(reason)" }
}

/// What the lazy code blocks of one image share after its reading: its bytes, files and names
/// (each name interned once, whichever block uses it first), and the trampoline their first
/// call runs (see `LazyCodeBody`).
final class CodeImageSource {
    let bytes: [UInt8]
    /// The image's files, as the runtime numbers them.
    let fileIndexes: [Int]
    /// Where each of the image's symbol and variable names is in `bytes` (made a `String` only
    /// when interned), and the symbol once it is.
    let nameRanges: [Range<Int>]
    @exclusivity(unchecked) var symbols: [Symbol?]
    /// Not owned: the blocks are the runtime's objects, and must not keep it (or the environment) alive.
    weak var rt: Runtime?
    weak var env: Environment?
    /// The builtin a lazy block's trampoline calls: it decodes the body of the block that called it.
    private(set) var trampoline = Value.unspecified

    init(bytes: [UInt8], fileIndexes: [Int], nameRanges: [Range<Int>], rt: Runtime, env: Environment) {
        self.bytes = bytes
        self.fileIndexes = fileIndexes
        self.nameRanges = nameRanges
        symbols = Array(repeating: nil, count: nameRanges.count)
        self.rt = rt
        self.env = env
        // The calling block is the VM's current closure (the VM sets its registers before calling a
        // builtin, so a builtin may run Scheme code): no block to capture, one builtin per image.
        let p = rt.heap.own(BuiltinProcedure(name: "%decode-image-code", arity: .exactly(0)) { _, rt in
            guard let closure = rt.vm.regs.closure else {
                throw rt.error("%decode-image-code: called outside a procedure of a prelude image")
            }
            try closure.code.materialize(rt)
            return .unspecified
        })
        trampoline = .procedure(Unmanaged.passUnretained(p))
    }
}

/// The undecoded body of a lazy code block (see `CodeBlock`): where it is in its image, and what
/// its header promised (the words it has, the captured slots it reads at most), which decoding checks.
struct LazyCodeBody {
    /// `const K; call 0; pop`: calls the image's builtin (constant K, after the block's own
    /// constants), which decodes the body into the words that follow and makes the block enter
    /// there from then on; the `pop` drops its result and the first call goes on into the code.
    static let trampolineLength = 5
    let source: CodeImageSource
    let body: Range<Int>
    let codeCount: Int
    let maxCaptured: Int

    func writeTrampoline(_ words: UnsafeMutablePointer<Int32>, constantSlot: Int32) {
        words[0] = Opcode.const.rawValue
        words[1] = constantSlot
        words[2] = Opcode.call.rawValue
        words[3] = 0
        words[4] = Opcode.pop.rawValue
    }

    /// Decodes and checks the body into `block`'s buffers; a damaged body is a Scheme error (and
    /// the block stays lazy), never a trap.
    func decode(into block: CodeBlock, _ rt: Runtime) throws(SchemeRaise) {
        guard source.rt === rt, let env = source.env else {
            throw rt.error("\(block.name): its prelude image belongs to another instance")
        }
        // The constants it writes are new values in a block that may be old (even if decoding fails
        // halfway: what was written stays): the write barrier, before the first store.
        rt.heap.written(block)
        do throws(InvalidSystemImage) {
            var reader = CodeImageReader(source: source, rt: rt, env: env, body: body)
            let locations = try reader.body(of: block, codeCount: codeCount, maxCaptured: maxCaptured)
            block.finishMaterializing(locations: locations)
        } catch {
            throw rt.error("\(block.name): damaged prelude image: \(error.reason)")
        }
    }
}

/// Reads an image (see `CodeImage`) one entry at a time, checking every byte it uses: whatever
/// the data, it returns values or throws `InvalidSystemImage`, never traps. A lazy code block's
/// body is read later by a reader of its own, limited to the body's bytes.
struct CodeImageReader {
    let rt: Runtime
    let env: Environment
    let source: CodeImageSource
    private let bytes: [UInt8]
    /// `source.fileIndexes`, at hand: a location is read for every pair of quoted data.
    private let fileIndexes: [Int]
    private var at = 0
    /// Where what this reader may read ends (the image's end, or a lazy body's).
    private let end: Int
    private(set) var remainingEntries = 0
    /// Objects read in the current entry or lazy body, by number (see `CodeImageWriter.register`).
    private var shared: [Value] = []
    /// How deep nested data and code blocks go: bounded, so hostile bytes cannot exhaust the stack.
    private var depth = 0
    static let maxDepth = 1_000

    init(text: String, rt: Runtime, env: Environment) throws(InvalidSystemImage) {
        guard let bytes = CodeImage.bytes(ofPrintable: text) else { throw InvalidSystemImage(reason: "damaged image (checksum)") }
        guard bytes.starts(with: CodeImage.magic) else { throw InvalidSystemImage(reason: "an image of another format") }
        var header = Header(bytes: bytes, at: CodeImage.magic.count)
        let fileCount = try header.count()
        var fileIndexes: [Int] = []
        fileIndexes.reserveCapacity(fileCount)
        for _ in 0..<fileCount {
            let r = try header.range()
            fileIndexes.append(rt.fileIndex(String(decoding: bytes[r], as: UTF8.self)))
        }
        let nameCount = try header.count()
        var names: [Range<Int>] = []
        names.reserveCapacity(nameCount)
        for _ in 0..<nameCount { names.append(try header.range()) }
        // At most that many new symbols (each name is interned when first used).
        rt.reserveSymbols(nameCount)
        // And that many variables of the environment (defined, or made by a reference).
        env.reserveVariables(min(try header.count(), nameCount))
        let entries = try header.count()
        self.init(source: CodeImageSource(bytes: bytes, fileIndexes: fileIndexes, nameRanges: names, rt: rt, env: env),
                  rt: rt, env: env, body: header.at..<bytes.count)
        remainingEntries = entries
    }

    /// A reader of `body`, a range of `source`'s bytes.
    init(source: CodeImageSource, rt: Runtime, env: Environment, body: Range<Int>) {
        self.source = source
        self.rt = rt
        self.env = env
        bytes = source.bytes
        fileIndexes = source.fileIndexes
        at = body.lowerBound
        end = min(body.upperBound, bytes.count)
    }

    /// The file and name tables before the entries, read with the same checks.
    private struct Header {
        let bytes: [UInt8]
        var at: Int
        mutating func count() throws(InvalidSystemImage) -> Int {
            var v: UInt64 = 0
            for shift in stride(from: UInt64(0), to: 64, by: 7) {
                guard at < bytes.count else { throw InvalidSystemImage(reason: "truncated image") }
                let b = bytes[at]
                at += 1
                v |= UInt64(b & 0x7F) << shift
                if b & 0x80 == 0 {
                    guard v <= UInt64(bytes.count - at) else { throw InvalidSystemImage(reason: "count past the end") }
                    return Int(v)
                }
            }
            throw InvalidSystemImage(reason: "malformed number")
        }
        mutating func range() throws(InvalidSystemImage) -> Range<Int> {
            let n = try count()
            defer { at += n }
            return at..<(at + n)
        }
    }

    /// The next entry: a compiled form (a thunk to run), or a datum to compile, with where it was read.
    mutating func next() throws(InvalidSystemImage) -> (thunk: CodeBlock?, datum: Value, location: SourceLocation)? {
        guard remainingEntries > 0 else { return nil }
        remainingEntries -= 1
        shared.removeAll(keepingCapacity: true)
        switch CodeImage.Entry(rawValue: try byte()) {
        case .code?:
            let code = try codeBlock()
            guard code.lazyBody == nil, code.required == 0, !code.hasRest, Self.maxCaptured(code) < 0 else {
                throw InvalidSystemImage(reason: "a form that takes arguments, captures variables or is not read whole")
            }
            return (code, .unspecified, .none)
        case .datum?:
            let loc = try location()
            return (nil, try value(), loc)
        case nil:
            throw InvalidSystemImage(reason: "unknown entry")
        }
    }

    // MARK: - Primitives

    private mutating func byte() throws(InvalidSystemImage) -> UInt8 {
        guard at < end else { throw InvalidSystemImage(reason: "truncated image") }
        at += 1
        return bytes[at - 1]
    }

    @inline(__always)
    private mutating func varint() throws(InvalidSystemImage) -> UInt64 {
        // Most numbers are one byte (opcodes, small operands, tags): read them without the loop.
        if at < end, bytes[at] < 0x80 {
            at += 1
            return UInt64(bytes[at - 1])
        }
        return try longVarint()
    }

    private mutating func longVarint() throws(InvalidSystemImage) -> UInt64 {
        // Two bytes without the loop too: the lines of locations (one a pair of quoted data).
        if at + 1 < end, bytes[at + 1] < 0x80 {
            at += 2
            return UInt64(bytes[at - 2] & 0x7F) | UInt64(bytes[at - 1]) << 7
        }
        var v: UInt64 = 0
        for shift in stride(from: UInt64(0), to: 64, by: 7) {
            let b = try byte()
            v |= UInt64(b & 0x7F) << shift
            if b & 0x80 == 0 { return v }
        }
        throw InvalidSystemImage(reason: "malformed number")
    }

    private mutating func signed() throws(InvalidSystemImage) -> Int {
        let z = try varint()
        return Int(Int64(bitPattern: (z >> 1) ^ (0 &- (z & 1))))
    }

    /// A count of things still to read: each takes at least one byte, so more than remain is damage.
    private mutating func count() throws(InvalidSystemImage) -> Int {
        let n = try varint()
        guard n <= UInt64(end - at) else { throw InvalidSystemImage(reason: "count past the end") }
        return Int(n)
    }

    private mutating func string() throws(InvalidSystemImage) -> String {
        let n = try count()
        defer { at += n }
        return String(decoding: bytes[at..<(at + n)], as: UTF8.self)
    }

    /// A name of the image's table, interned.
    private mutating func symbol() throws(InvalidSystemImage) -> Symbol {
        let n = try varint()
        guard n < UInt64(source.nameRanges.count) else { throw InvalidSystemImage(reason: "unknown name") }
        if let s = source.symbols[Int(n)] { return s }
        let s = rt.intern(String(decoding: bytes[source.nameRanges[Int(n)]], as: UTF8.self))
        source.symbols[Int(n)] = s
        return s
    }

    private mutating func location() throws(InvalidSystemImage) -> SourceLocation {
        let file = try varint()
        guard file != 0 else { return .none }
        guard file <= UInt64(fileIndexes.count) else { throw InvalidSystemImage(reason: "unknown file") }
        let line = try varint(), column = try varint()
        guard line <= UInt64(SourceLocation.maxLineOrColumn), column <= UInt64(SourceLocation.maxLineOrColumn) else {
            throw InvalidSystemImage(reason: "location out of range")
        }
        return SourceLocation(file: fileIndexes[Int(file) - 1], line: Int(line), column: Int(column))
    }

    private mutating func nested<T>(_ body: (inout CodeImageReader) throws(InvalidSystemImage) -> T) throws(InvalidSystemImage) -> T {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maxDepth else { throw InvalidSystemImage(reason: "data nested too deeply") }
        return try body(&self)
    }

    // MARK: - Values

    private mutating func value() throws(InvalidSystemImage) -> Value {
        guard let tag = CodeImage.Tag(rawValue: try byte()) else { throw InvalidSystemImage(reason: "unknown value tag") }
        switch tag {
        case .null: return .null
        case .unspecified: return .unspecified
        case .undefined: return .undefined
        case .eof: return .eof
        case .false: return .false
        case .true: return .true
        case .fixnum: return .fixnum(try signed())
        case .flonum: return .flonum(Double(bitPattern: try varint()))
        case .char:
            let c = try varint()
            guard c <= 0x10FFFF else { throw InvalidSystemImage(reason: "character out of range") }
            return .char(UInt32(c))
        case .list: return try nested { r throws(InvalidSystemImage) in try r.list() }
        case .symbol: return .symbol(Unmanaged.passUnretained(try symbol()))
        case .string:
            let n = try count()
            var scalars: [UInt32] = []
            scalars.reserveCapacity(n)
            for _ in 0..<n {
                let c = try varint()
                guard c <= 0x10FFFF else { throw InvalidSystemImage(reason: "character out of range") }
                scalars.append(UInt32(c))
            }
            return share(rt.makeString(scalars))
        case .vector:
            let n = try count()
            var items: [Value] = []
            items.reserveCapacity(n)
            for _ in 0..<n { items.append(try nested { r throws(InvalidSystemImage) in try r.value() }) }
            return share(rt.heap.vector(items))
        case .bytevector:
            let n = try count()
            defer { at += n }
            return share(rt.makeBytevector(bytes[at..<(at + n)]))
        case .systemProcedure:
            let name = try string()
            let v = rt.systemValue(name)
            guard v.isProcedure else { throw InvalidSystemImage(reason: "no system procedure \(name)") }
            return v
        case .global:
            throw InvalidSystemImage(reason: "a variable outside code")
        case .code:
            let code = try nested { r throws(InvalidSystemImage) in try r.codeBlock() }
            return .object(Unmanaged.passUnretained(code))
        case .environment:
            return .object(Unmanaged.passUnretained(env))
        case .shared:
            let n = try varint()
            guard n < UInt64(shared.count) else { throw InvalidSystemImage(reason: "reference to nothing") }
            return shared[Int(n)]
        }
    }

    private mutating func share(_ v: Value) -> Value {
        shared.append(v)
        return v
    }

    private mutating func list() throws(InvalidSystemImage) -> Value {
        let n = try count()
        var first = Value.null
        var last: Pair?
        for _ in 0..<n {
            // Numbered before its car is read, as the writer numbered it.
            let loc = try location()
            let cell = rt.heap.cons(.null, .null, at: loc)
            guard case .pair(let pair) = cell else { throw InvalidSystemImage(reason: "a list cell") }
            let index = shared.count
            shared.append(cell)
            pair.car = try value()
            if let last { last.cdr = shared[index] } else { first = shared[index] }
            last = pair
        }
        let tail = try value()
        if let last { last.cdr = tail } else { first = tail }
        return first
    }

    // MARK: - Code

    /// A code block: its header, then its body now, or (lazy) when it is first called.
    private mutating func codeBlock() throws(InvalidSystemImage) -> CodeBlock {
        // A name of the table: most often its variable's too, so one string (an allocation past 15
        // bytes) serves both. Interned, as reading the source interned it.
        let name = try symbol().name
        let required = try count(), hasRest = try byte() == 1
        let frameSize = try varint(), stackSize = try varint()
        guard frameSize <= 1 << 20, stackSize <= 1 << 20, UInt64(required + (hasRest ? 1 : 0)) <= frameSize else {
            throw InvalidSystemImage(reason: "frame sizes out of range")
        }
        let codeCount = try count(), constantCount = try count()
        switch try byte() {
        case 0:
            let block = CodeBlock(required: required, hasRest: hasRest, frameSize: Int(frameSize), stackSize: Int(stackSize),
                                  name: name, isSystem: env.isSystem, codeCount: codeCount, constantCount: constantCount, lazyBody: nil)
            block.locations = try body(of: block, codeCount: codeCount, maxCaptured: nil)
            return rt.heap.own(block)
        case 1:
            let maxCaptured = Int(try count()) - 1
            let length = try count()
            defer { at += length }
            let lazy = LazyCodeBody(source: source, body: at..<(at + length), codeCount: codeCount, maxCaptured: maxCaptured)
            return rt.heap.own(CodeBlock(required: required, hasRest: hasRest, frameSize: Int(frameSize), stackSize: Int(stackSize),
                                         name: name, isSystem: env.isSystem, codeCount: codeCount, constantCount: constantCount,
                                         lazyBody: lazy))
        default:
            throw InvalidSystemImage(reason: "unknown code block kind")
        }
    }

    /// Reads a body into `block`'s buffers (its words, constants, then locations, which it returns)
    /// and checks it: all of this reader's bytes for a lazy body (`maxCaptured`: what its header promised).
    mutating func body(of block: CodeBlock, codeCount: Int, maxCaptured: Int?) throws(InvalidSystemImage) -> [(pc: Int32, loc: SourceLocation)] {
        let words = block.codeBuffer
        guard words.count == codeCount else { throw InvalidSystemImage(reason: "code size differs from its header") }
        for i in 0..<codeCount {
            let w = try signed()
            guard let word = Int32(exactly: w) else { throw InvalidSystemImage(reason: "instruction word out of range") }
            words[i] = word
        }
        // Constants: a variable is looked up (or declared, as expanding its definition did) here.
        let constants = block.constantPointer
        for k in 0..<block.constantCount {
            if at < end, bytes[at] == CodeImage.Tag.global.rawValue {
                at += 1
                let id = try symbol()
                let cell: Global
                switch GlobalKind(rawValue: try byte()) {
                case .declared?:
                    // Only forms read whole declare variables (when they are read, as expanding did).
                    guard maxCaptured == nil else { throw InvalidSystemImage(reason: "a lazy body declaring \(id.name)") }
                    cell = env.defineVariable(id)
                case .own?:
                    guard case .global(let c) = env.lookup(id) else {
                        throw InvalidSystemImage(reason: "\(id.name) is syntax here, not a variable")
                    }
                    cell = c
                case .system?:
                    guard case .global(let c)? = rt.system.ownBinding(id) else {
                        throw InvalidSystemImage(reason: "no system variable \(id.name)")
                    }
                    cell = c
                case nil:
                    throw InvalidSystemImage(reason: "unknown variable kind")
                }
                constants[k] = .object(Unmanaged.passUnretained(cell))
            } else {
                constants[k] = try value()
            }
        }
        let locationCount = try count()
        var locations: [(pc: Int32, loc: SourceLocation)] = []
        locations.reserveCapacity(locationCount)
        for _ in 0..<locationCount {
            let pc = try varint()
            guard pc <= UInt64(codeCount) else { throw InvalidSystemImage(reason: "location past the code") }
            locations.append((Int32(pc), try location()))
        }
        let code = UnsafeBufferPointer(words)
        try Self.validate(code, UnsafeBufferPointer(start: constants, count: block.constantCount), frameSize: block.frameSize)
        if let maxCaptured {
            guard at == end, Self.maxCaptured(code) <= maxCaptured else {
                throw InvalidSystemImage(reason: "a body other than its header said")
            }
        }
        return locations
    }

    /// Checks what the VM reads without checks: opcodes, operand counts, constant kinds, local
    /// slots, jump targets, and that a closure captures at least what its code reads.
    static func validate(_ code: UnsafeBufferPointer<Int32>, _ constants: UnsafeBufferPointer<Value>, frameSize: Int) throws(InvalidSystemImage) {
        var pc = 0
        func constant(_ k: Int32) throws(InvalidSystemImage) -> Value {
            guard k >= 0, Int(k) < constants.count else { throw InvalidSystemImage(reason: "constant index out of range") }
            return constants[Int(k)]
        }
        // The forward jump of the instruction at `pc`, if it has one, lands inside the code (its
        // offset counted from its operand, as `jump`'s).
        func forwardJump(_ op: Opcode) throws(InvalidSystemImage) {
            guard let j = op.forwardJumpOperand else { return }
            let at = pc + 1 + j, offset = code[at]
            guard offset > 0, at + Int(offset) < code.count else { throw InvalidSystemImage(reason: "jump out of the code") }
        }
        while pc < code.count {
            guard let op = Opcode(rawValue: code[pc]), op != .halt else { throw InvalidSystemImage(reason: "bad opcode at \(pc)") }
            guard pc + op.operandCount < code.count else {
                throw InvalidSystemImage(reason: "operands past the code")
            }
            let a = op.operandCount > 0 ? code[pc + 1] : 0
            switch op {
            case .const:
                _ = try constant(a)
            case .global, .setGlobal, .defineGlobal, .callGlobalLocal, .tailCallGlobalLocal:
                guard case .object(let o) = try constant(a), o.takeUnretainedValue() is Global else {
                    throw InvalidSystemImage(reason: "a variable operand that is not a variable")
                }
                // The fused calls' argument is a local.
                if op == .callGlobalLocal || op == .tailCallGlobalLocal {
                    guard code[pc + 2] >= 0, Int(code[pc + 2]) < frameSize else { throw InvalidSystemImage(reason: "local slot out of range") }
                }
            case .closure:
                guard case .object(let o) = try constant(a), let inner = o.takeUnretainedValue() as? CodeBlock,
                      code[pc + 2] >= 0, Int(code[pc + 2]) >= maxCaptured(inner) + 1 else {
                    throw InvalidSystemImage(reason: "a closure operand that is not code, or captures too little")
                }
            case .local, .setLocal, .localBox, .setLocalBox, .boxLocal:
                guard a >= 0, Int(a) < frameSize else { throw InvalidSystemImage(reason: "local slot out of range") }
            case .captured, .capturedBox, .setCapturedBox, .fixnum:
                guard op == .fixnum || a >= 0 else { throw InvalidSystemImage(reason: "captured slot out of range") }
            case .jump, .jumpIfFalse, .ifEq, .ifNull, .ifPair, .ifSymbol:
                try forwardJump(op)
            case .ifEqConst:
                _ = try constant(a)
                try forwardJump(op)
            case .vectorRefFixnum:
                break
            case .ifEqLocalConst:
                _ = try constant(code[pc + 2])
                guard a >= 0, Int(a) < frameSize else { throw InvalidSystemImage(reason: "local slot out of range") }
                try forwardJump(op)
            case .jumpBack:
                let first = code[pc + 2], n = code[pc + 3]
                guard pc + 1 + Int(a) >= 0, pc + 1 + Int(a) < code.count, first >= 0, n >= 0,
                      Int(first) + Int(n) <= frameSize else { throw InvalidSystemImage(reason: "loop jump out of range") }
            case .call, .tailCall:
                guard a >= 0 else { throw InvalidSystemImage(reason: "negative argument count") }
            case .ifNumEqLocals, .ifLtLocals, .ifGtLocals, .ifLeLocals, .ifGeLocals, .ifNullLocal, .ifPairLocal,
                 .ifNumEqLocalFixnum, .ifLtLocalFixnum, .ifGtLocalFixnum, .ifLeLocalFixnum, .ifGeLocalFixnum,
                 .addLocalFixnum, .subLocalFixnum, .returnLocal, .ifLocal, .localCar, .localCdr, .setLocal2, .local2,
                 .localVectorRefFixnum, .setLocalTest:
                // Superinstructions: local slots (the second operand too, for two locals), and the
                // forward jump (counted from its operand, as `jump`'s).
                let b = op.operandCount > 1 ? code[pc + 2] : 0
                let twoLocals = [.ifNumEqLocals, .ifLtLocals, .ifGtLocals, .ifLeLocals, .ifGeLocals, .setLocal2, .local2].contains(op)
                guard a >= 0, Int(a) < frameSize, !twoLocals || (b >= 0 && Int(b) < frameSize) else {
                    throw InvalidSystemImage(reason: "local slot out of range")
                }
                try forwardJump(op)
            case .null, .true, .false, .unspecified, .pop, .return, .halt, .add, .sub, .mul, .numEq, .lt, .gt, .le, .ge,
                 .car, .cdr, .caar, .cadr, .cdar, .cddr, .caddr, .cdddr, .cadddr, .cons, .isNull, .isPair, .isSymbol, .isString, .isProcedure, .isEq, .not, .isZero, .vectorRef, .vectorSet,
                 .quotient, .remainder, .modulo, .bytevectorRef, .bytevectorSet, .assq, .memq, .hashTableRef:
                break
            }
            pc += 1 + op.operandCount
        }
        // The last instruction must not fall off the end.
        guard let lastOp = lastOpcode(code), lastOp == .return || lastOp == .tailCall || lastOp == .tailCallGlobalLocal || lastOp == .jump || lastOp == .jumpBack
                || lastOp == .returnLocal else {
            throw InvalidSystemImage(reason: "code that does not end in a return")
        }
    }

    /// The highest captured slot `code` reads (-1 if none); a lazy block's header says it.
    static func maxCaptured(_ code: CodeBlock) -> Int {
        if let lazy = code.lazyBody { return lazy.maxCaptured }
        return maxCaptured(UnsafeBufferPointer(start: code.codePointer, count: code.codeCount))
    }

    static func maxCaptured(_ words: UnsafeBufferPointer<Int32>) -> Int {
        var pc = 0, most = -1
        while pc < words.count, let op = Opcode(rawValue: words[pc]) {
            if op == .captured || op == .capturedBox || op == .setCapturedBox, pc + 1 < words.count {
                most = max(most, Int(words[pc + 1]))
            }
            pc += 1 + op.operandCount
        }
        return most
    }

    static func lastOpcode(_ code: UnsafeBufferPointer<Int32>) -> Opcode? {
        var pc = 0
        var last: Opcode?
        while pc < code.count, let op = Opcode(rawValue: code[pc]) {
            last = op
            pc += 1 + op.operandCount
        }
        return last
    }
}
