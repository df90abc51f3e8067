/// A suspended caller: where to resume and whose locals to use.
struct CallFrame {
    /// The caller's closure (nil for the sentinel frame a run pushes, which resumes at `halt`).
    var closure: Closure?
    /// The instruction to resume at.
    var pc: UnsafeMutablePointer<Int32>
    /// The caller's frame pointer (index of its first argument on the value stack).
    var fp: Int
    /// The caller's constants (its code block's, which never move while the closure lives: the
    /// frame keeps it). Kept here so a return restores them without two dependent loads through
    /// the closure and its code block (about 5 instructions of every return).
    var constants: UnsafeMutablePointer<Value>
}

/// The VM's registers, kept in locals inside the dispatch loop and passed `inout` to helpers.
struct Registers {
    var pc: UnsafeMutablePointer<Int32>
    var fp: Int
    var sp: Int
    var closure: Closure?
    var constants: UnsafeMutablePointer<Value>
    var stack: UnsafeMutablePointer<Value>
}
