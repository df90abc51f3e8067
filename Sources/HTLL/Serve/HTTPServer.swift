#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import Dispatch

/// A small HTTP/1.1 server on POSIX sockets, for `htll serve`.
///
/// One thread owns every connection and `poll`s them all: a slow, silent or hostile client costs a
/// descriptor and a few kilobytes, never a thread, and cannot block another. Every limit is a
/// number in `Limits`: connections, event streams, head size, time to send a head (slowloris),
/// time to read a response, output a client leaves unread. A request breaking one gets a plain
/// HTTP error and the connection closes; the server goes on. The handler runs on the loop thread
/// and must be quick: slow work answers later through `respond(to:with:)`, from any thread.
public final class HTTPServer: @unchecked Sendable {
    /// What the server allows a client.
    public struct Limits: Sendable {
        /// Open connections; more get `503` (a few) or are closed at once.
        public var connections = 64
        /// Open event streams (`/events` clients); more get `503`.
        public var eventStreams = 32
        /// Bytes of the request line (`414` beyond).
        public var requestLine = 8 * 1024
        /// Bytes of the request head (`431` beyond).
        public var head = 16 * 1024
        /// Seconds from connecting to a complete head (`408` after: slowloris clients).
        public var headSeconds = 10.0
        /// Seconds to take a whole response (then the connection is closed).
        public var writeSeconds = 60.0
        /// Seconds a deferred answer may take (`503` after).
        public var answerSeconds = 120.0
        /// Bytes an event stream client may leave unread before it is dropped.
        public var streamBacklog = 1 << 20
        /// Seconds between keep-alive comments on event streams.
        public var heartbeatSeconds = 15.0
        /// Seconds to wait for a client to close after its response.
        public var drainSeconds = 2.0
        /// The defaults.
        public init() {}
    }

    /// How the handler answers a request.
    public enum Reply: Sendable {
        /// This response, now.
        case response(HTTPResponse)
        /// Later, through `respond(to:with:)`.
        case deferred
        /// An event stream (`text/event-stream`) starting with these bytes; `broadcast` adds to it.
        case eventStream(first: [UInt8])
    }

    /// A request waiting for a deferred answer.
    public struct Ticket: Hashable, Sendable {
        let id: UInt64
    }

    /// Answers requests, on the loop thread.
    public typealias Handler = (HTTPRequest, Ticket) -> Reply

    /// The port the server listens on.
    public var port: Int { listener.port }
    /// The server's address: `http://127.0.0.1:PORT/`.
    public var url: String { listener.url }
    /// Whether only this machine can connect.
    public var isLoopback: Bool { listener.isLoopback }

    let limits: Limits
    private let handler: Handler
    private let listener: ListeningSocket
    /// A pipe that wakes the loop from `poll` when another thread has news for it.
    private let wakeRead: Int32, wakeWrite: Int32
    private let mailbox = Mailbox()
    private let finished = DispatchSemaphore(value: 0)

    // The loop thread's own state.
    private var connections: [Int32: HTTPConnection] = [:]
    private var byID: [UInt64: Int32] = [:]
    private var nextID: UInt64 = 1
    private var streams = 0

    /// Listens on `host` (an IP address or `localhost`) and `port` (0: any free port).
    public init(host: String = "127.0.0.1", port: Int, limits: Limits = Limits(), handler: @escaping Handler) throws(ServeError) {
        listener = try ListeningSocket(host: host, port: port)
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else {
            close(listener.fd)
            throw ServeError("cannot make a pipe: \(String(cString: strerror(errno)))")
        }
        wakeRead = fds[0]
        wakeWrite = fds[1]
        for fd in fds {
            ListeningSocket.makeNonBlocking(fd)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        self.limits = limits
        self.handler = handler
    }

    /// Things other threads hand to the loop.
    private final class Mailbox: @unchecked Sendable {
        let lock = Lock()
        var answers: [(UInt64, HTTPResponse)] = []
        var events: [[UInt8]] = []
        var stopping = false
        var state = State.idle
        enum State { case idle, running, done }
    }

    /// Runs the server on a thread of its own.
    public func start() {
        HostThread.start { [self] in run() }
    }

    /// Serves on the calling thread until `stop()`.
    public func run() {
        mailbox.lock.lock()
        let fresh = mailbox.state == .idle
        if fresh { mailbox.state = .running }
        mailbox.lock.unlock()
        guard fresh else { return }
        loop()
        for c in connections.values { close(c.fd) }
        connections = [:]
        byID = [:]
        close(listener.fd)
        close(wakeRead)
        close(wakeWrite)
        mailbox.lock.lock()
        mailbox.state = .done
        mailbox.lock.unlock()
        finished.signal()
    }

    /// Stops the server and closes every connection; returns when it has (from any thread but the
    /// loop's own).
    public func stop() {
        mailbox.lock.lock()
        mailbox.stopping = true
        let state = mailbox.state
        if state == .idle { mailbox.state = .done }
        mailbox.lock.unlock()
        switch state {
        case .idle:
            close(listener.fd)
            close(wakeRead)
            close(wakeWrite)
        case .running:
            wake()
            finished.wait()
            finished.signal()
        case .done:
            break
        }
    }

    /// Answers a deferred request (from any thread); nothing happens if its client has gone.
    public func respond(to ticket: Ticket, with response: HTTPResponse) {
        post { $0.answers.append((ticket.id, response)) }
    }

    /// Sends `event` (already framed: `event: …\ndata: …\n\n`) to every event stream.
    public func broadcast(_ event: [UInt8]) {
        post { $0.events.append(event) }
    }

    private func post(_ change: (Mailbox) -> Void) {
        mailbox.lock.lock()
        change(mailbox)
        let running = mailbox.state == .running
        mailbox.lock.unlock()
        if running { wake() }
    }

    private func wake() {
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
    }

    /// Monotonic seconds.
    static func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

    // MARK: the loop

    private func loop() {
        var nextHeartbeat = Self.now() + limits.heartbeatSeconds
        var scratch = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            mailbox.lock.lock()
            let (answers, events, stopping) = (mailbox.answers, mailbox.events, mailbox.stopping)
            mailbox.answers = []
            mailbox.events = []
            mailbox.lock.unlock()
            if stopping { return }
            for (id, response) in answers {
                guard let fd = byID[id], let c = connections[fd], c.phase == .waiting else { continue }
                startWriting(c, response.serialized(headOnly: c.headOnly))
            }
            var now = Self.now()
            if now >= nextHeartbeat {
                nextHeartbeat = now + limits.heartbeatSeconds
                for c in connections.values where c.phase == .stream { c.enqueue(Array(": keep-alive\n\n".utf8)) }
            }
            for e in events {
                for c in connections.values where c.phase == .stream { c.enqueue(e) }
            }
            for c in Array(connections.values) {
                if c.phase == .stream, c.output.count - c.sent > limits.streamBacklog { drop(c) }
                else if let d = c.deadline, d <= now { expire(c) }
            }
            var fds = [pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: listener.fd, events: Int16(POLLIN), revents: 0)]
            var soonest = nextHeartbeat
            for c in connections.values {
                fds.append(pollfd(fd: c.fd, events: c.events, revents: 0))
                if let d = c.deadline { soonest = min(soonest, d) }
            }
            now = Self.now()
            let timeout = Int32(max(0, min(1000, ((soonest - now) * 1000).rounded(.up))))
            guard poll(&fds, nfds_t(fds.count), timeout) >= 0 || errno == EINTR else { return }
            if fds[0].revents != 0 { _ = read(wakeRead, &scratch, scratch.count) }
            if fds[1].revents & Int16(POLLIN) != 0 { acceptAll() }
            for p in fds.dropFirst(2) where p.revents != 0 {
                guard let c = connections[p.fd] else { continue }
                serve(c, revents: p.revents, scratch: &scratch)
            }
        }
    }

    /// Takes every waiting connection: the first `limits.connections` are served, a few more get
    /// `503`, the rest are closed at once.
    private func acceptAll() {
        while let fd = listener.accept() {
            let c = HTTPConnection(fd: fd, id: nextID, deadline: Self.now() + limits.headSeconds)
            nextID += 1
            if connections.count >= limits.connections + 16 {
                close(fd)
                continue
            }
            connections[fd] = c
            byID[c.id] = fd
            if connections.count > limits.connections {
                startWriting(c, HTTPResponse.text(503, "too many connections; try again").serialized(headOnly: false))
            }
        }
    }

    /// Handles poll events on one connection.
    private func serve(_ c: HTTPConnection, revents: Int16, scratch: inout [UInt8]) {
        if revents & Int16(POLLNVAL) != 0 { return drop(c) }
        if revents & Int16(POLLOUT) != 0 {
            guard c.flush() else { return drop(c) }
            if c.phase == .writing && !c.hasOutput { return startDraining(c) }
        }
        guard revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 else { return }
        guard let n = ListeningSocket.receive(c.fd, into: &scratch) else { return drop(c) }
        if n < 0 { return }
        if n == 0 || revents & Int16(POLLERR) != 0 {
            // The client closed its side: nothing more will come, and no one reads an answer.
            return drop(c)
        }
        switch c.phase {
        case .head:
            c.input += scratch[..<n]
            readHead(c)
        case .waiting, .stream, .draining, .writing:
            // A client may send a body after a refused head: read and dropped while draining (up
            // to a megabyte, so it sees the answer); elsewhere more than a head's worth is abuse.
            c.discarded += n
            if c.discarded > (c.phase == .draining ? 1 << 20 : limits.head) { drop(c) }
        }
    }

    /// Checks the head read so far; when complete, answers it.
    private func readHead(_ c: HTTPConnection) {
        guard let (head, _) = c.headEnd() else {
            let firstLine = c.input.firstIndex(of: 0x0A) ?? c.input.count
            if firstLine > limits.requestLine {
                refuse(c, HTTPError(414, "the request line is longer than \(limits.requestLine) bytes"))
            } else if c.input.count > limits.head {
                refuse(c, HTTPError(431, "the request head is longer than \(limits.head) bytes"))
            }
            return
        }
        if (c.input.firstIndex(of: 0x0A) ?? 0) > limits.requestLine {
            return refuse(c, HTTPError(414, "the request line is longer than \(limits.requestLine) bytes"))
        }
        if head.count > limits.head {
            return refuse(c, HTTPError(431, "the request head is longer than \(limits.head) bytes"))
        }
        let request: HTTPRequest
        switch HTTPRequest.parse(head: head) {
        case .success(let r): request = r
        case .failure(let e): return refuse(c, e)
        }
        c.input = []
        c.headOnly = request.isHead
        if let problem = hostProblem(request) { return refuse(c, problem) }
        switch handler(request, Ticket(id: c.id)) {
        case .response(let r):
            startWriting(c, r.serialized(headOnly: c.headOnly))
        case .deferred:
            c.phase = .waiting
            c.deadline = Self.now() + limits.answerSeconds
        case .eventStream(let first):
            guard streams < limits.eventStreams else {
                return refuse(c, HTTPError(503, "too many event streams (\(limits.eventStreams)); close another page"))
            }
            streams += 1
            c.phase = .stream
            c.deadline = nil
            c.enqueue(HTTPResponse.eventStreamHead() + (c.headOnly ? [] : first))
            if c.headOnly { startWriting(c, []) }
        }
    }

    /// On a loopback address, a browser page from elsewhere could reach the server through a host
    /// name it controls that resolves here (DNS rebinding): only local host names are answered.
    private func hostProblem(_ request: HTTPRequest) -> HTTPError? {
        guard isLoopback, let host = request.header("host")?.lowercased() else { return nil }
        var name = host
        if let colon = host.lastIndex(of: ":"), !host.hasSuffix("]") {
            guard host[host.index(after: colon)...] == "\(port)" else {
                return HTTPError(403, "this server answers only to localhost:\(port)")
            }
            name = String(host[..<colon])
        }
        let local = ["localhost", "127.0.0.1", "[::1]", listener.urlHost]
        return local.contains(name) ? nil : HTTPError(403, "this server answers only to the local host names (localhost, 127.0.0.1, [::1]), not \(name.prefix(100))")
    }

    private func refuse(_ c: HTTPConnection, _ e: HTTPError) {
        startWriting(c, HTTPResponse.error(e).serialized(headOnly: false))
    }

    private func startWriting(_ c: HTTPConnection, _ bytes: [UInt8]) {
        if c.phase == .stream { streams -= 1 }
        c.phase = .writing
        c.deadline = Self.now() + limits.writeSeconds
        c.enqueue(bytes)
        guard c.flush() else { return drop(c) }
        if !c.hasOutput { startDraining(c) }
    }

    private func startDraining(_ c: HTTPConnection) {
        c.phase = .draining
        c.deadline = Self.now() + limits.drainSeconds
        c.discarded = 0
        shutdown(c.fd, Int32(SHUT_WR))
    }

    /// A deadline passed: a slow head gets `408`, a deferred answer `503`; the rest are closed.
    private func expire(_ c: HTTPConnection) {
        switch c.phase {
        case .head: refuse(c, HTTPError(408, "the request head took longer than \(SVGWriter.number(limits.headSeconds)) s"))
        case .waiting: refuse(c, HTTPError(503, "the answer took longer than \(SVGWriter.number(limits.answerSeconds)) s"))
        case .writing, .draining, .stream: drop(c)
        }
    }

    private func drop(_ c: HTTPConnection) {
        if c.phase == .stream { streams -= 1 }
        close(c.fd)
        connections[c.fd] = nil
        byID[c.id] = nil
    }
}
