#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension HTLLCommand {
    /// The usage of `htll doc` (`--help` prints it).
    public static let docUsage = """
        usage: htll doc [-o DIR]
        Writes the language reference, generated from the tables the prelude checks layouts against:
        DIR/reference.md (default docs/reference.md) and a picture of each primitive's example,
        drawn by htll preview, in DIR/reference/.
        """

    /// `htll doc [-o DIR]`: writes the reference and its pictures; lists what it wrote.
    public static func doc(_ args: [String]) -> Result {
        var dir = "docs"
        var i = 0
        while i < args.count {
            switch args[i] {
            case "-o", "--output":
                guard i + 1 < args.count else { return failure("htll doc: \(args[i]) needs a folder\n\(docUsage)", status: 2) }
                dir = args[i + 1]; i += 1
            case "-h", "--help": return help(docUsage)
            default: return failure("htll doc: unexpected argument \(args[i])\n\(docUsage)", status: 2)
            }
            i += 1
        }
        do {
            let files = try Reference.generate()
            let folder = URL(fileURLWithPath: dir)
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("reference"), withIntermediateDirectories: true)
            for (name, text) in files.sorted(by: { $0.key < $1.key }) {
                try Data(text.utf8).write(to: folder.appendingPathComponent(name), options: .atomic)
            }
            return Result(output: files.keys.sorted().map { dir + "/" + $0 + "\n" }.joined(), errorOutput: "", status: 0)
        } catch {
            return failure("htll doc: \(error)")
        }
    }
}
