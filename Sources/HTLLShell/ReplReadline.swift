#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import CReadline
import CReplSignal
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization

/// The process-wide GNU Readline glue: C callbacks cannot capture context, so the completer and the
/// Ctrl-C state they need live here as static state (there is one terminal, hence one interactive REPL).
enum ReplReadline {
    /// Computes completions for an identifier prefix, given the line before it.
    static var completer: ((String, String) -> [String])?
    /// Tells whether the text before the cursor (on the current line) ends inside a string literal.
    static var insideString: ((String) -> Bool)?
    /// Set by the event hook when Ctrl-C cancelled the line being edited. An atomic: the hook runs
    /// inside the C call `readline()`, and an optimised build would otherwise assume that call leaves
    /// a plain Swift global unchanged and reuse the value stored before it.
    static var cancelled: Bool {
        get { cancelledFlag.load(ordering: .sequentiallyConsistent) }
        set { cancelledFlag.store(newValue, ordering: .sequentiallyConsistent) }
    }
    private static let cancelledFlag = Atomic<Bool>(false)
    /// The matches the generator hands out one by one.
    private static var matches: [String] = []
    private static var matchIndex = 0
    /// Characters that end a word for completion: Scheme delimiters (not `-`, `?`, `!`, `*`…).
    private static let wordBreaks = strdup(" \t\n\"'`,;()[]")
    private static let name = strdup("htll")

    /// Configures readline for Scheme: completion, Ctrl-C polling, no readline signal handlers.
    static func setUp() {
        rl_readline_name = UnsafePointer(name)
        rl_completer_word_break_characters = UnsafePointer(wordBreaks)
        rl_attempted_completion_function = attemptCompletion
        // Our own SIGINT handler stays installed; readline's would only redraw and go on.
        rl_catch_signals = 0
        // Readline calls the hook about ten times a second while waiting for a key: it notices Ctrl-C.
        rl_event_hook = eventHook
        // And when a signal interrupts readline's wait for input.
        rl_signal_event_hook = eventHook
        rl_set_keyboard_input_timeout(100_000)
    }

    /// Reads a line with the prompt; nil at end of input (Ctrl-D on an empty line).
    static func readLine(prompt: String) -> String? {
        cancelled = false
        guard let p = readline(prompt) else { return nil }
        defer { free(p) }
        return String(cString: p)
    }

    /// Loads history and bounds its size. An expression typed over several lines is one entry:
    /// the file gives each entry a timestamp line (`#` and digits), which is how readline knows
    /// where a multi-line entry ends.
    static func loadHistory(_ path: String, size: Int32) {
        using_history()
        history_write_timestamps = 1
        stifle_history(size)
        if !FileManager.default.fileExists(atPath: path) {
            _ = FileManager.default.createFile(atPath: path, contents: nil)
        }
        // Read here rather than by readline, which would join the one-line entries of a file
        // written before entries had timestamps into one.
        guard let data = FileManager.default.contents(atPath: path) else { return }
        for (time, text) in historyEntries(String(decoding: data, as: UTF8.self)) {
            add_history(text)
            add_history_time(time)
        }
    }

    /// The entries of a history file: a `#` and digits line starts an entry (its timestamp) that
    /// runs to the next one; a line before any timestamp is an entry of its own (timestamp "#0").
    static func historyEntries(_ text: String) -> [(time: String, text: String)] {
        var entries: [(time: String, text: String)] = []
        var current: (time: String, lines: [Substring])?
        func flush() {
            if let c = current, !c.lines.isEmpty { entries.append((c.time, c.lines.joined(separator: "\n"))) }
            current = nil
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.count > 1, line.first == "#", line.dropFirst().allSatisfy(\.isNumber) {
                flush()
                current = (String(line), [])
            } else if current != nil {
                current?.lines.append(line)
            } else if !line.isEmpty {
                entries.append(("#0", String(line)))
            }
        }
        flush()
        // The final newline of the file leaves an empty last line in the last entry.
        return entries.map { e in
            var t = e.text
            while t.hasSuffix("\n") { t.removeLast() }
            return (e.time, t)
        }.filter { !$0.text.isEmpty }
    }

    /// Adds an entry (a line, or the lines of one expression) to the history, unless blank or a
    /// repeat of the last, and appends it to the file at once, so history survives a crash.
    static func remember(_ line: String, path: String) {
        guard !line.allSatisfy(\.isWhitespace) else { return }
        if history_length > 0, let last = history_get(history_base + history_length - 1), let text = last.pointee.line,
           String(cString: text) == line {
            return
        }
        add_history(line)
        // The timestamp line marks where the entry begins in the file (several lines may follow).
        add_history_time("#\(Int(Date().timeIntervalSince1970))")
        append_history(1, path)
    }

    /// Writes the history (at most its size limit of entries) back to the file.
    static func saveHistory(_ path: String, size: Int32) {
        write_history(path)
    }

    /// Installs the C SIGINT handler writing to `fd`.
    static func installInterruptHandler(writingTo fd: Int32) {
        htll_install_sigint(fd)
    }

    /// True (once) if Ctrl-C was pressed since the last call.
    static func takeInterrupt() -> Bool {
        htll_take_sigint() != 0
    }

    private static let eventHook: @convention(c) () -> Int32 = {
        if htll_take_sigint() != 0 {
            ReplReadline.cancelled = true
            rl_replace_line("", 0)
            rl_done = 1
        }
        return 0
    }

    private static let attemptCompletion: @convention(c) (UnsafePointer<CChar>?, Int32, Int32)
        -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = { text, start, _ in
        guard let text else { return nil }
        let before = Array(UnsafeBufferPointer(start: UnsafeRawPointer(rl_line_buffer)?
            .assumingMemoryBound(to: UInt8.self), count: max(Int(start), 0)))
        let prefix = String(decoding: before, as: UTF8.self)
        if ReplReadline.insideString?(prefix) == true {
            // A file name inside a string: readline's own completer, closing the string after a file.
            rl_completion_append_character = 34  // "
            return rl_completion_matches(text, rl_filename_completion_function)
        }
        rl_attempted_completion_over = 1
        rl_completion_append_character = 32  // space
        let found = ReplReadline.completer?(String(cString: text), prefix) ?? []
        if found.isEmpty { return nil }
        ReplReadline.matches = found
        return rl_completion_matches(text, generator)
    }

    private static let generator: @convention(c) (UnsafePointer<CChar>?, Int32) -> UnsafeMutablePointer<CChar>? = {
        _, state in
        if state == 0 { ReplReadline.matchIndex = 0 }
        guard ReplReadline.matchIndex < ReplReadline.matches.count else { return nil }
        let m = ReplReadline.matches[ReplReadline.matchIndex]
        ReplReadline.matchIndex += 1
        return strdup(m)
    }
}
