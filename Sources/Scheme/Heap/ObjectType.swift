// The types of headered objects, their header word and the collector's scan table
// (docs/heap-design.md, "Object layouts").

/// How the collector finds the words to follow in an object, after its header.
enum ScanRule: Equatable {
    /// A leaf: nothing to follow (bytes, limbs, a handle index).
    case none
    /// Every slot (the header's length counts slots).
    case all
    /// The first `n` slots; the rest are raw.
    case prefix(Int)
    /// Slot 0 is a fixnum k; slots 1…k are followed, the rest are raw (code, continuations).
    case counted
    /// No slot is followed; after marking, slots whose object died are cleared.
    case weak
}

/// The type of a headered object: the low byte of its header.
enum ObjectType: UInt8, CaseIterable {
    /// header(n) · n values.
    case vector = 1
    /// header(n characters, flags: wide, immutable) · storage.
    case string
    /// header(bytes, flags: wide) · Latin-1 bytes or UTF-32 scalars.
    case stringStorage
    /// header(n bytes) · n bytes.
    case bytevector
    /// header · name (an immutable string) · hash (fixnum).
    case symbol
    /// header · symbol · renamed · environment: an identifier renamed by a macro.
    case identifier
    /// header · value · name · source · mirrors (a weak vector).
    case globalCell
    /// header(n) · n values held weakly.
    case weakVector
    /// header · value: an assigned captured variable.
    case box
    /// header(n + 1) · code · n captured values.
    case closure
    /// header(n) · k · k values (name, locations, constants) · raw words (instructions, counts).
    case code
    /// header(n + 1) · record type · n fields.
    case record
    /// header · index into the builtin table (fixnum) · data.
    case primitive
    /// header · value · converter.
    case parameter
    /// header(flags: done) · value.
    case promise
    /// header(n) · n values.
    case multipleValues
    /// header · message · irritants · kind · location.
    case errorObject
    /// header(n limbs, flags: sign) · n limbs.
    case bignum
    /// header · numerator · denominator.
    case ratnum
    /// header · real part · imaginary part.
    case compnum
    /// header(n) · k · k values · raw frame words.
    case continuation
    /// header · index into the handle table (a Swift object the heap does not lay out).
    case opaque

    /// What the collector follows.
    var scan: ScanRule {
        switch self {
        case .vector, .identifier, .globalCell, .box, .closure, .record, .primitive, .parameter,
             .promise, .multipleValues, .errorObject, .ratnum, .compnum:
            return .all
        case .string, .symbol:
            return .prefix(1)
        case .code, .continuation:
            return .counted
        case .weakVector:
            return .weak
        case .stringStorage, .bytevector, .bignum, .opaque:
            return .none
        }
    }

    /// Whether the header's length counts bytes (otherwise 8-byte slots).
    var lengthCountsBytes: Bool {
        switch self {
        case .stringStorage, .bytevector:
            return true
        case .vector, .string, .symbol, .identifier, .globalCell, .weakVector, .box, .closure, .code,
             .record, .primitive, .parameter, .promise, .multipleValues, .errorObject, .bignum,
             .ratnum, .compnum, .continuation, .opaque:
            return false
        }
    }

    /// The length is the character count, the payload one storage slot.
    var payloadIsOneSlot: Bool { self == .string }

    /// The scan table, indexed by the header's type byte, so marking is one loop over a table
    /// entry rather than a switch per object. Entry: (kind 0 none/weak, 1 all, 2 prefix, 3
    /// counted; prefix count).
    static let scanTable: [(kind: UInt8, count: Int)] = {
        var t = [(kind: UInt8, count: Int)](repeating: (0, 0), count: 256)
        for type in ObjectType.allCases {
            switch type.scan {
            case .none, .weak: t[Int(type.rawValue)] = (0, 0)
            case .all: t[Int(type.rawValue)] = (1, 0)
            case .prefix(let n): t[Int(type.rawValue)] = (2, n)
            case .counted: t[Int(type.rawValue)] = (3, 0)
            }
        }
        return t
    }()
}

/// The header word of an object: `type` (8 bits) | `flags` (8 bits) << 8 | `length` (48 bits) << 16.
struct ObjectHeader: Equatable {
    /// The raw word.
    var bits: UInt64

    /// The largest length a header holds.
    static let maxLength = (1 << 48) - 1

    /// A header; nil when `length` does not fit in 48 bits.
    init?(type: ObjectType, flags: UInt8 = 0, length: Int) {
        guard length >= 0, length <= ObjectHeader.maxLength else { return nil }
        bits = UInt64(type.rawValue) | UInt64(flags) << 8 | UInt64(length) << 16
    }

    /// The header with these raw bits.
    @inline(__always) init(bits: UInt64) { self.bits = bits }

    /// The type byte.
    @inline(__always) var typeByte: UInt8 { UInt8(truncatingIfNeeded: bits) }
    /// The type, or nil for a byte that names none (only a corrupted header).
    var type: ObjectType? { ObjectType(rawValue: typeByte) }
    /// The flags byte.
    @inline(__always) var flags: UInt8 { UInt8(truncatingIfNeeded: bits >> 8) }
    /// The length (slots, bytes or characters, by type).
    @inline(__always) var length: Int { Int(bits >> 16) }

    /// Bytes an object of `type` and `length` takes, header included, rounded up to 16; nil when
    /// that does not fit in an `Int`.
    static func objectBytes(type: ObjectType, length: Int) -> Int? {
        guard length >= 0, length <= maxLength else { return nil }
        let payload = type.payloadIsOneSlot ? 8 : (type.lengthCountsBytes ? length : length * 8)
        return (8 + payload + 15) & ~15
    }
}
