#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An HTTP response the server writes and then closes the connection (`Connection: close`).
public struct HTTPResponse: Sendable {
    /// The status code.
    public var status: Int
    /// Header fields besides the ones every response gets (see `securityHeaders`).
    public var headers: [(name: String, value: String)]
    /// The body (not sent for HEAD requests; its length is).
    public var body: [UInt8]

    /// A response with a status, a content type and a body.
    public init(status: Int = 200, contentType: String, body: [UInt8], headers: [(name: String, value: String)] = []) {
        self.status = status
        self.headers = [("Content-Type", contentType)] + headers
        self.body = body
    }

    /// A plain-text response, such as an error: `STATUS Reason` and the message.
    public static func text(_ status: Int, _ message: String, headers: [(name: String, value: String)] = []) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "text/plain; charset=utf-8",
                     body: Array("\(status) \(reason(status)): \(message)\n".utf8), headers: headers)
    }

    /// The response for a refused request.
    public static func error(_ e: HTTPError) -> HTTPResponse {
        text(e.status, e.message, headers: e.status == 405 ? [("Allow", "GET, HEAD")] : [])
    }

    /// A JSON response.
    public static func json(_ data: Data, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "application/json; charset=utf-8", body: Array(data))
    }

    /// Headers on every response. The page runs no script but its own file (`script-src 'self'`),
    /// so text a layout puts into it can never run even if an escape were missed; nothing is
    /// cached, framed, sniffed or sent on as a referrer.
    static let securityHeaders: [(String, String)] = [
        ("Content-Security-Policy", "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
            + "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"),
        ("X-Content-Type-Options", "nosniff"),
        ("X-Frame-Options", "DENY"),
        ("Referrer-Policy", "no-referrer"),
        ("Cross-Origin-Resource-Policy", "same-origin"),
        ("Cache-Control", "no-store"),
    ]

    /// The bytes on the wire: status line, headers, blank line and (unless `headOnly`) the body.
    func serialized(headOnly: Bool) -> [UInt8] {
        var head = "HTTP/1.1 \(status) \(Self.reason(status))\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        for (name, value) in Self.securityHeaders { head += "\(name): \(value)\r\n" }
        head += "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        return Array(head.utf8) + (headOnly ? [] : body)
    }

    /// The head of an event stream (`text/event-stream`), which stays open.
    static func eventStreamHead() -> [UInt8] {
        var head = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream; charset=utf-8\r\n"
        for (name, value) in securityHeaders { head += "\(name): \(value)\r\n" }
        head += "Connection: keep-alive\r\n\r\n"
        return Array(head.utf8)
    }

    /// The reason phrase of a status code.
    static func reason(_ status: Int) -> String {
        switch status {
        case 200: return "OK"
        case 204: return "No Content"
        case 400: return "Bad Request"
        case 403: return "Forbidden"
        case 404: return "Not Found"
        case 405: return "Method Not Allowed"
        case 408: return "Request Timeout"
        case 413: return "Content Too Large"
        case 414: return "URI Too Long"
        case 431: return "Request Header Fields Too Large"
        case 500: return "Internal Server Error"
        case 503: return "Service Unavailable"
        case 505: return "HTTP Version Not Supported"
        default: return "Status"
        }
    }
}
