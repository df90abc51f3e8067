import XCTest
@testable import HTLL

/// `(on EVENTS SELECTOR [TARGET])`: target-action connections in every output, and their errors.
final class EventTests: XCTestCase {
    typealias M = ModifierSupport

    func testOnConnectsLikeTheTargetAttribute() throws {
        let layout = try M.layout("""
            (let* ((save (button (on 'touch-up-inside 'save:) '((title-for-state . ("Save" . normal)))))
                   (pad (custom-button (on '(touch-down touch-drag-inside) 'track:)
                                       (on 'touch-up-inside "release:")
                                       '((target . (self cancel: touch-cancel)))))
                   (volume (slider (on 'value-changed 'sliderMoved: 'self.model) '())))
              (in (vseq save pad volume) 'self.view))
            """)
        let objc = try M.lines(layout, .viewDidLoad)
        XCTAssertEqual(objc.filter { $0.contains("addTarget") }, [
            "[save addTarget:self action:@selector(save:) forControlEvents:UIControlEventTouchUpInside];",
            "[pad addTarget:self action:@selector(track:) forControlEvents:UIControlEventTouchDown | UIControlEventTouchDragInside];",
            "[pad addTarget:self action:@selector(release:) forControlEvents:UIControlEventTouchUpInside];",
            "[pad addTarget:self action:@selector(cancel:) forControlEvents:UIControlEventTouchCancel];",
            "[volume addTarget:self.model action:@selector(sliderMoved:) forControlEvents:UIControlEventValueChanged];",
        ])
        // Events are connected once, in view-did-load, not again when the view appears.
        XCTAssertFalse(try layout.objectiveC(.viewWillAppear).contains("addTarget"))
        let swift = try M.lines(layout.swift())
        XCTAssertEqual(swift.filter { $0.contains("addTarget") }, [
            "views.save.addTarget(self, action: #selector(save(_:)), for: UIControl.Event.touchUpInside)",
            "views.pad.addTarget(self, action: #selector(track(_:)), for: [UIControl.Event.touchDown, UIControl.Event.touchDragInside])",
            "views.pad.addTarget(self, action: #selector(release(_:)), for: UIControl.Event.touchUpInside)",
            "views.pad.addTarget(self, action: #selector(cancel(_:)), for: UIControl.Event.touchCancel)",
            // Another target's class is unknown: the runtime selector, not #selector.
            "views.volume.addTarget(self.model, action: Selector((\"sliderMoved:\")), for: UIControl.Event.valueChanged)",
        ])
        let json = try layout.framesJSON(width: 320, height: 480)
        XCTAssertTrue(json.contains(#""target": [["self", "track:", ["touch-down", "touch-drag-inside"]], ["self", "release:", ["touch-up-inside"]], ["self", "cancel:", ["touch-cancel"]]]"#), json)
        XCTAssertTrue(json.contains(#""target": ["self.model", "sliderMoved:", ["value-changed"]]"#), json)
        // Each connection made by `on` is credited to it; the target attribute to the view itself.
        XCTAssertTrue(json.contains(#""origins": {"target": ["on (touch-down touch-drag-inside)", "on touch-up-inside", null]}"#), json)
    }

    func testOneModifierServesSeveralViews() throws {
        let layout = try M.layout("""
            (define tap (on 'touch-up-inside 'tapped:))
            (let ((a (button tap '())) (b (rounded-rect-button tap (on 'touch-down 'tableView:didTouch:) '())))
              (in (hseq a b) 'self.view))
            """)
        // A plain let's views are declared (and set up) in reverse, as htllc declared them.
        XCTAssertEqual(try M.lines(layout, .viewDidLoad).filter { $0.contains("addTarget") }, [
            "[b addTarget:self action:@selector(tapped:) forControlEvents:UIControlEventTouchUpInside];",
            "[b addTarget:self action:@selector(tableView:didTouch:) forControlEvents:UIControlEventTouchDown];",
            "[a addTarget:self action:@selector(tapped:) forControlEvents:UIControlEventTouchUpInside];",
        ])
        XCTAssertTrue(try layout.swift().contains("views.b.addTarget(self, action: #selector(tableView(_:didTouch:)), for: UIControl.Event.touchDown)\n"))
    }

    /// A modifier's events and selector are those it was made with: a list or a string the layout
    /// changes after `on` checked it changes nothing (and nothing unchecked reaches the code),
    /// whether its view is the next one checked or another `on` came between.
    func testOnKeepsTheEventsAndSelectorItWasMadeWith() throws {
        for between in ["", "(define other (on 'touch-down 'other:))"] {
            let layout = try M.layout("""
                (define evs (list 'touch-up-inside 'touch-down))
                (define sel (string-copy "tap:"))
                (define m (on evs sel))
                \(between)
                (set-car! evs 'not-an-event)
                (set-cdr! evs 'not-a-list)
                (string-set! sel 0 #\\\")
                (in (vseq (button m '()) (button m '())) 'self.view)
                """)
            XCTAssertEqual(try M.lines(layout, .viewDidLoad).filter { $0.contains("addTarget") }, [
                "[button1 addTarget:self action:@selector(tap:) forControlEvents:UIControlEventTouchUpInside | UIControlEventTouchDown];",
                "[button2 addTarget:self action:@selector(tap:) forControlEvents:UIControlEventTouchUpInside | UIControlEventTouchDown];",
            ], between)
            XCTAssertTrue(try layout.swift().contains("views.button1.addTarget(self, action: #selector(tap(_:)), for: [UIControl.Event.touchUpInside, UIControl.Event.touchDown])"))
        }
    }

    func testEventsExampleCompilesPreviewsAndParses() throws {
        let layout = try M.example("events")
        try M.objcSyntaxCheck(layout)
        try M.swiftParses(layout)
        // Events draw nothing, but the controls are drawn as usual.
        let svg = try M.svg(layout)
        for name in ["save", "pad", "volume", "cancel"] { XCTAssertTrue(svg.contains("data-name=\"\(name)\""), name) }
    }

    func testErrorsAreLocatedAtTheUse() {
        XCTAssertEqual(M.error("(in (button\n (on 'touch-up-insde 'save:) '()) 'self.view)"),
                       "m.htll:2:2: error: on: unknown control event touch-up-insde; did you mean touch-up-inside?")
        XCTAssertEqual(M.error("(in (button (on '(touch-down 42) 'save:) '()) 'self.view)"),
                       "m.htll:1:13: error: on: unknown control event 42")
        XCTAssertEqual(M.error("(in (label (on 'touch-up-inside 'save:) '((text . \"x\"))) 'self.view)"),
                       "m.htll:1:5: error: on touch-up-inside: a label is not a control and sends no events; use a button, slider, segmented-control, text-field, switch, stepper, date-picker or page-control")
        XCTAssertEqual(M.error("(in (button (on 'touch-up-inside 42) '()) 'self.view)"),
                       "m.htll:1:13: error: on touch-up-inside: the selector must be a symbol or a string such as save:, got 42")
        XCTAssertEqual(M.error("(in (button (on 'touch-up-inside \"save it\") '()) 'self.view)"),
                       "m.htll:1:13: error: on touch-up-inside: \"save it\" is not an Objective-C selector (such as save: or save)")
        XCTAssertEqual(M.error("(in (button (on 'touch-up-inside 'save:it) '()) 'self.view)"),
                       "m.htll:1:13: error: on touch-up-inside: \"save:it\" is not an Objective-C selector (such as save: or save)")
        XCTAssertEqual(M.error("(in (button (on 'touch-up-inside 'save: \"the model\") '()) 'self.view)"),
                       "m.htll:1:13: error: on touch-up-inside: the target must name an object, such as self or self.model, got \"the model\"")
        XCTAssertEqual(M.error("(in (button (on '() 'save:) '()) 'self.view)"),
                       "m.htll:1:13: error: on: expected a control event or a list of them, such as touch-up-inside, got ()")
    }
    /// Each button's action is checked for its own kind, event and target, though the answers for
    /// the latest are kept (issue 19: the control kind, the modifier's name, self as the target,
    /// one known event).
    func testRepeatedActionsKeepTheirOwnChecks() throws {
        let layout = try M.layout("""
            (in (vseq (button (on 'touch-up-inside 'a:) '()) (rounded-rect-button (on 'touch-up-inside 'b: 'self.model) '())
                      (button (on 'touch-down 'c:) '()) (button '((target . (self d: touch-up-inside))))
                      (button '((target . (self.model e: (touch-down touch-up-inside))))))
                'self.view)
            """)
        XCTAssertEqual(try M.lines(layout, .viewDidLoad).filter { $0.contains("addTarget") }, [
            "[button1 addTarget:self action:@selector(a:) forControlEvents:UIControlEventTouchUpInside];",
            "[button2 addTarget:self.model action:@selector(b:) forControlEvents:UIControlEventTouchUpInside];",
            "[button3 addTarget:self action:@selector(c:) forControlEvents:UIControlEventTouchDown];",
            "[button4 addTarget:self action:@selector(d:) forControlEvents:UIControlEventTouchUpInside];",
            "[button5 addTarget:self.model action:@selector(e:) forControlEvents:UIControlEventTouchDown | UIControlEventTouchUpInside];",
        ])
        let json = try layout.framesJSON(width: 320, height: 480)
        for origin in [#""origins": {"target": "on touch-up-inside"}"#, #""origins": {"target": "on touch-down"}"#] {
            XCTAssertTrue(json.contains(origin), origin)
        }
        XCTAssertEqual(M.error("(in (vseq (button (on 'touch-up-inside 'a:) '()) (label (on 'touch-up-inside 'b:) '((text . \"x\")))) 'self.view)"),
                       "m.htll:1:50: error: on touch-up-inside: a label is not a control and sends no events; use a button, slider, segmented-control, text-field, switch, stepper, date-picker or page-control")
        XCTAssertEqual(M.error("(in (vseq (button '((target . (self a: touch-up-inside)))) (button '((target . (self b: touch-upp))))) 'self.view)"),
                       "m.htll:1:60: error: custom-button target: unknown control event touch-upp")
    }

    /// What `on` keeps of its latest event, and of the latest kind its action was checked for
    /// (issue 19), answers only for that event and kind: other events, lists of events, other
    /// kinds and an action made before the latest are checked in full, and each view gets its own.
    func testKeptActionChecksAnswerOnlyTheirOwn() throws {
        let layout = try M.layout("""
            (define early (on 'touch-down 'early:))
            (in (vseq (button (on 'touch-up-inside 'a:) '())
                      (button (on 'touch-up-inside 'b:) '((title-for-state . ("B" . normal))))
                      (slider (on 'value-changed 'c:) '()) (button (on 'touch-up-inside 'd:) '())
                      (button early '()) (switch (on '(value-changed) 'e:) '())
                      (rounded-rect-button (on 'touch-up-inside 'f: 'self.model) '()))
                'self.view)
            """)
        XCTAssertEqual(try M.lines(layout, .viewDidLoad).filter { $0.contains("addTarget") }, [
            "[button1 addTarget:self action:@selector(a:) forControlEvents:UIControlEventTouchUpInside];",
            "[button2 addTarget:self action:@selector(b:) forControlEvents:UIControlEventTouchUpInside];",
            "[slider3 addTarget:self action:@selector(c:) forControlEvents:UIControlEventValueChanged];",
            "[button4 addTarget:self action:@selector(d:) forControlEvents:UIControlEventTouchUpInside];",
            "[button5 addTarget:self action:@selector(early:) forControlEvents:UIControlEventTouchDown];",
            "[switch6 addTarget:self action:@selector(e:) forControlEvents:UIControlEventValueChanged];",
            "[button7 addTarget:self.model action:@selector(f:) forControlEvents:UIControlEventTouchUpInside];",
        ])
        let json = try layout.framesJSON(width: 320, height: 480)
        for origin in ["on touch-up-inside", "on value-changed", "on touch-down", "on (value-changed)"] {
            XCTAssertTrue(json.contains(#""origins": {"target": "\#(origin)"}"#), origin)
        }
        // A known event kept does not let an unknown one through, alone or in a list.
        XCTAssertEqual(M.error("(in (vseq (button (on 'touch-up-inside 'a:) '()) (button (on 'touch-up-insid 'b:) '())) 'self.view)"),
                       "m.htll:1:58: error: on: unknown control event touch-up-insid; did you mean touch-up-inside?")
        XCTAssertEqual(M.error("(in (vseq (button (on 'touch-up-inside 'a:) '()) (button (on '(touch-up-inside bogus) 'b:) '())) 'self.view)"),
                       "m.htll:1:58: error: on: unknown control event bogus")
        // The kind checked last does not answer for another one.
        XCTAssertEqual(M.error("(in (vseq (button (on 'touch-up-inside 'a:) '()) (image (on 'touch-up-inside 'b:) '())) 'self.view)"),
                       "m.htll:1:50: error: on touch-up-inside: an image is not a control and sends no events; use a button, slider, segmented-control, text-field, switch, stepper, date-picker or page-control")
    }
}
