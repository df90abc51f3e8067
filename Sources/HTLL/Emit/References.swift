import Scheme

extension Layout {
    /// What a layout's generated code refers to but does not define, which the class it goes into
    /// must provide (prelude/htll/78-references.scm): the parent view, the action methods of its
    /// targets, the objects named as targets, data sources and delegates, and the protocols those
    /// must adopt. Controller templates and the SDK checks write their stubs from it.
    public struct References: Equatable, Sendable {
        /// The parent's expression as written (`self.view`, `self.cardView`, `cell.contentView`).
        public var parent: String
        /// The cell variable of a cell layout (`in-cell`), else nil.
        public var cell: String?
        /// Each action once: the target as written (`self`, `self.model`) and the selector (`save:`).
        public var actions: [Action]
        /// Each object that must adopt a protocol once: (`self`, `UITableViewDataSource`).
        public var protocols: [Adoption]

        /// An action method a target must have.
        public struct Action: Equatable, Sendable {
            /// The target as written: `self`, `self.model`.
            public var target: String
            /// The Objective-C selector: `save:`, `tableView:didSelect:`.
            public var selector: String
        }

        /// A protocol an object must adopt.
        public struct Adoption: Equatable, Sendable {
            /// The object as written: `self`, `self.model`.
            public var object: String
            /// The protocol: `UITableViewDataSource`.
            public var protocolName: String
        }
    }

    /// What the generated code refers to but does not define.
    public func references() throws -> References {
        var result = References(parent: "", cell: nil, actions: [], protocols: [])
        // Read inside `run`: the list is not kept alive past it (see `evaluateList`).
        try run(path: nil) {
            for (i, item) in (try scheme.prelude(.references, []).listElements ?? []).enumerated() {
                switch i {
                case 0: result.parent = item.stringValue ?? ""
                case 1: result.cell = item.stringValue
                case 2:
                    result.actions = (item.listElements ?? []).compactMap {
                        guard let p = $0.listElements, p.count == 2, let t = p[0].stringValue, let s = p[1].stringValue else { return nil }
                        return References.Action(target: t, selector: s)
                    }
                case 3:
                    result.protocols = (item.listElements ?? []).compactMap {
                        guard let p = $0.listElements, p.count == 2, let o = p[0].stringValue, let n = p[1].stringValue else { return nil }
                        return References.Adoption(object: o, protocolName: n)
                    }
                default: break
                }
            }
        }
        return result
    }
}
