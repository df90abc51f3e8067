import XCTest
import HTLL
import Scheme

/// Views, names, attribute types and resources print as UIKit expects.
final class ViewTests: XCTestCase {
    /// One instance for all these small layouts: each load resets the layout state.
    static let scheme: Scheme = {
        let s = Scheme()
        try? HTLL.install(into: s)
        return s
    }()

    func code(_ source: String, _ action: HTLL.Action, target: Layout.Target = .ios15) throws -> String {
        try Layout(source: source, file: "v.htll", scheme: Self.scheme, target: target).objectiveC(action)
    }

    func lines(_ source: String, _ action: HTLL.Action, target: Layout.Target = .ios15) throws -> [String] {
        try code(source, action, target: target).split(separator: "\n").map(String.init)
    }

    func testEveryViewKindIsCreatedAsUIKitExpects() throws {
        let kinds: [(String, String, String)] = [
            ("view", "UIView", "[[UIView alloc] init]"),
            ("scroll", "UIScrollView", "[[UIScrollView alloc] init]"),
            ("label", "UILabel", "[[UILabel alloc] init]"),
            ("custom-button", "UIButton", "[UIButton buttonWithType:UIButtonTypeCustom]"),
            ("rounded-rect-button", "UIButton", "[UIButton buttonWithType:UIButtonTypeRoundedRect]"),
            ("detail-disclosure-button", "UIButton", "[UIButton buttonWithType:UIButtonTypeDetailDisclosure]"),
            ("info-light-button", "UIButton", "[UIButton buttonWithType:UIButtonTypeInfoLight]"),
            ("info-dark-button", "UIButton", "[UIButton buttonWithType:UIButtonTypeInfoDark]"),
            ("contact-add-button", "UIButton", "[UIButton buttonWithType:UIButtonTypeContactAdd]"),
            ("image", "UIImageView", "[[UIImageView alloc] init]"),
            ("slider", "UISlider", "[[UISlider alloc] init]"),
            ("text-field", "UITextField", "[[UITextField alloc] init]"),
            ("text-view", "UITextView", "[[UITextView alloc] init]"),
            ("table", "UITableView", "[[UITableView alloc] init]"),
        ]
        for (kind, cls, initializer) in kinds {
            let src = "(define v (\(kind) '()))\n(in v 'self.view)"
            XCTAssertEqual(try lines(src, .property), ["@property (nonatomic, strong) \(cls) * v;"])
            XCTAssertEqual(try lines(src, .synthesize), ["@synthesize v;"])
            XCTAssertEqual(try lines(src, .viewDidLoad), ["v = \(initializer);", "[self.view addSubview:v];"])
        }
        let seg = "(define s (segmented-control `((items . (\"A\" ,(image-named \"b.png\"))))))\n(in s 'self.view)"
        XCTAssertEqual(try lines(seg, .viewDidLoad).first,
                       "s = [[UISegmentedControl alloc] initWithItems:[NSArray arrayWithObjects:@\"A\", [UIImage imageNamed:@\"b.png\"], nil]];")
    }

    func testBoundViewsTakeTheirVariableNameAndOthersAreNumbered() throws {
        let src = """
            (define (caption text) (let ((cap (label `((text . ,text))))) cap))
            (letrec ((speed-label (label '())))
              (let* ((go (custom-button '())))
                (in (vseq speed-label (label '()) go (caption "a") (caption "b") (slider '())) 'self.view)))
            """
        // The views the bindings around the in bind come first, in binding order (as htllc declared
        // them); then the other placed views in layout order, numbered by their place in it.
        XCTAssertEqual(try lines(src, .synthesize),
                       ["@synthesize speedLabel;", "@synthesize go;", "@synthesize label2;",
                        "@synthesize cap;", "@synthesize cap2;", "@synthesize slider6;"])
    }

    /// A `let` of two or more views in a procedure that does not place the layout names them (its
    /// wrappers carry the let's group, which only declared bindings use: the naming hook took
    /// two arguments, and such a layout failed with "%htll-named: expected 2 arguments, got 3").
    func testViewsBoundTogetherInAProcedureAreNamed() throws {
        let src = """
            (define (pair-of a b)
              (let ((top (label `((text . ,a)))) (bottom (label `((text . ,b)))))
                (vseq top bottom)))
            (in (hseq (pair-of "A" "B") (pair-of "C" "D")) 'self.view)
            """
        XCTAssertEqual(try lines(src, .synthesize),
                       ["@synthesize top;", "@synthesize bottom;", "@synthesize top2;", "@synthesize bottom2;"])
    }

    func testEveryAttributeTypePrintsAsUIKitExpects() throws {
        let src = """
            (define pad (view '()))
            (define f (text-field `((text . "Say \\"hi\\"\\n")
                                    (placeholder . ,(localized "name.key" "Name"))
                                    (font . ,(font "Helvetica-Bold" 13))
                                    (enabled . #f)
                                    (alpha . 0.25)
                                    (minimum-font-size . ,(small-system-font-size))
                                    (autoresizing-mask . (flexible-width flexible-height))
                                    (content-stretch . ,(rect 0 0 1 1))
                                    (left-view . ,pad)
                                    (clear-button-mode . unless-editing)
                                    (target . (self changed: (editing-changed editing-did-end))))))
            (define s (scroll `((content-offset . ,(point 1 2)) (content-size . ,(size 3 4))
                                (content-inset . ,(edge-insets 1 2 3 4)) (scroll-to-top . #t)
                                (direction-lock-enabled . #t) (always-bounces-vertical . #t))))
            (define t (text-view `((selected-range . ,(range 2 5)) (data-detector-types . (link phone-number)))))
            (define l (label `((shadow-offset . ,(size 0 1)) (number-of-lines . 0) (line-break-mode . tail-truncation)
                               (clears-context-before-drawing . #t))))
            (define b (custom-button `((title-for-state . ("Go" . highlighted))
                                       (image-for-state . (,(image-named "i.png") . disabled))
                                       (title-shadow-color-for-state . (black-color . selected)))))
            (define g (segmented-control `((items . ("A" "B"))
                                           (content-position-adjustment-for-segment-type-bar-metrics . (,(offset 1 2) alone landscape-phone))
                                           (divider-image-for-left-segment-state-right-segment-state-bar-metrics .
                                             (,(image-named "d.png") normal selected default))
                                           (content-offset-for-segment-at-index . (,(size 1 2) . 0))
                                           (title-text-attributes-for-state .
                                             (((font . ,(system-font-of-size 12)) (text-shadow-offset . ,(offset 0 1))) . normal)))))
            (define tb (table '((data-source . self) (delegate . self) (section-index-minium-display-row-count . 5))))
            (define i (image `((animation-images . (,(image-named "1.png") ,(image-named "2.png"))))))
            (in (vseq f s t l b g tb i) 'self.view)
            """
        // The original's spellings (htllc -v ios6).
        let appear = try lines(src, .viewWillAppear, target: .ios6)
        let load = try lines(src, .viewDidLoad, target: .ios6)
        for expected in [
            "f.text = @\"Say \\\"hi\\\"\\n\";",
            "f.placeholder = NSLocalizedString(@\"name.key\", @\"Name\");",
            "f.font = [UIFont fontWithName:@\"Helvetica-Bold\" size:13];",
            "f.enabled = NO;",
            "f.alpha = 0.25;",
            "f.minimumFontSize = [UIFont smallSystemFontSize];",
            "f.autoresizingMask = UIViewAutoresizingFlexibleWidth | UIViewAutoresizingFlexibleHeight;",
            "f.contentStretch = CGRectMake(0, 0, 1, 1);",
            "f.leftView = pad;",
            "f.clearButtonMode = UITextFieldViewModeUnlessEditing;",
            "s.contentOffset = CGPointMake(1, 2);",
            "s.contentSize = CGSizeMake(3, 4);",
            "s.contentInset = UIEdgeInsetsMake(1, 2, 3, 4);",
            "s.scrollsToTop = YES;",
            "s.directionalLockEnabled = YES;",
            "s.alwaysBounceVertical = YES;",
            "t.selectedRange = NSMakeRange(2, 5);",
            "t.dataDetectorTypes = UIDataDetectorTypeLink | UIDataDetectorTypePhoneNumber;",
            "l.shadowOffset = CGSizeMake(0, 1);",
            "l.numberOfLines = 0;",
            "l.lineBreakMode = NSLineBreakByTruncatingTail;",
            "l.clearsContextBeforeDrawing = YES;",
            "[b setTitle:@\"Go\" forState:UIControlStateHighlighted];",
            "[b setImage:[UIImage imageNamed:@\"i.png\"] forState:UIControlStateDisabled];",
            "[b setTitleShadowColor:[UIColor blackColor] forState:UIControlStateSelected];",
            "[g setContentOffset:CGSizeMake(1, 2) forSegmentAtIndex:0];",
            "[g setTitleTextAttributes:[NSDictionary dictionaryWithObjectsAndKeys:[UIFont systemFontOfSize:12], UITextAttributeFont, [NSValue valueWithUIOffset:UIOffsetMake(0, 1)], UITextAttributeTextShadowOffset, nil] forState:UIControlStateNormal];",
            "tb.sectionIndexMinimumDisplayRowCount = 5;",
            "[g setContentPositionAdjustment:UIOffsetMake(1, 2) forSegmentType:UISegmentedControlSegmentAlone barMetrics:UIBarMetricsLandscapePhone];",
            "[g setDividerImage:[UIImage imageNamed:@\"d.png\"] forLeftSegmentState:UIControlStateNormal rightSegmentState:UIControlStateSelected barMetrics:UIBarMetricsDefault];",
            "i.animationImages = [NSArray arrayWithObjects:[UIImage imageNamed:@\"1.png\"], [UIImage imageNamed:@\"2.png\"], nil];",
        ] {
            XCTAssertTrue(appear.contains(expected), "missing: \(expected)")
        }
        XCTAssertTrue(load.contains("[f addTarget:self action:@selector(changed:) forControlEvents:UIControlEventEditingChanged | UIControlEventEditingDidEnd];"))
        XCTAssertTrue(load.contains("tb.dataSource = self;"))
        XCTAssertTrue(load.contains("tb.delegate = self;"))
        // A view only referenced by an attribute is declared but not placed.
        XCTAssertTrue(try lines(src, .property, target: .ios6).contains("@property (nonatomic, strong) UIView * pad;"))
        XCTAssertFalse(load.contains("[self.view addSubview:pad];"))
        // Today's iOS refuses contentStretch, naming what to do instead; without it, the rest is printed
        // with today's names.
        XCTAssertThrowsError(try lines(src, .viewWillAppear)) { error in
            XCTAssertEqual("\(error)", "v.htll:2:11: error: text-field content-stretch: UIView's contentStretch is deprecated since iOS 6 "
                           + "(it is unavailable in Swift); stretch a resizable image in an image view instead (htllc -v ios6 keeps it)")
        }
        let today = try lines(src.replacingOccurrences(of: "(content-stretch . ,(rect 0 0 1 1))", with: ""), .viewWillAppear)
        for expected in [
            "f.minimumFontSize = [UIFont smallSystemFontSize];", // a text field's minimumFontSize is current
            "NSShadow * htllGNormalShadow = [[NSShadow alloc] init];", "htllGNormalShadow.shadowOffset = CGSizeMake(0, 1);",
            "[g setTitleTextAttributes:[NSDictionary dictionaryWithObjectsAndKeys:[UIFont systemFontOfSize:12], NSFontAttributeName, "
                + "htllGNormalShadow, NSShadowAttributeName, nil] forState:UIControlStateNormal];",
            "[g setContentPositionAdjustment:UIOffsetMake(1, 2) forSegmentType:UISegmentedControlSegmentAlone barMetrics:UIBarMetricsCompact];",
        ] {
            XCTAssertTrue(today.contains(expected), "missing: \(expected)\n\(today.joined(separator: "\n"))")
        }
    }

    /// A label's minimumFontSize (deprecated since iOS 6) becomes the scale of its font that size is,
    /// after the font is set, with the font shrinking to fit unless the layout says otherwise.
    func testMinimumFontSizeBecomesAScaleFactor() throws {
        XCTAssertEqual(try lines("(in (label `((minimum-font-size . 12) (font . ,(system-font-of-size 20)))) 'self.view)", .viewWillAppear),
                       ["label1.font = [UIFont systemFontOfSize:20];", "label1.adjustsFontSizeToFitWidth = YES;",
                        "label1.minimumScaleFactor = MIN(12 / label1.font.pointSize, 1);"])
        XCTAssertEqual(try lines("(in (label '((adjusts-font-size-to-fit-width . #f) (minimum-font-size . 12))) 'self.view)", .viewWillAppear),
                       ["label1.adjustsFontSizeToFitWidth = NO;", "label1.minimumScaleFactor = MIN(12 / label1.font.pointSize, 1);"])
        XCTAssertEqual(try lines("(in (label '((minimum-font-size . 12))) 'self.view)", .viewWillAppear, target: .ios6),
                       ["label1.minimumFontSize = 12;"])
        let swift = try Layout(source: "(in (label '((minimum-font-size . 12))) 'self.view)", file: "v.htll", scheme: Self.scheme).swift()
        XCTAssertTrue(swift.contains("views.label1.adjustsFontSizeToFitWidth = true\n        views.label1.minimumScaleFactor = min(12 / views.label1.font.pointSize, 1)"), swift)
    }

    /// What has no effect on today's iOS is left out with a warning; the rest of the original's
    /// iOS 6 vocabulary is refused with an error naming the replacement.
    func testTodaysTargetLeavesOutOrRefusesTheDeprecatedVocabulary() throws {
        let layout = try Layout(source: "(in (segmented-control '((items . (\"A\")) (segmented-control-style . bar))) 'self.view)",
                                file: "v.htll", scheme: Self.scheme)
        XCTAssertEqual(try layout.objectiveC(.viewWillAppear), "")
        XCTAssertEqual(layout.warnings, ["v.htll:1:5: warning: segmented-control segmented-control-style: UISegmentedControl's "
                                           + "segmentedControlStyle has had no effect since iOS 7; left out (htllc -v ios6 keeps it)"])
        for attribute in ["(reverses-title-shadow-when-highlighted . #t)", "(adjusts-image-when-highlighted . #f)",
                          "(adjusts-image-when-disabled . #f)", "(shows-touch-when-highlighted . #t)",
                          "(content-edge-insets . (edge-insets 1 2 3 4))", "(title-edge-insets . (edge-insets 1 2 3 4))",
                          "(image-edge-insets . (edge-insets 1 2 3 4))"] {
            let source = "(in (custom-button '(\(attribute))) 'self.view)"
            XCTAssertThrowsError(try code(source, .viewWillAppear)) { error in
                XCTAssertTrue("\(error)".hasPrefix("v.htll:1:5: error: custom-button "), "\(error)")
                XCTAssertTrue("\(error)".contains("deprecated since iOS 15"), "\(error)")
            }
            XCTAssertNoThrow(try code(source, .viewWillAppear, target: .ios6))
        }
        XCTAssertEqual(try lines("(in (table '((separator-style . single-line-etched))) 'self.view)", .viewWillAppear),
                       ["table1.separatorStyle = UITableViewCellSeparatorStyleSingleLine;"])
        XCTAssertEqual(try lines("(in (table '((separator-style . single-line-etched))) 'self.view)", .viewWillAppear, target: .ios6),
                       ["table1.separatorStyle = UITableViewCellSeparatorStyleSingleLineEtched;"])
    }

    func testColoursAndFonts() throws {
        let colours = ["black", "darkGray", "lightGray", "white", "gray", "red", "green", "blue", "cyan", "yellow",
                       "magenta", "orange", "purple", "brown", "clear", "light-text", "dark-text",
                       "group-table-view-background", "view-flipside-background", "scroll-view-textured-background",
                       "under-page-background"]
        for c in colours {
            let method = c.split(separator: "-").enumerated()
                .map { $0.offset == 0 ? String($0.element) : $0.element.prefix(1).uppercased() + $0.element.dropFirst() }
                .joined() + "Color"
            XCTAssertEqual(try lines("(in (label '((text-color . \(c)-color))) 'self.view)", .viewWillAppear, target: .ios6),
                           ["label1.textColor = [UIColor \(method)];"])
        }
        // Today's iOS: the grouped table background is the system grouped background; the iOS 6
        // textures are refused, naming colours to use instead.
        XCTAssertEqual(try lines("(in (label '((text-color . group-table-view-background-color))) 'self.view)", .viewWillAppear),
                       ["label1.textColor = [UIColor systemGroupedBackgroundColor];"])
        for c in ["view-flipside-background", "scroll-view-textured-background", "under-page-background"] {
            XCTAssertThrowsError(try code("(in (label '((text-color . \(c)-color))) 'self.view)", .viewWillAppear)) { error in
                XCTAssertTrue("\(error)".hasPrefix("v.htll:1:5: error: label text-color: "), "\(error)")
                XCTAssertTrue("\(error)".contains("use secondary-system-background or system-grouped-background (htllc -v ios6 keeps it)"), "\(error)")
            }
        }
        // System and semantic colours, and the tint (its Swift name keeps the Color suffix).
        let semantic = [("label", "labelColor", "label"), ("secondary-label", "secondaryLabelColor", "secondaryLabel"),
                        ("system-background", "systemBackgroundColor", "systemBackground"),
                        ("secondary-system-background", "secondarySystemBackgroundColor", "secondarySystemBackground"),
                        ("separator", "separatorColor", "separator"), ("system-blue", "systemBlueColor", "systemBlue"),
                        ("system-gray6", "systemGray6Color", "systemGray6"), ("tint", "tintColor", "tintColor")]
        for (name, objc, swift) in semantic {
            let source = "(in (label '((text-color . \(name)))) 'self.view)"
            XCTAssertEqual(try lines(source, .viewWillAppear), ["label1.textColor = [UIColor \(objc)];"])
            let text = try Layout(source: source, file: "v.htll", scheme: Self.scheme).swift()
            XCTAssertTrue(text.contains("views.label1.textColor = UIColor.\(swift)\n"), text)
        }
        let resources: [(String, String)] = [
            ("(rgba-color 1 0 0.5 1)", "[UIColor colorWithRed:1 green:0 blue:0.5 alpha:1]"),
            ("(hsba-color 0.5 1 1 0.75)", "[UIColor colorWithHue:0.5 saturation:1 brightness:1 alpha:0.75]"),
        ]
        for (r, objc) in resources {
            XCTAssertEqual(try lines("(in (label `((text-color . ,\(r)))) 'self.view)", .viewWillAppear), ["label1.textColor = \(objc);"])
        }
        let fonts: [(String, String)] = [
            ("(font \"Courier\" 12)", "[UIFont fontWithName:@\"Courier\" size:12]"),
            ("(system-font-of-size (system-font-size))", "[UIFont systemFontOfSize:[UIFont systemFontSize]]"),
            ("(system-font-with-size 15)", "[UIFont systemFontOfSize:15]"),
            ("(bold-system-font-of-size (label-font-size))", "[UIFont boldSystemFontOfSize:[UIFont labelFontSize]]"),
            ("(italic-system-font-of-size (button-font-size))", "[UIFont italicSystemFontOfSize:[UIFont buttonFontSize]]"),
            ("(system-font-of-size (small-system-font-size))", "[UIFont systemFontOfSize:[UIFont smallSystemFontSize]]"),
        ]
        for (f, objc) in fonts {
            XCTAssertEqual(try lines("(in (label `((font . ,\(f)))) 'self.view)", .viewWillAppear), ["label1.font = \(objc);"])
        }
        // Quoted resource forms, as written for the original, mean the same as the calls.
        XCTAssertEqual(try lines("(in (label '((font . (bold-system-font-of-size 17)))) 'self.view)", .viewWillAppear),
                       ["label1.font = [UIFont boldSystemFontOfSize:17];"])
    }

    /// Resources whose text is kept for the next views (system fonts, sizes, component colours:
    /// 70-objc.scm's htll:resource-texts) print each view's own values: views of a few colours,
    /// fonts and sizes in turn, more of them than are kept, the same numbers under two kinds, and
    /// a number the same value in another representation (1 and 1.0 print alike; 0.5 and 1/2 too).
    func testKeptResourceTextsAreEachViewsOwn() throws {
        var views: [String] = []
        var expected: [String] = []
        for i in 0..<24 {
            let k = i % 10
            let colour = i % 3 == 0 ? "hsba-color" : "rgba-color"
            views.append("(label `((text-color . ,(\(colour) 0.\(k) 1 0.5 1)) (font . ,(system-font-of-size \(10 + k % 4)))))")
            let objcColour = colour == "hsba-color"
                ? "[UIColor colorWithHue:\(k == 0 ? "0" : "0.\(k)") saturation:1 brightness:0.5 alpha:1]"
                : "[UIColor colorWithRed:\(k == 0 ? "0" : "0.\(k)") green:1 blue:0.5 alpha:1]"
            expected.append("label\(i + 1).textColor = \(objcColour);")
            expected.append("label\(i + 1).font = [UIFont systemFontOfSize:\(10 + k % 4)];")
        }
        let source = "(in (vseq \(views.joined(separator: " "))) 'self.view)"
        XCTAssertEqual(try lines(source, .viewWillAppear), expected)
        // The Swift texts are kept apart from the Objective-C ones, and are each view's own too.
        let swift = try Layout(source: source, file: "v.htll", scheme: Self.scheme).swift()
        for i in 0..<24 {
            let k = i % 10, number = k == 0 ? "0" : "0.\(k)"
            let colour = i % 3 == 0 ? "UIColor(hue: \(number), saturation: 1, brightness: 0.5, alpha: 1)"
                                    : "UIColor(red: \(number), green: 1, blue: 0.5, alpha: 1)"
            XCTAssertTrue(swift.contains("views.label\(i + 1).textColor = \(colour)\n"), "label\(i + 1)")
        }
        // The same numbers written otherwise print as before.
        XCTAssertEqual(try lines("(in (vseq (view `((background-color . ,(rgba-color 1 1/2 0 1)))) (view `((background-color . ,(rgba-color 1.0 0.5 0 1.0))))) 'self.view)",
                                 .viewWillAppear),
                       ["view1.backgroundColor = [UIColor colorWithRed:1 green:0.5 blue:0 alpha:1];",
                        "view2.backgroundColor = [UIColor colorWithRed:1 green:0.5 blue:0 alpha:1];"])
    }
}

final class DescribeTests: XCTestCase {
    func testTablesDescribeViewsPrimitivesEnumsAndColours() throws {
        let s = ViewTests.scheme
        func describe(_ name: String) throws -> String { s.display(try s.evaluateInPrelude("(htll-describe '\(name))")) }
        let label = try describe("label")
        XCTAssertTrue(label.hasPrefix("(label ATTRIBUTES): a UILabel, inherits view\n"))
        XCTAssertTrue(label.contains("  text-color  color\n"))
        XCTAssertTrue(label.contains("  background-color  color\n"), "inherited attributes are listed")
        XCTAssertTrue(try describe("control").contains("(abstract: not constructible)"))
        XCTAssertEqual(try describe("^^"), "(^^ top bottom [margin] [alignment]): TOP at its own height, BOTTOM the rest; ALIGNMENT across: 'start 'center 'end 'fill\n")
        // An attribute that names its enumeration too is described as the attribute, with the values.
        XCTAssertEqual(try describe("text-alignment"), """
            text-alignment: attribute of label, text-field, text-view (and the kinds that inherit them), a text-alignment
              values: left, center, right
              UIKit: view.textAlignment = VALUE

            """)
        let states = try describe("control-state")
        XCTAssertTrue(states.hasPrefix("control-state: normal (UIControlStateNormal), highlighted (UIControlStateHighlighted)"), states)
        XCTAssertEqual(try describe("red-color"), "red-color: [UIColor redColor]\n")
        XCTAssertEqual(try describe("no-such-thing"), "#f")
        let names = s.display(try s.evaluateInPrelude("(htll-names)"))
        for n in ["label", "hseq", "rgba-color", "under-page-background-color", "in-cell"] { XCTAssertTrue(names.contains(n)) }
    }
}

/// `htll:proper-list?` answers a list of up to three in place and asks `list?` and `length` for a
/// longer one (issue 19): both ways, proper, improper and circular.
final class ProperListTests: XCTestCase {
    func testProperListsOfEveryLengthAndShape() throws {
        let s = ViewTests.scheme
        let cases: [(String, Bool)] = [
            ("'()", true), ("'(a)", true), ("'(a b)", true), ("'(a b c)", true), ("'(a b c d)", true),
            ("(make-list 100000 'a)", true), ("(make-list 100001 'a)", false),
            ("5", false), ("\"abc\"", false), ("'(a . b)", false), ("'(a b . c)", false), ("'(a b c . d)", false),
            ("'(a b c d . e)", false), ("'#0=(a . #0#)", false), ("'#0=(a b . #0#)", false), ("'#0=(a b c . #0#)", false),
            ("'#0=(a b c d . #0#)", false), ("'(a . #0=(b c d . #0#))", false),
        ]
        for (datum, expected) in cases {
            XCTAssertEqual(s.display(try s.evaluateInPrelude("(htll:proper-list? \(datum))")), expected ? "#t" : "#f", datum)
        }
    }
}
