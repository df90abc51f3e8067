// The cost of a generational write barrier in a set-car!-heavy loop (issue 17).
//
//   swiftc -O barrier.swift -o /tmp/barrier && /tmp/barrier [stores-in-millions]
//
// 1,000,000 old pairs (16 bytes each, in 256 KB blocks with a per-block card table of 512-byte
// cards) and a small young list. The loop does set-car! on old pairs, storing a fixnum or a young
// pointer on alternate iterations, either walking the pairs in order (as `list-fill!` would) or
// jumping pseudo-randomly (as a hash table or a graph update would). Variants:
//
//   none          the store alone (what a collector without generations needs)
//   cards         store + unconditional card mark: cards[block][offset >> 9] = 1
//   cards-if-ptr  store + card mark only when the value stored is a pointer (sticky mark bits)
//   cards-if-young store + card mark only when a young pointer goes into an old pair (a copying
//                 nursery: two range checks)
//   class         today's runtime: set the enum field of a Swift object through Unmanaged

import Foundation

let blockSize = 256 << 10
let cardBytes = blockSize >> 9  // 512 cards per block, at the start of the block

func cpuTime() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
}

@inline(__always) func fix(_ n: Int) -> UInt64 { UInt64(bitPattern: Int64(n) &<< 1) }
@inline(__always) func isPair(_ v: UInt64) -> Bool { v & 7 == 1 }

enum Barrier: String, CaseIterable { case none, cards, cardsIfPtr = "cards-if-ptr", cardsIfYoung = "cards-if-young" }

final class PairObj {
    var markEpoch: UInt32 = 0
    var car: EValue = .null
    var cdr: EValue = .null
}
enum EValue { case null, fixnum(Int), pair(Unmanaged<PairObj>) }

let count = 1 << 20
var blocks: [UnsafeMutableRawPointer] = []
var olds = [UInt64]()
olds.reserveCapacity(count)
do {
    var top = blockSize, block: UnsafeMutableRawPointer? = nil
    for _ in 0..<count {
        if top + 16 > blockSize {
            block = UnsafeMutableRawPointer.allocate(byteCount: blockSize, alignment: blockSize)
            memset(block!, 0, blockSize)
            blocks.append(block!)
            top = cardBytes
        }
        olds.append(UInt64(UInt(bitPattern: block! + top)) | 1)
        top += 16
    }
}
let nursery = UnsafeMutableRawPointer.allocate(byteCount: 1 << 20, alignment: 16)
let nurseryLo = UInt(bitPattern: nursery), nurseryHi = nurseryLo + (1 << 20)
let young = UInt64(nurseryLo) | 1

@inline(__always) func card(_ v: UInt64) -> UnsafeMutablePointer<UInt8> {
    let a = UInt(v &- 1)
    let block = a & ~UInt(blockSize - 1)
    return UnsafeMutablePointer<UInt8>(bitPattern: block)! + Int((a - block) >> 9)
}

@inline(never) func run(_ b: Barrier, _ stores: Int, random: Bool) -> (Double, Int) {
    let t = cpuTime()
    olds.withUnsafeBufferPointer { o in
        let mask = o.count - 1
        for i in 0..<stores {
            let p = o[random ? (i &* 7919) & mask : i & mask]
            let v = i & 1 == 0 ? fix(i) : young
            UnsafeMutablePointer<UInt64>(bitPattern: UInt(p &- 1))!.pointee = v
            switch b {
            case .none: break
            case .cards: card(p).pointee = 1
            case .cardsIfPtr: if isPair(v) { card(p).pointee = 1 }
            case .cardsIfYoung:
                let va = UInt(v &- 1), pa = UInt(p &- 1)
                if isPair(v) && va &- nurseryLo < nurseryHi &- nurseryLo && pa &- nurseryLo >= nurseryHi &- nurseryLo {
                    card(p).pointee = 1
                }
            }
        }
    }
    let dt = cpuTime() - t
    var dirty = 0
    for blk in blocks {
        let c = blk.assumingMemoryBound(to: UInt8.self)
        for j in 1..<cardBytes where c[j] != 0 { dirty += 1; c[j] = 0 }
    }
    return (dt, dirty)
}

@inline(never) func runClass(_ objs: [Unmanaged<PairObj>], _ stores: Int, random: Bool) -> Double {
    let t = cpuTime()
    let youngObj = PairObj()
    let y = EValue.pair(Unmanaged.passUnretained(youngObj))
    objs.withUnsafeBufferPointer { o in
        let mask = o.count - 1
        for i in 0..<stores {
            let p = o[random ? (i &* 7919) & mask : i & mask]
            p._withUnsafeGuaranteedRef { $0.car = i & 1 == 0 ? .fixnum(i) : y }
        }
    }
    withExtendedLifetime(youngObj) {}
    return cpuTime() - t
}

let millions = CommandLine.arguments.count > 1 ? max(Int(CommandLine.arguments[1]) ?? 100, 1) : 100
let stores = millions * 1_000_000
var owner: [PairObj] = (0..<count).map { _ in PairObj() }
let objs = owner.map { Unmanaged.passUnretained($0) }
print("\(millions)M set-car! on \(count) old pairs, CPU ns per store (best of 3)\n")
print("| barrier | in order | random | dirty cards (random) |")
print("|---|---:|---:|---:|")
for b in Barrier.allCases {
    var best = (Double.infinity, Double.infinity), dirty = 0
    for _ in 0..<3 {
        best.0 = min(best.0, run(b, stores, random: false).0)
        let (t, d) = run(b, stores, random: true)
        best.1 = min(best.1, t)
        dirty = d
    }
    print("| \(b.rawValue) | \(String(format: "%.2f", best.0 * 1e9 / Double(stores))) | \(String(format: "%.2f", best.1 * 1e9 / Double(stores))) | \(dirty) |")
}
var best = (Double.infinity, Double.infinity)
for _ in 0..<3 {
    best.0 = min(best.0, runClass(objs, stores, random: false))
    best.1 = min(best.1, runClass(objs, stores, random: true))
}
print("| class (today, no barrier) | \(String(format: "%.2f", best.0 * 1e9 / Double(stores))) | \(String(format: "%.2f", best.1 * 1e9 / Double(stores))) | - |")
withExtendedLifetime(owner) {}
owner.removeAll()
