/// Raising errors from inside the VM, and turning uncaught ones into `SchemeError`s.
extension VM {
    /// Hands `payload` to the system's `raise` procedure as if the current instruction had called it,
    /// after dropping the instruction's `dropping` operands. Without a `raise` yet, it is uncaught.
    /// The procedure is the system environment's own, held by the runtime: no user definition or
    /// assignment of `raise` can intercept the VM's errors. A limit error (`ErrorObject.Kind.limit`,
    /// from a builtin, the reader or the expander) is not handed to `raise`: it ends the evaluation
    /// (see `abort`), and so does any error while one has.
    func signal(_ payload: Value, dropping n: Int, _ r: inout Registers) throws(SchemeError) {
        if let aborting { throw aborting }
        if let e = ErrorObject(payload) {
            if !e.location.isKnown { e.setLocation(userLocation(r), heap) }
            if e.kind == .limit { throw abort(e.message, r, at: e.location) }
        }
        r.sp -= n
        guard let handler = rt.raiseCell?.value, handler.isProcedure else {
            throw SchemeError(raised: payload, vm: self, regs: r)
        }
        ensureStack(&r, room: 4)
        push(handler, &r)
        push(payload, &r)
        try call(1, tail: false, &r)
    }

    /// The location of the innermost instruction that belongs to user code (not the system prelude);
    /// without one, the call site system code set (`callSite`).
    func userLocation(_ r: Registers) -> SourceLocation {
        if let c = r.closure, !c.code.isSystem {
            let loc = c.code.location(at: r.pc - c.code.codePointer - 1)
            if loc.isKnown { return loc }
        }
        var i = frameTop - 1
        while i >= 0 {
            let f = frames[i]
            if let c = f.closure, !c.code.isSystem,
               f.pc >= c.code.codePointer, f.pc <= c.code.codePointer + c.code.codeCount {
                let loc = c.code.location(at: f.pc - c.code.codePointer - 1)
                if loc.isKnown { return loc }
            }
            i -= 1
        }
        return callSite
    }

    /// Names of the active user procedures, innermost first (at most 12).
    func backtrace(_ r: Registers) -> [String] {
        var names: [String] = []
        func add(_ c: Closure?, _ pc: UnsafeMutablePointer<Int32>?) {
            guard let c, !c.code.isSystem, names.count < 12 else { return }
            var entry = c.code.name
            if let pc, pc >= c.code.codePointer, pc <= c.code.codePointer + c.code.codeCount {
                let loc = c.code.location(at: pc - c.code.codePointer - 1)
                if let f = rt.fileName(loc) { entry += " at \(f):\(loc.line):\(loc.column)" }
            }
            names.append(entry)
        }
        add(r.closure, r.pc)
        var i = frameTop - 1
        while i >= 0 {
            // A frame holds the caller's closure and the pc to resume in it.
            add(frames[i].closure, frames[i].pc)
            i -= 1
        }
        // The outermost entries are the top-level thunks; keep them only if nothing else is known.
        return names
    }
}

extension SchemeError {
    /// An uncaught raise of `payload`, located and backtraced from the VM's state.
    init(raised payload: Value, vm: VM, regs: Registers) {
        let rt = vm.rt
        self = SchemeError(raised: payload, rt: rt, fallback: vm.userLocation(regs), backtrace: vm.backtrace(regs))
    }

    /// An uncaught raise of `payload` outside the VM (reader or compiler errors).
    init(raised payload: Value, rt: Runtime, fallback: SourceLocation = .none, backtrace: [String] = []) {
        if let e = ErrorObject(payload) {
            let loc = e.location.isKnown ? e.location : fallback
            let kind: Kind
            switch e.kind {
            case .general: kind = .error
            case .read: kind = .read
            case .file: kind = .file
            case .limit: kind = .limit
            }
            self.init(kind: kind, message: e.message, irritants: SchemeError.printed(e.irritants),
                      file: rt.fileName(loc), line: loc.line, column: loc.column, backtrace: backtrace)
        } else {
            self.init(kind: .raise, message: "uncaught exception:", irritants: SchemeError.printed([payload]),
                      file: rt.fileName(fallback), line: fallback.line, column: fallback.column, backtrace: backtrace)
        }
    }

    /// Most bytes of irritants an uncaught error keeps: its message is one line for people to read,
    /// not a dump of every datum (a 7 MB list was a 7 MB line).
    static let irritantBytes = 2_000

    /// The irritants as `write` prints them, cut to `irritantBytes` in all.
    static func printed(_ irritants: [Value]) -> [String] {
        var texts: [String] = []
        var left = irritantBytes
        for v in irritants {
            guard left > 0 else {
                texts.append("...")
                break
            }
            let text = Printer.render(v, .write, maxLength: left)
            left -= text.utf8.count
            texts.append(text)
        }
        return texts
    }

    /// A failure of the VM itself (corrupt code), not catchable by Scheme code.
    static func fatal(_ message: String, vm: VM, regs: Registers) -> SchemeError {
        let loc = vm.userLocation(regs)
        return SchemeError(kind: .fatal, message: message, file: vm.rt.fileName(loc), line: loc.line,
                           column: loc.column, backtrace: Array(vm.backtrace(regs).prefix(6)))
    }

    /// A limit reached (or an interrupt) that ends the evaluation, not catchable by Scheme code.
    static func limit(_ message: String, vm: VM, regs: Registers, at location: SourceLocation = .none) -> SchemeError {
        let loc = location.isKnown ? location : vm.userLocation(regs)
        return SchemeError(kind: .limit, message: message, file: vm.rt.fileName(loc), line: loc.line,
                           column: loc.column, backtrace: Array(vm.backtrace(regs).prefix(6)))
    }
}
