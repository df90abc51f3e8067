/// Character builtins, with Unicode classification and case mapping from `Unicode.Scalar.Properties`.
enum Chars {
    /// The scalar behind `c`, or U+FFFD for a value that is not one (never produced by the reader).
    static func scalar(_ c: UInt32) -> Unicode.Scalar { Unicode.Scalar(c) ?? "\u{FFFD}" }

    /// The single-scalar mapping `map` gives, or `c` when the mapping is longer (like `ß` → `SS`).
    static func mapped(_ c: UInt32, _ map: (Unicode.Scalar.Properties) -> String) -> UInt32 {
        guard let u = Unicode.Scalar(c) else { return c }
        let m = map(u.properties).unicodeScalars
        return m.count == 1 ? (m.first?.value ?? c) : c
    }

    /// ASCII mapped in place: the Unicode mapping is a `String` made for each character (about
    /// 700 instructions; a layout asks it for the first letter of every view's name, issue 19).
    static func upcase(_ c: UInt32) -> UInt32 {
        if c < 128 { return c >= 97 && c <= 122 ? c - 32 : c }
        return mapped(c) { $0.uppercaseMapping }
    }
    static func downcase(_ c: UInt32) -> UInt32 {
        if c < 128 { return c >= 65 && c <= 90 ? c + 32 : c }
        return mapped(c) { $0.lowercaseMapping }
    }
    /// Simple case folding: lowercase of uppercase, which folds `ς` and `σ` alike.
    static func foldcase(_ c: UInt32) -> UInt32 { downcase(upcase(c)) }

    /// The decimal digit value of `c`, or nil.
    static func digitValue(_ c: UInt32) -> Int? {
        guard let u = Unicode.Scalar(c), u.properties.numericType == .decimal,
              let v = u.properties.numericValue else { return nil }
        return Int(v)
    }

    /// A variadic comparison of characters, after mapping each through `key`.
    static func compare(_ a: Arguments, _ who: String, _ rt: Runtime, key: (UInt32) -> UInt32,
                        _ ok: (UInt32, UInt32) -> Bool) throws(SchemeRaise) -> Value {
        var prev = key(try rt.char(a[0], who))
        var result = true
        for i in 1..<a.count {
            let c = key(try rt.char(a[i], who))
            if !ok(prev, c) { result = false }
            prev = c
        }
        return .bool(result)
    }

    static func test(_ a: Arguments, _ who: String, _ rt: Runtime,
                     _ p: (Unicode.Scalar.Properties) -> Bool) throws(SchemeRaise) -> Value {
        .bool(p(scalar(try rt.char(a[0], who)).properties))
    }
}

private func same(_ c: UInt32) -> UInt32 { c }

/// `char? char->integer integer->char char=? … char-upcase …`.
let charBuiltins: [Builtin] = [
    Builtin("char?", .exactly(1)) { a, _ throws(SchemeRaise) in if case .char = a[0] { return .true } else { return .false } },
    Builtin("char->integer", .exactly(1)) { a, rt throws(SchemeRaise) in .fixnum(Int(try rt.char(a[0], "char->integer"))) },
    Builtin("integer->char", .exactly(1)) { a, rt throws(SchemeRaise) in
        let n = try rt.int(a[0], "integer->char")
        guard n >= 0, n <= 0x10FFFF, !(0xD800...0xDFFF).contains(n) else {
            throw rt.error("integer->char: not a Unicode scalar value", a[0]) }
        return .char(UInt32(n)) },
    Builtin("char=?", .atLeast(2)) { a, rt throws(SchemeRaise) in try Chars.compare(a, "char=?", rt, key: same, ==) },
    Builtin("char<?", .atLeast(2)) { a, rt throws(SchemeRaise) in try Chars.compare(a, "char<?", rt, key: same, <) },
    Builtin("char>?", .atLeast(2)) { a, rt throws(SchemeRaise) in try Chars.compare(a, "char>?", rt, key: same, >) },
    Builtin("char<=?", .atLeast(2)) { a, rt throws(SchemeRaise) in try Chars.compare(a, "char<=?", rt, key: same, <=) },
    Builtin("char>=?", .atLeast(2)) { a, rt throws(SchemeRaise) in try Chars.compare(a, "char>=?", rt, key: same, >=) },
    Builtin("char-ci=?", .atLeast(2)) { a, rt throws(SchemeRaise) in try Chars.compare(a, "char-ci=?", rt, key: Chars.foldcase, ==) },
    Builtin("char-ci<?", .atLeast(2)) { a, rt throws(SchemeRaise) in try Chars.compare(a, "char-ci<?", rt, key: Chars.foldcase, <) },
    Builtin("char-ci>?", .atLeast(2)) { a, rt throws(SchemeRaise) in try Chars.compare(a, "char-ci>?", rt, key: Chars.foldcase, >) },
    Builtin("char-ci<=?", .atLeast(2)) { a, rt throws(SchemeRaise) in try Chars.compare(a, "char-ci<=?", rt, key: Chars.foldcase, <=) },
    Builtin("char-ci>=?", .atLeast(2)) { a, rt throws(SchemeRaise) in try Chars.compare(a, "char-ci>=?", rt, key: Chars.foldcase, >=) },
    Builtin("char-alphabetic?", .exactly(1)) { a, rt throws(SchemeRaise) in try Chars.test(a, "char-alphabetic?", rt) { $0.isAlphabetic } },
    Builtin("char-numeric?", .exactly(1)) { a, rt throws(SchemeRaise) in try Chars.test(a, "char-numeric?", rt) { $0.generalCategory == .decimalNumber } },
    Builtin("char-whitespace?", .exactly(1)) { a, rt throws(SchemeRaise) in try Chars.test(a, "char-whitespace?", rt) { $0.isWhitespace } },
    Builtin("char-upper-case?", .exactly(1)) { a, rt throws(SchemeRaise) in try Chars.test(a, "char-upper-case?", rt) { $0.isUppercase } },
    Builtin("char-lower-case?", .exactly(1)) { a, rt throws(SchemeRaise) in try Chars.test(a, "char-lower-case?", rt) { $0.isLowercase } },
    Builtin("digit-value", .exactly(1)) { a, rt throws(SchemeRaise) in Chars.digitValue(try rt.char(a[0], "digit-value")).map { .fixnum($0) } ?? .false },
    Builtin("char-upcase", .exactly(1)) { a, rt throws(SchemeRaise) in .char(Chars.upcase(try rt.char(a[0], "char-upcase"))) },
    Builtin("char-downcase", .exactly(1)) { a, rt throws(SchemeRaise) in .char(Chars.downcase(try rt.char(a[0], "char-downcase"))) },
    Builtin("char-foldcase", .exactly(1)) { a, rt throws(SchemeRaise) in .char(Chars.foldcase(try rt.char(a[0], "char-foldcase"))) },
]
