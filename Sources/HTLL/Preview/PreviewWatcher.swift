#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
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
        while let next = queue.first, result.count < 64 {
            queue.removeFirst()
            if result.contains(next) { continue }
            result.append(next)
            guard let data = contents(of: next, sandbox: sandbox) else { continue }
            let folder = PathNames.base(of: next)
            for (form, name) in fileForms(in: Array(String(decoding: data, as: UTF8.self).unicodeScalars)) {
                let beside = normalized(PathNames.resolve(name, against: folder))
                let candidates = name.hasPrefix("/") ? [normalized(name)]
                    : form == "load" ? [beside, normalized(name)] : [beside]
                if let found = candidates.first(where: { exists($0, sandbox: sandbox) }) {
                    queue.append(found)
                }
            }
        }
        return result
    }

    /// The `(include "…")`, `(include-ci "…")` and `(load "…")` forms in `text`: each form's name and
    /// its string as written (escapes kept), left to right, not overlapping. What the regular
    /// expression `\((include|include-ci|load)\s+"((?:[^"\\]|\\.)*)"` finds (`\s` is ICU's
    /// White_Space, `.` no line terminator), matched by hand: Foundation's regular expressions
    /// would make the command load Foundation at every start.
    static func fileForms(in text: [Unicode.Scalar]) -> [(form: String, name: String)] {
        var found: [(form: String, name: String)] = [], i = 0
        while i < text.count {
            if let (form, name, end) = fileForm(text, at: i) {
                found.append((form, name))
                i = end
            } else {
                i += 1
            }
        }
        return found
    }

    /// The form starting at `start` (its name, its string, where it ends), if one does.
    private static func fileForm(_ text: [Unicode.Scalar], at start: Int) -> (String, String, Int)? {
        guard text[start] == "(" else { return nil }
        var i = start + 1
        guard let form = ["include-ci", "include", "load"].first(where: { word in
            word.unicodeScalars.count <= text.count - i && zip(word.unicodeScalars, text[i...]).allSatisfy { $0 == $1 }
        }) else { return nil }
        i += form.unicodeScalars.count
        let spaces = i
        while i < text.count, isSpace(text[i]) { i += 1 }
        guard i > spaces, i < text.count, text[i] == "\"" else { return nil }
        i += 1
        let nameStart = i
        while i < text.count, text[i] != "\"" {
            if text[i] == "\\" {
                guard i + 1 < text.count, !isLineEnd(text[i + 1]) else { return nil }
                i += 1
            }
            i += 1
        }
        guard i < text.count else { return nil }
        var name = String.UnicodeScalarView()
        name.append(contentsOf: text[nameStart..<i])
        return (form, String(name), i + 1)
    }

    /// ICU's `\s`: Unicode's White_Space property.
    private static func isSpace(_ c: Unicode.Scalar) -> Bool { c.properties.isWhitespace }

    /// ICU's line terminators, which `.` does not match.
    private static func isLineEnd(_ c: Unicode.Scalar) -> Bool {
        switch c.value {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: return true
        default: return false
        }
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
            let stamp = Date().formatted(.iso8601)
            let note = r.status == 0 ? "\(stamp) htll preview: updated\n" : "\(stamp) " + r.errorOutput
            _ = Scheme.writeAll(note, to: STDERR_FILENO)
            if let maxRenders, renders >= maxRenders { return }
            while true {
                HostThread.sleep(seconds: interval)
                files = watchedFiles(for: file, sandbox: sandbox)
                let now = FileStamp.of(files)
                if now != last { last = now; break }
            }
        }
    }
}
