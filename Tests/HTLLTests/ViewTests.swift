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

    func code(_ source: String, _ action: HTLL.Action) throws -> String {
        try Layout(source: source, file: "v.htll", scheme: Self.scheme).objectiveC(action)
    }

    func lines(_ source: String, _ action: HTLL.Action) throws -> [String] {
        try code(source, action).split(separator: "\n").map(String.init)
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
        let appear = try lines(src, .viewWillAppear)
        let load = try lines(src, .viewDidLoad)
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
        XCTAssertTrue(try lines(src, .property).contains("@property (nonatomic, strong) UIView * pad;"))
        XCTAssertFalse(load.contains("[self.view addSubview:pad];"))
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
            XCTAssertEqual(try lines("(in (label '((text-color . \(c)-color))) 'self.view)", .viewWillAppear),
                           ["label1.textColor = [UIColor \(method)];"])
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
        XCTAssertEqual(try describe("^^"), "(^^ top bottom [margin]): TOP at its own height, BOTTOM the rest\n")
        XCTAssertEqual(try describe("text-alignment"),
                       "text-alignment: left (NSTextAlignmentLeft), center (NSTextAlignmentCenter), right (NSTextAlignmentRight)\n")
        XCTAssertEqual(try describe("red-color"), "red-color: [UIColor redColor]\n")
        XCTAssertEqual(try describe("no-such-thing"), "#f")
        let names = s.display(try s.evaluateInPrelude("(htll-names)"))
        for n in ["label", "hseq", "rgba-color", "under-page-background-color", "in-cell"] { XCTAssertTrue(names.contains(n)) }
    }
}
