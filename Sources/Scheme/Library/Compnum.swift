/// A complex number with a non-zero imaginary part, as a heap object.
///
/// Invariant (kept by `Numbers.makeRectangular`): both parts are real numbers of the same
/// exactness (an inexact part makes both flonums, as in Chez and Racket), and an exact imaginary
/// part is never zero (that number is the real part alone), so every complex number has one
/// representation and `eqv?` compares the parts. An inexact zero imaginary part stays: -2.5+0.0i
/// is not `real?`.
///
/// A record of the heap's `complexType`, fields `real` and `imag` (issue 17: cells, not a Swift
/// object; complex arithmetic makes one per result). A program cannot name the type: only the
/// numeric tower reads the fields, which never change.
struct Compnum {
    let record: Record

    /// The complex number `record` is (its type is the heap's `complexType`).
    @inline(__always) init(record: Record) { self.record = record }

    /// The complex number `v` is, or nil.
    @inline(__always) init?(_ v: Value) {
        guard case .record(let r) = v, r.role == .complex else { return nil }
        record = r
    }

    /// The complex number of parts `real` and `imag` (the caller keeps the invariant above).
    static func make(_ real: Value, _ imag: Value, in heap: Heap) -> Value {
        .record(Record.make(type: heap.complexType, count: 2, in: heap) { $0 == 0 ? real : imag })
    }

    /// The real part: a fixnum, bignum or ratio, or a flonum when the number is inexact.
    @inline(__always) var real: Value { record.field(0) }
    /// The imaginary part, of the real part's exactness.
    @inline(__always) var imag: Value { record.field(1) }

    /// The number as a value.
    var value: Value { .record(record) }

    /// Both parts as doubles, when the number is inexact.
    @inline(__always) var flonums: (Double, Double)? {
        if case .flonum(let re) = real, case .flonum(let im) = imag { return (re, im) }
        return nil
    }
}
