#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// The sandbox's one door to the file system: it decides on the file the kernel actually opened,
/// never on the path as written.
///
/// Why: checking a path as a string (even after `realpath`) is not what the kernel follows. A chain
/// of symbolic links whose expansion is longer than `PATH_MAX` makes `realpath` fail (Foundation then
/// returns the path unchanged, which passed the check) while `open` still follows it, to
/// `/proc/self/environ` or anywhere. So a file is first opened without side effects (`O_PATH` on
/// Linux: no read permission needed, a FIFO does not block, a device is not opened), the path the
/// kernel reports for that descriptor is checked against the allowed folders, and only then is the
/// same file (through the descriptor, not the path) opened for reading. When the real path cannot be
/// established, the answer is no.
///
/// Rules:
/// - A file is inside an allowed folder when the real path of the opened file starts with the
///   folder's real path and a slash. Hard links are judged by the name the kernel reports.
/// - An allowed folder whose real path is `/` allows nothing (else one setting would open the
///   whole machine), nor does a folder that does not exist.
/// - Only regular files are read: a FIFO, socket, device or folder in an allowed folder is refused
///   (so a sandboxed layout never blocks on a FIFO or reads a device endlessly).
/// - A failure says "not allowed" unless the file's own folder is inside an allowed folder, so a
///   sandboxed program cannot learn whether a file exists elsewhere; a dangling symbolic link is
///   "not allowed" too (its target may lie outside).
public struct FileSandbox: Sendable {
    /// The real paths of the folders files may be read from.
    public let folders: [String]

    /// Why a file was not opened.
    public enum Refusal: Error, Equatable, Sendable {
        /// Outside the allowed folders, or where it leads cannot be established.
        case notAllowed
        /// Inside an allowed folder, but not a regular file.
        case notRegularFile
        /// Inside an allowed folder, but the system refused (its message, like "No such file or directory").
        case failed(String)
    }

    /// A sandbox reading only below `allowedFolders` (each resolved to its real path now).
    public init(allowedFolders: [String]) {
        folders = allowedFolders.compactMap { folder in
            guard let real = FileSandbox.realPath(folder), real != "/" else { return nil }
            return real
        }
    }

    /// Opens the regular file at `path` for reading; the caller owns (and closes) the descriptor.
    public func openForReading(_ path: String) -> Result<Int32, Refusal> {
        switch locate(path) {
        case .failure(let refusal): return .failure(refusal)
        case .success(let found):
            guard found.isRegularFile else {
                _ = close(found.fd)
                return .failure(.notRegularFile)
            }
            return FileSandbox.reopenForReading(found)
        }
    }

    /// Whether something (a file, folder, link target …) exists at `path`, inside an allowed folder.
    public func exists(_ path: String) -> Result<Bool, Refusal> {
        switch locate(path) {
        case .success(let found):
            _ = close(found.fd)
            return .success(true)
        case .failure(.failed):
            return .success(false)
        case .failure(let refusal):
            return .failure(refusal)
        }
    }

    /// What `locate` found: a descriptor of the file (an `O_PATH` one to reopen on Linux).
    private struct Found {
        let fd: Int32
        let isRegularFile: Bool
        let device: UInt64, inode: UInt64
    }

    /// Opens `path` without side effects and checks where it really is.
    private func locate(_ path: String) -> Result<Found, Refusal> {
        guard !path.isEmpty, !path.utf8.contains(0) else { return .failure(.notAllowed) }
        let fd = FileSandbox.openQuietly(path)
        guard fd >= 0 else {
            let reason = String(cString: strerror(errno))
            return .failure(refusalForMissing(path, reason: reason))
        }
        guard let real = FileSandbox.descriptorPath(fd), isInside(real) else {
            _ = close(fd)
            return .failure(.notAllowed)
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            _ = close(fd)
            return .failure(.notAllowed)
        }
        return .success(Found(fd: fd, isRegularFile: info.st_mode & S_IFMT == S_IFREG,
                              device: UInt64(truncatingIfNeeded: info.st_dev), inode: UInt64(truncatingIfNeeded: info.st_ino)))
    }

    /// The refusal for a path that could not be opened: the system's reason only when its folder is
    /// inside an allowed folder and it is not a symbolic link (whose target may be anywhere).
    private func refusalForMissing(_ path: String, reason: String) -> Refusal {
        var link = stat()
        if lstat(path, &link) == 0, link.st_mode & S_IFMT == S_IFLNK { return .notAllowed }
        let parent = FileSandbox.parentFolder(of: path)
        let fd = FileSandbox.openQuietly(parent)
        guard fd >= 0 else { return .notAllowed }
        defer { _ = close(fd) }
        guard let real = FileSandbox.descriptorPath(fd), isInside(real) else { return .notAllowed }
        return .failed(reason)
    }

    /// Whether the real path `real` is an allowed folder or lies inside one.
    private func isInside(_ real: String) -> Bool {
        folders.contains { real == $0 || real.hasPrefix($0 + "/") }
    }

    /// The folder part of `path` as written ("." for a bare name, "/" for a file at the root).
    public static func parentFolder(of path: String) -> String {
        var bytes = Array(path.utf8)
        while bytes.count > 1 && bytes.last == UInt8(ascii: "/") { bytes.removeLast() }
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return "." }
        if slash == 0 { return "/" }
        return String(decoding: bytes[..<slash], as: UTF8.self)
    }

    /// The real path of `path` (symbolic links resolved), or nil.
    static func realPath(_ path: String) -> String? {
        guard !path.isEmpty, !path.utf8.contains(0) else { return nil }
        let fd = openQuietly(path)
        guard fd >= 0 else { return nil }
        defer { _ = close(fd) }
        return descriptorPath(fd)
    }

    #if os(Linux)
    /// `O_PATH` (Linux 2.6.39): a descriptor for naming a file, not for reading it (Glibc's module
    /// does not export the macro).
    private static let pathOnly: Int32 = 0o10000000

    /// A descriptor for `path` that opens nothing: no read permission needed, no blocking on a FIFO,
    /// no device opened.
    static func openQuietly(_ path: String) -> Int32 {
        open(path, pathOnly | O_CLOEXEC)
    }

    /// The path the kernel reports for `fd` (nil when it cannot: no /proc, a path too long …).
    static func descriptorPath(_ fd: Int32) -> String? {
        var buffer = [UInt8](repeating: 0, count: 8192)
        let n = readlink("/proc/self/fd/\(fd)", &buffer, buffer.count)
        guard n > 0, n < buffer.count, buffer[0] == UInt8(ascii: "/") else { return nil }
        return exactString(buffer[..<n])
    }

    /// Opens the file behind `found`'s `O_PATH` descriptor (which it closes) for reading: the same
    /// file, whatever happened to its name since.
    private static func reopenForReading(_ found: Found) -> Result<Int32, Refusal> {
        defer { _ = close(found.fd) }
        let fd = open("/proc/self/fd/\(found.fd)", O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)
        guard fd >= 0 else { return .failure(.failed(String(cString: strerror(errno)))) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
              UInt64(truncatingIfNeeded: info.st_dev) == found.device,
              UInt64(truncatingIfNeeded: info.st_ino) == found.inode else {
            _ = close(fd)
            return .failure(.notAllowed)
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        return .success(fd)
    }
    #else
    /// A descriptor for `path`, opened so that a FIFO does not block and no terminal is acquired.
    static func openQuietly(_ path: String) -> Int32 {
        open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)
    }

    /// The path the kernel reports for `fd` (`F_GETPATH`), or nil.
    static func descriptorPath(_ fd: Int32) -> String? {
        var buffer = [UInt8](repeating: 0, count: Int(MAXPATHLEN) + 1)
        guard fcntl(fd, F_GETPATH, &buffer) != -1, buffer[0] == UInt8(ascii: "/") else { return nil }
        let n = buffer.firstIndex(of: 0) ?? buffer.count
        return exactString(buffer[..<n])
    }

    /// The descriptor `locate` opened is already open for reading: make reads block again.
    private static func reopenForReading(_ found: Found) -> Result<Int32, Refusal> {
        _ = fcntl(found.fd, F_SETFL, fcntl(found.fd, F_GETFL) & ~O_NONBLOCK)
        return .success(found.fd)
    }
    #endif
}

extension FileSandbox {
    /// `bytes` as a string, or nil unless they are valid UTF-8 (a path the checks could misread).
    static func exactString(_ bytes: ArraySlice<UInt8>) -> String? {
        let s = String(decoding: bytes, as: UTF8.self)
        return s.utf8.elementsEqual(bytes) ? s : nil
    }

    /// Why `readAll` returned no contents.
    public enum ReadFailure: Error, Equatable, Sendable {
        /// More than the allowed number of bytes.
        case tooLarge
        /// The system's message (reading a folder, an I/O error).
        case failed(String)
    }

    /// Reads everything from `fd` (and closes it), refusing more than `maxBytes`.
    public static func readAll(_ fd: Int32, maxBytes: Int) -> Result<[UInt8], ReadFailure> {
        defer { _ = close(fd) }
        // A regular file's size is known: it is read in place into one array of that size and a
        // byte (the byte sees a file that grew). Why: 64 KB chunks appended to a growing array
        // copied a 279 KB layout about twice over and touched 181 fresh pages doing it, a quarter
        // of the page faults of compiling it (perf, 10,000 labels). Anything else (a pipe, a file
        // that grew) goes on in chunks.
        var info = stat()
        let regular = fstat(fd, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
        let first = max(0, min(regular ? Int(info.st_size) : 1 << 16, maxBytes, Int.max - 1)) + 1
        var failure: ReadFailure?
        var ended = false
        var out = [UInt8](unsafeUninitializedCapacity: first) { buffer, count in
            count = 0
            guard let base = buffer.baseAddress else { return }
            while count < buffer.count {
                let n = read(fd, base + count, buffer.count - count)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = .failed(String(cString: strerror(errno)))
                    return
                }
                if n == 0 { ended = true; return }
                count += n
            }
        }
        if let failure { return .failure(failure) }
        guard out.count <= maxBytes else { return .failure(.tooLarge) }
        if ended { return .success(out) }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = read(fd, &chunk, chunk.count)
            if n < 0 {
                if errno == EINTR { continue }
                return .failure(.failed(String(cString: strerror(errno))))
            }
            if n == 0 { return .success(out) }
            guard out.count + n <= maxBytes else { return .failure(.tooLarge) }
            out.append(contentsOf: chunk[..<n])
        }
    }
}
