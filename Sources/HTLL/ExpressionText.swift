import Scheme

/// The Objective-C text of a frame expression (prelude/htll/50-expr.scm), made in Swift for
/// `(%htll-c-expression E NAMING NAMES)`; the prelude's `htll:e->c` is the definition and
/// prints whatever this leaves to it.
///
/// Why Swift (issue 19): every term of an expression cost some fifteen operations of the
/// interpreter, at about a thousand instructions each, and caching the atoms' texts in the prelude
/// did not change the count (callgrind). Measured with this printer and without it (callgrind,
/// whole process): the frame code of 300 nested aboves 741 M -> 722 M instructions, of 1,000
/// labels in one vseq 887 M -> 860 M. The expression stays the prelude's value (read here, never
/// re-parsed), and every atom this printer does not know (a view's font metrics), a number it would
/// print differently (an exact ratio, a bignum, past 1e15, not finite) and a local not yet defined
/// make it answer #f, so the prelude prints that expression as before: the output is the same
/// either way (TextBuiltinsTests).
final class CExpressionPrinter {
    /// The naming the view names are for (the prelude's stamp count when it was made), and the
    /// names: a view record's identity to its name. Views outside the naming print as `nil`, as
    /// the naming's `name-of` says.
    private var naming: Int = -1
    private var names: [ObjectIdentifier: [UInt8]] = [:]
    private let symbols: Symbols
    /// How deep `max`, `quotient`, `shown` and `if<=` may nest before the prelude prints instead:
    /// the walk recurses on the host stack.
    private static let depthLimit = 200

    /// The atoms' interned symbols, compared by identity.
    struct Symbols {
        let bound, max, edge, shown, quotient, ifLessEqual, safeArea, local, w, x, y, h: Value
        init(_ s: Scheme) {
            bound = s.symbol("bound"); max = s.symbol("max"); edge = s.symbol("edge"); shown = s.symbol("shown")
            quotient = s.symbol("quotient"); ifLessEqual = s.symbol("if<="); safeArea = s.symbol("safe-area")
            local = s.symbol("local"); w = s.symbol("w"); x = s.symbol("x"); y = s.symbol("y"); h = s.symbol("h")
        }
    }

    init(_ scheme: Scheme) { symbols = Symbols(scheme) }

    /// The text of `e`, or nil where the prelude prints it. `naming` identifies `namesList`,
    /// ((view . name) ...), which is read again only when it changes.
    func text(_ e: Value, naming: Int, namesList: Value) -> [UInt8]? {
        if naming != self.naming {
            var table: [ObjectIdentifier: [UInt8]] = [:]
            var rest = namesList
            while let entry = rest.car {
                guard let view = entry.car?.heapObject, let name = entry.cdr?.sstring else { return nil }
                // A view named twice keeps its later name, as the later stamp wins in the prelude.
                table[ObjectIdentifier(view)] = Self.bytes(name)
                rest = rest.cdr ?? .null
            }
            names = table
            self.naming = naming
        }
        var out: [UInt8] = []
        return sum(e, &out, depth: 0) ? out : nil
    }

    /// Appends the text of the sum `e` (htll:e->text); false when the prelude must print it.
    private func sum(_ e: Value, _ out: inout [UInt8], depth: Int) -> Bool {
        guard depth < Self.depthLimit else { return false }
        if e.isNull { out.append(0x30); return true }
        var first = true
        var rest = e
        while let term = rest.car {
            guard let coefficient = term.car, let atom = term.cdr, let negative = Self.isNegative(coefficient) else { return false }
            out += first ? (negative ? [0x2D] : []) : Array((negative ? " - " : " + ").utf8)
            first = false
            guard let magnitude = Self.magnitude(coefficient) else { return false }
            if case .bool(false) = atom {
                guard let digits = Self.number(magnitude) else { return false }
                out += digits
            } else {
                if !Self.isOne(magnitude) {
                    guard let digits = Self.number(magnitude) else { return false }
                    out += digits
                    out += Array(" * ".utf8)
                }
                guard self.atom(atom, &out, depth: depth) else { return false }
            }
            rest = rest.cdr ?? .null
        }
        return rest.isNull
    }

    /// Appends the text of one atom (htll:e->c's atom->c).
    private func atom(_ a: Value, _ out: inout [UInt8], depth: Int) -> Bool {
        guard let kind = a.car, let args = a.cdr?.listElements else { return false }
        let s = symbols
        if kind.isEq(s.bound), args.count == 2 {
            guard owner(args[1], &out) else { return false }
            out += Array((args[0].isEq(s.w) ? ".bounds.size.width" : ".bounds.size.height").utf8)
        } else if kind.isEq(s.max), args.count == 2 {
            out += Array("MAX(".utf8)
            guard sum(args[0], &out, depth: depth + 1) else { return false }
            out += Array(", ".utf8)
            guard sum(args[1], &out, depth: depth + 1) else { return false }
            out.append(0x29)
        } else if kind.isEq(s.edge), args.count == 2 {
            out += Array((args[0].isEq(s.x) ? "CGRectGetMaxX(" : "CGRectGetMaxY(").utf8)
            guard view(args[1], &out) else { return false }
            out += Array(".frame)".utf8)
        } else if kind.isEq(s.shown), args.count == 2 {
            out.append(0x28)
            guard view(args[0], &out) else { return false }
            out += Array(".hidden ? 0 : ".utf8)
            guard sum(args[1], &out, depth: depth + 1) else { return false }
            out.append(0x29)
        } else if kind.isEq(s.quotient), args.count == 2 {
            out.append(0x28)
            guard sum(args[0], &out, depth: depth + 1) else { return false }
            out += Array(") / (".utf8)
            guard sum(args[1], &out, depth: depth + 1) else { return false }
            out.append(0x29)
        } else if kind.isEq(s.ifLessEqual), args.count == 4 {
            let separators = ["(", " <= ", " ? ", " : "]
            for (i, e) in args.enumerated() {
                out += Array(separators[i].utf8)
                guard sum(e, &out, depth: depth + 1) else { return false }
            }
            out.append(0x29)
        } else if kind.isEq(s.safeArea), args.count == 2, let side = args[0].symbol, let parent = args[1].sstring {
            out += Self.bytes(parent)
            out += Array((".safeAreaInsets." + side.name).utf8)
        } else if kind.isEq(s.local), args.count == 3, let number = args[2].car?.fixnum {
            let letter = args[0].isEq(s.x) ? "X" : args[0].isEq(s.y) ? "Y" : args[0].isEq(s.w) ? "W" : args[0].isEq(s.h) ? "H" : nil
            guard let letter else { return false }
            out += Array("htll\(letter)\(number)".utf8)
        } else {
            return false
        }
        return true
    }

    /// A bound atom's owner: the parent's Objective-C text, or a view.
    private func owner(_ o: Value, _ out: inout [UInt8]) -> Bool {
        if let text = o.sstring { out += Self.bytes(text); return true }
        return view(o, &out)
    }

    /// A view's name in the naming, or `nil` (as `name-of` prints a view it does not name).
    private func view(_ v: Value, _ out: inout [UInt8]) -> Bool {
        guard case .object = v, let object = v.heapObject else { return false }
        out += names[ObjectIdentifier(object)] ?? Array("nil".utf8)
        return true
    }

    /// A string's text as UTF-8.
    static func bytes(_ s: SString) -> [UInt8] {
        if s.scalars.allSatisfy({ $0 < 0x80 }) { return s.scalars.map { UInt8(truncatingIfNeeded: $0) } }
        return Array(s.string.utf8)
    }

    /// Whether a coefficient is negative; nil for what is not a fixnum or flonum.
    static func isNegative(_ c: Value) -> Bool? {
        switch c {
        case .fixnum(let n): return n < 0
        case .flonum(let d): return d < 0
        default: return nil
        }
    }

    /// The magnitude of a coefficient (`abs`), kept exact or inexact as it was.
    static func magnitude(_ c: Value) -> Value? {
        switch c {
        case .fixnum(let n): return n == Int.min ? nil : .fixnum(abs(n))
        case .flonum(let d): return .flonum(abs(d))
        default: return nil
        }
    }

    /// `(= c 1)`.
    static func isOne(_ c: Value) -> Bool {
        switch c {
        case .fixnum(let n): return n == 1
        case .flonum(let d): return d == 1
        default: return false
        }
    }

    /// htll:number->c of a non-negative fixnum or flonum, or nil where the prelude decides (past
    /// 1e15, not finite, or a scaled value past 64 bits).
    static func number(_ c: Value) -> [UInt8]? {
        switch c {
        case .fixnum(let n):
            return n < 1_000_000_000_000_000 ? Array(String(n).utf8) : nil
        case .flonum(let d):
            guard d.isFinite, d < 1e15 else { return nil }
            // htll:fraction->c: (exact (round (* x 1e10))), half to even, then ten decimals at most.
            let scaled = (d * 10_000_000_000).rounded(.toNearestOrEven)
            guard scaled < 9.0e18 else { return nil }
            let n = Int(scaled)
            let whole = n / 10_000_000_000, fraction = n % 10_000_000_000
            var digits = Array(String(fraction).utf8)
            digits = [UInt8](repeating: 0x30, count: 10 - digits.count) + digits
            while let last = digits.last, last == 0x30 { digits.removeLast() }
            return Array(String(whole).utf8) + (digits.isEmpty ? [] : [0x2E] + digits)
        default:
            return nil
        }
    }
}
