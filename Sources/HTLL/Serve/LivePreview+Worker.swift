#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Dispatch
import Scheme

/// The watcher and the worker of `LivePreview`.
extension LivePreview {
    // MARK: the watcher

    /// Polls the layout's files until `stop()`: a changed stamp is a new version. It also
    /// interrupts the worker while it works on an older version, so a layout that runs long (up to
    /// its time limit) does not delay the next save.
    func watch() {
        var files = PreviewWatcher.watchedFiles(for: file, sandbox: sandbox)
        var stamps = FileStamp.of(files)
        newVersion()
        while stopWatching.wait(timeout: .now() + pollInterval) == .timedOut {
            if FileStamp.of(files) != stamps {
                files = PreviewWatcher.watchedFiles(for: file, sandbox: sandbox)
                stamps = FileStamp.of(files)
                newVersion()
            }
            state.lock()
            if let busy, busy.version < version { busy.scheme.interrupt() }
            state.unlock()
        }
    }

    private func newVersion() {
        state.lock()
        version += 1
        busy.map { if $0.version < version { $0.scheme.interrupt() } }
        state.signal()
        state.unlock()
    }

    // MARK: the worker

    /// What the worker keeps between jobs (only the worker touches it).
    final class WorkerState {
        /// The loaded layout, or why it did not load.
        var layout: Result<Layout, Error>?
        /// Answers already made for the loaded version, by job.
        var answers: [Job.Key: (json: Data, failed: Bool)] = [:]
        /// A fresh instance made while idle, for the next save: its prelude is already loaded
        /// (most of a save's cost), so a save only loads the layout.
        var spare: Scheme?
        /// Whether the worker should make a spare when it is next idle (once per load).
        var wantsSpare = true
    }

    /// Loads each new version and answers jobs, until `stop()`.
    func work() {
        let own = WorkerState()
        state.lock()
        while true {
            if own.wantsSpare && isIdle {
                // After a quiet moment: the pages fetch the new drawing first, and the spare
                // must not hold up their answers.
                if !state.wait(seconds: Self.spareDelay) && own.wantsSpare && isIdle {
                    own.wantsSpare = false
                    state.unlock()
                    own.spare = try? freshScheme()
                    state.lock()
                }
                continue
            }
            while !stopping && (version == 0 || (loaded == version && jobs.isEmpty)) { state.wait() }
            if stopping { break }
            if loaded != version {
                let v = version
                state.unlock()
                server.broadcast(Self.event("compiling", UpdateEvent(version: v, ok: true)))
                load(v, into: own)
                let ahead = prepareAhead(v, own)
                state.lock()
                loaded = v
                if case .success = own.layout { loadedOK = true } else { loadedOK = false }
                // An interrupted version is not announced: the newer one is on its way.
                if version == v && !ahead {
                    server.broadcast(Self.event("update", UpdateEvent(version: v, ok: loadedOK)))
                }
                continue
            }
            let batch = jobs, v = loaded
            jobs = []
            state.unlock()
            var again: [Job] = []
            for (key, group) in Dictionary(grouping: batch, by: \.key) {
                let answer = self.answer(key, v, own)
                // Failed while a newer version came: likely interrupted; asked again of the newer one.
                if answer.failed && isStale(v) {
                    again += group
                    continue
                }
                for job in group { server.respond(to: job.ticket, with: .json(answer.json)) }
            }
            state.lock()
            jobs = again + jobs
        }
        state.unlock()
    }

    /// Seconds of quiet after a load before the worker makes the next spare instance.
    static let spareDelay = 0.1

    /// Whether the worker has nothing to do (the caller holds `state`).
    private var isIdle: Bool { !stopping && version > 0 && loaded == version && jobs.isEmpty }

    private func isStale(_ v: Int) -> Bool {
        state.lock()
        defer { state.unlock() }
        return version > v || stopping
    }

    /// Loads version `v` of the layout (its own sandboxed instance, under the limits).
    private func load(_ v: Int, into own: WorkerState) {
        own.layout = nil
        own.answers = [:]
        let spare = own.spare
        own.spare = nil
        own.wantsSpare = true
        do {
            let bytes = try Layout.contents(of: file, sandbox: sandbox, limits: limits)
            let scheme = try spare ?? freshScheme()
            own.layout = .success(try evaluating(in: scheme, for: v) {
                try Layout(source: String(decoding: bytes, as: UTF8.self), file: file, scheme: scheme)
            })
        } catch {
            own.layout = .failure(error)
        }
    }

    /// Draws the choices the pages asked for last, so their requests after the update find the
    /// answers made; true when a newer version made this one stale.
    private func prepareAhead(_ v: Int, _ own: WorkerState) -> Bool {
        state.lock()
        let keys = recent
        state.unlock()
        for key in keys {
            if isStale(v) { return true }
            _ = answer(key, v, own)
        }
        return isStale(v)
    }

    /// The answer to `key` for version `v`: made once per version.
    private func answer(_ key: Job.Key, _ v: Int, _ own: WorkerState) -> (json: Data, failed: Bool) {
        if let made = own.answers[key] { return made }
        let made: (json: Data, failed: Bool)
        switch own.layout {
        case .success(let layout)?:
            switch key {
            case .render(let choice):
                let reply = evaluating(in: layout.scheme, for: v) { PreviewReply.render(layout, choice, version: v) }
                made = (Self.encode(reply), reply.error != nil)
            case .code(let id, let choice):
                let output = CodeReply.outputs.first { $0.id == id } ?? CodeReply.outputs[0]
                let reply = evaluating(in: layout.scheme, for: v) { CodeReply.make(output, layout, choice, version: v) }
                made = (Self.encode(reply), reply.error != nil)
            }
        case .failure(let error)?: made = (failure(key, error, v), true)
        case nil: made = (failure(key, LayoutError(message: "\(file): error: the layout is not loaded"), v), true)
        }
        if own.answers.count >= 32 { own.answers = [:] }
        own.answers[key] = made
        return made
    }

    /// The answer to `key` when the layout did not load: its error.
    private func failure(_ key: Job.Key, _ error: Error, _ v: Int) -> Data {
        switch key {
        case .render: return Self.encode(PreviewReply.failed(error, file: file, version: v))
        case .code(let id, _): return Self.encode(CodeReply(version: v, file: file, output: id, error: .init("\(error)")))
        }
    }

    /// A new sandboxed instance with the HTLL prelude, under the limits.
    private func freshScheme() throws -> Scheme {
        try Layout.makeScheme(limits: limits, sandboxFolder: FileSandbox.parentFolder(of: file))
    }

    /// Runs `body`, which evaluates in `scheme`, where the watcher can interrupt it for a newer version.
    private func evaluating<T>(in scheme: Scheme, for v: Int, _ body: () throws -> T) rethrows -> T {
        state.lock()
        busy = (v, scheme)
        if version > v || stopping { scheme.interrupt() }
        state.unlock()
        defer {
            state.lock()
            busy = nil
            state.unlock()
        }
        return try body()
    }
}
