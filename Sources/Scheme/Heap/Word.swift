// The value representation of the block heap (docs/heap-design.md, "Values"), beside today's
// `Value` enum until migration step 5 makes it the VM's value.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A Scheme value of the block heap: 64 plain bits whose low three bits are the tag.
///
/// Why plain bits: a `Word` is POD, so copying, storing and comparing one never touches a
/// reference count (the retain/release that takes 20–40% of today's allocation-heavy programs).
///
/// | low bits | value | payload |
/// |---|---|---|
/// | `xx0` | fixnum | the integer shifted left by 1 (63 bits) |
/// | `001` | pair | address of a 16-byte pair cell, plus 1 |
/// | `011` | object with a header | address of the header word, plus 3 |
/// | `101` | flonum | address of an 8-byte cell holding the double, plus 5 |
/// | `111` | immediate | the low byte says which; characters are `scalar << 8 \| 0x3F` |
struct Word: Hashable, Sendable {
    /// The raw bits.
    var bits: UInt64

    /// The word with these raw bits.
    @inline(__always) init(bits: UInt64) { self.bits = bits }

    static let pairTag: UInt64 = 0b001
    static let objectTag: UInt64 = 0b011
    static let flonumTag: UInt64 = 0b101
    static let immediateTag: UInt64 = 0b111

    /// `'()`.
    static let null = Word(bits: 0x07)
    /// `#f`.
    static let `false` = Word(bits: 0x0F)
    /// `#t`.
    static let `true` = Word(bits: 0x17)
    /// The unspecified value.
    static let unspecified = Word(bits: 0x1F)
    /// The value of an unassigned variable.
    static let undefined = Word(bits: 0x27)
    /// The end-of-file object.
    static let eof = Word(bits: 0x2F)
    /// The default object of an optional argument not given.
    static let defaultObject = Word(bits: 0x37)
    /// The low byte of a character.
    static let charByte: UInt64 = 0x3F

    // MARK: classification (no memory access)

    /// Whether the word is a fixnum (low bit clear).
    @inline(__always) var isFixnum: Bool { bits & 1 == 0 }
    /// Whether the word points to a pair cell.
    @inline(__always) var isPair: Bool { bits & 7 == Word.pairTag }
    /// Whether the word points to a headered object.
    @inline(__always) var isObject: Bool { bits & 7 == Word.objectTag }
    /// Whether the word points to a flonum cell.
    @inline(__always) var isFlonum: Bool { bits & 7 == Word.flonumTag }
    /// Whether the word is an immediate (null, booleans, characters, …).
    @inline(__always) var isImmediate: Bool { bits & 7 == Word.immediateTag }
    /// Whether the word points into the heap (pair, object or flonum): what the collector follows
    /// and the write barrier records.
    @inline(__always) var isPointer: Bool { bits & 1 == 1 && bits & 7 != 7 }
    /// Whether the word is anything but `#f` (Scheme truth).
    @inline(__always) var isTrue: Bool { bits != Word.false.bits }

    /// The address a pointer word points to (the cell or the header); meaningless for others.
    @inline(__always) var address: UnsafeMutableRawPointer {
        UnsafeMutableRawPointer(bitPattern: UInt(bits & ~7)).unsafelyUnwrapped
    }

    /// A pointer word with `tag` to `address` (8-byte aligned).
    @inline(__always) init(address: UnsafeMutableRawPointer, tag: UInt64) {
        bits = UInt64(UInt(bitPattern: address)) | tag
    }

    /// `#t` or `#f`.
    @inline(__always) init(bool: Bool) { self = bool ? .true : .false }

    // MARK: characters

    /// The character `scalar`.
    @inline(__always) init(char scalar: Unicode.Scalar) {
        bits = UInt64(scalar.value) << 8 | Word.charByte
    }

    /// Whether the word is a character.
    @inline(__always) var isChar: Bool { bits & 0xFF == Word.charByte }

    /// The character, or nil when the word is not one.
    var char: Unicode.Scalar? {
        guard isChar, bits >> 32 == 0 else { return nil }
        return Unicode.Scalar(UInt32(truncatingIfNeeded: bits >> 8))
    }
}

// MARK: fixnums

extension Word {
    /// The smallest fixnum, −2^62.
    static let fixnumMin = -(1 << 62)
    /// The largest fixnum, 2^62 − 1.
    static let fixnumMax = (1 << 62) - 1

    /// The fixnum `n`, or nil when `n` is outside −2^62 … 2^62−1 (a bignum's job).
    @inline(__always) init?(fixnum n: Int) {
        guard n >= Word.fixnumMin, n <= Word.fixnumMax else { return nil }
        bits = UInt64(bitPattern: Int64(n) &<< 1)
    }

    /// The integer of a fixnum word (an arithmetic shift; meaningless for other words).
    @inline(__always) var fixnum: Int { Int(Int64(bitPattern: bits) >> 1) }

    /// The integer, or nil when the word is not a fixnum.
    @inline(__always) var fixnumValue: Int? { isFixnum ? fixnum : nil }

    /// Whether both words are fixnums, in one test: `(a | b) & 1 == 0`.
    @inline(__always) static func bothFixnums(_ a: Word, _ b: Word) -> Bool { (a.bits | b.bits) & 1 == 0 }

    // Why on the tagged words: both operands are even, so their 64-bit sum is the tagged sum, and
    // it overflows 64 bits exactly when the untagged sum leaves the 63-bit range.

    /// `a + b` for fixnums; nil when either is not a fixnum or the sum leaves the fixnum range.
    @inline(__always) static func fixnumSum(_ a: Word, _ b: Word) -> Word? {
        guard bothFixnums(a, b) else { return nil }
        let (r, o) = Int64(bitPattern: a.bits).addingReportingOverflow(Int64(bitPattern: b.bits))
        return o ? nil : Word(bits: UInt64(bitPattern: r))
    }

    /// `a − b` for fixnums; nil when either is not a fixnum or the difference overflows.
    @inline(__always) static func fixnumDifference(_ a: Word, _ b: Word) -> Word? {
        guard bothFixnums(a, b) else { return nil }
        let (r, o) = Int64(bitPattern: a.bits).subtractingReportingOverflow(Int64(bitPattern: b.bits))
        return o ? nil : Word(bits: UInt64(bitPattern: r))
    }

    /// `a × b` for fixnums; nil when either is not a fixnum or the product overflows.
    /// Why `a.bits * b`: (2x)·y = 2(xy) is the tagged product, and overflows 64 bits exactly when
    /// xy leaves the 63-bit range.
    @inline(__always) static func fixnumProduct(_ a: Word, _ b: Word) -> Word? {
        guard bothFixnums(a, b) else { return nil }
        let (r, o) = Int64(bitPattern: a.bits).multipliedReportingOverflow(by: Int64(b.fixnum))
        return o ? nil : Word(bits: UInt64(bitPattern: r))
    }

    /// `−a` for a fixnum; nil for −2^62 (whose negation is a bignum) and non-fixnums.
    @inline(__always) static func fixnumNegation(_ a: Word) -> Word? {
        fixnumDifference(Word(bits: 0), a)
    }

    /// `quotient a b` (truncating) for fixnums; nil for a zero divisor, −2^62 / −1 and non-fixnums.
    static func fixnumQuotient(_ a: Word, _ b: Word) -> Word? {
        guard bothFixnums(a, b), b.bits != 0 else { return nil }
        let (q, o) = a.fixnum.dividedReportingOverflow(by: b.fixnum)
        return o ? nil : Word(fixnum: q)
    }

    /// `remainder a b` (sign of `a`) for fixnums; nil for a zero divisor and non-fixnums.
    static func fixnumRemainder(_ a: Word, _ b: Word) -> Word? {
        guard bothFixnums(a, b), b.bits != 0 else { return nil }
        let (r, o) = a.fixnum.remainderReportingOverflow(dividingBy: b.fixnum)
        return o ? Word(fixnum: 0) : Word(fixnum: r)
    }

    /// `a < b` for fixnums, on the tagged words (the shift preserves order).
    @inline(__always) static func fixnumLess(_ a: Word, _ b: Word) -> Bool {
        Int64(bitPattern: a.bits) < Int64(bitPattern: b.bits)
    }
}
