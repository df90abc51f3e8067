/// `write` and `display` as text.
enum Printer {
    /// The external representation `write` produces.
    static func write(_ v: Value) -> String {
        var out = ""
        print(v, into: &out, write: true, depth: 0)
        return out
    }

    /// What `display` prints.
    static func display(_ v: Value) -> String {
        var out = ""
        print(v, into: &out, write: false, depth: 0)
        return out
    }

    static func print(_ v: Value, into out: inout String, write: Bool, depth: Int) {
        if depth > 10_000 {
            out += "..."
            return
        }
        switch v {
        case .null: out += "()"
        case .unspecified: out += ""
        case .undefined: out += "#<undefined>"
        case .eof: out += "#<eof>"
        case .bool(let b): out += b ? "#t" : "#f"
        case .fixnum(let n): out += String(n)
        case .flonum(let d): out += Numbers.formatFlonum(d)
        case .char(let c): out += write ? charName(c) : String(Character(Unicode.Scalar(c) ?? "?"))
        case .symbol(let s): out += s.takeUnretainedValue().name
        case .string(let s): out += write ? quoted(s.takeUnretainedValue().string) : s.takeUnretainedValue().string
        case .pair:
            out += "("
            var cur = v
            var first = true
            while case .pair(let p) = cur {
                if !first { out += " " }
                first = false
                print(p.takeUnretainedValue().car, into: &out, write: write, depth: depth + 1)
                cur = p.takeUnretainedValue().cdr
            }
            if !cur.isNull {
                out += " . "
                print(cur, into: &out, write: write, depth: depth + 1)
            }
            out += ")"
        case .vector(let vec):
            out += "#("
            for (i, x) in vec.takeUnretainedValue().items.enumerated() {
                if i > 0 { out += " " }
                print(x, into: &out, write: write, depth: depth + 1)
            }
            out += ")"
        case .procedure(let p): out += "#<procedure \(p.takeUnretainedValue().name)>"
        case .object(let o):
            let obj = o.takeUnretainedValue()
            if let big = obj as? BigInt {
                out += big.value.toString(radix: 10)
            } else if let b = obj as? Bytevector {
                out += "#u8(" + b.bytes.map { String($0) }.joined(separator: " ") + ")"
            } else if let e = obj as? ErrorObject {
                out += "#<error " + quoted(e.message)
                for i in e.irritants { out += " "; print(i, into: &out, write: true, depth: depth + 1) }
                out += ">"
            } else if let mv = obj as? MultipleValues {
                for (i, x) in mv.items.enumerated() {
                    if i > 0 { out += " " }
                    print(x, into: &out, write: write, depth: depth + 1)
                }
            } else {
                out += "#<\(obj.typeName)>"
            }
        }
    }

    static func formatFlonum(_ d: Double) -> String {
        if d.isNaN { return "+nan.0" }
        if d.isInfinite { return d > 0 ? "+inf.0" : "-inf.0" }
        // Swift's description is the shortest form that reads back as the same double.
        var s = d.description
        if s.hasSuffix(".0") && s.contains("e") == false { return s }
        if let e = s.firstIndex(of: "e") {
            // 1e+20 → 1e20
            var mantissa = String(s[..<e])
            var exponent = String(s[s.index(after: e)...])
            if exponent.hasPrefix("+") { exponent.removeFirst() }
            if mantissa.hasSuffix(".0") { mantissa.removeLast(2) }
            s = mantissa + "e" + exponent
        }
        return s
    }

    static func quoted(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if u.value < 32 || u.value == 127 {
                    out += "\\x" + String(u.value, radix: 16) + ";"
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        return out + "\""
    }

    static let charNames: [UInt32: String] = [
        0: "null", 7: "alarm", 8: "backspace", 9: "tab", 10: "newline", 13: "return",
        27: "escape", 32: "space", 127: "delete",
    ]

    static func charName(_ c: UInt32) -> String {
        if let n = charNames[c] { return "#\\" + n }
        if c < 32 { return "#\\x" + String(c, radix: 16) }
        guard let u = Unicode.Scalar(c) else { return "#\\x" + String(c, radix: 16) }
        return "#\\" + String(Character(u))
    }
}
