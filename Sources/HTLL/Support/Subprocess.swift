#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Scheme

/// Runs another program to its end with `posix_spawn`, its standard output discarded and its
/// standard error collected (PNG previews run `rsvg-convert`).
///
/// Why not Foundation's `Process` and `Pipe`: they are not in FoundationEssentials, and importing
/// Foundation made the `htll` command load Foundation's libraries at every start (see `HostThread`).
enum Subprocess {
    /// What a finished program left: its wait status (0: it exited with status 0) and its standard
    /// error (at most `maxErrorBytes`; nil when it could not be read).
    struct Outcome {
        let status: Int32
        let errors: [UInt8]?
    }

    /// Runs the program at `path` with `arguments` (without the program's name) in this process's
    /// environment and waits for it; `.failure` says why it could not be started.
    static func run(_ path: String, _ arguments: [String], maxErrorBytes: Int = 1 << 20) -> Result<Outcome, SubprocessError> {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return .failure(SubprocessError(errno)) }
        let (readEnd, writeEnd) = (fds[0], fds[1])
        _ = fcntl(readEnd, F_SETFD, FD_CLOEXEC)
        _ = fcntl(writeEnd, F_SETFD, FD_CLOEXEC)
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t?
        #else
        var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, writeEnd, STDERR_FILENO)
        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        #if canImport(Darwin)
        let environment = _NSGetEnviron().pointee
        #else
        let environment = environ
        #endif
        var pid = pid_t()
        let spawned = posix_spawn(&pid, path, &actions, nil, argv, environment)
        close(writeEnd)
        guard spawned == 0 else {
            close(readEnd)
            return .failure(SubprocessError(spawned))
        }
        // read(2) until the program closes its end (FileSandbox.readAll retries interrupted reads).
        let errors: [UInt8]?
        switch FileSandbox.readAll(readEnd, maxBytes: maxErrorBytes) {
        case .success(let bytes): errors = bytes
        case .failure: errors = nil
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { return .failure(SubprocessError(errno)) }
        }
        return .success(Outcome(status: status, errors: errors))
    }
}

/// Why a program could not be started or waited for: the system's message for an `errno` value.
struct SubprocessError: Error, CustomStringConvertible {
    let description: String
    init(_ code: Int32) { description = String(cString: strerror(code)) }
}
