import Foundation
import HTLL
import Scheme

/// Compiles a layout's generated Objective-C with GNU Objective-C against the stand-in header:
/// every fragment in the method the build rules put it in, and the `--objc` category.
public final class ObjCCompileCheck {
    /// The stand-in header in use.
    public let header: StandInHeader
    /// A folder with `UIKit/UIKit.h` (the stand-in) and `objc/runtime.h` (associated objects).
    public let folder: URL
    /// The C compiler (GNU Objective-C), or nil when the machine has none.
    public let compiler: String?

    /// Writes the stand-in headers into a new temporary folder (removed on deinit).
    public init(header: StandInHeader) throws {
        self.header = header
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("htll-objc-check-\(UUID().uuidString)")
        let uikit = folder.appendingPathComponent("UIKit"), objc = folder.appendingPathComponent("objc")
        try FileManager.default.createDirectory(at: uikit, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: objc, withIntermediateDirectories: true)
        try header.text.write(to: uikit.appendingPathComponent("UIKit.h"), atomically: true, encoding: .utf8)
        try """
            #define OBJC_ASSOCIATION_RETAIN_NONATOMIC 1
            id objc_getAssociatedObject(id object, const void *key);
            void objc_setAssociatedObject(id object, const void *key, id value, int policy);

            """.write(to: objc.appendingPathComponent("runtime.h"), atomically: true, encoding: .utf8)
        compiler = ["/usr/bin/gcc", "/usr/bin/cc"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    /// The class the fragments are compiled in, for `layout`: a `ViewController` (a UIView when the
    /// layout is placed in `self` itself: a UIView subclass's layoutSubviews) with a property for each
    /// name the layout gave an object (`self.model`, a bare `model`), all of a class that has a
    /// property for each of those names too (so `self.model.card.view` is typed); `views` (name,
    /// class) are instance variables, as the fragments use them. Returns the interface, still open
    /// (no @end), and the names to @synthesize.
    func controllerInterface(_ layout: Layout, objects: Set<String>, ivars: Bool) throws -> (text: String, synthesized: [String]) {
        let views = try layout.declarations()
        let cell = try layout.cellName()
        let json = try layout.framesJSON(width: 390, height: 844)
        let inSelf = (try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])?["parent"] as? String == "self"
        // Names declared already: the views, the cell (a local), what the header declares (but for a
        // UIView, which has no view property as a controller has).
        let taken = Set(views.map(\.name)).union(header.vocabulary).union(cell.map { [$0] } ?? []).union(["self"])
            .subtracting(inSelf ? ["view"] : [])
        let names = objects.subtracting(taken).sorted()
        var out = "#import <UIKit/UIKit.h>\n@interface HTLLObject : UIView\n"
        for n in names { out += "@property (nonatomic, retain) HTLLObject *\(n);\n" }
        out += "@end\n@interface ViewController : \(inSelf ? "UIView" : "UIViewController") {\n"
        if ivars && cell == nil { for v in views { out += "    \(v.className) *\(v.name);\n" } }
        for n in names { out += "    HTLLObject *\(n);\n" }
        out += "}\n"
        for n in names { out += "@property (nonatomic, retain) HTLLObject *\(n);\n" }
        return (out, names)
    }

    /// Every fragment of `layout` in its method, as one compilable file. `objects`: the names the
    /// layout gave objects (parents, targets, references).
    public func fragmentsProgram(_ layout: Layout, objects: Set<String>) throws -> String {
        let (interface, names) = try controllerInterface(layout, objects: objects, ivars: true)
        let synthesized = names.map { "@synthesize \($0);\n" }.joined()
        if let cell = try layout.cellName() {
            var out = interface + "@end\n@implementation ViewController\n" + synthesized
            out += "- (UITableViewCell *)tableView:(UITableView *)tableView cellForRowAtIndexPath:(id)indexPath {\n"
            out += try layout.objectiveC(.cellInit) + layout.objectiveC(.cellLayout)
            // The code a project pastes after the fragments uses the views they declare (a view
            // they only store, a second name, would be set but not used without it).
            out += try layout.declarations().map { "(void)\($0.name);\n" }.joined()
            return out + "return \(cell);\n}\n@end\n"
        }
        var out = interface + (try layout.objectiveC(.property)) + "@end\n@implementation ViewController\n" + synthesized
        out += try layout.objectiveC(.synthesize)
        let methods: [(String, HTLL.Action)] = [
            ("- (void)viewDidLoad", .viewDidLoad), ("- (void)viewWillAppear:(BOOL)animated", .viewWillAppear),
            ("- (void)viewWillLayoutSubviews", .viewWillLayoutSubviews),
            ("- (void)viewWillDisappear:(BOOL)animated", .viewWillDisappear),
            ("- (void)observeValueForKeyPath:(NSString *)keyPath ofObject:(id)object change:(NSDictionary *)change context:(void *)context",
             .observeValue),
            ("- (void)htllBindingChanged:(id)sender", .bindingChanged),
        ]
        for (signature, action) in methods { out += signature + " {\n" + (try layout.objectiveC(action)) + "}\n" }
        return out + "@end\n"
    }

    /// The `--objc` category of `layout` after the controller's interface, as one compilable file.
    public func categoryProgram(_ layout: Layout, objects: Set<String>) throws -> String {
        try controllerInterface(layout, objects: objects, ivars: false).text + "@end\n" + (try layout.objectiveCCategory())
    }

    /// Compiles `source` (syntax and types, `-Wall -Werror`): nil when it compiles, else the log.
    /// Throws when there is no compiler.
    public func compile(_ source: String, trigraphs: Bool = true) throws -> String? {
        guard let compiler else { throw CheckError.noCompiler }
        let file = folder.appendingPathComponent("check-\(UUID().uuidString).m")
        try source.write(to: file, atomically: false, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: compiler)
        // -Wno-unused-value: GCC warns of `v.prop = -0.5;` (it lowers a property assignment to a
        // comma expression and sees the negated literal unused); clang does not.
        p.arguments = ["-x", "objective-c", "-fsyntax-only", "-Wall", "-Werror", "-Wno-unused-value"] + (trigraphs ? ["-trigraphs"] : [])
            + ["-I", folder.path, file.path]
        let pipe = Pipe()
        p.standardOutput = pipe
        p.standardError = pipe
        try p.run()
        // read(2) on a duplicate (readDataToEndOfFile traps when a signal interrupts the read, as the
        // fuzzer's timers do).
        let bytes = (try? FileSandbox.readAll(dup(pipe.fileHandleForReading.fileDescriptor), maxBytes: 1 << 24).get()) ?? []
        let log = String(decoding: bytes, as: UTF8.self)
        p.waitUntilExit()
        if p.terminationStatus != 0, log.contains("cannot execute"), log.contains("cc1obj") { throw CheckError.noCompiler }
        return p.terminationStatus == 0 ? nil : log
    }

    /// Why a check could not run.
    public enum CheckError: Error { case noCompiler }
}
