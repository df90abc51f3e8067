/// Splits REPL input into complete top-level data without reading them.
///
/// Input arrives a line at a time; the scanner keeps its state (paren depth, inside a string, a `|symbol|`
/// or a `#| |#` comment) across lines, so each scalar is looked at once however long an expression runs.
/// It only needs to know where a datum ends: the reader does the real parsing (and reports malformed
/// input), so anything odd, like a stray `)`, is handed over as a datum of its own for the reader to reject.
struct ReplScanner {
    /// One complete top-level datum: its text and where it starts in the whole input (1-based).
    struct Datum: Equatable {
        var text: String
        var line: Int
        var column: Int
    }

    private enum Mode { case normal, string, bar, blockComment, lineComment }

    private var buffer: [Unicode.Scalar] = []
    private var pos = 0
    private var mode = Mode.normal
    private var depth = 0
    private var commentDepth = 0
    /// Buffer index where the pending datum (or its `'`/`#;` prefixes) begins.
    private var datumStart: Int?
    private var startLine = 1
    private var startColumn = 1
    /// True while an atom (symbol, number, `#t`, `#\a`…) is being scanned.
    private var inAtom = false
    /// The atom's first scalars, to recognise `#(` and `#u8(` as openers.
    private var atomPrefix: [Unicode.Scalar] = []
    /// A `\` in a string or `|symbol|`, or the `#\` of a character: the next scalar is taken as is.
    private var escaped = false
    /// A `#` just seen in a block comment, or a `|` in one: half of a nested opener or the closer.
    private var commentHash = false
    private var commentBar = false
    /// A quote-like prefix waits for its datum, so the datum is not complete yet.
    private var prefixPending = false

    /// The line and column of the scalar at `pos`.
    private(set) var line = 1
    private(set) var column = 1

    /// True when part of an expression (or a string or block comment) is still open.
    var isIncomplete: Bool {
        datumStart != nil || mode == .string || mode == .bar || mode == .blockComment
    }

    /// The unfinished expression typed so far (empty when none is pending).
    var pendingText: String {
        guard let s = datumStart, s < buffer.count else { return "" }
        return String(String.UnicodeScalarView(buffer[s...]))
    }

    /// True when the scan position is inside a string literal (for file-name completion).
    var isInString: Bool { mode == .string }

    /// Forgets everything pending (after Ctrl-C), keeping the line count.
    mutating func reset() {
        buffer.removeAll()
        pos = 0
        mode = .normal
        depth = 0
        commentDepth = 0
        datumStart = nil
        inAtom = false
        atomPrefix.removeAll()
        escaped = false
        commentHash = false
        commentBar = false
        prefixPending = false
    }

    /// Adds text (normally a line with its newline) and returns the data it completed, in order.
    mutating func feed(_ text: String) -> [Datum] {
        buffer.append(contentsOf: text.unicodeScalars)
        var out: [Datum] = []
        while pos < buffer.count {
            let c = buffer[pos]
            step(c, &out)
            pos += 1
            if c == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        // Keep only the pending datum, so the buffer does not grow with the session.
        if let s = datumStart {
            if s > 0 {
                buffer.removeFirst(s)
                pos -= s
                datumStart = 0
            }
        } else {
            buffer.removeAll(keepingCapacity: true)
            pos = 0
        }
        return out
    }

    /// Ends the input: a trailing atom without a newline is complete; anything unclosed is returned
    /// as is so the reader can report where it ends early.
    mutating func finish() -> [Datum] {
        var out = feed("\n")
        if let s = datumStart, s < buffer.count {
            out.append(Datum(text: String(String.UnicodeScalarView(buffer[s...])), line: startLine, column: startColumn))
        }
        reset()
        return out
    }

    private mutating func begin() {
        if datumStart == nil {
            datumStart = pos
            startLine = line
            startColumn = column
        }
    }

    /// The datum from `datumStart` up to (and including, when `inclusive`) the current scalar is complete
    /// if it sits at depth 0 and no prefix waits for more.
    private mutating func completeIfTopLevel(inclusive: Bool, _ out: inout [Datum]) {
        guard depth == 0, !prefixPending, let s = datumStart else { return }
        let end = inclusive ? pos + 1 : pos
        out.append(Datum(text: String(String.UnicodeScalarView(buffer[s..<end])), line: startLine, column: startColumn))
        datumStart = nil
    }

    private mutating func endAtom(_ out: inout [Datum]) {
        guard inAtom else { return }
        inAtom = false
        atomPrefix.removeAll()
        prefixPending = false
        completeIfTopLevel(inclusive: false, &out)
    }

    private mutating func step(_ c: Unicode.Scalar, _ out: inout [Datum]) {
        switch mode {
        case .lineComment:
            if c == "\n" { mode = .normal }
        case .string, .bar:
            if escaped {
                escaped = false
            } else if c == "\\" {
                escaped = true
            } else if (mode == .string && c == "\"") || (mode == .bar && c == "|") {
                mode = .normal
                if !inAtom {
                    prefixPending = false
                    completeIfTopLevel(inclusive: true, &out)
                }
            }
        case .blockComment:
            if commentHash && c == "|" {
                commentDepth += 1
                commentHash = false
            } else if commentBar && c == "#" {
                commentDepth -= 1
                commentBar = false
                if commentDepth == 0 { mode = .normal }
            } else {
                commentHash = c == "#"
                commentBar = c == "|"
            }
        case .normal:
            normal(c, &out)
        }
    }

    private mutating func normal(_ c: Unicode.Scalar, _ out: inout [Datum]) {
        if inAtom {
            if escaped {
                // The scalar after `#\` belongs to the character literal, even `(` or `;`.
                escaped = false
                atomPrefix.append(c)
                return
            }
            if c == "(" || c == "[" {
                let p = String(String.UnicodeScalarView(atomPrefix)).lowercased()
                if p == "#" || p == "#u8" {
                    // `#(` or `#u8(`: the atom was a vector opener.
                    inAtom = false
                    atomPrefix.removeAll()
                    depth += 1
                    return
                }
            }
            if c == "|" && atomPrefix.count == 1 && atomPrefix[0] == "#" {
                // `#|` opens a block comment; the `#` was no datum.
                inAtom = false
                atomPrefix.removeAll()
                if depth == 0 && !prefixPending, let s = datumStart, s == pos - 1 { datumStart = nil }
                mode = .blockComment
                commentDepth = 1
                return
            }
            if c == ";" && atomPrefix.count == 1 && atomPrefix[0] == "#" {
                // `#;` comments out the next datum: a prefix like a quote.
                inAtom = false
                atomPrefix.removeAll()
                prefixPending = true
                return
            }
            if c == "\\" && atomPrefix.count == 1 && atomPrefix[0] == "#" {
                atomPrefix.append(c)
                escaped = true
                return
            }
            if c == "|" {
                // A `|…|` part inside a symbol, as in `abc|def|`.
                mode = .bar
                return
            }
            if isDelimiter(c) {
                endAtom(&out)
            } else {
                if atomPrefix.count < 4 { atomPrefix.append(c) }
                return
            }
        }
        switch c {
        case " ", "\t", "\n", "\r", "\u{0C}":
            break
        case ";":
            mode = .lineComment
        case "(", "[":
            begin()
            depth += 1
            prefixPending = false
        case ")", "]":
            begin()
            if depth > 0 { depth -= 1 }
            prefixPending = false
            completeIfTopLevel(inclusive: true, &out)
        case "\"":
            begin()
            mode = .string
        case "|":
            begin()
            mode = .bar
        case "'", "`":
            begin()
            prefixPending = true
        case ",":
            begin()
            prefixPending = true
            // `,@` is one prefix: the `@` is skipped by treating it as part of the prefix below.
            if pos + 1 < buffer.count, buffer[pos + 1] == "@" {
                pos += 1
                column += 1
            }
        default:
            begin()
            inAtom = true
            atomPrefix = [c]
        }
    }

    private func isDelimiter(_ c: Unicode.Scalar) -> Bool {
        switch c {
        case " ", "\t", "\n", "\r", "\u{0C}", "(", ")", "[", "]", "\"", ";", "'", "`", ",": return true
        default: return false
        }
    }
}
