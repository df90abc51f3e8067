/// Datum labels for the printer: which pairs and vectors (and error objects and multiple values,
/// whose parts are printed too) need `#n=`, and their numbers.
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
            guard node(root) != nil else { return [] }
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
                for item in x.items.reversed() { out.append(item) }
            case .record:
                if let e = ErrorObject(v) {
                    out.append(contentsOf: e.irritants.reversed())
                } else if let mv = MultipleValues(v) {
                    out.append(contentsOf: mv.items.reversed())
                }
            default: break
            }
        }

        private static func node(_ v: Value) -> Node? {
            switch v {
            case .pair(let p): return p.toOpaque()
            case .vector(let x): return x.toOpaque()
            // An error object's irritants and multiple values are printed, so a cycle may pass
            // through them (an irritant that holds its own error object).
            case .record(let r) where r.role == .error || r.role == .values: return r.run.cell
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

        /// Where the label search is with a node it has met: on the depth-first walk's current
        /// path, or left. Kept in an `AddressTable` (a `[Node: Bool]` hashed every node with
        /// SipHash: a quarter of writing a 400,000-pair datum); only data over `quickBudget`
        /// nodes get here.
        private enum Visit { case onPath, left }

        /// Nodes reached more than once.
        private static func shared(_ root: Value) -> Set<Node> {
            var visited = AddressTable<Node, Visit>(), result = Set<Node>()
            var work: [Value] = [root]
            while let v = work.popLast() {
                guard let n = node(v) else { continue }
                if visited[n] != nil {
                    result.insert(n)
                    continue
                }
                visited[n] = .left
                children(v, into: &work)
            }
            return result
        }

        /// Nodes that are the target of a back edge in a depth-first walk (each cycle gets one).
        private static func onCycles(_ root: Value) -> Set<Node> {
            enum Step { case enter(Value), leave(Node) }
            var visits = AddressTable<Node, Visit>()
            var result = Set<Node>()
            var work: [Step] = [.enter(root)]
            var kids: [Value] = []
            while let step = work.popLast() {
                switch step {
                case .leave(let n):
                    visits[n] = .left
                case .enter(let v):
                    guard let n = node(v) else { continue }
                    if let visit = visits[n] {
                        if visit == .onPath { result.insert(n) }
                        continue
                    }
                    visits[n] = .onPath
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

