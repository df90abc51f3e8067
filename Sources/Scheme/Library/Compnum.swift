/// A complex number with a non-zero imaginary part, as a heap object.
///
/// Invariant (kept by `Numbers.makeRectangular`): both parts are real numbers of the same
/// exactness (an inexact part makes both flonums, as in Chez and Racket), and an exact imaginary
/// part is never zero (that number is the real part alone), so every complex number has one
/// representation and `eqv?` compares the parts. An inexact zero imaginary part stays: -2.5+0.0i
/// is not `real?`.
final class Compnum: HeapObject {
    /// The real part: a fixnum, bignum or ratio, or a flonum when the number is inexact.
    public let real: Value
    /// The imaginary part, of the real part's exactness.
    public let imag: Value

    init(_ real: Value, _ imag: Value) {
        self.real = real
        self.imag = imag
    }

    /// Both parts as doubles, when the number is inexact.
    var flonums: (Double, Double)? {
        if case .flonum(let re) = real, case .flonum(let im) = imag { return (re, im) }
        return nil
    }

    override func trace(_ marker: inout Marker) {
        marker.mark(real)
        marker.mark(imag)
    }
    public override var byteSize: Int { 64 }
    public override var typeName: String { "compnum" }
    override var hasWriteBarrier: Bool { true }  // (never changed)
}
