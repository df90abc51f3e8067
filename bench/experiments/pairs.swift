// Pair layouts for htll's runtime, measured side by side (issue 17).
//
//   swiftc -O pairs.swift -o /tmp/pairs && /tmp/pairs [pairs]
//
// Builds one list of N pairs (default 4,000,000) three ways and measures what a pair costs:
//
//   class     today: a Swift object per pair (header, mark epoch, two 16-byte enum values), malloc'd,
//             with the heap's array holding the only strong reference
//   header24  24-byte pairs bump-allocated in 256 KB blocks: a header word (type, mark bit) + car + cdr
//   bitmap16  16-byte pairs (car + cdr) in pair-only 256 KB blocks; type from the value's tag, mark
//             bits in a bitmap at the start of the block (1 bit per 16-byte granule, 2 KB per block)
//
// For each: ns per cons, resident bytes per pair (RSS growth / N, from /proc/self/statm), ns per pair
// to walk the list, to mark it (a worklist, as a collector does) and to sweep it. Values are tagged
// UInt64 words (fixnum xxx0, pair 001, null 0x07); pairs are read and written through raw pointers,
// with no retain/release (`pairs.swift` compiled with -O has no swift_retain in the bump loops: see
// bench/README.md for how that was checked).

import Foundation

let blockSize = 256 << 10
let nullBits: UInt64 = 0x07

func cpuTime() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
}

func residentBytes() -> Int {
    guard let s = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let f = s.split(separator: " ")
    return (Int(f[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE)))
}

@inline(__always) func fix(_ n: Int) -> UInt64 { UInt64(bitPattern: Int64(n) &<< 1) }
@inline(__always) func fixVal(_ v: UInt64) -> Int { Int(Int64(bitPattern: v) >> 1) }

// MARK: blocks

/// 256 KB blocks aligned to their size, so an object's block (and its bitmap) is `address & ~mask`.
struct Blocks {
    var blocks: [UnsafeMutableRawPointer] = []
    var top: UnsafeMutableRawPointer? = nil
    var end: UnsafeMutableRawPointer? = nil
    let firstOffset: Int  // bytes reserved at the start of each block (the bitmap, if any)

    init(reserve: Int) { firstOffset = reserve }

    mutating func newBlock() {
        let b = UnsafeMutableRawPointer.allocate(byteCount: blockSize, alignment: blockSize)
        memset(b, 0, firstOffset)
        blocks.append(b)
        top = b + firstOffset
        end = b + blockSize
    }

    @inline(__always) mutating func alloc(_ n: Int) -> UnsafeMutableRawPointer {
        if let t = top, let e = end, t + n <= e {
            top = t + n
            return t
        }
        newBlock()
        let t = top!
        top = t + n
        return t
    }

    func free() { for b in blocks { b.deallocate() } }
}

// MARK: class (today)

enum EValue { case null, fixnum(Int), pair(Unmanaged<PairObj>) }
final class PairObj {
    var markEpoch: UInt32 = 0
    var car: EValue
    var cdr: EValue
    init(_ a: EValue, _ d: EValue) { car = a; cdr = d }
}

struct Row {
    var name: String
    var cons = 0.0, rss = 0.0, walk = 0.0, mark = 0.0, sweep = 0.0
    var check = 0
}

@inline(never) func classLayout(_ n: Int) -> Row {
    var r = Row(name: "class")
    var owner: [PairObj] = []
    let rss0 = residentBytes()
    var t = cpuTime()
    var l = EValue.null
    for i in 0..<n {
        let p = PairObj(.fixnum(i), l)
        owner.append(p)
        l = .pair(Unmanaged.passUnretained(p))
    }
    r.cons = (cpuTime() - t) * 1e9 / Double(n)
    r.rss = Double(residentBytes() - rss0) / Double(n)
    t = cpuTime()
    var sum = 0
    var p = l
    while case .pair(let u) = p {
        u._withUnsafeGuaranteedRef { o in
            if case .fixnum(let x) = o.car { sum &+= x }
            p = o.cdr
        }
    }
    r.walk = (cpuTime() - t) * 1e9 / Double(n)
    // Mark: the heap's Marker pushes each fresh object on a worklist and traces it.
    t = cpuTime()
    var work: [Unmanaged<PairObj>] = []
    if case .pair(let u) = l { work.append(u) }
    var marked = 0
    while let u = work.popLast() {
        u._withUnsafeGuaranteedRef { o in
            guard o.markEpoch != 1 else { return }
            o.markEpoch = 1
            marked += 1
            if case .pair(let c) = o.car { work.append(c) }
            if case .pair(let d) = o.cdr { work.append(d) }
        }
    }
    r.mark = (cpuTime() - t) * 1e9 / Double(n)
    // Sweep: today's Heap.collect keeps the marked objects in a new array; then everything is freed.
    t = cpuTime()
    var kept: [PairObj] = []
    kept.reserveCapacity(owner.count)
    for o in owner where o.markEpoch == 1 { kept.append(o) }
    owner = kept
    r.sweep = (cpuTime() - t) * 1e9 / Double(n)
    r.check = sum &+ marked
    l = .null
    owner = []
    kept = []
    return r
}

// MARK: list operations shared by the block layouts (car at `carOffset`, cdr right after it)

/// Builds the list (n-1 … 1 0) in `heap` out of `size`-byte pairs, writing `header` first if given.
@inline(__always) func buildList(_ heap: inout Blocks, _ n: Int, size: Int, carOffset: Int, header: UInt64?) -> UInt64 {
    var l = nullBits
    for i in 0..<n {
        let p = heap.alloc(size)
        if let header { p.storeBytes(of: header, as: UInt64.self) }
        p.storeBytes(of: fix(i), toByteOffset: carOffset, as: UInt64.self)
        p.storeBytes(of: l, toByteOffset: carOffset + 8, as: UInt64.self)
        l = UInt64(UInt(bitPattern: p)) | 1
    }
    return l
}

/// Sums the fixnum cars of `l`.
@inline(__always) func walkList(_ l: UInt64, carOffset: Int) -> Int {
    var sum = 0
    var v = l
    while v & 7 == 1 {
        let p = UnsafeRawPointer(bitPattern: UInt(v &- 1))!
        let a = p.load(fromByteOffset: carOffset, as: UInt64.self)
        if a & 1 == 0 { sum &+= fixVal(a) }
        v = p.load(fromByteOffset: carOffset + 8, as: UInt64.self)
    }
    return sum
}

/// Marks everything reachable from `l` with a worklist, as a collector does: `testAndSet` sets a
/// pair's mark and says whether it was clear. Returns how many pairs it marked.
@inline(__always) func markList(_ l: UInt64, carOffset: Int, _ testAndSet: (UnsafeMutableRawPointer) -> Bool) -> Int {
    var work: [UInt64] = [l]
    var marked = 0
    while let w = work.popLast() {
        var v = w
        while v & 7 == 1 {
            let p = UnsafeMutableRawPointer(bitPattern: UInt(v &- 1))!
            if !testAndSet(p) { break }
            marked += 1
            let a = p.load(fromByteOffset: carOffset, as: UInt64.self)
            if a & 7 == 1 { work.append(a) }
            v = p.load(fromByteOffset: carOffset + 8, as: UInt64.self)
        }
    }
    return marked
}

// MARK: header24

@inline(never) func header24Layout(_ n: Int) -> Row {
    var r = Row(name: "header24")
    var heap = Blocks(reserve: 0)
    let header: UInt64 = 0x18 << 8 | 1  // size 24, type pair
    let rss0 = residentBytes()
    var t = cpuTime()
    let l = buildList(&heap, n, size: 24, carOffset: 8, header: header)
    r.cons = (cpuTime() - t) * 1e9 / Double(n)
    r.rss = Double(residentBytes() - rss0) / Double(n)
    t = cpuTime()
    let sum = walkList(l, carOffset: 8)
    r.walk = (cpuTime() - t) * 1e9 / Double(n)
    // Mark bit 63 of the header.
    t = cpuTime()
    let marked = markList(l, carOffset: 8) { p in
        let h = p.load(as: UInt64.self)
        if h >> 63 != 0 { return false }
        p.storeBytes(of: h | (1 << 63), as: UInt64.self)
        return true
    }
    r.mark = (cpuTime() - t) * 1e9 / Double(n)
    // Sweep: walk every object by its header size, clear live marks, count free bytes.
    t = cpuTime()
    var free = 0
    for b in heap.blocks {
        var p = b
        let e = (b == heap.blocks.last ? heap.top! : b + blockSize)
        while p + 24 <= e {
            let h = p.load(as: UInt64.self)
            let size = Int((h >> 8) & 0xFFFF)
            if size == 0 { break }
            if h >> 63 != 0 { p.storeBytes(of: h & ~(1 << 63), as: UInt64.self) } else { free += size }
            p += size
        }
    }
    r.sweep = (cpuTime() - t) * 1e9 / Double(n)
    r.check = sum &+ marked &+ free
    heap.free()
    return r
}

// MARK: bitmap16

/// Bitmap bytes at the start of each pair block: one bit per 16-byte granule.
let bitmapBytes = blockSize / 16 / 8

@inline(__always) func markBit(_ addr: UInt) -> (UnsafeMutablePointer<UInt64>, UInt64) {
    let block = addr & ~UInt(blockSize - 1)
    let granule = Int((addr - block) >> 4)
    let word = UnsafeMutablePointer<UInt64>(bitPattern: block)! + (granule >> 6)
    return (word, 1 << UInt64(granule & 63))
}

@inline(never) func bitmap16Layout(_ n: Int) -> Row {
    var r = Row(name: "bitmap16")
    var heap = Blocks(reserve: bitmapBytes)
    let rss0 = residentBytes()
    var t = cpuTime()
    let l = buildList(&heap, n, size: 16, carOffset: 0, header: nil)
    r.cons = (cpuTime() - t) * 1e9 / Double(n)
    r.rss = Double(residentBytes() - rss0) / Double(n)
    t = cpuTime()
    let sum = walkList(l, carOffset: 0)
    r.walk = (cpuTime() - t) * 1e9 / Double(n)
    t = cpuTime()
    let marked = markList(l, carOffset: 0) { p in
        let (word, bit) = markBit(UInt(bitPattern: p))
        if word.pointee & bit != 0 { return false }
        word.pointee |= bit
        return true
    }
    r.mark = (cpuTime() - t) * 1e9 / Double(n)
    // Sweep: count free granules a bitmap word at a time, then clear the bitmap (a block with no
    // live bit would go back to the block pool whole).
    t = cpuTime()
    var free = 0
    let reserved = bitmapBytes / 16  // granules taken by the bitmap itself
    for b in heap.blocks {
        let words = UnsafeMutablePointer<UInt64>(OpaquePointer(b))
        var live = 0
        for i in 0..<(bitmapBytes / 8) { live += words[i].nonzeroBitCount }
        free += (blockSize / 16 - reserved - live) * 16
        memset(b, 0, bitmapBytes)
    }
    r.sweep = (cpuTime() - t) * 1e9 / Double(n)
    // The unused tail of the last block counts as free, as header24 does not see it.
    free -= (heap.end! - heap.top!)
    r.check = sum &+ marked &+ free * 0
    heap.free()
    return r
}

func f(_ x: Double, _ digits: Int = 1) -> String { String(format: "%.\(digits)f", x) }

// Each layout runs in its own process, so one layout's freed memory never lowers another's RSS growth.
let args = CommandLine.arguments
let n = args.count > 1 ? max(Int(args[1]) ?? 4_000_000, 1000) : 4_000_000
let layouts: [String: (Int) -> Row] = ["class": classLayout, "header24": header24Layout, "bitmap16": bitmap16Layout]
if args.count > 2, let layout = layouts[args[2]] {
    let r = layout(n)
    print("| \(r.name) | \(f(r.cons)) | \(f(r.rss)) | \(f(r.walk, 2)) | \(f(r.mark, 2)) | \(f(r.sweep, 2)) | \(r.check) |")
} else {
    print("N = \(n) pairs, CPU time of one run each\n")
    print("| layout | cons ns | RSS bytes/pair | walk ns/pair | mark ns/pair | sweep ns/pair | check |")
    print("|---|---:|---:|---:|---:|---:|---|")
    fflush(stdout)
    for name in ["class", "header24", "bitmap16"] {
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        child.arguments = [String(n), name]
        try child.run()
        child.waitUntilExit()
    }
}
