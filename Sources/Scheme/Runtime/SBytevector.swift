/// A bytevector: a `ByteRun` in the pair space (a head cell holding the length, `length << 1`, and
/// where the bytes are: data cells, 16 bytes each, or a `ByteStorage` past
/// `ByteRun.longestInCells`).
///
/// Why cells (issue 17): as a Swift object with a Swift array a bytevector cost two mallocs, the
/// array's metadata lookup, a slot in the object array, a sweep and two frees.
public struct SBytevector: Hashable, BitwiseCopyable {
    /// The head cell and the bytes' storage.
    let run: ByteRun

    @inline(__always) init(_ run: ByteRun) { self.run = run }

    /// The number of bytes.
    @inline(__always) public var count: Int { run.word >> 1 }

    /// Byte `i` (which the caller has checked is below `count`).
    public subscript(i: Int) -> UInt8 {
        @inline(__always) get { run.address(ofByte: i, of: count).load(as: UInt8.self) }
        nonmutating set { run.address(ofByte: i, of: count).storeBytes(of: newValue, as: UInt8.self) }
    }

    /// A copy of the bytes.
    public var bytes: [UInt8] { bytes(0..<count) }

    /// A copy of the bytes in `range` (within bounds).
    func bytes(_ range: Range<Int>) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: range.count) { out, n in
            if let base = out.baseAddress { run.copyBytes(range.lowerBound, range.count, of: count, to: UnsafeMutableRawPointer(base)) }
            n = range.count
        }
    }

    /// Whether two bytevectors hold the same bytes (`equal?`).
    static func sameBytes(_ a: SBytevector, _ b: SBytevector) -> Bool {
        a.count == b.count && ByteRun.sameBytes(a.run, b.run, a.count)
    }

    /// The address, for identity-keyed tables.
    @inline(__always) func toOpaque() -> UnsafeMutableRawPointer { run.head.cell }

    /// A bytevector of `count` bytes that `fill` writes (every one of them). Allocation never
    /// collects.
    static func make(count: Int, in heap: Heap, _ fill: (UnsafeMutableRawBufferPointer) -> Void) -> SBytevector {
        let n = max(0, count)
        return SBytevector(ByteRun.make(word: n << 1, bytes: n, in: heap) { fill(UnsafeMutableRawBufferPointer(start: $0, count: n)) })
    }

    /// A bytevector of `bytes`.
    static func make<C: Collection>(_ bytes: C, in heap: Heap) -> SBytevector where C.Element == UInt8 {
        make(count: bytes.count, in: heap) { out in
            var i = 0
            for b in bytes where i < out.count { out[i] = b; i &+= 1 }
        }
    }
}
