import Foundation
import XCTest
import Scheme
import HTLL

/// Running the compilers and programs the tests check generated code with.
enum Tool {
    /// Runs `tool` with `args`; its exit status and standard output and error together.
    static func run(_ tool: String, _ args: [String]) throws -> (Int32, String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: tool)
        p.arguments = args
        let pipe = Pipe()
        p.standardOutput = pipe
        p.standardError = pipe
        try p.run()
        // Read before waiting: a child that fills the pipe would otherwise never exit.
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// The C (GNU Objective-C) compiler, or a skip when there is none.
    static func cCompiler() throws -> String {
        for path in ["/usr/bin/gcc", "/usr/bin/cc"] where FileManager.default.isExecutableFile(atPath: path) { return path }
        throw Missing.cCompiler
    }
}

/// A test skipped for a missing tool says what it skipped and what to install (README, Install).
enum Missing {
    static let cCompiler = XCTSkip("skipped: compiling the generated Objective-C needs a C compiler (Debian: gcc, gobjc)")
    static let gobjc = XCTSkip("skipped: compiling the generated Objective-C needs GNU Objective-C and its runtime headers (Debian: gobjc)")
    static let swiftc = XCTSkip("skipped: checking the generated Swift needs swiftc (the Swift toolchain) on the PATH")
    static let rsvg = XCTSkip("skipped: PNG output needs rsvg-convert (Debian: librsvg2-bin)")
}

extension Scheme {
    /// Evaluates `source` inside the layout prelude's sealed environment, where its internals
    /// (`htll:`, `htll-`, `%` names) are bound: for tests that inspect them.
    func evaluateInPrelude(_ source: String) throws -> Value {
        guard let env = HTLL.environment(of: self) else { throw LayoutError(message: "HTLL is not installed") }
        return try evaluateSystemCode(source, file: "<test>", in: env)
    }
}
