import Foundation
import HTLL
import XCTest
import HTLLCodeCheck

/// `htll compile --constraints`: the Objective-C and Swift state exactly the constraints of
/// `htll frames --constraints` (read back from the code), snapshots of a few examples, and the
/// frame code is gone.
final class ConstraintCodeTests: XCTestCase {
    static let golden = ConstraintEquivalenceTests.repository.appendingPathComponent("Tests/constraints/golden")

    /// One constraint as the JSON states it: first item.attribute, relation, multiplier, second
    /// item.attribute (or ""), constant, priority.
    struct Stated: Hashable, CustomStringConvertible {
        var first: String, relation: String, multiplier: Double, second: String, constant: Double, priority: Int
        var description: String { "\(first) \(relation) \(multiplier) * \(second) + \(constant) @\(priority)" }
    }

    static func fromJSON(_ json: String) throws -> [Stated] {
        let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let list = try XCTUnwrap(root["constraints"] as? [[String: Any]])
        return try list.map { c in
            Stated(first: try XCTUnwrap(c["first"] as? String), relation: try XCTUnwrap(c["relation"] as? String),
                   multiplier: try XCTUnwrap(c["multiplier"] as? Double), second: c["second"] as? String ?? "",
                   constant: try XCTUnwrap(c["constant"] as? Double), priority: try XCTUnwrap(c["priority"] as? Int))
        }
    }

    static let relations = ["equal": "==", "greaterThanOrEqual": ">=", "lessThanOrEqual": "<="]

    /// The item of an anchor as the JSON names it: `views.` (the Swift holder) dropped.
    static func item(_ text: Substring) -> String {
        text.hasPrefix("views.") ? String(text.dropFirst(6)) : String(text)
    }

    /// An anchor `item.nameAnchor` as `item.name`.
    static func anchor(_ text: Substring) -> String? {
        guard text.hasSuffix("Anchor"), let dot = text.lastIndex(of: ".") else { return nil }
        return item(text[..<dot]) + "." + text[text.index(after: dot)...].dropLast(6)
    }

    /// The constraints Swift code activates, read back from its lines.
    static func fromSwift(_ code: String) throws -> [Stated] { try swiftSets(code).flatMap { $0 } }

    /// The constraint sets Swift code activates: one, or one per trait branch.
    static func swiftSets(_ code: String) throws -> [[Stated]] {
        let lines = code.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        func parse(_ e: String) throws -> Stated {
            // a.xAnchor.constraint(equalTo: b.yAnchor, multiplier: m, constant: c) / (equalToConstant: c)
            let open = try XCTUnwrap(e.range(of: ".constraint("), e)
            let first = try XCTUnwrap(anchor(e[..<open.lowerBound]), e)
            var args = e[open.upperBound...].dropLast()
            XCTAssertTrue(e.hasSuffix(")"), e)
            let relationWord = try XCTUnwrap(relations.keys.first { args.hasPrefix($0 + "To") }, e)
            args = args.dropFirst(relationWord.count + 2)
            if args.hasPrefix("Constant: ") {
                return Stated(first: first, relation: relations[relationWord]!, multiplier: 1, second: "",
                              constant: try XCTUnwrap(Double(args.dropFirst(10)), e), priority: 1000)
            }
            let parts = args.dropFirst(2).components(separatedBy: ", ")
            var s = Stated(first: first, relation: relations[relationWord]!, multiplier: 1,
                           second: try XCTUnwrap(anchor(Substring(parts[0])), e), constant: 0, priority: 1000)
            for p in parts.dropFirst() {
                if p.hasPrefix("multiplier: ") { s.multiplier = try XCTUnwrap(Double(p.dropFirst(12)), e) }
                else if p.hasPrefix("constant: ") { s.constant = try XCTUnwrap(Double(p.dropFirst(10)), e) }
                else { XCTFail("unknown argument \(p) in \(e)") }
            }
            return s
        }
        let branches = code.contains("let htllBranch = [")
        return try activatedSets(lines, opening: branches ? "let htllBranch = [" : "NSLayoutConstraint.activate([",
                                 closing: branches ? "]" : "])", declaration: "let ",
                                 priority: ".priority = UILayoutPriority(", parse: parse)
    }

    /// STATED with every guide's number left out (a branch numbers its guides after the
    /// guides of the branches before it), sorted.
    static func normalized(_ stated: [Stated]) -> [String] {
        stated.map { $0.description.replacingOccurrences(of: #"htllGuide[0-9]+"#, with: "htllGuide", options: .regularExpression) }.sorted()
    }

    /// The constraints of the activate call in LINES, from OPENING to CLOSING: each parsed by
    /// PARSE, or a named one (declared after DECLARATION, its priority set after PRIORITY).
    static func activated(_ lines: [String], opening: String, closing: String, declaration: String, priority: String,
                          parse: (String) throws -> Stated) throws -> [Stated] {
        try activatedSets(lines, opening: opening, closing: closing, declaration: declaration, priority: priority, parse: parse)
            .flatMap { $0 }
    }

    /// Like `activated`, one array of constraints per OPENING ... CLOSING (a trait branch's set each).
    static func activatedSets(_ lines: [String], opening: String, closing: String, declaration: String, priority: String,
                              parse: (String) throws -> Stated) throws -> [[Stated]] {
        var named: [String: Stated] = [:], sets: [[Stated]] = [], result: [Stated] = [], inActivate = false
        for l in lines {
            if l == opening { inActivate = true; continue }
            if l == closing && inActivate { inActivate = false; sets.append(result); result = []; continue }
            if l.hasPrefix(declaration + "htllConstraint"), let eq = l.range(of: " = ") {
                let e = String(l[eq.upperBound...])
                named[String(l[l.index(l.startIndex, offsetBy: declaration.count)..<eq.lowerBound])] = try parse(e.hasSuffix(";") ? String(e.dropLast()) : e)
            } else if l.hasPrefix("htllConstraint"), let eq = l.range(of: priority) {
                named[String(l[..<eq.lowerBound])]?.priority = try XCTUnwrap(Int(l[eq.upperBound...].dropLast()), l)
            } else if inActivate {
                let e = l.hasSuffix(",") ? String(l.dropLast()) : l
                result.append(e.hasPrefix("htllConstraint") ? try XCTUnwrap(named[e], e) : try parse(e))
            }
        }
        return sets
    }

    /// The constraints Objective-C code activates, read back from its lines.
    static func fromObjC(_ code: String) throws -> [Stated] { try objcSets(code).flatMap { $0 } }

    /// The constraint sets Objective-C code activates: one, or one per trait branch.
    static func objcSets(_ code: String) throws -> [[Stated]] {
        let lines = code.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        func parse(_ e: String) throws -> Stated {
            // [a.xAnchor constraintEqualToAnchor:b.yAnchor multiplier:m constant:c] / [... constraintEqualToConstant:c]
            XCTAssertTrue(e.hasPrefix("[") && e.hasSuffix("]"), e)
            let words = e.dropFirst().dropLast().split(separator: " ")
            let first = try XCTUnwrap(anchor(words[0]), e)
            let message = words[1]
            let word = try XCTUnwrap(relations.keys.first { message.hasPrefix("constraint" + $0.prefix(1).uppercased() + $0.dropFirst() + "To") }, e)
            let rest = message.dropFirst(10 + word.count + 2)
            if rest.hasPrefix("Constant:") {
                return Stated(first: first, relation: relations[word]!, multiplier: 1, second: "",
                              constant: try XCTUnwrap(Double(rest.dropFirst(9)), e), priority: 1000)
            }
            XCTAssertTrue(rest.hasPrefix("Anchor:"), e)
            var s = Stated(first: first, relation: relations[word]!, multiplier: 1,
                           second: try XCTUnwrap(anchor(rest.dropFirst(7)), e), constant: 0, priority: 1000)
            for p in words.dropFirst(2) {
                if p.hasPrefix("multiplier:") { s.multiplier = try XCTUnwrap(Double(p.dropFirst(11)), e) }
                else if p.hasPrefix("constant:") { s.constant = try XCTUnwrap(Double(p.dropFirst(9)), e) }
                else { XCTFail("unknown argument \(p) in \(e)") }
            }
            return s
        }
        let branches = code.contains(FragmentChecker.branchOpening)
        return try activatedSets(lines, opening: branches ? FragmentChecker.branchOpening : FragmentChecker.activateOpening,
                                 closing: branches ? FragmentChecker.branchEnd : "nil]];",
                                 declaration: "NSLayoutConstraint * ", priority: ".priority = ", parse: parse)
    }

    /// Every example the constraints can state: its Swift (controller and UIView) and Objective-C
    /// activate the constraints of its JSON, no more, no less; and no frame code is left.
    func testCodeStatesTheConstraintsOfTheJSON() throws {
        var checked = 0
        for url in try GoldenTests.layoutFiles() {
            let name = url.deletingPathExtension().lastPathComponent
            let layout = try Layout(contentsOfFile: url.path)
            guard let json = try? layout.constraintsJSON(canvas: Layout.Canvas(width: 390, height: 844)) else { continue }
            try layout.setConstraintsOutput(true)
            let swift = try layout.swift(className: "ViewController")
            if swift.contains("htllBranch1") {
                try checkBranches(layout, name: name)
                checked += 1
                continue
            }
            let expected = try Self.fromJSON(json)
            XCTAssertFalse(expected.isEmpty, name)
            XCTAssertEqual(try Self.fromSwift(swift), expected, name)
            XCTAssertFalse(swift.contains(".frame ="), name)
            XCTAssertFalse(swift.contains("sizeToFit"), name)
            let objc = try layout.objectiveCCategory()
            XCTAssertEqual(try Self.fromObjC(objc), expected, name)
            XCTAssertFalse(objc.contains(".frame ="), name)
            XCTAssertFalse(objc.contains("layoutViewWillLayoutSubviews"), name)
            if !layout.isCellLayout {
                let view = try layout.swift(viewName: "LayoutView")
                let asView = try Self.fromJSON(json.replacingOccurrences(of: "\"self.view.", with: "\"self."))
                XCTAssertEqual(try Self.fromSwift(view), asView, name)
                XCTAssertFalse(view.contains("layoutSubviews"), name)
            }
            checked += 1
        }
        XCTAssertGreaterThan(checked, 15)
    }

    /// The representative screens of the trait branches (82-variants.scm) and a few more.
    static let branchCanvases: [Layout.Canvas] = [("iphone-16", false), ("iphone-16", true), ("iphone-16-plus", true),
                                                  ("ipad", false), ("ipad", true), ("iphone-se", false)].compactMap { d in
        DevicePreset.named(d.0).map { Layout.Canvas(screen: PreviewScreen(device: $0, landscape: d.1), rightToLeft: false) }
    }

    /// A layout whose trait branches differ: every branch's set in its Swift (controller, UIView,
    /// cell) and Objective-C is the JSON's of a screen in that branch, every screen's JSON is one
    /// branch's set, and the sets are activated where the frame code would run.
    func checkBranches(_ layout: Layout, name: String) throws {
        XCTAssertEqual(Self.branchCanvases.count, 6)
        let jsons = try Self.branchCanvases.map { Self.normalized(try Self.fromJSON(try layout.constraintsJSON(canvas: $0))) }
        let swift = try layout.swift(className: "ViewController")
        var codes: [(String, Bool)] = [(swift, true), (try layout.objectiveCCategory(), false)]
        if !layout.isCellLayout { codes.append((try layout.swift(viewName: "LayoutView").replacingOccurrences(of: "self.", with: "self.view."), true)) }
        for (code, isSwift) in codes {
            let sets = try (isSwift ? Self.swiftSets(code) : Self.objcSets(code)).map(Self.normalized)
            XCTAssertGreaterThan(sets.count, 1, name)
            for s in sets { XCTAssertTrue(jsons.contains(s), "\(name): a branch's set is no screen's: \(s)") }
            for j in jsons { XCTAssertTrue(sets.contains(j), "\(name): a screen's constraints are no branch's: \(j)") }
            XCTAssertFalse(code.contains(".frame ="), name)
            XCTAssertFalse(code.contains("sizeToFit"), name)
        }
        if !layout.isCellLayout {
            XCTAssertTrue(swift.contains("func layoutViewWillLayoutSubviews()"), name)
            XCTAssertTrue(try layout.objectiveCCategory().contains("- (void)layoutViewWillLayoutSubviews {"), name)
        }
    }

    /// Views that collapse while hidden: the code states one set per combination of hidden views,
    /// in order (all shown first; the first view's state changes last), each the JSON of the
    /// layout whose views have those hidden attributes; the layout pass picks it from `hidden`.
    func checkCollapseSets() throws {
        let combinations = (0..<8).map { i in [i & 4 != 0, i & 2 != 0, i & 1 != 0] }
        let canvas = Layout.Canvas(width: 390, height: 844)
        let jsons = try combinations.map { flags in
            Self.normalized(try Self.fromJSON(try Layout(source: ConstraintEquivalenceTests.collapseCode(flags), file: "c.htll")
                .constraintsJSON(canvas: canvas)))
        }
        XCTAssertEqual(Set(jsons).count, 8, "every combination gives its own set")
        let layout = try Layout(source: ConstraintEquivalenceTests.collapseCode([false, false, false]), file: "c.htll")
        try layout.setConstraintsOutput(true)
        let swift = try layout.swift(className: "ViewController")
        let objc = try layout.objectiveCCategory()
        XCTAssertEqual(try Self.swiftSets(swift).map(Self.normalized), jsons)
        XCTAssertEqual(try Self.objcSets(objc).map(Self.normalized), jsons)
        XCTAssertEqual(try Self.swiftSets(try layout.swift(viewName: "LayoutView").replacingOccurrences(of: "self.", with: "self.view."))
            .map(Self.normalized), jsons)
        XCTAssertTrue(swift.contains("if !views.a.isHidden && !views.b.isHidden && !views.c.isHidden {"), swift)
        XCTAssertTrue(swift.contains("} else if views.a.isHidden && views.b.isHidden && !views.c.isHidden {"), swift)
        XCTAssertTrue(objc.contains("} else if (a.hidden && !b.hidden && c.hidden) {"), objc)
        XCTAssertTrue(swift.contains("func layoutViewWillLayoutSubviews()"), swift)
        XCTAssertTrue(objc.contains("- (void)layoutViewWillLayoutSubviews {"), objc)
    }

    /// The equivalence corpus (alignments, baselines, define-primitive nodes): its Swift and
    /// Objective-C activate the constraints of its JSON, read as the emitter's statements and
    /// compile against the stand-in header.
    func testCorpusCodeStatesTheConstraintsOfTheJSON() throws {
        for (name, source) in ConstraintEquivalenceTests.corpus.sorted(by: { $0.key < $1.key }) {
            let layout = try Layout(source: source, file: "\(name).htll")
            let expected = try Self.fromJSON(try layout.constraintsJSON(canvas: Layout.Canvas(width: 390, height: 844)))
            try layout.setConstraintsOutput(true)
            if name == "collapse-code" {
                try checkCollapseSets()
            } else if try layout.swift(className: "ViewController").contains("htllBranch1") {
                try checkBranches(layout, name: name)
            } else {
                XCTAssertEqual(try Self.fromSwift(try layout.swift(className: "ViewController")), expected, name)
                XCTAssertEqual(try Self.fromObjC(try layout.objectiveCCategory()), expected, name)
            }
            XCTAssertEqual(try CodeCheck.statementProblems(layout), [], name)
            XCTAssertEqual(try CodeCheck.compileProblems(layout), [], name)
        }
    }

    /// `htll preview --outline --constraints` draws a line (or a dot) for every constraint from a
    /// view's position anchor, where the frames put the anchors, mirrored in right-to-left canvases;
    /// a snapshot for examples/login (HTLL_UPDATE_GOLDEN=1 rewrites it).
    func testPreviewDrawsTheConstraints() throws {
        let update = ProcessInfo.processInfo.environment["HTLL_UPDATE_GOLDEN"] == "1"
        let url = GoldenTests.examples.appendingPathComponent("login.htll")
        let layout = try Layout(source: String(contentsOf: url, encoding: .utf8), file: "examples/login.htll")
        let screen = PreviewScreen(device: try XCTUnwrap(DevicePreset.named("iphone-15")), landscape: false)
        var options = SVGPreview.Options(outline: true)
        options.constraints = true
        let svg = try SVGPreview.render(layout, screens: [screen], options: options)
        let json = try layout.constraintsJSON(canvas: Layout.Canvas(screen: screen, rightToLeft: false))
        let views = Set(try XCTUnwrap((try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])?["views"] as? [[String: Any]])
            .compactMap { $0["name"] as? String })
        let fromViews = try Self.fromJSON(json).filter {
            views.contains(String($0.first.split(separator: ".")[0])) && !$0.second.isEmpty
                && !["width", "height"].contains(String($0.first.split(separator: ".").last ?? ""))
        }
        XCTAssertEqual(svg.components(separatedBy: "<g class=\"constraint\"").count - 1, fromViews.count)
        XCTAssertTrue(svg.contains("data-constraint=\"user.top == heading.bottom + 20\""), svg)
        // Without --constraints the outline is unchanged.
        XCTAssertFalse(try SVGPreview.render(layout, screens: [screen], options: .init(outline: true)).contains("class=\"constraints\""))
        // Right to left: the leading anchors are the right edges, so the lines move with the frames.
        options.rightToLeft = true
        let rtl = try SVGPreview.render(layout, screens: [screen], options: options)
        XCTAssertNotEqual(rtl, svg)
        let file = Self.golden.appendingPathComponent("login-outline.svg")
        if update {
            try svg.write(to: file, atomically: true, encoding: .utf8)
        } else {
            XCTAssertEqual(svg, try String(contentsOf: file, encoding: .utf8), "login-outline.svg (HTLL_UPDATE_GOLDEN=1 rewrites it)")
        }
    }

    /// Snapshots of the code for a few examples; HTLL_UPDATE_GOLDEN=1 rewrites them.
    func testGoldenConstraintCode() throws {
        let update = ProcessInfo.processInfo.environment["HTLL_UPDATE_GOLDEN"] == "1"
        // Examples, and from the equivalence corpus the sets per combination of hidden views and a
        // cell with trait branches.
        let corpus = ["collapse-code", "traits-cell"]
        for name in ["readme-above", "login", "gearcalc", "spacing", "cell", "safe-area", "baseline", "settings", "traits"] + corpus {
            let layout: Layout
            if let source = ConstraintEquivalenceTests.corpus[name], corpus.contains(name) {
                layout = try Layout(source: source, file: "\(name).htll")
            } else {
                let url = GoldenTests.examples.appendingPathComponent("\(name).htll")
                layout = try Layout(source: String(contentsOf: url, encoding: .utf8), file: "examples/\(name).htll")
            }
            try layout.setConstraintsOutput(true)
            for (ext, code) in [("swift", try layout.swift(className: "ViewController")), ("m", try layout.objectiveCCategory())] {
                let file = Self.golden.appendingPathComponent("\(name).\(ext)")
                if update {
                    try FileManager.default.createDirectory(at: Self.golden, withIntermediateDirectories: true)
                    try code.write(to: file, atomically: true, encoding: .utf8)
                } else {
                    XCTAssertEqual(code, try String(contentsOf: file, encoding: .utf8), "\(name).\(ext) (HTLL_UPDATE_GOLDEN=1 rewrites it)")
                }
            }
        }
    }

    /// The command line: --constraints with --swift, --objc and --action.
    func testCompileCommandTakesConstraints() throws {
        let file = GoldenTests.examples.appendingPathComponent("readme-above.htll").path
        let swift = HTLLCommand.swift([file, "--swift", "--constraints"])
        XCTAssertEqual(swift.status, 0, swift.errorOutput)
        XCTAssertTrue(swift.output.contains("views.label2.topAnchor.constraint(equalTo: views.label1.bottomAnchor)"), swift.output)
        let objc = HTLLCommand.compile([file, "--objc", "--constraints"])
        XCTAssertEqual(objc.status, 0, objc.errorOutput)
        XCTAssertTrue(objc.output.contains("[label2.topAnchor constraintEqualToAnchor:label1.bottomAnchor]"), objc.output)
        let load = HTLLCommand.compile([file, "--action", "view-did-load", "--constraints"])
        XCTAssertTrue(load.output.contains("label1.translatesAutoresizingMaskIntoConstraints = NO;"), load.output)
        XCTAssertTrue(load.output.contains("[NSLayoutConstraint activateConstraints:[NSArray arrayWithObjects:"), load.output)
        XCTAssertEqual(HTLLCommand.compile([file, "--action", "view-will-layout-subviews", "--constraints"]).output, "")
        // A layout whose trait branches differ: one set per branch, activated by the layout pass.
        let traits = GoldenTests.examples.appendingPathComponent("traits.htll").path
        let branches = HTLLCommand.compile([traits, "--action", "view-will-layout-subviews", "--constraints"])
        XCTAssertEqual(branches.status, 0, branches.errorOutput)
        XCTAssertTrue(branches.output.contains("[NSLayoutConstraint activateConstraints:htllBranch];"), branches.output)
        XCTAssertTrue(branches.output.contains("[NSLayoutConstraint deactivateConstraints:htllActive];"), branches.output)
        let setup = HTLLCommand.compile([traits, "--action", "view-did-load", "--constraints"])
        XCTAssertTrue(setup.output.contains("htllGuide1.identifier = @\"htllGuide1\";"), setup.output)
        XCTAssertFalse(setup.output.contains("activateConstraints"), setup.output)
    }
}

extension ConstraintCodeTests {
    /// The README's "Frames or constraints?" shows the code htll writes for examples/readme-above.htll.
    func testReadmeShowsTheCodeBothWays() throws {
        let readme = try String(contentsOf: ConstraintEquivalenceTests.repository.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try XCTUnwrap(readme.components(separatedBy: "### Frames or constraints?").dropFirst().first)
        let blocks = section.components(separatedBy: "```swift\n").dropFirst().prefix(2).map { $0.components(separatedBy: "```")[0] }
        XCTAssertEqual(blocks.count, 2)
        let file = GoldenTests.examples.appendingPathComponent("readme-above.htll").path
        let frames = HTLLCommand.swift([file, "--swift"]).output
        let constraints = HTLLCommand.swift([file, "--swift", "--constraints"]).output
        for (block, code) in zip(blocks, [frames, constraints]) {
            let lines = block.split(separator: "\n").filter { !$0.hasPrefix("//") }
            XCTAssertFalse(lines.isEmpty)
            // The block is a run of the code's lines (the code indents them further).
            let codeLines = code.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            let first = try XCTUnwrap(codeLines.firstIndex(of: lines[0].trimmingCharacters(in: .whitespaces)), String(lines[0]))
            XCTAssertEqual(Array(codeLines[first..<min(codeLines.count, first + lines.count)]), lines.map { $0.trimmingCharacters(in: .whitespaces) })
        }
    }
}

extension ConstraintCodeTests {
    /// The constraint code is held to the emitter's grammar and compiles against the stand-in
    /// header (GNU Objective-C), as the frame code is (GeneratedCodeCheckTests).
    func testConstraintCodeReadsAsTheEmittersStatementsAndCompiles() throws {
        var checked = 0
        for url in try GoldenTests.layoutFiles() {
            let layout = try Layout(contentsOfFile: url.path)
            try layout.setConstraintsOutput(true)
            guard (try? layout.objectiveCCategory()) != nil else { continue }
            XCTAssertEqual(try CodeCheck.statementProblems(layout), [], url.lastPathComponent)
            XCTAssertEqual(try CodeCheck.compileProblems(layout), [], url.lastPathComponent)
            checked += 1
        }
        XCTAssertGreaterThan(checked, 15)
        // What an injection would add to the constraint lines is refused.
        let check = try CodeCheck.check()
        let checker = FragmentChecker(vocabulary: check.header.vocabulary, views: ["label1"], objects: ["self", "view"], selectors: [])
        var activating = false
        for good in ["UILayoutGuide * htllGuide1 = [[UILayoutGuide alloc] init];", "[self.view addLayoutGuide:htllGuide1];",
                     "NSLayoutConstraint * htllConstraint1 = [label1.widthAnchor constraintEqualToAnchor:htllGuide1.widthAnchor multiplier:0.5 constant:-8];",
                     "htllConstraint1.priority = 999;", "label1.translatesAutoresizingMaskIntoConstraints = NO;",
                     "[label1 setContentHuggingPriority:UILayoutPriorityRequired forAxis:UILayoutConstraintAxisVertical];"] {
            XCTAssertNil(checker.problem(inLine: good, activating: &activating), good)
        }
        XCTAssertNil(checker.problem(inLine: FragmentChecker.activateOpening, activating: &activating))
        XCTAssertTrue(activating)
        for good in ["    [label1.topAnchor constraintEqualToAnchor:self.view.safeAreaLayoutGuide.topAnchor constant:20],",
                     "    htllConstraint1,", "    [label1.heightAnchor constraintGreaterThanOrEqualToConstant:44],"] {
            XCTAssertNil(checker.problem(inLine: good, activating: &activating), good)
        }
        for bad in ["    [label1.topAnchor constraintEqualToAnchor:other.topAnchor],", "    system(\"id\"),",
                    "    [label1.topAnchor constraintEqualToAnchor:self.view.topAnchor]; system(\"id\");",
                    "    [label1 removeFromSuperview],", "    [label1.frame constraintEqualToConstant:1],"] {
            var inside = true
            XCTAssertNotNil(checker.problem(inLine: bad, activating: &inside), bad)
        }
        XCTAssertNil(checker.problem(inLine: FragmentChecker.activateEnd, activating: &activating))
        XCTAssertFalse(activating)
        for bad in ["UILayoutGuide * label1 = [[UILayoutGuide alloc] init];", "htllConstraint1.priority = system(\"id\");",
                    "NSLayoutConstraint * htllConstraint1 = [label1 removeFromSuperview];", "    htllConstraint1,"] {
            var outside = false
            XCTAssertNotNil(checker.problem(inLine: bad, activating: &outside), bad)
        }
    }
}

extension ConstraintCodeTests {
    /// Views named like the constraint code's locals and types, or like reserved words, are
    /// renamed; the code with guides and named constraints reads as the emitter's statements,
    /// compiles, and parses as Swift, whatever the parent's key path.
    func testHostileNamesReachTheConstraintCodeRenamed() throws {
        let names = ["default", "int", "id", "init", "UIView", "htllGuide1", "htllConstraint2", "UILayoutGuide",
                     "NSLayoutConstraint", "htllMirror", "sender", "tableView"]
        let bindings = names.enumerated().map { "(\($0.element) (label '((text . \"\($0.offset)\"))))" }.joined(separator: "\n  ")
        for parent in ["(in-safe-area", "(in"] {
            let source = """
                (let* (\(bindings))
                  \(parent) (center (vseq* 4 'space-between \(names.joined(separator: " "))) 0.1 0.1) 'self.cardView))
                """
            let layout = try Layout(source: source, file: "names.htll")
            try layout.setConstraintsOutput(true)
            let declared = try layout.declarations().map(\.name)
            XCTAssertEqual(Set(declared).count, names.count)
            for reserved in ["htllGuide1", "htllConstraint2", "UILayoutGuide", "NSLayoutConstraint"] {
                XCTAssertFalse(declared.contains(reserved), "\(reserved) is renamed: \(declared)")
            }
            let objc = try layout.objectiveCCategory()
            XCTAssertTrue(objc.contains("htllConstraint1.priority = 999;") && objc.contains("[self.cardView addLayoutGuide:htllGuide1];"), objc)
            XCTAssertEqual(try CodeCheck.statementProblems(layout), [], parent)
            XCTAssertEqual(try CodeCheck.compileProblems(layout), [], parent)
            try ModifierSupport.swiftParses(layout)
        }
    }
}
