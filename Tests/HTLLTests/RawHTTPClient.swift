#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import Foundation
import XCTest

/// A client on plain sockets, so the tests can send what no HTTP library would: malformed heads,
/// partial requests, floods. Every read has a deadline, so a server that hangs fails the test
/// rather than the suite.
final class RawHTTPClient {
    let fd: Int32

    /// Connects to 127.0.0.1:`port`.
    init(port: Int) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure("socket: \(String(cString: strerror(errno)))") }
        var a = sockaddr_in()
        a.sin_family = sa_family_t(AF_INET)
        a.sin_port = in_port_t(UInt16(port).bigEndian)
        a.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let ok = withUnsafePointer(to: &a) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        guard ok == 0 else {
            close(fd)
            throw Failure("connect: \(String(cString: strerror(errno)))")
        }
    }

    deinit { close(fd) }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ d: String) { description = d }
    }

    /// Sends all of `bytes`; false if the server closed the connection first.
    @discardableResult
    func send(_ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            #if canImport(Glibc)
            let flags = Int32(MSG_NOSIGNAL)
            #else
            let flags: Int32 = 0
            #endif
            let n = bytes[sent...].withUnsafeBytes { Foundation.send(fd, $0.baseAddress, $0.count, flags) }
            if n <= 0 { return false }
            sent += n
        }
        return true
    }

    @discardableResult
    func send(_ text: String) -> Bool { send(Array(text.utf8)) }

    /// Reads until the server closes or `until` appears in what was read, for at most `timeout` s.
    func read(until: String? = nil, timeout: Double = 10) -> String {
        var data: [UInt8] = []
        let end = Date().addingTimeInterval(timeout)
        var buffer = [UInt8](repeating: 0, count: 65536)
        while Date() < end {
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ms = Int32(max(1, end.timeIntervalSinceNow * 1000))
            guard poll(&p, 1, ms) > 0 else { continue }
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n <= 0 { break }
            data += buffer[..<n]
            if let until, String(decoding: data, as: UTF8.self).contains(until) { break }
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// Whether the server has closed the connection (within `timeout` seconds).
    func isClosed(timeout: Double = 5) -> Bool {
        var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&p, 1, Int32(timeout * 1000)) > 0 else { return false }
        var byte: UInt8 = 0
        return recv(fd, &byte, 1, Int32(MSG_PEEK)) <= 0
    }

    /// One request (the text of its head, or any bytes) and the whole answer.
    static func exchange(_ port: Int, _ request: String, timeout: Double = 10) throws -> Answer {
        let c = try RawHTTPClient(port: port)
        c.send(request)
        return Answer(c.read(timeout: timeout))
    }

    /// `GET path` with a proper head.
    static func get(_ port: Int, _ path: String, method: String = "GET") throws -> Answer {
        try exchange(port, "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n")
    }

    /// A response as read: status, head and body.
    struct Answer {
        let text: String
        var status: Int { Int(text.split(separator: " ", maxSplits: 2).dropFirst().first ?? "") ?? 0 }
        var head: String { text.components(separatedBy: "\r\n\r\n").first ?? "" }
        var body: String { text.components(separatedBy: "\r\n\r\n").dropFirst().joined(separator: "\r\n\r\n") }
        /// The value of header `name` (case-insensitive).
        func header(_ name: String) -> String? {
            for line in head.components(separatedBy: "\r\n").dropFirst() {
                let parts = line.split(separator: ":", maxSplits: 1)
                if parts.count == 2, parts[0].lowercased() == name.lowercased() { return parts[1].trimmingCharacters(in: .whitespaces) }
            }
            return nil
        }
        init(_ text: String) { self.text = text }
    }
}
