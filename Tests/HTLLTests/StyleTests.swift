import XCTest
@testable import HTLL

/// Styles: `define-style` (with parents and parameters), style names and `styled` on views,
/// attribute order and overriding, origins in the frames JSON, and every error with its location.
final class StyleTests: XCTestCase {
    static let styles = """
        (define-style base '((text-color . darkGray-color) (text-alignment . right)))
        (define-style big-title (base) `((font . ,(bold-system-font-of-size 24)) (text-alignment . center)))
        (define-style (card colour) `((background-color . ,colour)))

        """

    func layout(_ source: String) throws -> Layout {
        try Layout(source: Self.styles + source, file: "s.htll", scheme: ViewTests.scheme)
    }

    /// The lines of the view-will-appear fragment (where attributes are set).
    func attributeLines(_ source: String) throws -> [String] {
        try layout(source).objectiveC(.viewWillAppear).split(separator: "\n").map(String.init)
    }

    /// The error message `source` produces when loaded and compiled.
    func message(_ source: String) -> String {
        do {
            _ = try Layout(source: source, file: "bad.htll", scheme: ViewTests.scheme).objectiveC(.viewWillAppear)
            XCTFail("no error for: \(source)")
            return ""
        } catch {
            return "\(error)"
        }
    }

    func testStylesApplyInOrderWithParentsFirstAndTheViewsOwnAttributesLast() throws {
        let lines = try attributeLines("(define t (label 'big-title (card 'white-color) '((text . \"Hi\") (text-color . red-color))))\n(in t 'self.view)")
        // base's text-color and text-alignment are replaced (by the view's own and by big-title's);
        // a replacing attribute takes the place of the last one set.
        XCTAssertEqual(lines, [
            "t.font = [UIFont boldSystemFontOfSize:24];",
            "t.textAlignment = NSTextAlignmentCenter;",
            "t.backgroundColor = [UIColor whiteColor];",
            "t.text = @\"Hi\";",
            "t.textColor = [UIColor redColor];",
        ])
    }

    func testOwnAttributesWinEvenWhenWrittenBeforeTheStyle() throws {
        let lines = try attributeLines("(in (label '((text-alignment . left)) 'big-title) 'self.view)")
        XCTAssertEqual(lines.last, "label1.textAlignment = NSTextAlignmentLeft;")
        XCTAssertEqual(lines.filter { $0.contains("textAlignment") }.count, 1)
    }

    func testStyledAppliesStylesBeforeTheViewsAttributes() throws {
        let lines = try attributeLines("""
            (define t (styled (label '((text . "Hi") (text-alignment . left))) big-title (card 'red-color)))
            (in t 'self.view)
            """)
        XCTAssertEqual(lines, [
            "t.textColor = [UIColor darkGrayColor];",
            "t.font = [UIFont boldSystemFontOfSize:24];",
            "t.backgroundColor = [UIColor redColor];",
            "t.text = @\"Hi\";",
            "t.textAlignment = NSTextAlignmentLeft;",
        ])
    }

    func testStyledGoesBeforeStylesGivenToTheConstructorToo() throws {
        let l = try layout("""
            (define-style plain '((text-alignment . left) (text-color . black-color)))
            (define t (styled (label 'big-title '((text . "Hi"))) plain))
            (in t 'self.view)
            """)
        let lines = try l.objectiveC(.viewWillAppear).split(separator: "\n").map(String.init)
        // big-title (given to label) wins over plain (given to styled) for text-alignment.
        XCTAssertEqual(lines.filter { $0.contains("textAlignment") }, ["t.textAlignment = NSTextAlignmentCenter;"])
        XCTAssertEqual(lines.filter { $0.contains("textColor") }, ["t.textColor = [UIColor darkGrayColor];"])
        let json = try l.framesJSON(width: 390, height: 844)
        XCTAssertTrue(json.contains(#""text-alignment": "style big-title""#), json)
        XCTAssertFalse(json.contains("style plain"), json)
    }

    func testAStyleVariableAndAQuotedNameAreTheSame() throws {
        XCTAssertEqual(try attributeLines("(in (label big-title '()) 'self.view)"),
                       try attributeLines("(in (label 'big-title '()) 'self.view)"))
    }

    func testPerStateAttributesFromAStyleAccumulate() throws {
        let lines = try attributeLines("""
            (define-style tappable '((title-color-for-state . (blue-color . normal)) (title-color-for-state . (gray-color . highlighted))))
            (in (custom-button 'tappable '((title-color-for-state . (red-color . normal)))) 'self.view)
            """)
        XCTAssertEqual(lines, [
            "[button1 setTitleColor:[UIColor grayColor] forState:UIControlStateHighlighted];",
            "[button1 setTitleColor:[UIColor redColor] forState:UIControlStateNormal];",
        ])
    }

    func testFramesJSONTellsWhichStyleSetEachAttribute() throws {
        let json = try layout("(define t (label 'big-title (card 'white-color) '((text . \"Hi\") (text-color . red-color))))\n(define plain (label '((text . \"x\"))))\n(in (^^ t plain) 'self.view)")
            .framesJSON(width: 390, height: 844)
        XCTAssertTrue(json.contains(#""origins": {"font": "style big-title", "text-alignment": "style big-title", "background-color": "style card"}"#), json)
        // Only views with styled attributes get the key, so older layouts' JSON is unchanged.
        XCTAssertEqual(json.components(separatedBy: "\"origins\"").count, 2, json)
        let inherited = try layout("(in (label 'big-title '((text . \"x\"))) 'self.view)").framesJSON(width: 390, height: 844)
        XCTAssertTrue(inherited.contains(#""text-color": "style big-title (from base)""#), inherited)
    }

    func testStyleForTheWrongKindIsAnErrorAtItsUseNamingTheStyle() {
        XCTAssertEqual(message("(define-style pic `((image . ,(image-named \"a.png\"))))\n(in (label 'pic '()) 'self.view)"),
                       "bad.htll:2:5: error: style pic: label has no attribute image")
        XCTAssertEqual(message("(define-style base '((text-color . red-color)))\n(define-style big-title (base) '((font . 12)))\n(in (view 'big-title '()) 'self.view)"),
                       "bad.htll:3:5: error: style big-title (from base): view has no attribute text-color; did you mean tint-color?")
        XCTAssertEqual(message("(define-style (card colour) `((background-color . ,colour)))\n(in (label (card 'nope-color) '()) 'self.view)"),
                       "bad.htll:2:5: error: style card: label background-color: unknown colour nope-color; did you mean blue-color?")
        XCTAssertEqual(message("(define-style t '((text . 3)))\n(define v (label '()))\n(in (styled v t) 'self.view)"),
                       "bad.htll:3:5: error: style t: label text: expected a string or (localized KEY DEFAULT), got 3")
    }

    func testUnknownStyleNamesSuggestTheClosest() {
        XCTAssertEqual(message("(define-style big-title '((font . 1)))\n(in (label 'big-titel '()) 'self.view)"),
                       "bad.htll:2:5: error: label: unknown style big-titel; did you mean big-title?")
        XCTAssertEqual(message("(define-style (card c) `((background-color . ,c)))\n(in (label 'card '()) 'self.view)"),
                       "bad.htll:2:5: error: label: style card takes arguments: write (card ...)")
        XCTAssertEqual(message("(in (label 42 '()) 'self.view)"),
                       "bad.htll:1:5: error: label: expected an attribute list or a modifier, got 42")
        XCTAssertEqual(message("(in (styled 3 'x) 'self.view)"), "bad.htll:1:5: error: styled: expected a view, got 3")
    }

    func testBadDefinitionsAreErrorsAtTheDefinition() {
        XCTAssertEqual(message("(in (label '()) 'self.view)\n  (define-style t '((fnt . 1)))"),
                       "bad.htll:2:3: error: define-style t: no view has an attribute fnt; did you mean font?")
        XCTAssertEqual(message("(define-style t '(font . 1))"),
                       "bad.htll:1:1: error: define-style t: attributes must be a list of (name . value), got (font . 1)")
        XCTAssertEqual(message("(define-style t '(42))"),
                       "bad.htll:1:1: error: define-style t: an attribute must be (name . value), got 42")
        XCTAssertEqual(message("(define-style base '())\n(define-style t (bsae) '())"),
                       "bad.htll:2:1: error: define-style t: unknown parent style bsae; did you mean base?")
        XCTAssertEqual(message("(define-style (card c) '())\n(define-style t (card) '())"),
                       "bad.htll:2:1: error: define-style t: style card takes arguments, so it cannot be a parent")
        XCTAssertEqual(message("(define-style t (\"x\") '())"),
                       "bad.htll:1:1: error: define-style t: the parents must be a list of style names, got (\"x\")")
        XCTAssertTrue(message("(define-style)").hasPrefix("bad.htll:1:1: error: define-style: expected (define-style NAME [(PARENT ...)] ATTRIBUTES)"))
        XCTAssertEqual(message("(define-style label '())"),
                       "bad.htll:1:1: error: define-style label: label is an HTLL name; call the style something else")
        XCTAssertEqual(message("(define-style (center x) '())"),
                       "bad.htll:1:1: error: define-style center: center is an HTLL name; call the style something else")
        XCTAssertEqual(message("(define-style 42 '())"),
                       "bad.htll:1:1: error: define-style: the name must be a symbol or (NAME PARAMETER ...), got 42")
        // An error of the attributes' expression that has no place of its own is located at the
        // definition; one that has (a call's) keeps it.
        XCTAssertEqual(message("(in (label '()) 'self.view)\n  (define-style t `((text-color . ,nope)))"),
                       "bad.htll:2:3: error: unbound variable: nope")
        XCTAssertEqual(message("(define-style t '((alpha . 1)) extra)"), "bad.htll:1:1: error: unbound variable: extra")
        XCTAssertEqual(message("(define-style t (list (cons 'alpha (car 5))))"),
                       "bad.htll:1:36: error: car: expected a pair, got 5")
        // A quoted name, parameters that are not names: said so, at the definition.
        XCTAssertEqual(message("(define-style 'big '((alpha . 1)))"),
                       "bad.htll:1:1: error: define-style: the name is not quoted: write (define-style big ...), not (define-style 'big ...)")
        XCTAssertEqual(message("(define-style '(big) '((alpha . 1)))"),
                       "bad.htll:1:1: error: define-style: the name must be a symbol or (NAME PARAMETER ...), got '(big)")
        XCTAssertEqual(message("(define-style (card 'red-color) '((alpha . 1)))"),
                       "bad.htll:1:1: error: define-style card: the parameters must be names, such as (card colour), got ((quote red-color))")
        XCTAssertEqual(message("(define-style (card c c) '((alpha . 1)))"),
                       "bad.htll:1:1: error: define-style card: the parameters must be names, such as (card colour), got (c c)")
    }

    func testAStyleCannotInheritFromItselfAndRedefiningOneDoesNotLoop() throws {
        XCTAssertEqual(message("(define-style loop-a (loop-a) '((text . \"a\")))"),
                       "bad.htll:1:1: error: define-style loop-a: unknown parent style loop-a")
        // A parent is copied when the child is defined, so a -> b -> a cannot form a cycle.
        let lines = try attributeLines("""
            (define-style a '((text . "a")))
            (define-style b (a) '((text-color . red-color)))
            (define-style a (b) '((text-alignment . center)))
            (in (label 'a) 'self.view)
            """)
        XCTAssertEqual(lines, ["label1.text = @\"a\";", "label1.textColor = [UIColor redColor];",
                               "label1.textAlignment = NSTextAlignmentCenter;"])
    }

    /// Styles are found by name in a table (htll:style-index): with many of them, each use finds
    /// its own, the latest definition of a name wins, and a misspelt name is still suggested (the
    /// newest of the closest).
    func testManyStylesAreEachFoundByName() throws {
        let defs = (0..<60).map { "(define-style s\($0) '((text . \"t\($0)\")))" }.joined(separator: "\n")
        let uses = (0..<60).map { "(label 's\($0))" }.joined(separator: " ")
        let lines = try attributeLines(defs + "\n(define-style s7 '((text . \"again\")))\n(in (vseq \(uses)) 'self.view)")
        let texts = lines.filter { $0.contains(".text = ") }
        XCTAssertEqual(texts.count, 60)
        XCTAssertEqual(texts[7], "label8.text = @\"again\";")
        XCTAssertEqual(texts[59], "label60.text = @\"t59\";")
        XCTAssertEqual(message(defs + "\n(in (label 's9x) 'self.view)"),
                       "bad.htll:61:5: error: label: unknown style s9x; did you mean s9?")
        XCTAssertEqual(message(defs + "\n(define-style t (s3 s99) '())"),
                       "bad.htll:61:1: error: define-style t: unknown parent style s99; did you mean s59?")
    }

    func testDefineStyleWorksInsideABodyAsAMacro() throws {
        let lines = try attributeLines("""
            (let ()
              (define-style inner (big-title) '((text . "in")))
              (in (label 'inner) 'self.view))
            """)
        XCTAssertEqual(lines.last, "label1.text = @\"in\";")
        XCTAssertEqual(lines.count, 4)
    }

    func testStylesReachTheSwiftOutputAndThePreview() throws {
        let l = try layout("(define t (label 'big-title (card 'yellow-color) '((text . \"Styled\"))))\n(in t 'self.view)")
        let swift = try l.swift()
        XCTAssertTrue(swift.contains("t.font = UIFont.boldSystemFont(ofSize: 24)"), swift)
        XCTAssertTrue(swift.contains("t.backgroundColor = UIColor.yellow"), swift)
        let svg = try SVGPreview.render(l, screens: [PreviewScreen(device: try XCTUnwrap(DevicePreset.named("iphone-se")), landscape: false)])
        let text = try XCTUnwrap(svg.components(separatedBy: "\n").first { $0.contains(">Styled</text>") }, svg)
        XCTAssertTrue(text.contains("font-size=\"24\" font-weight=\"bold\" fill=\"rgb(85,85,85)\" text-anchor=\"middle\""), text)
        XCTAssertTrue(svg.contains("<rect class=\"background\" width=\"100%\" height=\"100%\" fill=\"rgb(255,255,0)\"/>"), svg)
    }
}
