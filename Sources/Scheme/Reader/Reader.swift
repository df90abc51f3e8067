/// Reads Scheme data written in R7RS lexical syntax (sections 2 and 7.1.2), one datum per `read()`.
///
/// Why iterative: how deeply data nests is up to the input, so partially read lists, vectors,
/// abbreviations, `#;` comments and datum labels live on an explicit stack of `PartialDatum`s instead of
/// the Swift stack; 100,000 nested parentheses read fine.
///
/// Every pair made for a list records where it was read: the first pair of a list the location of
/// its opening parenthesis, each later pair the location of its element, so any sub-list (and any
/// tail) knows its place. `(quote x)` made from `'x` gets the location of the quote character.
struct Reader {
    /// The input text, as Unicode scalar values.
    let scalars: [UInt32]
    /// The `SourceLocation` file index stamped on every pair and error.
    let fileIndex: Int
    let runtime: Runtime
    /// Index into `scalars` of the next unread character (a port can consume what was read).
    var position = 0
    /// Line of the next unread character (1-based).
    var line = 1
    /// Column of the next unread character (1-based, counted in scalars).
    var column = 1
    /// Whether `#!fold-case` is in effect (identifiers and character names are case-folded).
    var foldCase = false
    /// True when the last `read()` failed only because the input ended inside a datum (or a string
    /// or block comment), so a REPL can ask for another line instead of reporting an error.
    var endedInsideDatum = false
    /// True when that datum is a string literal still open (a REPL completes file names there).
    var endedInsideString = false
    /// Where the datum the last `read()` returned starts: the location of a top-level symbol or
    /// constant, which unlike a pair has nowhere to keep it.
    var datumStart = SourceLocation.none

    /// Values of the datum labels (`#n=`) completed in the datum being read.
    var labelValues: [Int: Value] = [:]
    /// Labels whose datum is still being read; `#n#` for these gives a placeholder.
    var openLabels: Set<Int> = []
    /// Placeholders handed out for open labels, patched when their datum is complete.
    var placeholders: [Int: Value] = [:]
    /// The items of every partly read container, innermost last: a frame's items are those from its
    /// `base` up. One stack for all frames, so a list costs no arrays of its own (two arrays grown
    /// per list were a third of reading a layout of 10,000 views); each item beside its location,
    /// one append per datum.
    var items: [Item] = []

    /// `read()`'s stack of partly read data, kept only for its storage.
    var partialStack: [PartialDatum] = []

    /// A datum of a partly read container, and where it was read.
    struct Item {
        var value: Value
        var location: SourceLocation
    }

    /// The symbols this reader made, by a hash of their tokens (see `cachedSymbol`), once it has
    /// read `Reader.symbolCacheAfter` of them since the heap last collected.
    var symbolSlots: [SymbolSlot] = []
    /// Symbols read since `symbolSlotsCollection`.
    var symbolsRead = 0
    /// The heap's collection count when `symbolSlots` were last valid: a collection may free a weak
    /// symbol they hold, so they are forgotten at the first `read()` after one.
    var symbolSlotsCollection = -1

    let quoteSymbol: Value
    let quasiquoteSymbol: Value
    let unquoteSymbol: Value
    let unquoteSplicingSymbol: Value

    /// Reads from Unicode scalars (decode text with `Array(text.unicodeScalars.map(\.value))`).
    init(scalars: [UInt32], fileIndex: Int, runtime: Runtime) {
        self.scalars = scalars
        self.fileIndex = fileIndex
        self.runtime = runtime
        (quoteSymbol, quasiquoteSymbol, unquoteSymbol, unquoteSplicingSymbol) = runtime.abbreviationSymbols
        // A byte-order mark at the very start is not part of the text.
        if scalars.first == 0xFEFF { position = 1 }
    }

    /// Reads from a Swift string.
    init(text: String, fileIndex: Int, runtime: Runtime) {
        self.init(scalars: SString.scalars(of: text), fileIndex: fileIndex, runtime: runtime)
    }

    /// The location of the next unread character.
    var location: SourceLocation { SourceLocation(file: fileIndex, line: line, column: column) }

    /// A partially read compound datum.
    struct PartialDatum {
        enum Kind {
            /// A list opened by `(` or `[`; `close` is the scalar that must end it.
            case list(close: UInt32)
            case vector
            case bytevector
            /// `'x` and friends: waits for one datum, then becomes `(symbol x)`.
            case abbreviation(Abbreviation)
            /// `#;`: waits for one datum and drops it.
            case datumComment
            /// `#n=`: waits for one datum and names it.
            case label(Int)
        }
        /// Where a list's tail stands: no dot yet, dot read, or dot and tail datum read.
        enum Dot { case none, awaitingTail, haveTail }

        var kind: Kind
        /// Where the frame's opening token starts.
        var start: SourceLocation
        /// Where the frame's items begin in the reader's `items`.
        var base: Int
        var dot = Dot.none
        var tail = Value.null

        init(_ kind: Kind, at start: SourceLocation, base: Int) {
            self.kind = kind
            self.start = start
            self.base = base
        }

        /// Whether the next datum read simply becomes an item of this frame: a list before any dot,
        /// or a vector.
        @inline(__always) var takesItem: Bool {
            switch kind {
            case .list: return dot == .none
            case .vector: return true
            case .bytevector, .abbreviation, .datumComment, .label: return false
            }
        }

        var isContainer: Bool {
            switch kind {
            case .list, .vector, .bytevector: return true
            default: return false
            }
        }

        /// How an error message names this frame, e.g. `in list started at 3:5`.
        var description: String {
            let at = "\(start.line):\(start.column)"
            switch kind {
            case .list: return "in list started at \(at)"
            case .vector: return "in vector started at \(at)"
            case .bytevector: return "in bytevector started at \(at)"
            case .abbreviation(let a): return "after \(a.rawValue) at \(at)"
            case .datumComment: return "after #; at \(at)"
            case .label(let n): return "after #\(n)= at \(at)"
            }
        }
    }

    /// The abbreviations, by how they are written (a frame's kind holds no references, so frames
    /// copy without reference counting).
    enum Abbreviation: String {
        case quote = "'", quasiquote = "`", unquote = ",", unquoteSplicing = ",@"
    }

    /// The symbol an abbreviation stands for.
    func symbol(of a: Abbreviation) -> Value {
        switch a {
        case .quote: return quoteSymbol
        case .quasiquote: return quasiquoteSymbol
        case .unquote: return unquoteSymbol
        case .unquoteSplicing: return unquoteSplicingSymbol
        }
    }

    /// A new frame whose items start at the top of `items`.
    @inline(__always) func frame(_ kind: PartialDatum.Kind, at start: SourceLocation) -> PartialDatum {
        PartialDatum(kind, at: start, base: items.count)
    }

    /// Bytes of Swift memory an item of a partly read list takes (its value and location).
    static let itemBytes = 24

    /// A read error at `location`.
    func error(_ message: String, at location: SourceLocation) -> SchemeRaise {
        runtime.error(message, kind: .read, at: location)
    }

    /// The next datum, or nil at end of input.
    mutating func read() throws(SchemeRaise) -> Value? {
        // The stack of partly read data, kept by the reader between reads: made afresh, it was
        // allocated and grown at every `read()` (a layout of one definition a line: issue 19).
        var partials = partialStack
        partialStack = []
        defer {
            partials.removeAll(keepingCapacity: true)
            partialStack = partials
        }
        labelValues.removeAll()
        openLabels.removeAll()
        placeholders.removeAll()
        items.removeAll(keepingCapacity: true)
        // A symbol made by an earlier read may have been collected since (weak symbols); while
        // nothing has been collected, the symbols of earlier reads are kept (a layout of one
        // definition a line read each line's few symbols without the cache: issue 19).
        if symbolSlotsCollection != runtime.heap.collections {
            symbolSlots.removeAll(keepingCapacity: true)
            symbolsRead = 0
            symbolSlotsCollection = runtime.heap.collections
        }
        endedInsideDatum = false
        endedInsideString = false
        // In locals: `runtime.heap` and `runtime.vm` retained and released their object at each
        // token (40 instructions of about 170 a token outside the lexer).
        let heap = runtime.heap
        let vm: VM = runtime.vm
        while true {
            // Most tokens follow another directly (`((`, `"L0")`): no call when no atmosphere can start here.
            if position < scalars.count {
                let c = scalars[position]
                if c <= Ch.space || c == Ch.semicolon || c == Ch.hash { try skipAtmosphere() }
            }
            guard position < scalars.count else {
                guard !partials.isEmpty else { return nil }
                endedInsideDatum = true
                // The outermost unclosed container is where the missing `)` belongs.
                let culprit = partials.first(where: { $0.isContainer }) ?? partials[0]
                throw error("unexpected end of input \(culprit.description)", at: location)
            }
            // Reading counts as work: a huge literal or file runs into the limits like a loop. The
            // partly read lists live in Swift arrays until they close: counted as allocation.
            heap.charge(Reader.itemBytes)
            let start = location
            // `runtime.chargeWork(1, at: start)`, with the VM at hand.
            if !vm.meter(1) { throw runtime.pendingLimitError(at: start) }
            if partials.isEmpty { datumStart = start }
            let c = scalars[position]
            var datum: Value
            var datumLocation = start
            switch c {
            case Ch.lparen, Ch.lbracket:
                advance()
                partials.append(frame(.list(close: c == Ch.lparen ? Ch.rparen : Ch.rbracket), at: start))
                continue
            case Ch.rparen, Ch.rbracket:
                advance()
                (datum, datumLocation) = try close(&partials, with: c, at: start)
            case Ch.quote:
                advance()
                partials.append(frame(.abbreviation(.quote), at: start))
                continue
            case Ch.backquote:
                advance()
                partials.append(frame(.abbreviation(.quasiquote), at: start))
                continue
            case Ch.comma:
                advance()
                if peek() == Ch.at {
                    advance()
                    partials.append(frame(.abbreviation(.unquoteSplicing), at: start))
                } else {
                    partials.append(frame(.abbreviation(.unquote), at: start))
                }
                continue
            case Ch.dquote:
                datum = try readString()
            case Ch.bar:
                datum = runtime.datumSymbol(try readBarSymbol())
            case Ch.hash:
                let next = peek(1)
                if next == Ch.lparen {
                    advance(2)
                    partials.append(frame(.vector, at: start))
                    continue
                } else if next == Ch.semicolon {
                    advance(2)
                    partials.append(frame(.datumComment, at: start))
                    continue
                } else if (next == Ch.lowerU || next == Ch.upperU) && peek(2) == Ch.digit8 && peek(3) == Ch.lparen {
                    advance(4)
                    partials.append(frame(.bytevector, at: start))
                    continue
                } else if next == Ch.backslash {
                    datum = try readCharacter()
                } else if let n = next, isDigit(n) {
                    let (label, defines) = try readLabelToken(at: start)
                    if defines {
                        try beginLabel(label, at: start)
                        partials.append(frame(.label(label), at: start))
                        continue
                    }
                    datum = try labelReference(label, at: start)
                } else {
                    datum = try readHashToken()
                }
            case Ch.dot where isDelimiterOrEnd(peek(1)):
                advance()
                try readDot(&partials, at: start)
                continue
            default:
                datum = try readAtom()
            }
            // Most data go into a list being read: appended here, without a call of `deliver`.
            if let top = partials.last, top.takesItem {
                items.append(Item(value: datum, location: datumLocation))
                continue
            }
            if let result = try deliver(datum, at: datumLocation, to: &partials) {
                // The datum's last token may have been the expensive one (a closing parenthesis
                // builds the whole list; a huge number is converted).
                try runtime.chargeWork(0, at: datumLocation)
                return result
            }
        }
    }

    /// Hands a complete datum to the innermost frame, completing abbreviations and labels on the way;
    /// returns the datum when no frame is left (a whole top-level datum has been read).
    private mutating func deliver(_ value: Value, at location: SourceLocation,
                                  to partials: inout [PartialDatum]) throws(SchemeRaise) -> Value? {
        var v = value
        var loc = location
        while let i = partials.indices.last {
            switch partials[i].kind {
            case .list:
                switch partials[i].dot {
                case .none:
                    items.append(Item(value: v, location: loc))
                case .awaitingTail:
                    partials[i].tail = v
                    partials[i].dot = .haveTail
                case .haveTail:
                    throw error("more than one datum after '.' \(partials[i].description)", at: loc)
                }
                return nil
            case .vector:
                items.append(Item(value: v, location: loc))
                return nil
            case .bytevector:
                guard case .fixnum(let n) = v else {
                    throw error("bytevector element is not a byte: \(Printer.write(v))", at: loc)
                }
                guard n >= 0 && n <= 255 else { throw error("bytevector element out of range: \(n)", at: loc) }
                items.append(Item(value: v, location: loc))
                return nil
            case .abbreviation(let a):
                let frame = partials.removeLast()
                let heap = runtime.heap
                v = heap.cons(symbol(of: a), heap.cons(v, .null, at: loc), at: frame.start)
                loc = frame.start
            case .datumComment:
                partials.removeLast()
                return nil
            case .label(let n):
                partials.removeLast()
                v = try defineLabel(n, as: v, at: loc)
            }
        }
        return v
    }

    /// Handles `)` or `]`: ends the innermost container and returns it with its location.
    private mutating func close(_ partials: inout [PartialDatum], with c: UInt32,
                                at here: SourceLocation) throws(SchemeRaise) -> (Value, SourceLocation) {
        // (How the error messages show `c`: made only for one, a string per list cost 30 instructions.)
        var shown: String { c == Ch.rparen ? "')'" : "']'" }
        guard let top = partials.last else { throw error("unexpected \(shown)", at: here) }
        switch top.kind {
        case .list(let expected):
            guard c == expected else {
                throw error("unexpected \(shown) \(top.description) (expected '\(Character(Unicode.Scalar(UInt8(expected))))')", at: here)
            }
            if top.dot == .awaitingTail { throw error("missing datum after '.' \(top.description)", at: here) }
            partials.removeLast()
            // The heap in a local: a method of self called here copied the whole reader for each pair.
            let heap = runtime.heap
            var result = top.tail
            // The items in place (read only while the list is built), the first with the list's location.
            items.withUnsafeBufferPointer { buffer in
                var i = buffer.count - 1
                while i > top.base {
                    result = heap.cons(buffer[i].value, result, at: buffer[i].location)
                    i -= 1
                }
                if i == top.base { result = heap.cons(buffer[i].value, result, at: top.start) }
            }
            popItems(of: top)
            return (result, top.start)
        case .vector:
            guard c == Ch.rparen else { throw error("unexpected \(shown) \(top.description)", at: here) }
            partials.removeLast()
            let vector = runtime.heap.vector(items[top.base...].map(\.value))
            popItems(of: top)
            return (vector, top.start)
        case .bytevector:
            guard c == Ch.rparen else { throw error("unexpected \(shown) \(top.description)", at: here) }
            partials.removeLast()
            var bytes: [UInt8] = []
            bytes.reserveCapacity(items.count - top.base)
            for case .fixnum(let n) in items[top.base...].lazy.map(\.value) { bytes.append(UInt8(truncatingIfNeeded: n)) }
            popItems(of: top)
            return (runtime.makeBytevector(bytes), top.start)
        default:
            throw error("unexpected \(shown) \(top.description)", at: here)
        }
    }

    /// Drops the items of the closed frame `top` (the innermost).
    /// (One at a time: the items are plain words, and removing a range cost about 80 instructions
    /// a list whatever its length, most lists being of two or three items.)
    @inline(__always) private mutating func popItems(of top: PartialDatum) {
        while items.count > top.base { items.removeLast() }
    }

    /// Handles a lone `.` inside a list.
    private func readDot(_ partials: inout [PartialDatum], at here: SourceLocation) throws(SchemeRaise) {
        guard let i = partials.indices.last, case .list = partials[i].kind else {
            throw error("unexpected '.'", at: here)
        }
        guard items.count > partials[i].base else { throw error("unexpected '.' at the start of a list", at: here) }
        guard partials[i].dot == .none else { throw error("unexpected second '.' \(partials[i].description)", at: here) }
        partials[i].dot = .awaitingTail
    }
}
