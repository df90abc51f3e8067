/// `write`, `display`, `write-shared` and `write-simple`, to a string or streamed to a port.
///
/// Why a task stack: nesting depth is user-controlled, so printing never recurses on the Swift stack.
/// Why labels: `write` and `display` must terminate on circular structure, so nodes on a cycle get
/// datum labels (`#0=(1 . #0#)`); `write-shared` labels every shared node; `write-simple` labels
/// nothing and stops after `simpleNodeLimit` nodes instead.
enum Printer {
    /// How a value is rendered.
    enum Mode { case display, write, shared, simple }

    /// The external representation `write` produces.
    static func write(_ v: Value) -> String { render(v, .write) }

    /// What `display` prints.
    static func display(_ v: Value) -> String { render(v, .display) }

    /// `write` (or `display`) streamed to `port`, in chunks. With `runtime`, printing counts as work
    /// (its limits stop a print that would never end, like a deeply shared structure written out in
    /// full), and it stops once the port's output limit is reached.
    static func write(_ v: Value, to port: Port, mode: Mode = .write, runtime: Runtime? = nil) {
        var out = Output(port: port)
        out.runtime = runtime
        print(v, mode, &out)
        out.flush()
    }

    /// `display` streamed to `port`.
    static func display(_ v: Value, to port: Port) { write(v, to: port, mode: .display) }

    /// `v` rendered in `mode`, as a string; past `maxLength` characters (about), cut and ended by "...".
    static func render(_ v: Value, _ mode: Mode, maxLength: Int = Int.max) -> String {
        var out = Output(port: nil)
        out.room = maxLength
        print(v, mode, &out)
        return out.stopped ? out.text + "..." : out.text
    }

    /// Most characters of a value an error message shows.
    static let messageLength = 10_000

    /// `write` for error messages: at most `messageLength` characters (a value built to print
    /// endlessly, like a deeply shared tree, must not hang the report of an error).
    static func brief(_ v: Value, _ mode: Mode = .write) -> String { render(v, mode, maxLength: messageLength) }

    /// Collects text, handing it to the port every few kilobytes when streaming.
    struct Output {
        var text = ""
        let port: Port?
        /// Characters a rendering may still collect.
        var room = Int.max
        /// Set when the port refused more output, a limit was reached, or `room` ran out.
        var stopped = false
        var runtime: Runtime?
        init(port: Port?) { self.port = port }
        mutating func emit(_ s: String) {
            text += s
            if let port {
                if text.utf8.count >= 4096 { flush(port) }
            } else if room != Int.max {
                room -= s.utf8.count
                if room < 0 { stopped = true }
            }
        }
        mutating func flush() { if let port { flush(port) } }
        private mutating func flush(_ port: Port) {
            let n = text.utf8.count
            port.write(text)
            text = ""
            guard let runtime else { return }
            runtime.heap.charge(port.unchargedGrowth())
            if port.overLimit || !runtime.vm.meter(n >> 4) { stopped = true }
        }
    }

    private enum Task {
        case value(Value)
        /// The rest of a list after its first element.
        case tail(Value)
        /// The elements of a vector from index `i` on.
        case items([Value], Int)
        case text(String)
    }

    /// Nodes beyond which `write-simple` gives up (its output would be endless on a cycle).
    static let simpleNodeLimit = 1_000_000

    static func print(_ v: Value, _ mode: Mode, _ out: inout Output) {
        let writing = mode != .display
        var labels = Labels(needed: mode == .simple ? [] : Labels.find(v, sharedToo: mode == .shared))
        var tasks: [Task] = [.value(v)]
        var nodes = 0
        while !out.stopped, let task = tasks.popLast() {
            switch task {
            case .text(let s):
                out.emit(s)
            case .items(let items, let i):
                guard i < items.count else { out.emit(")"); continue }
                if i > 0 { out.emit(" ") }
                tasks.append(.items(items, i + 1))
                tasks.append(.value(items[i]))
            case .tail(let rest):
                switch rest {
                case .null:
                    out.emit(")")
                case .pair(let p) where !labels.isLabelled(p.toOpaque()):
                    out.emit(" ")
                    tasks.append(.tail(p.cdr))
                    tasks.append(.value(p.car))
                default:
                    out.emit(" . ")
                    tasks.append(.text(")"))
                    tasks.append(.value(rest))
                }
            case .value(let x):
                nodes += 1
                if mode == .simple && nodes > simpleNodeLimit {
                    out.emit("...")
                    return
                }
                switch x {
                case .pair(let p):
                    if let label = labels.prefix(p.toOpaque(), &out) { _ = label; continue }
                    out.emit("(")
                    tasks.append(.tail(p.cdr))
                    tasks.append(.value(p.car))
                case .vector(let vec):
                    if labels.prefix(vec.toOpaque(), &out) != nil { continue }
                    out.emit("#(")
                    tasks.append(.items(vec.items, 0))
                case .record(let r):
                    if let e = ErrorObject(x) {
                        if labels.prefix(r.run.cell, &out) != nil { continue }
                        out.emit("#<error " + quoted(e.message))
                        tasks.append(.text(">"))
                        for i in e.irritants.reversed() {
                            tasks.append(.value(i))
                            tasks.append(.text(" "))
                        }
                    } else if let mv = MultipleValues(x) {
                        if labels.prefix(r.run.cell, &out) != nil { continue }
                        for (i, item) in mv.items.enumerated().reversed() {
                            tasks.append(.value(item))
                            if i > 0 { tasks.append(.text(" ")) }
                        }
                    } else {
                        out.emit(atom(x, writing: writing))
                    }
                case .unspecified where nodes > 1:
                    // Alone it prints as nothing (a REPL shows no value); inside data it must show.
                    out.emit("#<unspecified>")
                default:
                    out.emit(atom(x, writing: writing))
                }
            }
        }
    }

    /// The text of a value that has no parts to print.
    static func atom(_ v: Value, writing: Bool) -> String {
        switch v {
        case .null: return "()"
        case .unspecified: return ""
        case .undefined: return "#<undefined>"
        case .eof: return "#<eof>"
        case .bool(let b): return b ? "#t" : "#f"
        case .fixnum(let n): return String(n)
        case .flonum(let d): return Numbers.formatFlonum(d)
        case .char(let c): return writing ? charName(c) : String(Chars.scalar(c))
        case .symbol(let s): return writing ? symbolText(s.takeUnretainedValue().name) : s.takeUnretainedValue().name
        case .string(let s): return writing ? quoted(s.string) : s.string
        case .procedure(let p): return "#<procedure \(p.takeUnretainedValue().name)>"
        case .closure(let c): return "#<procedure \(c.name)>"
        case .record(let r):
            if r.role.isNumber, let number = Numbers.format(v) { return number }
            return "#<\(r.type.name)>"
        case .pair, .vector: return writing ? "(...)" : "(...)"
        case .bytevector(let b): return "#u8(" + b.bytes.map { String($0) }.joined(separator: " ") + ")"
        case .object(let o):
            let obj = o.takeUnretainedValue()
            if let number = Numbers.format(v) { return number }
            if let t = obj as? RecordType { return "#<record-type \(t.name)>" }
            return "#<\(obj.typeName)>"
        }
    }


    /// A string literal with R7RS escapes.
    static func quoted(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case "\u{7}": out += "\\a"
            case "\u{8}": out += "\\b"
            default:
                if isUnprintable(u.value) {
                    out += "\\x" + String(u.value, radix: 16) + ";"
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        return out + "\""
    }

    /// Control characters and unassigned code points, which `write` spells in hex.
    static func isUnprintable(_ c: UInt32) -> Bool {
        if c < 32 || c == 127 { return true }
        if c < 160 { return c >= 128 }
        let cat = Chars.scalar(c).properties.generalCategory
        return cat == .control || cat == .unassigned || cat == .surrogate || cat == .lineSeparator
            || cat == .paragraphSeparator
    }

    static let charNames: [UInt32: String] = [
        0: "null", 7: "alarm", 8: "backspace", 9: "tab", 10: "newline", 13: "return",
        27: "escape", 32: "space", 127: "delete",
    ]

    static func charName(_ c: UInt32) -> String {
        if let n = charNames[c] { return "#\\" + n }
        // Invisible characters (format characters such as U+200B too) get their hex name.
        let props = Chars.scalar(c).properties
        if isUnprintable(c) || props.isWhitespace || props.generalCategory == .format { return "#\\x" + String(c, radix: 16) }
        return "#\\" + String(Chars.scalar(c))
    }

    /// A symbol as `write` spells it: in bars when the reader would not read it back as itself.
    static func symbolText(_ name: String) -> String {
        guard symbolNeedsBars(name) else { return name }
        var out = "|"
        for u in name.unicodeScalars {
            switch u {
            case "|": out += "\\|"
            case "\\": out += "\\\\"
            default:
                if isUnprintable(u.value) { out += "\\x" + String(u.value, radix: 16) + ";" } else { out.unicodeScalars.append(u) }
            }
        }
        return out + "|"
    }

    static func symbolNeedsBars(_ name: String) -> Bool {
        let s = Array(name.unicodeScalars)
        guard let first = s.first else { return true }
        for u in s {
            // ASCII whitespace is all at or below 32: the Unicode property lookup (about 400
            // instructions a character) only for the rest.
            if u.value <= 32 || isUnprintable(u.value) || (u.value >= 0x80 && u.properties.isWhitespace) { return true }
            switch u {
            case "(", ")", "\"", ";", "'", "`", ",", "|", "\\", "[", "]", "{", "}": return true
            default: break
            }
        }
        if first == "#" { return true }
        if name == "." { return true }
        // Anything that would read as a number.
        let digits = "0123456789".unicodeScalars
        if digits.contains(first) { return true }
        if first == "+" || first == "-" || first == "." {
            if s.count > 1 && (digits.contains(s[1]) || (s[1] == "." && s.count > 2 && digits.contains(s[2]))) { return true }
            let lower = name.lowercased()
            if ["+i", "-i"].contains(lower) { return true }
            // Bars also for names that merely start like an infinity or NaN (`+nan.0abc`), which
            // some readers take for a number.
            if ["+inf.0", "-inf.0", "+nan.0", "-nan.0"].contains(where: { lower.hasPrefix($0) }) { return true }
        }
        return false
    }
}
