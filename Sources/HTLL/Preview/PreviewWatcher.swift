import Foundation
import Scheme

/// `htll preview --watch`: re-renders whenever the layout file or a file it includes changes.
///
/// Polls the files' stamps (twice a second) rather than using inotify, which Foundation does
/// not wrap portably; a layout and its includes are a handful of files, so polling is cheap.
enum PreviewWatcher {
    /// The layout file and the files it names in `(include "…")`, `(include-ci "…")` or
    /// `(load "…")` forms, transitively (at most 64 files). An include is resolved against the
    /// including file's folder, as layouts resolve it; a load also against the current directory.
    /// A textual scan: includes built at run time are missed. Only regular files are read (a FIFO
    /// would block the watcher), at most 16 MB each; with `sandbox`, only those it allows, so a
    /// sandboxed layout's watcher reads nothing the layout could not.
    static func watchedFiles(for file: String, sandbox: FileSandbox? = nil) -> [String] {
        var result: [String] = [], queue = [normalized(file)]
        let pattern = #"\((include|include-ci|load)\s+"((?:[^"\\]|\\.)*)""#
        guard let re = try? NSRegularExpression(pattern: pattern) else { return [file] }
        while let next = queue.first, result.count < 64 {
            queue.removeFirst()
            if result.contains(next) { continue }
            result.append(next)
            guard let data = contents(of: next, sandbox: sandbox) else { continue }
            let text = String(decoding: data, as: UTF8.self) as NSString
            let folder = PathNames.base(of: next)
            for m in re.matches(in: text as String, range: NSRange(location: 0, length: text.length)) {
                let name = text.substring(with: m.range(at: 2))
                let beside = normalized(PathNames.resolve(name, against: folder))
                let candidates = name.hasPrefix("/") ? [normalized(name)]
                    : text.substring(with: m.range(at: 1)) == "load" ? [beside, normalized(name)] : [beside]
                if let found = candidates.first(where: { exists($0, sandbox: sandbox) }) {
                    queue.append(found)
                }
            }
        }
        return result
    }

    /// The bytes of the regular file at `path` (nil for anything else, or what `sandbox` refuses).
    static func contents(of path: String, sandbox: FileSandbox?) -> [UInt8]? {
        let fd: Int32
        if let sandbox {
            guard case .success(let opened) = sandbox.openForReading(path) else { return nil }
            fd = opened
        } else {
            fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
            guard fd >= 0 else { return nil }
            var info = stat()
            guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
                close(fd)
                return nil
            }
        }
        guard case .success(let bytes) = FileSandbox.readAll(fd, maxBytes: 16 << 20) else { return nil }
        return bytes
    }

    /// Whether `path` names something to watch (and, with `sandbox`, something it allows).
    static func exists(_ path: String, sandbox: FileSandbox?) -> Bool {
        guard let sandbox else { return FileManager.default.fileExists(atPath: path) }
        if case .success(true) = sandbox.exists(path) { return true }
        return false
    }

    /// `path` without `.` components and `folder/..` pairs (textually, as the layout prelude
    /// names included files), so `shared/../a.htll` and `a.htll` are watched once.
    static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." { parts.removeLast(); continue }
            if part == "..", path.hasPrefix("/") { continue }
            parts.append(part)
        }
        let body = parts.joined(separator: "/")
        return path.hasPrefix("/") ? "/" + body : (body.isEmpty ? "." : body)
    }

    /// Renders once, then again after every change, reporting each result on standard error;
    /// returns after `maxRenders` renders (never, when nil).
    /// With `sandbox`, only the files it allows are read to find includes.
    static func run(file: String, sandbox: FileSandbox? = nil, maxRenders: Int? = nil, interval: TimeInterval = 0.5,
                    render: () -> HTLLCommand.Result) {
        var renders = 0
        var files = watchedFiles(for: file, sandbox: sandbox)
        var last = FileStamp.of(files)
        while true {
            let r = render()
            renders += 1
            let stamp = ISO8601DateFormatter().string(from: Date())
            let note = r.status == 0 ? "\(stamp) htll preview: updated\n" : "\(stamp) " + r.errorOutput
            _ = Scheme.writeAll(note, to: STDERR_FILENO)
            if let maxRenders, renders >= maxRenders { return }
            while true {
                Thread.sleep(forTimeInterval: interval)
                files = watchedFiles(for: file, sandbox: sandbox)
                let now = FileStamp.of(files)
                if now != last { last = now; break }
            }
        }
    }
}
