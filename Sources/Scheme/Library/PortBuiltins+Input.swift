/// Input builtins: `read-char peek-char read-line read-string read-u8 peek-u8 …`.
extension Runtime {
    /// The input port at `a[i]`, or the current input port; must be open (and textual or binary).
    func inputPort(_ a: Arguments, _ i: Int, _ who: String, binary: Bool? = nil) throws(SchemeRaise) -> Port {
        let v = i < a.count ? a[i] : currentInput.value
        guard let p = v.object(Port.self), p.isInput else { throw typeError(who, "an input port", v) }
        guard p.isOpen else { throw error("\(who): port is closed", v) }
        if let binary, binary != p.isBinary { throw typeError(who, binary ? "a binary port" : "a textual port", v) }
        return p
    }

    /// `inputPort`, unretained (the heap owns the port), for the builtins a loop calls once per
    /// character or byte: returning the port retained it and the caller released it, a fifth of
    /// `read-char`'s time (Larceny's wc). Use it only within the builtin's call.
    @inline(__always)
    func inputPortRef(_ a: Arguments, _ i: Int, _ who: String, binary: Bool) throws(SchemeRaise) -> Unmanaged<Port> {
        let v = i < a.count ? a[i] : currentInput.value
        if let p = Port.unretained(v), p._withUnsafeGuaranteedRef({ $0.isInput && $0.isOpen && $0.isBinary == binary }) {
            return p
        }
        return Unmanaged.passUnretained(try inputPort(a, i, who, binary: binary))  // (throws the error)
    }

    /// Reads up to `k` items with `next` (nil at end of input), checking every 64K items that the
    /// text read so far (`bytes` each) fits under the heap limit and counting it as work: the input
    /// is not on the heap yet, so a line of a huge file cannot grow past the limits unnoticed.
    func readItems<T>(_ k: Int, bytes: Int, _ who: String, _ next: () -> T?) throws(SchemeRaise) -> [T] {
        var out: [T] = []
        while out.count < k, let c = next() {
            out.append(c)
            if out.count & 0xFFFF == 0 { try reserve(out.count, of: bytes, who) }
        }
        return out
    }
}

/// `read-char peek-char read-line read-string char-ready? read-u8 peek-u8 u8-ready? read-bytevector read-bytevector!`.
let inputBuiltins: [Builtin] = [
    Builtin("read-char", .range(0, 1)) { a, rt throws(SchemeRaise) in
        try rt.inputPortRef(a, 0, "read-char", binary: false)._withUnsafeGuaranteedRef { $0.readScalar() }.map { .char($0) } ?? .eof },
    Builtin("peek-char", .range(0, 1)) { a, rt throws(SchemeRaise) in
        try rt.inputPortRef(a, 0, "peek-char", binary: false)._withUnsafeGuaranteedRef { $0.peekScalar() }.map { .char($0) } ?? .eof },
    Builtin("read-line", .range(0, 1)) { a, rt throws(SchemeRaise) in
        let port = try rt.inputPort(a, 0, "read-line", binary: false)
        let line = try port.readLine { (n) throws(SchemeRaise) in try rt.reserve(n, of: 4, "read-line") }
        return line.map(rt.makeString) ?? .eof },
    Builtin("read-string", .range(1, 2)) { a, rt throws(SchemeRaise) in
        let k = try rt.size(a[0], "read-string")
        let port = try rt.inputPort(a, 1, "read-string", binary: false)
        let out = try rt.readItems(k, bytes: 4, "read-string") { port.readScalar() }
        return out.isEmpty && k > 0 ? .eof : rt.makeString(out) },
    Builtin("char-ready?", .range(0, 1)) { a, rt throws(SchemeRaise) in .bool(try rt.inputPort(a, 0, "char-ready?", binary: false).isReady) },
    Builtin("read-u8", .range(0, 1)) { a, rt throws(SchemeRaise) in
        try rt.inputPortRef(a, 0, "read-u8", binary: true)._withUnsafeGuaranteedRef { $0.readByte() }.map { .fixnum(Int($0)) } ?? .eof },
    Builtin("peek-u8", .range(0, 1)) { a, rt throws(SchemeRaise) in
        try rt.inputPortRef(a, 0, "peek-u8", binary: true)._withUnsafeGuaranteedRef { $0.peekByte() }.map { .fixnum(Int($0)) } ?? .eof },
    Builtin("u8-ready?", .range(0, 1)) { a, rt throws(SchemeRaise) in .bool(try rt.inputPort(a, 0, "u8-ready?", binary: true).isReady) },
    Builtin("read-bytevector", .range(1, 2)) { a, rt throws(SchemeRaise) in
        let k = try rt.size(a[0], "read-bytevector")
        let port = try rt.inputPort(a, 1, "read-bytevector", binary: true)
        let out = try rt.readItems(k, bytes: 1, "read-bytevector") { port.readByte() }
        return out.isEmpty && k > 0 ? .eof : rt.makeBytevector(out) },
    Builtin("read-bytevector!", .range(1, 4)) { a, rt throws(SchemeRaise) in
        let bv = try rt.bytevector(a[0], "read-bytevector!")
        let port = try rt.inputPort(a, 1, "read-bytevector!", binary: true)
        let r = try rt.range(a, 2, count: bv.count, "read-bytevector!", kind: "bytevector")
        var k = r.lowerBound
        while k < r.upperBound, let b = port.readByte() { bv[k] = b; k += 1 }
        return k == r.lowerBound && !r.isEmpty ? .eof : .fixnum(k - r.lowerBound) },
]
