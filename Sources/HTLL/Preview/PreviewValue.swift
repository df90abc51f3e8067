import Scheme

/// An attribute value of a solved view as the prelude hands it over (`htll-solved-views`):
/// booleans, numbers, strings, symbols and lists of them. Resources arrive as lists such as
/// `(rgba-color 1 0 0 1)` or `(localized "key" "Default")`.
///
/// Why values and not the frames JSON: the JSON writes resources as text, so reading it back took a
/// second reader, and a label whose text looked like a datum was taken for one.
indirect enum PreviewValue: Equatable {
    case bool(Bool), number(Double), string(String), symbol(String), list([PreviewValue])

    /// Nesting past this depth is dropped: attribute values are shallow, and the conversion must not
    /// recurse as deep as a hostile layout's data.
    static let maxDepth = 32

    /// `value` converted; a proper list becomes `.list` of its elements, a pair whose cdr is not a list
    /// `.list([car, cdr])`, a vector `.list`, and anything else (a procedure) its written form as a symbol.
    init(_ value: Value, depth: Int = 0) {
        if depth > Self.maxDepth { self = .list([]); return }
        switch value {
        case .bool(let b): self = .bool(b)
        case .string, .symbol: self = value.stringValue.map { value.isSymbol ? .symbol($0) : .string($0) } ?? .list([])
        case .pair:
            if let items = value.listElements {
                self = .list(items.map { PreviewValue($0, depth: depth + 1) })
            } else if let car = value.car, let cdr = value.cdr {
                self = .list([PreviewValue(car, depth: depth + 1), PreviewValue(cdr, depth: depth + 1)])
            } else {
                self = .list([])
            }
        case .vector: self = .list((value.arrayValue ?? []).map { PreviewValue($0, depth: depth + 1) })
        case .null: self = .list([])
        case .fixnum, .flonum, .unspecified, .undefined, .eof, .char, .bytevector, .procedure, .closure, .record, .object:
            self = value.doubleValue.map { .number($0) } ?? .symbol(value.description)
        }
    }

    /// The elements of a list value, else nil.
    var items: [PreviewValue]? {
        if case .list(let items) = self { return items }
        return nil
    }

    /// The text of a string, or a symbol's name.
    var name: String? {
        switch self {
        case .string(let s), .symbol(let s): return s
        case .bool, .number, .list: return nil
        }
    }

    /// A finite number.
    var number: Double? {
        if case .number(let d) = self, d.isFinite { return d }
        return nil
    }

    /// The head symbol of a list such as `(rgba-color …)`, with its elements.
    var call: (head: String, items: [PreviewValue])? {
        guard case .list(let items) = self, case .symbol(let head)? = items.first else { return nil }
        return (head, items)
    }
}
