/// Trimming white space from the ends of text, as Foundation's `trimmingCharacters(in:)` does with
/// `.whitespaces` or `.whitespacesAndNewlines` (scalar by scalar, the same sets; CoreFoundation's
/// spaces include the zero-width space U+200B).
///
/// Why not Foundation's: it is not in FoundationEssentials, and importing Foundation made the
/// `htll` command load Foundation's libraries at every start (15.5 M of GearCalc's 73.7 M
/// instructions went to the dynamic loader; bench/README.md, "Start-up").
extension StringProtocol {
    /// This text without the white space at its ends: spaces (Unicode category Zs), U+200B and tab, and,
    /// when `newlines`, also line feed, vertical tab, form feed, carriage return, U+0085 and the
    /// line and paragraph separators.
    public func trimmingWhitespace(newlines: Bool = false) -> String {
        let scalars = unicodeScalars
        var start = scalars.startIndex, end = scalars.endIndex
        while start < end, Self.isTrimmed(scalars[start], newlines) { start = scalars.index(after: start) }
        while start < end {
            let before = scalars.index(before: end)
            guard Self.isTrimmed(scalars[before], newlines) else { break }
            end = before
        }
        var kept = String.UnicodeScalarView()
        kept.append(contentsOf: scalars[start..<end])
        return String(kept)
    }

    private static func isTrimmed(_ s: Unicode.Scalar, _ newlines: Bool) -> Bool {
        if s == "\t" || s == "\u{200B}" || s.properties.generalCategory == .spaceSeparator { return true }
        guard newlines else { return false }
        switch s.value {
        case 0x0A...0x0D, 0x85: return true
        default:
            let category = s.properties.generalCategory
            return category == .lineSeparator || category == .paragraphSeparator
        }
    }
}
