#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import Foundation
import XCTest

/// Headless Chromium driven over the DevTools protocol on a pipe (`--remote-debugging-pipe`:
/// JSON messages ended by NUL on descriptors 3 and 4), so the tests need no WebSocket client.
/// Every wait has a deadline.
final class HeadlessChromium {
    private let pid: pid_t
    private let toBrowser: Int32, fromBrowser: Int32
    private let profile: URL
    private var nextID = 0
    private var pending: [UInt8] = []

    /// The browser's path on PATH (`chromium`, as Debian names it, or the other usual names).
    static var path: String? {
        let dirs = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        for name in ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"] {
            for dir in dirs where FileManager.default.isExecutableFile(atPath: "\(dir)/\(name)") { return "\(dir)/\(name)" }
        }
        return nil
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ d: String) { description = d }
    }

    /// Starts the browser with a fresh profile.
    init(path: String) throws {
        profile = FileManager.default.temporaryDirectory.appendingPathComponent("htll-chromium-\(UUID().uuidString)")
        var toChild: [Int32] = [0, 0], fromChild: [Int32] = [0, 0]
        guard pipe(&toChild) == 0, pipe(&fromChild) == 0 else { throw Failure("pipe failed") }
        // Above 4, so that placing them on 3 and 4 in the child cannot overwrite one with the other.
        let childIn = fcntl(toChild[0], F_DUPFD_CLOEXEC, 10), childOut = fcntl(fromChild[1], F_DUPFD_CLOEXEC, 10)
        for fd in [toChild[0], fromChild[1]] { closeDescriptor(fd) }
        toBrowser = toChild[1]
        fromBrowser = fromChild[0]
        for fd in [toBrowser, fromBrowser] { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, childIn, 3)
        posix_spawn_file_actions_adddup2(&actions, childOut, 4)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        // --no-sandbox: test machines run as root, where Chromium's own sandbox refuses to start.
        let args = [path, "--headless=new", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe",
                    "--user-data-dir=\(profile.path)", "--no-first-run", "--no-default-browser-check",
                    "--hide-scrollbars", "--disable-dev-shm-usage", "--force-device-scale-factor=1", "--disable-extensions", "about:blank"]
        var argv: [UnsafeMutablePointer<CChar>?] = args.map { strdup($0) } + [nil]
        defer { for a in argv { free(a) } }
        var child: pid_t = 0
        let spawned = posix_spawn(&child, path, &actions, nil, &argv, environ)
        closeDescriptor(childIn)
        closeDescriptor(childOut)
        guard spawned == 0 else { throw Failure("cannot start \(path): \(String(cString: strerror(spawned)))") }
        pid = child
    }

    /// A browser that answers: Chromium sometimes starts without ever answering its first command
    /// (seen as "Target.createTarget got no answer" while the suite ran alone), which says nothing
    /// about the page under test, so a browser silent for 20 s is closed and a fresh one started
    /// (three tries).
    static func started(path: String) throws -> HeadlessChromium {
        var tries = 0
        while true {
            tries += 1
            let browser = try HeadlessChromium(path: path)
            do {
                try browser.call("Browser.getVersion", timeout: 20)
                return browser
            } catch {
                browser.close()
                if tries == 3 { throw error }
            }
        }
    }

    /// Closes the browser and removes its profile.
    func close() {
        _ = try? call("Browser.close", timeout: 5)
        closeDescriptor(toBrowser)
        var status: Int32 = 0
        for _ in 0..<50 {
            if waitpid(pid, &status, WNOHANG) == pid { break }
            Thread.sleep(forTimeInterval: 0.1)
        }
        if waitpid(pid, &status, WNOHANG) == 0 {
            kill(pid, SIGKILL)
            waitpid(pid, &status, 0)
        }
        closeDescriptor(fromBrowser)
        try? FileManager.default.removeItem(at: profile)
    }

    /// Sends a command and returns its `result` (throws its `error`).
    @discardableResult
    func call(_ method: String, _ params: [String: Any] = [:], session: String? = nil, timeout: Double = 30) throws -> [String: Any] {
        nextID += 1
        var message: [String: Any] = ["id": nextID, "method": method, "params": params]
        if let session { message["sessionId"] = session }
        var bytes = Array(try JSONSerialization.data(withJSONObject: message))
        bytes.append(0)
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { write(toBrowser, $0.baseAddress, $0.count) }
            guard n > 0 else { throw Failure("the browser is gone (\(method))") }
            sent += n
        }
        let end = Date().addingTimeInterval(timeout)
        while true {
            while let nul = pending.firstIndex(of: 0) {
                let text = pending[..<nul]
                pending.removeSubrange(...nul)
                guard let reply = try? JSONSerialization.jsonObject(with: Data(text)) as? [String: Any],
                      reply["id"] as? Int == nextID else { continue }
                if let error = reply["error"] { throw Failure("\(method): \(error)") }
                return reply["result"] as? [String: Any] ?? [:]
            }
            let left = end.timeIntervalSinceNow
            guard left > 0 else { throw Failure("\(method) got no answer in \(timeout) s") }
            var p = pollfd(fd: fromBrowser, events: Int16(POLLIN), revents: 0)
            guard poll(&p, 1, Int32(left * 1000)) > 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            let n = buffer.withUnsafeMutableBytes { read(fromBrowser, $0.baseAddress, $0.count) }
            guard n > 0 else { throw Failure("the browser closed its pipe (\(method))") }
            pending += buffer[..<n]
        }
    }

    /// A tab showing `url`, `width` × `height` CSS pixels at one device pixel per CSS pixel.
    func open(_ url: String, width: Int = 1400, height: Int = 1000) throws -> Tab {
        let target = try call("Target.createTarget", ["url": "about:blank"])["targetId"] as? String ?? ""
        let session = try call("Target.attachToTarget", ["targetId": target, "flatten": true])["sessionId"] as? String ?? ""
        let tab = Tab(browser: self, session: session)
        try tab.call("Emulation.setDeviceMetricsOverride", ["width": width, "height": height, "deviceScaleFactor": 1, "mobile": false])
        try tab.call("Page.navigate", ["url": url])
        return tab
    }

    /// One tab.
    struct Tab {
        let browser: HeadlessChromium
        let session: String

        @discardableResult
        func call(_ method: String, _ params: [String: Any] = [:]) throws -> [String: Any] {
            try browser.call(method, params, session: session)
        }

        /// The value of a JavaScript expression (promises awaited), as JSON gives it.
        func evaluate(_ expression: String) throws -> Any? {
            let r = try call("Runtime.evaluate", ["expression": expression, "returnByValue": true, "awaitPromise": true])
            if let e = r["exceptionDetails"] { throw Failure("\(expression.prefix(80)): \(e)") }
            return (r["result"] as? [String: Any])?["value"]
        }

        /// Waits until `condition` (a JavaScript expression) is true.
        func wait(for condition: String, timeout: Double = 30) throws {
            let end = Date().addingTimeInterval(timeout)
            var last = ""
            while Date() < end {
                // The page may not exist yet (a navigation under way): an exception is "not yet".
                do {
                    if try evaluate("!!(\(condition))") as? Bool == true { return }
                } catch {
                    last = " (last: \(error))"
                }
                Thread.sleep(forTimeInterval: 0.05)
            }
            throw Failure("waited \(timeout) s for \(condition)\(last)")
        }

        /// A PNG of the page's area `x, y, width, height` (CSS pixels of the viewport), base64.
        func screenshot(x: Double, y: Double, width: Double, height: Double) throws -> String {
            let clip: [String: Any] = ["x": x, "y": y, "width": width, "height": height, "scale": 1]
            return try call("Page.captureScreenshot", ["format": "png", "clip": clip, "captureBeyondViewport": true])["data"] as? String ?? ""
        }

        /// Moves the mouse to (x, y) or clicks there.
        func mouse(_ type: String, x: Double, y: Double) throws {
            var params: [String: Any] = ["type": type, "x": x, "y": y]
            if type != "mouseMoved" { params["button"] = "left"; params["clickCount"] = 1 }
            try call("Input.dispatchMouseEvent", params)
        }
    }
}

/// `close(2)` (the class has a `close()` of its own).
private func closeDescriptor(_ fd: Int32) {
    close(fd)
}
