import Foundation
import XCTest
import Scheme
@testable import HTLL

/// A layout folder and a `LivePreview` serving it, for the serve tests.
final class ServedLayout {
    let folder: URL
    let file: URL
    let preview: LivePreview
    var port: Int { preview.server.port }

    /// Writes `files` (name → text; the first is the layout) into a new folder and serves it.
    init(_ files: KeyValuePairs<String, String>, limits: Scheme.Limits = Layout.limits(sandbox: true),
         serverLimits: HTTPServer.Limits = HTTPServer.Limits()) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("htll-serve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, text) in files {
            let url = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        file = folder.appendingPathComponent(files.first?.key ?? "layout.htll")
        preview = try LivePreview(file: file.path, port: 0, limits: limits, serverLimits: serverLimits)
        preview.start()
    }

    /// Stops the server and removes the folder.
    func close() {
        preview.stop()
        try? FileManager.default.removeItem(at: folder)
    }

    /// Replaces the text of `name` (the layout by default), atomically (a new file renamed over
    /// the old, as many editors save), so the server never sees it half written: a test that waits
    /// for the next version finds the text it wrote.
    func write(_ text: String, to name: String? = nil) throws {
        try Data(text.utf8).write(to: name.map { folder.appendingPathComponent($0) } ?? file, options: .atomic)
    }

    /// `GET path`: the status and the body read as JSON (nil when it is not JSON).
    func get(_ path: String) throws -> (status: Int, json: [String: Any]?, body: String) {
        let answer = try RawHTTPClient.get(port, path)
        let json = try? JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: Any]
        return (answer.status, json, answer.body)
    }

    /// Opens `/events` and returns the connection once its head has arrived.
    func events() throws -> RawHTTPClient {
        let c = try RawHTTPClient(port: port)
        c.send("GET /events HTTP/1.1\r\nHost: localhost:\(port)\r\n\r\n")
        return c
    }
}

extension RawHTTPClient {
    /// Reads events until an `update` for `version` or later arrives: its data, or nil at the
    /// timeout (the stream's text so far is in `seen`).
    func waitForUpdate(atLeast version: Int, timeout: Double = 30, seen: inout String) -> [String: Any]? {
        let end = Date().addingTimeInterval(timeout)
        while Date() < end {
            seen += read(until: "\n\n", timeout: max(0.1, end.timeIntervalSinceNow))
            // Events are `event: NAME\ndata: JSON\n\n`.
            for block in seen.components(separatedBy: "\n\n") where block.contains("event: update\n") {
                guard let line = block.components(separatedBy: "\n").first(where: { $0.hasPrefix("data: ") }),
                      let data = try? JSONSerialization.jsonObject(with: Data(line.dropFirst(6).utf8)) as? [String: Any],
                      let v = data["version"] as? Int, v >= version else { continue }
                return data
            }
        }
        return nil
    }
}
