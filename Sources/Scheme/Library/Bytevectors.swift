/// Bytevector builtins, including UTF-8 conversion.
extension Runtime {
    func bytevector(_ v: Value, _ who: String) throws(SchemeRaise) -> SBytevector {
        if case .bytevector(let b) = v { return b }
        throw typeError(who, "a bytevector", v)
    }

    func byte(_ v: Value, _ who: String) throws(SchemeRaise) -> UInt8 {
        guard case .fixnum(let n) = v, let b = UInt8(exactly: n) else { throw typeError(who, "a byte", v) }
        return b
    }

    /// A new bytevector value.
    func makeBytevector<C: Collection>(_ bytes: C) -> Value where C.Element == UInt8 { .bytevector(SBytevector.make(bytes, in: heap)) }
}

enum Bytevectors {
    /// Decodes UTF-8, replacing invalid sequences with U+FFFD.
    static func decode(_ bytes: ArraySlice<UInt8>) -> [UInt32] {
        var out: [UInt32] = []
        decode(bytes, into: &out)
        return out
    }

    /// Appends the characters of the UTF-8 in `bytes` to `out` (invalid sequences become U+FFFD, one
    /// per maximal invalid subpart). ASCII runs, most of most text, are copied without the decoder;
    /// the decoder takes each run of non-ASCII bytes between them, which gives what decoding the
    /// whole would, as an ASCII byte never belongs to a longer sequence and always ends one.
    static func decode(_ bytes: ArraySlice<UInt8>, into out: inout [UInt32]) {
        out.reserveCapacity(out.count + bytes.count)
        var i = bytes.startIndex
        while i < bytes.endIndex {
            var j = i
            while j < bytes.endIndex && bytes[j] < 0x80 { j += 1 }
            out.append(contentsOf: bytes[i..<j].lazy.map { UInt32($0) })
            i = j
            while j < bytes.endIndex && bytes[j] >= 0x80 { j += 1 }
            var decoder = UTF8()
            var it = bytes[i..<j].makeIterator()
            loop: while true {
                switch decoder.decode(&it) {
                case .scalarValue(let u): out.append(u.value)
                case .error: out.append(0xFFFD)
                case .emptyInput: break loop
                }
            }
            i = j
        }
    }

    static func encode(_ scalars: ArraySlice<UInt32>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(scalars.count)
        for c in scalars {
            if c < 0x80 { out.append(UInt8(truncatingIfNeeded: c)) } else { UTF8.encode(Chars.scalar(c)) { out.append($0) } }
        }
        return out
    }
}

/// `bytevector make-bytevector bytevector-u8-ref … utf8->string string->utf8`.
let bytevectorBuiltins: [Builtin] = [
    Builtin("bytevector?", .exactly(1)) { a, _ throws(SchemeRaise) in .bool({ if case .bytevector = a[0] { return true } else { return false } }()) },
    Builtin("bytevector", .atLeast(0)) { a, rt throws(SchemeRaise) in
        var out: [UInt8] = []
        for i in 0..<a.count { out.append(try rt.byte(a[i], "bytevector")) }
        return rt.makeBytevector(out) },
    Builtin("make-bytevector", .range(1, 2)) { a, rt throws(SchemeRaise) in
        let n = try rt.allocationSize(a[0], "make-bytevector", elementBytes: 1)
        let fill = a.count > 1 ? try rt.byte(a[1], "make-bytevector") : 0
        return .bytevector(SBytevector.make(count: n, in: rt.heap) { $0.initializeMemory(as: UInt8.self, repeating: fill) }) },
    Builtin("bytevector-length", .exactly(1)) { a, rt throws(SchemeRaise) in .fixnum(try rt.bytevector(a[0], "bytevector-length").count) },
    Builtin("bytevector-u8-ref", .exactly(2)) { a, rt throws(SchemeRaise) in
        let b = try rt.bytevector(a[0], "bytevector-u8-ref")
        return .fixnum(Int(b[try rt.index(a[1], "bytevector-u8-ref", count: b.count, kind: "bytevector")])) },
    Builtin("bytevector-u8-set!", .exactly(3)) { a, rt throws(SchemeRaise) in
        let b = try rt.bytevector(a[0], "bytevector-u8-set!")
        let i = try rt.index(a[1], "bytevector-u8-set!", count: b.count, kind: "bytevector")
        b[i] = try rt.byte(a[2], "bytevector-u8-set!")
        return .unspecified },
    Builtin("bytevector-copy", .range(1, 3)) { a, rt throws(SchemeRaise) in
        let b = try rt.bytevector(a[0], "bytevector-copy")
        return rt.makeBytevector(b.bytes(try rt.range(a, 1, count: b.count, "bytevector-copy", kind: "bytevector"))) },
    Builtin("bytevector-copy!", .range(3, 5)) { a, rt throws(SchemeRaise) in
        let to = try rt.bytevector(a[0], "bytevector-copy!")
        let at = try rt.index(a[1], "bytevector-copy!", count: to.count, kind: "bytevector", end: true)
        let from = try rt.bytevector(a[2], "bytevector-copy!")
        let r = try rt.range(a, 3, count: from.count, "bytevector-copy!", kind: "bytevector")
        guard at + r.count <= to.count else { throw rt.error("bytevector-copy!: not enough room in destination") }
        let slice = from.bytes(r)  // a copy of the range first: the two ranges may overlap
        for (k, b) in slice.enumerated() { to[at + k] = b }
        return .unspecified },
    Builtin("bytevector-append", .atLeast(0)) { a, rt throws(SchemeRaise) in
        var total = 0
        for i in 0..<a.count { total &+= try rt.bytevector(a[i], "bytevector-append").count }
        try rt.reserve(total, "bytevector-append")
        var out: [UInt8] = []
        for i in 0..<a.count { out += try rt.bytevector(a[i], "bytevector-append").bytes }
        return rt.makeBytevector(out) },
    Builtin("utf8->string", .range(1, 3)) { a, rt throws(SchemeRaise) in
        let b = try rt.bytevector(a[0], "utf8->string")
        try rt.reserve(b.count, of: 4, "utf8->string")
        return rt.makeString(Bytevectors.decode(b.bytes(try rt.range(a, 1, count: b.count, "utf8->string", kind: "bytevector"))[...])) },
    Builtin("string->utf8", .range(1, 3)) { a, rt throws(SchemeRaise) in
        let s = try rt.string(a[0], "string->utf8")
        return rt.makeBytevector(Bytevectors.encode(s.scalars[try rt.range(a, 1, count: s.count, "string->utf8", kind: "string")])) },
]
