import Scheme

extension Layout {
    /// The limits `htll` runs a layout under, unless its flags say otherwise: with `--sandbox`,
    /// `Scheme.Limits.untrusted`; without, only a heap limit (`Scheme.Limits.memoryHeapBytes`), so
    /// running out of memory is a located error rather than a crash.
    public static func limits(sandbox: Bool) -> Scheme.Limits {
        sandbox ? .untrusted : Scheme.Limits(heapBytes: Scheme.Limits.memoryHeapBytes)
    }
}
