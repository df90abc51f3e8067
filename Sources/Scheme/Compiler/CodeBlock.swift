/// The compiled code of one lambda: instructions, constants, and what the VM needs to call it.
final class CodeBlock: HeapObject {
    /// Instruction words (see `Opcode`).
    public let code: [Int32]
    /// Constants referenced by `const`, `global`, `closure` and friends.
    public let constants: [Value]
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
    /// Copies of `code` and `constants` the VM reads without bounds or uniqueness checks.
    let codePointer: UnsafeMutablePointer<Int32>
    let constantPointer: UnsafeMutablePointer<Value>

    init(code: [Int32], constants: [Value], required: Int, hasRest: Bool, frameSize: Int, stackSize: Int,
         name: String, locations: [(pc: Int32, loc: SourceLocation)], isSystem: Bool) {
        self.code = code
        self.constants = constants
        self.required = required
        self.hasRest = hasRest
        self.frameSize = frameSize
        self.stackSize = stackSize
        self.name = name
        self.locations = locations
        self.isSystem = isSystem
        codePointer = .allocate(capacity: max(code.count, 1))
        codePointer.initialize(from: code, count: code.count)
        constantPointer = .allocate(capacity: max(constants.count, 1))
        constantPointer.initialize(from: constants, count: constants.count)
    }

    deinit {
        codePointer.deallocate()
        constantPointer.deallocate()
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
        for c in constants { marker.mark(c) }
    }
    public override var byteSize: Int { 96 + code.count * 4 + constants.count * 16 }
    public override var typeName: String { "code" }
}
