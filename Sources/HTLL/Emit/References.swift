import Foundation
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
        // Each item as a string, or as a list of string pairs, converted while it is valid.
        let items = try evaluateList("htll-references") { item -> (text: String?, pairs: [(String, String)]) in
            (item.stringValue, (item.listElements ?? []).compactMap {
                guard let p = $0.listElements, p.count == 2, let a = p[0].stringValue, let b = p[1].stringValue else { return nil }
                return (a, b)
            })
        }
        for (i, item) in items.enumerated() {
            switch i {
            case 0: result.parent = item.text ?? ""
            case 1: result.cell = item.text
            case 2: result.actions = item.pairs.map { References.Action(target: $0.0, selector: $0.1) }
            case 3: result.protocols = item.pairs.map { References.Adoption(object: $0.0, protocolName: $0.1) }
            default: break
            }
        }
        return result
    }
}
