// Collectors for htll's runtime, measured side by side (issue 17).
//
//   swiftc -O gc.swift -o /tmp/gc && /tmp/gc [old-pairs] [rounds]
//
// One workload, four collectors. The mutator keeps an old list of OLD pairs (default 2,000,000)
// alive throughout and runs ROUNDS rounds (default 200,000) of: build a 100-pair list, walk it, drop
// it; every 64th round it also builds an 8-pair list and stores it with set-car! into a pseudo-random
// old pair (an old-to-young pointer; the list stored there before becomes old garbage). Like htll's
// VM, the collector runs only at safe points (once per round here), never inside an allocation, and
// every value the mutator holds across a safe point lives in the root array (the "VM stack").
//
//   class    today's heap: a Swift object per pair owned by an array; mark (epoch) from the roots,
//            sweep by keeping the marked objects; collect after max(4 MB, live) bytes allocated
//   full     16-byte pairs in 256 KB blocks with a side mark bitmap; non-moving mark-sweep of the
//            whole heap on the same schedule; allocation bumps through the holes the bitmap shows
//   sticky   the same heap, generational by sticky mark bits: a minor collection (every 4 MB
//            allocated) marks from the roots and the dirty cards only, and stops at marked (old)
//            objects; survivors stay marked, so they are old; a major collection (clear all marks,
//            mark everything) when the marked bytes have doubled since the last one. Card marking
//            write barrier (512-byte cards)
//   copying  a 4 MB copying nursery in front of the same non-moving old space: a minor collection
//            copies the nursery's survivors into old-space holes (forwarding pointer in the old car),
//            using the roots and the dirty cards; major collections as for sticky. Conditional card
//            marking: a store marks a card only when it puts a nursery pointer into an old pair
//
// Prints per collector (collections while the old list is built are not counted): total CPU time, time in collections, collections (minor/major; today's and
// `full`'s collections all count as major), the mean minor and major pause, the longest pause, the
// peak RSS and a checksum (all must agree).

import Foundation

let blockSize = 256 << 10
let granules = blockSize / 16                  // 16,384 per block
let bitmapBytes = granules / 8                 // 2 KB: 1 mark bit per granule
let cardShift = 9                              // 512-byte cards
let cardsPerBlock = blockSize >> cardShift     // 512 card bytes
let headerGranules = (bitmapBytes + cardsPerBlock) / 16  // granules taken by bitmap + cards
let nullBits: UInt64 = 0x07
let forwarded: UInt64 = 0x0F                   // an immediate no Scheme value uses: "moved; cdr = new"

func cpuTime() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
}

@inline(__always) func fix(_ n: Int) -> UInt64 { UInt64(bitPattern: Int64(n) &<< 1) }
@inline(__always) func fixVal(_ v: UInt64) -> Int { Int(Int64(bitPattern: v) >> 1) }
@inline(__always) func isPair(_ v: UInt64) -> Bool { v & 7 == 1 }
@inline(__always) func addr(_ v: UInt64) -> UnsafeMutablePointer<UInt64> {
    UnsafeMutablePointer<UInt64>(bitPattern: UInt(v &- 1))!
}
@inline(__always) func tagged(_ p: UnsafeMutablePointer<UInt64>) -> UInt64 { UInt64(UInt(bitPattern: p)) | 1 }

/// What the workload needs from a heap.
protocol Heap {
    var name: String { get }
    var roots: UnsafeMutablePointer<UInt64> { get }
    mutating func cons(_ a: UInt64, _ d: UInt64) -> UInt64
    mutating func setCar(_ p: UInt64, _ v: UInt64)
    mutating func safePoint()
    mutating func forceMinor()
    var stats: Stats { get }
    mutating func resetStats()
}

struct Stats {
    var gcTime = 0.0, maxPause = 0.0
    var minor = 0, major = 0
    /// Time in minor collections alone (for class and full, every collection counts as major).
    var minorTime = 0.0
}

// MARK: the non-moving pair space (full, sticky, and the old space of copying)

struct PairSpace {
    var blocks: [UnsafeMutableRawPointer] = []
    var cursorBlock = 0
    var holeTop: UnsafeMutablePointer<UInt64>? = nil
    var holeEnd: UnsafeMutablePointer<UInt64>? = nil
    var nextGranule = headerGranules  // where the next hole search starts in cursorBlock

    @inline(__always) static func bitmap(_ a: UInt) -> (UnsafeMutablePointer<UInt64>, UInt64) {
        let block = a & ~UInt(blockSize - 1)
        let g = Int((a - block) >> 4)
        return (UnsafeMutablePointer<UInt64>(bitPattern: block)! + (g >> 6), 1 << UInt64(g & 63))
    }
    @inline(__always) static func isMarked(_ v: UInt64) -> Bool {
        let (w, b) = bitmap(UInt(v &- 1))
        return w.pointee & b != 0
    }
    /// Sets the mark bit; false if it was set already.
    @inline(__always) static func mark(_ v: UInt64) -> Bool {
        let (w, b) = bitmap(UInt(v &- 1))
        if w.pointee & b != 0 { return false }
        w.pointee |= b
        return true
    }
    @inline(__always) static func card(_ v: UInt64) -> UnsafeMutablePointer<UInt8> {
        let a = UInt(v &- 1)
        let block = a & ~UInt(blockSize - 1)
        return UnsafeMutablePointer<UInt8>(bitPattern: block + UInt(bitmapBytes))! + Int((a - block) >> UInt(cardShift))
    }

    mutating func addBlock() {
        let b = UnsafeMutableRawPointer.allocate(byteCount: blockSize, alignment: blockSize)
        memset(b, 0, headerGranules * 16)
        blocks.append(b)
    }

    /// Restarts allocation from the first block (after a collection changed the mark bits).
    mutating func rewind() {
        cursorBlock = 0
        nextGranule = headerGranules
        holeTop = nil
        holeEnd = nil
    }

    /// Finds the next run of unmarked granules at or after the cursor; false if none is left.
    mutating func nextHole() -> Bool {
        while cursorBlock < blocks.count {
            let b = blocks[cursorBlock]
            let words = b.assumingMemoryBound(to: UInt64.self)
            var g = nextGranule
            while g < granules {
                let free = ~words[g >> 6] >> UInt64(g & 63)
                if free == 0 { g = (g | 63) + 1; continue }
                g += free.trailingZeroBitCount
                // g is free: find the end of the run.
                var e = g
                while e < granules {
                    let used = words[e >> 6] >> UInt64(e & 63)
                    if used == 0 { e = (e | 63) + 1; continue }
                    e += used.trailingZeroBitCount
                    break
                }
                e = min(e, granules)
                holeTop = (b + g * 16).assumingMemoryBound(to: UInt64.self)
                holeEnd = (b + e * 16).assumingMemoryBound(to: UInt64.self)
                nextGranule = e
                return true
            }
            cursorBlock += 1
            nextGranule = headerGranules
        }
        return false
    }

    /// 16 bytes, from the current hole, the next one, or a new block. Never collects.
    @inline(__always) mutating func alloc() -> UnsafeMutablePointer<UInt64> {
        if let t = holeTop, t < holeEnd! {
            holeTop = t + 2
            return t
        }
        if !nextHole() {
            addBlock()
            _ = nextHole()
        }
        let t = holeTop!
        holeTop = t + 2
        return t
    }

    func clearMarks() { for b in blocks { memset(b, 0, bitmapBytes) } }
    func clearCards() { for b in blocks { memset(b + bitmapBytes, 0, cardsPerBlock) } }
    func markedBytes() -> Int {
        var n = 0
        for b in blocks {
            let w = b.assumingMemoryBound(to: UInt64.self)
            for i in 0..<(bitmapBytes / 8) { n += w[i].nonzeroBitCount }
        }
        return n * 16
    }

    /// Calls `body` with every marked pair in a dirty card, then clears the cards.
    func scanDirtyCards(_ body: (UInt64) -> Void) {
        let granulesPerCard = 1 << (cardShift - 4)
        for b in blocks {
            let cards = (b + bitmapBytes).assumingMemoryBound(to: UInt8.self)
            let words = b.assumingMemoryBound(to: UInt64.self)
            for c in 0..<cardsPerBlock where cards[c] != 0 {
                cards[c] = 0
                for g in (c * granulesPerCard)..<((c + 1) * granulesPerCard) where g >= headerGranules {
                    if words[g >> 6] & (1 << UInt64(g & 63)) != 0 {
                        body(UInt64(UInt(bitPattern: b + g * 16)) | 1)
                    }
                }
            }
        }
    }
}

/// Marks from `start`, following cdrs in a loop and pushing cars, stopping at marked pairs.
@inline(__always) func markFrom(_ start: UInt64, _ work: inout [UInt64]) {
    work.append(start)
    while let w = work.popLast() {
        var v = w
        while isPair(v), PairSpace.mark(v) {
            let p = addr(v)
            if isPair(p[0]) { work.append(p[0]) }
            v = p[1]
        }
    }
}

// MARK: full and sticky

struct MarkSweep: Heap {
    let name: String
    let generational: Bool
    var space = PairSpace()
    let roots = UnsafeMutablePointer<UInt64>.allocate(capacity: 16)
    var stats = Stats()
    var allocated = 0
    var threshold = 4 << 20
    var markedAfterMajor = 0
    var work: [UInt64] = []

    init(generational: Bool) {
        self.generational = generational
        name = generational ? "sticky" : "full"
        roots.initialize(repeating: nullBits, count: 16)
    }

    @inline(__always) mutating func cons(_ a: UInt64, _ d: UInt64) -> UInt64 {
        let p = space.alloc()
        p[0] = a
        p[1] = d
        allocated &+= 16
        return tagged(p)
    }

    @inline(__always) mutating func setCar(_ p: UInt64, _ v: UInt64) {
        addr(p)[0] = v
        if generational && isPair(v) { PairSpace.card(p).pointee = 1 }
    }

    mutating func safePoint() {
        if allocated >= threshold { collect(major: !generational) }
    }

    mutating func forceMinor() { collect(major: !generational) }
    mutating func resetStats() { stats = Stats() }

    mutating func collect(major: Bool) {
        let t = cpuTime()
        var isMajor = major
        if generational && !isMajor && space.markedBytes() > 2 * max(markedAfterMajor, 4 << 20) {
            isMajor = true
        }
        if isMajor {
            space.clearMarks()
            space.clearCards()
        } else {
            var w = work
            space.scanDirtyCards { old in
                let p = addr(old)
                if isPair(p[0]) { markFrom(p[0], &w) }
                if isPair(p[1]) { markFrom(p[1], &w) }
            }
            work = w
        }
        for i in 0..<16 where isPair(roots[i]) { markFrom(roots[i], &work) }
        space.rewind()
        let live = space.markedBytes()
        if isMajor { markedAfterMajor = live; stats.major += 1 } else { stats.minor += 1 }
        allocated = 0
        threshold = generational ? 4 << 20 : max(4 << 20, live)
        let dt = cpuTime() - t
        if !isMajor { stats.minorTime += dt }
        stats.gcTime += dt
        stats.maxPause = max(stats.maxPause, dt)
    }
}

// MARK: copying nursery

struct Copying: Heap {
    let name = "copying"
    var old = PairSpace()
    let nurseryBytes = 4 << 20
    let nursery: UnsafeMutablePointer<UInt64>
    let nurseryEnd: UnsafeMutablePointer<UInt64>
    let nurseryLimit: UnsafeMutablePointer<UInt64>  // collect at a safe point beyond this
    var top: UnsafeMutablePointer<UInt64>
    let roots = UnsafeMutablePointer<UInt64>.allocate(capacity: 16)
    var stats = Stats()
    var markedAfterMajor = 0
    var promoted = 0
    var work: [UInt64] = []

    init() {
        // Twice the trigger size: a round between two safe points never overflows it.
        let raw = UnsafeMutableRawPointer.allocate(byteCount: 2 * nurseryBytes, alignment: 16)
        nursery = raw.assumingMemoryBound(to: UInt64.self)
        nurseryEnd = nursery + 2 * nurseryBytes / 8
        nurseryLimit = nursery + nurseryBytes / 8
        top = nursery
        roots.initialize(repeating: nullBits, count: 16)
    }

    @inline(__always) func inNursery(_ v: UInt64) -> Bool {
        let a = UnsafeMutablePointer<UInt64>(bitPattern: UInt(v &- 1))!
        return a >= nursery && a < nurseryEnd
    }

    @inline(__always) mutating func cons(_ a: UInt64, _ d: UInt64) -> UInt64 {
        let p = top
        precondition(p < nurseryEnd, "nursery overflow between safe points")
        top = p + 2
        p[0] = a
        p[1] = d
        return tagged(p)
    }

    @inline(__always) mutating func setCar(_ p: UInt64, _ v: UInt64) {
        addr(p)[0] = v
        if isPair(v) && inNursery(v) && !inNursery(p) { PairSpace.card(p).pointee = 1 }
    }

    mutating func safePoint() { if top >= nurseryLimit { minor() } }
    mutating func forceMinor() { minor() }
    mutating func resetStats() { stats = Stats() }

    /// The address `v` now lives at: copies a nursery pair into the old space (marked, so old).
    @inline(__always) mutating func forward(_ v: UInt64) -> UInt64 {
        guard isPair(v), inNursery(v) else { return v }
        let p = addr(v)
        if p[0] == forwarded { return p[1] }
        let q = old.alloc()
        q[0] = p[0]
        q[1] = p[1]
        let nv = tagged(q)
        _ = PairSpace.mark(nv)
        p[0] = forwarded
        p[1] = nv
        work.append(nv)
        promoted += 16
        return nv
    }

    mutating func minor() {
        let t = cpuTime()
        for i in 0..<16 { roots[i] = forward(roots[i]) }
        var dirty: [UInt64] = []
        old.scanDirtyCards { dirty.append($0) }
        for o in dirty {
            let p = addr(o)
            p[0] = forward(p[0])
            p[1] = forward(p[1])
        }
        // Scan the copies (the worklist plays Cheney's scan pointer: old-space holes are not contiguous).
        while let c = work.popLast() {
            let p = addr(c)
            p[0] = forward(p[0])
            p[1] = forward(p[1])
        }
        top = nursery
        stats.minor += 1
        stats.minorTime += cpuTime() - t
        if promoted > 2 * max(markedAfterMajor, 4 << 20) { major() }
        let dt = cpuTime() - t
        stats.gcTime += dt
        stats.maxPause = max(stats.maxPause, dt)
    }

    /// Marks the old space from the roots (the nursery is empty after a minor collection).
    mutating func major() {
        old.clearMarks()
        old.clearCards()
        for i in 0..<16 where isPair(roots[i]) { markFrom(roots[i], &work) }
        old.rewind()
        markedAfterMajor = old.markedBytes()
        promoted = markedAfterMajor
        stats.major += 1
    }
}

// MARK: class (today)

enum EValue { case null, fixnum(Int), pair(Unmanaged<PairObj>) }
final class PairObj {
    var markEpoch: UInt32 = 0
    var car: EValue
    var cdr: EValue
    init(_ a: EValue, _ d: EValue) { car = a; cdr = d }
}

/// Today's design, with its own copy of the workload (its values are enums, not words).
func classWorkload(old: Int, rounds: Int) -> (Stats, Int) {
    var objects: [PairObj] = []
    var roots = [EValue](repeating: .null, count: 16)
    var stats = Stats()
    var allocated = 0, threshold = 4 << 20, epoch: UInt32 = 0
    var work: [Unmanaged<PairObj>] = []
    func cons(_ a: EValue, _ d: EValue) -> EValue {
        let p = PairObj(a, d)
        objects.append(p)
        allocated += 48
        return .pair(Unmanaged.passUnretained(p))
    }
    func collect() {
        let t = cpuTime()
        epoch &+= 1
        func push(_ v: EValue) {
            guard case .pair(let u) = v else { return }
            let fresh = u._withUnsafeGuaranteedRef { o -> Bool in
                if o.markEpoch == epoch { return false }
                o.markEpoch = epoch
                return true
            }
            if fresh { work.append(u) }
        }
        for r in roots { push(r) }
        while let u = work.popLast() {
            u._withUnsafeGuaranteedRef { o in push(o.car); push(o.cdr) }
        }
        var kept: [PairObj] = []
        kept.reserveCapacity(objects.count / 2 + 16)
        for o in objects where o.markEpoch == epoch { kept.append(o) }
        objects = kept
        allocated = 0
        threshold = max(4 << 20, objects.count * 48)
        stats.major += 1
        let dt = cpuTime() - t
        stats.gcTime += dt
        stats.maxPause = max(stats.maxPause, dt)
    }
    for i in 0..<old {
        if allocated >= threshold { collect() }
        roots[0] = cons(.fixnum(i), roots[0])
    }
    collect()
    stats = Stats()  // count the steady state only, not the building of the old list
    var olds: [Unmanaged<PairObj>] = []
    var v = roots[0]
    while case .pair(let u) = v { olds.append(u); v = u.takeUnretainedValue().cdr }
    var sum = 0
    for r in 0..<rounds {
        if allocated >= threshold { collect() }
        roots[1] = .null
        for j in 0..<100 { roots[1] = cons(.fixnum(j), roots[1]) }
        var w = roots[1]
        while case .pair(let u) = w {
            u._withUnsafeGuaranteedRef { o in
                if case .fixnum(let x) = o.car { sum &+= x }
                w = o.cdr
            }
        }
        if r % 64 == 0 && !olds.isEmpty {
            roots[2] = .null
            for j in 0..<8 { roots[2] = cons(.fixnum(j), roots[2]) }
            olds[(r &* 7919) % olds.count]._withUnsafeGuaranteedRef { $0.car = roots[2] }
        }
    }
    // Checksum: the sum of walks plus every fixnum reachable through the old list's cars.
    var tail = roots[0]
    while case .pair(let u) = tail {
        let o = u.takeUnretainedValue()
        var c = o.car
        if case .fixnum(let x) = c { sum &+= x }
        while case .pair(let cu) = c {
            let co = cu.takeUnretainedValue()
            if case .fixnum(let x) = co.car { sum &+= x }
            c = co.cdr
        }
        tail = o.cdr
    }
    return (stats, sum)
}

func workload<H: Heap>(_ h: inout H, old: Int, rounds: Int) -> Int {
    for i in 0..<old {
        h.safePoint()
        h.roots[0] = h.cons(fix(i), h.roots[0])
    }
    h.forceMinor()  // the old list is old from here on (and, for copying, at its final address)
    h.resetStats()  // count the steady state only, not the building of the old list
    var olds: [UInt64] = []
    var v = h.roots[0]
    while isPair(v) { olds.append(v); v = addr(v)[1] }
    var sum = 0
    for r in 0..<rounds {
        h.safePoint()
        h.roots[1] = nullBits
        for j in 0..<100 { h.roots[1] = h.cons(fix(j), h.roots[1]) }
        var w = h.roots[1]
        while isPair(w) {
            let p = addr(w)
            sum &+= fixVal(p[0])
            w = p[1]
        }
        if r % 64 == 0 && !olds.isEmpty {
            h.roots[2] = nullBits
            for j in 0..<8 { h.roots[2] = h.cons(fix(j), h.roots[2]) }
            h.setCar(olds[(r &* 7919) % olds.count], h.roots[2])
        }
    }
    var tail = h.roots[0]
    while isPair(tail) {
        let p = addr(tail)
        var c = p[0]
        if !isPair(c) { sum &+= fixVal(c) }
        while isPair(c) {
            sum &+= fixVal(addr(c)[0])
            c = addr(c)[1]
        }
        tail = p[1]
    }
    return sum
}

func f(_ x: Double, _ d: Int = 2) -> String { String(format: "%.\(d)f", x) }

func peakRSSMB() -> Double {
    var u = rusage()
    getrusage(RUSAGE_SELF.rawValue, &u)
    return Double(u.ru_maxrss) / 1024
}

let args = CommandLine.arguments
let oldPairs = args.count > 1 ? max(Int(args[1]) ?? 2_000_000, 0) : 2_000_000
let rounds = args.count > 2 ? max(Int(args[2]) ?? 200_000, 1) : 200_000
if args.count > 3 {
    let t = cpuTime()
    var stats = Stats()
    var sum = 0
    switch args[3] {
    case "class": (stats, sum) = classWorkload(old: oldPairs, rounds: rounds)
    case "full": var h = MarkSweep(generational: false); sum = workload(&h, old: oldPairs, rounds: rounds); stats = h.stats
    case "sticky": var h = MarkSweep(generational: true); sum = workload(&h, old: oldPairs, rounds: rounds); stats = h.stats
    default: var h = Copying(); sum = workload(&h, old: oldPairs, rounds: rounds); stats = h.stats
    }
    let total = cpuTime() - t
    let minorMean = stats.minor > 0 ? f(stats.minorTime / Double(stats.minor) * 1000, 3) : "-"
    let majorMean = stats.major > 0 ? f((stats.gcTime - stats.minorTime) / Double(stats.major) * 1000, 2) : "-"
    print("| \(args[3]) | \(f(total)) | \(f(stats.gcTime)) | \(stats.minor)/\(stats.major) | \(minorMean) | \(majorMean) | \(f(stats.maxPause * 1000, 1)) | \(f(peakRSSMB(), 0)) | \(sum) |")
} else {
    print("old list \(oldPairs) pairs, \(rounds) rounds (\(rounds * 100 + rounds / 64 * 8) pairs allocated), CPU time\n")
    print("| collector | total s | GC s | collections minor/major | mean minor ms | mean major ms | longest pause ms | peak RSS MB | checksum |")
    print("|---|---:|---:|---|---:|---:|---:|---:|---|")
    fflush(stdout)
    for name in ["class", "full", "sticky", "copying"] {
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        child.arguments = [String(oldPairs), String(rounds), name]
        try child.run()
        child.waitUntilExit()
    }
}
