/// Searching, splitting and joining strings (SRFI 13/130-style names, without procedure arguments:
/// `string-index` with a predicate is in `prelude/scheme/30-strings.scm`).
extension Strings {
    /// The first index at or after `from` where `needle` occurs in `hay`, or nil.
    static func find(_ needle: [UInt32], in hay: [UInt32], from: Int = 0) -> Int? {
        if needle.isEmpty { return from <= hay.count ? from : nil }
        guard hay.count >= needle.count else { return nil }
        var i = from
        while i <= hay.count - needle.count {
            if hay[i] == needle[0] {
                var j = 1
                while j < needle.count && hay[i + j] == needle[j] { j += 1 }
                if j == needle.count { return i }
            }
            i += 1
        }
        return nil
    }

    /// `(string-split s delimiter)`: the pieces between occurrences of a character or a non-empty
    /// string; adjacent delimiters give empty pieces, as in Guile.
    static func split(_ a: Arguments, _ rt: Runtime) throws(SchemeRaise) -> Value {
        let s = try rt.string(a[0], "string-split").scalars
        let delimiter: [UInt32]
        switch a[1] {
        case .char(let c): delimiter = [c]
        case .string(let d) where d.count > 0: delimiter = d.scalars
        default: throw rt.typeError("string-split", "a character or a non-empty string", a[1])
        }
        // Counted first: 25 million one-character pieces take 100 times the string's own memory.
        var count = 1, from = 0
        while let i = find(delimiter, in: s, from: from) {
            count += 1
            from = i + delimiter.count
        }
        try rt.reserve(count, of: Heap.pairBytes + 48, "string-split")
        try rt.reserve(s.count, of: 4, "string-split")
        var pieces: [Value] = []
        pieces.reserveCapacity(count)
        var start = 0
        while let i = find(delimiter, in: s, from: start) {
            pieces.append(rt.makeString(Array(s[start..<i])))
            start = i + delimiter.count
        }
        pieces.append(rt.makeString(Array(s[start...])))
        return rt.heap.list(pieces)
    }

    /// `(string-join list [delimiter [grammar]])`, grammar one of `infix strict-infix prefix suffix`.
    static func join(_ a: Arguments, _ rt: Runtime) throws(SchemeRaise) -> Value {
        let items = try rt.list(a[0], "string-join")
        let delimiter = a.count > 1 ? try rt.string(a[1], "string-join").scalars : [32]
        let grammar = a.count > 2 ? try rt.symbolArg(a[2], "string-join").name : "infix"
        var total = items.count &* delimiter.count
        for v in items { total &+= try rt.string(v, "string-join").scalars.count }
        try rt.reserve(total, of: 4, "string-join")
        var out: [UInt32] = []
        switch grammar {
        case "infix", "strict-infix":
            if items.isEmpty && grammar == "strict-infix" { throw rt.error("string-join: empty list with strict-infix grammar") }
            for (i, v) in items.enumerated() {
                if i > 0 { out += delimiter }
                out += try rt.string(v, "string-join").scalars
            }
        case "prefix":
            for v in items { out += delimiter; out += try rt.string(v, "string-join").scalars }
        case "suffix":
            for v in items { out += try rt.string(v, "string-join").scalars; out += delimiter }
        default:
            throw rt.error("string-join: unknown grammar", a[2])
        }
        return rt.makeString(out)
    }

    /// Whether `c` is whitespace, for the `string-trim` family.
    static func isSpace(_ c: UInt32) -> Bool { Chars.scalar(c).properties.isWhitespace }

    static func trim(_ a: Arguments, _ who: String, left: Bool, right: Bool, _ rt: Runtime) throws(SchemeRaise) -> Value {
        let s = try rt.string(a[0], who).scalars
        var lo = 0, hi = s.count
        if left { while lo < hi && isSpace(s[lo]) { lo += 1 } }
        if right { while hi > lo && isSpace(s[hi - 1]) { hi -= 1 } }
        return rt.makeString(Array(s[lo..<hi]))
    }
}

/// `string-contains string-split string-join string-prefix? string-trim …`.
let stringSearchBuiltins: [Builtin] = [
    Builtin("string-contains", .range(2, 3)) { a, rt throws(SchemeRaise) in
        let s = try rt.string(a[0], "string-contains").scalars
        let from = a.count > 2 ? try rt.index(a[2], "string-contains", count: s.count, kind: "string", end: true) : 0
        return Strings.find(try rt.string(a[1], "string-contains").scalars, in: s, from: from).map { .fixnum($0) } ?? .false },
    Builtin("string-split", .exactly(2)) { a, rt throws(SchemeRaise) in try Strings.split(a, rt) },
    Builtin("string-join", .range(1, 3)) { a, rt throws(SchemeRaise) in try Strings.join(a, rt) },
    Builtin("string-null?", .exactly(1)) { a, rt throws(SchemeRaise) in .bool(try rt.string(a[0], "string-null?").count == 0) },
    Builtin("string-prefix?", .exactly(2)) { a, rt throws(SchemeRaise) in
        .bool(try rt.string(a[1], "string-prefix?").scalars.starts(with: try rt.string(a[0], "string-prefix?").scalars)) },
    Builtin("string-suffix?", .exactly(2)) { a, rt throws(SchemeRaise) in
        .bool(try rt.string(a[1], "string-suffix?").scalars.reversed().starts(with: try rt.string(a[0], "string-suffix?").scalars.reversed())) },
    Builtin("string-trim", .exactly(1)) { a, rt throws(SchemeRaise) in try Strings.trim(a, "string-trim", left: true, right: false, rt) },
    Builtin("string-trim-right", .exactly(1)) { a, rt throws(SchemeRaise) in try Strings.trim(a, "string-trim-right", left: false, right: true, rt) },
    Builtin("string-trim-both", .exactly(1)) { a, rt throws(SchemeRaise) in try Strings.trim(a, "string-trim-both", left: true, right: true, rt) },
    Builtin("string-reverse", .exactly(1)) { a, rt throws(SchemeRaise) in rt.makeString(try rt.string(a[0], "string-reverse").scalars.reversed()) },
    Builtin("%string-index-char", .range(2, 3)) { a, rt throws(SchemeRaise) in
        let s = try rt.string(a[0], "string-index").scalars
        let c = try rt.char(a[1], "string-index")
        let from = a.count > 2 ? try rt.index(a[2], "string-index", count: s.count, kind: "string", end: true) : 0
        return s[from...].firstIndex(of: c).map { .fixnum($0) } ?? .false },
]
