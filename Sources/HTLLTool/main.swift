import Foundation
import Scheme
import HTLL

// The process exits once the command is done: layouts are not freed object by object first.
HTLLCommand.keepsLayoutsUntilExit = true
// The `htll` command: runs scripts, evaluates expressions, compiles layouts, opens the REPL.
// Everything runs on a thread with a large stack, so deeply nested input is limited by the
// interpreter's own nesting limit, not by the host stack.
let thread = Thread {
    let status = CommandLineTool(arguments: Array(CommandLine.arguments.dropFirst())).run()
    exit(status)
}
thread.stackSize = 1 << 30
thread.start()
while true { sleep(1000) }
