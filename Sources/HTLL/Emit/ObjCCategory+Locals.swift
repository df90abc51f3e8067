#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which of the category's views a method needs as locals. Each method of the `--objc` category
/// holds a fragment written for instance variables, so it copies the views it names into locals;
/// a local the fragment does not read as a variable needs a `(void)` against `-Wunused-variable`.
/// Declaring every view in every method, each with its `(void)`, was about 100 bytes a view a
/// method: most of the category of a long layout (issue 19: 1,500 nested `above`s printed 1.1 MB).
///
/// Which names a fragment uses is known only once the prelude has written it, by many emitters;
/// this reads the fragment's tokens instead of threading a set of names through all of them.
/// It errs one way only: a name it cannot tell about is declared and silenced, as before.
struct CategoryLocals {
    /// Per view: the fragment may name the variable (the method declares the local).
    var named: [Bool]
    /// Per view: the fragment reads the variable where `-Wunused-variable` sees it (no `(void)`).
    var read: [Bool]

    /// Every view declared, each `read` (else silenced, as every method was before it read fragments).
    init(all count: Int, read: Bool = false) {
        named = Array(repeating: true, count: count)
        self.read = Array(repeating: read, count: count)
    }

    /// The views `fragment` uses, looked up in `names`; every view (`init(all:)`) when the
    /// fragment holds text this reader does not expect (an unterminated literal or comment, a
    /// byte no statement has).
    init(fragment: [UInt8], names: ViewNameTable) {
        named = Array(repeating: false, count: names.count)
        read = named
        let complete = fragment.withUnsafeBufferPointer { buffer -> Bool in
            guard let base = buffer.baseAddress else { return true }
            return scan(base, buffer.count, names)
        }
        if !complete { self = CategoryLocals(all: names.count) }
    }

    /// What came before a name: a separator (it starts an operand), `*` (the same, or a
    /// declaration's type), `.` or `->` (it is a member), or a word, a literal or a closing bracket
    /// (it is a selector part, or not an operand).
    private enum Before { case separator, star, member, word }

    /// Reads `n` bytes of statements from `p`, marking the names in `named` and `read`; false at
    /// text it does not expect. (A class per byte from a table: a chain of comparisons per byte
    /// cost about 16 instructions a byte of a long layout's frame code.)
    private mutating func scan(_ p: UnsafePointer<UInt8>, _ n: Int, _ names: ViewNameTable) -> Bool {
        Self.classes.withUnsafeBufferPointer { table -> Bool in
            guard let kind = table.baseAddress else { return false }
            var i = 0, before = Before.separator
            while i < n {
                switch kind[Int(p[i])] {
                case .space:
                    i += 1
                case .name:
                    let start = i
                    i = Self.nameEnd(kind, p, n, from: i)
                    if before != .member, let view = names.index(of: p + start, count: i - start) {
                        named[view] = true
                        if before == .separator || before == .star, Self.isRead(p, n, after: i, star: before == .star) { read[view] = true }
                    }
                    before = .word
                case .separator:
                    i += 1; before = .separator
                case .close:
                    i += 1; before = .word
                case .digit:
                    i = Self.numberEnd(p, n, from: i); before = .word
                case .dot:
                    if i + 1 < n, Self.isDigit(p[i + 1]) { i = Self.numberEnd(p, n, from: i); before = .word } else { i += 1; before = .member }
                case .quote:
                    guard let end = Self.literalEnd(p, n, from: i) else { return false }
                    i = end; before = .word
                case .slash:
                    if i + 1 < n && (p[i + 1] == UInt8(ascii: "/") || p[i + 1] == UInt8(ascii: "*")) {
                        guard let end = Self.commentEnd(p, n, from: i) else { return false }
                        i = end
                    } else {
                        i += 1; before = .separator
                    }
                case .minus:
                    if i + 1 < n && p[i + 1] == UInt8(ascii: ">") { i += 2; before = .member } else { i += 1; before = .separator }
                case .star:
                    i += 1; before = .star
                case .at:
                    // @"…" is a string; @selector(…), @protocol(…), @encode(…) name no variable.
                    i += 1; before = .word
                    if i < n, kind[Int(p[i])] == .name {
                        let start = i
                        i = Self.nameEnd(kind, p, n, from: i)
                        var j = i
                        while j < n, p[j] == 0x20 { j += 1 }
                        if j < n, p[j] == UInt8(ascii: "(") {
                            guard Self.isDirective(p + start, i - start), let end = Self.groupEnd(p, n, from: j) else { return false }
                            i = end
                        }
                    }
                case .other:
                    return false
                }
            }
            return true
        }
    }

    /// What `scan` does at a byte.
    private enum ByteClass: UInt8 { case other, space, name, digit, separator, close, dot, quote, slash, minus, star, at }

    /// Each byte's class: what `scan` does at it.
    private static let classes: [ByteClass] = (0...255).map { (b: Int) -> ByteClass in
        let c = UInt8(b)
        switch c {
        case 0x20, 0x09, 0x0A, 0x0D: return .space
        case UInt8(ascii: ")"), UInt8(ascii: "]"): return .close
        case UInt8(ascii: "."): return .dot
        case UInt8(ascii: "\""), UInt8(ascii: "'"): return .quote
        case UInt8(ascii: "/"): return .slash
        case UInt8(ascii: "-"): return .minus
        case UInt8(ascii: "*"): return .star
        case UInt8(ascii: "@"): return .at
        case _ where isDigit(c): return .digit
        case _ where isNameStart(c): return .name
        case _ where isSeparator(c): return .separator
        default: return .other
        }
    }

    /// Whether a name that starts an operand and ends at `i` is read: not when a colon follows (a
    /// selector's part, a ternary's branch), nor an assignment's `=` (a store is no use to
    /// `-Wunused-but-set-variable`), nor, after a `*` (`UILabel * name;`), a declaration's end.
    /// Those keep their `(void)`.
    private static func isRead(_ p: UnsafePointer<UInt8>, _ n: Int, after i: Int, star: Bool) -> Bool {
        var j = i
        while j < n, p[j] == 0x20 { j += 1 }
        guard j < n else { return !star }
        switch p[j] {
        case UInt8(ascii: ":"): return false
        case UInt8(ascii: "="): return j + 1 < n && p[j + 1] == UInt8(ascii: "=")
        case UInt8(ascii: ";"), UInt8(ascii: ","): return !star
        default: return true
        }
    }

    private static func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }

    /// A letter, `_`, `$` or a byte of a non-ASCII character (which ObjC names may hold).
    private static func isNameStart(_ c: UInt8) -> Bool {
        (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7A || c == 0x5F || c == 0x24 || c >= 0x80
    }

    /// Punctuation after which a name starts an operand.
    private static func isSeparator(_ c: UInt8) -> Bool {
        switch c {
        case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: ","),
             UInt8(ascii: ";"), UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "/"), UInt8(ascii: "%"), UInt8(ascii: "?"), UInt8(ascii: ":"), UInt8(ascii: "!"),
             UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"), UInt8(ascii: "|"), UInt8(ascii: "^"),
             UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    /// `@selector`, `@protocol` or `@encode`, whose parentheses hold no variable.
    private static func isDirective(_ p: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        for word: StaticString in ["selector", "protocol", "encode"] where word.utf8CodeUnitCount == count {
            if memcmp(p, word.utf8Start, count) == 0 { return true }
        }
        return false
    }

    /// The index after the name starting at `i`, with the byte classes `kind`.
    @inline(__always)
    private static func nameEnd(_ kind: UnsafePointer<ByteClass>, _ p: UnsafePointer<UInt8>, _ n: Int, from i: Int) -> Int {
        var j = i + 1
        while j < n, kind[Int(p[j])] == .name || kind[Int(p[j])] == .digit { j += 1 }
        return j
    }

    /// The index after the number starting at `i` (digits, letters, `.`, an exponent's sign).
    private static func numberEnd(_ p: UnsafePointer<UInt8>, _ n: Int, from i: Int) -> Int {
        var j = i + 1
        while j < n {
            let c = p[j]
            if isDigit(c) || isNameStart(c) || c == UInt8(ascii: ".") {
                j += 1
            } else if (c == UInt8(ascii: "+") || c == UInt8(ascii: "-")), "eEpP".utf8.contains(p[j - 1]) {
                j += 1
            } else {
                break
            }
        }
        return j
    }

    /// The index after the string or character literal starting at `i`, nil if it does not end
    /// on its line.
    private static func literalEnd(_ p: UnsafePointer<UInt8>, _ n: Int, from i: Int) -> Int? {
        let quote = p[i]
        var j = i + 1
        while j < n {
            switch p[j] {
            case quote: return j + 1
            case UInt8(ascii: "\\"): j += 2
            case 0x0A: return nil
            default: j += 1
            }
        }
        return nil
    }

    /// The index after the comment starting at `i` (`//` to its line's end, `/*` to `*/`).
    private static func commentEnd(_ p: UnsafePointer<UInt8>, _ n: Int, from i: Int) -> Int? {
        var j = i + 2
        if p[i + 1] == UInt8(ascii: "/") {
            while j < n, p[j] != 0x0A { j += 1 }
            return j
        }
        while j + 1 < n {
            if p[j] == UInt8(ascii: "*") && p[j + 1] == UInt8(ascii: "/") { return j + 2 }
            j += 1
        }
        return nil
    }

    /// The index after the parenthesised group opening at `i`, nil if it does not close.
    private static func groupEnd(_ p: UnsafePointer<UInt8>, _ n: Int, from i: Int) -> Int? {
        var depth = 0, j = i
        while j < n {
            switch p[j] {
            case UInt8(ascii: "("): depth += 1
            case UInt8(ascii: ")"):
                depth -= 1
                if depth == 0 { return j + 1 }
            case UInt8(ascii: "\""), UInt8(ascii: "'"), 0x0A: return nil
            default: break
            }
            j += 1
        }
        return nil
    }
}

/// The category's view names, for looking up a name read from a fragment without making it a
/// `String` or an `Array`: open addressing over FNV-1a hashes of the UTF-8.
struct ViewNameTable {
    private let names: [[UInt8]]
    private var slots: [Int32]
    private let mask: Int

    /// The table of `names`; `index(of:count:)` answers positions in it.
    init(_ names: [[UInt8]]) {
        self.names = names
        var size = 8
        while size < names.count * 2 { size *= 2 }
        mask = size - 1
        slots = Array(repeating: -1, count: size)
        for (k, name) in names.enumerated() {
            var s = name.withUnsafeBufferPointer { Self.hash($0.baseAddress, $0.count) } & mask
            while slots[s] >= 0 { s = (s + 1) & mask }
            slots[s] = Int32(truncatingIfNeeded: k)
        }
    }

    /// How many names.
    var count: Int { names.count }

    /// The position of the name spelled by `count` bytes at `p`, if it is one.
    func index(of p: UnsafePointer<UInt8>, count: Int) -> Int? {
        var s = Self.hash(p, count) & mask
        while true {
            let k = Int(slots[s])
            if k < 0 { return nil }
            let match = names[k].withUnsafeBufferPointer { name -> Bool in
                guard name.count == count, let base = name.baseAddress else { return name.count == count }
                return memcmp(base, p, count) == 0
            }
            if match { return k }
            s = (s + 1) & mask
        }
    }

    private static func hash(_ p: UnsafePointer<UInt8>?, _ count: Int) -> Int {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        if let p { for i in 0..<count { h = (h ^ UInt64(p[i])) &* 0x100_0000_01b3 } }
        return Int(truncatingIfNeeded: h ^ (h >> 29))
    }
}
