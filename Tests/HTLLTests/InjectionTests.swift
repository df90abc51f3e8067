import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import XCTest
@testable import HTLL
import HTLLCodeCheck

/// Issue 12, part 1: nothing a layout writes reaches generated code except as what the layout
/// language means. Names are checked against their grammar with a located error, text is escaped
/// so it means exactly itself in Objective-C, Swift, JSON and SVG, reserved names are renamed with
/// a warning, numbers are bounded. Each probe goes through `Layout`, the factory the command uses
/// (the command line itself is tested in HTLLToolTests/InjectionCLITests).
final class InjectionTests: XCTestCase {
    /// The error `source` gives when loaded and compiled (Objective-C and Swift), or "no error".
    func error(_ source: String) -> String {
        do {
            let layout = try Layout(source: source, file: "inj.htll")
            _ = try layout.objectiveC(.viewDidLoad)
            _ = try layout.swift()
            return "no error"
        } catch {
            return "\(error)"
        }
    }

    // MARK: names

    func testTheParentOfInInCellAndInSafeAreaIsAKeyPath() throws {
        // The issue's probe: the parent was pasted into the frame code.
        XCTAssertEqual(error("(in (label '()) '|(system(\"id\"), self.view)|)"),
                       "inj.htll:1:1: error: in: the parent must name an object, such as 'self.view, got |(system(\"id\"), self.view)|")
        for (parent, why) in [("\"self.view; system(\\\"id\\\")\"", ""), ("'self.view.", ""), ("'|self.view\n|", ""),
                              ("'int.view", " (int is a reserved word or a name the generated code uses in Objective-C)"),
                              ("'self.default", " (default is a reserved word or a name the generated code uses in Objective-C)"),
                              ("'|self.vïew|", ""), ("'__FILE__", " (__FILE__ is reserved for the compiler in Objective-C)"), ("42", "")] {
            for primitive in ["in", "in-safe-area"] {
                let message = error("(\(primitive) (label '()) \(parent))")
                XCTAssertTrue(message.hasPrefix("inj.htll:1:1: error: \(primitive): the parent must name an object, such as 'self.view, got "),
                              "\(parent): \(message)")
                XCTAssertTrue(message.hasSuffix(why), "\(parent): \(message)")
            }
        }
        for parent in ["'|cell; system(\"id\")|", "'self.view", "'int", "'self", "'cell.x.contentView"] {
            let message = error("(in-cell (label '()) \(parent))")
            XCTAssertTrue(message.hasPrefix("inj.htll:1:1: error: in-cell: the parent must"), "\(parent): \(message)")
        }
        // What the original and the README write still works, and reaches the code as written.
        for (source, line) in [("(in (label '()) 'self.view)", "[self.view addSubview:label1];"),
                               ("(in (label '()) \"self.cardView\")", "[self.cardView addSubview:label1];"),
                               ("(in-safe-area (label '()) 'self.view.contentView)", "[self.view.contentView addSubview:label1];")] {
            let layout = try Layout(source: source, file: "ok.htll")
            XCTAssertTrue(try layout.objectiveC(.viewDidLoad).contains(line), source)
            XCTAssertEqual(try CodeCheck.statementProblems(layout), [], source)
        }
        let cell = try Layout(source: "(in-cell (label '()) 'myCell.contentView)", file: "ok.htll")
        XCTAssertTrue(try cell.objectiveC(.cellInit).contains("UITableViewCell * myCell = [tableView dequeueReusableCellWithIdentifier:CellIdentifier];"))
        XCTAssertTrue(try cell.objectiveCCategory().contains("    return myCell;\n"), "the category returns the layout's cell")
        XCTAssertEqual(try CodeCheck.compileProblems(cell), [])
    }

    func testReferenceAttributesAreKeyPaths() throws {
        XCTAssertEqual(error("(in (table '((delegate . |self; system(\"id\")|))) 'self.view)"),
                       "inj.htll:1:5: error: table delegate: the value must name an object, such as self or self.model, got |self; system(\"id\")|")
        XCTAssertEqual(error("(in (table '((data-source . \"self\"))) 'self.view)"), "no error")
        for value in ["|self.model; x|", "42", "\"a b\"", "'id", "|self.model.while|", "|)|"] {
            XCTAssertTrue(error("(in (table '((data-source . \(value)))) 'self.view)").contains("error: table data-source: the value must name an object"),
                          value)
        }
        let layout = try Layout(source: "(in (table '((delegate . self.model) (data-source . self))) 'self.view)", file: "ok.htll")
        let code = try layout.objectiveC(.viewDidLoad)
        XCTAssertTrue(code.contains("table1.delegate = self.model;\n") && code.contains("table1.dataSource = self;\n"), code)
        XCTAssertTrue(try layout.swift().contains("views.table1.delegate = self.model\n"))
        XCTAssertEqual(try CodeCheck.statementProblems(layout), [])
        XCTAssertEqual(try CodeCheck.compileProblems(layout), [])
    }

    /// The original's (target . (TARGET SELECTOR EVENTS)) attribute is checked like the on modifier.
    func testTargetAttributeAndOnModifierCheckTargetsAndSelectors() throws {
        XCTAssertEqual(error("(in (button '((target . (self |a:b]; system(\"x\"); [self c:| touch-up-inside)))) 'self.view)"),
                       "inj.htll:1:5: error: custom-button target: \"a:b]; system(\\\"x\\\"); [self c:\" is not an Objective-C selector (such as save: or save)")
        XCTAssertEqual(error("(in (button '((target . (|self;x| save: touch-up-inside)))) 'self.view)"),
                       "inj.htll:1:5: error: custom-button target: the target must name an object, such as self or self.model, got |self;x|")
        XCTAssertTrue(error("(in (button '((target . (self |sävé:| touch-up-inside)))) 'self.view)").contains("is not an Objective-C selector"))
        XCTAssertTrue(error("(in (button '((target . (int save: touch-up-inside)))) 'self.view)").contains("the target must name an object"))
        XCTAssertTrue(error("(in (button (on 'touch-up-inside 'save: 'self.while) '()) 'self.view)")
            .contains("on touch-up-inside: the target must name an object, such as self or self.model, got self.while (while is"))
        // A selector piece that is a Swift keyword is written as a runtime selector in Swift.
        let layout = try Layout(source: "(in (button '((target . (self default: touch-up-inside)))) 'self.view)", file: "ok.htll")
        XCTAssertTrue(try layout.objectiveC(.viewDidLoad).contains("[button1 addTarget:self action:@selector(default:) forControlEvents:UIControlEventTouchUpInside];"))
        XCTAssertTrue(try layout.swift().contains("action: Selector((\"default:\"))"))
        XCTAssertEqual(try CodeCheck.compileProblems(layout), [])
        try ModifierSupport.swiftParses(layout)
    }

    func testClassNamesOfTheCategoryAndTheSwiftCodeAreChecked() throws {
        let layout = try Layout(source: "(in (label '()) 'self.view)", file: "ok.htll")
        for name in ["X; int y", "int", "", "1X", "__X", "A-B", "Ü"] {
            XCTAssertThrowsError(try layout.objectiveCCategory(className: name), name)
            XCTAssertThrowsError(try layout.objectiveCCategory(categoryName: name), name)
        }
        for name in ["X; int y", "class", "", "1X", "Type"] {
            XCTAssertThrowsError(try layout.swift(className: name), name)
            XCTAssertThrowsError(try layout.swift(viewName: name), name)
        }
        XCTAssertTrue(try layout.objectiveCCategory(className: "My_Controller2").contains("@implementation My_Controller2 (Layout)"))
    }

    func testAFileNameCannotEndAComment() throws {
        for file in ["evil\nsystem(\"id\");\n.htll", "evil\\", "evil??/", "a\u{2028}b.htll", "a\u{202E}b.htll"] {
            let layout = try Layout(source: "(in (label '()) 'self.view)", file: file)
            for text in [try layout.objectiveCCategory(), try layout.swift(), try layout.swift(viewName: "V")] {
                XCTAssertFalse(text.contains("\nsystem("), file)
                for line in text.split(separator: "\n") where line.hasPrefix("//") {
                    XCTAssertFalse(line.hasSuffix("\\") || line.contains("??/"), "\(file): \(line)")
                    XCTAssertFalse(line.unicodeScalars.contains { $0.value == 0x2028 || $0.value == 0x202E }, "\(file): \(line)")
                }
            }
            XCTAssertTrue(try layout.objectiveCCategory().hasPrefix("// Generated by htll from \""), file)
        }
        XCTAssertTrue(try Layout(source: "(in (label '()) 'self.view)", file: "plain/name.htll").objectiveCCategory()
            .hasPrefix("// Generated by htll from plain/name.htll. Do not edit.\n"))
    }

    // MARK: reserved names

    /// Views named after keywords, types, macros and the code's own names are renamed with a
    /// located warning, and the code compiles.
    func testViewsNamedLikeReservedWordsAreRenamedWithAWarning() throws {
        let names = ["default", "int", "return", "id", "self", "super", "nil", "YES", "BOOL", "Class", "SEL", "NULL",
                     "init", "while", "sizeof", "__FILE__", "_cmd", "isa", "UIView", "CGRect", "class", "new", "copy",
                     "newButton", "alloc", "MAX", "CGRectMake", "DEBUG", "errno", "bool", "template", "this", "_Bool",
                     "UIControlStateNormal", "htllMirror", "sender", "_", "NSString", "tableView"]
        let bindings = names.enumerated().map { "(\($0.element) (label '((text . \"\($0.offset)\"))))" }.joined(separator: "\n  ")
        // let*: the views are declared in binding order (a plain let's in reverse, as htllc did).
        let layout = try Layout(source: "(let* (\(bindings))\n (in (vseq \(names.joined(separator: " "))) 'self.view))", file: "names.htll")
        let declared = try layout.declarations().map(\.name)
        XCTAssertEqual(declared.count, names.count)
        XCTAssertEqual(Set(declared).count, names.count)
        XCTAssertEqual(declared.first, "default_")
        for (name, out) in zip(names, declared) where name != out {
            XCTAssertTrue(layout.warnings.contains { $0.hasPrefix("names.htll:") && $0.contains("warning: the view \(name) is named \(out) in the generated code") },
                          "\(name) => \(out): \(layout.warnings)")
        }
        XCTAssertEqual(Dictionary(uniqueKeysWithValues: zip(names, declared))["newButton"], "vNewButton")
        XCTAssertEqual(Dictionary(uniqueKeysWithValues: zip(names, declared))["__FILE__"], "v__FILE__")
        XCTAssertEqual(Dictionary(uniqueKeysWithValues: zip(names, declared))["init"], "vInit")
        XCTAssertEqual(try CodeCheck.statementProblems(layout), [])
        XCTAssertEqual(try CodeCheck.compileProblems(layout), [])
        try ModifierSupport.swiftParses(layout)
        // A cell's name is the cell variable's: a view with that name is renamed in a cell layout.
        let cell = try Layout(source: "(let* ((cell (label '())) (cellIdentifier (label '()))) (in-cell (above cell cellIdentifier 0.5) 'cell))",
                              file: "cell.htll")
        XCTAssertEqual(try cell.declarations().map(\.name), ["cell_", "cellIdentifier_"])
        XCTAssertEqual(try CodeCheck.compileProblems(cell), [])
        try ModifierSupport.swiftParses(cell)
    }

    /// caption and Caption would both have the setter setCaption: (a duplicate method in the category).
    func testNamesDifferingOnlyInTheCaseOfTheirFirstLetterAreMadeDistinct() throws {
        let layout = try Layout(source: "(let* ((caption (label '())) (Caption (label '()))) (in (above caption Caption 0.5) 'self.view))", file: "t.htll")
        XCTAssertEqual(try layout.declarations().map(\.name), ["caption", "Caption2"])
        XCTAssertEqual(try CodeCheck.compileProblems(layout), [])
    }

    // MARK: numbers

    func testNumbersReachingCodeAreFiniteAndInRange() throws {
        let big = "1" + String(repeating: "0", count: 400)
        for (source, expected) in [
            ("(in (label '((alpha . \(big)))) 'self.view)", "inj.htll:1:5: error: label alpha: expected a number from -1000000000000000 to 1000000000000000, got \(big)"),
            ("(in (label `((alpha . ,(/ \(big) 3)))) 'self.view)", "inj.htll:1:5: error: label alpha: expected a number from -1000000000000000"),
            ("(in (slider '((value . -\(big)))) 'self.view)", "inj.htll:1:5: error: slider value: expected a number from"),
            ("(in (^^ (label '()) (label '()) \(big)) 'self.view)", "inj.htll:1:5: error: ^^: the margin must be a non-negative number"),
            ("(in (label `((font . ,(system-font-of-size \(big))))) 'self.view)", "inj.htll:1:23: error: system-font-of-size: the size must be a positive number up to 100000"),
            ("(in (text-view `((selected-range . ,(range \(big) 1)))) 'self.view)", "inj.htll:1:37: error: range: location and length must be integers from 0 to 2147483647"),
            ("(in (table '((row-height . +inf.0))) 'self.view)", "inj.htll:1:5: error: table row-height: expected a number from"),
            ("(in (table '((row-height . +nan.0))) 'self.view)", "inj.htll:1:5: error: table row-height: expected a number from"),
        ] {
            XCTAssertTrue(error(source).hasPrefix(expected), "\(source.prefix(80)): \(error(source))")
        }
        // Within the bounds, every literal is plain: no exponent past 15 digits, no ratio.
        let layout = try Layout(source: "(in (slider `((value . 999999999999999) (minimum-value . ,(/ -1 3)))) 'self.view)", file: "ok.htll")
        XCTAssertTrue(try layout.objectiveC(.viewWillAppear).contains("slider1.value = 999999999999999;\nslider1.minimumValue = -0.3333333333;\n"))
    }

    // MARK: text

    /// Every control character followed by every digit, ?? runs (trigraphs), comment and format
    /// delimiters, quotes, backslashes, invisible and non-BMP characters.
    static let hostileStrings: [String] = {
        var strings = (0..<32).map { c in (0...9).map { "\(Character(Unicode.Scalar(UInt8(c))))\($0)" }.joined() }
        strings += ["\u{7F}0\u{7F}9", "??=??/??'??(??)??!??<??>??-", "???/ ?\\?/", "?", "??", "a?", "*/ /* // %@ %d %n %s",
                    "\"quoted\" 'single' \\ \\\\ \\\"", "\\u0041 \\x41 \\101 \\n", "😀 𝄞 \u{10FFFF} é ü 中文",
                    "\u{202E}evil\u{202C} \u{2066}\u{2069} \u{200E}\u{200F}\u{061C}", "\u{2028}\u{2029}\u{FEFF}\u{85}",
                    "\u{FFFE}\u{FFFF}\u{FFFD}", "", "#define x 1", "\\\n\\", "\0" + "7\0" + "77\0" + "777"]
        return strings
    }()

    /// `s` as a Scheme string literal (hex escapes for everything not printable ASCII).
    static func schemeLiteral(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where u.value >= 0x20 && u.value < 0x7F: out.unicodeScalars.append(u)
            default: out += "\\x" + String(u.value, radix: 16) + ";"
            }
        }
        return out + "\""
    }

    func hostileLayout() throws -> Layout {
        let labels = Self.hostileStrings.map { "(label '((text . \(Self.schemeLiteral($0)))))" }.joined(separator: "\n  ")
        return try Layout(source: "(in (vseq \(labels)) 'self.view)", file: "strings.htll")
    }

    /// The literal of each `prefix NAME.text = LITERAL suffix` line of `code`, in label order.
    func literals(_ code: String, prefix: String, suffix: String) -> [String] {
        code.split(separator: "\n").compactMap { whole -> String? in
            let line = whole.drop { $0 == " " }
            guard let eq = line.range(of: ".text = "), line.hasPrefix(prefix + "label"), line.hasSuffix(suffix) else { return nil }
            return String(line[eq.upperBound..<line.index(line.endIndex, offsetBy: -suffix.count)])
        }
    }

    static func hex(_ s: String) -> String { s.utf8.map { String(format: "%02x", $0) }.joined() }

    /// Objective-C: each @"..." literal, compiled with GNU Objective-C (with -trigraphs) and run,
    /// holds exactly the text's UTF-8 bytes.
    func testObjectiveCLiteralsRoundTrip() throws {
        let layout = try hostileLayout()
        let literals = literals(try layout.objectiveC(.viewWillAppear), prefix: "", suffix: ";")
        XCTAssertEqual(literals.count, Self.hostileStrings.count)
        var program = """
            #include <stdio.h>
            #include <objc/objc.h>
            __attribute__((objc_root_class)) @interface Base { Class isa; } @end
            @interface NXConstantString : Base { char *c_string; unsigned int len; } @end
            struct literal { Class isa; const char *c_string; unsigned int len; };
            static void dump(id s) { const struct literal *l = (const void *)s; for (unsigned i = 0; i < l->len; i++) printf("%02x", (unsigned char)l->c_string[i]); printf("\\n"); }
            int main(void) {

            """
        for l in literals { program += "  dump(\(l));\n" }
        program += "  return 0;\n}\n"
        let out = try Self.compileAndRun(program, ["-x", "objective-c", "-std=gnu11", "-trigraphs", "-Wall", "-Werror"], libraries: ["-lobjc"])
        XCTAssertEqual(out.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init),
                       Self.hostileStrings.map(Self.hex))
    }

    /// Swift: each literal, compiled and run, holds exactly the text's scalars.
    func testSwiftLiteralsRoundTrip() throws {
        guard let swiftc = SwiftOutputTests.swiftc() else { throw Missing.swiftc }
        let layout = try hostileLayout()
        let literals = literals(try layout.swift(), prefix: "views.", suffix: "")
        XCTAssertEqual(literals.count, Self.hostileStrings.count)
        let program = "let texts: [String] = [\n" + literals.map { "    " + $0 + ",\n" }.joined() + "]\n"
            + "for t in texts { print(t.utf8.map { ($0 < 16 ? \"0\" : \"\") + String($0, radix: 16) }.joined()) }\n"
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("htll-swift-literals-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let source = dir.appendingPathComponent("main.swift"), binary = dir.appendingPathComponent("literals")
        try program.write(to: source, atomically: true, encoding: .utf8)
        let (status, log) = try Tool.run(swiftc, [source.path, "-o", binary.path])
        XCTAssertEqual(status, 0, log)
        guard status == 0 else { return }
        let (rc, out) = try Tool.run(binary.path, [])
        XCTAssertEqual(rc, 0)
        XCTAssertEqual(out.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init),
                       Self.hostileStrings.map(Self.hex))
    }

    /// JSON (`htll frames`): each text reads back exactly.
    func testJSONStringsRoundTrip() throws {
        let json = try hostileLayout().framesJSON(width: 390, height: 844)
        let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let texts = (root["views"] as? [[String: Any]] ?? []).map { ($0["attributes"] as? [String: Any])?["text"] as? String }
        XCTAssertEqual(texts, Self.hostileStrings)
        let raw = json.unicodeScalars.filter { FragmentChecker.isInvisible($0) && $0 != "\n" }
        XCTAssertEqual(raw.map { String($0.value, radix: 16) }, [], "invisible characters are escaped")
    }

    /// SVG: an XML reader gets back each text exactly, but for what XML 1.0 cannot hold at all
    /// (controls other than tab, line feed and return, U+FFFE, U+FFFF), which reads as U+FFFD.
    func testSVGTextRoundTripsThroughAnXMLReader() throws {
        for s in Self.hostileStrings {
            let expected = String(String.UnicodeScalarView(s.unicodeScalars.map {
                ($0.value < 0x20 && ![0x09, 0x0A, 0x0D].contains($0.value)) || $0.value == 0xFFFE || $0.value == 0xFFFF ? "\u{FFFD}" : $0
            }))
            XCTAssertEqual(try Self.xmlText("<t a=\"\(SVGWriter.escape(s))\">\(SVGWriter.escape(s))</t>"), [expected, expected], s.debugDescription)
        }
        // And the preview of the hostile labels is well-formed XML.
        let svg = try ModifierSupport.svg(try hostileLayout())
        XCTAssertNoThrow(try Self.xmlText(svg))
    }

    /// The attribute a and the text of the XML document `xml`; throws when it is not well formed.
    static func xmlText(_ xml: String) throws -> [String] {
        final class Reader: NSObject, XMLParserDelegate {
            var attribute: String?, text = ""
            func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                        attributes: [String: String] = [:]) { if attribute == nil { attribute = attributes["a"] } }
            func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }
        }
        let parser = XMLParser(data: Data(xml.utf8))
        let reader = Reader()
        parser.delegate = reader
        guard parser.parse() else { throw parser.parserError ?? NSError(domain: "xml", code: 1) }
        return [reader.attribute ?? "", reader.text]
    }

    /// A lone surrogate cannot be in a Scheme string: the reader and integer->char refuse it, so no
    /// escaper ever sees one.
    func testLoneSurrogatesCannotReachAString() {
        XCTAssertTrue(error("(in (label '((text . \"a\\xD800;b\"))) 'self.view)").contains("error:"))
        XCTAssertTrue(error("(in (label `((text . ,(string (integer->char #xDC00))))) 'self.view)").contains("integer->char"))
    }

    /// The hostile texts compile and read as the emitter's statements.
    func testHostileTextsCompileAsTheirStatements() throws {
        let layout = try hostileLayout()
        XCTAssertEqual(try CodeCheck.statementProblems(layout), [])
        XCTAssertEqual(try CodeCheck.compileProblems(layout), [])
        try ModifierSupport.swiftParses(layout)
    }

    /// Compiles `program` (C or Objective-C) with `flags` and runs it; its standard output.
    static func compileAndRun(_ program: String, _ flags: [String], libraries: [String] = []) throws -> String {
        let cc = try Tool.cCompiler()
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("htll-literals-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let source = dir.appendingPathComponent("literals.m"), binary = dir.appendingPathComponent("literals")
        try program.write(to: source, atomically: true, encoding: .utf8)
        let (status, log) = try Tool.run(cc, flags + [source.path] + libraries + ["-o", binary.path])
        if status != 0, log.contains("objc/objc.h") || log.contains("cc1obj") { throw Missing.gobjc }
        XCTAssertEqual(status, 0, log + "\n" + program)
        guard status == 0 else { return "" }
        let (rc, out) = try Tool.run(binary.path, [])
        XCTAssertEqual(rc, 0)
        return out
    }
}
