/// Datum labels for the printer: which pairs and vectors need `#n=`, and their numbers.
extension Printer {
    struct Labels {
        typealias Node = UnsafeMutableRawPointer
        /// Nodes that get a label when first printed.
        let needed: Set<Node>
        /// Labels given so far, by node.
        private var assigned: [Node: Int] = [:]

        init(needed: Set<Node>) { self.needed = needed }

        func isLabelled(_ n: Node) -> Bool { !needed.isEmpty && needed.contains(n) }

        /// Emits `#n=` before a labelled node's first printing and returns nil (print it), or emits
        /// `#n#` for a later reference and returns the label (print nothing more).
        mutating func prefix(_ n: Node, _ out: inout Output) -> Int? {
            guard isLabelled(n) else { return nil }
            if let k = assigned[n] {
                out.emit("#\(k)#")
                return k
            }
            let k = assigned.count
            assigned[n] = k
            out.emit("#\(k)=")
            return nil
        }

        /// How many nodes a plain walk visits before the label search gives up on the fast path.
        static let quickBudget = 100_000

        /// The nodes of `root` that lie on a cycle (or, with `sharedToo`, that are reached twice).
        static func find(_ root: Value, sharedToo: Bool) -> Set<Node> {
            switch root {
            case .pair, .vector: break
            default: return []
            }
            if !sharedToo && isSmallTree(root) { return [] }
            return sharedToo ? shared(root) : onCycles(root)
        }

        /// The pairs and vectors directly inside `v`.
        private static func children(_ v: Value, into out: inout [Value]) {
            switch v {
            case .pair(let pair):
                out.append(pair.cdr)
                out.append(pair.car)
            case .vector(let x):
                for item in x.takeUnretainedValue().items.reversed() { out.append(item) }
            default: break
            }
        }

        private static func node(_ v: Value) -> Node? {
            switch v {
            case .pair(let p): return p.toOpaque()
            case .vector(let x): return x.toOpaque()
            default: return nil
            }
        }

        /// True when a walk without bookkeeping ends within `quickBudget` nodes: then there is no cycle.
        private static func isSmallTree(_ root: Value) -> Bool {
            var work: [Value] = [root]
            var seen = 0
            while let v = work.popLast() {
                guard node(v) != nil else { continue }
                seen += 1
                if seen > quickBudget { return false }
                children(v, into: &work)
            }
            return true
        }

        /// Nodes reached more than once.
        private static func shared(_ root: Value) -> Set<Node> {
            var visited = NodeStates(), result = Set<Node>()
            var work: [Value] = [root]
            while let v = work.popLast() {
                guard let n = node(v) else { continue }
                if visited.state(n) != NodeStates.none {
                    result.insert(n)
                    continue
                }
                visited.set(n, NodeStates.left)
                children(v, into: &work)
            }
            return result
        }

        /// Nodes that are the target of a back edge in a depth-first walk (each cycle gets one).
        private static func onCycles(_ root: Value) -> Set<Node> {
            enum Step { case enter(Value), leave(Node) }
            var states = NodeStates()
            var result = Set<Node>()
            var work: [Step] = [.enter(root)]
            var kids: [Value] = []
            while let step = work.popLast() {
                switch step {
                case .leave(let n):
                    states.set(n, NodeStates.left)
                case .enter(let v):
                    guard let n = node(v) else { continue }
                    let state = states.state(n)
                    if state != NodeStates.none {
                        if state == NodeStates.onPath { result.insert(n) }
                        continue
                    }
                    states.set(n, NodeStates.onPath)
                    work.append(.leave(n))
                    kids.removeAll(keepingCapacity: true)
                    children(v, into: &kids)
                    for k in kids where node(k) != nil { work.append(.enter(k)) }
                }
            }
            return result
        }
    }
}

/// What the label search knows of each node it has met: open addressing over node addresses with
/// `addressHash`, at most half full. Why not `[Node: Bool]` and `Set<Node>`: SipHash per node made
/// the search a quarter of writing a large datum (400,000 pairs: 270 M instructions in the
/// dictionary of 1,100 M); only data over `quickBudget` nodes get here.
struct NodeStates {
    typealias Node = UnsafeMutableRawPointer
    /// Not met yet; on the depth-first walk's current path; met and left.
    static let none: UInt8 = 0, onPath: UInt8 = 1, left: UInt8 = 2
    private var keys = [UInt](repeating: 0, count: 1024)
    private var states = [UInt8](repeating: 0, count: 1024)
    private var count = 0

    /// The state of `n` (`none` if never set).
    func state(_ n: Node) -> UInt8 {
        let key = UInt(bitPattern: n)
        var i = slot(key)
        while keys[i] != 0 {
            if keys[i] == key { return states[i] }
            i = (i &+ 1) & (keys.count &- 1)
        }
        return NodeStates.none
    }

    /// Sets the state of `n`.
    mutating func set(_ n: Node, _ state: UInt8) {
        if (count &+ 1) &* 2 > keys.count { grow() }
        let key = UInt(bitPattern: n)
        var i = slot(key)
        while keys[i] != 0 && keys[i] != key { i = (i &+ 1) & (keys.count &- 1) }
        if keys[i] == 0 { keys[i] = key; count &+= 1 }
        states[i] = state
    }

    @inline(__always) private func slot(_ key: UInt) -> Int {
        // The high bits of the product: `keys.count` is a power of two.
        Int(truncatingIfNeeded: addressHash(key) >> UInt64(64 &- keys.count.trailingZeroBitCount))
    }

    private mutating func grow() {
        let oldKeys = keys, oldStates = states
        keys = [UInt](repeating: 0, count: oldKeys.count &* 2)
        states = [UInt8](repeating: 0, count: oldKeys.count &* 2)
        count = 0
        for (key, state) in zip(oldKeys, oldStates) where key != 0 {
            guard let n = Node(bitPattern: key) else { continue }
            set(n, state)
        }
    }
}
