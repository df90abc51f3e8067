import XCTest
@testable import HTLL

/// Helpers the event, binding and layer tests share.
enum ModifierSupport {
    static func layout(_ source: String) throws -> Layout {
        try Layout(source: source, file: "m.htll", scheme: ViewTests.scheme)
    }

    static func example(_ name: String) throws -> Layout {
        let url = GoldenTests.examples.appendingPathComponent(name + ".htll")
        return try Layout(source: try String(contentsOf: url, encoding: .utf8), file: "examples/\(name).htll")
    }

    static func lines(_ layout: Layout, _ action: HTLL.Action) throws -> [String] {
        try layout.objectiveC(action).split(separator: "\n").map(String.init)
    }

    /// The lines of a text, without their indentation.
    static func lines(_ text: String) -> [String] {
        text.split(separator: "\n").map { String($0.drop { $0 == " " }) }
    }

    /// The message of the error `source` raises when loaded and compiled for `action`.
    static func error(_ source: String, action: HTLL.Action = .viewWillAppear) -> String {
        do {
            _ = try layout(source).objectiveC(action)
            return "no error"
        } catch {
            return "\(error)"
        }
    }

    static func svg(_ layout: Layout) throws -> String {
        let device = try XCTUnwrap(DevicePreset.named("iphone-15"))
        return try SVGPreview.render(layout, screens: [PreviewScreen(device: device, landscape: false)])
    }

    /// `swiftc -parse` on both Swift shapes of `layout` (skipped without swiftc).
    static func swiftParses(_ layout: Layout, file: StaticString = #filePath, line: UInt = #line) throws {
        guard let swiftc = SwiftOutputTests.swiftc() else { throw Missing.swiftc }
        for (variant, text) in [("controller", try layout.swift()), ("view", try layout.swift(viewName: "LayoutView"))] {
            XCTAssertEqual(try SwiftOutputTests.parseDiagnostics(text, swiftc: swiftc, name: "modifiers-\(variant)"), "",
                           "\(variant) does not parse:\n\(text)", file: file, line: line)
        }
    }

    /// Declarations of the UIKit and Foundation names the modifiers' Objective-C uses, with the
    /// types UIKit gives them, so GNU Objective-C checks the generated statements.
    static let shim = """
        typedef double CGFloat;
        typedef signed char BOOL;
        #define YES ((BOOL)1)
        #define NO ((BOOL)0)
        #define NULL ((void *)0)
        typedef struct { CGFloat width, height; } CGSize;
        typedef struct CGColor *CGColorRef;
        static inline CGSize CGSizeMake(CGFloat w, CGFloat h) { CGSize s = { w, h }; return s; }
        typedef enum { UIControlEventTouchDown = 1, UIControlEventTouchDownRepeat = 2, UIControlEventTouchDragInside = 4,
                       UIControlEventTouchUpInside = 64, UIControlEventTouchCancel = 256, UIControlEventValueChanged = 4096,
                       UIControlEventEditingChanged = 131072 } UIControlEvents;
        typedef enum { UIControlStateNormal = 0 } UIControlState;
        typedef enum { NSTextAlignmentLeft, NSTextAlignmentCenter } NSTextAlignment;
        typedef enum { UITextBorderStyleNone, UITextBorderStyleRoundedRect = 3 } UITextBorderStyle;
        typedef enum { UIButtonTypeCustom, UIButtonTypeRoundedRect } UIButtonType;
        typedef enum { NSKeyValueObservingOptionNew = 1 } NSKeyValueObservingOptions;
        __attribute__((objc_root_class))
        @interface NSObject { Class isa; }
        + (id)alloc;
        - (id)init;
        - (id)valueForKey:(id)key;
        - (id)valueForKeyPath:(id)keyPath;
        - (void)setValue:(id)value forKey:(id)key;
        - (void)setValue:(id)value forKeyPath:(id)keyPath;
        - (void)addObserver:(NSObject *)observer forKeyPath:(id)keyPath options:(NSKeyValueObservingOptions)options context:(void *)context;
        - (void)removeObserver:(NSObject *)observer forKeyPath:(id)keyPath;
        - (void)observeValueForKeyPath:(id)keyPath ofObject:(id)object change:(id)change context:(void *)context;
        - (BOOL)isEqual:(id)other;
        @end
        @interface NXConstantString : NSObject { char *c_string; unsigned int len; }
        - (BOOL)isEqualToString:(id)other;
        @end
        typedef NXConstantString NSString;
        @interface NSDictionary : NSObject @end
        @interface UIColor : NSObject
        + (UIColor *)grayColor; + (UIColor *)blackColor; + (UIColor *)whiteColor; + (UIColor *)orangeColor;
        + (UIColor *)lightGrayColor;
        + (UIColor *)colorWithRed:(CGFloat)r green:(CGFloat)g blue:(CGFloat)b alpha:(CGFloat)a;
        @property (nonatomic, readonly) CGColorRef CGColor;
        @end
        @interface UIImage : NSObject
        + (UIImage *)imageNamed:(NSString *)name;
        @end
        @interface CALayer : NSObject
        @property CGFloat cornerRadius, borderWidth, shadowRadius;
        @property float opacity, shadowOpacity;
        @property CGColorRef borderColor, backgroundColor, shadowColor;
        @property CGSize shadowOffset;
        @property BOOL masksToBounds;
        @end
        @interface UIView : NSObject
        @property (nonatomic, readonly) CALayer *layer;
        @property (nonatomic, retain) UIColor *backgroundColor;
        @property (nonatomic) CGFloat alpha;
        - (void)addSubview:(UIView *)v;
        @end
        @interface UIControl : UIView
        - (void)addTarget:(id)target action:(SEL)action forControlEvents:(UIControlEvents)events;
        @end
        @interface UILabel : UIView
        @property (nonatomic, copy) NSString *text;
        @property (nonatomic) NSTextAlignment textAlignment;
        @end
        @interface UITextField : UIControl
        @property (nonatomic, copy) NSString *text, *placeholder;
        @property (nonatomic) UITextBorderStyle borderStyle;
        @end
        @interface UISlider : UIControl
        @property (nonatomic) float value;
        @end
        @interface UIButton : UIControl
        + (id)buttonWithType:(UIButtonType)t;
        - (void)setTitle:(NSString *)t forState:(UIControlState)s;
        @end
        @interface UIImageView : UIView
        @property (nonatomic, retain) UIImage *image;
        @end

        """

    /// Compiles (syntax and types, no linking) every controller fragment of `layout` as the bodies
    /// of the methods they are written for, in a controller with the views as instance variables.
    static func objcSyntaxCheck(_ layout: Layout, file: StaticString = #filePath, line: UInt = #line) throws {
        let cc = try Tool.cCompiler()
        var program = shim
        program += "@interface Controller : NSObject {\n"
        for d in try layout.declarations() { program += "  \(d.className) *\(d.name);\n" }
        program += "}\n- (UIView *)view;\n- (id)model;\n@end\n"
        program += "@implementation Controller\n- (UIView *)view { return (UIView *)0; }\n- (id)model { return (id)0; }\n"
        program += "- (void)viewDidLoad {\n" + (try layout.objectiveC(.viewDidLoad)) + "}\n"
        program += "- (void)viewWillAppear:(BOOL)animated {\n" + (try layout.objectiveC(.viewWillAppear)) + "}\n"
        program += "- (void)viewWillDisappear:(BOOL)animated {\n" + (try layout.objectiveC(.viewWillDisappear)) + "}\n"
        program += "- (void)observeValueForKeyPath:(NSString *)keyPath ofObject:(id)object change:(NSDictionary *)change context:(void *)context {\n"
        program += (try layout.objectiveC(.observeValue)) + "}\n"
        program += "- (void)htllBindingChanged:(id)sender {\n" + (try layout.objectiveC(.bindingChanged)) + "}\n"
        program += "@end\n"
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("htll-modifiers-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let source = dir.appendingPathComponent("controller.m")
        try program.write(to: source, atomically: true, encoding: .utf8)
        let (status, log) = try Tool.run(cc, ["-x", "objective-c", "-fsyntax-only", "-Wall", "-Werror", source.path])
        if status != 0, log.contains("cc1obj") && log.contains("No such file") { throw Missing.gobjc }
        XCTAssertEqual(status, 0, "the generated Objective-C does not compile:\n\(log)\n\(program)", file: file, line: line)
    }
}
