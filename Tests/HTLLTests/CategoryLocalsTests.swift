import Foundation
import XCTest
@testable import HTLL

/// Each method of the `--objc` category declares the views its fragment names, and `(void)`s
/// only those it may not read (CategoryLocals): a long layout's category was mostly locals.
final class CategoryLocalsTests: XCTestCase {
    /// The lines of method `name` (from its `{` to its `}`) in `category`.
    func lines(of name: String, in category: String) -> [String] {
        let all = category.components(separatedBy: "\n")
        guard let start = all.firstIndex(of: "- (void)\(name) {") else { return [] }
        return Array(all[(start + 1)...].prefix { $0 != "}" })
    }

    func testMethodsDeclareTheViewsTheirFragmentsName() throws {
        // `plain` has no attribute (not in viewWillAppear), `spare` is not placed (not in
        // viewWillLayoutSubviews), and the title spells `plain` in its text, a comment's opening
        // and an escaped quote, which name nothing.
        let layout = try Layout(source: """
            (define plain (view '()))
            (define heading (label '((text . "plain // /* \\" plain"))))
            (define spare (label '((text . "x"))))
            (in (above heading plain 0.5) 'self.view)
            """, file: "locals.htll", strict: false)
        let category = try layout.objectiveCCategory()
        XCTAssertEqual(lines(of: "layoutViewDidLoad", in: category).filter { $0.contains(" = self.") },
                       ["    UIView * plain = self.plain;", "    UILabel * heading = self.heading;", "    UILabel * spare = self.spare;"])
        XCTAssertEqual(lines(of: "layoutViewWillAppear", in: category).filter { $0.contains(" = self.") },
                       ["    UILabel * heading = self.heading;", "    UILabel * spare = self.spare;"])
        XCTAssertEqual(lines(of: "layoutViewWillLayoutSubviews", in: category).filter { $0.contains(" = self.") },
                       ["    UIView * plain = self.plain;", "    UILabel * heading = self.heading;"])
        XCTAssertFalse(category.contains("    (void)"), category)
        // The accessors key the associated objects by the getters' selectors.
        XCTAssertTrue(category.contains("- (UIView *)plain { return objc_getAssociatedObject(self, @selector(plain)); }"), category)
        XCTAssertFalse(category.contains("static char"), category)
    }

    /// `CategoryLocals` over `fragment` for views named `label1`…`label<count>`, as two strings of
    /// the views named and read ("1 3").
    func locals(_ fragment: String, count: Int = 16) -> (named: String, read: String) {
        let names = ViewNameTable((1...count).map { Array("label\($0)".utf8) })
        let locals = CategoryLocals(fragment: Array(fragment.utf8), names: names)
        func list(_ flags: [Bool]) -> String { flags.indices.filter { flags[$0] }.map { String($0 + 1) }.joined(separator: " ") }
        return (list(locals.named), list(locals.read))
    }

    func testANameIsReadOnlyWhereItStartsAnOperand() {
        XCTAssertEqual(locals("[label1 sizeToFit];\n[self.view addSubview:label2];\n").read, "1 2")
        XCTAssertEqual(locals("label3.frame = (CGRect) {{0, CGRectGetMaxY(label4.frame)}, {label5->w, 0.5*label6.x}};").read, "3 4 5 6")
        // Members, selectors, literals and comments name no view.
        let none = locals("""
            self.label1.frame = x->label2; [b addTarget:self action:@selector(label4) forControlEvents:0];
            a.text = @"label5 \\" label6"; c = 'l'; // label7
            /* label8
               label9 */ d = 1e+5 + 0x1f + .5;
            """)
        XCTAssertEqual(none.named, "")
        // A name after a word or before a colon may be a selector's part: declared, not counted read.
        XCTAssertEqual(locals("[other label10]; x = c ? label11 : label12; [v setA:label13 b:label14];").named, "10 11 12 13 14")
        XCTAssertEqual(locals("[other label10]; x = c ? label11 : label12; [v setA:label13 b:label14];").read, "12 13 14")
        // A store or a declaration is no read (`-Wunused-but-set-variable`); a comparison is.
        XCTAssertEqual(locals("label1 = x; UILabel * label2; UILabel * label3 = nil; y = label4 == nil; z = label5;").read, "4 5")
        XCTAssertEqual(locals("label1 = x; UILabel * label2; UILabel * label3 = nil; y = label4 == nil; z = label5;").named, "1 2 3 4 5")
        // Longer names, prefixes and names with digits are other names.
        XCTAssertEqual(locals("label1x = label15; xlabel16 = label1_;").named, "15")
    }

    func testTextItCannotReadDeclaresAndSilencesEveryView() {
        for fragment in ["label1.text = @\"open", "label1.text = @\"a\nb\";", "/* label2", "label1 ` label2", "x = @selector(label1"] {
            let all = locals(fragment, count: 3)
            XCTAssertEqual(all.named, "1 2 3", fragment)
            XCTAssertEqual(all.read, "", fragment)
        }
    }

    func testACellsSecondNameIsSilencedWhereNoCodeFollows() throws {
        let layout = try Layout(source: """
            (let* ((name (label '((text . "N")))) (badge (label '((text . "9")))) (second name))
              (in-cell (<< second badge 4) 'cell))
            """, file: "cell.htll")
        let category = try layout.objectiveCCategory()
        XCTAssertTrue(category.contains("    second = name;\n"), category)
        XCTAssertEqual(lines(of: "layoutCellForTableView:(UITableView *)tableView", in: category.replacingOccurrences(of: "- (UITableViewCell *)", with: "- (void)"))
                        .filter { $0.hasPrefix("    (void)") }, ["    (void)second;"])
        XCTAssertEqual(try CodeCheck.compileProblems(layout), [])
    }

    /// The layouts the original accepted leniently (unplaced views, aliases, odd events) give
    /// categories that compile with `-Wall -Werror`: no local unused, none missing.
    func testEveryCompatibilityLayoutsCategoryCompiles() throws {
        let folder = GoldenTests.examples.deletingLastPathComponent().appendingPathComponent("Tests/htllc-compat")
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "htll" }.sorted { $0.path < $1.path }
        XCTAssertGreaterThan(files.count, 40)
        var compiled = 0
        for url in files {
            guard let layout = try? Layout(contentsOfFile: url.path, strict: false) else { continue }
            XCTAssertEqual(try CodeCheck.compileProblems(layout), [], url.lastPathComponent)
            compiled += 1
        }
        XCTAssertGreaterThan(compiled, 30)
    }
}
