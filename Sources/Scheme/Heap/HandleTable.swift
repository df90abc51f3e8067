// Swift objects held by the block heap through opaque cells.

/// The Swift objects behind opaque cells (ports, scopes, hash tables at first): a slot per object,
/// reused through a free list; the object is released when its cell dies.
///
/// Why a table rather than a reference in the cell: heap memory is raw, so a reference stored
/// there would be invisible to ARC; the table owns the object, the cell names its slot, and the
/// collector drops the slot of a dead cell (the only reference counting a collection does).
struct HandleTable {
    private var objects: [AnyObject?] = []
    /// The opaque cell of each used slot.
    private var cells: [Word] = []
    private var freeSlots: [Int] = []
    /// Slots filled since the last collection: the only ones a minor collection can free.
    private var young: [Int] = []
    /// Slots remembered by `BlockHeap.remember` since the last collection.
    private(set) var remembered: [Int] = []
    /// Objects released by collections so far.
    private(set) var released = 0

    /// Puts `object` in a slot for `cell` (which stores the slot index) and returns the slot.
    mutating func add(_ object: AnyObject, cell: Word) -> Int {
        let i: Int
        if let f = freeSlots.popLast() {
            i = f
            objects[i] = object
            cells[i] = cell
        } else {
            i = objects.count
            objects.append(object)
            cells.append(cell)
        }
        young.append(i)
        return i
    }

    /// The object in slot `i`, or nil for a slot out of range or free.
    func object(at i: Int) -> AnyObject? {
        guard i >= 0, i < objects.count else { return nil }
        return objects[i]
    }

    /// Notes that the object in slot `i` stored a word (see `WordTraceable`).
    mutating func remember(_ i: Int) {
        guard i >= 0, i < objects.count, objects[i] != nil else { return }
        remembered.append(i)
    }

    /// Objects held.
    var count: Int { objects.count - freeSlots.count }

    /// Releases the objects whose cell is unmarked: after a minor collection only young slots can
    /// be (old cells stay marked until a major collection). Returns how many were released.
    @discardableResult
    mutating func sweep(major: Bool) -> Int {
        var n = 0
        let candidates = major ? Array(objects.indices) : young
        for i in candidates where objects[i] != nil && !HeapMarker.isMarked(cells[i]) {
            objects[i] = nil
            cells[i] = .false
            freeSlots.append(i)
            n += 1
        }
        young = []
        remembered = []
        released += n
        return n
    }
}
