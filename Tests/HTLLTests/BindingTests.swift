import XCTest
@testable import HTLL

/// `(bind PROPERTY "key.path" [two-way])`: key-value coding and observing in Objective-C, an
/// observing holder object in Swift, the frames JSON, and the errors.
final class BindingTests: XCTestCase {
    typealias M = ModifierSupport

    static let form = """
        (let* ((greeting (label (bind 'text "user.greeting") '((text-alignment . center))))
               (name (text-field (bind 'text "user.name" 'two-way) '((placeholder . "Name"))))
               (echo (label (bind 'text "user.name")))
               (volume (slider (bind 'value "settings.volume") (bind 'enabled "settings.canChange"))))
          (in (vseq greeting name echo volume) 'self.view))
        """

    func testObjectiveCSetsObservesAndWritesBack() throws {
        let layout = try M.layout(Self.form)
        let appear = try M.lines(layout, .viewWillAppear)
        XCTAssertEqual(appear, [
            "greeting.textAlignment = NSTextAlignmentCenter;",
            "[greeting setValue:[self valueForKeyPath:@\"user.greeting\"] forKey:@\"text\"];",
            "name.placeholder = @\"Name\";",
            "[name setValue:[self valueForKeyPath:@\"user.name\"] forKey:@\"text\"];",
            "[echo setValue:[self valueForKeyPath:@\"user.name\"] forKey:@\"text\"];",
            "[volume setValue:[self valueForKeyPath:@\"settings.volume\"] forKey:@\"value\"];",
            "[volume setValue:[self valueForKeyPath:@\"settings.canChange\"] forKey:@\"enabled\"];",
            // One observer per key path, however many views show it.
            "[self addObserver:self forKeyPath:@\"user.greeting\" options:NSKeyValueObservingOptionNew context:NULL];",
            "[self addObserver:self forKeyPath:@\"user.name\" options:NSKeyValueObservingOptionNew context:NULL];",
            "[self addObserver:self forKeyPath:@\"settings.volume\" options:NSKeyValueObservingOptionNew context:NULL];",
            "[self addObserver:self forKeyPath:@\"settings.canChange\" options:NSKeyValueObservingOptionNew context:NULL];",
        ])
        XCTAssertEqual(try M.lines(layout, .viewWillDisappear), [
            "[self removeObserver:self forKeyPath:@\"user.greeting\"];",
            "[self removeObserver:self forKeyPath:@\"user.name\"];",
            "[self removeObserver:self forKeyPath:@\"settings.volume\"];",
            "[self removeObserver:self forKeyPath:@\"settings.canChange\"];",
        ])
        XCTAssertEqual(try M.lines(layout, .observeValue), [
            "if (object == self && [keyPath isEqualToString:@\"user.greeting\"]) {",
            "    id htllValue = [self valueForKeyPath:@\"user.greeting\"];",
            "    [greeting setValue:htllValue forKey:@\"text\"];",
            "} else if (object == self && [keyPath isEqualToString:@\"user.name\"]) {",
            "    id htllValue = [self valueForKeyPath:@\"user.name\"];",
            "    if (![[name valueForKey:@\"text\"] isEqual:htllValue]) [name setValue:htllValue forKey:@\"text\"];",
            "    [echo setValue:htllValue forKey:@\"text\"];",
            "} else if (object == self && [keyPath isEqualToString:@\"settings.volume\"]) {",
            "    id htllValue = [self valueForKeyPath:@\"settings.volume\"];",
            "    [volume setValue:htllValue forKey:@\"value\"];",
            "} else if (object == self && [keyPath isEqualToString:@\"settings.canChange\"]) {",
            "    id htllValue = [self valueForKeyPath:@\"settings.canChange\"];",
            "    [volume setValue:htllValue forKey:@\"enabled\"];",
            "} else {",
            "    [super observeValueForKeyPath:keyPath ofObject:object change:change context:context];",
            "}",
        ])
        XCTAssertEqual(try M.lines(layout, .bindingChanged), [
            "if (sender == name) {",
            "    [self setValue:name.text forKeyPath:@\"user.name\"];",
            "}",
        ])
        XCTAssertEqual(try M.lines(layout, .viewDidLoad).filter { $0.contains("addTarget") }, [
            "[name addTarget:self action:@selector(htllBindingChanged:) forControlEvents:UIControlEventEditingChanged];",
        ])
        try M.objcSyntaxCheck(layout)
    }

    /// The Objective-C fragments of the binding example, compiled with GNU Objective-C into the
    /// methods they are written for and run against a stand-in runtime whose key-value coding
    /// stores values per object and whose observing records key paths: the bound views follow the
    /// model, other key paths reach super, a two-way field writes back, and every observer added
    /// when the view appears is removed when it disappears.
    func testObjectiveCBindingsRunAgainstAKeyValueStandIn() throws {
        let cc = try Tool.cCompiler()
        let layout = try M.example("binding")
        var program = Self.runtimeStandIn + "\n@interface Controller : NSObject {\n"
        for d in try layout.declarations() { program += "  \(d.className) *\(d.name);\n" }
        program += "  UIView *rootView;\n}\n- (UIView *)view;\n@end\n@implementation Controller\n- (UIView *)view { return rootView; }\n"
        program += "- (void)viewDidLoad {\n" + (try layout.objectiveC(.viewDidLoad)) + "}\n"
        program += "- (void)viewWillAppear {\n" + (try layout.objectiveC(.viewWillAppear)) + "}\n"
        program += "- (void)viewWillDisappear {\n" + (try layout.objectiveC(.viewWillDisappear)) + "}\n"
        program += "- (void)observeValueForKeyPath:(NSString *)keyPath ofObject:(id)object change:(NSDictionary *)change context:(void *)context {\n"
        program += (try layout.objectiveC(.observeValue)) + "}\n"
        program += "- (void)htllBindingChanged:(id)sender {\n" + (try layout.objectiveC(.bindingChanged)) + "}\n"
        program += "- (id)view:(const char *)which { return !strcmp(which, \"name\") ? (id)name : !strcmp(which, \"echo\") ? (id)echo : (id)greeting; }\n@end\n"
        program += #"""
            int main(void) {
              Controller *c = [[Controller alloc] init];
              NSObject *user = [[NSObject alloc] init];
              [user setValue:@"Hello" forKey:@"greeting"];
              [user setValue:@"Ann" forKey:@"name"];
              [c setValue:user forKey:@"user"];
              [c viewDidLoad];
              [c viewWillAppear];
              printf("observing %d\n", observedCount);
              printf("greeting %s name %s echo %s\n", show([[c view:"greeting"] valueForKey:@"text"]),
                     show([[c view:"name"] valueForKey:@"text"]), show([[c view:"echo"] valueForKey:@"text"]));
              [user setValue:@"Bob" forKey:@"name"];
              [c observeValueForKeyPath:@"user.name" ofObject:c change:nil context:NULL];
              printf("name %s echo %s super %d\n", show([[c view:"name"] valueForKey:@"text"]), show([[c view:"echo"] valueForKey:@"text"]), superCalls);
              [c observeValueForKeyPath:@"somethingElse" ofObject:c change:nil context:NULL];
              printf("super %d\n", superCalls);
              [[c view:"name"] setValue:@"Cy" forKey:@"text"];
              [c htllBindingChanged:[c view:"name"]];
              printf("user.name %s\n", show([c valueForKeyPath:@"user.name"]));
              [c viewWillDisappear];
              printf("observing %d\n", observedCount);
              return 0;
            }

            """#
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("htll-kvo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let source = dir.appendingPathComponent("kvo.m"), binary = dir.appendingPathComponent("kvo")
        try program.write(to: source, atomically: true, encoding: .utf8)
        let (status, log) = try Tool.run(cc, ["-x", "objective-c", "-std=gnu99", "-fconstant-string-class=HTLLConstantString",
                                         "-Wall", "-Werror", "-Wno-unused-variable", source.path, "-lobjc", "-o", binary.path])
        if status != 0, log.contains("objc/runtime.h") { throw Missing.gobjc }
        XCTAssertEqual(status, 0, "the binding fragments do not compile:\n\(log)\n\(program)")
        guard status == 0 else { return }
        let (rc, out) = try Tool.run(binary.path, [])
        XCTAssertEqual(rc, 0, out)
        XCTAssertEqual(out, """
            target htllBindingChanged: for 131072
            target save: for 64
            observing 5
            greeting Hello name Ann echo Ann
            name Bob echo Bob super 0
            super 1
            user.name Cy
            observing 0

            """)
    }

    /// A stand-in Objective-C runtime for the binding fragments: key-value coding over a table of
    /// (object, key, value), observers as a list of key paths, UIKit classes as plain objects.
    /// Constant strings get their own class: GNU libobjc already defines NXConstantString.
    static let runtimeStandIn = #"""
        #include <objc/runtime.h>
        #include <stdio.h>
        #include <string.h>
        #include <stdlib.h>
        typedef double CGFloat;
        typedef enum { UIControlEventTouchUpInside = 64, UIControlEventEditingChanged = 131072 } UIControlEvents;
        typedef enum { UIControlStateNormal = 0 } UIControlState;
        typedef enum { NSTextAlignmentLeft, NSTextAlignmentCenter } NSTextAlignment;
        typedef enum { UITextBorderStyleNone, UITextBorderStyleRoundedRect = 3 } UITextBorderStyle;
        typedef enum { UIButtonTypeCustom, UIButtonTypeRoundedRect } UIButtonType;
        typedef enum { NSKeyValueObservingOptionNew = 1 } NSKeyValueObservingOptions;
        /* Key-value storage for every object: (object, key, value) triples. */
        static struct { id object; char key[64]; id value; } kv[256];
        static int kvCount;
        static const char *observed[64];
        static int observedCount, superCalls;
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
        - (const char *)cString;
        @end
        @interface HTLLConstantString : NSObject { char *c_string; unsigned int len; }
        - (BOOL)isEqualToString:(id)other;
        @end
        typedef HTLLConstantString NSString;
        static id kvGet(id o, const char *k, size_t n) {
          for (int i = 0; i < kvCount; i++) if (kv[i].object == o && strlen(kv[i].key) == n && strncmp(kv[i].key, k, n) == 0) return kv[i].value;
          return nil;
        }
        static void kvSet(id o, const char *k, size_t n, id v) {
          for (int i = 0; i < kvCount; i++) if (kv[i].object == o && strlen(kv[i].key) == n && strncmp(kv[i].key, k, n) == 0) { kv[i].value = v; return; }
          kv[kvCount].object = o; memcpy(kv[kvCount].key, k, n); kv[kvCount].key[n] = 0; kv[kvCount].value = v; kvCount++;
        }
        @implementation NSObject
        + (id)alloc { return class_createInstance(self, 0); }
        - (id)init { return self; }
        - (const char *)cString { return "(object)"; }
        - (id)valueForKey:(id)key { const char *k = [key cString]; return kvGet(self, k, strlen(k)); }
        - (id)valueForKeyPath:(id)keyPath {
          const char *p = [keyPath cString]; id o = self;
          while (o) { const char *dot = strchr(p, '.'); size_t n = dot ? (size_t)(dot - p) : strlen(p); o = kvGet(o, p, n); if (!dot) break; p = dot + 1; }
          return o;
        }
        - (void)setValue:(id)value forKey:(id)key { const char *k = [key cString]; kvSet(self, k, strlen(k), value); }
        - (void)setValue:(id)value forKeyPath:(id)keyPath {
          const char *p = [keyPath cString]; id o = self; const char *dot;
          while ((dot = strchr(p, '.'))) { o = kvGet(o, p, (size_t)(dot - p)); p = dot + 1; }
          if (o) kvSet(o, p, strlen(p), value);
        }
        - (void)addObserver:(NSObject *)observer forKeyPath:(id)keyPath options:(NSKeyValueObservingOptions)options context:(void *)context {
          observed[observedCount++] = [keyPath cString];
        }
        - (void)removeObserver:(NSObject *)observer forKeyPath:(id)keyPath {
          for (int i = 0; i < observedCount; i++) if (strcmp(observed[i], [keyPath cString]) == 0) { observed[i] = observed[--observedCount]; return; }
          printf("removed an observer never added: %s\n", [keyPath cString]);
        }
        - (void)observeValueForKeyPath:(id)keyPath ofObject:(id)object change:(id)change context:(void *)context { superCalls++; }
        - (BOOL)isEqual:(id)other { return self == other; }
        @end
        @implementation HTLLConstantString
        - (const char *)cString { return c_string; }
        - (BOOL)isEqualToString:(id)other { return other && strcmp(c_string, [other cString]) == 0; }
        - (BOOL)isEqual:(id)other { return [self isEqualToString:other]; }
        @end
        @interface NSDictionary : NSObject @end
        @implementation NSDictionary @end
        @interface UIView : NSObject
        - (void)addSubview:(UIView *)v;
        @end
        @implementation UIView
        - (void)addSubview:(UIView *)v {}
        @end
        @interface UIControl : UIView
        - (void)addTarget:(id)target action:(SEL)action forControlEvents:(UIControlEvents)events;
        @end
        @implementation UIControl
        - (void)addTarget:(id)target action:(SEL)action forControlEvents:(UIControlEvents)events {
          printf("target %s for %d\n", sel_getName(action), (int)events);
        }
        @end
        @interface UILabel : UIView { NSTextAlignment textAlignment; }
        @property (nonatomic) NSTextAlignment textAlignment;
        @end
        @implementation UILabel
        @synthesize textAlignment;
        @end
        @interface UITextField : UIControl { NSString *placeholder; UITextBorderStyle borderStyle; }
        - (NSString *)text;
        @property (nonatomic, assign) NSString *placeholder;
        @property (nonatomic) UITextBorderStyle borderStyle;
        @end
        @implementation UITextField
        @synthesize placeholder, borderStyle;
        - (NSString *)text { return [self valueForKey:@"text"]; }
        @end
        @interface UISlider : UIControl @end
        @implementation UISlider @end
        @interface UIButton : UIControl
        + (id)buttonWithType:(UIButtonType)t;
        - (void)setTitle:(NSString *)t forState:(UIControlState)s;
        @end
        @implementation UIButton
        + (id)buttonWithType:(UIButtonType)t { return [self alloc]; }
        - (void)setTitle:(NSString *)t forState:(UIControlState)s {}
        @end
        static const char *show(id v) { return v ? [v cString] : "(nil)"; }
        """#

    func testLayoutsWithoutBindingsGetEmptyFragments() throws {
        let layout = try M.layout("(in (label '((text . \"x\"))) 'self.view)")
        for action in [HTLL.Action.viewWillDisappear, .observeValue, .bindingChanged] {
            XCTAssertEqual(try layout.objectiveC(action), "", action.rawValue)
        }
        XCTAssertFalse(try layout.objectiveCCategory().contains("observeValueForKeyPath"))
        XCTAssertFalse(try layout.swift().contains("bindings"))
    }

    func testSwiftBindingsObserveTheController() throws {
        let layout = try M.layout(Self.form)
        let text = try layout.swift()
        let swift = M.lines(text)
        // The holder keeps its shape; the bindings object is kept with the controller too.
        XCTAssertTrue(text.contains("final class ViewControllerLayoutViews {\n"), text)
        XCTAssertTrue(text.contains("""
                let bindings = ViewControllerLayoutBindings(views: layoutViews)
                objc_setAssociatedObject(self, &htllViewControllerLayoutBindingsKey, bindings, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        """), text)
        XCTAssertTrue(text.contains("@MainActor\nfinal class ViewControllerLayoutBindings: NSObject {\n"), text)
        XCTAssertTrue(swift.contains("private static let keyPaths = [\"user.greeting\", \"user.name\", \"settings.volume\", \"settings.canChange\"]"))
        XCTAssertTrue(swift.contains("owner.addObserver(self, forKeyPath: keyPath, options: [.new], context: nil)"))
        XCTAssertTrue(swift.contains("owner.removeObserver(self, forKeyPath: keyPath)"))
        XCTAssertTrue(text.contains("""
                    case "user.name":
                        if views.name.text != (value as? String) { views.name.setValue(value, forKey: "text") }
                        views.echo.setValue(value, forKey: "text")
            """), text)
        XCTAssertTrue(swift.contains("views.volume.setValue(value, forKey: \"enabled\")"))
        XCTAssertTrue(swift.contains("owner?.setValue(views.name.text, forKeyPath: \"user.name\")"))
        XCTAssertTrue(swift.contains("nonisolated override func observeValue(forKeyPath keyPath: String?, of object: Any?,"))
        XCTAssertTrue(swift.contains("views.name.addTarget(layoutBindings, action: #selector(ViewControllerLayoutBindings.edited(_:)), for: UIControl.Event.editingChanged)"))
        XCTAssertTrue(text.contains("        layoutBindings.start(observing: self)\n    }\n"))
        XCTAssertTrue(text.contains("    func layoutViewWillDisappear() {\n        layoutBindings.stop()\n    }\n"))
        // The UIView variant observes the view itself while it is in a window.
        let view = try layout.swift(viewName: "FormView")
        XCTAssertTrue(view.contains("final class FormViewBindings: NSObject {"))
        XCTAssertTrue(view.contains("    private(set) lazy var bindings = FormViewBindings(views: views)\n"))
        XCTAssertTrue(view.contains("    override func didMoveToWindow() {\n        super.didMoveToWindow()\n        if window != nil {\n            bindings.start(observing: self)\n"))
        XCTAssertTrue(view.contains("views.name.addTarget(bindings, action: #selector(FormViewBindings.edited(_:)), for: UIControl.Event.editingChanged)"))
        try M.swiftParses(layout)
    }

    /// Linux has no UIKit and no Objective-C, so this type-checks the generated Swift (both shapes)
    /// in Swift 6 language mode against a stand-in declaring what it uses, with UIKit's actor
    /// isolation (views on the main actor, NSObject's observeValue not); only the Objective-C parts
    /// (imports, @objc, target-action lines with #selector) are left out.
    func testGeneratedBindingsTypeCheckInSwift6AgainstAStandIn() throws {
        guard let swiftc = SwiftOutputTests.swiftc() else { throw Missing.swiftc }
        let layout = try M.layout("""
            (let* ((greeting (label (bind 'text "user.greeting") (layer '((corner-radius . 8) (border-color . gray-color)))
                                    '((text-alignment . center))))
                   (name (text-field (bind 'text "user.name" 'two-way) '((placeholder . "Name"))))
                   (volume (slider (bind 'value "settings.volume"))))
              (in (vseq greeting name volume) 'self.view))
            """)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("htll-bindings-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let stub = dir.appendingPathComponent("uikit.swift")
        try Self.standIn.write(to: stub, atomically: true, encoding: .utf8)
        func typeCheck(_ text: String, _ name: String) throws -> String {
            let kept = text.split(separator: "\n", omittingEmptySubsequences: false)
                .filter { !$0.hasPrefix("import ") && !$0.contains("addTarget(") }
                .joined(separator: "\n").replacingOccurrences(of: "@objc ", with: "")
            let file = dir.appendingPathComponent(name + ".swift")
            try kept.write(to: file, atomically: true, encoding: .utf8)
            let p = Process()
            p.executableURL = URL(fileURLWithPath: swiftc)
            p.arguments = ["-typecheck", "-swift-version", "6", stub.path, file.path]
            let pipe = Pipe()
            p.standardOutput = pipe
            p.standardError = pipe
            try p.run()
            let log = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            p.waitUntilExit()
            return p.terminationStatus == 0 ? "" : log
        }
        let controller = try layout.swift()
        XCTAssertEqual(try typeCheck(controller, "controller"), "")
        XCTAssertEqual(try typeCheck(try layout.swift(viewName: "FormView"), "view"), "")
        // The check sees isolation: updating the views outside the main actor is an error.
        let broken = controller.replacingOccurrences(of: "MainActor.assumeIsolated { self.update(keyPath) }", with: "self.update(keyPath)")
        XCTAssertNotEqual(broken, controller)
        XCTAssertTrue(try typeCheck(broken, "broken").contains("main actor-isolated"))
    }

    /// The stand-in for the Foundation, UIKit and ObjectiveC names the generated Swift uses.
    static let standIn = """
        open class NSObject {
            public init() {}
            open func observeValue(forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?, context: UnsafeMutableRawPointer?) {}
            public func addObserver(_ observer: NSObject, forKeyPath keyPath: String, options: NSKeyValueObservingOptions = [], context: UnsafeMutableRawPointer?) {}
            public func removeObserver(_ observer: NSObject, forKeyPath keyPath: String) {}
            public func value(forKeyPath keyPath: String) -> Any? { nil }
            public func setValue(_ value: Any?, forKey key: String) {}
            public func setValue(_ value: Any?, forKeyPath keyPath: String) {}
        }
        public struct NSKeyValueChangeKey: Hashable, Sendable { public var rawValue: String }
        public struct NSKeyValueObservingOptions: OptionSet, Sendable {
            public let rawValue: Int
            public init(rawValue: Int) { self.rawValue = rawValue }
            public static let new = NSKeyValueObservingOptions(rawValue: 1)
        }
        public final class Thread { public static var isMainThread: Bool { true } }
        public struct NSCoder {}
        public typealias CGFloat = Double
        public struct CGSize: Sendable { public var width: CGFloat, height: CGFloat }
        public struct CGRect: Sendable {
            public var x: CGFloat, y: CGFloat, width: CGFloat, height: CGFloat
            public static let zero = CGRect(x: 0, y: 0, width: 0, height: 0)
            public var size: CGSize { CGSize(width: width, height: height) }
            public var maxX: CGFloat { x + width }
            public var maxY: CGFloat { y + height }
            public func union(_ r: CGRect) -> CGRect { r }
        }
        public final class CGColor {}
        public final class CALayer {
            public var cornerRadius: CGFloat = 0, borderWidth: CGFloat = 0, shadowRadius: CGFloat = 3
            public var borderColor: CGColor?, backgroundColor: CGColor?, shadowColor: CGColor?
            public var opacity: Float = 1, shadowOpacity: Float = 0
            public var masksToBounds = false
            public var shadowOffset = CGSize(width: 0, height: -3)
        }
        public final class UIColor: Sendable {
            public static let gray = UIColor(), black = UIColor(), white = UIColor(), orange = UIColor()
            public var cgColor: CGColor { CGColor() }
        }
        public enum NSTextAlignment { case left, center, right }
        @MainActor open class UIView: NSObject {
            public init(frame: CGRect) { self.frame = frame; super.init() }
            public required init?(coder: NSCoder) { frame = .zero; super.init() }
            public override init() { frame = .zero; super.init() }
            public var frame: CGRect
            public var bounds: CGRect { CGRect(x: 0, y: 0, width: frame.width, height: frame.height) }
            public let layer = CALayer()
            public var window: AnyObject?
            public var backgroundColor: UIColor?
            open func didMoveToWindow() {}
            open func layoutSubviews() {}
            open func sizeThatFits(_ size: CGSize) -> CGSize { size }
            public func sizeToFit() {}
            public func setNeedsLayout() {}
            public func addSubview(_ view: UIView) {}
        }
        @MainActor open class UIControl: UIView {}
        @MainActor open class UILabel: UIView { public var text: String?; public var textAlignment = NSTextAlignment.left }
        @MainActor open class UITextField: UIControl { public var text: String?, placeholder: String? }
        @MainActor open class UISlider: UIControl { public var value: Float = 0 }
        @MainActor open class UIViewController: NSObject { public let view = UIView() }
        @MainActor final class ViewController: UIViewController {}
        public enum objc_AssociationPolicy { case OBJC_ASSOCIATION_RETAIN_NONATOMIC }
        public func objc_getAssociatedObject(_ object: Any, _ key: UnsafeRawPointer) -> Any? { nil }
        public func objc_setAssociatedObject(_ object: Any, _ key: UnsafeRawPointer, _ value: Any?, _ policy: objc_AssociationPolicy) {}
        """

    func testFramesJSONAndCategoryListTheBindings() throws {
        let layout = try M.layout(Self.form)
        let json = try layout.framesJSON(width: 320, height: 480)
        XCTAssertTrue(json.contains(#""attributes": {"bind": ["user.name", "text", "two-way"], "placeholder": "Name"}"#), json)
        XCTAssertTrue(json.contains(#""attributes": {"bind": [["settings.volume", "value", "one-way"], ["settings.canChange", "enabled", "one-way"]]}"#), json)
        XCTAssertTrue(json.contains(#""origins": {"bind": ["bind value", "bind enabled"]}"#), json)
        let category = try layout.objectiveCCategory()
        XCTAssertTrue(category.contains("- (void)layoutViewWillDisappear;\n"))
        XCTAssertTrue(category.contains("- (void)layoutViewWillDisappear {\n    [self removeObserver:self forKeyPath:@\"user.greeting\"];\n"))
        XCTAssertTrue(category.contains("- (void)observeValueForKeyPath:(NSString *)keyPath ofObject:(id)object change:(NSDictionary *)change context:(void *)context {\n    UILabel * greeting = self.greeting;\n"))
        XCTAssertTrue(category.contains("    } else {\n        [super observeValueForKeyPath:keyPath ofObject:object change:change context:context];\n    }\n}\n"))
        XCTAssertTrue(category.contains("- (void)htllBindingChanged:(id)sender {\n"))
    }

    func testLaterBindingOfAPropertyReplacesTheEarlier() throws {
        let layout = try M.layout("(in (label (bind 'text \"a.b\") (bind 'text \"c\")) 'self.view)")
        XCTAssertEqual(try M.lines(layout, .viewWillAppear), [
            "[label1 setValue:[self valueForKeyPath:@\"c\"] forKey:@\"text\"];",
            "[self addObserver:self forKeyPath:@\"c\" options:NSKeyValueObservingOptionNew context:NULL];",
        ])
    }

    func testAnyBindablePropertyAndTheAttributeSpelling() throws {
        // A property named like a resource constructor (font) is a property, not a font call.
        let layout = try M.layout("""
            (in (vseq (label (bind 'font "style.font") (bind 'hidden 'user.away))
                      (label '((bind . ("user.name" text one-way)))))
                'self.view)
            """)
        XCTAssertEqual(try M.lines(layout, .viewWillAppear), [
            "[label1 setValue:[self valueForKeyPath:@\"style.font\"] forKey:@\"font\"];",
            "[label1 setValue:[self valueForKeyPath:@\"user.away\"] forKey:@\"hidden\"];",
            "[label2 setValue:[self valueForKeyPath:@\"user.name\"] forKey:@\"text\"];",
            "[self addObserver:self forKeyPath:@\"style.font\" options:NSKeyValueObservingOptionNew context:NULL];",
            "[self addObserver:self forKeyPath:@\"user.away\" options:NSKeyValueObservingOptionNew context:NULL];",
            "[self addObserver:self forKeyPath:@\"user.name\" options:NSKeyValueObservingOptionNew context:NULL];",
        ])
        // Written as an attribute, a binding is checked when the outputs read it, located at its view.
        XCTAssertEqual(M.error("(in (label '((text . \"x\"))\n   '((bind . (\"user name\" text one-way)))) 'self.view)"),
                       "m.htll:1:5: error: bind text: bad key path \"user name\": expected names separated by dots, such as \"user.name\"")
        XCTAssertEqual(M.error("(in (label '((bind . (\"a\" text sideways)))) 'self.view)", action: .observeValue),
                       "m.htll:1:5: error: bind text: the mode must be one-way or two-way, got sideways")
    }

    func testBindingExampleCompilesAndPreviews() throws {
        let layout = try M.example("binding")
        try M.objcSyntaxCheck(layout)
        try M.swiftParses(layout)
        let svg = try M.svg(layout)
        XCTAssertTrue(svg.contains("data-name=\"name\""))
        // A bound text shows its key path.
        XCTAssertTrue(svg.contains(">{user.greeting}</text>"), svg)
        // The example's extra fragments are kept next to the golden ones.
        let dir = GoldenTests.examples.appendingPathComponent("binding")
        let update = ProcessInfo.processInfo.environment["HTLL_UPDATE_GOLDEN"] == "1"
        for action in [HTLL.Action.viewWillDisappear, .observeValue, .bindingChanged] {
            let file = dir.appendingPathComponent(action.rawValue + ".m")
            let produced = try layout.objectiveC(action)
            if update { try produced.write(to: file, atomically: true, encoding: .utf8); continue }
            XCTAssertEqual(produced, try? String(contentsOf: file, encoding: .utf8), file.path)
        }
    }

    func testErrorsAreLocatedAtTheUse() {
        XCTAssertEqual(M.error("(in (label\n  (bind 'txt \"user.name\")) 'self.view)"),
                       "m.htll:1:5: error: bind txt: label has no property txt; did you mean text?")
        XCTAssertEqual(M.error("(in (label (bind 'size \"user.size\")) 'self.view)"),
                       "m.htll:1:5: error: bind size: label size cannot be bound (bindable: text, font, text-color, text-alignment, line-break-mode, enabled, adjusts-font-size-to-fit-width, baseline-adjustment, minimum-scale-factor, number-of-lines, highlighted-text-color, highlighted, shadow-color, adjusts-font-for-content-size-category, background-color, hidden, alpha, opaque, clips-to-bounds, clears-context-before-drawing, user-interaction-enabled, multiple-touch-enabled, exclusive-touch, autoresizes-subviews, content-mode, content-scale-factor, tint-color)")
        XCTAssertEqual(M.error("(in (label (bind 'text \"\")) 'self.view)"),
                       "m.htll:1:12: error: bind text: bad key path \"\": expected names separated by dots, such as \"user.name\"")
        XCTAssertEqual(M.error("(in (label (bind 'text \"user name\")) 'self.view)"),
                       "m.htll:1:12: error: bind text: bad key path \"user name\": expected names separated by dots, such as \"user.name\"")
        XCTAssertEqual(M.error("(in (label (bind 'text \"user..name\")) 'self.view)"),
                       "m.htll:1:12: error: bind text: bad key path \"user..name\": expected names separated by dots, such as \"user.name\"")
        XCTAssertEqual(M.error("(in (label (bind 'text 42)) 'self.view)"),
                       "m.htll:1:12: error: bind text: the key path must be a string such as \"user.name\", got 42")
        XCTAssertEqual(M.error("(in (label (bind \"text\" \"a\")) 'self.view)"),
                       "m.htll:1:12: error: bind: the property must be a symbol such as text, got \"text\"")
        XCTAssertEqual(M.error("(in (label (bind 'text \"user.name\" 'two-way)) 'self.view)"),
                       "m.htll:1:5: error: bind text: a two-way binding needs the text of a text-field, not a label")
        XCTAssertEqual(M.error("(in (text-field (bind 'placeholder \"a\" 'two-way)) 'self.view)"),
                       "m.htll:1:5: error: bind placeholder: a two-way binding needs the text of a text-field, not placeholder")
        XCTAssertEqual(M.error("(in (text-field (bind 'text \"a\" 'both-ways)) 'self.view)"),
                       "m.htll:1:17: error: bind text: the mode must be one-way or two-way, got both-ways")
        // A table cell is made per row: no controller to observe.
        XCTAssertEqual(M.error("(in-cell (label (bind 'text \"a\")) 'cell)", action: .cellInit),
                       "m.htll:1:10: error: bind text: bindings need a view controller layout (in ... 'self.view), not a table cell")
    }
}
