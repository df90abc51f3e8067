#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// String builtins over `SString` (buffers of Unicode scalars, so indexing is O(1)).
enum Strings {
    /// Full case mapping of a whole string (`ß` upcases to `SS`), with an ASCII fast path.
    static func mapCase(_ s: [UInt32], ascii: (UInt32) -> UInt32, full: (String) -> String) -> [UInt32] {
        if s.allSatisfy({ $0 < 128 }) { return s.map(ascii) }
        return full(String(String.UnicodeScalarView(s.compactMap(Unicode.Scalar.init)))).unicodeScalars.map { $0.value }
    }

    static func upcase(_ s: [UInt32]) -> [UInt32] {
        mapCase(s, ascii: { $0 >= 97 && $0 <= 122 ? $0 - 32 : $0 }, full: { $0.uppercased() })
    }
    static func downcase(_ s: [UInt32]) -> [UInt32] {
        mapCase(s, ascii: { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 }, full: { $0.lowercased() })
    }
    /// Case folding as lowercase-of-uppercase, which folds `ß` to `ss` and final sigma to sigma.
    static func foldcase(_ s: [UInt32]) -> [UInt32] {
        mapCase(s, ascii: { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 }, full: { $0.uppercased().lowercased() })
    }

    /// A variadic comparison of strings, after mapping each through `key`.
    static func compare(_ a: Arguments, _ who: String, _ rt: Runtime, fold: Bool,
                        _ ok: (Int) -> Bool) throws(SchemeRaise) -> Value {
        var prev = try rt.string(a[0], who)
        var result = true
        for i in 1..<a.count {
            let s = try rt.string(a[i], who)
            if result {
                let o = fold ? order(foldcase(prev.scalars), foldcase(s.scalars)) : order(prev, s)
                if !ok(o) { result = false }
            }
            prev = s
        }
        return .bool(result)
    }

    /// -1, 0 or 1 as `x` sorts before, with or after `y` (by scalar value).
    static func order<C: Collection>(_ x: C, _ y: C) -> Int where C.Element == UInt32 {
        if x.elementsEqual(y) { return 0 }
        return x.lexicographicallyPrecedes(y) ? -1 : 1
    }

    /// -1, 0 or 1 as the string `x` sorts before, with or after `y` (by scalar value, whatever
    /// their widths).
    static func order(_ x: SString, _ y: SString) -> Int {
        let n = min(x.count, y.count)
        for i in 0..<n {
            let a = x[i], b = y[i]
            if a != b { return a < b ? -1 : 1 }
        }
        return x.count == y.count ? 0 : (x.count < y.count ? -1 : 1)
    }

    /// The characters of every argument (characters, strings, or lists of characters) joined.
    static func scalars(ofChars list: Value, _ who: String, _ rt: Runtime) throws(SchemeRaise) -> [UInt32] {
        var out: [UInt32] = []
        for v in try rt.list(list, who) { out.append(try rt.char(v, who)) }
        return out
    }

    /// `string-append`: the result's scalars written once into a buffer of the final size (the
    /// printers of generated code call this for nearly every line: it cost about 2,600
    /// instructions a call, issue 19).
    ///
    static func append(_ a: Arguments, _ rt: Runtime) throws(SchemeRaise) -> Value {
        var total = 0
        var wide = false
        for i in 0..<a.count {
            guard case .string(let u) = a[i] else { throw rt.typeError("string-append", "a string", a[i]) }
            // (Returned, not added to captured variables, which may be boxed and checked at each access.)
            let (length, isWide) = (u.count, u.isWide)
            total &+= length
            wide = wide || isWide
        }
        try rt.reserve(total, of: wide ? 4 : 1, "string-append")
        // (The lengths were summed above and strings never change length; a part's width may
        // change only through `string-set!`, which nothing here calls. memcpy:
        // `initialize(from:count:)` cost about 80 instructions a part.)
        let out = wide
            ? SString.make(count: total, in: rt.heap) { copyParts(a, to: $0.baseAddress) { $0.copyScalars(to: $1) } }
            : SString.make(narrowCount: total, in: rt.heap) { copyParts(a, to: $0.baseAddress) { $0.copyBytes(to: $1) } }
        return .string(out)
    }

    /// Copies the string arguments in `a`, one after another, to `to` through `copy` (a part and
    /// where it goes).
    private static func copyParts<T>(_ a: Arguments, to: UnsafeMutablePointer<T>?, _ copy: (SString, UnsafeMutablePointer<T>) -> Void) {
        guard let to else { return }
        var at = 0
        for i in 0..<a.count {
            guard case .string(let u) = a[i] else { continue }
            let start = at
            copy(u, to + start)
            at = start &+ u.count
        }
    }

    /// `string-copy!`: copies `from[range]` into `to` at `at`, correct for overlapping ranges.
    static func copyInto(_ a: Arguments, _ rt: Runtime) throws(SchemeRaise) -> Value {
        let to = try rt.string(a[0], "string-copy!")
        let at = try rt.index(a[1], "string-copy!", count: to.count, kind: "string", end: true)
        let from = try rt.string(a[2], "string-copy!")
        let r = try rt.range(a, 3, count: from.count, "string-copy!", kind: "string")
        guard at + r.count <= to.count else { throw rt.error("string-copy!: not enough room in destination") }
        let slice = r.map { from[$0] }  // a copy of the range first: the two ranges may overlap
        for (k, c) in slice.enumerated() { to[at + k] = c }
        return .unspecified
    }
}

extension Runtime {
    /// A new string value holding `scalars`.
    func makeString<C: Collection>(_ scalars: C) -> Value where C.Element == UInt32 {
        .string(SString.make(scalars, in: heap))
    }
}

/// `string? make-string string-length string-ref substring string-append string=? string-upcase …`.
let stringBuiltins: [Builtin] = [
    Builtin("string?", .exactly(1)) { a, _ throws(SchemeRaise) in .bool(a[0].isString) },
    Builtin("make-string", .range(1, 2)) { a, rt throws(SchemeRaise) in
        let n = try rt.allocationSize(a[0], "make-string", elementBytes: 4)
        let c = a.count > 1 ? try rt.char(a[1], "make-string") : 32
        if c < 0x100 {
            return .string(SString.make(narrowCount: n, in: rt.heap) { $0.initialize(repeating: UInt8(c)) })
        }
        return rt.makeString(Array(repeating: c, count: n)) },
    Builtin("string", .atLeast(0)) { a, rt throws(SchemeRaise) in
        var out: [UInt32] = []
        for i in 0..<a.count { out.append(try rt.char(a[i], "string")) }
        return rt.makeString(out) },
    Builtin("string-length", .exactly(1)) { a, rt throws(SchemeRaise) in .fixnum(try rt.string(a[0], "string-length").count) },
    Builtin("string-ref", .exactly(2)) { a, rt throws(SchemeRaise) in
        let s = try rt.string(a[0], "string-ref")
        return .char(s[try rt.index(a[1], "string-ref", count: s.count, kind: "string")]) },
    Builtin("string-set!", .exactly(3)) { a, rt throws(SchemeRaise) in
        let s = try rt.string(a[0], "string-set!")
        let i = try rt.index(a[1], "string-set!", count: s.count, kind: "string")
        s[i] = try rt.char(a[2], "string-set!")
        return .unspecified },
    Builtin("substring", .range(2, 3)) { a, rt throws(SchemeRaise) in
        let s = try rt.string(a[0], "substring")
        return .string(s.copy(try rt.range(a, 1, count: s.count, "substring", kind: "string"), in: rt.heap)) },
    Builtin("string-copy", .range(1, 3)) { a, rt throws(SchemeRaise) in
        let s = try rt.string(a[0], "string-copy")
        return .string(s.copy(try rt.range(a, 1, count: s.count, "string-copy", kind: "string"), in: rt.heap)) },
    Builtin("string-append", .atLeast(0)) { a, rt throws(SchemeRaise) in try Strings.append(a, rt) },
    Builtin("string-copy!", .range(3, 5)) { a, rt throws(SchemeRaise) in try Strings.copyInto(a, rt) },
    Builtin("string-fill!", .range(2, 4)) { a, rt throws(SchemeRaise) in
        let s = try rt.string(a[0], "string-fill!")
        let c = try rt.char(a[1], "string-fill!")
        for i in try rt.range(a, 2, count: s.count, "string-fill!", kind: "string") { s[i] = c }
        return .unspecified },
    Builtin("string->list", .range(1, 3)) { a, rt throws(SchemeRaise) in
        let s = try rt.string(a[0], "string->list")
        try rt.reserve(s.count, of: Heap.pairBytes, "string->list")
        return rt.heap.list(try rt.range(a, 1, count: s.count, "string->list", kind: "string").map { .char(s[$0]) }) },
    Builtin("list->string", .exactly(1)) { a, rt throws(SchemeRaise) in rt.makeString(try Strings.scalars(ofChars: a[0], "list->string", rt)) },
    Builtin("string->vector", .range(1, 3)) { a, rt throws(SchemeRaise) in
        let s = try rt.string(a[0], "string->vector")
        try rt.reserve(s.count, of: 16, "string->vector")
        return rt.heap.vector(try rt.range(a, 1, count: s.count, "string->vector", kind: "string").map { .char(s[$0]) }) },
    Builtin("vector->string", .range(1, 3)) { a, rt throws(SchemeRaise) in
        let v = try rt.vector(a[0], "vector->string")
        var out: [UInt32] = []
        for x in v.items(try rt.range(a, 1, count: v.count, "vector->string", kind: "vector")) { out.append(try rt.char(x, "vector->string")) }
        return rt.makeString(out) },
    Builtin("string=?", .atLeast(1)) { a, rt throws(SchemeRaise) in try Strings.compare(a, "string=?", rt, fold: false) { $0 == 0 } },
    Builtin("string<?", .atLeast(1)) { a, rt throws(SchemeRaise) in try Strings.compare(a, "string<?", rt, fold: false) { $0 < 0 } },
    Builtin("string>?", .atLeast(1)) { a, rt throws(SchemeRaise) in try Strings.compare(a, "string>?", rt, fold: false) { $0 > 0 } },
    Builtin("string<=?", .atLeast(1)) { a, rt throws(SchemeRaise) in try Strings.compare(a, "string<=?", rt, fold: false) { $0 <= 0 } },
    Builtin("string>=?", .atLeast(1)) { a, rt throws(SchemeRaise) in try Strings.compare(a, "string>=?", rt, fold: false) { $0 >= 0 } },
    Builtin("string-ci=?", .atLeast(1)) { a, rt throws(SchemeRaise) in try Strings.compare(a, "string-ci=?", rt, fold: true) { $0 == 0 } },
    Builtin("string-ci<?", .atLeast(1)) { a, rt throws(SchemeRaise) in try Strings.compare(a, "string-ci<?", rt, fold: true) { $0 < 0 } },
    Builtin("string-ci>?", .atLeast(1)) { a, rt throws(SchemeRaise) in try Strings.compare(a, "string-ci>?", rt, fold: true) { $0 > 0 } },
    Builtin("string-ci<=?", .atLeast(1)) { a, rt throws(SchemeRaise) in try Strings.compare(a, "string-ci<=?", rt, fold: true) { $0 <= 0 } },
    Builtin("string-ci>=?", .atLeast(1)) { a, rt throws(SchemeRaise) in try Strings.compare(a, "string-ci>=?", rt, fold: true) { $0 >= 0 } },
    Builtin("string-upcase", .exactly(1)) { a, rt throws(SchemeRaise) in rt.makeString(Strings.upcase(try rt.string(a[0], "string-upcase").scalars)) },
    Builtin("string-downcase", .exactly(1)) { a, rt throws(SchemeRaise) in rt.makeString(Strings.downcase(try rt.string(a[0], "string-downcase").scalars)) },
    Builtin("string-foldcase", .exactly(1)) { a, rt throws(SchemeRaise) in rt.makeString(Strings.foldcase(try rt.string(a[0], "string-foldcase").scalars)) },
]
