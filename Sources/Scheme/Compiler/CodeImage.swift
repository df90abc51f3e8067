/// A prelude compiled ahead of time: the bytecode of each top-level form, so that start-up runs it
/// instead of reading, expanding and compiling the source again (issues 17 and 19: that was four
/// fifths of `htll compile`'s process).
///
/// What the expander leaves behind besides code is reproduced too: each top-level variable a form
/// defines is declared in the environment when the form is loaded (as expanding it did). A form
/// whose effect is not only code (it defines syntax, or a macro gave it a renamed top-level name)
/// or whose constants the image cannot hold (big numbers, cyclic data, foreign objects) is kept as
/// its datum and compiled at load time, as from source: the image is an optimisation of exactly
/// the source's evaluation, never a second meaning of it.
///
/// The format is a byte stream of variable-length integers, written as printable text (six bits a
/// character) so it can be a Swift string literal in the binary; it ends with a checksum. Loading
/// validates everything it reads (bounds, tags, every instruction's operands) and fails with an
/// error, never a trap, so a caller can fall back to the source.
enum CodeImage {
    /// The first bytes of every image; the number changes with the format (and with `Opcode`).
    static let magic: [UInt8] = Array("htll-image-1/".utf8) + varint(UInt64(Opcode.count))

    /// Value tags.
    enum Tag: UInt8 {
        case null, unspecified, undefined, eof, `false`, `true`, fixnum, flonum, char
        /// n, then n times (location, car), then the tail: a list's spine without recursion.
        case list
        case symbol, string, vector, bytevector
        /// A procedure of the Scheme system environment, by name (the expander's helpers).
        case systemProcedure
        /// A top-level cell: name, then whose (`GlobalKind`).
        case global
        case code
        /// The environment being loaded (`import` forms name it).
        case environment
        /// An object already read (shared structure), by its number.
        case shared
    }

    /// Entry tags: a compiled form, or a datum compiled at load time.
    enum Entry: UInt8 { case code, datum }

    static func varint(_ v: UInt64) -> [UInt8] {
        var out: [UInt8] = []
        var x = v
        repeat {
            let low = UInt8(x & 0x7F)
            x >>= 7
            out.append(x == 0 ? low : low | 0x80)
        } while x != 0
        return out
    }

    /// The alphabet of the printable form: 64 consecutive characters from "0", none of them a
    /// quote, so the text can sit in a raw string literal (`#"…"#`).
    static let firstCharacter: UInt8 = 0x30

    /// FNV-1a, 64 bits: enough to refuse an image damaged or cut short.
    static func checksum<C: Collection>(_ bytes: C) -> UInt64 where C.Element == UInt8 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01B3 }
        return h
    }

    /// `bytes` and their checksum as printable text.
    static func printable(_ bytes: [UInt8]) -> String {
        var all = bytes
        let sum = checksum(bytes)
        for i in 0..<8 { all.append(UInt8(truncatingIfNeeded: sum >> (8 * UInt64(i)))) }
        var out: [UInt8] = []
        out.reserveCapacity(all.count * 4 / 3 + 4)
        var i = 0
        while i < all.count {
            let b0 = UInt32(all[i]), b1 = i + 1 < all.count ? UInt32(all[i + 1]) : 0, b2 = i + 2 < all.count ? UInt32(all[i + 2]) : 0
            let n = b0 << 16 | b1 << 8 | b2
            let chars = min(4, (all.count - i) * 4 / 3 + 1)
            for k in 0..<chars { out.append(firstCharacter + UInt8((n >> (18 - 6 * UInt32(k))) & 63)) }
            i += 3
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The bytes of printable text, or nil when it is not an image's text or its checksum is wrong.
    static func bytes(ofPrintable text: String) -> [UInt8]? {
        var text = text
        return text.withUTF8 { chars -> [UInt8]? in
            var valid = true
            // Written in place, whole groups of four characters (three bytes) at a time: decoding
            // a character at a time into a growing array was a fifth of reading the layout
            // prelude's image (issue 19).
            var out = [UInt8](unsafeUninitializedCapacity: chars.count / 4 * 3 + 3) { buffer, written in
                var i = 0, o = 0
                while i + 4 <= chars.count {
                    let d0 = chars[i] &- firstCharacter, d1 = chars[i + 1] &- firstCharacter
                    let d2 = chars[i + 2] &- firstCharacter, d3 = chars[i + 3] &- firstCharacter
                    guard (d0 | d1 | d2 | d3) < 64 else { valid = false; break }
                    let n = UInt32(d0) << 18 | UInt32(d1) << 12 | UInt32(d2) << 6 | UInt32(d3)
                    buffer[o] = UInt8(truncatingIfNeeded: n >> 16)
                    buffer[o + 1] = UInt8(truncatingIfNeeded: n >> 8)
                    buffer[o + 2] = UInt8(truncatingIfNeeded: n)
                    i += 4
                    o += 3
                }
                // A last group of two or three characters holds one or two bytes.
                let rest = chars.count - i
                if valid, rest > 0 {
                    var n: UInt32 = 0
                    for k in 0..<4 {
                        let d = k < rest ? chars[i + k] &- firstCharacter : 0
                        if d >= 64 { valid = false }
                        n = n << 6 | UInt32(d & 63)
                    }
                    if rest < 2 { valid = false }
                    if valid {
                        for k in 0..<(rest - 1) { buffer[o + k] = UInt8(truncatingIfNeeded: n >> (16 - 8 * UInt32(k))) }
                        o += rest - 1
                    }
                }
                written = valid ? o : 0
            }
            guard valid, out.count >= 8 else { return nil }
            var sum: UInt64 = 0
            for k in 0..<8 { sum |= UInt64(out[out.count - 8 + k]) << (8 * UInt64(k)) }
            out.removeLast(8)
            guard checksum(out) == sum else { return nil }
            return out
        }
    }
}

/// Whose cell a variable of an image's code is.
enum GlobalKind: UInt8 {
    /// The loaded environment's (made or found by lookup, as expanding a reference does).
    case own
    /// The loaded environment's, defined by the form (declared as expanding its definition did).
    case declared
    /// The Scheme system environment's.
    case system
}

/// Why a value or form cannot go into an image as compiled code (it is then kept as a datum).
struct ImageUnsupported: Error {
    let reason: String
}

/// Writes an image: see `CodeImage`.
struct CodeImageWriter {
    let rt: Runtime
    let env: Environment
    private(set) var bytes: [UInt8] = CodeImage.magic
    /// The files locations refer to, numbered in the image from 1 (0: unknown).
    private var files: [String] = []
    private var fileNumbers: [Int: Int] = [:]
    /// Objects already written in the current entry (pairs, strings, vectors, bytevectors), by
    /// identity. Per entry: an earlier form's constants may be garbage by the time a later one loads.
    private var shared: [ObjectIdentifier: Int] = [:]
    private var sharedCount = 0
    /// Objects being written: met again inside themselves, they are cyclic data.
    private var open: Set<ObjectIdentifier> = []
    private var entries: [[UInt8]] = []
    /// Symbol and variable names, each written once (start-up interns each once).
    private var names: [String] = []
    private var nameNumbers: [String: Int] = [:]

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
        out += CodeImage.varint(UInt64(entries.count))
        for e in entries { out += e }
        return CodeImage.printable(out)
    }

    /// Adds a compiled top-level form; on `ImageUnsupported` nothing is added.
    mutating func add(code: CodeBlock) throws(ImageUnsupported) {
        let saved = (files, fileNumbers)
        (shared, sharedCount, open) = ([:], 0, [])
        var out: [UInt8] = [CodeImage.Entry.code.rawValue]
        do throws(ImageUnsupported) {
            try write(code: code, to: &out)
        } catch {
            (files, fileNumbers) = saved
            throw error
        }
        entries.append(out)
    }

    /// Adds a form to be compiled at load time, read at `location`.
    mutating func add(datum: Value, at location: SourceLocation) throws(ImageUnsupported) {
        let saved = (files, fileNumbers)
        (shared, sharedCount, open) = ([:], 0, [])
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

    private mutating func write(code c: CodeBlock, to out: inout [UInt8]) throws(ImageUnsupported) {
        appendString(c.name, to: &out)
        out += CodeImage.varint(UInt64(c.required))
        out.append(c.hasRest ? 1 : 0)
        out += CodeImage.varint(UInt64(c.frameSize))
        out += CodeImage.varint(UInt64(c.stackSize))
        out += CodeImage.varint(UInt64(c.code.count))
        for w in c.code { out += signed(Int(w)) }
        // Which constants a `defineGlobal` names: the form declares those variables.
        var defined = Set<Int>()
        var pc = 0
        while pc < c.code.count, let op = Opcode(rawValue: c.code[pc]) {
            if op == .defineGlobal, pc + 1 < c.code.count { defined.insert(Int(c.code[pc + 1])) }
            pc += 1 + op.operandCount
        }
        out += CodeImage.varint(UInt64(c.constants.count))
        for (k, v) in c.constants.enumerated() {
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
            if try writeShared(s.takeUnretainedValue(), to: &out) { return }
            let scalars = s.takeUnretainedValue().scalars
            out.append(CodeImage.Tag.string.rawValue)
            out += CodeImage.varint(UInt64(scalars.count))
            for c in scalars { out += CodeImage.varint(UInt64(c)) }
            register(s.takeUnretainedValue())
        case .vector(let x):
            let vector = x.takeUnretainedValue()
            if try writeShared(vector, to: &out) { return }
            open.insert(ObjectIdentifier(vector))
            out.append(CodeImage.Tag.vector.rawValue)
            out += CodeImage.varint(UInt64(vector.items.count))
            for item in vector.items { try write(item, to: &out) }
            open.remove(ObjectIdentifier(vector))
            register(vector)
        case .procedure(let p):
            let proc = p.takeUnretainedValue()
            let name = (proc as? Primitive)?.primitiveName ?? (proc as? Closure)?.code.name
            guard let name, rt.systemValue(name).isEq(v) else {
                throw ImageUnsupported(reason: "a procedure constant that is not a system procedure")
            }
            out.append(CodeImage.Tag.systemProcedure.rawValue)
            appendString(name, to: &out)
        case .object(let o):
            let object = o.takeUnretainedValue()
            if let code = object as? CodeBlock {
                out.append(CodeImage.Tag.code.rawValue)
                try write(code: code, to: &out)
            } else if object === env {
                out.append(CodeImage.Tag.environment.rawValue)
            } else if let bytes = object as? Bytevector {
                if try writeShared(bytes, to: &out) { return }
                out.append(CodeImage.Tag.bytevector.rawValue)
                out += CodeImage.varint(UInt64(bytes.bytes.count))
                out += bytes.bytes
                register(bytes)
            } else {
                throw ImageUnsupported(reason: "a constant of type \(object.typeName)")
            }
        }
    }

    /// Writes a reference if `object` was written before (true); refuses cyclic data.
    private mutating func writeShared(_ object: HeapObject, to out: inout [UInt8]) throws(ImageUnsupported) -> Bool {
        let id = ObjectIdentifier(object)
        if open.contains(id) { throw ImageUnsupported(reason: "cyclic data") }
        guard let n = shared[id] else { return false }
        out.append(CodeImage.Tag.shared.rawValue)
        out += CodeImage.varint(UInt64(n))
        return true
    }

    /// Numbers `object` as the reader will (in the order objects are finished).
    private mutating func register(_ object: HeapObject) {
        shared[ObjectIdentifier(object)] = sharedCount
        sharedCount += 1
    }

    private mutating func writeList(_ list: Value, to out: inout [UInt8]) throws(ImageUnsupported) {
        if case .pair(let p) = list, try writeShared(p.takeUnretainedValue(), to: &out) { return }
        // The spine: pairs not written before, up to the tail.
        var spine: [Pair] = []
        var rest = list
        while case .pair(let p) = rest {
            let pair = p.takeUnretainedValue()
            let id = ObjectIdentifier(pair)
            if shared[id] != nil { break }
            if open.contains(id) { throw ImageUnsupported(reason: "cyclic data") }
            open.insert(id)
            spine.append(pair)
            rest = pair.cdr
        }
        out.append(CodeImage.Tag.list.rawValue)
        out += CodeImage.varint(UInt64(spine.count))
        for pair in spine {
            // A pair is numbered before its car is written: the reader makes it first.
            register(pair)
            write(pair.location, to: &out)
            try write(pair.car, to: &out)
        }
        for pair in spine { open.remove(ObjectIdentifier(pair)) }
        try write(rest, to: &out)
    }
}
