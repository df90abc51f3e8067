import Foundation
import XCTest
import HTLL
import HTLLCodeCheck

/// The oracle of the injection tests and the generated-code fuzz target, held to the examples:
/// every example's fragments and category compile against the stand-in header and read as the
/// emitter's statements; and the grammar rejects what an injection would add.
final class GeneratedCodeCheckTests: XCTestCase {
    func testEveryExampleCompilesAndReadsAsTheEmittersStatements() throws {
        let examples = try FileManager.default.contentsOfDirectory(at: GoldenTests.examples, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "htll" }.sorted { $0.path < $1.path }
        XCTAssertGreaterThan(examples.count, 10)
        for url in examples {
            let layout = try Layout(contentsOfFile: url.path)
            XCTAssertEqual(try CodeCheck.statementProblems(layout), [], url.lastPathComponent)
            XCTAssertEqual(try CodeCheck.compileProblems(layout), [], url.lastPathComponent)
        }
    }

    func testTheGrammarRejectsInjectedStatements() throws {
        let check = try CodeCheck.check()
        let checker = FragmentChecker(vocabulary: check.header.vocabulary, views: ["label1"], objects: ["self", "view"],
                                      selectors: ["save:"])
        for good in ["label1.text = @\"a; system(\\\"id\\\"); \\?\\?/\";", "[self.view addSubview:label1];",
                     "label1.frame = (CGRect) {{0, 0}, {self.view.bounds.size.width, 0.5 * self.view.bounds.size.height}};",
                     // A 'baseline row: the font's ascender (a button's through its title label).
                     "label1.frame = (CGRect) {{0, MAX(label1.font.ascender, label1.titleLabel.font.ascender) - label1.font.ascender}, {0, 0}};",
                     "[label1 addTarget:self action:@selector(save:) forControlEvents:UIControlEventTouchUpInside];"] {
            XCTAssertNil(checker.problem(inLine: good), good)
        }
        for bad in ["label1.text = @\"a\"; system(\"id\");", "system(\"id\");", "label1.frame = (system(\"id\"), self.view).bounds;",
                    "label2.text = @\"x\";", "[label1 addTarget:self action:@selector(other:) forControlEvents:UIControlEventTouchUpInside];",
                    "label1.text = @\"??/\";", "label1.text = @\"a", "label1.hidden = YES; label1.hidden = NO;",
                    "label1.alpha = label1.alpha = 1;", "[self.view addSubview:label1]; [label1 removeFromSuperview];",
                    "label1.text = @\"\u{202E}\";", "int x = 1;"] {
            XCTAssertNotNil(checker.problem(inLine: bad), bad)
        }
        // The category: its own lines for the declared views, fragments indented, nothing else.
        let layout = try Layout(source: "(in (label '((text . \"a\"))) 'self.view)", file: "c.htll")
        let category = try layout.objectiveCCategory()
        let views = try layout.declarations()
        let viewChecker = FragmentChecker(vocabulary: check.header.vocabulary, views: Set(views.map(\.name)),
                                          objects: ["self", "view"], selectors: [])
        XCTAssertEqual(viewChecker.categoryProblems(in: category, className: "ViewController", views: views), [])
        for injected in ["system(\"id\");", "    system(\"id\");", "    label1.text = @\"b\"; exit(1);", "// a comment\\",
                         "- (void)other {", "static char other;", "@implementation Other (Layout)"] {
            let bad = category.replacingOccurrences(of: "@end\n\n", with: "@end\n\n" + injected + "\n")
            XCTAssertNotEqual(viewChecker.categoryProblems(in: bad, className: "ViewController", views: views), [], injected)
        }
    }
}
