/// The compiled code of one lambda: instructions, constants, and what the VM needs to call it.
///
/// The words and constants live in buffers the block owns, which the VM reads without bounds or
/// uniqueness checks; there is no second copy in arrays (`code` and `constants` copy them out for
/// the few readers that want arrays: the disassembler, tests, error locations).
///
/// A block read from a prelude image may be *lazy* (`CodeImage`): made from the image's header of
/// it (name, arity, frame sizes) with its body still undecoded, because a program calls only a
/// fraction of a prelude's procedures (issue 19: decoding them all was half of `htll compile`).
/// Its buffers are allocated at their final sizes, the words start with a trampoline, and the
/// first call decodes the body in place: see `LazyCodeBody`.
final class CodeBlock: HeapObject {
    /// Required parameter count.
    public let required: Int
    /// Whether extra arguments are collected into a list in slot `required`.
    public let hasRest: Bool
    /// Slots the frame needs: parameters (and rest list) plus let-bound locals.
    public let frameSize: Int
    /// Most stack slots a call of this code uses: its frame plus its deepest operand stack.
    public let stackSize: Int
    /// Procedure name for backtraces ("anonymous" when unknown).
    public internal(set) var name: String
    /// Source locations of instructions, as (pc, location), sorted by pc.
    public internal(set) var locations: [(pc: Int32, loc: SourceLocation)]
    /// Defined by the system prelude: left out of user backtraces.
    public let isSystem: Bool
    /// The instruction words the VM runs (see `Opcode`): `codeCount` of them. A lazy block's
    /// are its trampoline until its body is decoded.
    private(set) var codePointer: UnsafeMutablePointer<Int32>
    /// Constants referenced by `const`, `global`, `closure` and friends: `constantCount` of them.
    let constantPointer: UnsafeMutablePointer<Value>
    private(set) var codeCount: Int
    let constantCount: Int
    /// The start of the words' allocation (a lazy block's trampoline comes before its code).
    private let codeAllocation: UnsafeMutablePointer<Int32>
    /// Constant slots allocated and initialised: `constantCount`, plus the trampoline's for a lazy block.
    private let constantSlots: Int
    /// What a lazy block still has to decode (nil once it is whole).
    private(set) var lazyBody: LazyCodeBody?

    init(code: [Int32], constants: [Value], required: Int, hasRest: Bool, frameSize: Int, stackSize: Int,
         name: String, locations: [(pc: Int32, loc: SourceLocation)], isSystem: Bool) {
        self.required = required
        self.hasRest = hasRest
        self.frameSize = frameSize
        self.stackSize = stackSize
        self.name = name
        self.locations = locations
        self.isSystem = isSystem
        codeCount = code.count
        constantCount = constants.count
        codeAllocation = .allocate(capacity: max(code.count, 1))
        codeAllocation.initialize(from: code, count: code.count)
        codePointer = codeAllocation
        constantSlots = constants.count
        constantPointer = .allocate(capacity: max(constants.count, 1))
        constantPointer.initialize(from: constants, count: constants.count)
    }

    /// A block whose `codeCount` words and `constantCount` constants its maker writes into the
    /// buffers (`fill`), or, with `lazyBody`, the first call decodes (`trampoline` words first,
    /// then the code; one more constant slot after the constants, for the trampoline).
    init(required: Int, hasRest: Bool, frameSize: Int, stackSize: Int, name: String, isSystem: Bool,
         codeCount: Int, constantCount: Int, lazyBody: LazyCodeBody?) {
        self.required = required
        self.hasRest = hasRest
        self.frameSize = frameSize
        self.stackSize = stackSize
        self.name = name
        self.locations = []
        self.isSystem = isSystem
        self.codeCount = codeCount
        self.constantCount = constantCount
        self.lazyBody = lazyBody
        let extra = lazyBody == nil ? 0 : LazyCodeBody.trampolineLength
        codeAllocation = .allocate(capacity: max(codeCount + extra, 1))
        codePointer = codeAllocation
        // The constants are defined values from the start: the collector may trace a block
        // whose body is not decoded yet.
        constantSlots = constantCount + (lazyBody == nil ? 0 : 1)
        constantPointer = .allocate(capacity: max(constantSlots, 1))
        constantPointer.initialize(repeating: .unspecified, count: constantSlots)
        if let lazyBody {
            lazyBody.writeTrampoline(codeAllocation, constantSlot: Int32(constantCount))
            constantPointer[constantCount] = lazyBody.source.trampoline
            // Until the body is decoded the VM runs the trampoline (`codeCount` says the words in use).
            self.codeCount = extra
        }
    }

    deinit {
        codeAllocation.deallocate()
        constantPointer.deinitialize(count: constantSlots)
        constantPointer.deallocate()
    }

    /// The instruction words, copied out.
    public var code: [Int32] { Array(UnsafeBufferPointer(start: codePointer, count: codeCount)) }

    /// The constants, copied out.
    public var constants: [Value] { Array(UnsafeBufferPointer(start: constantPointer, count: constantCount)) }

    /// The words of a block being made or decoded, to write (`codeCount` of them, after a lazy block's trampoline).
    var codeBuffer: UnsafeMutableBufferPointer<Int32> {
        UnsafeMutableBufferPointer(start: codeAllocation + (lazyBody == nil ? 0 : LazyCodeBody.trampolineLength),
                                   count: lazyBody?.codeCount ?? codeCount)
    }

    /// Decodes a lazy block's body now (nothing for a whole block), as its first call does: for
    /// readers of `code` and `constants` that need the real ones (tests, the disassembler).
    /// Throws the image's damage as a Scheme error; the block then stays lazy.
    func materialize(_ rt: Runtime) throws(SchemeRaise) {
        guard let lazyBody else { return }
        try lazyBody.decode(into: self, rt)
    }

    /// Called by `LazyCodeBody` once the body is in the buffers: the VM now enters the code itself.
    func finishMaterializing(locations: [(pc: Int32, loc: SourceLocation)]) {
        guard let lazyBody else { return }
        self.locations = locations
        codePointer = codeAllocation + LazyCodeBody.trampolineLength
        codeCount = lazyBody.codeCount
        self.lazyBody = nil
    }

    /// The source location of the instruction at `pc` (the nearest one at or before it).
    public func location(at pc: Int) -> SourceLocation {
        var lo = 0, hi = locations.count - 1, best = SourceLocation.none
        while lo <= hi {
            let mid = (lo + hi) / 2
            if Int(locations[mid].pc) <= pc {
                best = locations[mid].loc
                lo = mid + 1
            } else {
                hi = mid - 1
            }
        }
        return best
    }

    override func trace(_ marker: inout Marker) {
        // The trampoline's slot too (the image's builtin, kept once the body is decoded: harmless).
        for i in 0..<constantSlots { marker.mark(constantPointer[i]) }
    }
    public override var byteSize: Int { 96 + codeCount * 4 + constantCount * 16 }
    public override var typeName: String { "code" }
    /// Its constants are written when it is made, or by the first call's decoding of a lazy body,
    /// which passes the barrier first (`LazyCodeBody.decode`).
    override var hasWriteBarrier: Bool { true }
}

extension CodeBlock {
    /// Decodes every lazy body reachable from this block's constants (and their constants), as
    /// first calls would: how many were decoded, and how many refused as damaged. For tests and
    /// tools that inspect a whole prelude image.
    func materializeAll(_ rt: Runtime) -> (decoded: Int, refused: Int) {
        var decoded = 0, refused = 0
        var pending = [self]
        var seen = Set<ObjectIdentifier>()
        while let block = pending.popLast() {
            guard seen.insert(ObjectIdentifier(block)).inserted else { continue }
            if block.lazyBody != nil {
                do {
                    try block.materialize(rt)
                    decoded += 1
                } catch {
                    refused += 1
                    continue
                }
            }
            for k in 0..<block.constantCount {
                if let inner = block.constantPointer[k].object(CodeBlock.self) { pending.append(inner) }
            }
        }
        return (decoded, refused)
    }
}
