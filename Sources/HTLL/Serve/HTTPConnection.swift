#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// One client connection of `HTTPServer`, owned by its loop thread.
///
/// A connection reads one request head, is answered once (at once, later, or with an event stream
/// that stays open), and is closed: no keep-alive, so no request can hide behind another.
final class HTTPConnection {
    /// Where the connection is in its life.
    enum Phase {
        /// Reading the request head, until `deadline`.
        case head
        /// The handler answers later (`HTTPServer.respond`); input is discarded.
        case waiting
        /// Writing a response, until `deadline`; then draining.
        case writing
        /// An event stream: events are appended to the output as they come.
        case stream
        /// The response is written and the sending side shut: reading what the client still sends
        /// until it closes (or `deadline`), so closing does not reset the connection under the
        /// response before the client has read it.
        case draining
    }

    /// The socket.
    let fd: Int32
    /// The server's name for it (a descriptor is reused after closing; an id is not).
    let id: UInt64
    var phase = Phase.head
    /// When the current phase ends (monotonic seconds), or nil.
    var deadline: Double?
    /// The request head read so far.
    var input: [UInt8] = []
    /// Bytes to send, and how many of them are sent.
    var output: [UInt8] = []
    var sent = 0
    /// Whether the request was HEAD (the answer has no body).
    var headOnly = false
    /// Bytes read and thrown away since the head (a client that keeps sending is cut off).
    var discarded = 0

    init(fd: Int32, id: UInt64, deadline: Double) {
        self.fd = fd
        self.id = id
        self.deadline = deadline
    }

    /// Whether there is output not yet sent.
    var hasOutput: Bool { sent < output.count }

    /// Queues `bytes` to send.
    func enqueue(_ bytes: [UInt8]) {
        if sent == output.count {
            output = bytes
            sent = 0
        } else {
            output += bytes
        }
    }

    /// The poll events this connection waits for.
    var events: Int16 {
        switch phase {
        case .head, .waiting, .draining: return Int16(POLLIN)
        case .writing: return Int16(POLLOUT)
        case .stream: return Int16(POLLIN) | (hasOutput ? Int16(POLLOUT) : 0)
        }
    }

    /// The end of the request head in `input`: the head without its blank line, and the count of
    /// bytes it used; nil while the blank line has not arrived.
    func headEnd() -> (head: ArraySlice<UInt8>, used: Int)? {
        var i = input.startIndex
        while let nl = input[i...].firstIndex(of: 0x0A) {
            let next = nl + 1
            if next < input.endIndex, input[next] == 0x0A { return (input[..<next], next + 1) }
            if next + 1 < input.endIndex, input[next] == 0x0D, input[next + 1] == 0x0A { return (input[..<next], next + 2) }
            i = next
        }
        return nil
    }

    /// Sends what the socket takes; false when the connection failed.
    func flush() -> Bool {
        while hasOutput {
            guard let n = ListeningSocket.send(fd, output[sent...]) else { return false }
            if n == 0 { return true }
            sent += n
        }
        output = []
        sent = 0
        return true
    }
}
