import Foundation
import XCTest
import HTLL
import HTLLCodeCheck

/// Deep layouts name long frame expressions (`CGFloat htllY1 = ...;`, `let htllY1: CGFloat = ...`),
/// or refer to the previous view's far edge, instead of repeating their ancestors' terms: the code
/// grows linearly with the layout, small layouts print what they printed, and the code still
/// computes the solver's frames.
final class FrameLocalTests: XCTestCase {
    /// `body`'s result, run on a thread with a stack of 256 MB, as the `htll` command runs layouts
    /// on a thread of its own: a layout 800 levels deep needs more than 7 MB of stack in a debug
    /// build under AddressSanitizer (`fuzz/sanitize`), more than the test runner's main thread has,
    /// and the stack guard then refuses it (it fits the main thread in plain builds).
    func onLargeStack<T>(_ body: @escaping @Sendable () throws -> T) throws -> T {
        try XCTUnwrap(onThread(stackSize: 256 << 20, timeout: 600) { Result { try body() } }, "timed out").get()
    }

    /// N aboves, each inside the lower part of the last.
    static func stairs(_ n: Int, ratio: String = "0.5") -> String {
        var s = "(label '((text . \"end\")))"
        for i in 0..<n { s = "(above (label '((text . \"\(i)\"))) \(s) \(ratio))" }
        return "(in \(s) 'self.view)"
    }

    /// N ^^s, each with a wrapped row of two labels over the rest: a position after a row (not a
    /// view, so it has no far edge to refer to) sums the rows' heights, and deep ones are named.
    static func boxes(_ n: Int) -> String {
        var s = "(label '((text . \"end\")))"
        for i in 0..<n { s = "(^^ (h... (label '((text . \"a\(i)\"))) (label '((text . \"b\(i)\")))) \(s) 2)" }
        return "(in \(s) 'self.view)"
    }

    /// N of OP (vv or >>), each a label and then the rest of the chain, MARGIN apart: the rest is
    /// measured first, and the position after each label sums the labels before it.
    static func tails(_ n: Int, _ op: String) -> String {
        var s = "(label '((text . \"end\")))"
        for i in 0..<n { s = "(\(op) (label '((text . \"t\(i)\"))) \(s) 2)" }
        return "(in \(s) 'self.view)"
    }

    /// N levels of a beside whose left half is (^^ A REST 'center): the aligned split is measured
    /// inside a ratio split's share (400 levels printed 62 MB in 19 s before a node was measured
    /// for any length; now 0.9 MB).
    static func besideAligned(_ n: Int) -> String {
        var s = "(label '((text . \"end\")))"
        for i in 0..<n { s = "(beside (^^ (label '((text . \"a\(i)\"))) \(s) 'center) (label '((text . \"b\(i)\"))) 0.5)" }
        return "(in \(s) 'self.view)"
    }

    /// N sequences aligned across their axis (OP: vseq or hseq, MODE), each a label and then the
    /// next: each level's align node measures the rest, inside a row whose width wraps, measured
    /// first too.
    static func alignedNest(_ n: Int, _ op: String = "vseq", _ mode: String = "center") -> String {
        var s = "(label '((text . \"end\")))"
        for i in 0..<n { s = "(\(op) '\(mode) (label '((text . \"n\(i)\"))) \(s))" }
        return "(in \(s) 'self.view)"
    }

    /// N of OP (^^, <<, v... or h...) with an alignment MODE across them, each a label and then
    /// the rest: every child in an align node, each level's row wrapped across and measured first.
    static func alignedSplits(_ n: Int, _ op: String, _ mode: String) -> String {
        var s = "(label '((text . \"end\")))"
        for i in 0..<n {
            s = op.hasSuffix("...") ? "(\(op) \(mode) (label '((text . \"s\(i)\"))) \(s))" : "(\(op) (label '((text . \"s\(i)\"))) \(s) \(mode))"
        }
        return "(in \(s) 'self.view)"
    }

    /// N vvs in a chain whose rest is measured first, and N ^^s the other way round.
    static func chains(_ n: Int) -> String {
        var down = "(label '((text . \"top\")))", up = "blank"
        for i in 0..<n {
            down = "(vv \(down) (label '((text . \"c\(i)\"))) 2)"
            up = "(^^ (label '((text . \"h\(i)\"))) \(up) 2)"
        }
        return "(in (hseq \(down) \(up)) 'self.view)"
    }

    /// A grid: N rows of N nested besides, each row a wrapped h... after a label.
    static func grid(_ n: Int) -> String {
        let rows = (0..<n).map { r -> String in
            var cells = "(label '((text . \"r\(r)\")))"
            for c in 0..<n { cells = "(beside (label '((text . \"\(r).\(c)\"))) \(cells) 0.8)" }
            return "(^^ (h... (label '((text . \"row \(r)\"))) (label '((text . \"more\")))) \(cells) 4)"
        }
        return "(in (vseq \(rows.joined(separator: " "))) 'self.view)"
    }

    /// N rows of two labels (ROW: hseq or h...) one after the other, their heights wrapped: in a
    /// v... (a form), in a vseq* at their own heights, in a vseq in the wrapped top of a v....
    /// A position after a row has no far edge: once long, each row's end is a local.
    static func rows(_ n: Int, _ shape: String, row: String = "h...") -> String {
        let rs = (0..<n).map { "(\(row) (label '((text . \"k\($0)\"))) (label '((text . \"v\($0)\"))))" }.joined(separator: " ")
        switch shape {
        case "v...": return "(in (v... \(rs)) 'self.view)"
        case "vseq*": return "(in (vseq* 4 'start \(rs)) 'self.view)"
        default: return "(in (v... (vseq \(rs)) (label '((text . \"end\")))) 'self.view)"
        }
    }

    /// N labels in a sequence or chain (OP) aligned across it (MODE): each in an align node,
    /// whose far edge along the axis is its view's.
    /// (hseq* and vseq*: 4 apart, packed at the start.)
    static func aligned(_ n: Int, _ op: String, _ mode: String = "center") -> String {
        let spacing = op.hasSuffix("*") ? "4 'start " : ""
        return "(in (\(op) \(spacing)'\(mode) \((0..<n).map { "(label '((text . \"a\($0)\")))" }.joined(separator: " "))) 'self.view)"
    }

    /// N children of a sequence that each repeat something of all the others unless it is named
    /// once: views that collapse when hidden (each share divides by a count over all of them, and
    /// each position sums the ones before), a row aligned on its baseline (each view's top holds
    /// the deepest ascent of all), rows of a column distributed 'space-between (each gap shares
    /// out what all rows leave).
    static func shared(_ n: Int, _ shape: String) -> String {
        let labels = (0..<n).map { "(label '((text . \"s\($0)\")))" }
        switch shape {
        case "collapse": return "(in (vseq \(labels.map { "(collapse-when-hidden \($0))" }.joined(separator: " "))) 'self.view)"
        case "baseline": return "(in (hseq 'baseline \(labels.joined(separator: " "))) 'self.view)"
        default:
            let rows = stride(from: 0, to: n - 1, by: 2).map { "(hseq \(labels[$0]) \(labels[$0 + 1]))" }
            return "(in (vseq* 4 'space-between \(rows.joined(separator: " "))) 'self.view)"
        }
    }

    static func locals(_ code: String) -> [Substring] {
        code.split(separator: "\n").filter { $0.contains("CGFloat htll") && !$0.contains("htllMirror") }
    }

    /// Up to 16 levels, nested aboves print the sums the original printed; deeper, the position
    /// after a view would be heavy enough to be named, and is the view's far edge instead (a
    /// term a line, no local). Positions after a row, which has no edge, are named.
    func testSixteenLevelsPrintTheSumsDeeperOnesTheFarEdge() throws {
        let shallow = try Layout(source: Self.stairs(16), file: "s.htll").objectiveC(.viewWillLayoutSubviews)
        XCTAssertEqual(Self.locals(shallow), [])
        XCTAssertFalse(shallow.contains("CGRectGetMax"), shallow)
        let sixteen = (1...16).map { "label\($0).bounds.size.height" }.joined(separator: " + ")
        XCTAssertTrue(shallow.contains("\nlabel17.frame = (CGRect) {{0, \(sixteen)}, "), shallow)
        let deep = try Layout(source: Self.stairs(20), file: "s.htll").objectiveC(.viewWillLayoutSubviews)
        XCTAssertEqual(Self.locals(deep), [], deep)
        XCTAssertTrue(deep.contains("\nlabel17.frame = (CGRect) {{0, \(sixteen)}, "), deep)
        XCTAssertTrue(deep.contains("\nlabel18.frame = (CGRect) {{0, CGRectGetMaxY(label17.frame)}, "), deep)
        XCTAssertTrue(deep.contains("\nlabel21.frame = (CGRect) {{0, CGRectGetMaxY(label20.frame)}, "), deep)
        // beside the same, along x.
        let wide = try Layout(source: Self.stairs(20).replacingOccurrences(of: "(above ", with: "(beside "), file: "s.htll")
            .objectiveC(.viewWillLayoutSubviews)
        XCTAssertTrue(wide.contains("\nlabel18.frame = (CGRect) {{CGRectGetMaxX(label17.frame), 0}, "), wide)
        // vv and >>: the position after the first child and the margin.
        let down = try Layout(source: Self.tails(20, "vv"), file: "s.htll").objectiveC(.viewWillLayoutSubviews)
        XCTAssertTrue(down.contains("\nlabel17.frame = (CGRect) {{0, CGRectGetMaxY(label16.frame) + 2}, "), down)
        XCTAssertTrue(down.contains("\nlabel16.frame = (CGRect) {{0, 30 + label1.bounds.size.height + "), down)
        // Their deep levels take their own length (what is left after the first child is the
        // rest's own length): no local for the area, no sum of the levels around.
        let fifteen = try XCTUnwrap(down.split(separator: "\n").first { $0.hasPrefix("label15.frame = ") })
        XCTAssertTrue(fifteen.contains("}, {self.view.bounds.size.width, self.view.bounds.size.height - "), down)
        XCTAssertTrue(down.contains("\nlabel17.frame = (CGRect) {{0, CGRectGetMaxY(label16.frame) + 2}, {self.view.bounds.size.width, label17.bounds.size.height}};"), down)
        XCTAssertEqual(Self.locals(down).count, 1, down)
        let across = try Layout(source: Self.tails(20, ">>"), file: "s.htll").objectiveC(.viewWillLayoutSubviews)
        XCTAssertTrue(across.contains("\nlabel17.frame = (CGRect) {{CGRectGetMaxX(label16.frame) + 2, 0}, {label17.bounds.size.width, self.view.bounds.size.height}};"), across)
        let boxes = try Layout(source: Self.boxes(20), file: "s.htll").objectiveC(.viewWillLayoutSubviews)
        XCTAssertFalse(Self.locals(boxes).isEmpty, boxes)
    }

    /// Nested aligned sequences are measured once per level and length: their solving time grew
    /// fourfold a level (12 levels took 2.4 s), as each level's share was
    /// made anew and missed what was measured at the same length before.
    func testNestedAlignedSequencesAreSolvedInLinearTime() throws {
        for (op, mode) in [("vseq", "center"), ("hseq", "end"), ("vseq", "start")] {
            // (About 0.1 s in a release build; 4^300 steps before: this did not return.)
            let code = try onLargeStack { try Layout(source: Self.alignedNest(300, op, mode), file: "n.htll").objectiveC(.viewWillLayoutSubviews) }
            XCTAssertEqual(code.components(separatedBy: ".frame = ").count - 1, 301, "\(op) \(mode)")
        }
    }

    /// The same for ^^, <<, v..., h... and vv with an alignment: a length named afresh at each
    /// visit is the same length as before (60 levels took 1 s, 120 more than a minute), and a
    /// level measured again in lengths made from another level's far edge is measured once for
    /// any length (240 levels took 4 s: each level was measured once for each level above it).
    func testNestedAlignedSplitsAreSolved() throws {
        for (op, mode) in [("^^", "'end"), ("<<", "'center"), ("v...", "'center"), ("h...", "'end"), ("vv", "'center")] {
            // (About 0.3 s each in a release build.)
            let code = try onLargeStack { try Layout(source: Self.alignedSplits(1_000, op, mode), file: "n.htll").objectiveC(.viewWillLayoutSubviews) }
            XCTAssertEqual(code.components(separatedBy: ".frame = ").count - 1, 1_001, "\(op) \(mode)")
        }
    }

    /// What a node measured for any length gives, put in place, is what measuring it in that
    /// length gives: every label of nested (^^ A R 'end) ends at the parent's right edge, of
    /// (<< A R 'center) is centred in the parent's height, and no two locals say the same.
    func testNestedAlignedSplitsPlaceEachLevelWhereItsAlignmentSays() throws {
        for (op, mode) in [("^^", "'end"), ("<<", "'center"), ("v...", "'end"), ("h...", "'center")] {
            let layout = try onLargeStack { try Layout(source: Self.alignedSplits(200, op, mode), file: "n.htll") }
            let frames = try layout.frames(width: 10_000, height: 10_000)
            XCTAssertEqual(frames.count, 201)
            let vertical = op == "^^" || op == "v..."
            for f in frames.dropLast() {
                if vertical {
                    XCTAssertEqual(f.x + f.width, 10_000, accuracy: 1e-6, "\(op) \(f.name)")
                } else {
                    XCTAssertEqual(f.y + f.height / 2, 5_000, accuracy: 1e-6, "\(op) \(f.name)")
                }
            }
            let code = try onLargeStack { try layout.objectiveC(.viewWillLayoutSubviews) }
            let definitions = Self.locals(code).map { $0.split(separator: "=", maxSplits: 1)[1] }
            XCTAssertEqual(Set(definitions).count, definitions.count, "\(op): a local defined twice")
        }
    }

    /// Nested vv and >> with an alignment across: each level's first child, held by an align node,
    /// takes its own length once the level above gave the rest its own (as a view does without
    /// the alignment), so the frame code stays short; the frames are where the alignment and the
    /// margin put them. (An align node measured its child at that length before placing it, and
    /// the measure gave the next level its length in between: every other level summed the levels
    /// below it, and 1,500 levels printed 1 MB of frame code.)
    func testNestedAlignedVvAndGtGtTakeTheirOwnLengths() throws {
        for (op, mode) in [("vv", "2 'center"), (">>", "2 'end")] {
            let layout = try onLargeStack { try Layout(source: Self.alignedSplits(200, op, mode), file: "n.htll") }
            let frames = try layout.frames(width: 10_000, height: 10_000)
            XCTAssertEqual(frames.count, 201)
            let vertical = op == "vv"
            // The first level's first child takes what the rest leaves; every later one its own.
            for (f, next) in zip(frames.dropFirst(), frames.dropFirst(2)) {
                if vertical {
                    XCTAssertEqual(f.x + f.width / 2, 5_000, accuracy: 1e-6, "\(op) \(f.name)")
                    XCTAssertEqual(next.y, f.y + f.height + 2, accuracy: 1e-6, "\(op) \(f.name)")
                } else {
                    XCTAssertEqual(f.y + f.height, 10_000, accuracy: 1e-6, "\(op) \(f.name)")
                    XCTAssertEqual(next.x, f.x + f.width + 2, accuracy: 1e-6, "\(op) \(f.name)")
                }
            }
            let deep = try onLargeStack { try Layout(source: Self.alignedSplits(1_500, op, mode), file: "n.htll").objectiveC(.viewWillLayoutSubviews) }
            XCTAssertLessThan(deep.utf8.count, 450_000, op)
            // Past the first levels a level's first child is written at its own length.
            XCTAssertTrue(deep.contains("{label700.bounds.size.width, label700.bounds.size.height}}"), op)
        }
    }

    /// A split aligned across is measured in a wrapped length once, not again at the length it
    /// found (60-solver.scm, place-node): its children, held by align nodes, take the same length
    /// along either way. So a flow in such a split, whose height depends on its width, is laid
    /// out at its own width in one line, and the next level starts right below it, centred, as
    /// at every level but the first of 30 nested (vv (flow 4 A B) R 2 'center); a row aligned on
    /// 'baseline in nested (^^ (h... 'baseline A B C) R 'end) has its labels on one line, the
    /// last at the right edge.
    func testNestedAlignedSplitsTakeAlongWhatTheirChildrenTookAtTheirOwnLength() throws {
        var flows = "(label '((text . \"end\")))", rows = flows
        for i in 0..<30 {
            flows = "(vv (flow 4 (label '((text . \"a\(i)\"))) (label '((text . \"bb\(i)\")))) \(flows) 2 'center)"
            rows = "(^^ (h... 'baseline (label '((text . \"a\(i)\"))) (label '((text . \"bb\(i)\"))) (label '((text . \"c\")))) \(rows) 'end)"
        }
        for (source, vertical) in [(flows, true), (rows, false)] {
            let frames = try Layout(source: "(in \(source) 'self.view)", file: "f.htll").frames(width: 400, height: 2_000)
            XCTAssertEqual(frames.count, vertical ? 61 : 91)
            let levels = stride(from: 0, to: frames.count - 1, by: vertical ? 2 : 3).map { Array(frames[$0..<($0 + (vertical ? 2 : 3))]) }
            // (The first level's first child of a vv takes what the rest leaves: it starts below.)
            let placed = vertical ? Array(levels.dropFirst()) : levels
            for (level, next) in zip(placed, placed.dropFirst()) {
                let (a, b) = (level[0], level[1])
                XCTAssertEqual(a.y, b.y, accuracy: 1e-6, "\(a.name) and \(b.name) on one line")
                XCTAssertEqual(b.x, a.x + a.width + (vertical ? 4 : 0), accuracy: 1e-6, b.name)
                let bottom = level.map { $0.y + $0.height }.max() ?? 0
                if vertical {
                    XCTAssertEqual((a.x + b.x + b.width) / 2, 200, accuracy: 1e-6, "\(a.name) centred")
                    XCTAssertEqual(next[0].y, bottom + 2, accuracy: 1e-6, next[0].name)
                } else {
                    XCTAssertEqual(level[2].x + level[2].width, 400, accuracy: 1e-6, "\(level[2].name) at the end")
                    XCTAssertEqual(next[0].y, bottom, accuracy: 1e-6, next[0].name)
                }
            }
        }
    }

    /// A split measured again at another length along takes across what it took before, without
    /// being laid out again, where that length cannot change (60-solver.scm, own-across): the
    /// frames are those of the same layout with each first child in a (padding 0 ...), which no
    /// split takes that way, so each of its levels is laid out at every length.
    func testSplitsMeasuredAgainTakeAcrossWhatEveryPassGives() throws {
        for (op, mode) in [("vv", "2 'center"), ("^^", "'end"), ("<<", "'center"), (">>", "2 'end"), ("^^", "4 'start"), (">>", "'start")] {
            var plain = "(label '((text . \"end\")))", padded = plain
            for i in 0..<60 {
                let first = "(label '((text . \"\(String(repeating: "w", count: 1 + i * 7 % 11))\")))"
                plain = "(\(op) \(first) \(plain) \(mode))"
                padded = "(\(op) (padding 0 \(first)) \(padded) \(mode))"
            }
            let fast = try Layout(source: "(in \(plain) 'self.view)", file: "f.htll").frames(width: 390, height: 3_000)
            let slow = try Layout(source: "(in \(padded) 'self.view)", file: "s.htll").frames(width: 390, height: 3_000)
            XCTAssertEqual(fast.count, 61)
            XCTAssertEqual(fast.map(\.name), slow.map(\.name))
            for (f, s) in zip(fast, slow) {
                for (a, b) in [(f.x, s.x), (f.y, s.y), (f.width, s.width), (f.height, s.height)] {
                    XCTAssertEqual(a, b, accuracy: 1e-6, "\(op) \(mode) \(f.name)")
                }
            }
        }
    }

    /// Every local is defined once, before the first line that uses it; none is left unused.
    func testLocalsAreDefinedBeforeTheirFirstUseAndUsed() throws {
        for source in [Self.boxes(60), Self.chains(40), Self.rows(60, "v..."), Self.rows(60, "vseq*", row: "hseq"), Self.rows(60, "wrapped", row: "hseq"),
                       Self.shared(60, "collapse"), Self.shared(60, "baseline"), Self.shared(60, "rows")] {
            let code = try Layout(source: source, file: "d.htll").objectiveC(.viewWillLayoutSubviews)
            let lines = code.split(separator: "\n").map(String.init)
            let defined = Self.locals(code).map { String($0.split(separator: " ")[1]) }
            XCTAssertFalse(defined.isEmpty)
            XCTAssertEqual(Set(defined).count, defined.count)
            for name in defined {
                let uses = lines.indices.filter { lines[$0].range(of: "\\b\(name)\\b", options: .regularExpression) != nil }
                XCTAssertGreaterThan(uses.count, 1, "\(name) is never used")
                XCTAssertTrue(lines[uses[0]].hasPrefix("CGFloat \(name) = "), "\(name) is used before it is defined")
            }
        }
    }

    /// Doubling the views (the depth, or the grid's area) about doubles the frame code: it is linear.
    func testFrameCodeGrowsLinearly() throws {
        let shapes: [@Sendable (Int) -> String] = [{ Self.stairs($0) }, { Self.boxes($0 / 2) }, { Self.chains($0 / 2) }, { Self.tails($0, "vv") },
                                         { Self.grid(Int(Double($0).squareRoot())) },
                                         { Self.rows($0 / 2, "v...") }, { Self.rows($0 / 2, "vseq*", row: "hseq") },
                                         { Self.rows($0 / 2, "wrapped", row: "hseq") }, { Self.aligned($0, "vseq") },
                                         { Self.aligned($0, "hseq*", "end") }, { Self.aligned($0, "h...", "start") },
                                         { Self.shared($0, "collapse") }, { Self.shared($0, "baseline") }, { Self.shared($0, "rows") },
                                         { Self.alignedNest($0 / 2) }, { Self.alignedNest($0 / 2, "hseq", "end") },
                                         { Self.alignedSplits($0 / 2, "^^", "'end") }, { Self.alignedSplits($0 / 2, "<<", "'center") },
                                         { Self.alignedSplits($0 / 2, "v...", "'center") }, { Self.alignedSplits($0 / 2, "vv", "'center") },
                                         { Self.besideAligned($0 / 2) }]
        for shape in shapes {
            let small = try onLargeStack { try Layout(source: shape(400), file: "d.htll").objectiveC(.viewWillLayoutSubviews).utf8.count }
            let large = try onLargeStack { try Layout(source: shape(800), file: "d.htll").objectiveC(.viewWillLayoutSubviews).utf8.count }
            XCTAssertLessThan(Double(large) / Double(small), 2.3, "\(small) -> \(large) bytes")
        }
        // 1,500 nested aboves: 150 KB of frame code (it was 33 MB; 0.5 MB with locals every 16 levels).
        let code = try onLargeStack { try Layout(source: Self.stairs(1_500), file: "d.htll").objectiveC(.viewWillLayoutSubviews) }
        XCTAssertLessThan(code.utf8.count, 200_000)
        // 1,500 nested vv or >>: about 320 KB (1 MB while each level's length was its area's less
        // the levels before it and the levels after it, in sums up to a local every 15 levels).
        for op in ["vv", ">>"] {
            let tail = try onLargeStack { try Layout(source: Self.tails(1_500, op), file: "d.htll").objectiveC(.viewWillLayoutSubviews) }
            XCTAssertLessThan(tail.utf8.count, 400_000, op)
        }
    }

    /// The concrete solver evaluates the far edges (and locals): each stair starts where the one
    /// above it ends.
    func testFramesFollowTheLocals() throws {
        let layout = try Layout(source: Self.stairs(40, ratio: "0.75"), file: "d.htll")
        let frames = try layout.frames(width: 100, height: 1_000_000)
        XCTAssertEqual(frames.count, 41)
        var top = 0.0, height = 1_000_000.0
        for f in frames.dropLast() {
            XCTAssertEqual(f.y, top, accuracy: 1e-6 * 1_000_000, f.name)
            XCTAssertEqual(f.height, height * 0.75, accuracy: 1e-3, f.name)
            top += height * 0.75
            height *= 0.25
        }
    }

    /// The locals pass the statement grammar and the stand-in header, and Swift parses its own.
    func testLocalsAreCodeTheCheckersAccept() throws {
        for (source, named) in [(Self.stairs(30), false), (Self.boxes(30), true), (Self.chains(40), true), (Self.grid(18), false),
                                (Self.rows(30, "v..."), true), (Self.rows(30, "vseq*", row: "hseq"), true), (Self.aligned(30, "vseq"), false),
                                (Self.shared(30, "collapse"), true), (Self.shared(30, "baseline"), true), (Self.shared(30, "rows"), true)] {
            let layout = try Layout(source: source, file: "d.htll")
            XCTAssertEqual(try CodeCheck.statementProblems(layout), [])
            XCTAssertEqual(try CodeCheck.compileProblems(layout), [])
            try ModifierSupport.swiftParses(layout)
            let swift = try layout.swift()
            XCTAssertEqual(swift.range(of: "\n        let htll[XYWH]1: CGFloat = ", options: .regularExpression) != nil, named, swift)
        }
    }

    /// A long row's height is the larger of all its views', and a baseline row's depth the deepest
    /// of their ascents: printed as a balanced tree of MAX (max in Swift), not a chain as deep as
    /// the row is long (Objective-C's MAX writes each argument twice: a chain of 30 was 2^30
    /// copies of its innermost term for the compiler). Chains up to eight operands print as they did.
    func testLongRowsPrintBalancedMaxima() throws {
        let labels = { (n: Int) in (0..<n).map { "(label '((text . \"m\($0)\")))" }.joined(separator: " ") }
        /// The deepest nesting of OPEN calls in TEXT.
        func depth(_ text: String, _ open: String) -> Int {
            var deepest = 0, stack: [Bool] = [], i = text.startIndex
            while i < text.endIndex {
                if text[i...].hasPrefix(open) {
                    stack.append(true); deepest = max(deepest, stack.filter { $0 }.count); i = text.index(i, offsetBy: open.count); continue
                }
                if text[i] == "(" { stack.append(false) } else if text[i] == ")", !stack.isEmpty { stack.removeLast() }
                i = text.index(after: i)
            }
            return deepest
        }
        for source in ["(in (v... (hseq \(labels(40))) (label '((text . \"end\")))) 'self.view)", Self.shared(40, "baseline")] {
            let layout = try Layout(source: source, file: "m.htll")
            let objc = try layout.objectiveC(.viewWillLayoutSubviews), swift = try layout.swift()
            XCTAssertEqual(depth(objc, "MAX("), 6, objc)
            XCTAssertEqual(depth(swift, "max("), 6, swift)
            XCTAssertEqual(try CodeCheck.compileProblems(layout), [])
        }
        let short = try Layout(source: "(in (v... (hseq \(labels(8))) (label '((text . \"end\")))) 'self.view)", file: "m.htll")
        let code = try short.objectiveC(.viewWillLayoutSubviews)
        XCTAssertTrue(code.contains("MAX(MAX(MAX(MAX(MAX(MAX(MAX(label1.bounds.size.height, label2.bounds.size.height), label3.bounds.size.height)"), code)
    }

    /// Past the layouts' nesting limit (2,000 levels) the command refuses the layout with a
    /// located error, not a crash or an unlocated one; 1,900 levels compile.
    func testNestingPastTheLimitIsALocatedError() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("htll-deep-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let deep = dir.appendingPathComponent("deep.htll").path, fine = dir.appendingPathComponent("fine.htll").path
        try Self.stairs(3_200).write(toFile: deep, atomically: true, encoding: .utf8)
        try Self.stairs(1_900).write(toFile: fine, atomically: true, encoding: .utf8)
        let refused = try onLargeStack { HTLLCommand.compile([deep, "--action", "view-will-layout-subviews"]) }
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.errorOutput.hasPrefix("\(deep):1:"), refused.errorOutput)
        XCTAssertTrue(refused.errorOutput.contains("error: expression nested too deeply (more than 2000 levels)"), refused.errorOutput)
        let compiled = try onLargeStack { HTLLCommand.compile([fine, "--action", "view-will-layout-subviews"]) }
        XCTAssertEqual(compiled.status, 0, compiled.errorOutput)
        XCTAssertTrue(compiled.output.contains("{{0, CGRectGetMaxY(label1900.frame)}, "), String(compiled.output.suffix(500)))
    }

    /// A view spelled like a local is renamed, with a located warning.
    func testViewsNamedLikeLocalsAreRenamed() throws {
        let layout = try Layout(source: "(let ((htllY1 (label '())) (htllW20 (label '())) (htllZ1 (label '())))\n"
                                    + " (in (vseq htllY1 htllW20 htllZ1) 'self.view))", file: "n.htll")
        // In reverse binding order, as htllc declared let-bound views (Tests/htllc-compat/04-let-reversed).
        XCTAssertEqual(try layout.declarations().map(\.name), ["htllZ1", "htllW20_", "htllY1_"])
        XCTAssertTrue(layout.warnings.contains { $0.hasPrefix("n.htll:1:") && $0.contains("the view htllY1 is named htllY1_") },
                      "\(layout.warnings)")
        XCTAssertTrue(FragmentChecker.isFrameLocal("htllH12"))
        XCTAssertFalse(FragmentChecker.isFrameLocal("htllH"))
        XCTAssertFalse(FragmentChecker.isFrameLocal("htllH1x"))
    }
}
