/// Installs the R7RS-small data and I/O builtins (numbers and control are installed separately).
extension Runtime {
    /// Binds every list, string, vector, hash table, record and port builtin as a global.
    func installStandardLibrary() {
        install(equalityBuiltins)
        install(listBuiltins)
        install(sortBuiltins)
        install(symbolBuiltins)
        install(charBuiltins)
        install(stringBuiltins)
        install(stringSearchBuiltins)
        install(vectorBuiltins)
        install(bytevectorBuiltins)
        install(hashTableBuiltins)
        install(recordBuiltins)
        install(outputBuiltins)
        install(inputBuiltins)
        install(portBuiltins)
        // The current ports are the parameter objects themselves, so `parameterize` can rebind them.
        system.define(intern("current-output-port"), .procedure(Unmanaged.passUnretained(currentOutput)))
        system.define(intern("current-error-port"), .procedure(Unmanaged.passUnretained(currentError)))
        system.define(intern("current-input-port"), .procedure(Unmanaged.passUnretained(currentInput)))
    }

    /// The optional `start`/`end` arguments at `a[i]` and `a[i+1]` of a sequence of `count` items.
    func range(_ a: Arguments, _ i: Int, count: Int, _ who: String, kind: String) throws(SchemeRaise) -> Range<Int> {
        let start = i < a.count ? try index(a[i], who, count: count, kind: kind, end: true) : 0
        let end = i + 1 < a.count ? try index(a[i + 1], who, count: count, kind: kind, end: true) : count
        if start > end { throw error("\(who): start index \(start) is greater than end index \(end)") }
        return start..<end
    }

    /// A non-negative size argument, capped so a typo cannot exhaust memory in one allocation.
    func size(_ v: Value, _ who: String) throws(SchemeRaise) -> Int {
        let n = try int(v, who)
        guard n >= 0, n <= 1 << 30 else { throw error("\(who): invalid size", v) }
        return n
    }

    /// A size for an object allocated at once (`make-vector` …), checked BEFORE allocating: an object
    /// that does not fit under the heap limit ends the evaluation ("heap limit exceeded"); one bigger
    /// than 2 GB without a limit is an error, instead of exhausting memory.
    func allocationSize(_ v: Value, _ who: String, elementBytes: Int) throws(SchemeRaise) -> Int {
        let n = try int(v, who)
        guard n >= 0 else { throw error("\(who): invalid size", v) }
        let (bytes, overflow) = n.multipliedReportingOverflow(by: elementBytes)
        if heapLimit != nil { try reserve(overflow ? Int.max : bytes, who) }
        guard !overflow, bytes <= 1 << 31 else { throw error("\(who): size too large", v) }
        return n
    }
}
