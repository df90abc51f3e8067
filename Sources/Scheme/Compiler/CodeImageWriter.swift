/// Writes an image: see `CodeImage`.
struct CodeImageWriter {
    let rt: Runtime
    let env: Environment
    private(set) var bytes: [UInt8] = CodeImage.magic
    /// The files locations refer to, numbered in the image from 1 (0: unknown).
    private var files: [String] = []
    private var fileNumbers: [Int: Int] = [:]
    /// Objects already written in the current entry or lazy body (pairs, strings, vectors,
    /// bytevectors), by identity. Per entry: an earlier form's constants may be garbage by the time
    /// a later one loads; per lazy body: it is read apart from the rest.
    private var shared: [UnsafeRawPointer: Int] = [:]
    private var sharedCount = 0
    /// Every object written in the current entry, with the number of the lazy body (or 0, the
    /// entry) it was written in: met again in another, the entry is written without lazy bodies.
    private var writtenIn: [UnsafeRawPointer: Int] = [:]
    private var scope = 0, scopes = 0
    /// Whether nested code blocks may be lazy (false while an entry is written again without).
    private var lazyBodies = true
    /// Objects being written: met again inside themselves, they are cyclic data.
    private var open: Set<UnsafeRawPointer> = []
    private var entries: [[UInt8]] = []
    /// Symbol and variable names, each written once (start-up interns each once).
    private var names: [String] = []
    private var nameNumbers: [String: Int] = [:]
    /// The names of the loaded environment's variables the image defines or refers to: the reader
    /// makes room for that many bindings at once.
    private var variableNames: Set<String> = []

    init(rt: Runtime, env: Environment) {
        self.rt = rt
        self.env = env
    }

    /// The image's text, once every form was added.
    func finished() -> String {
        var out = bytes
        out += CodeImage.varint(UInt64(files.count))
        for f in files { appendString(f, to: &out) }
        out += CodeImage.varint(UInt64(names.count))
        for n in names { appendString(n, to: &out) }
        out += CodeImage.varint(UInt64(variableNames.count))
        out += CodeImage.varint(UInt64(entries.count))
        for e in entries { out += e }
        return CodeImage.printable(out)
    }

    /// Bodies at least this long (in bytes) are lazy: a shorter one costs less to read than to skip
    /// and decode on its first call.
    static let shortestLazyBody = 24

    /// Adds a compiled top-level form; on `ImageUnsupported` nothing is added.
    mutating func add(code: CodeBlock) throws(ImageUnsupported) {
        let saved = (files, fileNumbers)
        for lazy in [true, false] {
            (shared, sharedCount, open, writtenIn, scope, scopes, lazyBodies) = ([:], 0, [], [:], 0, 0, lazy)
            var out: [UInt8] = [CodeImage.Entry.code.rawValue]
            do throws(ImageUnsupported) {
                try write(code: code, lazy: false, to: &out)
                entries.append(out)
                return
            } catch {
                (files, fileNumbers) = saved
                if !error.crossesLazyBody { throw error }
            }
        }
        throw ImageUnsupported(reason: "shared data across lazy bodies")
    }

    /// Adds a form to be compiled at load time, read at `location`.
    mutating func add(datum: Value, at location: SourceLocation) throws(ImageUnsupported) {
        let saved = (files, fileNumbers)
        (shared, sharedCount, open, writtenIn, scope, scopes) = ([:], 0, [], [:], 0, 0)
        var out: [UInt8] = [CodeImage.Entry.datum.rawValue]
        do throws(ImageUnsupported) {
            write(location, to: &out)
            try write(datum, to: &out)
        } catch {
            (files, fileNumbers) = saved
            throw error
        }
        entries.append(out)
    }

    private func appendString(_ s: String, to out: inout [UInt8]) {
        out += CodeImage.varint(UInt64(s.utf8.count))
        out += Array(s.utf8)
    }

    private func signed(_ n: Int) -> [UInt8] {
        CodeImage.varint(UInt64(bitPattern: Int64((n << 1) ^ (n >> 63))))
    }

    private mutating func write(_ loc: SourceLocation, to out: inout [UInt8]) {
        guard loc.isKnown, let name = rt.fileName(loc) else { return out.append(0) }
        let number: Int
        if let n = fileNumbers[loc.file] {
            number = n
        } else {
            files.append(name)
            number = files.count
            fileNumbers[loc.file] = number
        }
        out += CodeImage.varint(UInt64(number))
        out += CodeImage.varint(UInt64(loc.line))
        out += CodeImage.varint(UInt64(loc.column))
    }

    /// A code block: its header, then its body, inline or (`lazy` and long enough) as a lazy body.
    private mutating func write(code c: CodeBlock, lazy: Bool, to out: inout [UInt8]) throws(ImageUnsupported) {
        let words = c.code, constants = c.constants
        // By the name table: a procedure's name is most often its variable's, whose string the
        // reader then makes once for both (names are 16 bytes or more, so each string is an allocation).
        writeName(c.name, to: &out)
        out += CodeImage.varint(UInt64(c.required))
        out.append(c.hasRest ? 1 : 0)
        out += CodeImage.varint(UInt64(c.frameSize))
        out += CodeImage.varint(UInt64(c.stackSize))
        out += CodeImage.varint(UInt64(words.count))
        out += CodeImage.varint(UInt64(constants.count))
        guard lazy, lazyBodies, !Self.declaresVariables(c) else {
            out.append(0)
            return try writeBody(c, words, constants, to: &out)
        }
        // Its own numbering of shared objects, as the reader of the body alone will have.
        let saved = (shared, sharedCount, scope)
        scopes += 1
        let mine = scopes
        (shared, sharedCount, scope) = ([:], 0, mine)
        var body: [UInt8] = []
        try writeBody(c, words, constants, to: &body)
        (shared, sharedCount, scope) = saved
        guard body.count >= Self.shortestLazyBody else {
            // Read with the form after all: written again, numbered with it.
            for (id, s) in writtenIn where s >= mine { writtenIn[id] = nil }
            out.append(0)
            return try writeBody(c, words, constants, to: &out)
        }
        out.append(1)
        out += CodeImage.varint(UInt64(CodeImageReader.maxCaptured(c) + 1))
        out += CodeImage.varint(UInt64(body.count))
        out += body
    }

    /// Whether `c` or code nested in it defines a top-level variable (then it is read whole, with
    /// its form, which declares the variable as expanding the definition did).
    static func declaresVariables(_ c: CodeBlock) -> Bool {
        let words = c.code
        var pc = 0
        while pc < words.count, let op = Opcode(rawValue: words[pc]) {
            if op == .defineGlobal { return true }
            pc += 1 + op.operandCount
        }
        return c.constants.contains { $0.object(CodeBlock.self).map(declaresVariables) ?? false }
    }

    private mutating func writeBody(_ c: CodeBlock, _ words: [Int32], _ constants: [Value], to out: inout [UInt8]) throws(ImageUnsupported) {
        for w in words { out += signed(Int(w)) }
        // Which constants a `defineGlobal` names: the form declares those variables.
        var defined = Set<Int>()
        var pc = 0
        while pc < words.count, let op = Opcode(rawValue: words[pc]) {
            if op == .defineGlobal, pc + 1 < words.count { defined.insert(Int(words[pc + 1])) }
            pc += 1 + op.operandCount
        }
        for (k, v) in constants.enumerated() {
            if case .object(let o) = v, let cell = o.takeUnretainedValue() as? Global {
                try write(global: cell, declared: defined.contains(k), to: &out)
            } else {
                try write(v, to: &out)
            }
        }
        out += CodeImage.varint(UInt64(c.locations.count))
        for (pc, loc) in c.locations {
            out += CodeImage.varint(UInt64(pc))
            write(loc, to: &out)
        }
    }

    private mutating func writeName(_ name: String, to out: inout [UInt8]) {
        let number: Int
        if let n = nameNumbers[name] {
            number = n
        } else {
            names.append(name)
            number = names.count - 1
            nameNumbers[name] = number
        }
        out += CodeImage.varint(UInt64(number))
    }

    private mutating func write(global cell: Global, declared: Bool, to out: inout [UInt8]) throws(ImageUnsupported) {
        // A renamed top-level name (a macro's hygienic definition) is known by identity only.
        guard cell.name.renamed == nil else { throw ImageUnsupported(reason: "a renamed variable: \(cell.name.name)") }
        let kind: GlobalKind
        if case .global(let own)? = env.ownBinding(cell.name), own === cell {
            kind = declared ? .declared : .own
        } else if case .global(let system)? = rt.system.ownBinding(cell.name), system === cell {
            // The expander's own references to the Scheme system (`define-record-type`'s helpers).
            kind = .system
        } else {
            throw ImageUnsupported(reason: "a variable of another environment: \(cell.name.name)")
        }
        out.append(CodeImage.Tag.global.rawValue)
        writeName(cell.name.name, to: &out)
        if kind != .system { variableNames.insert(cell.name.name) }
        out.append(kind.rawValue)
    }

    private mutating func write(_ v: Value, to out: inout [UInt8]) throws(ImageUnsupported) {
        // Lists go along their spine in a loop; only nested data recurse (as deep as it is written).
        switch v {
        case .null: out.append(CodeImage.Tag.null.rawValue)
        case .unspecified: out.append(CodeImage.Tag.unspecified.rawValue)
        case .undefined: out.append(CodeImage.Tag.undefined.rawValue)
        case .eof: out.append(CodeImage.Tag.eof.rawValue)
        case .bool(let b): out.append(b ? CodeImage.Tag.true.rawValue : CodeImage.Tag.false.rawValue)
        case .fixnum(let n):
            out.append(CodeImage.Tag.fixnum.rawValue)
            out += signed(n)
        case .flonum(let d):
            out.append(CodeImage.Tag.flonum.rawValue)
            out += CodeImage.varint(d.bitPattern)
        case .char(let c):
            out.append(CodeImage.Tag.char.rawValue)
            out += CodeImage.varint(UInt64(c))
        case .symbol(let s):
            let sym = s.takeUnretainedValue()
            guard sym.renamed == nil else { throw ImageUnsupported(reason: "a renamed identifier in a constant") }
            out.append(CodeImage.Tag.symbol.rawValue)
            writeName(sym.name, to: &out)
        case .pair:
            try writeList(v, to: &out)
        case .string(let s):
            if try writeShared(identity(s), to: &out) { return }
            let scalars = s.scalars
            out.append(CodeImage.Tag.string.rawValue)
            out += CodeImage.varint(UInt64(scalars.count))
            for c in scalars { out += CodeImage.varint(UInt64(c)) }
            register(identity(s))
        case .bytevector(let bytes):
            if try writeShared(identity(bytes), to: &out) { return }
            out.append(CodeImage.Tag.bytevector.rawValue)
            out += CodeImage.varint(UInt64(bytes.count))
            out += bytes.bytes
            register(identity(bytes))
        case .vector(let x):
            let vector = x
            if try writeShared(identity(vector), to: &out) { return }
            open.insert(identity(vector))
            out.append(CodeImage.Tag.vector.rawValue)
            out += CodeImage.varint(UInt64(vector.count))
            for item in vector.items { try write(item, to: &out) }
            open.remove(identity(vector))
            register(identity(vector))
        case .procedure, .closure:
            let name: String?
            switch v {
            case .procedure(let p): name = (p.takeUnretainedValue() as? BuiltinProcedure)?.builtinName
            case .closure(let c): name = c.code.name
            case .null, .unspecified, .undefined, .eof, .bool, .fixnum, .flonum, .char, .pair, .record, .symbol,
                 .string, .vector, .bytevector, .object: name = nil
            }
            guard let name, rt.systemValue(name).isEq(v) else {
                throw ImageUnsupported(reason: "a procedure constant that is not a system procedure")
            }
            out.append(CodeImage.Tag.systemProcedure.rawValue)
            appendString(name, to: &out)
        case .object(let o):
            let object = o.takeUnretainedValue()
            if let code = object as? CodeBlock {
                out.append(CodeImage.Tag.code.rawValue)
                try write(code: code, lazy: true, to: &out)
            } else if object === env {
                out.append(CodeImage.Tag.environment.rawValue)
            } else {
                throw ImageUnsupported(reason: "a constant of type \(object.typeName)")
            }
        case .record(let r):
            throw ImageUnsupported(reason: "a constant of type \(r.type.name)")
        }
    }

    /// Writes a reference if `object` was written before (true); refuses cyclic data.
    private mutating func writeShared(_ id: UnsafeRawPointer, to out: inout [UInt8]) throws(ImageUnsupported) -> Bool {
        if open.contains(id) { throw ImageUnsupported(reason: "cyclic data") }
        guard let n = shared[id] else {
            if writtenIn[id] != nil { throw ImageUnsupported(reason: "data shared with a lazy body", crossesLazyBody: true) }
            return false
        }
        out.append(CodeImage.Tag.shared.rawValue)
        out += CodeImage.varint(UInt64(n))
        return true
    }

    /// The identity of an object in `shared`, `writtenIn` and `open` (a pair's is its cell's address).
    private func identity(_ object: HeapObject) -> UnsafeRawPointer { UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque()) }
    private func identity(_ pair: Pair) -> UnsafeRawPointer { UnsafeRawPointer(pair.toOpaque()) }
    private func identity(_ vector: SVector) -> UnsafeRawPointer { UnsafeRawPointer(vector.toOpaque()) }
    private func identity(_ string: SString) -> UnsafeRawPointer { UnsafeRawPointer(string.toOpaque()) }
    private func identity(_ bytes: SBytevector) -> UnsafeRawPointer { UnsafeRawPointer(bytes.toOpaque()) }

    /// Numbers `object` as the reader will (in the order objects are finished).
    private mutating func register(_ id: UnsafeRawPointer) {
        shared[id] = sharedCount
        writtenIn[id] = scope
        sharedCount += 1
    }

    private mutating func writeList(_ list: Value, to out: inout [UInt8]) throws(ImageUnsupported) {
        if case .pair(let p) = list, try writeShared(identity(p), to: &out) { return }
        // The spine: pairs not written before, up to the tail.
        var spine: [Pair] = []
        var rest = list
        while case .pair(let pair) = rest {
            let id = identity(pair)
            if shared[id] != nil { break }
            if open.contains(id) { throw ImageUnsupported(reason: "cyclic data") }
            if writtenIn[id] != nil { throw ImageUnsupported(reason: "data shared with a lazy body", crossesLazyBody: true) }
            open.insert(id)
            spine.append(pair)
            rest = pair.cdr
        }
        out.append(CodeImage.Tag.list.rawValue)
        out += CodeImage.varint(UInt64(spine.count))
        for pair in spine {
            // A pair is numbered before its car is written: the reader makes it first.
            register(identity(pair))
            write(pair.location, to: &out)
            try write(pair.car, to: &out)
        }
        for pair in spine { open.remove(identity(pair)) }
        try write(rest, to: &out)
    }
}
