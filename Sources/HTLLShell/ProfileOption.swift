#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Synchronization
import CReplSignal
import Scheme
import HTLL

/// `--profile[=FILE]`: runs a script, `-e` expressions or a layout command under a sampling
/// `Scheme.Profiler` and writes its report to standard error (or FILE) when the command ends, however it
/// ends (an error, a limit, Ctrl-C).
struct ProfileOption {
    /// Where the report goes: nil for standard error.
    let file: String?

    static let help = """
      --profile[=FILE]   sample the running Scheme code (once a millisecond of CPU time)
                         and, when the command ends, write the procedures that took the
                         time, by self and by total samples, to standard error (or FILE)
    """

    /// Whether `argument` is the option.
    static func isFlag(_ argument: String) -> Bool {
        argument == "--profile" || argument.hasPrefix("--profile=")
    }

    /// The option `argument` stands for (it must be one: `isFlag`).
    init(_ argument: String) {
        let value = argument.dropFirst("--profile".count)
        file = value.isEmpty ? nil : String(value.dropFirst())
    }

    /// Runs `body` (a command, returning its exit status) under a profiler, then writes the report.
    /// With `catchInterrupt`, Ctrl-C ends the evaluation (with status 70) so the report is still
    /// written; a second Ctrl-C ends the process as usual.
    func run(catchInterrupt: Bool, _ body: () -> Int32) -> Int32 {
        let profiler = Scheme.Profiler()
        let watcher = catchInterrupt ? InterruptWatcher.start(profiler) : nil
        let status = body()
        watcher?.stop()
        let text = profiler.stop().text()
        guard let file, file != "-" else {
            CommandLineTool.writeError(text)
            return status
        }
        let fd = open(file, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        if fd < 0 {
            CommandLineTool.writeError("htll: cannot write the profile to \(file): \(String(cString: strerror(errno)))\n")
            return status != 0 ? status : CommandLineTool.outputErrorStatus
        }
        defer { close(fd) }
        if let reason = Scheme.writeAll(text, to: fd) {
            CommandLineTool.writeError("htll: cannot write the profile to \(file): \(reason)\n")
            return status != 0 ? status : CommandLineTool.outputErrorStatus
        }
        return status
    }
}

/// Turns Ctrl-C into an interrupt of the profiled evaluation (whose report the user then sees,
/// where Ctrl-C would otherwise end the process without it).
private final class InterruptWatcher: @unchecked Sendable {
    private let done = Atomic<Bool>(false)
    private let finished = Atomic<Bool>(false)

    static func start(_ profiler: Scheme.Profiler) -> InterruptWatcher? {
        guard htll_install_sigint(-1) == 0 else { return nil }
        let w = InterruptWatcher()
        let started = HostThread.start {
            while !w.done.load(ordering: .sequentiallyConsistent) {
                if htll_take_sigint() != 0 {
                    profiler.interrupt()
                    // The next Ctrl-C ends the process, should the command not reach a safe point.
                    signal(SIGINT, SIG_DFL)
                }
                HostThread.sleep(seconds: 0.01)
            }
            w.finished.store(true, ordering: .sequentiallyConsistent)
        }
        if !started {
            signal(SIGINT, SIG_DFL)
            return nil
        }
        return w
    }

    /// Stops the watcher (waiting for it, as it uses the profiler) and restores Ctrl-C's default.
    func stop() {
        done.store(true, ordering: .sequentiallyConsistent)
        while !finished.load(ordering: .sequentiallyConsistent) { HostThread.sleep(seconds: 0.001) }
        signal(SIGINT, SIG_DFL)
    }
}
