/// Splits input that arrives a piece at a time (a REPL's lines, a pipe's chunks) into complete
/// top-level data, asking the reader whether each is complete.
///
/// Why the reader: it is the one lexer, so strings, `|symbols|`, `#| |#` comments, `#\(`
/// characters, `#;` comments and datum labels end where `read` says they end. A datum still open
/// at the end of the input so far (the reader's `endedInsideDatum`) waits for more, and the next
/// piece reads again from the start of that datum only. Malformed input (a stray `)`, a bad
/// `#\name`) is handed over as a datum of its own, up to the end of the line where reading
/// failed, so that evaluating it reports the reader's error at its place and the next line starts
/// afresh.
public struct InputSplitter {
    /// One complete top-level datum: its text, and where it starts in the whole input (1-based).
    public struct Datum: Equatable, Sendable {
        /// The datum's source text, from its first character to its last (comments before it excluded).
        public var text: String
        /// The line of its first character.
        public var line: Int
        /// The column of its first character, counted in Unicode scalars.
        public var column: Int

        /// A datum with its text and position.
        public init(text: String, line: Int, column: Int) {
            self.text = text
            self.line = line
            self.column = column
        }
    }

    private let runtime: Runtime
    private let fileIndex: Int
    /// The input not yet handed out: atmosphere and the pending datum.
    private var pending: [UInt32] = []
    /// Where `pending` starts in the whole input.
    private var line = 1
    private var column = 1
    /// Whether the input so far ends inside a datum, and inside a string literal.
    private var open = false
    private var openString = false

    /// A splitter reading with `scheme`'s reader (the symbols it reads are interned there).
    public init(scheme: Scheme) {
        runtime = scheme.runtime
        fileIndex = scheme.runtime.fileIndex("<input>")
    }

    /// True when an expression (or a string or `#| |#` comment) is still open: more input is needed.
    public var isIncomplete: Bool { open }

    /// True when the input so far ends inside a string literal (a REPL completes file names there).
    public var isInString: Bool { openString }

    /// How many characters are waiting: the open datum and the atmosphere before it.
    public var pendingCount: Int { pending.count }

    /// The unfinished expression typed so far (empty when none is pending).
    public var pendingText: String { open ? Reader.makeString(pending) : "" }

    /// The line and column where the pending input starts.
    public var position: (line: Int, column: Int) { (line, column) }

    /// Adds text (normally a line with its newline) and returns the data it completed, in order.
    public mutating func feed(_ text: String) -> [Datum] {
        pending.append(contentsOf: text.unicodeScalars.map(\.value))
        return split(final: false)
    }

    /// Ends the input: a trailing atom without a newline is complete, and anything unclosed is
    /// returned as is, so that evaluating it reports where it ends early.
    public mutating func finish() -> [Datum] {
        let out = split(final: true)
        reset()
        return out
    }

    /// Forgets the pending input (after Ctrl-C), keeping the line count.
    public mutating func reset() {
        for s in pending {
            if s == Reader.Ch.newline { line += 1; column = 1 } else { column += 1 }
        }
        pending.removeAll(keepingCapacity: true)
        open = false
        openString = false
    }

    private func makeReader() -> Reader {
        var reader = Reader(scalars: pending, fileIndex: fileIndex, runtime: runtime)
        // A byte-order mark is skipped only at the start of a whole text, not of a piece.
        reader.position = 0
        reader.line = line
        reader.column = column
        return reader
    }

    /// Reads the complete data at the start of `pending`; keeps what is still open.
    private mutating func split(final: Bool) -> [Datum] {
        var out: [Datum] = []
        open = false
        openString = false
        var reader = makeReader()
        // Everything before `consumed` has been handed out (or was atmosphere).
        var consumed = 0
        defer {
            pending.removeFirst(consumed)
        }
        func keep(_ r: Reader) {
            consumed = r.position
            line = r.line
            column = r.column
        }
        while true {
            do {
                try reader.skipAtmosphere()
            } catch {
                // An unterminated `#|` comment, or a malformed `#!` directive.
                if reader.endedInsideDatum && !final {
                    open = true
                    return out
                }
                out.append(malformed(&reader, start: consumed, line: line, column: column))
                keep(reader)
                continue
            }
            keep(reader)
            let start = reader.position, startLine = reader.line, startColumn = reader.column
            guard start < pending.count else { return out }
            do {
                _ = try reader.read()
                // An atom that reaches the end of the input may go on in the next piece.
                if reader.position == pending.count && !final && !endsWithCloser(at: reader.position) {
                    open = true
                    return out
                }
                out.append(Datum(text: Reader.makeString(pending[start..<reader.position]), line: startLine, column: startColumn))
                keep(reader)
            } catch {
                if reader.endedInsideDatum && !final {
                    open = true
                    openString = reader.endedInsideString
                    return out
                }
                out.append(malformed(&reader, start: start, line: startLine, column: startColumn))
                keep(reader)
            }
        }
    }

    /// Whether the scalar before `end` ends a datum by itself (`Reader.closesDatum`).
    private func endsWithCloser(at end: Int) -> Bool {
        end > 0 && Reader.closesDatum(pending[end - 1])
    }

    /// The text from `start` to the end of the line where `reader` failed (at least one scalar),
    /// as a datum for the evaluator to report; `reader` moves past it.
    private func malformed(_ reader: inout Reader, start: Int, line: Int, column: Int) -> Datum {
        var end = min(max(reader.position, start + 1), pending.count)
        if pending[end - 1] != Reader.Ch.newline {
            while end < pending.count && pending[end] != Reader.Ch.newline { end += 1 }
        }
        // The newline (when the failure was at one) is not part of the text.
        var textEnd = end
        if textEnd > start + 1 && pending[textEnd - 1] == Reader.Ch.newline { textEnd -= 1 }
        reader.position = start
        reader.line = line
        reader.column = column
        reader.advance(end - start)
        return Datum(text: Reader.makeString(pending[start..<textEnd]), line: line, column: column)
    }
}
