import XCTest
import HTLL
import Scheme

/// Traits and conditions: a layout that asks about the canvas is solved per canvas and compiles to
/// an if / else chain on the run-time traits; one that asks nothing is unchanged.
final class TraitTests: XCTestCase {
    static let twoViews = "(define a (view '()))\n(define b (view '()))\n"
    static let orientation = twoViews + "(in (if (landscape?) (beside a b 0.5) (above a b 0.5)) 'self.view)"

    func layout(_ source: String) throws -> Layout { try Layout(source: source, file: "t.htll") }

    func frames(_ layout: Layout, _ canvas: Layout.Canvas) throws -> [String: [Double]] {
        var result: [String: [Double]] = [:]
        for f in try layout.frames(canvas: canvas) { result[f.name] = [f.x, f.y, f.width, f.height] }
        return result
    }

    static func screen(_ device: String, landscape: Bool = false) throws -> Layout.Canvas {
        let d = try XCTUnwrap(DevicePreset.named(device))
        return Layout.Canvas(screen: PreviewScreen(device: d, landscape: landscape))
    }

    func testFramesFollowTheOrientationOfEachCanvas() throws {
        let l = try layout(Self.orientation)
        XCTAssertEqual(try frames(l, Self.screen("iphone-15")), ["a": [0, 0, 393, 426], "b": [0, 426, 393, 426]])
        XCTAssertEqual(try frames(l, Self.screen("iphone-15", landscape: true)), ["a": [0, 0, 426, 393], "b": [426, 0, 426, 393]])
        XCTAssertEqual(try frames(l, Layout.Canvas(width: 1000, height: 500)), ["a": [0, 0, 500, 500], "b": [500, 0, 500, 500]])
        // Back to portrait: the layout is evaluated again, not stuck in the last canvas.
        XCTAssertEqual(try frames(l, Layout.Canvas(width: 390, height: 844)), ["a": [0, 0, 390, 422], "b": [0, 422, 390, 422]])
    }

    func testGeneratedCodeBranchesOnTheOrientation() throws {
        let l = try layout(Self.orientation)
        XCTAssertEqual(try l.objectiveC(.viewWillLayoutSubviews), """
            if (self.view.bounds.size.width <= self.view.bounds.size.height) {
                a.frame = (CGRect) {{0, 0}, {self.view.bounds.size.width, 0.5 * self.view.bounds.size.height}};
                b.frame = (CGRect) {{0, a.bounds.size.height}, {self.view.bounds.size.width, 0.5 * self.view.bounds.size.height}};
            } else {
                a.frame = (CGRect) {{0, 0}, {0.5 * self.view.bounds.size.width, self.view.bounds.size.height}};
                b.frame = (CGRect) {{a.bounds.size.width, 0}, {0.5 * self.view.bounds.size.width, self.view.bounds.size.height}};
            }

            """)
        let swift = try l.swift()
        XCTAssertTrue(swift.contains("""
                    if self.view.bounds.width <= self.view.bounds.height {
                        views.a.frame = CGRect(x: 0, y: 0, width: self.view.bounds.width, height: 0.5 * self.view.bounds.height)
            """), swift)
        XCTAssertTrue(swift.contains("        } else {\n            views.a.frame = CGRect(x: 0, y: 0, width: 0.5 * self.view.bounds.width"), swift)
        let view = try l.swift(viewName: "Pair")
        XCTAssertTrue(view.contains("        if htllSize.width <= htllSize.height {"), view)
        // Declarations are not duplicated by the branches.
        XCTAssertEqual(try l.objectiveC(.property), "@property (nonatomic, strong) UIView * a;\n@property (nonatomic, strong) UIView * b;\n")
    }

    func testLayoutThatAsksNothingHasNoBranches() throws {
        let l = try layout(Self.twoViews + "(in (beside a b 0.5) 'self.view)")
        XCTAssertEqual(try l.objectiveC(.viewWillLayoutSubviews), """
            a.frame = (CGRect) {{0, 0}, {0.5 * self.view.bounds.size.width, self.view.bounds.size.height}};
            b.frame = (CGRect) {{a.bounds.size.width, 0}, {0.5 * self.view.bounds.size.width, self.view.bounds.size.height}};

            """)
        XCTAssertFalse(try l.framesJSON(width: 390, height: 844).contains("traits"))
    }

    func testIdiomAndSizeClassConditions() throws {
        let idiom = try layout(Self.twoViews + "(in (if (eq? (device-idiom) 'pad) (beside a b 0.5) (above a b 0.5)) 'self.view)")
        let code = try idiom.objectiveC(.viewWillLayoutSubviews)
        XCTAssertTrue(code.hasPrefix("if (self.view.traitCollection.userInterfaceIdiom == UIUserInterfaceIdiomPhone) {\n"), code)
        XCTAssertTrue(try idiom.swift().contains("if self.view.traitCollection.userInterfaceIdiom == .phone {"))
        XCTAssertEqual(try frames(idiom, Self.screen("ipad"))["b"], [410, 0, 410, 1180])
        XCTAssertEqual(try frames(idiom, Self.screen("iphone-se"))["b"], [0, 333.5, 375, 333.5])

        let vertical = try layout(Self.twoViews + "(in (if (eq? (size-class 'vertical) 'compact) (beside a b 0.5) (above a b 0.5)) 'self.view)")
        XCTAssertTrue(try vertical.objectiveC(.viewWillLayoutSubviews)
            .hasPrefix("if (self.view.traitCollection.verticalSizeClass == UIUserInterfaceSizeClassRegular) {\n"))
        let horizontal = try layout(Self.twoViews + "(in (if (eq? (size-class 'horizontal) 'regular) (beside a b 0.5) (above a b 0.5)) 'self.view)")
        XCTAssertTrue(try horizontal.swift().contains("if self.view.traitCollection.horizontalSizeClass == .compact {"))
        // A large iPhone in landscape is horizontally regular, a small one compact.
        XCTAssertEqual(try frames(horizontal, Self.screen("iphone-15-pro-max", landscape: true))["b"], [466, 0, 466, 430])
        XCTAssertEqual(try frames(horizontal, Self.screen("iphone-15", landscape: true))["b"], [0, 196.5, 852, 196.5])
    }

    func testAViewOneBranchDoesNotPlaceIsHiddenThere() throws {
        let l = try layout(Self.twoViews + "(define c (label '((text . \"Wide\"))))\n"
                           + "(in (if (landscape?) (hseq a b c) (above a b 0.5)) 'self.view)")
        XCTAssertEqual(try l.objectiveC(.property).split(separator: "\n").count, 3)
        XCTAssertTrue(try l.objectiveC(.viewDidLoad).contains("c = [[UILabel alloc] init];\n[self.view addSubview:c];"))
        let code = try l.objectiveC(.viewWillLayoutSubviews)
        XCTAssertTrue(code.contains("if (self.view.bounds.size.width <= self.view.bounds.size.height) {\n    c.hidden = YES;\n    a.frame"), code)
        XCTAssertTrue(code.contains("} else {\n    c.hidden = NO;\n    a.frame"), code)
        XCTAssertTrue(try l.swift().contains("views.c.isHidden = true"))
        XCTAssertNil(try frames(l, Self.screen("iphone-15"))["c"])
        XCTAssertEqual(try frames(l, Self.screen("iphone-15", landscape: true))["c"], [568, 0, 284, 393])
    }

    func testAttributesThatDifferBetweenBranchesAreSetInTheBranches() throws {
        let l = try layout("(define t (label `((text . ,(if (landscape?) \"Wide\" \"Tall\")) (text-color . red-color))))\n(in t 'self.view)")
        let code = try l.objectiveC(.viewWillLayoutSubviews)
        XCTAssertEqual(code, """
            if (self.view.bounds.size.width <= self.view.bounds.size.height) {
                t.text = @"Tall";
                t.textColor = [UIColor redColor];
                t.frame = (CGRect) {{0, 0}, {self.view.bounds.size.width, self.view.bounds.size.height}};
            } else {
                t.text = @"Wide";
                t.textColor = [UIColor redColor];
                t.frame = (CGRect) {{0, 0}, {self.view.bounds.size.width, self.view.bounds.size.height}};
            }

            """)
        // viewWillAppear sets the first branch's (an iPhone in portrait) values.
        XCTAssertTrue(try l.objectiveC(.viewWillAppear).contains("t.text = @\"Tall\";"))
    }

    func testCanvasWidthBranchesOnEveryTrait() throws {
        let l = try layout(Self.twoViews + "(in (if (> (canvas-width) 600) (beside a b 0.5) (above a b 0.5)) 'self.view)")
        XCTAssertEqual(try frames(l, Layout.Canvas(width: 700, height: 900))["b"], [350, 0, 350, 900])
        XCTAssertEqual(try frames(l, Layout.Canvas(width: 500, height: 900))["b"], [0, 450, 500, 450])
        // Only the iPhone in portrait (393 points) stacks: its branch needs two traits to tell it apart.
        let code = try l.objectiveC(.viewWillLayoutSubviews)
        let firstLine = String(code.prefix { $0 != "\n" })
        XCTAssertTrue(firstLine.contains(" && "), firstLine)
        XCTAssertEqual(code.components(separatedBy: "} else {").count, 2, code)
    }

    func testIncludedFilesAndStylesAreEvaluatedAgain() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("htll-traits-include-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("shared"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try "(define-style big '((font . (bold-system-font-of-size 24))))\n(define caption (label big '((text . \"Hi\"))))\n"
            .write(to: dir.appendingPathComponent("shared/parts.htll"), atomically: true, encoding: .utf8)
        let main = dir.appendingPathComponent("main.htll")
        try "(include \"shared/parts.htll\")\n(define a (view '()))\n(in (if (landscape?) (beside a caption 0.5) (above a caption 0.5)) 'self.view)\n"
            .write(to: main, atomically: true, encoding: .utf8)
        let l = try Layout(contentsOfFile: main.path)
        XCTAssertEqual(try frames(l, Self.screen("iphone-15", landscape: true))["caption"], [426, 0, 426, 393])
        XCTAssertEqual(try frames(l, Self.screen("iphone-15"))["caption"], [0, 426, 393, 426])
        XCTAssertEqual(try l.objectiveC(.viewWillLayoutSubviews).components(separatedBy: "} else {").count, 2)
        XCTAssertEqual(try l.objectiveC(.viewWillAppear), "caption.font = [UIFont boldSystemFontOfSize:24];\ncaption.text = @\"Hi\";\n")
    }

    func testFramesJSONNamesTheTraits() throws {
        let file = GoldenTests.examples.appendingPathComponent("traits.htll").path
        let r = HTLLCommand.frames([file, "--device", "ipad", "--landscape"])
        XCTAssertEqual(r.status, 0, r.errorOutput)
        XCTAssertTrue(r.output.contains("\"traits\": {\"idiom\": \"pad\", \"orientation\": \"landscape\", \"horizontalSizeClass\": \"regular\", \"verticalSizeClass\": \"regular\"}"), r.output)
        XCTAssertTrue(r.output.contains("\"name\": \"caption\""))
        let phone = HTLLCommand.frames([file, "--device", "iphone-15"])
        XCTAssertFalse(phone.output.contains("\"name\": \"caption\""))
    }

    func testPreviewSolvesEachScreen() throws {
        let file = GoldenTests.examples.appendingPathComponent("traits.htll").path
        let r = HTLLCommand.preview([file, "--device", "iphone-15", "--device", "ipad"])
        XCTAssertEqual(r.status, 0, r.errorOutput)
        // The caption is placed on the iPad (regular width) only.
        XCTAssertEqual(r.output.components(separatedBy: "data-name=\"caption\"").count, 2)
        XCTAssertEqual(r.output.components(separatedBy: "data-name=\"photo\"").count, 3)
    }

    func message(_ source: String, _ body: (Layout) throws -> Void = { _ = try $0.objectiveC(.viewWillLayoutSubviews) }) -> String {
        do {
            try body(try Layout(source: source, file: "bad.htll"))
            XCTFail("no error for: \(source)")
            return ""
        } catch {
            return "\(error)"
        }
    }

    func testErrorsAreLocated() {
        XCTAssertEqual(message("(in (if (eq? (size-class 'diagonal) 'compact) (label '()) (view '())) 'self.view)"),
                       "bad.htll:1:14: error: size-class: expected 'horizontal or 'vertical, got diagonal")
        // Wrong only in landscape: found when the code is generated, or frames asked for landscape.
        let landscapeOnly = Self.twoViews + "(in (if (landscape?)\n    (beside a b (size-class 'diagonal))\n    (above a b 0.5)) 'self.view)"
        XCTAssertEqual(message(landscapeOnly), "bad.htll:4:17: error: size-class: expected 'horizontal or 'vertical, got diagonal")
        XCTAssertEqual(message(landscapeOnly) { _ = try $0.frames(canvas: Layout.Canvas(width: 844, height: 390)) },
                       "bad.htll:4:17: error: size-class: expected 'horizontal or 'vertical, got diagonal")
        XCTAssertEqual(message("(in (if (portrait? 1) (label '()) (view '())) 'self.view)"),
                       "bad.htll:1:9: error: portrait?: expected 0 arguments, got 1")
        XCTAssertEqual(message("(in (if (size-class) (label '()) (view '())) 'self.view)"),
                       "bad.htll:1:9: error: size-class: expected 1 argument, got 0")
        XCTAssertEqual(message("(in-safe-area (view '()))"), "bad.htll:1:1: error: in-safe-area: expected 2 arguments, got 1")
        XCTAssertEqual(message("(right-to-left)\n(in (view '()) 'self.view)"), "bad.htll:1:1: error: right-to-left: expected 1 argument, got 0")
        XCTAssertEqual(message("(define v (if (landscape?) (label '()) (slider '())))\n(in v 'self.view)"),
                       "bad.htll:1:28: error: the view v is a slider for some traits and a label for others; give the views different names")
        XCTAssertTrue(message("(in (if (landscape?) (label '()) (view '())) 'self.view)\n(in (view '()) 'self.view)")
            .hasPrefix("bad.htll:2:1: error: in: a layout has one top-level in or in-cell"))
        XCTAssertEqual(message("(in-cell (if (portrait?) (label '()) (view '())) (if (portrait?) 'cell 'other))"),
                       "bad.htll:1:1: error: the layout is placed in cell.contentView for some traits and in other.contentView for others; a layout has one parent")
    }

    /// The prelude keeps each variant's views and names, the union of the branches' views, the
    /// latest comparison a primitive made and the latest compared expressions printed (issue 19):
    /// layouts compiled one after another in one instance, each several times and in every
    /// output, give what each gives in an instance of its own.
    func testLayoutsWithBranchesInOneInstanceAreEachTheirOwn() throws {
        let flow = "(in (if (landscape?) (flow 4 a b (label '((text . \"c\")))) (vseq b a)) 'self.view)"
        let sources = [
            TraitTests.orientation,
            "(define a (label '((text . \"A\"))))\n(define b (image '()))\n" + flow,
            "(define a (view '()))\n(define c (label '((text . \"C\"))))\n(in (if (portrait?) (vseq c a) (flow 2 a c)) 'self.view)",
            TraitTests.orientation,
        ]
        func outputs(_ l: Layout) throws -> [String] {
            [try l.objectiveCCategory(className: "VC"), try l.swift(), try l.objectiveC(.viewWillLayoutSubviews),
             try l.framesJSON(width: 500, height: 300), try l.objectiveCCategory(className: "VC")]
        }
        let shared = try Layout.makeScheme(limits: Scheme.Limits(), sandboxFolder: nil)
        for source in sources {
            let alone = try outputs(try Layout(source: source, file: "t.htll"))
            let together = try outputs(try Layout(source: source, file: "t.htll", scheme: shared))
            XCTAssertEqual(together, alone, source)
            XCTAssertEqual(alone[0], alone[4], "the same category asked twice: \(source)")
        }
    }
}

/// The emitted Objective-C with branches, safe area and mirroring, compiled against a UIKit shim
/// that reports traits, insets and direction, gives the solver's frames on each canvas.
final class TraitCompiledFrameTests: XCTestCase {
    static let shim = """
        #include <objc/runtime.h>
        #include <stdio.h>
        #include <stdlib.h>
        typedef double CGFloat;
        typedef struct { CGFloat x, y; } CGPoint;
        typedef struct { CGFloat width, height; } CGSize;
        typedef struct { CGPoint origin; CGSize size; } CGRect;
        typedef struct { CGFloat top, left, bottom, right; } UIEdgeInsets;
        typedef enum { UIUserInterfaceSizeClassUnspecified, UIUserInterfaceSizeClassCompact, UIUserInterfaceSizeClassRegular } UIUserInterfaceSizeClass;
        typedef enum { UIUserInterfaceIdiomUnspecified = -1, UIUserInterfaceIdiomPhone, UIUserInterfaceIdiomPad } UIUserInterfaceIdiom;
        typedef enum { UIUserInterfaceLayoutDirectionLeftToRight, UIUserInterfaceLayoutDirectionRightToLeft } UIUserInterfaceLayoutDirection;
        typedef enum { UISemanticContentAttributeUnspecified, UISemanticContentAttributeForceRightToLeft = 4 } UISemanticContentAttribute;
        #define MAX(a, b) ((a) > (b) ? (a) : (b))
        static UIUserInterfaceSizeClass gH, gV; static UIUserInterfaceIdiom gIdiom; static UIEdgeInsets gInsets; static int gRTL;
        __attribute__((objc_root_class))
        @interface UITraitCollection { Class isa; }
        @property (nonatomic, readonly) UIUserInterfaceSizeClass horizontalSizeClass;
        @property (nonatomic, readonly) UIUserInterfaceSizeClass verticalSizeClass;
        @property (nonatomic, readonly) UIUserInterfaceIdiom userInterfaceIdiom;
        @end
        @implementation UITraitCollection
        - (UIUserInterfaceSizeClass)horizontalSizeClass { return gH; }
        - (UIUserInterfaceSizeClass)verticalSizeClass { return gV; }
        - (UIUserInterfaceIdiom)userInterfaceIdiom { return gIdiom; }
        @end
        __attribute__((objc_root_class))
        @interface UIView { Class isa; CGRect _frame; CGRect _bounds; CGSize _fit; BOOL _hidden; }
        + (id)viewFitting:(CGFloat)w :(CGFloat)h;
        + (UIUserInterfaceLayoutDirection)userInterfaceLayoutDirectionForSemanticContentAttribute:(UISemanticContentAttribute)a;
        @property (nonatomic) CGRect frame;
        @property (nonatomic) BOOL hidden;
        @property (nonatomic, readonly) CGRect bounds;
        @property (nonatomic, readonly) UIView *view;
        @property (nonatomic, readonly) UIEdgeInsets safeAreaInsets;
        @property (nonatomic, readonly) UISemanticContentAttribute semanticContentAttribute;
        @property (nonatomic, readonly) UITraitCollection *traitCollection;
        - (void)sizeToFit;
        @end
        @implementation UIView
        + (id)viewFitting:(CGFloat)w :(CGFloat)h {
          UIView *v = class_createInstance(self, 0); v->_fit.width = w; v->_fit.height = h; return v;
        }
        + (UIUserInterfaceLayoutDirection)userInterfaceLayoutDirectionForSemanticContentAttribute:(UISemanticContentAttribute)a {
          return a == UISemanticContentAttributeForceRightToLeft ? UIUserInterfaceLayoutDirectionRightToLeft : UIUserInterfaceLayoutDirectionLeftToRight;
        }
        - (CGRect)frame { return _frame; }
        - (void)setFrame:(CGRect)f { _frame = f; _bounds.origin.x = 0; _bounds.origin.y = 0; _bounds.size = f.size; }
        - (BOOL)hidden { return _hidden; }
        - (void)setHidden:(BOOL)h { _hidden = h; }
        - (CGRect)bounds { return _bounds; }
        - (UIView *)view { return self; }
        - (UIEdgeInsets)safeAreaInsets { return gInsets; }
        - (UISemanticContentAttribute)semanticContentAttribute { return gRTL ? UISemanticContentAttributeForceRightToLeft : UISemanticContentAttributeUnspecified; }
        - (UITraitCollection *)traitCollection { return class_createInstance(objc_getClass("UITraitCollection"), 0); }
        - (void)sizeToFit { _bounds.size = _fit; _frame.size = _fit; }
        @end

        """

    /// UIKit's size classes for a screen, as the solver assumes them.
    static func sizeClasses(_ c: Layout.Canvas) -> (h: Int, v: Int) {
        let landscape = c.width > c.height, pad = c.idiom == .pad
        return (pad || (landscape && c.width >= 896) ? 2 : 1, landscape && !pad ? 1 : 2)
    }



    func check(example: String) throws {
        let cc = try Tool.cCompiler()
        let url = GoldenTests.examples.appendingPathComponent(example + ".htll")
        // The full path: the showcase includes files relative to its own folder.
        let layout = try Layout(source: try String(contentsOf: url, encoding: .utf8), file: url.path)
        try layout.setRightToLeftMirroring(true)
        let fragment = try layout.objectiveC(.viewWillLayoutSubviews)
        var program = Self.shim + "int main(int argc, char **argv) {\n"
        program += "  if (argc < 11) return 2;\n"
        program += "  gH = atoi(argv[3]); gV = atoi(argv[4]); gIdiom = atoi(argv[5]);\n"
        program += "  gInsets.top = atof(argv[6]); gInsets.left = atof(argv[7]); gInsets.bottom = atof(argv[8]); gInsets.right = atof(argv[9]);\n"
        program += "  gRTL = atoi(argv[10]);\n"
        program += "  UIView *self = [UIView viewFitting:0 :0];\n"
        program += "  [self setFrame:(CGRect){{0, 0}, {atof(argv[1]), atof(argv[2])}}];\n"
        let sizes = try layout.intrinsicSizes()
        for s in sizes {
            program += "  UIView *\(s.name) = [UIView viewFitting:\(s.width) :\(s.height)];\n  (void)\(s.name);\n"
        }
        program += fragment
        for s in sizes {
            program += "  printf(\"\(s.name) %d %.9f %.9f %.9f %.9f\\n\", (int)\(s.name).hidden, \(s.name).frame.origin.x, \(s.name).frame.origin.y, \(s.name).frame.size.width, \(s.name).frame.size.height);\n"
        }
        program += "  return 0;\n}\n"
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("htll-traits-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let source = dir.appendingPathComponent("layout.m"), binary = dir.appendingPathComponent("layout")
        try program.write(to: source, atomically: true, encoding: .utf8)
        let (status, log) = try Tool.run(cc, ["-x", "objective-c", "-Wall", "-Werror", "-Wno-unused-variable", source.path, "-lobjc", "-o", binary.path])
        if status != 0, log.contains("objc/runtime.h") { throw Missing.gobjc }
        XCTAssertEqual(status, 0, "\(example): the emitted fragment does not compile:\n\(log)\n\(fragment)")
        guard status == 0 else { return }
        var canvases: [Layout.Canvas] = []
        for (device, landscape) in [("iphone-15", false), ("iphone-15", true), ("iphone-15-pro-max", true), ("ipad", false), ("ipad", true), ("iphone-se", false)] {
            for rtl in [false, true] {
                canvases.append(Layout.Canvas(screen: PreviewScreen(device: try XCTUnwrap(DevicePreset.named(device)), landscape: landscape), rightToLeft: rtl))
            }
        }
        for c in canvases {
            let classes = Self.sizeClasses(c), i = c.safeArea
            let args = [c.width, c.height].map { String($0) } + [String(classes.h), String(classes.v), c.idiom == .pad ? "1" : "0"]
                + [i.top, i.left, i.bottom, i.right].map { String($0) } + [c.rightToLeft ? "1" : "0"]
            let (rc, out) = try Tool.run(binary.path, args)
            XCTAssertEqual(rc, 0)
            var got: [String: (hidden: Bool, frame: [Double])] = [:]
            for line in out.split(separator: "\n") {
                let parts = line.split(separator: " ")
                guard parts.count == 6 else { continue }
                got[String(parts[0])] = (parts[1] == "1", parts.dropFirst(2).compactMap { Double($0) })
            }
            let expected = try layout.frames(canvas: c)
            let what = "\(example) at \(c.width)x\(c.height)\(c.rightToLeft ? " rtl" : "")"
            for f in expected {
                guard let g = got[f.name] else { XCTFail("\(what): no \(f.name)"); continue }
                XCTAssertFalse(g.hidden, "\(what): \(f.name) is hidden")
                for (a, b) in zip(g.frame, [f.x, f.y, f.width, f.height]) { XCTAssertEqual(a, b, accuracy: 1e-6, "\(what) \(f.name)") }
            }
            // Views this canvas does not place are hidden.
            for (name, g) in got where !expected.contains(where: { $0.name == name }) {
                XCTAssertTrue(g.hidden, "\(what): \(name) should be hidden")
            }
        }
    }

    func testTraitsExample() throws { try check(example: "traits") }
    func testSafeAreaExample() throws { try check(example: "safe-area") }
    func testRightToLeftExample() throws { try check(example: "rtl") }
}

/// The Swift view subclass's frame code (branches, safe area, mirroring), compiled and run against
/// a stand-in UIView with traits, insets and direction, gives the solver's frames on each canvas.
final class TraitSwiftFrameTests: XCTestCase {
    static let shim = """
        import Foundation
        enum UIUserInterfaceSizeClass { case unspecified, compact, regular }
        enum UIUserInterfaceIdiom { case unspecified, phone, pad }
        enum UIUserInterfaceLayoutDirection { case leftToRight, rightToLeft }
        struct UIEdgeInsets { var top: CGFloat = 0, left: CGFloat = 0, bottom: CGFloat = 0, right: CGFloat = 0 }
        struct UITraitCollection {
            var horizontalSizeClass = UIUserInterfaceSizeClass.unspecified, verticalSizeClass = UIUserInterfaceSizeClass.unspecified
            var userInterfaceIdiom = UIUserInterfaceIdiom.unspecified
        }
        class UIView {
            var bounds = CGRect.zero
            var fit = CGSize.zero
            var frame = CGRect.zero { didSet { bounds = CGRect(origin: .zero, size: frame.size) } }
            var isHidden = false
            var safeAreaInsets = UIEdgeInsets()
            var traitCollection = UITraitCollection()
            var effectiveUserInterfaceLayoutDirection = UIUserInterfaceLayoutDirection.leftToRight
            func sizeToFit() { frame = CGRect(origin: frame.origin, size: fit) }
        }

        """

    func check(example: String) throws {
        guard let swiftc = SwiftOutputTests.swiftc() else { throw Missing.swiftc }
        let layout = try SwiftOutputTests.layout(GoldenTests.examples.appendingPathComponent(example + ".htll"))
        try layout.setRightToLeftMirroring(true)
        let lines = try layout.swift(viewName: "V").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let holder = try XCTUnwrap(lines.firstIndex(of: "final class VViews {"))
        let holderEnd = try XCTUnwrap(lines[holder...].firstIndex(of: "}"))
        let function = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("    private func layOutViews(") })
        let functionEnd = try XCTUnwrap(lines[function...].firstIndex(of: "    }"))
        let names = lines[(holder + 1)..<holderEnd].filter { $0.hasPrefix("    let ") }  // not an alias's computed var
            .map { String($0.dropFirst(8).prefix { $0 != " " }) }
        var program = Self.shim + "final class VViews {\n" + names.map { "    let \($0) = UIView()\n" }.joined() + "}\n"
        program += "final class V: UIView {\n    let views = VViews()\n"
        program += lines[function...functionEnd].joined(separator: "\n").replacingOccurrences(of: "private func", with: "func") + "\n}\n"
        program += "let a = CommandLine.arguments.dropFirst().compactMap { Double($0) }\n"
        program += "let v = V()\n"
        program += "v.traitCollection = UITraitCollection(horizontalSizeClass: a[2] == 2 ? .regular : .compact, verticalSizeClass: a[3] == 2 ? .regular : .compact, userInterfaceIdiom: a[4] == 1 ? .pad : .phone)\n"
        program += "v.safeAreaInsets = UIEdgeInsets(top: a[5], left: a[6], bottom: a[7], right: a[8])\n"
        program += "v.effectiveUserInterfaceLayoutDirection = a[9] == 1 ? .rightToLeft : .leftToRight\n"
        for s in try layout.intrinsicSizes() { program += "v.views.\(s.name).fit = CGSize(width: \(s.width), height: \(s.height))\n" }
        program += "_ = v.layOutViews(in: CGSize(width: a[0], height: a[1]))\n"
        for n in names {
            program += "print(\"\(n)\", v.views.\(n).isHidden ? 1 : 0, Double(v.views.\(n).frame.origin.x), Double(v.views.\(n).frame.origin.y), Double(v.views.\(n).frame.size.width), Double(v.views.\(n).frame.size.height))\n"
        }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("htll-swift-traits-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let source = dir.appendingPathComponent("main.swift"), exe = dir.appendingPathComponent("frames")
        try program.write(to: source, atomically: true, encoding: .utf8)
        let (status, log) = try Tool.run(swiftc, ["-o", exe.path, source.path])
        XCTAssertEqual(status, 0, "the frame code does not compile:\n\(log)\n\(program)")
        guard status == 0 else { return }
        for (device, landscape) in [("iphone-15", false), ("iphone-15", true), ("iphone-15-pro-max", true), ("ipad", false), ("ipad", true)] {
            for rtl in [false, true] {
                let c = Layout.Canvas(screen: PreviewScreen(device: try XCTUnwrap(DevicePreset.named(device)), landscape: landscape), rightToLeft: rtl)
                let classes = TraitCompiledFrameTests.sizeClasses(c), i = c.safeArea
                let args = [c.width, c.height, Double(classes.h), Double(classes.v), c.idiom == .pad ? 1 : 0,
                            i.top, i.left, i.bottom, i.right, rtl ? 1 : 0].map { String($0) }
                let (rc, out) = try Tool.run(exe.path, args)
                XCTAssertEqual(rc, 0, out)
                var got: [String: (hidden: Bool, frame: [Double])] = [:]
                for line in out.split(separator: "\n") {
                    let parts = line.split(separator: " ")
                    guard parts.count == 6 else { continue }
                    got[String(parts[0])] = (parts[1] == "1", parts.dropFirst(2).compactMap { Double($0) })
                }
                let expected = try layout.frames(canvas: c)
                let what = "\(example) at \(c.width)x\(c.height)\(rtl ? " rtl" : "")"
                for f in expected {
                    guard let g = got[f.name] else { XCTFail("\(what): no \(f.name)"); continue }
                    XCTAssertFalse(g.hidden, "\(what): \(f.name) is hidden")
                    for (x, y) in zip(g.frame, [f.x, f.y, f.width, f.height]) { XCTAssertEqual(x, y, accuracy: 1e-6, "\(what) \(f.name)") }
                }
                for (name, g) in got where !expected.contains(where: { $0.name == name }) {
                    XCTAssertTrue(g.hidden, "\(what): \(name) should be hidden")
                }
            }
        }
    }

    func testTraitsSafeAreaAndRightToLeftExamples() throws {
        for example in ["traits", "safe-area", "rtl", "showcase"] { try check(example: example) }
    }
}
