import Foundation
import XCTest
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `htll serve` as a command: its help, its usage errors, and a real server that prints its
/// address, answers there, refuses a port in use and stops on SIGTERM.
final class ServeCLITests: CLITestCase {
    func testHelpAndUsageErrors() throws {
        let help = try htll(["serve", "--help"])
        XCTAssertEqual(help.status, 0, help.stderr)
        XCTAssertTrue(help.stdout.hasPrefix("usage: htll serve FILE.htll [--port N] [--host ADDRESS]"), help.stdout)
        XCTAssertTrue(help.stdout.contains("--port N"))
        XCTAssertTrue(try htll(["--help"]).stdout.contains("htll serve FILE.htll"), "the command's own help lists serve")
        for (args, message) in [([String](), "htll serve: no layout file"),
                                (["examples/login.htll", "--port", "65536"], "htll serve: --port takes a number from 0 to 65535"),
                                (["examples/login.htll", "--port"], "htll serve: --port takes a number from 0 to 65535"),
                                (["examples/login.htll", "--colour"], "htll serve: unexpected argument --colour")] {
            let r = try htll(["serve"] + args)
            XCTAssertEqual(r.status, 2, "\(args)")
            XCTAssertTrue(r.stderr.hasPrefix(message + "\nusage: htll serve"), r.stderr)
        }
        let missing = try htll(["serve", "no/such/layout.htll"])
        XCTAssertEqual(missing.status, 1)
        XCTAssertEqual(missing.stderr, "htll serve: no/such/layout.htll: no such file\n")
        let badHost = try htll(["serve", "examples/login.htll", "--host", "not an address"])
        XCTAssertEqual(badHost.status, 1)
        XCTAssertTrue(badHost.stderr.hasPrefix("htll serve: "), badHost.stderr)
    }

    /// A running `htll serve` on a free port: what it prints first, then its process.
    private func start(_ arguments: [String]) throws -> (process: Process, line: String, output: Pipe) {
        let p = Process()
        p.executableURL = Self.binary
        p.arguments = ["serve"] + arguments
        p.currentDirectoryURL = Self.root
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        try p.run()
        addTeardownBlock { if p.isRunning { p.terminate(); p.waitUntilExit() } }
        var line = Data()
        let end = Date().addingTimeInterval(30)
        while !line.contains(UInt8(ascii: "\n")) && Date() < end {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line += chunk
        }
        return (p, String(decoding: line, as: UTF8.self), out)
    }

    private func get(_ url: String) throws -> (status: Int, body: String) {
        let done = DispatchSemaphore(value: 0)
        // A box rather than a captured var: the completion handler runs on another thread.
        final class Box: @unchecked Sendable { var result: (Int, String)? }
        let box = Box()
        let task = URLSession.shared.dataTask(with: try XCTUnwrap(URL(string: url))) { data, response, _ in
            box.result = ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data ?? Data(), as: UTF8.self))
            done.signal()
        }
        task.resume()
        XCTAssertEqual(done.wait(timeout: .now() + 30), .success, url)
        return try XCTUnwrap(box.result)
    }

    func testServesPrintsItsAddressAndStops() throws {
        let (p, line, _) = try start(["examples/login.htll", "--port", "0"])
        let match = try XCTUnwrap(line.range(of: #"http://127\.0\.0\.1:[0-9]+/"#, options: .regularExpression), line)
        let url = String(line[match])
        XCTAssertEqual(line, "htll serve: examples/login.htll at \(url) (Ctrl-C stops)\n")
        let page = try get(url)
        XCTAssertEqual(page.status, 200)
        XCTAssertTrue(page.body.contains("<script src=\"/serve.js\""), page.body)
        let info = try get(url + "info")
        XCTAssertTrue(info.body.contains("\"file\":\"examples/login.htll\""), info.body)
        XCTAssertEqual(try get(url + "%2e%2e/Package.swift").status, 400, "the server is no file server")
        // The toggles, the text size among them (the prelude's text sizes, read by the binary).
        XCTAssertTrue(info.body.contains("\"name\":\"text-size\""), info.body)
        XCTAssertEqual(try get(url + "render?text-size=accessibility-extra-extra-extra-large").status, 200)
        let badSize = try get(url + "render?text-size=huge")
        XCTAssertEqual(badSize.status, 400)
        XCTAssertTrue(badSize.body.contains("extra-small"), badSize.body)

        // The same port again: a clear error, exit 1.
        let port = try XCTUnwrap(URL(string: url)?.port)
        let again = try htll(["serve", "examples/login.htll", "--port", String(port)])
        XCTAssertEqual(again.status, 1)
        XCTAssertTrue(again.stderr.contains("the port is in use"), again.stderr)

        p.terminate()
        p.waitUntilExit()
        XCTAssertEqual(p.terminationReason, .uncaughtSignal)
    }
}
