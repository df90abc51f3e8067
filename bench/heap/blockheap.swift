// The block heap of Sources/Scheme/Heap measured standalone (not yet wired into the VM).
// Built and run by bench/heap/blockheap, which compiles this file with Sources/Scheme/Heap/*.swift.
//
//   blockheap [pairs] [old-pairs] [minors]
//
// pairs (default 4,000,000): the list whose cons time, walk time and RSS per pair are measured;
// old-pairs (default 2,000,000: 32 MB): the old list kept alive while `minors` (default 100) rounds
// each allocate the nursery budget (4 MB) of short-lived lists, store a young list into a
// pseudo-random old pair through the barrier every 64 lists, and run a minor collection;
// then the full mark: major collections of the same heap.
// CPU time of this thread throughout; RSS from getrusage's peak.

import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

func cpuTime() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
}

func peakRSS() -> Int {
    var u = rusage()
    #if canImport(Darwin)
    getrusage(RUSAGE_SELF, &u)
    return Int(u.ru_maxrss)
    #else
    getrusage(RUSAGE_SELF.rawValue, &u)
    return Int(u.ru_maxrss) * 1024
    #endif
}

@main
struct BlockHeapBench {
    static func main() {
        let args = CommandLine.arguments.dropFirst().compactMap { Int($0) }
        let n = args.count > 0 ? args[0] : 4_000_000
        let oldPairs = args.count > 1 ? args[1] : 2_000_000
        let minors = args.count > 2 ? args[2] : 100
        func fix(_ i: Int) -> Word { Word(fixnum: i)! }

        // 1. cons, walk and RSS per pair of an n-element list.
        let heap = BlockHeap()
        let rss0 = peakRSS()
        var t = cpuTime()
        var list = Word.null
        for i in 0..<n { list = heap.cons(fix(i), list) }
        let consNs = (cpuTime() - t) * 1e9 / Double(n)
        let rssPerPair = Double(peakRSS() - rss0) / Double(n)
        t = cpuTime()
        var sum = 0
        var l = list
        while let p = PairRef(l) { sum &+= p.car.fixnum; l = p.cdr }
        let walkNs = (cpuTime() - t) * 1e9 / Double(n)
        heap.roots = [list]
        t = cpuTime()
        heap.collect(.major)
        let markList = cpuTime() - t

        // 2. minor collections with old data, then full marks of the same heap.
        let gen = BlockHeap()
        var old = Word.null
        for i in 0..<oldPairs { old = gen.cons(fix(i), old) }
        var oldCells: [Word] = []
        var o = old
        while let p = PairRef(o) { oldCells.append(o); o = p.cdr }
        gen.roots = [old]
        gen.collect(.major)
        var rng: UInt64 = 0x2545F4914F6CDD1D
        var minorTime = 0.0
        var longest = 0.0
        var stores = 0
        for _ in 0..<minors {
            var lists = 0
            while !gen.wantsCollection {
                var short = Word.null
                for j in 0..<100 { short = gen.cons(fix(j), short) }
                lists += 1
                if lists % 64 == 0 && !oldCells.isEmpty {
                    rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17
                    PairRef(oldCells[Int(rng % UInt64(oldCells.count))])!.car = gen.list([fix(1), fix(2), fix(3)])
                    stores += 1
                }
            }
            let t0 = cpuTime()
            gen.collect(.minor)
            let dt = cpuTime() - t0
            minorTime += dt
            longest = max(longest, dt)
        }
        let majors = 5
        t = cpuTime()
        for _ in 0..<majors { gen.collect(.major) }
        let majorMs = (cpuTime() - t) * 1000 / Double(majors)
        let verified = gen.verify()

        print("| figure | block heap |")
        print("|---|---:|")
        print("| cons ns (\(n) pairs) | \(String(format: "%.1f", consNs)) |")
        print("| RSS bytes per pair (\(n)-element list) | \(String(format: "%.1f", rssPerPair)) |")
        print("| walk ns per pair | \(String(format: "%.2f", walkNs)) |")
        print("| full mark of the \(n)-element list (\(n * 16 / 1_000_000) MB), ms | \(String(format: "%.1f", markList * 1000)) |")
        print("| minor collection with \(oldPairs * 16 / 1_000_000) MB old, mean ms (\(minors) minors, \(stores) old-to-young stores) | \(String(format: "%.3f", minorTime * 1000 / Double(minors))) |")
        print("| the longest of those minor collections, ms | \(String(format: "%.3f", longest * 1000)) |")
        print("| full mark (major collection) of the same heap, mean ms | \(String(format: "%.1f", majorMs)) |")
        print("")
        print("checksum \(sum), live after majors \(gen.markedBytes) bytes, verify \(verified)")
    }
}
