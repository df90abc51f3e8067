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

extension HTLLCommand {
    /// The default port of `htll serve`.
    public static let servePort = 8420

    static let serveUsage = """
        usage: htll serve FILE.htll [--port N] [--host ADDRESS] [limit flags]
        Serves a live preview of the layout: open the address it prints in a browser. The page
        shows the layout on the devices you choose, side by side (orientation, direction, light or
        dark appearance, text size and outlines are toggles), and redraws within a moment of every save of FILE
        or a file it includes. Hovering a view shows its name, kind, frame and the file:line:col
        that made it (a click copies it); the Code tab shows the generated Objective-C and Swift and
        the solved frames of the chosen screens.
          --port N        the port (default \(servePort); 0 picks a free one)
          --host ADDRESS  the address to listen on (default 127.0.0.1, this machine only);
                          0.0.0.0 or :: serves the layout to the network
        The layout always runs sandboxed (it reads only its own folder) under the --sandbox
        limits (see htll --help); Ctrl-C stops the server.
        """

    /// `htll serve FILE [--port N] [--host ADDRESS]`: serves the live preview until the process is
    /// stopped; returns only when it cannot start (a usage error: status 2; the address: 1).
    public static func serve(_ args: [String], limits: Scheme.Limits? = nil) -> Result {
        var file: String?, port = servePort, host = "127.0.0.1"
        var i = 0
        func usage(_ why: String) -> Result { failure("htll serve: \(why)\n" + serveUsage, status: 2) }
        while i < args.count {
            let value = i + 1 < args.count ? args[i + 1] : nil
            switch args[i] {
            case "--port":
                guard let value, let n = Int(value), (0...65535).contains(n) else { return usage("--port takes a number from 0 to 65535") }
                port = n; i += 1
            case "--host":
                guard let value else { return usage("--host takes an address") }
                host = value; i += 1
            case "-h", "--help": return Result(output: serveUsage + "\n", errorOutput: "", status: 0)
            case let a where !a.hasPrefix("-") && file == nil: file = a
            default: return usage("unexpected argument \(args[i])")
            }
            i += 1
        }
        guard let file else { return usage("no layout file") }
        guard FileManager.default.fileExists(atPath: file) else { return failure("htll serve: \(file): no such file") }
        let preview: LivePreview
        do {
            preview = try LivePreview(file: file, host: host, port: port, limits: limits ?? Layout.limits(sandbox: true))
        } catch {
            return failure("htll serve: \(error)")
        }
        var note = "htll serve: \(file) at \(preview.url) (Ctrl-C stops)\n"
        if !preview.server.isLoopback {
            note += "htll serve: warning: \(host) can be reached from other machines; whoever reaches it sees the layout and its code\n"
        }
        _ = Scheme.writeAll(note, to: STDOUT_FILENO)
        preview.run()
        return Result(output: "", errorOutput: "", status: 0)
    }
}
