#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// A non-blocking TCP socket listening on one IP address, and the socket calls the server makes.
struct ListeningSocket {
    /// The listening descriptor.
    let fd: Int32
    /// The port it listens on (the one the kernel chose, when asked for port 0).
    let port: Int
    /// The address as a URL host: `127.0.0.1`, `[::1]`.
    let urlHost: String
    /// Whether the address is a loopback one (only this machine can connect).
    let isLoopback: Bool

    /// Listens on `host` (an IPv4 or IPv6 address, or `localhost`) and `port` (0: any free port).
    init(host: String, port: Int) throws(ServeError) {
        guard (0...65535).contains(port) else { throw ServeError("the port must be from 0 to 65535, got \(port)") }
        let name = host == "localhost" ? "127.0.0.1" : host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        var v4 = in_addr(), v6 = in6_addr()
        let family: Int32
        if inet_pton(AF_INET, name, &v4) == 1 {
            family = AF_INET
            isLoopback = UInt32(bigEndian: v4.s_addr) >> 24 == 127
            urlHost = name
        } else if inet_pton(AF_INET6, name, &v6) == 1 {
            family = AF_INET6
            // ::1, or an IPv4 loopback address mapped into IPv6 (::ffff:127.x.y.z).
            let b = withUnsafeBytes(of: &v6) { Array($0) }
            isLoopback = b == [UInt8](repeating: 0, count: 15) + [1]
                || b[0..<12].elementsEqual([UInt8](repeating: 0, count: 10) + [0xFF, 0xFF]) && b[12] == 127
            urlHost = "[" + name + "]"
        } else {
            throw ServeError("--host takes an IP address such as 127.0.0.1, ::1 or 0.0.0.0 (or localhost), got \(host)")
        }
        #if canImport(Darwin)
        let type = SOCK_STREAM
        #else
        let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        #endif
        let fd = socket(family, type, 0)
        guard fd >= 0 else { throw ServeError("cannot open a socket: \(String(cString: strerror(errno)))") }
        var on: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        let bound: Int32
        if family == AF_INET {
            var a = sockaddr_in()
            a.sin_family = sa_family_t(AF_INET)
            a.sin_port = in_port_t(UInt16(port).bigEndian)
            a.sin_addr = v4
            bound = withUnsafePointer(to: &a) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        } else {
            var a = sockaddr_in6()
            a.sin6_family = sa_family_t(AF_INET6)
            a.sin6_port = in_port_t(UInt16(port).bigEndian)
            a.sin6_addr = v6
            bound = withUnsafePointer(to: &a) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) } }
        }
        guard bound == 0, listen(fd, 128) == 0 else {
            let why = errno == EADDRINUSE ? "the port is in use (choose another with --port, or --port 0 for any free one)"
                                          : String(cString: strerror(errno))
            close(fd)
            throw ServeError("cannot listen on \(host) port \(port): \(why)")
        }
        Self.makeNonBlocking(fd)
        self.fd = fd
        self.port = Self.localPort(fd) ?? port
    }

    /// The URL of the server's root.
    var url: String { "http://\(urlHost):\(port)/" }

    /// The port a bound socket listens on.
    static func localPort(_ fd: Int32) -> Int? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let ok = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard ok == 0 else { return nil }
        return withUnsafePointer(to: &storage) { p -> Int in
            if Int32(p.pointee.ss_family) == AF_INET {
                return p.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin_port)) }
            }
            return p.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin6_port)) }
        }
    }

    /// Accepts one waiting connection, non-blocking and close-on-exec; nil when none is waiting.
    func accept() -> Int32? {
        #if canImport(Darwin)
        let c = Darwin.accept(fd, nil, nil)
        guard c >= 0 else { return nil }
        var on: Int32 = 1
        setsockopt(c, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        #else
        let c = Glibc.accept(fd, nil, nil)
        guard c >= 0 else { return nil }
        #endif
        _ = fcntl(c, F_SETFD, FD_CLOEXEC)
        Self.makeNonBlocking(c)
        return c
    }

    static func makeNonBlocking(_ fd: Int32) {
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    }

    /// Sends what it can of `bytes` without blocking or raising SIGPIPE: the count sent, 0 when
    /// the socket is full, nil when the connection failed.
    static func send(_ fd: Int32, _ bytes: ArraySlice<UInt8>) -> Int? {
        #if canImport(Darwin)
        let n = bytes.withUnsafeBytes { Darwin.send(fd, $0.baseAddress, $0.count, 0) }
        #else
        let n = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        #endif
        if n >= 0 { return n }
        return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR ? 0 : nil
    }

    /// Reads what is there into `buffer`: the count read, 0 at the end of the stream, -1 when
    /// nothing is waiting, nil when the connection failed.
    static func receive(_ fd: Int32, into buffer: inout [UInt8]) -> Int? {
        let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if n >= 0 { return n }
        return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR ? -1 : nil
    }
}

/// Why the server could not start (a bad address, a port in use).
public struct ServeError: Error, CustomStringConvertible, Sendable {
    /// The message.
    public let description: String
    init(_ message: String) { description = message }
}
