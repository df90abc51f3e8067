/// The expander's output and the compiler's input: core Scheme with every identifier resolved.
///
/// Only the cases that hold nodes (or more than a word) are indirect: a constant, a variable or a
/// lambda sits in the node itself. A fully indirect enum boxed each of them, an allocation and a
/// release for every argument of every call (4 of the 5 nodes of a layout's call of a view).
enum Node {
    case constant(Value)
    case local(Variable)
    case global(Global)
    indirect case setLocal(Variable, Node)
    indirect case setGlobal(Global, Node)
    indirect case defineGlobal(Global, Node)
    indirect case `if`(Node, Node, Node)
    case lambda(LambdaNode)
    case sequence([Node])
    /// A call, with the location of its form (for errors and backtraces).
    indirect case call(Node, [Node], SourceLocation)
    /// A call the compiler turns into one instruction.
    indirect case inlined(Opcode, [Node], SourceLocation)
    /// `let`: evaluate the inits, then bind the variables in the current frame for the body.
    indirect case bind([Variable], [Node], Node)
    /// Bind the variables (unassigned) in the current frame for the body, which assigns them.
    indirect case bindRecursive([Variable], Node)
    /// A loop: bind the variables to the inits, run the body; `.loop` nodes in tail position jump back.
    /// The body is held here, not by `LoopInfo`: the jumps inside it refer to the `LoopInfo`, and a
    /// body held there made a reference cycle that leaked every loop's node tree (LeakSanitizer).
    indirect case loopBlock(LoopInfo, [Node], Node)
    /// A jump back to the head of the enclosing loop block with new values for its variables.
    indirect case loop(LoopInfo, [Node])
}

/// A named `let` whose name is only ever called in tail position: compiled to a jump, not a closure.
final class LoopInfo {
    let variables: [Variable]
    /// The frame slots of the variables bound inside the loop body: dead at each jump back, which
    /// clears them, so a stale value (a continuation captured in the previous iteration, which
    /// holds the one before, …) is not kept alive by the frame.
    var bodySlots: Range<Int> = 0..<0
    /// The code offset of the loop head, set by the compiler.
    var head = 0
    /// Where the loop calls itself (its first jump): the location of its backward jumps, where a
    /// limit that stops the loop is reported.
    var location = SourceLocation.none
    init(variables: [Variable]) { self.variables = variables }
}

/// A lambda being compiled: its parameters, frame variables and captured (free) variables.
final class LambdaNode {
    var name: String
    /// The enclosing lambda (weak: the parent's body holds this lambda, and a strong reference back
    /// would keep every compiled tree alive).
    weak var parent: LambdaNode?
    var required = 0
    var hasRest = false
    /// Parameters (and the rest list last, if any).
    var parameters: [Variable] = []
    var body: Node = .constant(.unspecified)
    /// How many frame slots have been handed out (parameters first).
    var slotCount = 0
    /// Variables of enclosing lambdas this lambda refers to, in capture order.
    private(set) var free: [Variable] = []
    /// `free`'s indexes by variable.
    private var freeIndexes = IdentityIndex()
    let location: SourceLocation

    init(name: String, parent: LambdaNode?, location: SourceLocation) {
        self.name = name
        self.parent = parent
        self.location = location
    }

    /// A new variable in this lambda's frame.
    func newVariable(_ name: String) -> Variable {
        let v = Variable(name: name, owner: self, slot: slotCount)
        slotCount += 1
        return v
    }

    /// The index of `v` among the captured variables, adding it if new.
    func freeIndex(_ v: Variable) -> Int {
        if let i = freeIndexes.position(of: ObjectIdentifier(v)) { return i }
        free.append(v)
        freeIndexes.append(ObjectIdentifier(v))
        return free.count - 1
    }
}
