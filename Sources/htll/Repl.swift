import Foundation
import Scheme

/// The read-eval-print loop. Without a terminal on stdin it reads everything, evaluates it form by form
/// and exits with the status of the last error.
struct Repl {
    let scheme: Scheme

    func run() -> Int32 {
        let data = FileHandle.standardInput.readDataToEndOfFile()
        let text = String(decoding: data, as: UTF8.self)
        do {
            try scheme.evaluate(text, file: "<stdin>")
            return 0
        } catch {
            return CommandLineTool(arguments: []).report(error, scheme)
        }
    }
}
