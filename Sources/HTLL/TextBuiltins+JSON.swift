import Scheme

/// The JSON of plain attribute values for `htll frames` (69-json.scm's htll:json-pieces), in Swift.
///
/// Why: an attribute's value is mostly a list or pair of plain strings and symbols (a button's
/// action `(self tap1: (touch-up-inside))`, its title `("Go 1" . normal)`), and the prelude made
/// it a piece at a time: a `proper-list?` walk, a call and a cons per element, a symbol's text
/// looked up in a table. Its attributes were 12,600 instructions of each button's 110,000 in
/// `htll frames` (issue 19). What the JSON of anything else is (views, resources, fractions,
/// escaped text) stays the prelude's: this answers #f for it, and the prelude writes it as before.
extension HTLL {
    /// `(%htll-plain-json X)`: the text htll:json-pieces gives X when X is made only of strings
    /// and symbols whose text is plain (`%htll-plain-text?`: quoted as they are), booleans, fixnums
    /// and the empty list, in proper lists (an array of the elements) and other pairs (an array of
    /// the car and the cdr), at most `plainJSONDepth` pairs deep; #f for anything else.
    static func plainJSON(_ s: Scheme, _ x: Value) -> Value {
        var count = 0
        guard plainJSONLength(x, depth: 0, &count) else { return .false }
        return s.latin1String(count: count) { out in
            var at = 0
            writePlainJSON(x, out, &at)
        }
    }

    /// `(%htll-plain-json-members ALIST)`: the members htll:json-members-pieces writes for the
    /// attributes ALIST with htll:json-pieces (`"text": "L1", "font": ...`), when every name is a
    /// symbol of plain text, no name is given twice (the prelude gathers repeated ones into an
    /// array) and every value is plain (`plainJSON`). Otherwise the name of the first attribute
    /// whose value is not plain (a font, an image: the prelude keeps it, and writes the next views
    /// that have it without asking), or #f (a name given twice, an empty or improper list).
    static func plainJSONMembers(_ s: Scheme, _ alist: Value) -> Value {
        guard let n = alist.properLength, n > 0 else { return .false }
        var count = 2 * (n - 1)
        var rest = alist
        while let entry = rest.car {
            // (The value first: a view's attributes that are not plain mostly have a resource, a
            // font or an image, and the prelude writes them; the names compared with the earlier
            // ones in place, a few each, with no array made.)
            guard case .symbol(let name) = entry.car, let value = entry.cdr else { return .false }
            guard plainJSONLength(value, depth: 0, &count) else { return .symbol(name) }
            guard plainJSONLength(.symbol(name), depth: 0, &count) else { return .false }
            var earlier = alist
            while !earlier.isEq(rest), let other = earlier.car {
                if let otherName = other.car, otherName.isEq(.symbol(name)) { return .false }
                earlier = earlier.cdr ?? .null
            }
            count += 2  // ": "
            rest = rest.cdr ?? .null
        }
        return s.latin1String(count: count) { out in
            var at = 0, first = true
            var rest = alist
            while let entry = rest.car, let name = entry.car, let value = entry.cdr {
                if !first { out[at] = 0x2C; out[at + 1] = 0x20; at += 2 }
                first = false
                writePlainJSON(name, out, &at)
                out[at] = 0x3A; out[at + 1] = 0x20; at += 2
                writePlainJSON(value, out, &at)
                rest = rest.cdr ?? .null
            }
        }
    }

    /// How deep `plainJSON` follows pairs (a pair's cdr counts): deeper values are the prelude's,
    /// so no layout's value can make this recursion deep.
    static let plainJSONDepth = 32

    /// Adds to `count` the length of `x`'s JSON; false when `x` is not plain (nothing is written then).
    private static func plainJSONLength(_ x: Value, depth: Int, _ count: inout Int) -> Bool {
        switch x {
        case .string(let u):
            guard u.withStorage(narrow: { isPlain($0) }, wide: { isPlain($0) }) else { return false }
            count += u.count + 2
            return true
        case .symbol(let u):
            let name = u._withUnsafeGuaranteedRef { $0.name }
            guard name.utf8.withContiguousStorageIfAvailable({ isPlain($0) }) ?? Array(name.utf8).withUnsafeBufferPointer({ isPlain($0) })
            else { return false }
            count += name.utf8.count + 2
            return true
        case .null:
            count += 2
            return true
        case .bool(let b):
            count += b ? 4 : 5
            return true
        case .fixnum(let n):
            count += decimalLength(n)
            return true
        case .pair:
            guard depth < plainJSONDepth else { return false }
            if let n = x.properLength {
                // "[" elements ", " between "]"
                count += 2 + 2 * (n - 1)
                var rest = x
                while let item = rest.car {
                    guard plainJSONLength(item, depth: depth + 1, &count) else { return false }
                    rest = rest.cdr ?? .null
                }
                return true
            }
            count += 4
            guard let car = x.car, let cdr = x.cdr else { return false }
            return plainJSONLength(car, depth: depth + 1, &count) && plainJSONLength(cdr, depth: depth + 1, &count)
        case .unspecified, .undefined, .eof, .flonum, .char, .vector, .bytevector, .procedure, .closure, .record, .object:
            return false
        }
    }

    /// Writes `x`'s JSON at `at` in `out` (measured by `plainJSONLength`, which found it plain).
    private static func writePlainJSON(_ x: Value, _ out: UnsafeMutableBufferPointer<UInt8>, _ at: inout Int) {
        func put(_ b: UInt8) { out[at] = b; at += 1 }
        func put(_ text: StaticString) { for k in 0..<text.utf8CodeUnitCount { put(text.utf8Start[k]) } }
        switch x {
        case .string(let u):
            put(0x22)
            u.withStorage(narrow: { for c in $0 { put(c) } }, wide: { for c in $0 { put(UInt8(truncatingIfNeeded: c)) } })
            put(0x22)
        case .symbol(let u):
            put(0x22)
            for c in u._withUnsafeGuaranteedRef({ $0.name }).utf8 { put(c) }
            put(0x22)
        case .null:
            put("[]")
        case .bool(let b):
            put(b ? "true" : "false")
        case .fixnum(let n):
            for c in String(n).utf8 { put(c) }
        case .pair:
            put(0x5B)
            if x.properLength != nil {
                var rest = x, first = true
                while let item = rest.car {
                    if !first { put(", ") }
                    first = false
                    writePlainJSON(item, out, &at)
                    rest = rest.cdr ?? .null
                }
            } else if let car = x.car, let cdr = x.cdr {
                writePlainJSON(car, out, &at)
                put(", ")
                writePlainJSON(cdr, out, &at)
            }
            put(0x5D)
        case .unspecified, .undefined, .eof, .flonum, .char, .vector, .bytevector, .procedure, .closure, .record, .object:
            break
        }
    }

    /// The number of characters of `n` in decimal, its sign included.
    private static func decimalLength(_ n: Int) -> Int {
        var digits = 1
        var m = n.magnitude
        while m >= 10 { m /= 10; digits += 1 }
        return n < 0 ? digits + 1 : digits
    }
}
