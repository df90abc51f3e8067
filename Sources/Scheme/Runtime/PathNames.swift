#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Joining and splitting file names without Foundation's `NSString` path methods: on Linux,
/// `deletingLastPathComponent` traps (SIGILL) on a one-character name such as "x", which a user
/// can give anywhere (`htll x`, `(include "q")`); and importing Foundation for them made the `htll`
/// command load Foundation's libraries at every start (bench/README.md, "Start-up").
public enum PathNames {
    /// The folder that names written in `file` are relative to: "" for a bare name (the current
    /// folder), else the part before its last slash ("/" for a file at the root).
    public static func base(of file: String) -> String {
        file.contains("/") ? FileSandbox.parentFolder(of: file) : ""
    }

    /// `name` as written in a file whose `base` folder is given: absolute names as they are.
    public static func resolve(_ name: String, against base: String) -> String {
        name.hasPrefix("/") || base.isEmpty ? name : base + "/" + name
    }

    /// `name` in `folder` ("/" between them unless `folder` ends with one; `NSString`'s
    /// `appendingPathComponent` for a plain name).
    public static func appending(_ name: String, to folder: String) -> String {
        folder.isEmpty || folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// The last part of `path` (trailing slashes ignored; "/" for the root, "" for more slashes
    /// alone), as `NSString`'s `lastPathComponent` gives it.
    public static func lastComponent(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        if trimmed.isEmpty { return path == "/" ? "/" : "" }
        guard let slash = trimmed.lastIndex(of: "/") else { return String(trimmed) }
        return String(trimmed[trimmed.index(after: slash)...])
    }

    /// `path` with a leading `~` (the user's home: `HOME`, else the password database) or `~user`
    /// (that user's home) replaced, and trailing slashes removed, as `NSString`'s
    /// `expandingTildeInPath` gives it; unchanged when it starts otherwise or the user is unknown.
    public static func expandingTilde(_ path: String) -> String {
        guard path.hasPrefix("~") else { return path }
        let end = path.firstIndex(of: "/") ?? path.endIndex
        let user = String(path[path.index(after: path.startIndex)..<end])
        guard let home = user.isEmpty ? currentHome() : home(of: user) else { return path }
        var result = Substring(home + path[end...])
        while result.count > 1, result.hasSuffix("/") { result = result.dropLast() }
        return String(result)
    }

    private static func currentHome() -> String? {
        if let home = getenv("HOME"), home.pointee != 0 { return String(cString: home) }
        guard let entry = getpwuid(getuid()), let dir = entry.pointee.pw_dir else { return nil }
        return String(cString: dir)
    }

    private static func home(of user: String) -> String? {
        guard let entry = getpwnam(user), let dir = entry.pointee.pw_dir else { return nil }
        return String(cString: dir)
    }
}
