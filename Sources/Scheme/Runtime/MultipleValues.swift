/// Several values returned at once by `values` or a continuation (never exactly one): a record of
/// the heap's `valuesType` whose field 0 holds the count and fields 1… the values.
///
/// Why a record (issue 17): it is then cells the collector frees without a sweep, not a Swift
/// object with an array; a program cannot name the type, so only the runtime reads the fields.
struct MultipleValues {
    let record: Record

    /// The multiple values `v` is, or nil.
    @inline(__always) init?(_ v: Value) {
        guard case .record(let r) = v, r.role == .values else { return nil }
        record = r
    }

    /// `items.count` values (other than one) as one value, from `heap` (never collects).
    static func make(_ items: UnsafeBufferPointer<Value>, in heap: Heap) -> Value {
        .record(Record.make(type: heap.valuesType, count: items.count &+ 1, in: heap) {
            $0 == 0 ? .fixnum(items.count) : items[$0 &- 1]
        })
    }

    /// `items` as one value.
    static func make(_ items: [Value], in heap: Heap) -> Value {
        items.withUnsafeBufferPointer { make($0, in: heap) }
    }

    /// How many values.
    var count: Int {
        if case .fixnum(let n) = record.field(0) { return n }
        return 0
    }

    /// The values, in order.
    var items: [Value] { (0..<count).map { record.field($0 &+ 1) } }

    /// The values `v` stands for: its items if it is multiple values, else `v` alone.
    static func items(of v: Value) -> [Value] { MultipleValues(v)?.items ?? [v] }
}
