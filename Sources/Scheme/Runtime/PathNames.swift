/// Joining and splitting file names without Foundation's `NSString` path methods: on Linux,
/// `deletingLastPathComponent` traps (SIGILL) on a one-character name such as "x", which a user
/// can give anywhere (`htll x`, `(include "q")`).
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
}
