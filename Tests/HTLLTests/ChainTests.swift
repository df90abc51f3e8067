import XCTest
@testable import HTLL

/// h... and v... are chains of << and ^^ (53-split-primitives.scm). The solver places a chain's
/// links in a loop (60-solver.scm, layout-chain) instead of a link at a time through the primitive
/// protocol; the same layout written with nested << or ^^ goes the protocol's way. Both must give
/// every output the same, in every context a chain can be in.
final class ChainTests: XCTestCase {
    /// A label with TEXT (a new view each time it is written).
    private func label(_ text: String) -> String { "(label '((text . \"\(text)\")))" }

    /// CHILDREN as an h... (or v...) and as the nested << (or ^^) it stands for.
    private func both(_ children: [String], vertical: Bool = false) -> (chain: String, nested: String) {
        let chain = "(\(vertical ? "v..." : "h...") \(children.joined(separator: " ")))"
        var nested = children[children.count - 1]
        for c in children.dropLast().reversed() { nested = "(\(vertical ? "^^" : "<<") \(c) \(nested))" }
        return (chain, nested)
    }

    /// LAYOUT(chain) and LAYOUT(nested) give the same outputs, which are not an error. (The frames
    /// JSON locates each view in the source, where the two are written at other columns.)
    private func assertSame(_ children: [String], vertical: Bool = false, file fileName: String = "chain.htll",
                            _ layout: (String) -> String, line: UInt = #line) {
        let (chain, nested) = both(children, vertical: vertical)
        let text = outputs(layout(chain), file: fileName)
        XCTAssertEqual(text, outputs(layout(nested), file: fileName), line: line)
        XCTAssertFalse(text.hasPrefix("error:"), text, line: line)
    }

    /// EquivalentLayout's outputs, the views' source locations left out.
    private func outputs(_ source: String, file: String) -> String {
        EquivalentLayout.outputs(source, file: file)
            .replacingOccurrences(of: "\"location\": \"[^\"]*\"", with: "\"location\": -", options: .regularExpression)
    }

    func testShortAndLongChainsPrintWhatTheLinksPrint() {
        for n in [1, 2, 3, 7, 8, 9, 30, 300] {
            let views = (0..<n).map { label("L\($0)") }
            for vertical in [false, true] {
                assertSame(views, vertical: vertical) { "(in \($0) 'self.view)\n" }
            }
        }
    }

    /// Where the chain's area does not start at 0 and its lengths are expressions: beside a view,
    /// in a ratio of its parent, inset, after a long sequence.
    func testChainsInsideOtherLayouts() {
        let views = (0..<12).map { label("V\($0)") }
        let contexts: [(String) -> String] = [
            { "(in (beside \(self.label("left")) \($0) 0.3) 'self.view)\n" },
            { "(in (above (vseq \((0..<10).map { self.label("S\($0)") }.joined(separator: " "))) \($0) 0.6) 'self.view)\n" },
            { "(in (center \($0) 0.1 0.05) 'self.view)\n" },
            { "(in (>> \($0) \(self.label("end")) 8) 'self.view)\n" },
            { "(in (vv \(self.label("top")) \($0) 4) 'self.view)\n" },
            { "(in (hseq \(self.label("a")) \($0) \(self.label("b"))) 'self.view)\n" },
        ]
        for (i, layout) in contexts.enumerated() {
            for vertical in [false, true] {
                assertSame(views, vertical: vertical, file: "context\(i).htll", layout)
            }
        }
        // Inside K nested >> (each first child the rest of its area less a label's width): the
        // chain's width has about K terms, and what its links leave is named as a local where it
        // grows past htll:local-weight.
        for k in [12, 14, 15, 16, 17, 20] {
            assertSame(views, file: "heavy\(k).htll") { chain in
                var s = chain
                for j in 0..<k { s = "(>> \(s) \(self.label("R\(j)")) 2)" }
                return "(in \(s) 'self.view)\n"
            }
        }
    }

    /// Children that are not plain views: nested layouts (before and after positions refer to
    /// edges), views that collapse when hidden, fixed sizes, buttons, aligned rows.
    func testChildrenOfEveryKind() {
        let fixed = "(label '((text . \"F\") (size . (size 40 20))))"
        let button = "(rounded-rect-button (on 'touch-up-inside 'go:) '((title-for-state . (\"Go\" . normal))))"
        let hidden = "(collapse-when-hidden \(label("H")))"
        let kinds: [[String]] = [
            [label("a"), "(vseq \(label("b")) \(label("c")))", label("d")],
            (0..<9).map { label("x\($0)") } + ["(hseq \(label("p")) \(label("q")))", label("y"), "(above \(label("r")) \(label("s")) 0.5)", label("z")],
            [label("a"), hidden, label("b"), hidden.replacingOccurrences(of: "\"H\"", with: "\"I\""), label("c")],
            (0..<10).map { label("w\($0)") } + [hidden, label("after"), "(collapse-when-hidden \(label("last")))"],
            [fixed, button, label("t"), fixed.replacingOccurrences(of: "\"F\"", with: "\"G\""), button.replacingOccurrences(of: "go:", with: "stop:")],
            (0..<10).map { _ in fixed } .enumerated().map { $1.replacingOccurrences(of: "\"F\"", with: "\"F\($0)\"") },
        ]
        for (i, children) in kinds.enumerated() {
            for vertical in [false, true] {
                assertSame(children, vertical: vertical, file: "kinds\(i).htll") { "(in \($0) 'self.view)\n" }
            }
        }
    }

    /// Where the length across the chain wraps (a row inside v..., a column inside h..., a chain
    /// in a sequence of wrapped lengths), each link takes the larger of what its children take;
    /// where the length along it wraps, the links go the protocol's way, as nested ones do.
    func testWrappedAreas() {
        for n in [2, 3, 9, 20] {
            let row = (0..<n).map { label("c\($0)") }
            for vertical in [false, true] {
                assertSame(row, vertical: vertical, file: "form.htll") { chain in
                    let other = vertical ? "h..." : "v..."
                    return "(in (\(other) \(self.label("first")) \(chain) (vseq \(self.label("p")) \(self.label("q"))) \(chain.replacingOccurrences(of: "\"c", with: "\"d"))) 'self.view)\n"
                }
            }
        }
        let mixed = [label("a"), "(vseq \(label("b")) \(label("c")))", "(collapse-when-hidden \(label("h")))", label("d"), "(h... \(label("e")) \(label("f")))"]
        assertSame(mixed, file: "form.htll") { "(in (v... \($0) \(self.label("below"))) 'self.view)\n" }
        assertSame(mixed, vertical: true, file: "form.htll") { "(in (h... \($0) \(self.label("right"))) 'self.view)\n" }
        let row = (0..<9).map { label("r\($0)") }
        assertSame(row, file: "wrapped.htll") { "(in (v... \($0) \(self.label("below"))) 'self.view)\n" }
        assertSame(row, vertical: true, file: "wrapped.htll") { "(in (h... \($0) \(self.label("right"))) 'self.view)\n" }
        assertSame(row, file: "wrapped.htll") { "(in (hseq* 4 'center \($0) \(self.label("x"))) 'self.view)\n" }
        assertSame(row, vertical: true, file: "wrapped.htll") { "(in (vseq* 4 'space-between \($0) \(self.label("x"))) 'self.view)\n" }
    }

    /// An aligned chain (each child in an align node, 40-layout.scm) is placed in the loop too:
    /// each child at its own size, after the ones before it, at the start, centre or end across;
    /// once the sum of the ones before is long (more than htll:expression-terms), after the far
    /// edge of the view before, as in a chain of plain views (the align node holds it across the
    /// chain, at its own length along it).
    func testAlignedChains() throws {
        let views = (0..<12).map { label("A\($0)") }.joined(separator: " ")
        for mode in ["start", "center", "end"] {
            for (chain, horizontal) in [("h...", true), ("v...", false)] {
                let l = try Layout(source: "(in (\(chain) '\(mode) \(views)) 'self.view)\n", file: "aligned.htll", scheme: ViewTests.scheme)
                let code = try l.objectiveC(.viewWillLayoutSubviews)
                let (along, across, parentAcross) = horizontal ? ("width", "height", "self.view.bounds.size.height")
                                                               : ("height", "width", "self.view.bounds.size.width")
                for k in 2...11 {
                    let position = k <= 7 ? (1..<k).map { "label\($0).bounds.size.\(along)" }.joined(separator: " + ")
                                          : "CGRectGetMax\(horizontal ? "X" : "Y")(label\(k - 1).frame)"
                    let offset = ["start": "0", "center": "0.5 * \(parentAcross) - 0.5 * label\(k).bounds.size.\(across)",
                                  "end": "\(parentAcross) - label\(k).bounds.size.\(across)"][mode]!
                    let origin = horizontal ? "{\(position), \(offset)}" : "{\(offset), \(position)}"
                    let size = "{label\(k).bounds.size.width, label\(k).bounds.size.height}"
                    XCTAssertTrue(code.contains("[label\(k) sizeToFit];\nlabel\(k).frame = (CGRect) {\(origin), \(size)};"),
                                  "\(chain) '\(mode), label\(k): \(code)")
                }
            }
        }
    }

    /// A chain as long as the bench's: one frame statement per view and linear output, the last
    /// view taking what the one before it leaves.
    func testLongChainIsLinear() throws {
        let n = 3000
        let source = "(in (h... \((0..<n).map { label("L\($0)") }.joined(separator: " "))) 'self.view)\n"
        let code = try Layout(source: source, file: "long.htll", scheme: ViewTests.scheme).objectiveC(.viewWillLayoutSubviews)
        XCTAssertEqual(code.components(separatedBy: ".frame = ").count - 1, n)
        XCTAssertLessThan(code.utf8.count, n * 200)
        XCTAssertTrue(code.contains("label\(n).frame = (CGRect) {{CGRectGetMaxX(label\(n - 1).frame), 0}, {self.view.bounds.size.width - CGRectGetMaxX(label\(n - 1).frame), self.view.bounds.size.height}};"), String(code.suffix(400)))
    }

    /// Rows of a long v... (a form) are no views, so no far edge to refer to: once the position
    /// after one is long, it is a local, and each later row's end one more (the previous local
    /// plus the row's height), not a sum of rows up to a local every few rows; the last row takes
    /// the area's end less its start. Nested ^^ print the same (resolve-after names it for both).
    func testLongFormNamesEachRowsEnd() throws {
        let rows = 600
        let row = { (k: Int) in "(h... \(self.label("K\(k)")) \(self.label("V\(k)")))" }
        let source = "(in (v... \((0..<rows).map(row).joined(separator: " "))) 'self.view)\n"
        let code = try Layout(source: source, file: "form.htll", scheme: ViewTests.scheme).objectiveC(.viewWillLayoutSubviews)
        let lines = code.split(separator: "\n")
        let locals = lines.filter { $0.hasPrefix("CGFloat htllY") }
        // Every row after the first few starts at a local of its own.
        XCTAssertGreaterThan(locals.count, rows - 10, String(code.prefix(3000)))
        for line in locals.dropFirst() {
            XCTAssertTrue(line.range(of: #"^CGFloat htllY\d+ = htllY\d+ \+ MAX\(label\d+\.bounds\.size\.height, label\d+\.bounds\.size\.height\);$"#,
                                     options: .regularExpression) != nil, String(line))
        }
        XCTAssertLessThan(code.utf8.count, rows * 2 * 200)
        let last = try XCTUnwrap(locals.last?.split(separator: " ")[1])
        XCTAssertTrue(code.hasSuffix("label\(2 * rows).frame = (CGRect) {{label\(2 * rows - 1).bounds.size.width, \(last)}, {self.view.bounds.size.width - label\(2 * rows - 1).bounds.size.width, self.view.bounds.size.height - \(last)}};\n")
                      || code.hasSuffix("self.view.bounds.size.height - \(last)}};"), String(code.suffix(600)))
        // A shorter form, and one in a wrapped column, as nested ^^ print them.
        let few = (0..<40).map(row)
        assertSame(few, vertical: true, file: "form.htll") { "(in \($0) 'self.view)\n" }
        assertSame(few, vertical: true, file: "form.htll") { "(in (vseq \(self.label("top")) \($0)) 'self.view)\n" }
    }
}
