#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// What tells a file's versions apart without reading it: its identity, size and change times to
/// the nanosecond. An editor that saves by writing a new file and renaming it over the old one
/// changes the inode; one that writes in place changes the times.
struct FileStamp: Equatable, Sendable {
    let device: UInt64, inode: UInt64, size: Int64
    let modified: (seconds: Int, nanoseconds: Int)
    let changed: (seconds: Int, nanoseconds: Int)

    /// The stamp of the file at `path` (following links), or nil when it cannot be seen.
    init?(path: String) {
        var s = stat()
        guard stat(path, &s) == 0 else { return nil }
        device = UInt64(truncatingIfNeeded: s.st_dev)
        inode = UInt64(truncatingIfNeeded: s.st_ino)
        size = Int64(s.st_size)
        #if canImport(Darwin)
        modified = (s.st_mtimespec.tv_sec, s.st_mtimespec.tv_nsec)
        changed = (s.st_ctimespec.tv_sec, s.st_ctimespec.tv_nsec)
        #else
        modified = (s.st_mtim.tv_sec, s.st_mtim.tv_nsec)
        changed = (s.st_ctim.tv_sec, s.st_ctim.tv_nsec)
        #endif
    }

    static func == (a: FileStamp, b: FileStamp) -> Bool {
        a.device == b.device && a.inode == b.inode && a.size == b.size
            && a.modified == b.modified && a.changed == b.changed
    }

    /// The stamps of `files` (nil where a file is missing), to compare between polls.
    static func of(_ files: [String]) -> [FileStamp?] { files.map(FileStamp.init(path:)) }
}
