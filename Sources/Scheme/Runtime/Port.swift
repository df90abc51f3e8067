#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// A Scheme port: a text or binary source or sink (standard streams, files, strings, bytevectors).
final class Port: HeapObject {
    /// Where output goes.
    public enum Sink {
        case standardOutput, standardError
        case file(OpenFile)
        case string
        case bytes
    }
    /// Where input comes from.
    public enum Source {
        case standardInput
        case file(OpenFile)
        case string
        case bytes
    }

    // Why `@exclusivity(unchecked)` on the state below: reading or writing a character touches
    // several of these fields, and the dynamic exclusivity checks on them (`swift_beginAccess`, a
    // thread-local lookup each) took 40% of a program copying a file line by line. The port is used
    // from one thread, and no access to one field overlaps another to the same field.
    public let sink: Sink?
    public let source: Source?
    @exclusivity(unchecked) public private(set) var isOpen = true
    /// Whether this port carries bytes rather than characters.
    public let isBinary: Bool
    /// Output collected by a string port, or output waiting to be written to a stream.
    @exclusivity(unchecked) var outputScalars: [UInt32] = []
    @exclusivity(unchecked) var outputBytes: [UInt8] = []
    /// Input not yet consumed (decoded ahead for streams), and the read position in it.
    @exclusivity(unchecked) var inputScalars: [UInt32] = []
    @exclusivity(unchecked) var inputBytes: [UInt8] = []
    @exclusivity(unchecked) var inputPosition = 0
    /// Whether the underlying stream has reached its end.
    @exclusivity(unchecked) var inputExhausted = false
    /// How many times `read` has parsed this port's text (from a datum's start each time): a
    /// datum spanning many chunks is parsed a logarithmic number of times (`pullMore`; tests).
    @exclusivity(unchecked) var datumParses = 0
    /// Line and column of the next input character, for `read` locations.
    @exclusivity(unchecked) var line = 1
    @exclusivity(unchecked) var column = 1
    /// Bytes written so far, for output limits.
    @exclusivity(unchecked) public internal(set) var bytesWritten = 0
    /// `bytesWritten` when the heap was last charged for this port's in-memory output.
    @exclusivity(unchecked) var chargedBytes = 0
    /// Whether the last character written was a newline (for `fresh-line` style behaviour).
    @exclusivity(unchecked) var atLineStart = true
    /// Most bytes (characters, for a string port) the port accepts in all (the output limit, set by
    /// the output builtins); what would pass it is dropped and `overLimit` set.
    @exclusivity(unchecked) var limit = Int.max
    /// Whether a write was cut short by `limit`.
    @exclusivity(unchecked) public internal(set) var overLimit = false
    /// The file an output file port writes, for messages.
    @exclusivity(unchecked) var path: String?
    /// The list of output files this port is on, if any (it leaves it when freed).
    var registry: OutputFiles?
    /// Why the last write to the underlying stream failed ("No space left on device"), until the
    /// next write builtin reports it as a Scheme error (`takeWriteError`).
    @exclusivity(unchecked) public private(set) var writeError: String?

    public init(output sink: Sink, binary: Bool = false) {
        self.sink = sink
        self.source = nil
        self.isBinary = binary
    }

    public init(input source: Source, binary: Bool = false) {
        self.sink = nil
        self.source = source
        self.isBinary = binary
        if case .standardInput = source {} else if case .file = source {} else { inputExhausted = true }
    }

    /// An input port reading the characters of `text`.
    public convenience init(inputString text: String) {
        self.init(input: .string)
        inputScalars = text.unicodeScalars.map { $0.value }
    }

    /// An input port reading `bytes`.
    public convenience init(inputBytes bytes: [UInt8]) {
        self.init(input: .bytes, binary: true)
        inputBytes = bytes
    }

    /// The port `v` is, unretained (no reference counting: the heap owns it), or nil.
    @inline(__always) static func unretained(_ v: Value) -> Unmanaged<Port>? {
        guard case .object(let o) = v,
              o._withUnsafeGuaranteedRef({ ObjectIdentifier(type(of: $0)) == ObjectIdentifier(Port.self) }) else { return nil }
        return unsafeBitCast(o, to: Unmanaged<Port>.self)
    }

    public var isInput: Bool { source != nil }
    public var isOutput: Bool { sink != nil }

    /// Writes text to an output port (buffered for streams; `flush` sends it).
    public func write(_ text: String) {
        for u in text.unicodeScalars { writeScalar(u.value) }
        if case .standardError = sink { flush() }
    }

    /// Writes one character.
    public func writeScalar(_ c: UInt32) {
        switch sink {
        case .string?:
            guard room(for: 1) else { return }
            outputScalars.append(c)
            bytesWritten += 1
        case .bytes?:
            guard room(for: 1) else { return }
            outputBytes.append(UInt8(truncatingIfNeeded: c))
            bytesWritten += 1
        case .some:
            if c < 0x80 {
                guard room(for: 1) else { return }
                outputBytes.append(UInt8(truncatingIfNeeded: c))
                bytesWritten += 1
            } else {
                guard let u = Unicode.Scalar(c), room(for: UTF8.width(u)) else { return }
                UTF8.encode(u) { outputBytes.append($0) }
                bytesWritten += UTF8.width(u)
            }
            if outputBytes.count >= 1 << 16 { flush() }
        case nil:
            return
        }
        atLineStart = c == 10
    }

    /// Writes one byte to a binary port.
    public func writeByte(_ b: UInt8) {
        guard room(for: 1) else { return }
        outputBytes.append(b)
        bytesWritten += 1
        if case .file? = sink, outputBytes.count >= 1 << 16 { flush() }
    }

    /// Whether `n` more bytes stay within `limit` (else the port is marked `overLimit`).
    @inline(__always) private func room(for n: Int) -> Bool {
        if bytesWritten &+ n <= limit { return true }
        overLimit = true
        return false
    }

    /// Sends buffered output to the underlying stream. A failed write (a full disk, a closed pipe)
    /// drops the buffer and sets `writeError`; it never traps (FileHandle.write would).
    public func flush() {
        guard !outputBytes.isEmpty else { return }
        let fd: Int32
        switch sink {
        case .standardOutput?: fd = STDOUT_FILENO
        case .standardError?: fd = STDERR_FILENO
        case .file(let h)?: fd = h.fileDescriptor
        default: return
        }
        if let failure = Self.writeAll(outputBytes, to: fd) { writeError = failure }
        outputBytes.removeAll(keepingCapacity: true)
    }

    /// The write error since the last call, which it clears (so it is reported once). What is still
    /// buffered belonged to the failed write and is dropped with it.
    public func takeWriteError() -> String? {
        guard let failure = writeError else { return nil }
        writeError = nil
        outputBytes.removeAll(keepingCapacity: true)
        return failure
    }

    /// Writes all of `bytes` to `fd`, retrying short writes and interruptions; the system's
    /// message when the write fails, else nil.
    public static func writeAll(_ bytes: [UInt8], to fd: Int32) -> String? {
        bytes.withUnsafeBytes { writeAll($0, to: fd) }
    }

    /// `writeAll` of the bytes in place.
    static func writeAll(_ bytes: UnsafeRawBufferPointer, to fd: Int32) -> String? {
        guard let base = bytes.baseAddress else { return nil }
        var offset = 0
        while offset < bytes.count {
            #if canImport(Darwin)
            let n = Darwin.write(fd, base + offset, bytes.count - offset)
            #else
            let n = Glibc.write(fd, base + offset, bytes.count - offset)
            #endif
            if n < 0 {
                if errno == EINTR { continue }
                return String(cString: strerror(errno))
            }
            if n == 0 { return "nothing was written" }
            offset += n
        }
        return nil
    }

    /// What a string output port has collected so far.
    public var outputString: String {
        var s = String.UnicodeScalarView()
        for c in outputScalars { if let u = Unicode.Scalar(c) { s.append(u) } }
        return String(s)
    }

    /// Flushes and closes the port.
    public func close() {
        flush()
        if case .file(let h)? = sink { h.close() }
        if case .file(let h)? = source { h.close() }
        isOpen = false
    }

    /// Makes sure at least one unread character is buffered, reading more from a stream if needed.
    /// Returns false at end of input.
    func fillInput() -> Bool {
        if inputPosition < inputScalars.count { return true }
        if inputExhausted { return false }
        let data = readChunk()
        if data.isEmpty {
            // A sequence the stream cut short at its end is one more (replacement) character.
            inputExhausted = true
            decodePendingBytes(final: true)
            return inputPosition < inputScalars.count
        }
        inputBytes.append(contentsOf: data)
        decodePendingBytes(final: false)
        return inputPosition < inputScalars.count || fillInput()
    }

    /// The next chunk of bytes from a stream source (empty at its end, or for string and bytevector
    /// ports). Read with read(2), retried when a signal interrupts it: FileHandle.availableData
    /// traps on any error (standard input that is a folder: EISDIR), and FileHandle.read gives up
    /// on EINTR. A read error ends the input.
    func readChunk() -> Data {
        guard let fd = streamDescriptor else { return Data() }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = buffer.withUnsafeMutableBytes { b -> Int in
                guard let base = b.baseAddress else { return 0 }
                #if canImport(Darwin)
                return Darwin.read(fd, base, b.count)
                #else
                return Glibc.read(fd, base, b.count)
                #endif
            }
            if n < 0 && errno == EINTR { continue }
            return n > 0 ? Data(buffer[..<n]) : Data()
        }
    }

    /// The file descriptor a stream source reads from (nil for string and bytevector ports).
    private var streamDescriptor: Int32? {
        switch source {
        case .standardInput?: return STDIN_FILENO
        case .file(let h)?: return h.fileDescriptor
        case .string?, .bytes?, nil: return nil
        }
    }

    /// Whether more of the stream is coming soon: at once from a regular file; from a pipe within
    /// 10 ms (a pipe holds 64 KB, so a writer streaming a large datum refills it only after the
    /// reader has emptied it: asking without waiting saw a pipe's text a piece at a time);
    /// from a terminal only if it is there already (a person has not typed the rest yet).
    func streamHasMoreSoon() -> Bool {
        guard let fd = streamDescriptor else { return false }
        var request = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&request, 1, isatty(fd) == 1 ? 0 : 10) > 0
    }

    /// Decodes complete UTF-8 sequences from `inputBytes` into `inputScalars` (invalid bytes become U+FFFD).
    private func decodePendingBytes(final: Bool) {
        if inputPosition > 4096 && inputPosition == inputScalars.count {
            inputScalars.removeAll(keepingCapacity: true)
            inputPosition = 0
        }
        // Keep an incomplete trailing sequence for the next read.
        var end = inputBytes.count
        if !final {
            var i = end - 1, back = 0
            while i >= 0 && back < 4 && inputBytes[i] & 0xC0 == 0x80 { i -= 1; back += 1 }
            if i >= 0 {
                let lead = inputBytes[i]
                let need = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
                if end - i < need { end = i }
            }
        }
        Bytevectors.decode(inputBytes[0..<end], into: &inputScalars)
        inputBytes.removeFirst(end)
    }

    /// The next character without consuming it, or nil at end of input.
    @inline(__always) public func peekScalar() -> UInt32? {
        inputPosition < inputScalars.count || fillInput() ? inputScalars[inputPosition] : nil
    }

    /// Consumes and returns the next character, or nil at end of input.
    @inline(__always) public func readScalar() -> UInt32? {
        guard inputPosition < inputScalars.count || fillInput() else { return nil }
        let c = inputScalars[inputPosition]
        inputPosition += 1
        if c == 10 { line += 1; column = 1 } else { column += 1 }
        return c
    }

    /// Reads the characters up to the next newline, which it consumes without returning it (and a
    /// carriage return before it), or up to the end of input; nil at end of input. Scans the
    /// buffer a chunk at a time; `check` sees the length so far after each chunk (the heap limit).
    func readLine(_ check: (Int) throws(SchemeRaise) -> Void) throws(SchemeRaise) -> [UInt32]? {
        guard peekScalar() != nil else { return nil }
        var text: [UInt32] = []
        while fillInput() {
            let start = inputPosition, end = inputScalars.count
            var i = start
            while i < end && inputScalars[i] != 10 { i += 1 }
            text.append(contentsOf: inputScalars[start..<i])
            column += i - start
            if i < end {
                inputPosition = i + 1
                line += 1
                column = 1
                break
            }
            inputPosition = i
            try check(text.count)
        }
        if text.last == 13 { text.removeLast() }
        return text
    }

    deinit {
        if isOpen { flush() }
        registry?.remove(self)
    }

    public override var typeName: String { isInput ? "input-port" : "output-port" }
    override var hasWriteBarrier: Bool { true }  // (no values: `trace` follows nothing)
    /// String and bytevector ports hold their whole contents; stream buffers are flushed at 64 KB.
    public override var byteSize: Int {
        96 + outputScalars.count * 4 + outputBytes.count + inputScalars.count * 4 + inputBytes.count
    }

    /// Bytes of in-memory output written since the heap was last charged for them (and marks them
    /// charged): string ports keep 4 bytes per character.
    func unchargedGrowth() -> Int {
        let fresh = bytesWritten - chargedBytes
        guard fresh > 0 else { return 0 }
        chargedBytes = bytesWritten
        switch sink {
        case .string?: return fresh * 4
        case .bytes?: return fresh
        default: return 0
        }
    }
}

/// Binary input, lines, and opening files.
extension Port {
    /// Makes sure at least one unread byte is buffered (binary ports). Returns false at end of input.
    func fillBytes() -> Bool {
        if inputPosition < inputBytes.count { return true }
        if inputExhausted { return false }
        let data = readChunk()
        if data.isEmpty {
            inputExhausted = true
            return false
        }
        inputBytes.removeFirst(inputPosition)
        inputPosition = 0
        inputBytes.append(contentsOf: data)
        return true
    }

    /// The next byte without consuming it, or nil at end of input.
    public func peekByte() -> UInt8? { fillBytes() ? inputBytes[inputPosition] : nil }

    /// Consumes and returns the next byte, or nil at end of input.
    public func readByte() -> UInt8? {
        guard fillBytes() else { return nil }
        inputPosition += 1
        return inputBytes[inputPosition - 1]
    }

    /// Whether a read would not block: true for in-memory ports and when input is buffered or over.
    public var isReady: Bool {
        switch source {
        case .string?, .bytes?: return true
        default: return inputExhausted || (isBinary ? inputPosition < inputBytes.count : inputPosition < inputScalars.count)
        }
    }

    /// What `get-output-bytevector` returns: the bytes a bytevector port has collected.
    public var outputByteArray: [UInt8] { outputBytes }

    /// Opens `path` for writing (created or truncated); a descriptor, or -1 with `errno` set.
    static func openForWriting(_ path: String) -> Int32 {
        #if canImport(Darwin)
        return Darwin.open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        #else
        return Glibc.open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        #endif
    }
}

/// The output file ports alive right now, in the order they were opened, which the runtime flushes
/// with the standard ports without keeping them alive: a port leaves the list when it is freed.
/// (Not weak references: a single weak reference moves an object's reference count to a side
/// table, and every retain and release of a port being written to took the slow path, a tenth of
/// a program copying a file character by character.)
final class OutputFiles {
    private var ports: [ObjectIdentifier: (serial: Int, port: Unmanaged<Port>)] = [:]
    private var serial = 0

    /// Adds `port`, which removes itself when it is freed.
    func add(_ port: Port) {
        serial += 1
        ports[ObjectIdentifier(port)] = (serial, Unmanaged.passUnretained(port))
        port.registry = self
    }

    /// Removes `port` (from its `deinit`).
    func remove(_ port: Port) {
        ports[ObjectIdentifier(port)] = nil
    }

    /// The ports, oldest first.
    var all: [Port] {
        ports.values.sorted { $0.serial < $1.serial }.map { $0.port.takeUnretainedValue() }
    }
}

extension Port {
    /// Reads the next datum (R7RS `read`), or nil at end of input. From a stream it reads only as much
    /// as the datum needs (a line at a time from a terminal), parsing again from the datum's start
    /// when input ended inside it, after at least doubling the text it has (`pullMore`).
    func readDatum(_ rt: Runtime) throws(SchemeRaise) -> Value? {
        while true {
            // The reader shares the buffer (no copy) and starts where the port is.
            let start = min(inputPosition, inputScalars.count)
            var reader = Reader(scalars: inputScalars, fileIndex: rt.portFileIndex, runtime: rt)
            reader.position = start
            reader.line = line
            reader.column = column
            let datum: Value?
            datumParses &+= 1
            do {
                datum = try reader.read()
            } catch {
                if reader.endedInsideDatum, pullMore() { continue }
                consume(reader, from: start)
                throw error
            }
            // Nothing yet, or an atom that may go on in the next chunk: read more and parse again.
            // (Not after `)` and the like: a pipe's `(ping)` with no newline is answered at once.)
            let mayGoOn = reader.position == inputScalars.count
                && !(reader.position > start && Reader.closesDatum(inputScalars[reader.position - 1]))
            if datum == nil || mayGoOn, pullMore() { continue }
            consume(reader, from: start)
            return datum
        }
    }

    /// Moves the port past what `reader` read (at least one character, so a loop of reads gets past
    /// bad input).
    private func consume(_ reader: Reader, from start: Int) {
        inputPosition = min(max(reader.position, start + 1), inputScalars.count)
        line = reader.line
        column = reader.column
    }

    /// Reads one more chunk (waiting for it), then more while they come soon (`streamHasMoreSoon`),
    /// until the unread text is twice what it was; false once the stream has ended. Why: each
    /// parse starts again at the datum's start, so with a chunk (64 KB) a parse, reading a datum
    /// of n chunks parsed n²/2 chunks, and the failed parses' pairs, which no collection can free
    /// during `read`, all stayed: a 4.8 MB list took 6.3 s and 2.3 GB, a 9.5 MB one hit the 3 GB
    /// heap limit. Doubling makes it at most twice the datum. A terminal's datum is still parsed
    /// as soon as its last line arrives, a pipe's at most 10 ms after.
    private func pullMore() -> Bool {
        let unread = inputScalars.count - inputPosition
        guard pullChunk() else { return false }
        while !inputExhausted && inputScalars.count - inputPosition < 2 * unread && streamHasMoreSoon() {
            _ = pullChunk()
        }
        return true
    }

    /// Reads one more chunk from a stream source into the buffer; false once the stream has ended.
    private func pullChunk() -> Bool {
        guard !inputExhausted else { return false }
        let data = readChunk()
        if data.isEmpty {
            inputExhausted = true
            decodePendingBytes(final: true)
        } else {
            inputBytes.append(contentsOf: data)
            decodePendingBytes(final: false)
        }
        return true
    }
}
