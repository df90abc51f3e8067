// Value representations for htll's runtime, measured side by side (issue 17).
//
//   swiftc -O values.swift -o /tmp/values && /tmp/values [scale]
//
// Four ways to hold a Scheme value in Swift, each driving the same three loops shaped like the VM's
// work: a fixnum loop through a value stack (push, pop, type checks, overflow-checked add), a flonum
// loop (z := z*z*k + c, every intermediate result becomes a value), and a list walk (pair? check,
// car, cdr). The heap here is one bump-allocated block; boxed flonums go to a 4 MB nursery that is
// reset when full (every box but the newest is dead, as in a real loop).
//
//   enum     today's `Value`: an enum with Unmanaged class payloads (9 bytes, stride 16)
//   lowtag   UInt64, low-bit tags: fixnum xxx0 (63-bit), pair 001, object 011, flonum box 101,
//            immediates 111; flonums boxed in 8-byte cells (just the double)
//   rotflo   UInt64, low-bit tags: fixnum x01 (62-bit), flonum x10 immediate when the exponent is in
//            [-255, 256] (the double rotated left 4 bits, two redundant exponent bits dropped; others
//            and 0.0 boxed), immediates 011/111, object pointer 000, pair pointer 100
//   nanbox   UInt64, NaN-boxing: doubles as their bits, everything else in the quiet-NaN space
//            above 0xFFF8_0000_0000_0000 with a 3-bit type and a 47-bit payload (47-bit fixnums)

import Foundation

// MARK: the heap these experiments allocate in

/// A bump allocator over one big block (the experiments never collect it, except the flonum nursery).
struct Bump {
    var base: UnsafeMutableRawPointer
    var top: UnsafeMutableRawPointer
    var end: UnsafeMutableRawPointer
    var resets = 0
    init(bytes: Int) {
        base = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 16)
        memset(base, 0, bytes)  // touch it, so page faults are not timed
        top = base
        end = base + bytes
    }
    @inline(__always) mutating func alloc(_ n: Int) -> UnsafeMutableRawPointer {
        if top + n > end { top = base; resets += 1 }  // "minor collection": everything is dead
        let p = top
        top += n
        return p
    }
}

/// What each representation must provide to the loops.
protocol Repr {
    static var name: String { get }
    static var null: Self { get }
    static func fix(_ n: Int) -> Self
    static func isFix(_ v: Self) -> Bool
    static func fixVal(_ v: Self) -> Int
    /// a + b for two fixnums, nil on overflow (the VM would promote to a bignum).
    static func fixAdd(_ a: Self, _ b: Self) -> Self?
    static func flo(_ d: Double, _ h: inout Bump) -> Self
    static func isFlo(_ v: Self) -> Bool
    static func floVal(_ v: Self) -> Double
    static func cons(_ a: Self, _ d: Self, _ h: inout Bump) -> Self
    static func isPair(_ v: Self) -> Bool
    static func car(_ v: Self) -> Self
    static func cdr(_ v: Self) -> Self
    static func isNull(_ v: Self) -> Bool
}

// MARK: enum (today)

final class PairObj {
    var car: EValue
    var cdr: EValue
    init(_ a: EValue, _ d: EValue) { car = a; cdr = d }
}
final class FloObj { }  // unused: the enum holds doubles inline

enum EValue: Repr {
    case null, unspecified, bool(Bool), fixnum(Int), flonum(Double), char(UInt32)
    case pair(Unmanaged<PairObj>), object(Unmanaged<FloObj>)
    static var name: String { "enum" }
    @inline(__always) static func fix(_ n: Int) -> EValue { .fixnum(n) }
    @inline(__always) static func isFix(_ v: EValue) -> Bool { if case .fixnum = v { return true }; return false }
    @inline(__always) static func fixVal(_ v: EValue) -> Int { if case .fixnum(let n) = v { return n }; return 0 }
    @inline(__always) static func fixAdd(_ a: EValue, _ b: EValue) -> EValue? {
        guard case .fixnum(let x) = a, case .fixnum(let y) = b else { return nil }
        let (r, o) = x.addingReportingOverflow(y)
        return o ? nil : .fixnum(r)
    }
    @inline(__always) static func flo(_ d: Double, _ h: inout Bump) -> EValue { .flonum(d) }
    @inline(__always) static func isFlo(_ v: EValue) -> Bool { if case .flonum = v { return true }; return false }
    @inline(__always) static func floVal(_ v: EValue) -> Double { if case .flonum(let d) = v { return d }; return 0 }
    static var owner: [PairObj] = []
    @inline(__always) static func cons(_ a: EValue, _ d: EValue, _ h: inout Bump) -> EValue {
        let p = PairObj(a, d)
        owner.append(p)
        return .pair(Unmanaged.passUnretained(p))
    }
    @inline(__always) static func isPair(_ v: EValue) -> Bool { if case .pair = v { return true }; return false }
    @inline(__always) static func car(_ v: EValue) -> EValue {
        if case .pair(let p) = v { return p._withUnsafeGuaranteedRef { $0.car } }
        return .null
    }
    @inline(__always) static func cdr(_ v: EValue) -> EValue {
        if case .pair(let p) = v { return p._withUnsafeGuaranteedRef { $0.cdr } }
        return .null
    }
    @inline(__always) static func isNull(_ v: EValue) -> Bool { if case .null = v { return true }; return false }
}

// MARK: lowtag: 63-bit fixnums, boxed flonums

struct LowTag: Repr {
    var bits: UInt64
    static var name: String { "lowtag" }
    static let pairTag: UInt64 = 1, objTag: UInt64 = 3, floTag: UInt64 = 5, immTag: UInt64 = 7
    static var null: LowTag { LowTag(bits: 0x07) }
    @inline(__always) static func fix(_ n: Int) -> LowTag { LowTag(bits: UInt64(bitPattern: Int64(n) &<< 1)) }
    @inline(__always) static func isFix(_ v: LowTag) -> Bool { v.bits & 1 == 0 }
    @inline(__always) static func fixVal(_ v: LowTag) -> Int { Int(Int64(bitPattern: v.bits) >> 1) }
    @inline(__always) static func fixAdd(_ a: LowTag, _ b: LowTag) -> LowTag? {
        guard (a.bits | b.bits) & 1 == 0 else { return nil }  // both fixnums: one test
        let (r, o) = Int64(bitPattern: a.bits).addingReportingOverflow(Int64(bitPattern: b.bits))
        return o ? nil : LowTag(bits: UInt64(bitPattern: r))
    }
    /// An 8-byte cell holding just the double (flonum blocks need no header: the tag says flonum).
    @inline(__always) static func flo(_ d: Double, _ h: inout Bump) -> LowTag {
        let p = h.alloc(8)
        p.storeBytes(of: d, as: Double.self)
        return LowTag(bits: UInt64(UInt(bitPattern: p)) | floTag)
    }
    @inline(__always) static func isFlo(_ v: LowTag) -> Bool { v.bits & 7 == floTag }
    @inline(__always) static func floVal(_ v: LowTag) -> Double {
        UnsafeRawPointer(bitPattern: UInt(v.bits &- floTag))!.load(as: Double.self)
    }
    @inline(__always) static func cons(_ a: LowTag, _ d: LowTag, _ h: inout Bump) -> LowTag {
        let p = h.alloc(16)
        p.storeBytes(of: a.bits, as: UInt64.self)
        p.storeBytes(of: d.bits, toByteOffset: 8, as: UInt64.self)
        return LowTag(bits: UInt64(UInt(bitPattern: p)) | pairTag)
    }
    @inline(__always) static func isPair(_ v: LowTag) -> Bool { v.bits & 7 == pairTag }
    @inline(__always) static func car(_ v: LowTag) -> LowTag {
        LowTag(bits: UnsafeRawPointer(bitPattern: UInt(v.bits &- pairTag))!.load(as: UInt64.self))
    }
    @inline(__always) static func cdr(_ v: LowTag) -> LowTag {
        LowTag(bits: UnsafeRawPointer(bitPattern: UInt(v.bits &- pairTag))!.load(fromByteOffset: 8, as: UInt64.self))
    }
    @inline(__always) static func isNull(_ v: LowTag) -> Bool { v.bits == 0x07 }
}

// MARK: rotflo: 62-bit fixnums, immediate flonums for common exponents

struct RotFlo: Repr {
    var bits: UInt64
    static var name: String { "rotflo" }
    static var null: RotFlo { RotFlo(bits: 0x03) }
    @inline(__always) static func fix(_ n: Int) -> RotFlo { RotFlo(bits: UInt64(bitPattern: Int64(n) &<< 2) | 1) }
    @inline(__always) static func isFix(_ v: RotFlo) -> Bool { v.bits & 3 == 1 }
    @inline(__always) static func fixVal(_ v: RotFlo) -> Int { Int(Int64(bitPattern: v.bits) >> 2) }
    @inline(__always) static func fixAdd(_ a: RotFlo, _ b: RotFlo) -> RotFlo? {
        guard a.bits & 3 == 1, b.bits & 3 == 1 else { return nil }
        let (r, o) = Int64(bitPattern: a.bits).addingReportingOverflow(Int64(bitPattern: b.bits &- 1))
        return o ? nil : RotFlo(bits: UInt64(bitPattern: r))
    }
    @inline(__always) static func flo(_ d: Double, _ h: inout Bump) -> RotFlo {
        let b = d.bitPattern
        if ((b >> 60) &+ 1) & 6 == 4 {  // exponent bits 62..60 are 011 or 100
            let r = (b << 4) | (b >> 60)
            return RotFlo(bits: (r & ~3) | 2)
        }
        let p = h.alloc(16)
        p.storeBytes(of: 0x10F, as: UInt64.self)
        p.storeBytes(of: d, toByteOffset: 8, as: Double.self)
        return RotFlo(bits: UInt64(UInt(bitPattern: p)))
    }
    @inline(__always) static func isFlo(_ v: RotFlo) -> Bool {
        if v.bits & 3 == 2 { return true }
        guard v.bits & 7 == 0 else { return false }
        return UnsafeRawPointer(bitPattern: UInt(v.bits))!.load(as: UInt64.self) == 0x10F
    }
    @inline(__always) static func floVal(_ v: RotFlo) -> Double {
        let w = v.bits
        if w & 3 == 2 {
            let low = (~(w >> 2) & 1) &* 3  // e9 e8 = !e10 !e10
            let r = (w & ~3) | low
            return Double(bitPattern: (r >> 4) | (r << 60))
        }
        return UnsafeRawPointer(bitPattern: UInt(w))!.load(fromByteOffset: 8, as: Double.self)
    }
    @inline(__always) static func cons(_ a: RotFlo, _ d: RotFlo, _ h: inout Bump) -> RotFlo {
        let p = h.alloc(16)
        p.storeBytes(of: a.bits, as: UInt64.self)
        p.storeBytes(of: d.bits, toByteOffset: 8, as: UInt64.self)
        return RotFlo(bits: UInt64(UInt(bitPattern: p)) | 4)
    }
    @inline(__always) static func isPair(_ v: RotFlo) -> Bool { v.bits & 7 == 4 }
    @inline(__always) static func car(_ v: RotFlo) -> RotFlo {
        RotFlo(bits: UnsafeRawPointer(bitPattern: UInt(v.bits &- 4))!.load(as: UInt64.self))
    }
    @inline(__always) static func cdr(_ v: RotFlo) -> RotFlo {
        RotFlo(bits: UnsafeRawPointer(bitPattern: UInt(v.bits &- 4))!.load(fromByteOffset: 8, as: UInt64.self))
    }
    @inline(__always) static func isNull(_ v: RotFlo) -> Bool { v.bits == 0x03 }
}

// MARK: nanbox: immediate doubles, 47-bit fixnums and pointers

struct NaNBox: Repr {
    var bits: UInt64
    static var name: String { "nanbox" }
    // 0xFFF8 | type << 47 | payload: type 1 fixnum, 2 pair, 3 object, 4 immediate.
    static let base: UInt64 = 0xFFF8_0000_0000_0000
    static let payload: UInt64 = (1 << 47) - 1
    static let fixTag = base | (1 << 47), pairTag = base | (2 << 47), immTag = base | (4 << 47)
    static var null: NaNBox { NaNBox(bits: immTag) }
    @inline(__always) static func fix(_ n: Int) -> NaNBox { NaNBox(bits: fixTag | (UInt64(bitPattern: Int64(n)) & payload)) }
    @inline(__always) static func isFix(_ v: NaNBox) -> Bool { v.bits & ~payload == fixTag }
    @inline(__always) static func fixVal(_ v: NaNBox) -> Int { Int((Int64(bitPattern: v.bits) << 17) >> 17) }
    @inline(__always) static func fixAdd(_ a: NaNBox, _ b: NaNBox) -> NaNBox? {
        guard isFix(a), isFix(b) else { return nil }
        let r = fixVal(a) &+ fixVal(b)  // no Int overflow from two 47-bit values
        guard (r << 17) >> 17 == r else { return nil }
        return fix(r)
    }
    @inline(__always) static func flo(_ d: Double, _ h: inout Bump) -> NaNBox {
        NaNBox(bits: d.isNaN ? 0x7FF8_0000_0000_0000 : d.bitPattern)  // one canonical NaN
    }
    @inline(__always) static func isFlo(_ v: NaNBox) -> Bool { v.bits < base }
    @inline(__always) static func floVal(_ v: NaNBox) -> Double { Double(bitPattern: v.bits) }
    @inline(__always) static func cons(_ a: NaNBox, _ d: NaNBox, _ h: inout Bump) -> NaNBox {
        let p = h.alloc(16)
        p.storeBytes(of: a.bits, as: UInt64.self)
        p.storeBytes(of: d.bits, toByteOffset: 8, as: UInt64.self)
        return NaNBox(bits: pairTag | UInt64(UInt(bitPattern: p)))
    }
    @inline(__always) static func isPair(_ v: NaNBox) -> Bool { v.bits & ~payload == pairTag }
    @inline(__always) static func car(_ v: NaNBox) -> NaNBox {
        NaNBox(bits: UnsafeRawPointer(bitPattern: UInt(v.bits & payload))!.load(as: UInt64.self))
    }
    @inline(__always) static func cdr(_ v: NaNBox) -> NaNBox {
        NaNBox(bits: UnsafeRawPointer(bitPattern: UInt(v.bits & payload))!.load(fromByteOffset: 8, as: UInt64.self))
    }
    @inline(__always) static func isNull(_ v: NaNBox) -> Bool { v.bits == immTag }
}

// MARK: the loops

/// A tiny bytecode interpreter, as the VM is: every operand goes through a value stack in memory,
/// and arithmetic dispatches on the operands' types (fixnum first, then flonum), so the compiler can
/// neither keep values in registers across instructions nor fold the loops away.
enum Op: UInt8 {
    case local, const, setLocal, add, mul, jumpIfNotLess, jump, halt
}
struct Ins {
    var op: Op
    var arg: Int32
    init(_ op: Op, _ arg: Int32 = 0) { self.op = op; self.arg = arg }
}

@inline(never) func interpret<R: Repr>(_ code: [Ins], _ consts: [R], _ locals: [R], _ h: inout Bump) -> R? {
    let stack = UnsafeMutablePointer<R>.allocate(capacity: 64)
    stack.initialize(repeating: R.null, count: 64)
    let loc = UnsafeMutablePointer<R>.allocate(capacity: locals.count)
    loc.initialize(from: locals, count: locals.count)
    defer { stack.deallocate(); loc.deallocate() }
    return code.withUnsafeBufferPointer { c -> R? in
        consts.withUnsafeBufferPointer { k -> R? in
            var pc = 0, sp = 0
            while true {
                let ins = c[pc]
                pc += 1
                switch ins.op {
                case .local: stack[sp] = loc[Int(ins.arg)]; sp += 1
                case .const: stack[sp] = k[Int(ins.arg)]; sp += 1
                case .setLocal: sp -= 1; loc[Int(ins.arg)] = stack[sp]
                case .add:
                    let b = stack[sp - 1], a = stack[sp - 2]
                    sp -= 1
                    if let r = R.fixAdd(a, b) { stack[sp - 1] = r }
                    else if R.isFlo(a), R.isFlo(b) { stack[sp - 1] = R.flo(R.floVal(a) + R.floVal(b), &h) }
                    else { return nil }
                case .mul:
                    let b = stack[sp - 1], a = stack[sp - 2]
                    sp -= 1
                    if R.isFlo(a), R.isFlo(b) { stack[sp - 1] = R.flo(R.floVal(a) * R.floVal(b), &h) }
                    else { return nil }  // (the loops multiply flonums only)
                case .jumpIfNotLess:
                    let b = stack[sp - 1], a = stack[sp - 2]
                    sp -= 2
                    guard R.isFix(a), R.isFix(b) else { return nil }
                    if !(R.fixVal(a) < R.fixVal(b)) { pc = Int(ins.arg) }
                case .jump: pc = Int(ins.arg)
                case .halt: return stack[sp - 1]
                }
            }
        }
    }
}

/// (let loop ((i 0) (acc 0)) (if (< i n) (loop (+ i 1) (+ acc 3)) acc))
func fixLoop<R: Repr>(_: R.Type, _ n: Int, _ h: inout Bump) -> Int {
    let code: [Ins] = [Ins(.local, 0), Ins(.const, 0), Ins(.jumpIfNotLess, 12),
                       Ins(.local, 1), Ins(.const, 2), Ins(.add), Ins(.setLocal, 1),
                       Ins(.local, 0), Ins(.const, 1), Ins(.add), Ins(.setLocal, 0), Ins(.jump, 0),
                       Ins(.local, 1), Ins(.halt)]
    guard let r = interpret(code, [R.fix(n), R.fix(1), R.fix(3)], [R.fix(0), R.fix(0)], &h) else { return -1 }
    return R.fixVal(r)
}

/// (let loop ((i 0) (z .25)) (if (< i n) (loop (+ i 1) (+ (* (* z z) .5) .3)) z)): three flonum
/// results per iteration. The constants live in the old heap (a constant pool), not in the nursery.
func floLoop<R: Repr>(_: R.Type, _ n: Int, _ h: inout Bump) -> Double {
    var old = Bump(bytes: 4096)
    let code: [Ins] = [Ins(.local, 0), Ins(.const, 0), Ins(.jumpIfNotLess, 16),
                       Ins(.local, 1), Ins(.local, 1), Ins(.mul), Ins(.const, 2), Ins(.mul),
                       Ins(.const, 3), Ins(.add), Ins(.setLocal, 1),
                       Ins(.local, 0), Ins(.const, 1), Ins(.add), Ins(.setLocal, 0), Ins(.jump, 0),
                       Ins(.local, 1), Ins(.halt)]
    let consts = [R.fix(n), R.fix(1), R.flo(0.5, &old), R.flo(0.3, &old)]
    guard let r = interpret(code, consts, [R.fix(0), R.flo(0.25, &old)], &h), R.isFlo(r) else { return -1 }
    return R.floVal(r)
}

/// Sums the fixnum cars of a list of `len` elements, `reps` times (pair?, car, cdr each step).
@inline(never) func listLoop<R: Repr>(_: R.Type, _ len: Int, _ reps: Int, _ h: inout Bump) -> Int {
    var l = R.null
    for i in 0..<len { l = R.cons(R.fix(i), l, &h) }
    var total = 0
    for _ in 0..<reps {
        var p = l
        while R.isPair(p) {
            let a = R.car(p)
            if R.isFix(a) { total &+= R.fixVal(a) }
            p = R.cdr(p)
        }
        if !R.isNull(p) { return -1 }
    }
    return total
}

/// CPU seconds `body` takes on this thread (the machine is shared: wall-clock time would count others).
func time(_ body: () -> Void) -> Double {
    var t0 = timespec(), t1 = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t0)
    body()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t1)
    return Double(t1.tv_sec - t0.tv_sec) + Double(t1.tv_nsec - t0.tv_nsec) / 1e9
}

func bench<R: Repr>(_ r: R.Type, scale: Int) -> [String] {
    var h = Bump(bytes: 64 << 20)
    var nursery = Bump(bytes: 4 << 20)
    let n = 20_000_000 * scale
    var a = 0, b = 0.0, c = 0
    var best = [Double](repeating: .infinity, count: 3)
    for _ in 0..<3 {
        best[0] = min(best[0], time { a = fixLoop(r, n, &nursery) })
        best[1] = min(best[1], time { b = floLoop(r, n / 2, &nursery) })
        h.top = h.base
        if R.self == EValue.self { EValue.owner.removeAll(keepingCapacity: true) }
        best[2] = min(best[2], time { c = listLoop(r, 1000, 50_000 * scale, &h) })
    }
    let check = "\(a) \(b) \(c)".hashValue & 0xFFF
    return [R.name, String(format: "%.2f", best[0] * 1e9 / Double(n)),
            String(format: "%.2f", best[1] * 1e9 / Double(n / 2)),
            String(format: "%.2f", best[2] * 1e9 / Double(1000 * 50_000 * scale)),
            "\(MemoryLayout<R>.stride)", "\(_isPOD(R.self))", "\(nursery.resets)", "\(check)"]
}

let scale = CommandLine.arguments.count > 1 ? max(Int(CommandLine.arguments[1]) ?? 1, 1) : 1
print("| representation | fixnum loop ns/iteration (10 instructions) | flonum loop ns/iteration (14 instructions, 3 flonums) | list walk ns/pair | stride | POD | nursery resets | check |")
print("|---|---:|---:|---:|---:|---|---:|---|")
for row in [bench(EValue.self, scale: scale), bench(LowTag.self, scale: scale),
            bench(RotFlo.self, scale: scale), bench(NaNBox.self, scale: scale)] {
    print("| " + row.joined(separator: " | ") + " |")
}
