import Foundation
import XCTest
@testable import HTLL

/// The HTTP layer of `htll serve`: the request parser, and the server over raw sockets with
/// malformed, oversized, slow and numerous clients. Every refusal is a clear HTTP error and the
/// server keeps answering.
final class ServeHTTPTests: XCTestCase {
    // MARK: the parser

    private func parse(_ head: String) -> Result<HTTPRequest, HTTPError> {
        HTTPRequest.parse(head: Array(head.utf8)[...])
    }

    private func status(_ head: String) -> Int {
        switch parse(head) {
        case .success: return 200
        case .failure(let e): return e.status
        }
    }

    func testParsesARequestHead() throws {
        let r = try parse("GET /render?device=iphone-15&device=ipad&name=a+b%21 HTTP/1.1\r\nHost: localhost:1\r\nX-A:  x y \r\n").get()
        XCTAssertEqual(r.method, "GET")
        XCTAssertEqual(r.path, "/render")
        XCTAssertEqual(r.queryValues("device"), ["iphone-15", "ipad"])
        XCTAssertEqual(r.queryValues("name"), ["a b!"])
        XCTAssertEqual(r.header("host"), "localhost:1")
        XCTAssertEqual(r.header("x-a"), "x y")
        // A bare LF ends lines too; HTTP/1.0 needs no Host.
        XCTAssertEqual(try parse("HEAD /%E2%9C%93 HTTP/1.0\n").get().path, "/✓")
    }

    func testRefusesTraversalInEverySpelling() {
        for target in ["/..", "/../etc/passwd", "/a/../b", "/./serve.js", "/%2e%2e/etc/passwd", "/%2E%2e%2Fetc%2Fpasswd",
                       "/.%2e/x", "/%2e./x", "/serve.js/..%2f..%2fetc", "/a/%2e", "/a%2f..%2f..%2fb", "/%5c..%5cx", "/a\\b"] {
            XCTAssertEqual(status("GET \(target) HTTP/1.1\r\nHost: h\r\n"), 400, target)
        }
        for target in ["/%", "/%2", "/%zz", "/%00", "/a%0d%0aSet-Cookie:x", "/%ff%fe", "/#frag", "http://h/x", "*", "x"] {
            XCTAssertEqual(status("GET \(target) HTTP/1.1\r\nHost: h\r\n"), 400, target)
        }
        XCTAssertEqual(status("GET /?a=%zz HTTP/1.1\r\nHost: h\r\n"), 400)
        // Names that only look like traversal are plain paths (and get 404 from the server).
        XCTAssertEqual(status("GET /...%2e HTTP/1.1\r\nHost: h\r\n"), 200)
        XCTAssertEqual(status("GET /a..b HTTP/1.1\r\nHost: h\r\n"), 200)
    }

    func testRefusesMethodsVersionsAndBodies() {
        for method in ["POST", "PUT", "DELETE", "OPTIONS", "TRACE", "CONNECT", "PATCH", "get", "BREW"] {
            XCTAssertEqual(status("\(method) / HTTP/1.1\r\nHost: h\r\n"), 405, method)
        }
        XCTAssertEqual(status("GET / HTTP/2.0\r\nHost: h\r\n"), 505)
        XCTAssertEqual(status("GET / HTTP/1.2\r\nHost: h\r\n"), 505)
        XCTAssertEqual(status("GET / HTTPS/1.1\r\nHost: h\r\n"), 400)
        XCTAssertEqual(status("GET / HTTP/1.1\r\n"), 400, "an HTTP/1.1 request needs a Host")
        XCTAssertEqual(status("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n"), 400)
        XCTAssertEqual(status("GET / HTTP/1.1\r\nHost: h\r\nContent-Length: 5\r\n"), 413)
        XCTAssertEqual(status("GET / HTTP/1.1\r\nHost: h\r\nContent-Length: -1\r\n"), 400)
        XCTAssertEqual(status("GET / HTTP/1.1\r\nHost: h\r\nContent-Length: 0\r\n"), 200)
        XCTAssertEqual(status("GET / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n"), 400)
        XCTAssertEqual(status("GET / HTTP/1.1\r\nHost: h\r\nContent-Length: 0\r\nContent-Length: 0\r\n"), 400)
    }

    func testRefusesMalformedHeads() {
        for head in ["", "GET", "GET /", "GET  / HTTP/1.1", "GET / HTTP/1.1 x", "G\u{1}T / HTTP/1.1", "GET / HTTP/1.1\r\nHost h",
                     "GET / HTTP/1.1\r\nHost: h\r\n folded", "GET / HTTP/1.1\r\nHo st: h", "GET / HTTP/1.1\r\nHost: h\u{1}",
                     "GET / HTTP/1.1\r\nHost: h\rX: y", "GET /\u{0} HTTP/1.1\r\nHost: h", "\r\nGET / HTTP/1.1\r\nHost: h"] {
            XCTAssertEqual(status(head), 400, head.debugDescription)
        }
        let many = "GET / HTTP/1.1\r\nHost: h\r\n" + (0..<200).map { "X-\($0): y\r\n" }.joined()
        XCTAssertEqual(status(many), 431)
    }

    // MARK: the server over sockets

    /// A server with a small handler: `/` answers at once, `/later` from another thread,
    /// `/events` is an event stream.
    private func makeServer(_ configure: (inout HTTPServer.Limits) -> Void = { _ in }) throws -> HTTPServer {
        var limits = HTTPServer.Limits()
        configure(&limits)
        var server: HTTPServer?
        let made = try HTTPServer(port: 0, limits: limits) { request, ticket in
            switch request.path {
            case "/": return .response(HTTPResponse(contentType: "text/plain", body: Array("hello\n".utf8)))
            case "/later":
                let s = server
                DispatchQueue.global().asyncAfter(deadline: .now() + 0.2) {
                    s?.respond(to: ticket, with: HTTPResponse(contentType: "text/plain", body: Array("later\n".utf8)))
                }
                return .deferred
            case "/never": return .deferred
            case "/events": return .eventStream(first: Array("event: hello\ndata: 1\n\n".utf8))
            default: return .response(.text(404, "no such page"))
            }
        }
        server = made
        made.start()
        addTeardownBlock { made.stop() }
        return made
    }

    func testAnswersAndRefusesOverSockets() throws {
        let s = try makeServer()
        let ok = try RawHTTPClient.get(s.port, "/")
        XCTAssertEqual(ok.status, 200)
        XCTAssertEqual(ok.body, "hello\n")
        XCTAssertEqual(ok.header("content-length"), "6")
        XCTAssertNotNil(ok.header("content-security-policy"))
        XCTAssertEqual(ok.header("x-content-type-options"), "nosniff")
        let head = try RawHTTPClient.get(s.port, "/", method: "HEAD")
        XCTAssertEqual(head.status, 200)
        XCTAssertEqual(head.header("content-length"), "6")
        XCTAssertEqual(head.body, "")
        XCTAssertEqual(try RawHTTPClient.get(s.port, "/nothing").status, 404)
        for path in ["/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/..%2f..%2fetc%2fpasswd", "/%2e%2e%5c"] {
            let r = try RawHTTPClient.get(s.port, path)
            XCTAssertEqual(r.status, 400, path)
            XCTAssertTrue(r.body.contains("..") || r.body.contains("backslash"), r.body)
        }
        let post = try RawHTTPClient.exchange(s.port, "POST / HTTP/1.1\r\nHost: 127.0.0.1:\(s.port)\r\nContent-Length: 3\r\n\r\nabc")
        XCTAssertEqual(post.status, 405)
        XCTAssertEqual(post.header("allow"), "GET, HEAD")
        XCTAssertTrue(post.body.contains("POST is not served here"), post.body)
        XCTAssertEqual(try RawHTTPClient.exchange(s.port, "\u{16}\u{3}\u{1}\u{0}\u{a5}\u{1}\u{0}\r\n\r\n").status, 400, "a TLS hello")
        XCTAssertEqual(try RawHTTPClient.get(s.port, "/").status, 200, "still serving")
    }

    func testOversizedRequestsGetTheirAnswer() throws {
        let s = try makeServer()
        let longLine = try RawHTTPClient.exchange(s.port, "GET /" + String(repeating: "a", count: 9000) + " HTTP/1.1\r\nHost: h\r\n\r\n")
        XCTAssertEqual(longLine.status, 414)
        let longHead = try RawHTTPClient.exchange(s.port, "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX: " + String(repeating: "b", count: 20000) + "\r\n\r\n")
        XCTAssertEqual(longHead.status, 431)
        // Half a megabyte of head, never ended: refused once the limit is passed, and the client
        // still reads the answer (the server reads on until it closes, rather than resetting).
        let flood = try RawHTTPClient(port: s.port)
        flood.send("GET / HTTP/1.1\r\nHost: h\r\n" + String(repeating: "X-Flood: yes\r\n", count: 40_000))
        XCTAssertTrue(flood.read(until: "\r\n\r\n").hasPrefix("HTTP/1.1 431 "))
        let noNewline = try RawHTTPClient(port: s.port)
        noNewline.send(String(repeating: "G", count: 100_000))
        XCTAssertTrue(noNewline.read(until: "\r\n\r\n").hasPrefix("HTTP/1.1 414 "))
        XCTAssertEqual(try RawHTTPClient.get(s.port, "/").status, 200, "still serving")
    }

    func testSlowClientsTimeOutWithoutHoldingUpOthers() throws {
        let s = try makeServer { $0.headSeconds = 0.5 }
        let slow = try RawHTTPClient(port: s.port)
        slow.send("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        let silent = try RawHTTPClient(port: s.port)
        // Others are served while the slow ones dawdle.
        XCTAssertEqual(try RawHTTPClient.get(s.port, "/").status, 200)
        // A slowloris client sending a byte at a time gains nothing: the deadline is for the head.
        let drip = try RawHTTPClient(port: s.port)
        for b in "GET / HTTP/1.1\r\nX: ".utf8.prefix(12) {
            drip.send([b])
            Thread.sleep(forTimeInterval: 0.06)
        }
        XCTAssertTrue(slow.read().hasPrefix("HTTP/1.1 408 "), "a head not finished in time")
        XCTAssertTrue(silent.read().hasPrefix("HTTP/1.1 408 "), "a client that sent nothing")
        XCTAssertTrue(drip.read().hasPrefix("HTTP/1.1 408 "))
        XCTAssertEqual(try RawHTTPClient.get(s.port, "/").status, 200)
    }

    func testManyClientsGetServiceUnavailableAndTheServerRecovers() throws {
        let s = try makeServer { $0.connections = 8; $0.headSeconds = 30 }
        var idle: [RawHTTPClient] = []
        for _ in 0..<8 { idle.append(try RawHTTPClient(port: s.port)) }
        // Nine more: the server has no room; they are told so at once (or closed, past a few).
        var refused: [RawHTTPClient] = []
        for _ in 0..<30 { refused.append(try RawHTTPClient(port: s.port)) }
        let answers = refused.map { $0.read(timeout: 5) }
        XCTAssertTrue(answers.allSatisfy { $0.isEmpty || $0.hasPrefix("HTTP/1.1 503 ") }, answers.joined(separator: "|"))
        XCTAssertGreaterThan(answers.filter { $0.hasPrefix("HTTP/1.1 503 ") }.count, 0)
        refused = []
        // The idle ones still get answers when they ask.
        idle[0].send("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        XCTAssertTrue(idle[0].read().hasPrefix("HTTP/1.1 200 "))
        idle = []
        // Once they are gone, everyone is served again.
        var served = 0
        for _ in 0..<50 where (try? RawHTTPClient.get(s.port, "/").status) == 200 { served += 1 }
        XCTAssertGreaterThanOrEqual(served, 48)
    }

    func testHostNamesOfOtherSitesAreRefused() throws {
        let s = try makeServer()
        for host in ["evil.example", "evil.example:\(s.port)", "127.0.0.1.evil.example", "localhost:1"] {
            let r = try RawHTTPClient.exchange(s.port, "GET / HTTP/1.1\r\nHost: \(host)\r\n\r\n")
            XCTAssertEqual(r.status, 403, host)
        }
        for host in ["localhost:\(s.port)", "127.0.0.1", "LOCALHOST:\(s.port)", "[::1]:\(s.port)"] {
            XCTAssertEqual(try RawHTTPClient.exchange(s.port, "GET / HTTP/1.1\r\nHost: \(host)\r\n\r\n").status, 200, host)
        }
    }

    func testDeferredAnswersAndEventStreams() throws {
        let s = try makeServer { $0.eventStreams = 2; $0.answerSeconds = 0.5 }
        let later = try RawHTTPClient.get(s.port, "/later")
        XCTAssertEqual(later.status, 200)
        XCTAssertEqual(later.body, "later\n")
        XCTAssertEqual(try RawHTTPClient.get(s.port, "/never").status, 503, "an answer that never comes times out")
        let a = try RawHTTPClient(port: s.port), b = try RawHTTPClient(port: s.port)
        for c in [a, b] { c.send("GET /events HTTP/1.1\r\nHost: localhost\r\n\r\n") }
        XCTAssertTrue(a.read(until: "data: 1\n\n").contains("Content-Type: text/event-stream"))
        XCTAssertTrue(b.read(until: "data: 1\n\n").hasSuffix("event: hello\ndata: 1\n\n"))
        XCTAssertEqual(try RawHTTPClient.get(s.port, "/events").status, 503, "a third stream is over the limit")
        s.broadcast(Array("event: news\ndata: 2\n\n".utf8))
        XCTAssertTrue(a.read(until: "data: 2").hasSuffix("event: news\ndata: 2\n\n"))
        XCTAssertTrue(b.read(until: "data: 2").hasSuffix("event: news\ndata: 2\n\n"))
    }

    func testGarbageNeverStopsTheServer() throws {
        let s = try makeServer { $0.headSeconds = 1 }
        var generator = SystemRandomNumberGenerator()
        for round in 0..<60 {
            let c = try RawHTTPClient(port: s.port)
            let count = Int.random(in: 1...3000, using: &generator)
            var bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
            // Some end like a head and are answered (400 mostly); the rest are left unfinished.
            if round % 3 == 0 { bytes += Array("\r\n\r\n".utf8) }
            c.send(bytes)
            if round % 3 == 0 { XCTAssertTrue(c.read(timeout: 5).hasPrefix("HTTP/1.1 "), "round \(round)") }
        }
        XCTAssertEqual(try RawHTTPClient.get(s.port, "/").status, 200)
    }

    func testStopsCleanlyWithClientsConnected() throws {
        let s = try makeServer()
        let idle = try RawHTTPClient(port: s.port)
        let stream = try RawHTTPClient(port: s.port)
        stream.send("GET /events HTTP/1.1\r\nHost: localhost\r\n\r\n")
        XCTAssertFalse(stream.read(until: "data: 1").isEmpty)
        s.stop()
        XCTAssertTrue(idle.isClosed())
        XCTAssertTrue(stream.isClosed())
        XCTAssertThrowsError(try RawHTTPClient(port: s.port), "nothing listens after stop")
    }

    func testAddressesAndPorts() throws {
        XCTAssertThrowsError(try HTTPServer(host: "example.com", port: 0) { _, _ in .deferred }) {
            XCTAssertTrue("\($0)".contains("takes an IP address"), "\($0)")
        }
        let a = try HTTPServer(host: "localhost", port: 0) { _, _ in .deferred }
        defer { a.stop() }
        XCTAssertTrue(a.isLoopback)
        XCTAssertEqual(a.url, "http://127.0.0.1:\(a.port)/")
        XCTAssertThrowsError(try HTTPServer(port: a.port) { _, _ in .deferred }) {
            XCTAssertTrue("\($0)".contains("in use"), "\($0)")
        }
        let v6 = try? HTTPServer(host: "::1", port: 0) { _, _ in .deferred }
        if let v6 {
            XCTAssertTrue(v6.isLoopback)
            XCTAssertTrue(v6.url.hasPrefix("http://[::1]:"))
            v6.stop()
        }
        let any = try HTTPServer(host: "0.0.0.0", port: 0) { _, _ in .deferred }
        XCTAssertFalse(any.isLoopback)
        any.stop()
    }
}
