import XCTest
import HTLL
import Scheme

/// The messages of attribute checks, word for word. Checking an attribute makes its messages'
/// texts ("label text", "style big: label text") only when a message is given (issue 19: making
/// them for every attribute of every view was a third of the cost of checking one), so each path
/// that gives one is pinned here: a wrong value, an unknown colour or enumeration value, an
/// unknown attribute, a refused or omitted attribute, a modifier's, an attribute newer than iOS 6.
final class AttributeMessageTests: SmallLayoutTestCase {
    override class var file: String { "m.htll" }

    func testCheckFailuresSayWhichViewAndAttribute() {
        let cases = [
            ("(in (label '((text . 1))) 'self.view)",
             "m.htll:1:5: error: label text: expected a string or (localized KEY DEFAULT), got 1"),
            ("(in (label '((text-color . redd-color))) 'self.view)",
             "m.htll:1:5: error: label text-color: unknown colour redd-color; did you mean red-color?"),
            ("(in (label '((text-alignment . middle))) 'self.view)",
             "m.htll:1:5: error: label text-alignment: middle is not a text-alignment (one of left, center, right)"),
            ("(in (label '((font . 12))) 'self.view)",
             "m.htll:1:5: error: label font: expected a font ((system-font-of-size N), (preferred-font 'body), (font NAME N), ...), got 12"),
            ("(in (label '((texts . \"a\"))) 'self.view)",
             "m.htll:1:5: error: label has no attribute texts; did you mean text?"),
            ("(in (button '((target . (self 1 touch-up-inside)))) 'self.view)",
             "m.htll:1:5: error: custom-button target: expected (TARGET SELECTOR EVENT) such as (self buttonTapped: touch-up-inside), got (self 1 touch-up-inside)"),
            ("(in (view '((content-stretch . (rect 0 0 1 1)))) 'self.view)",
             "m.htll:1:5: error: view content-stretch: UIView's contentStretch is deprecated since iOS 6 (it is unavailable in Swift); stretch a resizable image in an image view instead (htllc -v ios6 keeps it)"),
            ("(define-style big '((text . 2)))\n(in (label 'big) 'self.view)",
             "m.htll:2:5: error: style big: label text: expected a string or (localized KEY DEFAULT), got 2"),
        ]
        for (source, expected) in cases {
            XCTAssertEqual(message(source).split(separator: "\n").first.map(String.init), expected, source)
        }
    }

    func testOmittedAttributeWarnsWithItsName() throws {
        let layout = try layout("(in (segmented-control '((items . (\"a\")) (segmented-control-style . bar))) 'self.view)")
        _ = try layout.objectiveC(.viewDidLoad)
        XCTAssertEqual(layout.warnings, ["m.htll:1:5: warning: segmented-control segmented-control-style: UISegmentedControl's "
                                         + "segmentedControlStyle has had no effect since iOS 7; left out (htllc -v ios6 keeps it)"])
    }

    /// The latest enumeration checked is answered before the chain of types (issue 19): an
    /// unknown value of it, right after a known one and after another enumeration came between,
    /// gets the chain's message; in htllc mode its fallback and warning; each view keeps its own.
    func testLatestEnumerationKeepsItsChecks() throws {
        let unknown = "(in (vseq (label '((text-alignment . left))) (label '((text-alignment . middle)))) 'self.view)"
        XCTAssertEqual(message(unknown).split(separator: "\n").first.map(String.init),
                       "m.htll:1:46: error: label text-alignment: middle is not a text-alignment (one of left, center, right)")
        let between = "(in (vseq (label '((text-alignment . left))) (text-field '((border-style . line))) "
            + "(label '((text-alignment . middle)))) 'self.view)"
        XCTAssertEqual(message(between).split(separator: "\n").first.map(String.init),
                       "m.htll:1:84: error: label text-alignment: middle is not a text-alignment (one of left, center, right)")
        let states = "(in (vseq (button '((title-for-state . (\"a\" . normal)))) (button '((title-for-state . (\"b\" . highlighted))))"
            + " (button '((title-for-state . (\"c\" . pressed))))) 'self.view)"
        XCTAssertEqual(message(states).split(separator: "\n").first.map(String.init),
                       "m.htll:1:110: error: custom-button title-for-state: pressed is not a control-state (one of normal, highlighted, disabled, selected, application, reserved)")
        let lenient = try Layout(source: states, file: "m.htll", strict: false)
        let code = try lenient.objectiveC(.viewWillAppear)
        XCTAssertTrue(code.contains("forState:UIControlStateNormal"), code)
        XCTAssertTrue(code.contains("forState:UIControlStateHighlighted"), code)
        XCTAssertTrue(code.contains("forState:UIControlStateReserved"), code)
        XCTAssertEqual(lenient.warnings.count, 1, "\(lenient.warnings)")
    }

    /// A text and a value of the latest enumeration (a button's title and state) are checked in
    /// place (issue 19): a title that is not a plain string, a state of another enumeration's
    /// latest check, an unknown state, and a pair the layout changes after making the view each
    /// give what the full check gives.
    func testTitleAndStateCheckedInPlaceKeepTheirChecks() throws {
        XCTAssertEqual(try lines("(define t (cons \"c\" 'normal))\n"
                                 + "(in (vseq (button '((title-for-state . (\"a\" . normal))))"
                                 + " (button `((title-for-state . (,(localized \"k\" \"d\") . highlighted))))"
                                 + " (text-field '((border-style . line)))"
                                 + " (button '((title-for-state . (\"b\" . selected))))"
                                 + " (button (list (cons 'title-for-state t)))) 'self.view)\n"
                                 + "(set-car! t \"changed\") (set-cdr! t 'disabled)", .viewWillAppear), [
            "[button1 setTitle:@\"a\" forState:UIControlStateNormal];",
            "[button2 setTitle:NSLocalizedString(@\"k\", @\"d\") forState:UIControlStateHighlighted];",
            "textField3.borderStyle = UITextBorderStyleLine;",
            "[button4 setTitle:@\"b\" forState:UIControlStateSelected];",
            "[button5 setTitle:@\"c\" forState:UIControlStateNormal];",
        ])
        XCTAssertEqual(message("(in (vseq (button '((title-for-state . (\"a\" . normal)))) (button '((title-for-state . (1 . normal))))) 'self.view)")
                        .split(separator: "\n").first.map(String.init),
                       "m.htll:1:58: error: custom-button title-for-state: expected a string or (localized KEY DEFAULT), got 1")
        XCTAssertEqual(message("(in (vseq (button '((title-for-state . (\"a\" . normal)))) (button '((title-for-state . (\"b\" . \"normal\"))))) 'self.view)")
                        .split(separator: "\n").first.map(String.init),
                       "m.htll:1:58: error: custom-button title-for-state: \"normal\" is not a control-state (one of normal, highlighted, disabled, selected, application, reserved)")
    }

    /// The latest attribute checked again takes a short path (a long layout's labels, issue 19):
    /// the same attribute with a value of another type after it still gets the walk's error, and
    /// each view keeps its own value, here and on the iOS 6 target.
    func testRepeatedAttributeKeepsEachValueAndItsChecks() throws {
        XCTAssertEqual(message("(in (vseq (label '((text . \"a\"))) (label '((text . \"b\"))) (label '((text . 3)))) 'self.view)")
                        .split(separator: "\n").first.map(String.init),
                       "m.htll:1:59: error: label text: expected a string or (localized KEY DEFAULT), got 3")
        let source = "(in (vseq (label '((text . \"a\"))) (label '((text . \"b\"))) (label '((text . (localized \"k\" \"c\"))))) 'self.view)"
        for target: Layout.Target in [.ios15, .ios6] {
            let code = try Layout(source: source, file: "m.htll", target: target).objectiveC(.viewWillAppear)
            XCTAssertTrue(code.contains("label1.text = @\"a\";"), code)
            XCTAssertTrue(code.contains("label2.text = @\"b\";"), code)
            XCTAssertTrue(code.contains("NSLocalizedString(@\"k\""), code)
        }
    }

    /// A view of several attributes named as the latest of its kind is rendered with the ways that
    /// walk found (issue 19): each view's own values, a late way (the scale after the font) last,
    /// two sends of one attribute, a view of the same kind and other names between, another kind
    /// between, and on the iOS 6 target (another table of ways) the original's lines.
    func testRepeatedAttributeListsRenderEachView() throws {
        let source = "(in (vseq (label '((text . \"a\") (minimum-font-size . 10) (font . (system-font-of-size 14))))"
            + " (button '((title-for-state . (\"t\" . normal)) (title-for-state . (\"u\" . highlighted))))"
            + " (label '((text . \"b\") (minimum-font-size . 9) (font . (system-font-of-size 15))))"
            + " (label '((minimum-font-size . 8) (text . \"c\")))"
            + " (button '((title-for-state . (\"v\" . normal)) (title-for-state . (\"w\" . selected))))"
            + " (label '((text . \"d\") (minimum-font-size . 7) (font . (system-font-of-size 16))))) 'self.view)"
        let layout = try Layout(source: source, file: "m.htll")
        XCTAssertEqual(try layout.objectiveC(.viewWillAppear), """
            label1.text = @"a";
            label1.font = [UIFont systemFontOfSize:14];
            label1.adjustsFontSizeToFitWidth = YES;
            label1.minimumScaleFactor = MIN(10 / label1.font.pointSize, 1);
            [button2 setTitle:@"t" forState:UIControlStateNormal];
            [button2 setTitle:@"u" forState:UIControlStateHighlighted];
            label3.text = @"b";
            label3.font = [UIFont systemFontOfSize:15];
            label3.adjustsFontSizeToFitWidth = YES;
            label3.minimumScaleFactor = MIN(9 / label3.font.pointSize, 1);
            label4.text = @"c";
            label4.adjustsFontSizeToFitWidth = YES;
            label4.minimumScaleFactor = MIN(8 / label4.font.pointSize, 1);
            [button5 setTitle:@"v" forState:UIControlStateNormal];
            [button5 setTitle:@"w" forState:UIControlStateSelected];
            label6.text = @"d";
            label6.font = [UIFont systemFontOfSize:16];
            label6.adjustsFontSizeToFitWidth = YES;
            label6.minimumScaleFactor = MIN(7 / label6.font.pointSize, 1);

            """)
        XCTAssertFalse(try layout.objectiveC(.viewDidLoad).contains("setTitle"))
        let swift = try layout.swift()
        for line in ["views.button5.setTitle(\"w\", for: UIControl.State.selected)", "views.label6.font = UIFont.systemFont(ofSize: 16)\n"
                     + "        views.label6.adjustsFontSizeToFitWidth = true\n"
                     + "        views.label6.minimumScaleFactor = min(7 / views.label6.font.pointSize, 1)"] {
            XCTAssertTrue(swift.contains(line), line)
        }
        let old = try Layout(source: source, file: "m.htll", target: .ios6).objectiveC(.viewWillAppear)
        XCTAssertTrue(old.contains("label3.text = @\"b\";\nlabel3.minimumFontSize = 9;\nlabel3.font = [UIFont systemFontOfSize:15];\n"), old)
        XCTAssertFalse(old.contains("minimumScaleFactor"), old)
    }

    /// Walks are kept for a few shapes of a kind and no longer looked for once they keep failing
    /// (issue 19): 300 labels whose attributes come in every order of four, each view's lines in
    /// its own order, before and after the kept walks give up.
    func testLabelsOfEveryOrderOfTheirAttributes() throws {
        let parts: [(attribute: (Int) -> String, line: (Int) -> String)] = [
            ({ "(text . \"t\($0)\")" }, { "label\($0).text = @\"t\($0)\";" }),
            ({ "(number-of-lines . \($0 % 5))" }, { "label\($0).numberOfLines = \($0 % 5);" }),
            ({ _ in "(text-alignment . center)" }, { "label\($0).textAlignment = NSTextAlignmentCenter;" }),
            ({ _ in "(text-color . red-color)" }, { "label\($0).textColor = [UIColor redColor];" }),
        ]
        func orders(_ xs: [Int]) -> [[Int]] {
            xs.count <= 1 ? [xs] : xs.indices.flatMap { i in orders(Array(xs[..<i] + xs[(i + 1)...])).map { [xs[i]] + $0 } }
        }
        let all = orders([0, 1, 2, 3])
        var views: [String] = [], expected = ""
        for n in 1...300 {
            // Each order in turn, and every fifth view one attribute fewer: 48 shapes in all.
            let order = Array(all[(n * 7) % all.count].prefix(n % 5 == 0 ? 3 : 4))
            views.append("(label '(" + order.map { parts[$0].attribute(n) }.joined(separator: " ") + "))")
            expected += order.map { parts[$0].line(n) + "\n" }.joined()
        }
        let layout = try Layout(source: "(in (vseq " + views.joined(separator: " ") + ") 'self.view)", file: "m.htll")
        XCTAssertEqual(try layout.objectiveC(.viewWillAppear), expected)
        XCTAssertFalse(try layout.objectiveC(.viewDidLoad).contains(".text"))
    }

    /// The latest named colour accepted is accepted again without its check (issue 19), only on
    /// the same target: in one instance, a colour newer than iOS 6 accepted for today's target is
    /// refused for iOS 6 after it (and accepted again after that), and a refused texture after an
    /// accepted colour, in a style or not, is still refused.
    func testAcceptedColourIsCheckedAgainOnAnotherTarget() throws {
        let scheme = try Scheme()
        try HTLL.install(into: scheme)
        let source = "(define-style red '((text-color . system-red)))\n"
            + "(in (vseq (label 'red '((text . \"a\"))) (label '((text-color . system-red)))) 'self.view)"
        for target in [Layout.Target.ios15, .ios6, .ios15] {
            if target == .ios6 {
                XCTAssertThrowsError(try Layout(source: source, file: "m.htll", scheme: scheme, target: target)) {
                    XCTAssertEqual("\($0)".split(separator: "\n").first.map(String.init),
                                   "m.htll:2:11: error: style red: label text-color: system-red is iOS 7.0 and later; htllc -v ios6 targets iOS 6")
                }
            } else {
                let code = try Layout(source: source, file: "m.htll", scheme: scheme, target: target).objectiveC(.viewWillAppear)
                XCTAssertTrue(code.contains("label2.textColor = [UIColor systemRedColor];"), code)
            }
        }
        XCTAssertEqual(message("(define-style s '((text-color . red-color)))\n(in (vseq (label 's) (label '((text-color . red-color)))"
                               + " (label '((text-color . view-flipside-background-color)))) 'self.view)").split(separator: "\n").first.map(String.init),
                       "m.htll:2:58: error: label text-color: viewFlipsideBackgroundColor is an iOS 6 texture, deprecated since iOS 7 and unavailable in Swift; "
                       + "use secondary-system-background or system-grouped-background (htllc -v ios6 keeps it)")
    }

    /// A named colour's text is kept for the next view of the same colour on the same target, and
    /// a property's being a layer's for the next colour attribute (issue 19): in one instance,
    /// layouts for today's target and iOS 6 one after the other each get their own names, and a
    /// layer's colour after a view's its CGColor.
    func testKeptColourTextsFollowTheTargetAndTheProperty() throws {
        let scheme = try Scheme()
        try HTLL.install(into: scheme)
        let source = "(in (vseq (view '((background-color . group-table-view-background-color)))"
            + " (view (layer '((border-color . red-color))) '((background-color . red-color)))"
            + " (view '((background-color . group-table-view-background-color)))) 'self.view)"
        for (target, name) in [(Layout.Target.ios15, "systemGroupedBackgroundColor"), (.ios6, "groupTableViewBackgroundColor"),
                               (.ios15, "systemGroupedBackgroundColor")] {
            let code = try Layout(source: source, file: "m.htll", scheme: scheme, target: target).objectiveC(.viewWillAppear)
            XCTAssertTrue(code.contains("view1.backgroundColor = [UIColor \(name)];\n"), code)
            XCTAssertTrue(code.contains("view3.backgroundColor = [UIColor \(name)];\n"), code)
            XCTAssertTrue(code.contains("view2.layer.borderColor = [UIColor redColor].CGColor;\n"), code)
            XCTAssertTrue(code.contains("view2.backgroundColor = [UIColor redColor];\n"), code)
        }
    }

    /// A view of one attribute rendered as the latest such view was takes a short path too (issue
    /// 19): views of other kinds and attributes in between, a send beside sets, and each view's
    /// own value, as the walk wrote them (the lines 6c4802b printed).
    func testRepeatedAttributesRenderEachView() throws {
        let source = "(in (vseq (label '((text . \"a\"))) (label '((text-color . red-color))) (text-field '((text . \"b\")))"
            + " (label '((text-color . blue-color))) (button '((title-for-state . (\"t\" . normal))))"
            + " (button '((title-for-state . (\"u\" . highlighted)))) (label '((text . \"c\"))) (slider '((value . 0.5)))"
            + " (slider '((value . 0.25)))) 'self.view)"
        let layout = try Layout(source: source, file: "m.htll")
        XCTAssertEqual(try layout.objectiveC(.viewWillAppear), """
            label1.text = @"a";
            label2.textColor = [UIColor redColor];
            textField3.text = @"b";
            label4.textColor = [UIColor blueColor];
            [button5 setTitle:@"t" forState:UIControlStateNormal];
            [button6 setTitle:@"u" forState:UIControlStateHighlighted];
            label7.text = @"c";
            slider8.value = 0.5;
            slider9.value = 0.25;

            """)
        let swift = try layout.swift()
        for line in ["views.label7.text = \"c\"", "views.button6.setTitle(\"u\", for: UIControl.State.highlighted)",
                     "views.slider9.value = 0.25"] {
            XCTAssertTrue(swift.contains(line), line)
        }
    }

    /// Each attribute as written is remembered as last found, with its kind (views of several
    /// attributes, issue 19): the same name on another kind is looked up again for that kind, and
    /// refused where the kind has no such attribute, in the same layout or a later one.
    func testAttributesOfSeveralKindsInTurnKeepTheirKindsChecks() throws {
        let source = "(in (vseq (text-field '((placeholder . \"p\") (text . \"t\"))) (label '((text . \"a\") (text-color . red-color)))"
            + " (text-field '((placeholder . \"q\") (text . \"u\")))) 'self.view)"
        XCTAssertEqual(try lines(source, .viewWillAppear), [
            "textField1.placeholder = @\"p\";", "textField1.text = @\"t\";", "label2.text = @\"a\";",
            "label2.textColor = [UIColor redColor];", "textField3.placeholder = @\"q\";", "textField3.text = @\"u\";",
        ])
        XCTAssertEqual(message("(in (vseq (text-field '((placeholder . \"p\") (text . \"t\"))) (label '((text . \"a\") (placeholder . \"x\")))) 'self.view)")
                        .split(separator: "\n").first.map(String.init),
                       "m.htll:1:60: error: label has no attribute placeholder")
    }

    /// A list named as one checked before (the same names in order, the same kind) has only its
    /// values checked (issue 19): each value still gets its own check, message and replacement
    /// (an htllc-mode fallback), and another kind or order is looked up again.
    func testListsOfTheSameNamesCheckEachValue() throws {
        XCTAssertEqual(message("(in (vseq (label '((text . \"a\") (text-alignment . center))) (label '((text . \"b\") (text-alignment . right)))"
                               + " (label '((text . \"c\") (text-alignment . middle)))) 'self.view)").split(separator: "\n").first.map(String.init),
                       "m.htll:1:110: error: label text-alignment: middle is not a text-alignment (one of left, center, right)")
        XCTAssertEqual(try lines("(in (vseq (label '((text . \"a\") (text-alignment . center))) (text-field '((text . \"b\") (text-alignment . right)))"
                                 + " (label '((text-alignment . left) (text . \"c\"))) (label '((text . \"d\") (text-alignment . right)))) 'self.view)",
                                 .viewWillAppear), [
            "label1.text = @\"a\";", "label1.textAlignment = NSTextAlignmentCenter;",
            "textField2.text = @\"b\";", "textField2.textAlignment = NSTextAlignmentRight;",
            "label3.textAlignment = NSTextAlignmentLeft;", "label3.text = @\"c\";",
            "label4.text = @\"d\";", "label4.textAlignment = NSTextAlignmentRight;",
        ])
        XCTAssertEqual(message("(in (vseq (text-field '((placeholder . \"p\") (text . \"t\"))) (label '((placeholder . \"x\") (text . \"a\")))) 'self.view)")
                        .split(separator: "\n").first.map(String.init),
                       "m.htll:1:60: error: label has no attribute placeholder")
        let lenient = try Layout(source: "(in (vseq (text-field '((border-style . line) (placeholder . \"a\")))"
                                 + " (text-field '((border-style . roundd) (placeholder . \"b\"))) (text-field '((border-style . roundd) (placeholder . \"c\"))))"
                                 + " 'self.view)", file: "m.htll", strict: false)
        let code = try lenient.objectiveC(.viewDidLoad) + lenient.objectiveC(.viewWillAppear)
        for (view, style) in [("textField1", "Line"), ("textField2", "None"), ("textField3", "None")] {
            XCTAssertTrue(code.contains("\(view).borderStyle = UITextBorderStyle\(style);"), code)
        }
        XCTAssertEqual(lenient.warnings.count, 2, "\(lenient.warnings)")
        XCTAssertTrue(lenient.warnings.allSatisfy { $0.contains("roundd is not a border-style; using none") }, "\(lenient.warnings)")
    }

    /// A view's own list naming an attribute twice: the later value replaces the earlier, and a
    /// title for another state is kept beside it (a list of distinct names skips that merge).
    func testARepeatedAttributeInOneListKeepsTheLaterValue() throws {
        XCTAssertEqual(try lines("(in (vseq (label '((text . \"a\") (text . \"b\"))) (label '((text . \"c\") (text-color . red-color) (text-color . blue-color)))"
                                 + " (button '((title-for-state . (\"x\" . normal)) (title-for-state . (\"y\" . highlighted)) (title-for-state . (\"z\" . normal)))))"
                                 + " 'self.view)", .viewWillAppear), [
            "label1.text = @\"b\";", "label2.text = @\"c\";", "label2.textColor = [UIColor blueColor];",
            "[button3 setTitle:@\"y\" forState:UIControlStateHighlighted];", "[button3 setTitle:@\"z\" forState:UIControlStateNormal];",
        ])
    }

    func testAttributeNewerThanIOS6IsRefusedThere() {
        XCTAssertThrowsError(try Layout(source: "(in (label '((tint-color . red-color))) 'self.view)", file: "m.htll", target: .ios6)) {
            XCTAssertEqual("\($0)".split(separator: "\n").first.map(String.init),
                           "m.htll:1:5: error: label tint-color is iOS 7.0 and later; htllc -v ios6 targets iOS 6")
        }
    }
}
