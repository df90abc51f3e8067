/// Number syntax (R7RS 7.1.1) in the reader. The reader and `string->number` share one parser,
/// `Numbers.parse`, so a literal and the same text given to `string->number` always agree.
extension Reader {
    /// Parses `text` as a number; `radix` applies unless the text has a radix prefix. Nil when the
    /// text is not a number (what `string->number` turns into `#f`).
    static func parseNumber(_ text: String, radix: Int, runtime: Runtime) -> Value? {
        parseNumber(scalars: Array(text.unicodeScalars.map(\.value))[...], radix: radix, runtime: runtime)
    }

    /// `parseNumber` on scalars (the reader's tokens). Number syntax is pure ASCII, so a token
    /// with any other scalar is not a number.
    static func parseNumber(scalars s: ArraySlice<UInt32>, radix: Int, runtime: Runtime) -> Value? {
        // R7RS radixes only (Numbers.parse itself accepts 2...36).
        guard radix == 2 || radix == 8 || radix == 10 || radix == 16 else { return nil }
        // (In a buffer of the stack for a short token: an array made, grown and freed for each
        // was about 450 instructions of a number's reading, issue 19.)
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: s.count) { bytes -> Value? in
            var k = 0
            for c in s {
                guard c < 0x80 else { return nil }
                bytes[k] = UInt8(truncatingIfNeeded: c)
                k += 1
            }
            return Numbers.parse(bytes: UnsafeBufferPointer(bytes), radix: radix, rt: runtime)
        }
    }
}
