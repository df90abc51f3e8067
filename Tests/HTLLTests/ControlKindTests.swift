import XCTest
@testable import HTLL
import Scheme

/// Today's controls (switch, stepper, activity-indicator, progress-view, date-picker,
/// page-control, visual-effect-view): their construction, attributes, events, intrinsic sizes,
/// Objective-C and Swift, and their preview drawings. (The SDK type-checks of all of them are the
/// kitchen sink's, in SDKCheckTests.)
final class ControlKindTests: SmallLayoutTestCase {
    override class var file: String { "c.htll" }

    func testEachKindIsCreatedAndAddedAsUIKitExpects() throws {
        let kinds = [("switch", "UISwitch"), ("stepper", "UIStepper"), ("activity-indicator", "UIActivityIndicatorView"),
                     ("progress-view", "UIProgressView"), ("date-picker", "UIDatePicker"), ("page-control", "UIPageControl"),
                     ("visual-effect-view", "UIVisualEffectView")]
        for (kind, cls) in kinds {
            let src = "(define v (\(kind) '()))\n(in v 'self.view)"
            XCTAssertEqual(try lines(src, .property), ["@property (nonatomic, strong) \(cls) * v;"], kind)
            XCTAssertEqual(try lines(src, .viewDidLoad), ["v = [[\(cls) alloc] init];", "[self.view addSubview:v];"], kind)
            XCTAssertTrue(try layout(src).swift().contains("let v = \(cls)()"), kind)
        }
    }

    func testAttributesPrintWithTodaysNamesInBothLanguages() throws {
        let src = """
            (define wifi (switch '((on . #t) (on-tint-color . system-green))))
            (define copies (stepper '((value . 2) (step-value . 0.5) (wraps . #t) (continuous . #f))))
            (define spinner (activity-indicator '((activity-indicator-view-style . large) (animating . #t))))
            (define idle (activity-indicator '((animating . #f) (hides-when-stopped . #f))))
            (define download (progress-view '((progress . 0.25) (progress-view-style . bar))))
            (define reminder (date-picker '((date-picker-mode . count-down-timer) (preferred-date-picker-style . wheels) (minute-interval . 5))))
            (define pages (page-control '((number-of-pages . 4) (current-page . 1) (background-style . prominent))))
            (define frosting (visual-effect-view '((effect . system-thin-material))))
            (in (vseq wifi copies spinner idle download reminder pages frosting) 'self.view)
            """
        let objc = try lines(src, .viewWillAppear)
        for expected in [
            "wifi.on = YES;", "wifi.onTintColor = [UIColor systemGreenColor];",
            "copies.value = 2;", "copies.stepValue = 0.5;", "copies.wraps = YES;", "copies.continuous = NO;",
            "spinner.activityIndicatorViewStyle = UIActivityIndicatorViewStyleLarge;", "[spinner startAnimating];",
            "[idle stopAnimating];", "idle.hidesWhenStopped = NO;",
            "download.progress = 0.25;", "download.progressViewStyle = UIProgressViewStyleBar;",
            "reminder.datePickerMode = UIDatePickerModeCountDownTimer;",
            "reminder.preferredDatePickerStyle = UIDatePickerStyleWheels;", "reminder.minuteInterval = 5;",
            "pages.numberOfPages = 4;", "pages.currentPage = 1;", "pages.backgroundStyle = UIPageControlBackgroundStyleProminent;",
            "frosting.effect = [UIBlurEffect effectWithStyle:UIBlurEffectStyleSystemThinMaterial];",
        ] {
            XCTAssertTrue(objc.contains(expected), "\(expected) not in\n\(objc.joined(separator: "\n"))")
        }
        let swift = try layout(src).swift()
        for expected in [
            "wifi.isOn = true", "wifi.onTintColor = UIColor.systemGreen", "copies.isContinuous = false", "copies.wraps = true",
            "spinner.style = UIActivityIndicatorView.Style.large", "spinner.startAnimating()",
            "idle.stopAnimating()", "download.progressViewStyle = UIProgressView.Style.bar",
            "reminder.datePickerMode = UIDatePicker.Mode.countDownTimer", "reminder.preferredDatePickerStyle = UIDatePickerStyle.wheels",
            "pages.backgroundStyle = UIPageControl.BackgroundStyle.prominent",
            "frosting.effect = UIBlurEffect(style: UIBlurEffect.Style.systemThinMaterial)",
        ] {
            XCTAssertTrue(swift.contains(expected), "\(expected) not in\n\(swift)")
        }
    }

    func testControlsTakeEventsAndOtherViewsDoNot() throws {
        for kind in ["switch", "stepper", "date-picker", "page-control"] {
            let src = "(define v (\(kind) (on 'value-changed 'changed:)))\n(in v 'self.view)"
            XCTAssertTrue(try lines(src, .viewDidLoad).contains("[v addTarget:self action:@selector(changed:) forControlEvents:UIControlEventValueChanged];"), kind)
        }
        for kind in ["activity-indicator", "progress-view", "visual-effect-view"] {
            let m = message("(in (\(kind) (on 'value-changed 'changed:)) 'self.view)")
            XCTAssertTrue(m.contains("c.htll:1:") && m.contains("is not a control and sends no events; use a button, slider, "
                                                                 + "segmented-control, text-field, switch, stepper, date-picker or page-control"), "\(kind): \(m)")
        }
    }

    func testBadValuesAreLocatedErrors() {
        let cases = [
            ("(in (switch '((on . 1))) 'self.view)", "switch on: expected a boolean"),
            ("(in (visual-effect-view '((effect . blurry))) 'self.view)", "is not a blur-effect-style"),
            ("(in (date-picker '((date-picker-mode . wheel))) 'self.view)", "is not a date-picker-mode"),
            ("(in (activity-indicator '((activity-indicator-view-style . white-large))) 'self.view)", "(one of medium, large)"),
            ("(in (stepper '((step-valu . 1))) 'self.view)", "stepper has no attribute step-valu; did you mean step-value?"),
        ]
        for (src, expected) in cases {
            let m = message(src)
            XCTAssertTrue(m.hasPrefix("c.htll:1:") && m.contains(expected), "\(src): \(m)")
        }
    }

    /// UIKit's standard sizes, as sizeToFit gives them (ControlMetrics lists the sources).
    func testIntrinsicSizes() throws {
        let src = """
            (define wifi (switch '()))
            (define copies (stepper '()))
            (define small (activity-indicator '()))
            (define big (activity-indicator '((activity-indicator-view-style . large))))
            (define download (progress-view '()))
            (define reminder (date-picker '()))
            (define pages (page-control '((number-of-pages . 3))))
            (define none (page-control '()))
            (define frosting (visual-effect-view '()))
            (in (vseq wifi copies small big download reminder pages none frosting) 'self.view)
            """
        var sizes: [String: [Double]] = [:]
        for s in try layout(src).intrinsicSizes() { sizes[s.name] = [s.width, s.height] }
        XCTAssertEqual(sizes, ["wifi": [51, 31], "copies": [94, 32], "small": [20, 20], "big": [37, 37],
                               "download": [150, 4], "reminder": [320, 216], "pages": [64, 26], "none": [0, 26],
                               "frosting": [0, 0]])
    }

    /// iOS 15 button configurations: set first, so the titles for states apply to them; the
    /// refusals of the deprecated insets name them, and what they name is accepted.
    func testButtonConfigurations() throws {
        let src = """
            (define go (custom-button '((title-for-state . ("Go" . normal)) (configuration . filled))))
            (define more (rounded-rect-button '((configuration . bordered-prominent))))
            (in (hseq go more) 'self.view)
            """
        let didLoad = try lines(src, .viewDidLoad)
        XCTAssertEqual(didLoad.filter { $0.contains("configuration") },
                       ["go.configuration = [UIButtonConfiguration filledButtonConfiguration];",
                        "more.configuration = [UIButtonConfiguration borderedProminentButtonConfiguration];"])
        XCTAssertTrue(try lines(src, .viewWillAppear).contains("[go setTitle:@\"Go\" forState:UIControlStateNormal];"))
        let swift = try layout(src).swift()
        XCTAssertTrue(swift.contains("go.configuration = UIButton.Configuration.filled()"), swift)
        XCTAssertTrue(swift.contains("more.configuration = UIButton.Configuration.borderedProminent()"), swift)
        // The title in 17 points inside 12 + 12 by 7 + 7 points of content insets.
        let go = try XCTUnwrap(try layout(src).intrinsicSizes().first { $0.name == "go" })
        let text = TextMetrics.size(of: "Go", weight: .regular, points: 17)
        XCTAssertEqual([go.width, go.height], [(text.width + 24).rounded(.up), (text.height + 14).rounded(.up)])

        let refused = message("(in (custom-button '((content-edge-insets . (edge-insets 1 2 3 4)))) 'self.view)")
        XCTAssertTrue(refused.hasPrefix("c.htll:1:") && refused.contains("(configuration . plain)"), refused)
        XCTAssertEqual(message("(in (custom-button '((configuration . plain))) 'self.view)"), "no error")
        let unknown = message("(in (custom-button '((configuration . shiny))) 'self.view)")
        XCTAssertTrue(unknown.contains("is not a button-configuration-style"), unknown)
        XCTAssertThrowsError(try Layout(source: "(in (custom-button '((configuration . plain))) 'self.view)", file: "o.htll", target: .ios6)
            .objectiveC(.viewDidLoad)) { error in
            XCTAssertTrue("\(error)".contains("custom-button configuration is iOS 15.0 and later; htllc -v ios6 targets iOS 6"), "\(error)")
        }
        let svg = try SVGPreview.render(try layout(src), screens: [PreviewScreen(device: .standard, landscape: false)])
        XCTAssertTrue(svg.contains("class=\"configuration\"") && svg.contains("fill=\"rgb(0,122,255)\" fill-opacity=\"1\""), svg)
    }

    func testPreviewDrawsEachKind() throws {
        let src = """
            (define wifi (switch '((on . #t))))
            (define off (switch '()))
            (define copies (stepper '((value . 0))))
            (define spinner (activity-indicator '((animating . #t))))
            (define stopped (activity-indicator '()))
            (define download (progress-view '((progress . 0.5))))
            (define reminder (date-picker '((date-picker-mode . time))))
            (define pages (page-control '((number-of-pages . 5) (current-page . 2))))
            (define frosting (visual-effect-view '((effect . dark))))
            (in (vseq* 4 'start wifi off copies spinner stopped (fixed 150 4 download) (fixed 320 216 reminder) pages (fixed 100 40 frosting)) 'self.view)
            """
        let screen = PreviewScreen(device: .standard, landscape: false)
        let svg = try SVGPreview.render(try layout(src), screens: [screen])
        func element(_ name: String) throws -> String {
            let start = try XCTUnwrap(svg.range(of: "data-name=\"\(name)\""), name)
            let end = try XCTUnwrap(svg.range(of: "</svg>", range: start.upperBound..<svg.endIndex))
            return String(svg[start.lowerBound..<end.lowerBound])
        }
        XCTAssertTrue(try element("wifi").contains("fill=\"rgb(52,199,89)\""), "an on switch is green")
        XCTAssertFalse(try element("off").contains("rgb(52,199,89)"))
        let stepper = try element("copies")
        XCTAssertTrue(stepper.contains("class=\"minus\"") && stepper.contains("class=\"plus\""))
        XCTAssertTrue(stepper.contains("class=\"minus\" d=") && stepper.contains("stroke=\"rgb(199,199,204)\""), "minus is dimmed at the minimum")
        XCTAssertEqual(try element("spinner").components(separatedBy: "<line").count - 1, 8)
        XCTAssertFalse(try element("stopped").contains("<line"), "a stopped indicator hides itself")
        XCTAssertTrue(try element("download").contains("class=\"progress\" x=\"0\" y=\"0\" width=\"75\""))
        XCTAssertTrue(try element("reminder").contains(">AM</text>") || (try element("reminder")).contains(">PM</text>"))
        XCTAssertEqual(try element("pages").components(separatedBy: "<circle").count - 1, 5)
        XCTAssertTrue(try element("frosting").contains("class=\"material\""))
    }
}
