#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A file descriptor a file port owns: closed by `close()` or, failing that, when the port goes.
///
/// Why not Foundation's `FileHandle(fileDescriptor:closeOnDealloc:)`, which this replaces: it is not
/// in FoundationEssentials, and importing Foundation made the `htll` command load Foundation's
/// libraries at every start (15.5 M of GearCalc's 73.7 M instructions went to the dynamic loader;
/// bench/README.md, "Start-up"). Ports read and write the descriptor with read(2) and write(2).
final class OpenFile {
    /// The descriptor (-1 once closed).
    private(set) var fileDescriptor: Int32

    /// Takes ownership of `fileDescriptor`.
    init(fileDescriptor: Int32) { self.fileDescriptor = fileDescriptor }

    deinit { close() }

    /// Closes the descriptor (once; later calls do nothing).
    func close() {
        guard fileDescriptor >= 0 else { return }
        #if canImport(Darwin)
        _ = Darwin.close(fileDescriptor)
        #elseif canImport(Glibc)
        _ = Glibc.close(fileDescriptor)
        #else
        _ = Musl.close(fileDescriptor)
        #endif
        fileDescriptor = -1
    }
}
