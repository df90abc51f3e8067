/// A compile-time environment: the identifiers bound by one lambda, `let`, body or `let-syntax`,
/// chained to the enclosing scope. The root of every chain is a top-level `Environment`'s scope.
///
/// Identifiers are compared by identity, so a macro's renamed identifier never matches a user's
/// symbol of the same name: that is what makes `syntax-rules` hygienic here.
final class Scope {
    let parent: Scope?
    /// The lambda whose frame holds this scope's variables.
    let owner: LambdaNode?
    /// The top-level environment at the root of the chain. Unowned: the environment owns its root
    /// scope, and whatever keeps a scope (a macro, a renamed identifier) marks the environment.
    unowned(unsafe) let top: Environment
    /// Unchecked exclusivity: `resolve` reads it for every identifier it meets, and the dynamic
    /// check was 4% of start-up (a tenth of expanding the preludes); nothing reads it while it is
    /// being appended to.
    @exclusivity(unchecked) private(set) var entries: [(id: ObjectIdentifier, binding: Binding)] = []

    init(parent: Scope, owner: LambdaNode?) {
        self.parent = parent
        self.owner = owner
        self.top = parent.top
    }

    /// The root scope of `environment`.
    init(environment: Environment) {
        parent = nil
        owner = nil
        top = environment
    }

    /// Positions of `entries` by identifier (position + 1; 0 is empty), an open-addressing table
    /// kept once the scope has more than `indexedAfter` entries. Why: a scope of thousands of
    /// bindings (a layout's `let`, `let*` or body of views) was searched from its end for every
    /// identifier expanded inside it, quadratic in the bindings; small scopes, nearly all, keep
    /// the scan. Unchecked exclusivity, as `entries`.
    @exclusivity(unchecked) private var slots: [Int32] = []

    /// Entries a scope searches by scanning; past them it keeps `slots`.
    static let indexedAfter = 8

    func bind(_ id: Symbol, _ binding: Binding) {
        entries.append((ObjectIdentifier(id), binding))
        guard entries.count > Scope.indexedAfter else { return }
        // At most half full: a bigger table when this entry would pass that.
        if entries.count * 2 > slots.count {
            slots = Array(repeating: 0, count: max(64, slots.count * 4))
            for position in entries.indices { index(position) }
        } else {
            index(entries.count - 1)
        }
    }

    /// The first slot to probe for `key`.
    @inline(__always) private func home(_ key: ObjectIdentifier) -> Int {
        Int(truncatingIfNeeded: addressHash(UInt(bitPattern: key)) >> 32) & (slots.count - 1)
    }

    /// Records the entry at `position` in `slots`; a later entry of the same identifier replaces
    /// an earlier one, as the scan finds the latest first.
    private func index(_ position: Int) {
        let key = entries[position].id
        var i = home(key)
        while slots[i] != 0 && entries[Int(slots[i]) - 1].id != key { i = (i + 1) & (slots.count - 1) }
        slots[i] = Int32(truncatingIfNeeded: position + 1)
    }

    private var markStamp: UInt32 = 0

    /// Marks the macros bound here and in enclosing scopes, the scopes those macros were defined in,
    /// and the top-level environments at their roots (renamed identifiers and macros keep scopes
    /// alive). A worklist, so chains of nested `let-syntax` never deepen the Swift stack.
    func trace(_ marker: inout Marker) {
        var work: [Scope] = [self]
        while let scope = work.popLast() {
            // The stamp, not the epoch: a minor collection keeps the epoch, and a scope traced by
            // the last one may have bound a macro since.
            guard scope.markStamp != marker.stamp else { continue }
            scope.markStamp = marker.stamp
            for e in scope.entries {
                guard case .syntax(.macro(let m)) = e.binding else { continue }
                m.traceData(&marker)
                work.append(m.environment)
            }
            if let p = scope.parent { work.append(p) } else { marker.markObject(scope.top) }
        }
    }

    /// The binding of exactly this identifier in this scope or the nearest enclosing one that binds
    /// it; nil when none does. (Unmanaged along the chain: each scope is kept alive by the one
    /// inside it, and retaining each in turn was most of the walk.)
    func lexicalBinding(_ id: Symbol) -> Binding? {
        var scope = Unmanaged.passUnretained(self)
        while true {
            let (found, parent) = scope._withUnsafeGuaranteedRef { s in
                (s.local(id), s.parent.map { Unmanaged.passUnretained($0) })
            }
            if let found { return found }
            guard let parent else { return nil }
            scope = parent
        }
    }

    /// The binding of exactly this identifier in this scope alone (latest first).
    func local(_ id: Symbol) -> Binding? {
        let key = ObjectIdentifier(id)
        if !slots.isEmpty {
            var i = home(key)
            while slots[i] != 0 {
                let e = entries[Int(slots[i]) - 1]
                if e.id == key { return e.binding }
                i = (i + 1) & (slots.count - 1)
            }
            return nil
        }
        // By index: iterating `entries.reversed()` retained and released the array each time, and
        // most scopes searched (the root scope of every top-level form) are empty.
        var i = entries.count
        while i > 0 {
            i -= 1
            if entries[i].id == key { return entries[i].binding }
        }
        return nil
    }
}

/// What an identifier means where it is used.
enum Binding {
    /// A lexical variable.
    case variable(Variable)
    /// A special form or macro.
    case syntax(SyntaxBinding)
    /// A top-level variable (possibly not yet defined).
    case global(Global)

    /// Whether two resolved bindings are the same (for `syntax-rules` literals and `free-identifier=?`):
    /// mirrors of one definition are the same binding, and two free names are the same if equal.
    func same(as other: Binding) -> Bool {
        switch (self, other) {
        case let (.variable(a), .variable(b)): return a === b
        case let (.global(a), .global(b)):
            return a.root === b.root || (a.isFree && b.isFree && a.name.base === b.name.base)
        case let (.syntax(a), .syntax(b)): return a.same(as: b)
        default: return false
        }
    }

    /// Marks the heap objects a top-level binding holds.
    func trace(_ marker: inout Marker) {
        switch self {
        case .global(let cell): marker.markObject(cell)
        case .syntax(let s): s.trace(&marker)
        case .variable: break
        }
    }
}

/// A syntactic keyword's meaning.
enum SyntaxBinding {
    case special(SpecialForm)
    case macro(Macro)

    func trace(_ marker: inout Marker) {
        if case .macro(let m) = self { m.trace(&marker) }
    }

    func same(as other: SyntaxBinding) -> Bool {
        switch (self, other) {
        case let (.special(a), .special(b)): return a == b
        case let (.macro(a), .macro(b)): return a === b
        default: return false
        }
    }
}

/// The forms the expander implements itself.
enum SpecialForm: String, CaseIterable {
    case quote, quasiquote, unquote, unquoteSplicing = "unquote-splicing"
    case lambda, namedLambda = "named-lambda", `if`, set = "set!", define, begin
    case `let`, letStar = "let*", letrec, letrecStar = "letrec*"
    case cond, `case`, and, or, when, unless, `do`
    case defineSyntax = "define-syntax", letSyntax = "let-syntax", letrecSyntax = "letrec-syntax"
    case syntaxRules = "syntax-rules", syntaxError = "syntax-error"
    case include, includeCi = "include-ci", condExpand = "cond-expand"
    case `import`, defineLibrary = "define-library"
    case `else`, arrow = "=>", ellipsis = "...", underscore = "_"
}

/// A lexical variable: its frame slot, and what the compiler must know to keep it in a box.
final class Variable {
    let name: String
    /// The lambda whose frame holds it.
    unowned let owner: LambdaNode
    /// Slot in the owner's frame.
    var slot: Int
    /// Assigned after its binding (by `set!` or as a `letrec`/internal-define variable).
    var assigned = false
    /// Referenced from a lambda other than its owner.
    var captured = false
    /// Assigned by `set!` (not just by its own `letrec` or internal-definition initialisation).
    var mutated = false

    init(name: String, owner: LambdaNode, slot: Int) {
        self.name = name
        self.owner = owner
        self.slot = slot
    }

    /// Whether the variable lives in a box: when captured by a closure and assigned, and always when
    /// `set!` changes it, because a re-entered continuation restores the stack it copied and must not
    /// restore the variable's old value with it.
    var boxed: Bool { mutated || (assigned && captured) }
}

/// A `syntax-rules` transformer.
final class Macro {
    let name: String
    let literals: [Symbol]
    let rules: [(pattern: Value, template: Value)]
    let ellipsis: Symbol
    /// Where the macro was defined: free identifiers in its templates mean what they mean there.
    let environment: Scope
    /// Keeps the pattern and template data alive (they are heap values).
    private let data: [Value]

    init(name: String, literals: [Symbol], rules: [(pattern: Value, template: Value)], ellipsis: Symbol,
         environment: Scope, data: [Value]) {
        self.name = name
        self.literals = literals
        self.rules = rules
        self.ellipsis = ellipsis
        self.environment = environment
        self.data = data
    }

    func trace(_ marker: inout Marker) {
        traceData(&marker)
        environment.trace(&marker)
    }

    /// Marks the macro's own data (not its environment).
    func traceData(_ marker: inout Marker) {
        for v in data { marker.mark(v) }
        for l in literals { marker.markObject(l) }
        marker.markObject(ellipsis)
    }
}
