/// An instance of a record type, in pair cells (`CellRun`): the type in slot 0, field `i` in slot
/// `i + 1`.
///
/// Why cells (issue 17): a layout's views are records (150,000 of them for 10,000 views), and a
/// record as a Swift object was a malloc, a slot in the heap's object array, a sweep and a free.
/// Stores after the record is made go through `store`: the write barrier of the field's cell.
public struct Record: Hashable, BitwiseCopyable {
    /// The cells.
    let run: CellRun

    @inline(__always) init(_ run: CellRun) { self.run = run }

    /// A record of `type` whose field `i` is `value(i)`, from `heap`'s pair space (allocation
    /// never collects).
    @inline(__always)
    static func make(type: Unmanaged<RecordType>, in heap: Heap, _ value: (Int) -> Value) -> Record {
        make(type: type, count: type._withUnsafeGuaranteedRef { $0.fields.count }, in: heap, value)
    }

    /// A record of `type` with `count` fields (the runtime's own records, whose types name no
    /// fields: multiple values, error objects, numbers), field `i` being `value(i)`.
    @inline(__always)
    static func make(type: Unmanaged<RecordType>, count: Int, in heap: Heap, _ value: (Int) -> Value) -> Record {
        Record(CellRun.make(head: .object(unsafeBitCast(type, to: Unmanaged<HeapObject>.self)), count: count, in: heap, value))
    }

    /// The type, unretained (the heap owns every record type; marking the record marks it).
    @inline(__always) var typeRef: Unmanaged<RecordType> { Unmanaged.fromOpaque(run.headObject) }

    /// The type.
    var type: RecordType { typeRef.takeUnretainedValue() }

    /// Field `i` (below the type's field count).
    @inline(__always) func field(_ i: Int) -> Value { run.value(i) }

    /// Stores `v` in field `i`, through the write barrier.
    @inline(__always) func store(_ i: Int, _ v: Value, _ heap: Heap) { run.store(i, v, heap) }
}

extension Record {
    /// Whose record it is: a program's, or the runtime's (multiple values, an error object).
    @inline(__always) var role: RecordType.Role { typeRef._withUnsafeGuaranteedRef { $0.role } }
}
