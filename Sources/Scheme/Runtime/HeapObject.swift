#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The base of every object the collector manages.
///
/// Subclasses override `trace` to report the values they hold, so the collector can mark them.
public class HeapObject {
    /// The collection number in which the mark phase last reached this object.
    @exclusivity(unchecked) public final var markEpoch: UInt32 = 0
    /// The object's generation bits (`old`, `remembered`, `oldRoot`; see `Heap+Generations.swift`).
    @exclusivity(unchecked) final var generation: UInt8 = 0

    public init() {}

    /// Reports every value this object refers to.
    func trace(_ marker: inout Marker) {}

    /// Whether every store of a value into this object after it is made goes through the write
    /// barrier (`Heap.written`), so that once old, a minor collection need not follow its fields.
    /// False by default, which is always safe: an old object without a barrier is a root of every
    /// minor collection. A class that says true must call `Heap.written` at every store of a value
    /// into a field it traces (an object without such fields says true for nothing).
    var hasWriteBarrier: Bool { false }

    /// The object survived a collection and has a write barrier: minor collections stop at it.
    static let old: UInt8 = 1
    /// An old object stored into since the last collection: in `Heap.rememberedObjects`.
    static let remembered: UInt8 = 2
    /// An old object without a write barrier: in `Heap.oldRoots`.
    static let oldRoot: UInt8 = 4

    /// Roughly how many bytes this object holds, for collection pacing and heap limits.
    open var byteSize: Int { 32 }

    /// The name `display` uses for opaque objects, as in `#<name>`.
    open var typeName: String { "object" }
}

/// A vector of values.
public final class SVector: HeapObject {
    /// The elements. Stores go through `set`, `replaceItems` or `withMutableItems` (the write barrier).
    @exclusivity(unchecked) public private(set) var items: [Value]
    public init(_ items: [Value]) { self.items = items }
    /// Stores `v` at `i` (in bounds), through `heap`'s write barrier.
    @inline(__always) func set(_ i: Int, _ v: Value, _ heap: Heap) {
        _ = store(i, v, heap)
    }
    /// Stores `v` at `i` if `i` is in bounds (else returns false), through `heap`'s write barrier.
    /// (Through the buffer: `items[i] = v` went through the array's generic, unspecialised
    /// uniqueness and bounds checks, a quarter more instructions for Larceny's array1.)
    @inline(__always) func store(_ i: Int, _ v: Value, _ heap: Heap) -> Bool {
        let stored = items.withUnsafeMutableBufferPointer { b -> Bool in
            guard i >= 0, i < b.count else { return false }
            b[i] = v
            return true
        }
        if stored { heap.written(self, v) }
        return stored
    }
    /// Replaces every element (same count or not), through `heap`'s write barrier.
    func replaceItems(_ new: [Value], _ heap: Heap) {
        items = new
        heap.written(self)
    }
    /// Runs `body` on the elements, which it may change, through `heap`'s write barrier.
    @inline(__always) func withMutableItems<R>(_ heap: Heap, _ body: (inout [Value]) throws -> R) rethrows -> R {
        heap.written(self)
        return try body(&items)
    }
    override func trace(_ marker: inout Marker) {
        for v in items { marker.mark(v) }
    }
    override var hasWriteBarrier: Bool { true }
    public override var byteSize: Int { 48 + items.count * 16 }
    public override var typeName: String { "vector" }
}

/// A bytevector.
final class Bytevector: HeapObject {
    /// Unchecked like `SVector.items`: no access to it calls out while it lasts, and the dynamic
    /// check was 5% of `bytevector-u8-set!` loops (Larceny's bv2string).
    @exclusivity(unchecked) public var bytes: [UInt8]
    public init(_ bytes: [UInt8]) { self.bytes = bytes }
    public override var byteSize: Int { 48 + bytes.count }
    public override var typeName: String { "bytevector" }
    override var hasWriteBarrier: Bool { true }  // (bytes only)
}

/// Several values returned at once by `values` (never exactly one).
final class MultipleValues: HeapObject {
    public let items: [Value]
    public init(_ items: [Value]) { self.items = items }
    override func trace(_ marker: inout Marker) {
        for v in items { marker.mark(v) }
    }
    override var hasWriteBarrier: Bool { true }  // (never changed)
    public override var byteSize: Int { 48 + items.count * 16 }
    public override var typeName: String { "values" }
}

/// A record type made by `define-record-type`.
final class RecordType: HeapObject {
    public let name: String
    public let fields: [Symbol]
    public init(name: String, fields: [Symbol]) {
        self.name = name
        self.fields = fields
    }
    public override var typeName: String { "record-type" }
    override var hasWriteBarrier: Bool { true }  // (never changed)
}

/// A promise made by `delay`, `delay-force` or `make-promise`.
final class Promise: HeapObject {
    /// True once `value` holds the result; otherwise `value` is the thunk to force.
    public private(set) var done: Bool
    public private(set) var value: Value
    public init(done: Bool, value: Value) {
        self.done = done
        self.value = value
    }
    /// Takes `other`'s state (forcing a `delay-force` chain), through `heap`'s write barrier.
    func update(from other: Promise, _ heap: Heap) {
        done = other.done
        value = other.value
        heap.written(self, value)
    }
    override func trace(_ marker: inout Marker) { marker.mark(value) }
    override var hasWriteBarrier: Bool { true }
    public override var typeName: String { "promise" }
}
