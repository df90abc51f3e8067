
/// The head of an HTTP/1.x request, read and checked by `HTTPServer` (which reads no bodies).
///
/// Parsing is strict: anything outside the grammar of RFC 9112 that a small local server has no
/// use for is refused with the status a client can act on, rather than guessed at.
public struct HTTPRequest: Sendable, Equatable {
    /// The method token as sent (`GET`, `HEAD`, …; methods are case-sensitive).
    public let method: String
    /// The path, percent-decoded; it starts with `/` and has no `.` or `..` segment.
    public let path: String
    /// The query's `name=value` pairs in order, percent-decoded (`+` is a space).
    public let query: [QueryItem]
    /// The header fields in order, names lowercased, values without surrounding blanks.
    public let headers: [Header]
    /// `HTTP/1.0` or `HTTP/1.1`.
    public let version: String

    /// One query parameter.
    public struct QueryItem: Sendable, Equatable {
        /// Its name.
        public let name: String
        /// Its value (empty when the parameter had no `=`).
        public let value: String
    }

    /// One header field.
    public struct Header: Sendable, Equatable {
        /// The field name, lowercased.
        public let name: String
        /// The field value.
        public let value: String
    }

    /// The value of header `name` (lowercase), if present.
    public func header(_ name: String) -> String? { headers.first { $0.name == name }?.value }

    /// Every value of query parameter `name`.
    public func queryValues(_ name: String) -> [String] { query.filter { $0.name == name }.map(\.value) }

    /// Whether the client wants only the head of the response.
    public var isHead: Bool { method == "HEAD" }

    /// Most header fields a request may have.
    static let maxHeaderCount = 100

    /// Parses a request head: the request line and header lines, without the blank line that ends
    /// them. Lines end in CRLF (a bare LF is accepted, as RFC 9112 allows). An error carries the
    /// status to answer with.
    public static func parse(head bytes: ArraySlice<UInt8>) -> Result<HTTPRequest, HTTPError> {
        var lines: [ArraySlice<UInt8>] = []
        var start = bytes.startIndex
        for i in bytes.indices where bytes[i] == 0x0A {
            var end = i
            if end > start, bytes[end - 1] == 0x0D { end -= 1 }
            lines.append(bytes[start..<end])
            start = i + 1
        }
        if start < bytes.endIndex { lines.append(bytes[start...]) }
        guard let first = lines.first, !first.isEmpty else { return .failure(HTTPError(400, "empty request line")) }
        if lines.count - 1 > maxHeaderCount {
            return .failure(HTTPError(431, "more than \(maxHeaderCount) header fields"))
        }
        // A bare CR or NUL anywhere is a request-smuggling classic: refused outright.
        for line in lines where line.contains(0x0D) || line.contains(0) {
            return .failure(HTTPError(400, "a control character in the request head"))
        }
        let parts = first.split(separator: 0x20, omittingEmptySubsequences: false)
        guard parts.count == 3, let method = token(parts[0]) else {
            return .failure(HTTPError(400, "the request line must be METHOD TARGET HTTP/1.1"))
        }
        let version = String(decoding: parts[2], as: UTF8.self)
        if version != "HTTP/1.1" && version != "HTTP/1.0" {
            let isHTTP = version.hasPrefix("HTTP/") && version.count == 8
            return .failure(isHTTP ? HTTPError(505, "only HTTP/1.0 and HTTP/1.1 are served")
                                   : HTTPError(400, "the request line must end in HTTP/1.1"))
        }
        var headers: [Header] = []
        for line in lines.dropFirst() {
            switch header(line) {
            case .success(let h): headers.append(h)
            case .failure(let e): return .failure(e)
            }
        }
        for name in ["host", "content-length", "transfer-encoding"] where headers.filter({ $0.name == name }).count > 1 {
            return .failure(HTTPError(400, "more than one \(name) header"))
        }
        if version == "HTTP/1.1" && !headers.contains(where: { $0.name == "host" }) {
            return .failure(HTTPError(400, "an HTTP/1.1 request needs a Host header"))
        }
        guard method == "GET" || method == "HEAD" else {
            return .failure(HTTPError(405, "\(method) is not served here: only GET and HEAD"))
        }
        // The server reads no bodies; a GET that announces one is refused rather than left unread.
        if headers.contains(where: { $0.name == "transfer-encoding" }) {
            return .failure(HTTPError(400, "a GET request has no body (Transfer-Encoding)"))
        }
        if let length = headers.first(where: { $0.name == "content-length" })?.value, length != "0" {
            return .failure(HTTPError(UInt64(length) == nil ? 400 : 413, "a GET request has no body (Content-Length: \(length.prefix(40)))"))
        }
        switch target(parts[1]) {
        case .success(let (path, query)):
            return .success(HTTPRequest(method: method, path: path, query: query, headers: headers, version: version))
        case .failure(let e):
            return .failure(e)
        }
    }

    /// A method or header name: one or more token characters (RFC 9110 `tchar`).
    static func token(_ bytes: ArraySlice<UInt8>) -> String? {
        guard !bytes.isEmpty, bytes.allSatisfy(isTokenByte) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func isTokenByte(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
            return true
        default:
            return Array("!#$%&'*+-.^_`|~".utf8).contains(b)
        }
    }

    /// One `name: value` header line.
    static func header(_ line: ArraySlice<UInt8>) -> Result<Header, HTTPError> {
        if let first = line.first, first == 0x20 || first == 0x09 {
            return .failure(HTTPError(400, "folded header lines are not accepted"))
        }
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")), let name = token(line[..<colon]) else {
            return .failure(HTTPError(400, "a header line must be NAME: VALUE"))
        }
        var value = line[(colon + 1)...]
        while let f = value.first, f == 0x20 || f == 0x09 { value.removeFirst() }
        while let l = value.last, l == 0x20 || l == 0x09 { value.removeLast() }
        if value.contains(where: { $0 < 0x20 && $0 != 0x09 || $0 == 0x7F }) {
            return .failure(HTTPError(400, "a control character in the \(name) header"))
        }
        return .success(Header(name: name.lowercased(), value: String(decoding: value, as: UTF8.self)))
    }

    /// The request target in origin form (`/path?query`), decoded and checked.
    static func target(_ bytes: ArraySlice<UInt8>) -> Result<(String, [QueryItem]), HTTPError> {
        guard bytes.first == UInt8(ascii: "/") else {
            return .failure(HTTPError(400, "the request target must be a path starting with /"))
        }
        if bytes.contains(UInt8(ascii: "#")) { return .failure(HTTPError(400, "a fragment (#) in the request target")) }
        let mark = bytes.firstIndex(of: UInt8(ascii: "?"))
        guard let path = percentDecoded(bytes[..<(mark ?? bytes.endIndex)], plusIsSpace: false) else {
            return .failure(HTTPError(400, "the path has a bad percent escape or is not UTF-8"))
        }
        // Checked after decoding, so `%2e%2e` and `%2F` are judged as what they mean.
        if path.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F || $0 == "\\" }) {
            return .failure(HTTPError(400, "the path has a control character or backslash"))
        }
        if path.split(separator: "/", omittingEmptySubsequences: false).contains(where: { $0 == "." || $0 == ".." }) {
            return .failure(HTTPError(400, "the path may not have . or .. segments"))
        }
        var query: [QueryItem] = []
        if let mark {
            for pair in bytes[(mark + 1)...].split(separator: UInt8(ascii: "&")) {
                let eq = pair.firstIndex(of: UInt8(ascii: "="))
                guard let name = percentDecoded(pair[..<(eq ?? pair.endIndex)], plusIsSpace: true),
                      let value = percentDecoded(eq.map { pair[($0 + 1)...] } ?? [], plusIsSpace: true) else {
                    return .failure(HTTPError(400, "the query has a bad percent escape or is not UTF-8"))
                }
                query.append(QueryItem(name: name, value: value))
            }
        }
        return .success((path, query))
    }

    /// `%XX` escapes decoded (and `+` as a space in a query); nil for a bad escape or invalid UTF-8.
    static func percentDecoded(_ bytes: ArraySlice<UInt8>, plusIsSpace: Bool) -> String? {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = bytes.startIndex
        while i < bytes.endIndex {
            let b = bytes[i]
            if b == UInt8(ascii: "%") {
                guard i + 2 < bytes.endIndex, let hi = hexValue(bytes[i + 1]), let lo = hexValue(bytes[i + 2]) else { return nil }
                out.append(hi << 4 | lo)
                i += 3
                continue
            }
            out.append(plusIsSpace && b == UInt8(ascii: "+") ? 0x20 : b)
            i += 1
        }
        return String(validating: out, as: UTF8.self)
    }

    static func hexValue(_ b: UInt8) -> UInt8? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return b - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return b - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return b - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}

/// A request the server refuses: the status to answer with and why, for the plain-text body.
public struct HTTPError: Error, Sendable, Equatable {
    /// The HTTP status code (400, 404, 405, …).
    public let status: Int
    /// What was wrong, for people.
    public let message: String

    /// An error with a status and a message.
    public init(_ status: Int, _ message: String) {
        self.status = status
        self.message = message
    }
}
