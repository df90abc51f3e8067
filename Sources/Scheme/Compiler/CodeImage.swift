/// A prelude compiled ahead of time: the bytecode of each top-level form, so that start-up runs it
/// instead of reading, expanding and compiling the source again (issues 17 and 19: that was four
/// fifths of `htll compile`'s process).
///
/// What the expander leaves behind besides code is reproduced too: each top-level variable a form
/// defines is declared in the environment when the form is loaded (as expanding it did). A form
/// whose effect is not only code (it defines syntax, or a macro gave it a renamed top-level name)
/// or whose constants the image cannot hold (big numbers, cyclic data, foreign objects) is kept as
/// its datum and compiled at load time, as from source: the image is an optimisation of exactly
/// the source's evaluation, never a second meaning of it.
///
/// The format is a byte stream of variable-length integers, written as printable text (six bits a
/// character) so it can be a Swift string literal in the binary; it ends with a checksum. Loading
/// validates everything it reads (bounds, tags, every instruction's operands) and fails with an
/// error, never a trap, so a caller can fall back to the source.
///
/// A procedure's code (a code block nested in a form's) may be *lazy*: its header (name, arity,
/// sizes, the captured slots it reads, its length) is read with the form, its body only when the
/// procedure is first called (`LazyCodeBody`), since a program calls a fraction of a prelude. The
/// checksum still covers every byte at load; a body that passes it but not the checks of its
/// decoding is a Scheme error of that first call. A lazy body numbers its shared objects apart,
/// and declares no variables (both would need the rest of its form).
enum CodeImage {
    /// The first bytes of every image; the number changes with the format (and with `Opcode`).
    static let magic: [UInt8] = Array("htll-image-4/".utf8) + varint(UInt64(Opcode.count))

    /// Value tags.
    enum Tag: UInt8 {
        case null, unspecified, undefined, eof, `false`, `true`, fixnum, flonum, char
        /// n, then n times (location, car), then the tail: a list's spine without recursion.
        case list
        case symbol, string, vector, bytevector
        /// A procedure of the Scheme system environment, by name (the expander's helpers).
        case systemProcedure
        /// A top-level cell: name, then whose (`GlobalKind`).
        case global
        case code
        /// The environment being loaded (`import` forms name it).
        case environment
        /// An object already read (shared structure), by its number.
        case shared
    }

    /// Entry tags: a compiled form, or a datum compiled at load time.
    enum Entry: UInt8 { case code, datum }

    static func varint(_ v: UInt64) -> [UInt8] {
        var out: [UInt8] = []
        var x = v
        repeat {
            let low = UInt8(x & 0x7F)
            x >>= 7
            out.append(x == 0 ? low : low | 0x80)
        } while x != 0
        return out
    }

    /// The alphabet of the printable form: 64 consecutive characters from "0", none of them a
    /// quote, so the text can sit in a raw string literal (`#"…"#`).
    static let firstCharacter: UInt8 = 0x30

    /// FNV-1a over 64-bit words (then the last bytes one by one), 64 bits: enough to refuse an
    /// image damaged or cut short. Each step is a bijection of the state, so a change within one
    /// word is always caught; eight bytes a step, it costs an eighth of the bytewise hash at start-up.
    static func checksum(_ bytes: [UInt8]) -> UInt64 {
        bytes.withUnsafeBytes { raw in
            var h: UInt64 = 0xcbf2_9ce4_8422_2325
            let prime: UInt64 = 0x0000_0100_0000_01B3
            var i = 0
            while i + 8 <= raw.count {
                h = (h ^ UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))) &* prime
                i += 8
            }
            while i < raw.count {
                h = (h ^ UInt64(raw[i])) &* prime
                i += 1
            }
            return h
        }
    }

    /// `bytes` and their checksum as printable text.
    static func printable(_ bytes: [UInt8]) -> String {
        var all = bytes
        let sum = checksum(bytes)
        for i in 0..<8 { all.append(UInt8(truncatingIfNeeded: sum >> (8 * UInt64(i)))) }
        var out: [UInt8] = []
        out.reserveCapacity(all.count * 4 / 3 + 4)
        var i = 0
        while i < all.count {
            let b0 = UInt32(all[i]), b1 = i + 1 < all.count ? UInt32(all[i + 1]) : 0, b2 = i + 2 < all.count ? UInt32(all[i + 2]) : 0
            let n = b0 << 16 | b1 << 8 | b2
            let chars = min(4, (all.count - i) * 4 / 3 + 1)
            for k in 0..<chars { out.append(firstCharacter + UInt8((n >> (18 - 6 * UInt32(k))) & 63)) }
            i += 3
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The bytes of printable text, or nil when it is not an image's text or its checksum is wrong.
    static func bytes(ofPrintable text: String) -> [UInt8]? {
        var text = text
        return text.withUTF8 { chars -> [UInt8]? in
            var valid = true
            // Written in place, eight characters (six bytes) at a time, read and checked as one
            // 64-bit word and their digits gathered with shifts and masks (SWAR): decoding a character
            // at a time into a growing array was a fifth of reading the layout prelude's image, four
            // characters to a 32-bit word still 5 M instructions of GearCalc's 80 M (issue 19).
            let raw = UnsafeRawBufferPointer(chars)
            // Two spare bytes: each step stores eight bytes, of which the next step overwrites the last two.
            var out = [UInt8](unsafeUninitializedCapacity: chars.count / 4 * 3 + 5) { buffer, written in
                var i = 0, o = 0
                guard let base = UnsafeMutableRawPointer(buffer.baseAddress) else { written = 0; valid = false; return }
                while i + 8 <= chars.count {
                    // The first character in the low byte; the checks as for four below, on eight bytes.
                    let x = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                    guard x & 0x8080_8080_8080_8080 == 0,
                          (x &+ 0x5050_5050_5050_5050) & 0x8080_8080_8080_8080 == 0x8080_8080_8080_8080,
                          (x &+ 0x1010_1010_1010_1010) & 0x8080_8080_8080_8080 == 0 else { valid = false; break }
                    let d = x &- 0x3030_3030_3030_3030
                    // Each 16-bit lane: first digit << 6 | second; each 32-bit lane: first pair << 12 | second.
                    let pairs = (d & 0x003F_003F_003F_003F) << 6 | (d >> 8) & 0x003F_003F_003F_003F
                    let groups = (pairs & 0x0000_0FFF_0000_0FFF) << 12 | (pairs >> 16) & 0x0000_0FFF_0000_0FFF
                    // The two 24-bit groups, most significant byte first, then two bytes the next step overwrites.
                    let six = (groups & 0xFF_FFFF) << 40 | (groups >> 32) << 16
                    base.storeBytes(of: six.bigEndian, toByteOffset: o, as: UInt64.self)
                    i += 8
                    o += 6
                }
                while valid, i + 4 <= chars.count {
                    // The first character in the low byte. Every byte must be in "0"..."o" (0x30-0x6F):
                    // ASCII, at least 0x30 (adding 0x50 sets its top bit), below 0x70 (adding 0x10 does not).
                    let x = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt32.self))
                    guard x & 0x8080_8080 == 0, (x &+ 0x5050_5050) & 0x8080_8080 == 0x8080_8080,
                          (x &+ 0x1010_1010) & 0x8080_8080 == 0 else { valid = false; break }
                    let d = x &- 0x3030_3030  // each byte's digit, no borrows (every byte is at least 0x30)
                    let n = (d & 63) << 18 | (d >> 8 & 63) << 12 | (d >> 16 & 63) << 6 | d >> 24
                    buffer[o] = UInt8(truncatingIfNeeded: n >> 16)
                    buffer[o + 1] = UInt8(truncatingIfNeeded: n >> 8)
                    buffer[o + 2] = UInt8(truncatingIfNeeded: n)
                    i += 4
                    o += 3
                }
                // A last group of two or three characters holds one or two bytes.
                let rest = chars.count - i
                if valid, rest > 0 {
                    var n: UInt32 = 0
                    for k in 0..<4 {
                        let d = k < rest ? chars[i + k] &- firstCharacter : 0
                        if d >= 64 { valid = false }
                        n = n << 6 | UInt32(d & 63)
                    }
                    if rest < 2 { valid = false }
                    if valid {
                        for k in 0..<(rest - 1) { buffer[o + k] = UInt8(truncatingIfNeeded: n >> (16 - 8 * UInt32(k))) }
                        o += rest - 1
                    }
                }
                written = valid ? o : 0
            }
            guard valid, out.count >= 8 else { return nil }
            var sum: UInt64 = 0
            for k in 0..<8 { sum |= UInt64(out[out.count - 8 + k]) << (8 * UInt64(k)) }
            out.removeLast(8)
            guard checksum(out) == sum else { return nil }
            return out
        }
    }
}

/// Whose cell a variable of an image's code is.
enum GlobalKind: UInt8 {
    /// The loaded environment's (made or found by lookup, as expanding a reference does).
    case own
    /// The loaded environment's, defined by the form (declared as expanding its definition did).
    case declared
    /// The Scheme system environment's.
    case system
}

/// Why a value or form cannot go into an image as compiled code (it is then kept as a datum).
struct ImageUnsupported: Error {
    let reason: String
    /// Data shared between a lazy body and the code around it: the form is written again with
    /// every body read at once (a lazy body has objects of its own, numbered apart).
    var crossesLazyBody = false
}
