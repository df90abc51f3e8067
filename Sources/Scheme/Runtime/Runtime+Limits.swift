/// Limits for Swift code outside the dispatch loop: the reader, the expander and builtins that build
/// big results count their work and check the heap before they allocate, so no single step of a
/// program (a 3-million-digit literal, a doubling macro, `string-split` of 25 million characters)
/// outruns the limits that bound the loop.
extension Runtime {
    /// The error a builtin, the reader or the expander throws when a limit is reached: it ends the
    /// evaluation (no handler sees it; see `VM.signal`).
    public func limitExceeded(_ message: String, at location: SourceLocation = .none) -> SchemeRaise {
        SchemeRaise(ErrorObject.make(message: message, irritants: [], kind: .limit, location: location, in: heap))
    }

    /// Counts `units` steps of work (one per form expanded, datum read, 64 bytes built …) and
    /// throws once a limit is reached: steps, time (the clock is read every `VM.clockInterval`
    /// steps), an interrupt, or the heap (see `VM.meter`).
    @inline(__always) func chargeWork(_ units: Int, at location: SourceLocation = .none) throws(SchemeRaise) {
        if !vm.meter(units) { throw pendingLimitError(at: location) }
    }

    /// The limit error for what `VM.meter` found, located at `location` when known.
    func pendingLimitError(at location: SourceLocation = .none) -> SchemeRaise {
        limitExceeded(vm.aborting?.message ?? vm.pendingLimit ?? "limit exceeded", at: location)
    }

    /// Makes sure an object of `bytes` more bytes may be allocated now (the live heap plus it within
    /// the heap limit), before a builtin builds it: "heap limit exceeded" otherwise. Also counts its
    /// building as work (one step per 64 bytes), so time and step limits see big builtins.
    func reserve(_ bytes: Int, _ who: String) throws(SchemeRaise) {
        guard bytes > 4096 else { return }
        if let heapLimit, bytes > heapLimit - heap.liveBytes {
            throw limitExceeded("heap limit exceeded: \(who) needs \(bytes) bytes")
        }
        try chargeWork(bytes >> 6)
    }

    /// `reserve` for `count` elements of `each` bytes (saturating: a count too big to multiply is
    /// simply too big).
    func reserve(_ count: Int, of each: Int, _ who: String) throws(SchemeRaise) {
        let (bytes, overflow) = count.multipliedReportingOverflow(by: each)
        try reserve(overflow ? Int.max : bytes, who)
    }
}
