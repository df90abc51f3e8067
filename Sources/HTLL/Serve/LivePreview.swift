#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Dispatch
import Scheme

/// `htll serve FILE`: a page that shows the layout on the chosen devices and redraws it on every
/// save of the file or of a file it includes.
///
/// Three threads: the `HTTPServer`'s loop answers requests and keeps the pages' event streams;
/// the watcher polls the files' stamps (every 40 ms) and counts versions; the worker owns every
/// `Layout` (a Scheme instance is used by one thread at a time) and loads, draws and generates
/// code. They share only the fields under `state`. The layout is always sandboxed (its own folder)
/// and runs under `limits`; a newer save interrupts work on an older one.
public final class LivePreview: @unchecked Sendable {
    /// The layout file, as given.
    public let file: String
    /// The server (its `url` is what to open).
    public private(set) var server: HTTPServer!
    let limits: Scheme.Limits
    let sandbox: FileSandbox
    let pollInterval: Double

    /// Guards the fields below it; the worker waits on it for work.
    let state = Condition()
    /// The latest version the watcher saw (0 before its first look).
    var version = 0
    /// The version the worker's layout was made from (0: none yet).
    var loaded = 0
    /// Whether the loaded version loaded without an error.
    var loadedOK = false
    /// Requests waiting for the worker.
    var jobs: [Job] = []
    /// The instance the worker is evaluating in and the version it is for (to interrupt it).
    var busy: (version: Int, scheme: Scheme)?
    /// The choices most recently asked for, drawn ahead as soon as a new version loads.
    var recent: [Job.Key] = []
    var stopping = false
    let watcherDone = DispatchSemaphore(value: 0), workerDone = DispatchSemaphore(value: 0)
    let stopWatching = DispatchSemaphore(value: 0)

    /// A request for the worker.
    struct Job {
        /// What is asked; equal keys get one answer.
        enum Key: Hashable {
            case render(PreviewChoice)
            case code(output: String, choice: PreviewChoice)
        }
        let key: Key
        let ticket: HTTPServer.Ticket
    }

    /// Most requests waiting for the worker (more get `503`).
    static let maxJobs = 64

    /// Serves `file` on `host`:`port`; the layout runs sandboxed under `limits`.
    public init(file: String, host: String = "127.0.0.1", port: Int, limits: Scheme.Limits,
                serverLimits: HTTPServer.Limits = HTTPServer.Limits(), pollInterval: Double = 0.04) throws(ServeError) {
        self.file = file
        self.limits = limits
        sandbox = FileSandbox(allowedFolders: [FileSandbox.parentFolder(of: file)])
        self.pollInterval = pollInterval
        // The handler holds the preview weakly: the server belongs to it.
        server = try HTTPServer(host: host, port: port, limits: serverLimits) { [weak self] request, ticket in
            self?.handle(request, ticket) ?? .response(.text(503, "stopping"))
        }
    }

    /// The page's address.
    public var url: String { server.url }

    /// Starts the watcher, the worker and the server, each on a thread of its own.
    public func start() {
        startBackground()
        server.start()
    }

    /// Starts the watcher and the worker, then serves on the calling thread until `stop()`.
    public func run() {
        startBackground()
        server.run()
    }

    private func startBackground() {
        // The worker evaluates layouts: the same large stack the command gives them (deep input is
        // stopped by the nesting limit, not by the host stack).
        HostThread.start { [self] in watch(); watcherDone.signal() }
        HostThread.start(stackSize: 1 << 30) { [self] in work(); workerDone.signal() }
    }

    /// Stops serving; returns when the threads have ended (interrupting a layout being evaluated).
    public func stop() {
        state.lock()
        let wasStopping = stopping
        stopping = true
        state.broadcast()
        state.unlock()
        if wasStopping { return }
        stopWatching.signal()
        server.stop()
        _ = watcherDone.wait(timeout: .now() + 5)
        // An interrupt is lost between two evaluations: sent again until the worker ends.
        while workerDone.wait(timeout: .now() + 0.05) == .timedOut {
            state.lock()
            busy?.scheme.interrupt()
            state.unlock()
        }
    }

    // MARK: requests (on the server's loop thread: quick)

    func handle(_ request: HTTPRequest, _ ticket: HTTPServer.Ticket) -> HTTPServer.Reply {
        switch request.path {
        case "/", "/index.html": return asset("serve.html", "text/html; charset=utf-8")
        case "/serve.js": return asset("serve.js", "text/javascript; charset=utf-8")
        case "/serve.css": return asset("serve.css", "text/css; charset=utf-8")
        case "/info": return .response(.json(Self.encode(PageInfo(file: file))))
        case "/events":
            state.lock()
            let (v, ok) = (loaded, loadedOK)
            state.unlock()
            return .eventStream(first: v > 0 ? Self.event("update", UpdateEvent(version: v, ok: ok)) : Array(": waiting for the first version\n\n".utf8))
        case "/render":
            do {
                return enqueue(.render(try PreviewChoice(query: request.query)), ticket)
            } catch {
                return .response(.error(error))
            }
        case "/code":
            return codeRequest(request, ticket)
        default:
            return .response(.text(404, "no such page: the page is / (its parts: /serve.js, /serve.css, /info, /events, /render, /code)"))
        }
    }

    /// `/code?output=ID` and the same choice as `/render` (the direction mirrors the code; the
    /// frames are the chosen screens').
    private func codeRequest(_ request: HTTPRequest, _ ticket: HTTPServer.Ticket) -> HTTPServer.Reply {
        var output = CodeReply.outputs[0].id, rest: [HTTPRequest.QueryItem] = []
        for item in request.query {
            guard item.name == "output" else { rest.append(item); continue }
            guard CodeReply.outputs.contains(where: { $0.id == item.value }) else {
                let outputs = CodeReply.outputs.map(\.id).joined(separator: ", ")
                return .response(.text(400, "output takes \(outputs), not \(item.value.prefix(60))"))
            }
            output = item.value
        }
        do {
            return enqueue(.code(output: output, choice: try PreviewChoice(query: rest)), ticket)
        } catch {
            return .response(.error(error))
        }
    }

    private func enqueue(_ key: Job.Key, _ ticket: HTTPServer.Ticket) -> HTTPServer.Reply {
        state.lock()
        defer { state.unlock() }
        guard jobs.count < Self.maxJobs else { return .response(.text(503, "too many requests waiting for the layout")) }
        jobs.append(Job(key: key, ticket: ticket))
        recent.removeAll { Self.sameKind($0, key) }
        recent.append(key)
        state.signal()
        return .deferred
    }

    static func sameKind(_ a: Job.Key, _ b: Job.Key) -> Bool {
        switch (a, b) {
        case (.render, .render), (.code, .code): return true
        case (.render, .code), (.code, .render): return false
        }
    }

    private func asset(_ name: String, _ type: String) -> HTTPServer.Reply {
        guard let text = embeddedAssets.first(where: { $0.name == name })?.text else {
            return .response(.text(500, "the page's \(name) is missing from this build"))
        }
        return .response(HTTPResponse(contentType: type, body: Array(text.utf8)))
    }

    /// An event-stream event: `event: NAME` and one line of JSON.
    static func event<T: Encodable>(_ name: String, _ value: T) -> [UInt8] {
        Array("event: \(name)\ndata: ".utf8) + Array(encode(value)) + Array("\n\n".utf8)
    }

    /// JSON for the page (on one line: an event's data is one line).
    static func encode<T: Encodable>(_ value: T) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return (try? encoder.encode(value)) ?? Data("{}".utf8)
    }

    /// The `update` event: a new version is ready to ask for.
    struct UpdateEvent: Encodable {
        let version: Int
        let ok: Bool
    }

    /// `/info`: what the page builds its controls from.
    struct PageInfo: Encodable {
        let file: String
        let devices: [Device]
        let defaultDevices = PreviewChoice.defaultDevices
        let maxDevices = PreviewChoice.maxDevices
        let toggles = PreviewChoice.toggles.map { Toggle(name: $0.name, title: $0.title, values: $0.values, defaultValue: $0.defaultValue) }
        let outputs = CodeReply.outputs.map { Output(id: $0.id, title: $0.title, language: $0.language) }

        struct Device: Encodable { let key: String, name: String }
        struct Toggle: Encodable { let name: String, title: String, values: [String], defaultValue: String }
        struct Output: Encodable { let id: String, title: String, language: String }

        init(file: String) {
            self.file = file
            devices = PreviewChoice.deviceKeys.compactMap { key in DevicePreset.named(key).map { Device(key: key, name: $0.displayName) } }
        }
    }
}
