#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import HTLL
import HTLLShell

// The process exits once the command is done: layouts are not freed object by object first.
HTLLCommand.keepsLayoutsUntilExit = true
// The allocator's settings for a batch run (huge pages where offered), before any thread allocates.
if ProcessMemory.isBatch(Array(CommandLine.arguments.dropFirst()), inputIsTerminal: isatty(0) == 1) {
    ProcessMemory.prepare()
}
// The `htll` command: runs scripts, evaluates expressions, compiles layouts, opens the REPL.
// Everything runs on a thread with a large stack, so deeply nested input is limited by the
// interpreter's own nesting limit, not by the host stack (on the main thread's own stack only when
// no thread can be made).
let started = HostThread.start(stackSize: 1 << 30) {
    exit(CommandLineTool(arguments: Array(CommandLine.arguments.dropFirst())).run())
}
if !started { exit(CommandLineTool(arguments: Array(CommandLine.arguments.dropFirst())).run()) }
while true { sleep(1000) }
