#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Every file the runtime reads goes through here, so a sandboxed instance decides on the file it
/// actually opened (see `FileSandbox`): `load`, `include`, `include-ci`, libraries, `open-input-file`
/// and the procedures built on it, `file-exists?`.
extension Runtime {
    /// The sandbox's file checker, or nil when files are not restricted.
    public var fileSandbox: FileSandbox? { sandboxed ? FileSandbox(allowedFolders: allowedFolders) : nil }

    /// Opens `path` for reading and returns its descriptor; a file error naming `who` otherwise.
    func openForReading(_ path: String, _ who: String, at location: SourceLocation = .none,
                        _ irritants: Value...) throws(SchemeRaise) -> Int32 {
        let refusal: FileSandbox.Refusal
        if let sandbox = fileSandbox {
            switch sandbox.openForReading(path) {
            case .success(let fd): return fd
            case .failure(let r): refusal = r
            }
        } else {
            let fd = open(path, O_RDONLY | O_CLOEXEC)
            if fd >= 0 { return fd }
            refusal = .failed(String(cString: strerror(errno)))
        }
        throw SchemeRaise(makeFileError(who, path, refusal, irritants, at: location))
    }

    /// The error for a refused or failed file access.
    func makeFileError(_ who: String, _ path: String, _ refusal: FileSandbox.Refusal, _ irritants: [Value] = [],
                       at location: SourceLocation = .none) -> Value {
        let message: String
        switch refusal {
        case .notAllowed: message = "\(who): access to \(Printer.quoted(path)) is not allowed in the sandbox"
        case .notRegularFile: message = "\(who): \(Printer.quoted(path)) is not a regular file"
        case .failed(let reason): message = "\(who): cannot open \(Printer.quoted(path)): \(reason)"
        }
        return ErrorObject.make(message: message, irritants: irritants, kind: .file, location: location, in: heap)
    }

    /// `(file-exists? path)`: in a sandbox, an error outside the allowed folders (existing or not).
    func fileExists(_ path: String, _ who: String) throws(SchemeRaise) -> Bool {
        guard let sandbox = fileSandbox else {
            var info = stat()
            return stat(path, &info) == 0
        }
        switch sandbox.exists(path) {
        case .success(let exists): return exists
        case .failure(let refusal): throw SchemeRaise(makeFileError(who, path, refusal))
        }
    }

    /// Every datum in the file at `path` (for `load`, `include` and libraries, named by `who` in
    /// errors); a file error if it cannot be read.
    func readFile(_ path: String, who: String = "include", at location: SourceLocation = .none,
                  foldCase: Bool = false) throws(SchemeRaise) -> [Value] {
        let fd = try openForReading(path, who, at: location)
        let bytes: [UInt8]
        switch FileSandbox.readAll(fd, maxBytes: heapLimit ?? Int.max) {
        case .success(let b): bytes = b
        case .failure(.tooLarge): throw error("\(who): heap limit exceeded: \(Printer.quoted(path)) is too large", kind: .file, at: location)
        case .failure(.failed(let reason)): throw SchemeRaise(makeFileError(who, path, .failed(reason), at: location))
        }
        let text = String(decoding: bytes, as: UTF8.self)
        var reader = Reader(text: text, fileIndex: fileIndex(path), runtime: self)
        reader.foldCase = foldCase
        var forms: [Value] = []
        while let f = try reader.read() { forms.append(f) }
        return forms
    }

    /// The first `dir/relative` of the search path that can be read, or nil. In a sandbox, a
    /// candidate outside the allowed folders counts as missing: `import` then fails the same way
    /// whether or not such a file exists.
    func findLibraryFile(_ relative: String) -> String? {
        let sandbox = fileSandbox
        for dir in searchPath {
            let path = dir + "/" + relative
            if let sandbox {
                if case .success(let fd) = sandbox.openForReading(path) {
                    _ = close(fd)
                    return path
                }
            } else {
                var info = stat()
                if stat(path, &info) == 0 { return path }
            }
        }
        return nil
    }
}
