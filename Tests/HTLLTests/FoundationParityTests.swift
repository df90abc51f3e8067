import Foundation
import XCTest
@testable import HTLL
import Scheme

/// The library and the command import only FoundationEssentials (issues 17 and 19: start-up); what
/// they used from Foundation itself is now their own code. Each replacement is compared here with
/// the Foundation call it replaced, on chosen and on generated inputs (the tests may use Foundation).
final class FoundationParityTests: XCTestCase {
    /// A deterministic generator (SplitMix64), so a failure can be replayed.
    struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func pick<T>(_ items: [T]) -> T { items[Int(next() % UInt64(items.count))] }
    }

    /// Text made of the pieces the matchers care about.
    static func text(_ g: inout Generator, pieces: [String], count: Int) -> String {
        (0..<count).map { _ in g.pick(pieces) }.joined()
    }

    func testIncludeFormsMatchTheRegularExpression() throws {
        let re = try NSRegularExpression(pattern: #"\((include|include-ci|load)\s+"((?:[^"\\]|\\.)*)""#)
        func foundation(_ s: String) -> [String] {
            let ns = s as NSString
            return re.matches(in: s, range: NSRange(location: 0, length: ns.length)).map {
                ns.substring(with: $0.range(at: 1)) + "|" + ns.substring(with: $0.range(at: 2))
            }
        }
        func ours(_ s: String) -> [String] {
            PreviewWatcher.fileForms(in: Array(s.unicodeScalars)).map { $0.form + "|" + $0.name }
        }
        let chosen = [
            #"(include "a.htll")"#, #"(include-ci "b")(load "c")"#, #"(include"x")"#, #"(include-cix "y")"#,
            "(include\n\t\"n\")", "(load \u{2028}\"sep\")", "(load \u{0B}\"vt\")", #"(include "a\"b")"#,
            "(include \"a\\\nb\")", #"(include "open"#, #"((include "x") (load "é/ü.scm"))"#, "(load \"\u{1F600}\")",
        ]
        for s in chosen { XCTAssertEqual(ours(s), foundation(s), s.debugDescription) }
        var g = Generator(state: 17)
        let pieces = ["(", ")", "include", "include-ci", "load", "-ci", " ", "\t", "\n", "\r", "\u{0B}", "\u{85}",
                      "\u{A0}", "\u{2028}", "\"", "\\", "a", "é", "\u{301}", "/", "\u{1F600}"]
        for _ in 0..<3000 {
            let s = Self.text(&g, pieces: pieces, count: Int(g.next() % 24))
            XCTAssertEqual(ours(s), foundation(s), s.debugDescription)
        }
    }

    func testErrorLocationMatchesTheRegularExpression() {
        func foundation(_ s: String) -> String? {
            s.range(of: #"^[^\n]*?:[0-9]+:[0-9]+(?=: )"#, options: .regularExpression).map { String(s[$0]) }
        }
        let chosen = ["a.htll:3:4: error: x", "x:1:2:3:4: y", "no location", "a:1:2:b", "a\nb:1:2: c", ":1:2: e",
                      "f:12:", "f:1:2:  two", "f:١:٢: arabic digits", "é:7:8: accent"]
        for s in chosen { XCTAssertEqual(PreviewReply.Problem.location(in: s), foundation(s), s.debugDescription) }
        var g = Generator(state: 19)
        let pieces = [":", "1", "23", " ", ": ", "\n", "a", "é", "٣", "\u{301}"]
        for _ in 0..<3000 {
            let s = Self.text(&g, pieces: pieces, count: Int(g.next() % 16))
            XCTAssertEqual(PreviewReply.Problem.location(in: s), foundation(s), s.debugDescription)
        }
    }

    func testTrimmingMatchesFoundation() {
        var g = Generator(state: 23)
        let pieces = [" ", "\t", "\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{A0}", "\u{2028}", "\u{2029}", "\u{3000}",
                      "\u{200B}", "a", "é", "\u{301}", "\r\n", "\u{FEFF}"]
        for _ in 0..<3000 {
            let s = Self.text(&g, pieces: pieces, count: Int(g.next() % 10))
            XCTAssertEqual(s.trimmingWhitespace(), s.trimmingCharacters(in: .whitespaces), s.debugDescription)
            XCTAssertEqual(s.trimmingWhitespace(newlines: true), s.trimmingCharacters(in: .whitespacesAndNewlines),
                           s.debugDescription)
        }
    }

    func testFixedNotationMatchesStringFormat() {
        var g = Generator(state: 29)
        let chosen: [Double] = [0, -0.0, 0.005, 0.015, 1.005, 2.675, -1.125, 1e15, 1e300, -1e-300, .pi, 123456.785]
        let generated = (0..<2000).map { _ in Double(bitPattern: g.next()) }.filter(\.isFinite)
        for d in chosen + generated {
            XCTAssertEqual(FixedNotation.string(d, decimals: 2), String(format: "%.2f", d), "\(d)")
            XCTAssertEqual(FixedNotation.string(d, decimals: 6), String(format: "%.6f", d), "\(d)")
        }
    }

    func testPathNamesMatchNSString() {
        for path in ["/usr/bin/htll", "htll", "a/b/", "/", "//", "a//b", "", "./x", "/a/b//"] {
            XCTAssertEqual(PathNames.lastComponent(of: path), (path as NSString).lastPathComponent, path)
        }
        for path in ["~", "~/", "~/x", "~/x/", "x/~", "~root/y", "~no-such-user-htll/z"] {
            XCTAssertEqual(PathNames.expandingTilde(path), (path as NSString).expandingTildeInPath, path)
        }
        for (name, folder) in [("h", "/home/u"), ("h", "/home/u/"), ("h", "/")] {
            XCTAssertEqual(PathNames.appending(name, to: folder), (folder as NSString).appendingPathComponent(name))
        }
    }
}
