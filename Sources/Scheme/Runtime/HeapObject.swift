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

/// Values in a buffer of their own: the elements of a long vector, and the values of a closure or
/// a record past `CellRun.farIndex`. Stores go through `set` (the write barrier).
final class ValueStorage: HeapObject {
    /// The values (`count` of them; initialised).
    let buffer: UnsafeMutablePointer<Value>
    let count: Int
    /// `count` values, value `i` being `value(i)`.
    init(count: Int, _ value: (Int) -> Value) {
        buffer = .allocate(capacity: max(count, 1))
        self.count = count
        for i in 0..<count { (buffer + i).initialize(to: value(i)) }
    }
    deinit { buffer.deallocate() }
    /// Value `i` (below `count`).
    @inline(__always) subscript(i: Int) -> Value { buffer[i] }
    /// Stores `v` at `i` (below `count`), through `heap`'s write barrier.
    @inline(__always) func set(_ i: Int, _ v: Value, _ heap: Heap) {
        buffer[i] = v
        heap.written(self, v)
    }
    override func trace(_ marker: inout Marker) {
        for i in 0..<count { marker.mark(buffer[i]) }
    }
    override var hasWriteBarrier: Bool { true }
    public override var byteSize: Int { 48 + count * 16 }
    public override var typeName: String { "values" }
}

/// The bytes of a long string or bytevector (more than `ByteRun.longestInCells`), from malloc.
final class ByteStorage: HeapObject {
    /// `count` bytes, freed by `deinit`.
    let bytes: UnsafeMutableRawPointer
    let count: Int
    init(count: Int) {
        guard let raw = malloc(max(count, 1)) else { fatalError("out of memory for a string of \(count) bytes") }
        bytes = raw
        self.count = count
    }
    deinit { free(bytes) }
    override var hasWriteBarrier: Bool { true }  // (bytes only)
    public override var byteSize: Int { 48 + count }
    public override var typeName: String { "byte storage" }
}

/// A record type made by `define-record-type`, or one of the heap's own (`Heap.valuesType`,
/// `Heap.errorType`, `Heap.complexType`, `Heap.ratioType`).
final class RecordType: HeapObject {
    /// Which objects its records are: a program's, or the runtime's multiple values, error
    /// objects, complex numbers and ratios (records so that they are cells too, not Swift objects;
    /// no program can name their types, so no accessor of a program's reads or changes them).
    enum Role: UInt8 {
        case program, values, error, complex, ratio

        /// Whether its records are numbers (compared and hashed by value, printed as numbers).
        var isNumber: Bool {
            switch self {
            case .complex, .ratio: return true
            case .program, .values, .error: return false
            }
        }
    }
    public let name: String
    public let fields: [Symbol]
    let role: Role
    public init(name: String, fields: [Symbol], role: Role = .program) {
        self.name = name
        self.fields = fields
        self.role = role
    }
    public override var typeName: String { "record-type" }
    override var hasWriteBarrier: Bool { true }  // (never changed)
}
