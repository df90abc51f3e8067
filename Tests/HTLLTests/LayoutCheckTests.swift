import Foundation
import XCTest
@testable import HTLL

/// `htll frames --check` and `htll preview --check`: warnings, located at the view, for views
/// squeezed below zero, views that overflow the screen and visible views that partly overlap.
final class LayoutCheckTests: XCTestCase {
    func write(_ source: String) throws -> (URL, URL) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("htll-check-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let file = dir.appendingPathComponent("c.htll")
        try source.write(to: file, atomically: true, encoding: .utf8)
        return (dir, file)
    }

    func testOverflowsAreReportedWhereTheViewWasMade() throws {
        let (dir, file) = try write("""
            (define wide (label '((text . "wide") (size . (400 10)))))
            (define tall (label '((text . "tall") (size . (100 20)))))
            (define hidden (label '((text . "hidden") (hidden . #t) (size . (400 400)))))
            (in (hseq wide tall hidden) 'self.view)
            """)
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = HTLLCommand.frames([file.path, "--size", "390x844", "--check"])
        XCTAssertEqual(r.status, 0, r.errorOutput)
        XCTAssertTrue(r.output.hasPrefix("{\"parent\""), "the frames are printed as usual")
        XCTAssertEqual(r.errorOutput.split(separator: "\n").map(String.init), [
            "\(file.path):1:14: warning: wide overflows the screen's right edge by 10 points on a 390 × 844 pt canvas",
            "\(file.path):2:14: warning: tall overflows the screen's right edge by 110 points on a 390 × 844 pt canvas",
        ], r.errorOutput)
        // Without --check, nothing on standard error.
        XCTAssertEqual(HTLLCommand.frames([file.path, "--size", "390x844"]).errorOutput, "")
    }

    func testSqueezedViewsAndDevices() throws {
        let (dir, file) = try write("""
            (define name (label '((text . "name"))))
            (define badge (label '((text . "badge") (size . (500 20)))))
            (in (>> name badge 8) 'self.view)
            """)
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = HTLLCommand.frames([file.path, "--device", "iphone-se", "--check"])
        XCTAssertTrue(r.errorOutput.contains(":1:14: warning: name has no room: it is -133 × 667 points on iPhone SE — portrait (375 × 667 pt)"), r.errorOutput)
        XCTAssertTrue(r.errorOutput.contains(":2:15: warning: badge overflows the screen's left edge by 125 points on iPhone SE"), r.errorOutput)
        let p = HTLLCommand.preview([file.path, "--device", "iphone-se", "--both", "--check"])
        XCTAssertEqual(p.status, 0)
        // In landscape (667 points) the badge fits: only the portrait screen is reported.
        XCTAssertTrue(p.errorOutput.contains("no room: it is -133 × 667 points on iPhone SE — portrait"), p.errorOutput)
        XCTAssertFalse(p.errorOutput.contains("landscape"), p.errorOutput)
    }

    /// Partial overlaps are reported, a view inside another (a label on a card) is not.
    func testOverlapsButNotContainment() {
        func view(_ name: String, _ x: Double, _ y: Double, _ w: Double, _ h: Double) -> PreviewView {
            PreviewView(name: name, kind: "label", x: x, y: y, width: w, height: h, attributes: [:], location: "v.htll:1:\(Int(x))",
                        palette: .empty)
        }
        let views = [view("card", 0, 0, 300, 100), view("caption", 10, 10, 100, 20), view("badge", 250, 80, 100, 40),
                     view("far", 0, 500, 10, 10)]
        XCTAssertEqual(LayoutCheck.warnings(views: views, width: 390, height: 844, on: "a screen"),
                       ["v.htll:1:250: warning: badge overlaps card by 50 × 20 points on a screen"])
    }

    func testTheExamplesAreClean() throws {
        for name in ["login", "settings", "gearcalc", "showcase"] {
            let example = GoldenTests.examples.appendingPathComponent("\(name).htll").path
            for device in ["iphone-16", "iphone-se", "ipad"] {
                let r = HTLLCommand.frames([example, "--device", device, "--check"])
                let found = r.errorOutput.split(separator: "\n").filter { $0.contains(" overflows ") || $0.contains(" overlaps ") || $0.contains("no room") }
                XCTAssertEqual(found, [], "\(name) on \(device)")
            }
        }
    }
}
