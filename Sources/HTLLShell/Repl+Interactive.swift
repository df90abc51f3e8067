#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Scheme
import HTLL

extension Repl {
    static let prompt = "htll> "
    static let continuationPrompt = "  ... "

    /// The interactive session: readline prompts, printed results, commands, Ctrl-C and Ctrl-D.
    func runInteractive() -> Int32 {
        ReplReadline.setUp()
        // Weak: the C callbacks and the watcher thread may outlive the session.
        ReplReadline.completer = { [weak self] prefix, before in self?.completions(for: prefix, before: before) ?? [] }
        ReplReadline.insideString = { [weak self] before in
            guard let self else { return false }
            var s = self.scanner
            _ = s.feed(before)
            return s.isInString
        }
        ReplReadline.loadHistory(historyPath, size: historySize)
        defer { ReplReadline.saveHistory(historyPath, size: historySize) }
        startInterruptWatcher()
        say("htll 0.1.0 — type ,help for commands, Ctrl-D to quit")
        // The lines of the expression being typed: history keeps a multi-line expression as one entry.
        var entry: [String] = []
        while true {
            scheme.flush()
            let prompt = scanner.isIncomplete ? Self.continuationPrompt : Self.prompt
            guard let line = ReplReadline.readLine(prompt: prompt) else {
                guard scanner.isIncomplete else {
                    // Ctrl-D: a session that ends normally succeeds, whatever errors happened in it.
                    return 0
                }
                // Ctrl-D inside an expression: the reader says where it is unfinished; the session stays.
                say("")
                for datum in scanner.finish() {
                    if case .failed(let error) = evaluate(datum) { reportError(error) }
                }
                ReplReadline.remember(entry.joined(separator: "\n"), path: historyPath)
                entry.removeAll()
                continue
            }
            if ReplReadline.cancelled {
                // Ctrl-C at the prompt drops the unfinished expression (readline has ended the line).
                scanner.reset()
                entry.removeAll()
                continue
            }
            if !scanner.isIncomplete, line.drop(while: { $0 == " " || $0 == "\t" }).hasPrefix(",") {
                ReplReadline.remember(line, path: historyPath)
                switch command(line) {
                case .exit(let code): return code
                case .failed, .values: break
                }
                continue
            }
            entry.append(line)
            let data = scanner.feed(line + "\n")
            if !scanner.isIncomplete {
                ReplReadline.remember(entry.joined(separator: "\n"), path: historyPath)
                entry.removeAll()
            }
            for datum in data {
                switch evaluate(datum) {
                case .values(let vs):
                    printResults(vs)
                case .exit(let code):
                    scheme.flush()
                    return code
                case .failed(let error):
                    reportError(error)
                }
            }
        }
    }

    /// Installs the Ctrl-C handler and a thread that turns each press into an interrupt of the running
    /// evaluation. At the prompt the readline event hook handles the press instead (the flag stays set).
    func startInterruptWatcher() {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return }
        let (readEnd, writeEnd) = (fds[0], fds[1])
        // A full pipe must never block the signal handler.
        _ = fcntl(writeEnd, F_SETFL, fcntl(writeEnd, F_GETFL) | O_NONBLOCK)
        ReplReadline.installInterruptHandler(writingTo: writeEnd)
        HostThread.start { [weak self] in
            var byte: UInt8 = 0
            while true {
                let n = read(readEnd, &byte, 1)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { return }
                if self?.interruptIfEvaluating() == true { _ = ReplReadline.takeInterrupt() }
            }
        }
    }

    /// What Tab offers for the word `prefix`, sorted. `before` is the line up to the word. After a
    /// comma at the start of a line, the REPL's commands; otherwise bound identifiers and HTLL's names.
    func completions(for prefix: String, before: String) -> [String] {
        if !scanner.isIncomplete, before.trimmingWhitespace() == "," {
            return Self.commandNames.filter { $0.hasPrefix(prefix) }
        }
        var names = Set(scheme.boundNames(prefix: prefix))
        if let extra = extraCompletions {
            for n in extra(prefix, scanner.pendingText + before) where n.hasPrefix(prefix) { names.insert(n) }
        }
        return names.sorted()
    }
}
