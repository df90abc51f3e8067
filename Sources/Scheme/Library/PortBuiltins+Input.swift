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

    /// `read`: the next datum on a textual port, or the eof object. The reader parses the port's
    /// buffered characters in place and the port then skips what the datum used. A file is
    /// buffered whole first (it is finite, and a token must not be cut at a chunk boundary); other
    /// streams get more input only when the datum is incomplete.
    func readDatum(from port: Port) throws(SchemeRaise) -> Value {
        if case .file? = port.source { while pullInput(port) {} }
        while true {
            var reader = Reader(scalars: port.inputScalars, fileIndex: fileIndex("<port>"), runtime: self)
            reader.position = port.inputPosition
            reader.line = port.line
            reader.column = port.column
            let datum: Value?
            do {
                datum = try reader.read()
            } catch {
                if reader.endedInsideDatum, pullInput(port) { continue }
                // Skip the bad text so the next read does not fail the same way forever.
                port.inputPosition = min(max(reader.position, port.inputPosition + 1), port.inputScalars.count)
                throw error
            }
            if datum == nil, pullInput(port) { continue }
            port.inputPosition = reader.position
            port.line = reader.line
            port.column = reader.column
            return datum ?? .eof
        }
    }

    /// Appends the stream's next chunk to the port's unread input, keeping what is still unread.
    /// False when the stream has nothing more.
    private func pullInput(_ port: Port) -> Bool {
        if port.inputExhausted { return false }
        let pending = Array(port.inputScalars[min(port.inputPosition, port.inputScalars.count)...])
        port.inputPosition = port.inputScalars.count
        guard port.fillInput() else {
            port.inputScalars = pending
            port.inputPosition = 0
            return false
        }
        port.inputScalars = pending + port.inputScalars[port.inputPosition...]
        port.inputPosition = 0
        return true
    }
}

/// `read read-char peek-char read-line read-string char-ready? read-u8 peek-u8 u8-ready? read-bytevector read-bytevector!`.
let inputBuiltins: [Builtin] = [
    Builtin("read", .range(0, 1)) { a, rt throws(SchemeRaise) in
        try rt.readDatum(from: try rt.inputPort(a, 0, "read", binary: false)) },
    Builtin("read-char", .range(0, 1)) { a, rt throws(SchemeRaise) in
        try rt.inputPort(a, 0, "read-char", binary: false).readScalar().map { .char($0) } ?? .eof },
    Builtin("peek-char", .range(0, 1)) { a, rt throws(SchemeRaise) in
        try rt.inputPort(a, 0, "peek-char", binary: false).peekScalar().map { .char($0) } ?? .eof },
    Builtin("read-line", .range(0, 1)) { a, rt throws(SchemeRaise) in
        try rt.inputPort(a, 0, "read-line", binary: false).readLine().map { rt.makeString($0) } ?? .eof },
    Builtin("read-string", .range(1, 2)) { a, rt throws(SchemeRaise) in
        let k = try rt.size(a[0], "read-string")
        let port = try rt.inputPort(a, 1, "read-string", binary: false)
        var out: [UInt32] = []
        while out.count < k, let c = port.readScalar() { out.append(c) }
        return out.isEmpty && k > 0 ? .eof : rt.makeString(out) },
    Builtin("char-ready?", .range(0, 1)) { a, rt throws(SchemeRaise) in .bool(try rt.inputPort(a, 0, "char-ready?", binary: false).isReady) },
    Builtin("read-u8", .range(0, 1)) { a, rt throws(SchemeRaise) in
        try rt.inputPort(a, 0, "read-u8", binary: true).readByte().map { .fixnum(Int($0)) } ?? .eof },
    Builtin("peek-u8", .range(0, 1)) { a, rt throws(SchemeRaise) in
        try rt.inputPort(a, 0, "peek-u8", binary: true).peekByte().map { .fixnum(Int($0)) } ?? .eof },
    Builtin("u8-ready?", .range(0, 1)) { a, rt throws(SchemeRaise) in .bool(try rt.inputPort(a, 0, "u8-ready?", binary: true).isReady) },
    Builtin("read-bytevector", .range(1, 2)) { a, rt throws(SchemeRaise) in
        let k = try rt.size(a[0], "read-bytevector")
        let port = try rt.inputPort(a, 1, "read-bytevector", binary: true)
        var out: [UInt8] = []
        while out.count < k, let b = port.readByte() { out.append(b) }
        return out.isEmpty && k > 0 ? .eof : rt.makeBytevector(out) },
    Builtin("read-bytevector!", .range(1, 4)) { a, rt throws(SchemeRaise) in
        let bv = try rt.bytevector(a[0], "read-bytevector!")
        let port = try rt.inputPort(a, 1, "read-bytevector!", binary: true)
        let r = try rt.range(a, 2, count: bv.bytes.count, "read-bytevector!", kind: "bytevector")
        var k = r.lowerBound
        while k < r.upperBound, let b = port.readByte() { bv.bytes[k] = b; k += 1 }
        return k == r.lowerBound && !r.isEmpty ? .eof : .fixnum(k - r.lowerBound) },
]
