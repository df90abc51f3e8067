import XCTest
import HTLL

/// htll as a drop-in for the original htllc, checked against the original's own output.
///
/// `Tests/htllc-compat/` holds layouts written for the comparison and, for them and for every
/// `examples/*.htll`, what the original htllc (guile-2.2) printed for each action:
/// `NAME/ACTION.htllc`, or `NAME/ACTION.htllc-error` where it failed. `Tests/htllc-compat/compare`
/// regenerates those files on a machine that has the original; this test needs only the files.
/// The layouts' own goldens (`NAME/ACTION.m`, `NAME/warnings.txt`) are what `htllc -v ios6 ACTION FILE`
/// prints today. Every fragment the original printed is then classified: the same text; the same
/// text once the original's known defects are mended (`Mend`, each named); the same frames when
/// both frame fragments run against a UIView shim at several sizes; or a difference listed in
/// `explained` with its reason. Where the original failed, htll must print code. The
/// classification is written to `Tests/htllc-compat/REPORT.md` (HTLL_UPDATE_GOLDEN=1 rewrites it,
/// and the goldens).
final class HtllcCompatibilityTests: XCTestCase {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("htllc-compat")

    /// Defects of the original that make its text differ from htll's while meaning the same (or
    /// meaning what it could not compile to). Applied in order to the original's text.
    enum Mend: String, CaseIterable {
        /// `sign-in` is not an Objective-C identifier: htll writes `signIn`.
        case identifiers = "identifiers camelCased"
        /// UITextViewMode* does not exist; UITextFieldViewMode* is the documented constant.
        case viewModeConstant = "UITextFieldViewMode constant"
        /// The original printed an empty line for the constructor-only `items` attribute.
        case blankLines = "blank lines dropped"
        /// For `(in-cell ... 'cell.contentView)`, as its README writes it, the original named the
        /// cell `cell.contentView` (and its parent `cell.contentView.contentView`).
        case cellContentView = "cell named cell"
        /// A second name for a view (`(b a)`): the original created a second, never laid out view;
        /// htll makes the second property hold the same view (`b = a;`).
        case aliases = "alias holds the same view"
        /// The original printed exact ratios such as `1/3`, which C divides as integers (0): in
        /// `1/3 * width` the view got no width. htll prints the number, 0.3333333333.
        case exactRatios = "ratios as decimals"
        /// The original built a title-text-attributes dictionary's key-value pairs in reverse; the
        /// dictionary is the same.
        case dictionaryOrder = "dictionary pairs in order"

        func apply(_ text: String, names: [String: String], aliases: [String: String]) -> String {
            switch self {
            case .exactRatios:
                guard let regex = try? NSRegularExpression(pattern: #"(?<![\w.])(\d+)/(\d+)(?![\w.])"#) else { return text }
                var t = text
                for m in regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).reversed() {
                    guard let all = Range(m.range, in: text), let a = Range(m.range(at: 1), in: text), let b = Range(m.range(at: 2), in: text),
                          let n = Double(text[a]), let d = Double(text[b]), d != 0 else { continue }
                    t.replaceSubrange(all, with: String(format: "%.10f", n / d))
                }
                return t
            case .dictionaryOrder:
                let head = "[NSDictionary dictionaryWithObjectsAndKeys:"
                return text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
                    guard let start = line.range(of: head), let end = line.range(of: ", nil]", range: start.upperBound..<line.endIndex) else {
                        return String(line)
                    }
                    // Split at the commas outside brackets and parentheses, then reverse the pairs.
                    var items: [String] = [], depth = 0, current = ""
                    for c in line[start.upperBound..<end.lowerBound] {
                        if "[(".contains(c) { depth += 1 } else if "])".contains(c) { depth -= 1 }
                        if c == ",", depth == 0 { items.append(current.trimmingCharacters(in: .whitespaces)); current = "" } else { current.append(c) }
                    }
                    items.append(current.trimmingCharacters(in: .whitespaces))
                    guard items.count % 2 == 0 else { return String(line) }
                    let pairs = stride(from: 0, to: items.count, by: 2).map { items[$0] + ", " + items[$0 + 1] }
                    return line[..<start.upperBound] + pairs.reversed().joined(separator: ", ") + line[end.lowerBound...]
                }.joined(separator: "\n")
            case .identifiers:
                var t = text
                // Longest first, so `hidden-top-bar` is not caught by `hidden-top`.
                for (old, new) in names.sorted(by: { $0.key.count > $1.key.count }) where old != new {
                    t = t.replacingOccurrences(of: old, with: new)
                }
                return t
            case .viewModeConstant:
                return text.replacingOccurrences(of: "UITextViewMode", with: "UITextFieldViewMode")
            case .blankLines:
                return text.split(separator: "\n", omittingEmptySubsequences: true).map { $0 + "\n" }.joined()
            case .cellContentView:
                return text.replacingOccurrences(of: "cell.contentView.contentView", with: "cell.contentView")
                    .replacingOccurrences(of: "UITableViewCell * cell.contentView =", with: "UITableViewCell * cell =")
                    .replacingOccurrences(of: "if (cell.contentView == nil)", with: "if (cell == nil)")
                    .replacingOccurrences(of: "cell.contentView = [[UITableViewCell", with: "cell = [[UITableViewCell")
            case .aliases:
                var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                for (alias, view) in aliases {
                    // The creation (or a reused cell's fetch) of the alias becomes `alias = view;`;
                    // adding it to its parent and its attributes go.
                    lines = lines.compactMap { line in
                        if line.hasPrefix(alias + " = ") { return "\(alias) = \(view);" }
                        if (line.hasPrefix("[") && line.hasSuffix(" addSubview:\(alias)];")) || line.hasPrefix(alias + ".") { return nil }
                        return line
                    }
                }
                return lines.joined(separator: "\n")
            }
        }
    }

    /// Differences no mend covers, by "LAYOUT ACTION", with why htll differs.
    static let explained: [String: String] = [
        "32-left-view view-did-load": "the image view only the text field's left-view shows is not added to self.view (UIKit moves it into the field)",
    ]

    /// One fragment of the original and how htll's compares.
    struct Row {
        var layout: String, action: String, verdict: String
    }

    /// A layout under comparison, loaded once (not strict, as htllc loads it).
    struct Subject {
        let name: String
        let source: URL
        /// Whether its htll output is a golden here (the examples have theirs in examples/).
        let golden: Bool
        let layout: Layout
        let actions: [HTLL.Action]
        /// Alias name => view name (`b = a;` in htll's view-did-load or cell-init).
        let aliases: [String: String]
        /// htll's names of the views no variable names (label1, ...).
        let inline: [String]

        init(name: String, source: URL, golden: Bool) throws {
            self.name = name
            self.source = source
            self.golden = golden
            layout = try Layout(contentsOfFile: source.path, strict: false, target: .ios6)
            let isCell = (try? layout.objectiveC(.cellInit)) != nil
            actions = isCell ? [.property, .synthesize, .cellInit, .cellLayout]
                             : [.property, .synthesize, .viewDidLoad, .viewWillAppear, .viewWillLayoutSubviews]
            var aliases: [String: String] = [:]
            for line in try layout.objectiveC(isCell ? .cellInit : .viewDidLoad).split(separator: "\n") {
                let parts = line.split(separator: " ")
                if parts.count == 3, parts[1] == "=", parts[2].hasSuffix(";"), !parts[2].contains("[") {
                    aliases[String(parts[0])] = String(parts[2].dropLast())
                }
            }
            self.aliases = aliases
            let text = try String(contentsOf: source, encoding: .utf8)
            inline = try layout.frames(width: 100, height: 100).map(\.name)
                .filter { name in name.last?.isNumber == true && !text.contains(name) }
        }
    }

    /// An example written in today's vocabulary (button configurations, ...) that `htllc -v ios6`
    /// refuses with a located error; it must compile for today's iOS.
    struct Refused {
        let name: String, why: String
    }

    /// The layouts to compare, and the examples only today's target compiles.
    static func subjects() throws -> (subjects: [Subject], refused: [Refused]) {
        let fm = FileManager.default
        let own = try fm.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".htll") }.sorted()
            .map { try Subject(name: String($0.dropLast(5)), source: folder.appendingPathComponent($0), golden: true) }
        var examples: [Subject] = [], refused: [Refused] = []
        for url in try GoldenTests.layoutFiles() {
            let name = "examples/" + url.deletingPathExtension().lastPathComponent
            do {
                examples.append(try Subject(name: name, source: url, golden: false))
            } catch let error as LayoutError {
                _ = try Layout(contentsOfFile: url.path).objectiveC(.viewWillLayoutSubviews)
                refused.append(Refused(name: name, why: error.message))
            }
        }
        return (own + examples, refused)
    }

    func testHtllcPrintsTheGoldensAndMatchesTheOriginal() throws {
        let update = ProcessInfo.processInfo.environment["HTLL_UPDATE_GOLDEN"] == "1"
        var rows: [Row] = []
        var usedExplanations: Set<String> = []
        let (subjects, refused) = try Self.subjects()
        XCTAssertGreaterThanOrEqual(subjects.filter(\.golden).count, 30)
        XCTAssertLessThanOrEqual(refused.count, 8, "most examples compile as htllc -v ios6: the others use vocabulary of a later iOS")
        for subject in subjects {
            let dir = Self.folder.appendingPathComponent(subject.name)
            for action in subject.actions {
                let ours = try subject.layout.objectiveC(action)
                if subject.golden {
                    let file = dir.appendingPathComponent(action.rawValue + ".m")
                    if update { try ours.write(to: file, atomically: true, encoding: .utf8) }
                    XCTAssertEqual(ours, try? String(contentsOf: file, encoding: .utf8), "\(subject.name)/\(action.rawValue).m")
                }
                let original = dir.appendingPathComponent(action.rawValue + ".htllc")
                let failure = dir.appendingPathComponent(action.rawValue + ".htllc-error")
                if let text = try? String(contentsOf: original, encoding: .utf8) {
                    let key = "\(subject.name) \(action.rawValue)"
                    var verdict = try classify(original: text, ours: ours, action: action, subject: subject)
                    if verdict == nil, let why = Self.explained[key] {
                        verdict = "differs: " + why
                        usedExplanations.insert(key)
                    }
                    XCTAssertNotNil(verdict, "\(key) differs from the original htllc without an explanation:\n\(text)\n--- htll:\n\(ours)")
                    rows.append(Row(layout: subject.name, action: action.rawValue, verdict: verdict ?? "UNEXPLAINED"))
                } else if let why = try? String(contentsOf: failure, encoding: .utf8) {
                    // Where the original failed, htll does what the original's README promises: it
                    // prints code (objectiveC above did not throw).
                    let reason = why.split(separator: "\n").last.map { String($0.prefix(90)) } ?? "?"
                    rows.append(Row(layout: subject.name, action: action.rawValue, verdict: "original failed (\(reason)); htll prints code"))
                } else {
                    XCTFail("\(subject.name): no output of the original htllc for \(action.rawValue) (run Tests/htllc-compat/compare)")
                }
            }
            if subject.golden {
                let warnings = subject.layout.warnings.map { $0 + "\n" }.joined()
                    .replacingOccurrences(of: subject.source.deletingLastPathComponent().path + "/", with: "")
                let file = dir.appendingPathComponent("warnings.txt")
                if update {
                    if warnings.isEmpty { try? FileManager.default.removeItem(at: file) } else { try warnings.write(to: file, atomically: true, encoding: .utf8) }
                }
                XCTAssertEqual(warnings, (try? String(contentsOf: file, encoding: .utf8)) ?? "", "\(subject.name)/warnings.txt")
            }
        }
        // Where only today's target compiles an example, the original must have failed on it too.
        for r in refused {
            let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.appendingPathComponent(r.name).path).sorted()
            XCTAssertFalse(files.contains { $0.hasSuffix(".htllc") }, "\(r.name): the original htllc compiled it, htllc -v ios6 refuses: \(r.why)")
            XCTAssertFalse(files.isEmpty, "\(r.name): no output of the original htllc (run Tests/htllc-compat/compare)")
            for file in files where file.hasSuffix(".htllc-error") {
                let why = try String(contentsOf: Self.folder.appendingPathComponent(r.name).appendingPathComponent(file), encoding: .utf8)
                let reason = why.split(separator: "\n").last.map { String($0.prefix(90)) } ?? "?"
                rows.append(Row(layout: r.name, action: String(file.dropLast(".htllc-error".count)),
                                verdict: "original failed (\(reason)); today's vocabulary, which htllc -v ios6 refuses"))
            }
        }
        XCTAssertEqual(Set(Self.explained.keys), usedExplanations, "explanations for differences that no longer exist")
        let report = Self.report(rows)
        let reportFile = Self.folder.appendingPathComponent("REPORT.md")
        if update { try report.write(to: reportFile, atomically: true, encoding: .utf8) }
        XCTAssertEqual(report, try? String(contentsOf: reportFile, encoding: .utf8), "Tests/htllc-compat/REPORT.md is stale (HTLL_UPDATE_GOLDEN=1)")
    }

    /// What htllc accepts with a warning, `htll compile` refuses with a located error (and a
    /// suggestion where a value is close); --no-strict and --strict switch either way.
    func testStrictCompileRefusesWhatHtllcAccepts() throws {
        let lenient = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).sorted()
            .filter { $0.hasSuffix(".htll") }
            .filter { name in
                let warnings = (try? String(contentsOf: Self.folder.appendingPathComponent(String(name.dropLast(5)) + "/warnings.txt"), encoding: .utf8)) ?? ""
                return warnings.contains("accepted as htllc did")
            }
        XCTAssertGreaterThanOrEqual(lenient.count, 12)
        for name in lenient {
            let path = Self.folder.appendingPathComponent(name).path
            let strict = HTLLCommand.compile([path, "--action", "view-will-layout-subviews"])
            XCTAssertEqual(strict.status, 1, name)
            XCTAssertTrue(strict.errorOutput.hasPrefix(path + ":"), "\(name): \(strict.errorOutput)")
            XCTAssertTrue(strict.errorOutput.contains(": error: "), strict.errorOutput)
            XCTAssertEqual(HTLLCommand.htllc(["--strict", "view-will-layout-subviews", path]).status, 1, name)
            let relaxed = HTLLCommand.compile([path, "--action", "view-will-layout-subviews", "--no-strict"])
            XCTAssertEqual(relaxed.status, 0, "\(name): \(relaxed.errorOutput)")
            XCTAssertTrue(relaxed.errorOutput.contains(": warning: "), relaxed.errorOutput)
            XCTAssertEqual(relaxed.output, HTLLCommand.htllc(["view-will-layout-subviews", path]).output, name)
        }
        // Misspelt values get a suggestion; the same file compiles as htllc with the fallback.
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("htll-strict-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("typo.htll")
        try """
        (let ((go (custom-button '((title-for-state . ("Go" . hilighted))
                                   (target . (self go: touch-up-insde))))))
          (in go 'self.view))
        """.write(to: file, atomically: true, encoding: .utf8)
        let strict = HTLLCommand.compile([file.path, "--action", "view-will-appear"])
        XCTAssertEqual(strict.errorOutput, "\(file.path):1:11: error: custom-button title-for-state: hilighted is not a control-state; did you mean highlighted? (one of normal, highlighted, disabled, selected, application, reserved)\n")
        let htllc = HTLLCommand.htllc(["view-did-load", file.path])
        XCTAssertEqual(htllc.status, 0, htllc.errorOutput)
        XCTAssertTrue(htllc.output.contains("forControlEvents:UIControlEventAllEvents];"), htllc.output)
        XCTAssertTrue(htllc.errorOutput.contains("\(file.path):1:11: warning: custom-button target: touch-up-insde is not a control-event; using all-events; did you mean touch-up-inside? (accepted as htllc did; htll compile refuses it)"), htllc.errorOutput)
        XCTAssertTrue(HTLLCommand.htllc(["view-will-appear", file.path]).output.contains("forState:UIControlStateReserved];"))
    }

    /// A view bound but not placed is declared, created, added and set up, with a warning, in both
    /// modes; a second name for a view is a second property holding it, declared where it was
    /// bound (after the views bound before it, as the original declared it).
    func testUnplacedAndAliasedViews() throws {
        let layout = try Layout(source: """
            (let* ((subject (label '((text . "Inbox"))))
                   (spinner (view '((hidden . #t))))
                   (heading subject))
              (in heading 'self.view))
            """, file: "inbox.htll")
        XCTAssertEqual(try layout.objectiveC(.property), """
            @property (nonatomic, strong) UILabel * subject;
            @property (nonatomic, strong) UIView * spinner;
            @property (nonatomic, strong) UILabel * heading;

            """)
        XCTAssertEqual(try layout.objectiveC(.viewDidLoad), """
            subject = [[UILabel alloc] init];
            [self.view addSubview:subject];
            spinner = [[UIView alloc] init];
            [self.view addSubview:spinner];
            heading = subject;

            """)
        XCTAssertEqual(try layout.objectiveC(.viewWillAppear), "subject.text = @\"Inbox\";\nspinner.hidden = YES;\n")
        XCTAssertEqual(layout.warnings, ["inbox.htll:2:17: warning: the view spinner is bound but neither placed nor referred to; it is created and added to self.view as htllc did"])
        let swift = try layout.swift(viewName: nil, className: "Inbox")
        XCTAssertTrue(swift.contains("    let subject = UILabel()\n    var heading: UILabel { subject }\n    let spinner = UIView()\n"), swift)
        XCTAssertTrue(swift.contains("self.view.addSubview(views.spinner)"), swift)
        // Only the frame of the placed view.
        XCTAssertEqual(try layout.frames(width: 390, height: 844).map(\.name), ["subject"])
    }

    /// How htll's fragment compares with the original's, or nil when no rule explains the difference.
    func classify(original: String, ours: String, action: HTLL.Action, subject: Subject) throws -> String? {
        if original == ours { return "same text" }
        let names = Self.originalNames(Self.folder.appendingPathComponent(subject.name))
        let framesAction = action == .viewWillLayoutSubviews || action == .cellLayout
        // Ours without the lines about views the original ignored: it declared only views bound to
        // a variable, and its frame code failed on the others.
        let withoutInline = subject.inline.isEmpty || framesAction ? nil
            : ours.split(separator: "\n").filter { line in !subject.inline.contains { Self.mentions(line, $0) } }
                .map { $0 + "\n" }.joined()
        var text = original
        var applied: [String] = []
        for mend in [nil] + Mend.allCases.map(Optional.some) {
            if let mend {
                let mended = mend.apply(text, names: names, aliases: subject.aliases)
                if mended != text { applied.append(mend.rawValue) }
                text = mended
            }
            let how = applied.isEmpty ? "" : " once mended: " + applied.joined(separator: ", ")
            if text == ours || text + "\n" == ours { return "same text" + how }
            if let withoutInline, text == withoutInline || text + "\n" == withoutInline {
                return "same text for the views bound to variables (the original ignored the others)" + how
            }
        }
        if framesAction, try sameFrames(original: text, ours: ours, subject: subject) {
            return "same frames" + (applied.isEmpty ? "" : " once mended: " + applied.joined(separator: ", "))
        }
        return nil
    }

    /// Whether `line` mentions the identifier `name` (not as part of a longer one).
    static func mentions(_ line: Substring, _ name: String) -> Bool {
        var rest = line[...]
        while let r = rest.range(of: name) {
            let before = r.lowerBound == line.startIndex ? nil : line[line.index(before: r.lowerBound)]
            let after = r.upperBound == line.endIndex ? nil : line[r.upperBound]
            let isWord: (Character?) -> Bool = { c in c.map { $0.isLetter || $0.isNumber || $0 == "_" } ?? false }
            if !isWord(before) && !isWord(after) { return true }
            rest = line[r.upperBound...]
        }
        return false
    }

    /// The original's view names (from its property fragment) and htll's identifiers for them.
    static func originalNames(_ dir: URL) -> [String: String] {
        guard let text = try? String(contentsOf: dir.appendingPathComponent("property.htllc"), encoding: .utf8) else { return [:] }
        var out: [String: String] = [:]
        for line in text.split(separator: "\n") {
            guard let star = line.range(of: " * ") else { continue }
            let name = String(line[star.upperBound...].dropLast())
            out[name] = camelCased(name)
        }
        return out
    }

    /// kebab-case to camelCase, as htll names views.
    static func camelCased(_ name: String) -> String {
        var out = "", up = false
        for c in name {
            if "-?!*/<>=+.%".contains(c) { up = !out.isEmpty; continue }
            out.append(up ? Character(c.uppercased()) : c)
            up = false
        }
        return out
    }

    /// Whether both frame fragments, compiled against the UIView shim, set the same frames.
    func sameFrames(original: String, ours: String, subject: Subject) throws -> Bool {
        guard let a = try run(fragment: original, layout: subject.layout), let b = try run(fragment: ours, layout: subject.layout),
              a.count == b.count else { return false }
        // To a thousandth of a point: 1/3 and 0.3333333333 differ further down.
        return zip(a, b).allSatisfy { abs($0 - $1) < 1e-3 }
    }

    /// The frames a fragment sets at several canvas sizes (x, y, width, height of each view in
    /// turn), or nil if it does not compile. The original's frames are brace-elided compound
    /// literals: warnings are off.
    func run(fragment: String, layout: Layout) throws -> [Double]? {
        let (outputs, _) = try CompiledFrameTests.run(try CompiledFrameTests.program(fragment, layout: layout), flags: ["-w"],
                                                      sizes: [(320.0, 480.0), (390.0, 844.0), (1024.0, 768.0)])
        return outputs.map { $0.flatMap { $0.split(whereSeparator: { $0 == " " || $0 == "\n" }).compactMap { Double($0) } } }
    }

    /// The comparison as Markdown: a summary, then a row per fragment.
    static func report(_ rows: [Row]) -> String {
        func kind(_ verdict: String) -> String {
            if verdict == "same text" { return "same text" }
            if verdict.hasPrefix("same text once mended") { return "same text once the original's defects are mended" }
            if verdict.hasPrefix("same frames") { return "same frames (frame code run against a UIView shim)" }
            if verdict.hasPrefix("same text for the views bound") { return "same text for the views bound to variables (the original ignored inline views)" }
            if verdict.hasSuffix("htllc -v ios6 refuses") { return "the original failed; today's vocabulary, refused by htllc -v ios6" }
            if verdict.hasPrefix("original failed") { return "the original failed; htll prints code" }
            return "differs, explained"
        }
        var counts: [String: Int] = [:]
        for r in rows { counts[kind(r.verdict), default: 0] += 1 }
        var out = """
        # htll as htllc, compared with the original htllc

        Generated by `HtllcCompatibilityTests` from the original's output in this folder (made by
        `./compare` with the original htllc on guile-2.2) and htll's (`htllc -v ios6 ACTION FILE`: the
        original's spellings; without `-v ios6` htllc prints code for today's iOS).
        Layouts: the \(Set(rows.filter { !$0.layout.hasPrefix("examples/") }.map(\.layout)).count) written for the comparison here and the \(Set(rows.filter { $0.layout.hasPrefix("examples/") }.map(\.layout)).count) examples.

        | fragments | verdict |
        |---:|---|

        """
        for (k, n) in counts.sorted(by: { $0.value > $1.value }) { out += "| \(n) | \(k) |\n" }
        out += "\n| layout | action | verdict |\n|---|---|---|\n"
        for r in rows { out += "| \(r.layout) | \(r.action) | \(r.verdict.replacingOccurrences(of: "|", with: "\\|")) |\n" }
        return out
    }
}
