/// Output builtins: `display write newline write-char write-string write-u8 …`.
extension Runtime {
    /// The output port at `a[i]`, or the current output port; must be open (and textual or binary).
    func outputPort(_ a: Arguments, _ i: Int, _ who: String, binary: Bool? = nil) throws(SchemeRaise) -> Port {
        let v = i < a.count ? a[i] : currentOutput.value
        guard let p = v.object(Port.self), p.isOutput else { throw typeError(who, "an output port", v) }
        guard p.isOpen else { throw error("\(who): port is closed", v) }
        if let binary, binary != p.isBinary { throw typeError(who, binary ? "a binary port" : "a textual port", v) }
        p.limit = outputLimit ?? Int.max
        if p.overLimit { throw limitExceeded("\(who): output limit exceeded") }
        return p
    }

    /// `outputPort`, unretained (see `inputPortRef`): for the builtins a loop calls once per
    /// character or byte. Use it only within the builtin's call.
    @inline(__always)
    func outputPortRef(_ a: Arguments, _ i: Int, _ who: String, binary: Bool) throws(SchemeRaise) -> Unmanaged<Port> {
        let v = i < a.count ? a[i] : currentOutput.value
        let limit = outputLimit ?? Int.max
        if let p = Port.unretained(v), p._withUnsafeGuaranteedRef({ port in
            guard port.isOutput, port.isOpen, port.isBinary == binary else { return false }
            port.limit = limit
            return !port.overLimit
        }) {
            return p
        }
        return Unmanaged.passUnretained(try outputPort(a, i, who, binary: binary))  // (throws the error)
    }

    /// Ends a write to `port` (unretained): what it added to a string port counts as allocation
    /// (heap limits see it), a write the output limit cut short ends the evaluation, and a failed
    /// write to the stream is a file error (see `checkWritten`).
    @inline(__always) func wrote(_ port: Unmanaged<Port>, _ who: String) throws(SchemeRaise) -> Value {
        heap.charge(port._withUnsafeGuaranteedRef { $0.unchargedGrowth() })
        if port._withUnsafeGuaranteedRef({ $0.overLimit }) { throw limitExceeded("\(who): output limit exceeded") }
        if vm.pendingLimit != nil { throw pendingLimitError() }
        try checkWritten(port, who)
        return .unspecified
    }

    /// `wrote` of a port held by reference.
    func wrote(_ port: Port, _ who: String) throws(SchemeRaise) -> Value {
        try wrote(Unmanaged.passUnretained(port), who)
    }

    /// After writing to `port`: a file error naming `who` if sending its output to the stream failed
    /// (a full disk, a closed pipe), here or in an earlier write whose buffer this one flushed.
    func checkWritten(_ port: Unmanaged<Port>, _ who: String) throws(SchemeRaise) {
        if let reason = port._withUnsafeGuaranteedRef({ $0.takeWriteError() }) {
            throw error("\(who): cannot write: \(reason)", kind: .file)
        }
    }

    /// `checkWritten` of a port held by reference.
    func checkWritten(_ port: Port, _ who: String) throws(SchemeRaise) {
        try checkWritten(Unmanaged.passUnretained(port), who)
    }
}

enum Output {
    /// Prints `v` in `mode` to the port at `a[1]` (or the current output port).
    static func print(_ a: Arguments, _ who: String, _ mode: Printer.Mode, _ rt: Runtime) throws(SchemeRaise) -> Value {
        let port = try rt.outputPort(a, 1, who, binary: false)
        if mode == .display, case .string(let s) = a[0] {
            s.withStorage(narrow: { for c in $0 { port.writeScalar(UInt32(c)) } },
                          wide: { for c in $0 { port.writeScalar(c) } })
        } else if mode == .display, case .char(let c) = a[0] {
            port.writeScalar(c)
        } else {
            Printer.write(a[0], to: port, mode: mode, runtime: rt)
        }
        if case .standardError? = port.sink { port.flush() }
        return try rt.wrote(port, who)
    }
}

/// `display write write-shared write-simple newline write-char write-string write-u8 …`.
let outputBuiltins: [Builtin] = [
    Builtin("display", .range(1, 2)) { a, rt throws(SchemeRaise) in try Output.print(a, "display", .display, rt) },
    Builtin("write", .range(1, 2)) { a, rt throws(SchemeRaise) in try Output.print(a, "write", .write, rt) },
    Builtin("write-shared", .range(1, 2)) { a, rt throws(SchemeRaise) in try Output.print(a, "write-shared", .shared, rt) },
    Builtin("write-simple", .range(1, 2)) { a, rt throws(SchemeRaise) in try Output.print(a, "write-simple", .simple, rt) },
    Builtin("newline", .range(0, 1)) { a, rt throws(SchemeRaise) in
        let port = try rt.outputPortRef(a, 0, "newline", binary: false)
        port._withUnsafeGuaranteedRef { $0.writeScalar(10) }
        return try rt.wrote(port, "newline") },
    Builtin("write-char", .range(1, 2)) { a, rt throws(SchemeRaise) in
        let c = try rt.char(a[0], "write-char")
        let port = try rt.outputPortRef(a, 1, "write-char", binary: false)
        port._withUnsafeGuaranteedRef { $0.writeScalar(c) }
        return try rt.wrote(port, "write-char") },
    Builtin("write-string", .range(1, 4)) { a, rt throws(SchemeRaise) in
        let s = try rt.string(a[0], "write-string")
        let port = try rt.outputPort(a, 1, "write-string", binary: false)
        for i in try rt.range(a, 2, count: s.count, "write-string", kind: "string") { port.writeScalar(s[i]) }
        return try rt.wrote(port, "write-string") },
    Builtin("write-u8", .range(1, 2)) { a, rt throws(SchemeRaise) in
        let b = try rt.byte(a[0], "write-u8")
        let port = try rt.outputPortRef(a, 1, "write-u8", binary: true)
        port._withUnsafeGuaranteedRef { $0.writeByte(b) }
        return try rt.wrote(port, "write-u8") },
    Builtin("write-bytevector", .range(1, 4)) { a, rt throws(SchemeRaise) in
        let bv = try rt.bytevector(a[0], "write-bytevector")
        let port = try rt.outputPort(a, 1, "write-bytevector", binary: true)
        for i in try rt.range(a, 2, count: bv.bytes.count, "write-bytevector", kind: "bytevector") { port.writeByte(bv.bytes[i]) }
        return try rt.wrote(port, "write-bytevector") },
    Builtin("flush-output-port", .range(0, 1)) { a, rt throws(SchemeRaise) in
        let port = try rt.outputPort(a, 0, "flush-output-port")
        port.flush()
        try rt.checkWritten(port, "flush-output-port")
        return .unspecified },
]
