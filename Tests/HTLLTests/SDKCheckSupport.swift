import Foundation
import HTLL
import XCTest

/// Type-checks generated code against a real iOS SDK with the project's shared checkers
/// (`swift-typecheck`, `objc-check`; see their README), the way an Xcode user would compile it:
/// the Swift next to a controller that declares what the layout names (actions, targets,
/// parents, protocols), the `--objc` category after that controller's interface, and the
/// fragments pasted into a controller, each action's in its method.
///
/// The checkers are found in `IOS_SDK_TOOLS` (default `/work/shared/tools/ios-sdk`), the SDK in
/// `IOS_SDK` (default `/tmp/sdk/iPhoneOS18.6.sdk`); without either the checks are skipped.
/// `HTLL_SDK_CHECK_OUT=DIR` keeps the checked files and the tools' output in DIR.
struct SDKChecker {
    let tools: String
    let sdk: String
    let clang: String
    let work: URL
    let keep: URL?

    /// The checker, or a skip saying what is missing.
    static func make() throws -> SDKChecker {
        let env = ProcessInfo.processInfo.environment
        let tools = env["IOS_SDK_TOOLS"] ?? "/work/shared/tools/ios-sdk"
        let sdk = env["IOS_SDK"] ?? "/tmp/sdk/iPhoneOS18.6.sdk"
        let fm = FileManager.default
        guard fm.isExecutableFile(atPath: tools + "/swift-typecheck"), fm.isExecutableFile(atPath: tools + "/objc-check") else {
            throw XCTSkip("iOS SDK checks skipped: no swift-typecheck and objc-check in \(tools) (set IOS_SDK_TOOLS)")
        }
        guard fm.fileExists(atPath: sdk + "/usr/lib/swift/Swift.swiftmodule") else {
            throw XCTSkip("iOS SDK checks skipped: no iOS SDK at \(sdk) (set IOS_SDK; the checkers' README says how to get one)")
        }
        // The SDK's module maps need a clang of the Swift toolchain's generation (Debian's clang 14 is too old).
        let clang = env["CLANG"] ?? ["/opt/swift/usr/bin/clang", "/usr/bin/clang"].first { fm.isExecutableFile(atPath: $0) } ?? "clang"
        let work = fm.temporaryDirectory.appendingPathComponent("htll-sdk-check-\(getpid())-\(UUID().uuidString.prefix(8))")
        try fm.createDirectory(at: work, withIntermediateDirectories: true)
        let keep = env["HTLL_SDK_CHECK_OUT"].map { URL(fileURLWithPath: $0) }
        if let keep { try fm.createDirectory(at: keep, withIntermediateDirectories: true) }
        return SDKChecker(tools: tools, sdk: sdk, clang: clang, work: work, keep: keep)
    }

    func cleanUp() { try? FileManager.default.removeItem(at: work) }

    /// One check's result: what was run and everything the tool printed.
    struct Outcome {
        var name: String
        var status: Int32
        var output: String
        /// The tool's `error:` and `warning:` lines.
        var diagnostics: [String] {
            output.split(separator: "\n").map(String.init).filter { $0.contains(": error:") || $0.contains(": warning:") }
        }
        var clean: Bool { status == 0 && diagnostics.isEmpty }
    }

    /// Writes `files` (name => text) into a folder for `name` and runs `tool` on the ones listed.
    func check(_ name: String, files: [(String, String)], tool: String, environment: [String: String] = [:]) throws -> Outcome {
        let dir = work.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        for (file, text) in files { try text.write(to: dir.appendingPathComponent(file), atomically: true, encoding: .utf8) }
        var env = ["IOS_SDK=\(sdk)", "CLANG=\(clang)"]
        env += environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        let (status, output) = try Tool.run("/usr/bin/env", env + [tools + "/" + tool] + files.map { dir.appendingPathComponent($0.0).path })
        let outcome = Outcome(name: name, status: status, output: output)
        if let keep {
            let kept = keep.appendingPathComponent(name)
            try? FileManager.default.removeItem(at: kept)
            try FileManager.default.copyItem(at: dir, to: kept)
            try "$ \(tool) \(files.map(\.0).joined(separator: " ")) (exit \(status))\n\(output)"
                .write(to: kept.appendingPathComponent("check.log"), atomically: true, encoding: .utf8)
        }
        return outcome
    }

    /// Every check of one layout: Swift (5 and 6 language modes) as a controller extension (or a
    /// cell), Swift `--view` (not for cells), the `--objc` category and the pasted fragments.
    func checkAll(_ layout: Layout, name: String) throws -> [Outcome] {
        let refs = try layout.references()
        let stubs = ControllerStubs(refs)
        var outcomes: [Outcome] = []
        let swift = try layout.swift()
        for version in ["5", "6"] {
            outcomes.append(try check("\(name)-swift\(version)", files: [("Controller.swift", stubs.swiftController()), ("Layout.swift", swift)],
                                      tool: "swift-typecheck", environment: ["IOS_TARGET": "15.0", "IOS_SWIFT_VERSION": version]))
        }
        if refs.cell == nil {
            let view = try layout.swift(viewName: "LayoutView")
            for version in ["5", "6"] {
                outcomes.append(try check("\(name)-view\(version)", files: [("Stubs.swift", stubs.swiftViewExtension()), ("LayoutView.swift", view)],
                                          tool: "swift-typecheck", environment: ["IOS_TARGET": "15.0", "IOS_SWIFT_VERSION": version]))
            }
        }
        let category = try layout.objectiveCCategory()
        outcomes.append(try check("\(name)-objc-category", files: [("ViewController+Layout.m", stubs.objcInterface(fragments: nil) + "\n" + category)],
                                  tool: "objc-check"))
        var fragments: [HTLL.Action: String] = [:]
        for action in HTLL.Action.allCases { fragments[action] = try? layout.objectiveC(action) }
        outcomes.append(try check("\(name)-objc-fragments", files: [("ViewController.m", stubs.objcController(fragments))], tool: "objc-check"))
        return outcomes
    }
}

/// A view controller (and the objects it names) declaring what generated code refers to.
struct ControllerStubs {
    let refs: Layout.References

    init(_ refs: Layout.References) { self.refs = refs }

    var isCell: Bool { refs.cell != nil }

    /// `model` for `self.model` or `model`; nil for `self`.
    static func member(_ object: String) -> String? {
        if object == "self" { return nil }
        return object.hasPrefix("self.") ? String(object.dropFirst(5)) : object
    }

    /// The objects other than self that the layout names, each with its actions and protocols.
    var models: [(name: String, actions: [String], protocols: [String])] {
        var names: [String] = []
        for o in refs.actions.map(\.target) + refs.protocols.map(\.object) {
            if let m = Self.member(o), !names.contains(m) { names.append(m) }
        }
        return names.map { m in
            (m, refs.actions.filter { Self.member($0.target) == m }.map(\.selector),
             refs.protocols.filter { Self.member($0.object) == m }.map(\.protocolName))
        }
    }

    var selfActions: [String] { refs.actions.filter { $0.target == "self" }.map(\.selector) }
    var selfProtocols: [String] { refs.protocols.filter { $0.object == "self" }.map(\.protocolName) }
    /// A parent other than self.view or a cell's content view: a property of the controller.
    var parentProperty: String? {
        guard refs.cell == nil, refs.parent != "self.view" else { return nil }
        return Self.member(refs.parent)
    }

    static func modelClass(_ name: String) -> String { "HTLLStubModel_" + name }

    // MARK: Swift

    /// `@objc func save(_ a0: Any) {}` for `save:`.
    static func swiftAction(_ selector: String) -> String {
        let parts = selector.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard parts.count > 1 else { return "@objc func \(selector)() {}" }
        let labels = parts.dropLast().enumerated().map { i, p in i == 0 ? "_ a0: Any" : "\(p) a\(i): Any" }
        return "@objc func \(parts[0])(\(labels.joined(separator: ", "))) {}"
    }

    static let swiftRequirements: [String: [String]] = [
        "UITableViewDataSource": [
            "func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 0 }",
            "func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell { UITableViewCell() }",
        ],
        "UITableViewDelegate": [],
    ]

    func swiftModels() -> [String] {
        models.flatMap { m -> [String] in
            ["final class \(Self.modelClass(m.name)): \((["NSObject"] + m.protocols).joined(separator: ", ")) {"]
                + (m.actions.map(Self.swiftAction) + m.protocols.flatMap { Self.swiftRequirements[$0] ?? [] }).map { "    " + $0 }
                + ["}"]
        }
    }

    /// The controller the Swift extension (or cell method) extends.
    func swiftController() -> String {
        var lines = ["import UIKit"] + swiftModels()
        // A table view controller already adopts the table protocols.
        let base = isCell ? "UITableViewController" : "UIViewController"
        let protocols = isCell ? [] : selfProtocols
        lines.append("class ViewController: \(([base] + protocols).joined(separator: ", ")) {")
        lines += selfActions.map { "    " + Self.swiftAction($0) }
        lines += models.map { "    let \($0.name) = \(Self.modelClass($0.name))()" }
        if let p = parentProperty { lines.append("    let \(p) = UIView()") }
        lines += protocols.flatMap { Self.swiftRequirements[$0] ?? [] }.map { "    " + $0 }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// What the user adds to the `--view` class: its actions, named objects and protocol methods
    /// (the class itself adopts the protocols).
    func swiftViewExtension() -> String {
        var lines = ["import UIKit"] + swiftModels() + ["extension LayoutView {"]
        lines += selfActions.map { "    " + Self.swiftAction($0) }
        lines += models.map { "    var \($0.name): \(Self.modelClass($0.name)) { \(Self.modelClass($0.name))() }" }
        lines += selfProtocols.flatMap { Self.swiftRequirements[$0] ?? [] }.map { "    " + $0 }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: Objective-C

    /// `- (IBAction)save:(id)a0` for `save:`.
    static func objcAction(_ selector: String) -> String {
        let parts = selector.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard parts.count > 1 else { return "- (void)\(selector)" }
        let pieces = parts.dropLast().enumerated().map { i, p in "\(p):(id)a\(i)" }
        return (parts.count == 2 ? "- (IBAction)" : "- (void)") + pieces.joined(separator: " ")
    }

    static let objcRequirements: [String: [String]] = [
        "UITableViewDataSource": [
            "- (NSInteger)tableView:(UITableView *)tableView numberOfRowsInSection:(NSInteger)section { return 0; }",
            "- (UITableViewCell *)tableView:(UITableView *)tableView cellForRowAtIndexPath:(NSIndexPath *)indexPath { return [[UITableViewCell alloc] init]; }",
        ],
        "UITableViewDelegate": [],
    ]

    func objcModelInterfaces() -> [String] {
        models.flatMap { m -> [String] in
            let adopts = m.protocols.isEmpty ? "" : " <\(m.protocols.joined(separator: ", "))>"
            return ["@interface \(Self.modelClass(m.name)) : NSObject\(adopts)"] + m.actions.map { Self.objcAction($0) + ";" } + ["@end"]
        }
    }

    func objcModelImplementations() -> [String] {
        models.flatMap { m -> [String] in
            ["@implementation \(Self.modelClass(m.name))"] + m.actions.map { Self.objcAction($0) + " {}" }
                + m.protocols.flatMap { Self.objcRequirements[$0] ?? [] } + ["@end"]
        }
    }

    /// The controller's interface; with `fragments`, the property action's lines in it.
    func objcInterface(fragments: [HTLL.Action: String]?) -> String {
        var lines = ["#import <UIKit/UIKit.h>"] + objcModelInterfaces()
        let base = isCell ? "UITableViewController" : "UIViewController"
        let protocols = isCell ? [] : selfProtocols
        lines.append("@interface ViewController : \(base)" + (protocols.isEmpty ? "" : " <\(protocols.joined(separator: ", "))>"))
        // A cell layout's views are locals of the method that makes the cell: no properties.
        if let property = fragments?[.property], !isCell { lines.append(property) }
        lines += models.map { "@property (nonatomic, strong) \(Self.modelClass($0.name)) * \($0.name);" }
        if let p = parentProperty { lines.append("@property (nonatomic, strong) UIView * \(p);") }
        lines += selfActions.map { Self.objcAction($0) + ";" }
        lines.append("@end")
        return lines.joined(separator: "\n") + "\n"
    }

    /// A controller with every fragment pasted into its method, as an Xcode project includes them.
    func objcController(_ fragments: [HTLL.Action: String]) -> String {
        func body(_ action: HTLL.Action) -> String {
            (fragments[action] ?? "").split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.isEmpty ? "" : "    " + $0 }.joined(separator: "\n")
        }
        var lines = [objcInterface(fragments: fragments), "@implementation ViewController"]
        if !isCell, let synthesize = fragments[.synthesize] { lines.append(synthesize) }
        if isCell {
            lines += ["- (UITableViewCell *)tableView:(UITableView *)tableView cellForRowAtIndexPath:(NSIndexPath *)indexPath {",
                      body(.cellInit), body(.cellLayout), "    return \(refs.cell ?? "cell");", "}"]
        } else {
            lines += ["- (void)viewDidLoad {", "    [super viewDidLoad];", body(.viewDidLoad), "}",
                      "- (void)viewWillAppear:(BOOL)animated {", "    [super viewWillAppear:animated];", body(.viewWillAppear), "}",
                      "- (void)viewWillLayoutSubviews {", "    [super viewWillLayoutSubviews];", body(.viewWillLayoutSubviews), "}"]
            if !(fragments[.viewWillDisappear] ?? "").isEmpty {
                lines += ["- (void)viewWillDisappear:(BOOL)animated {", "    [super viewWillDisappear:animated];", body(.viewWillDisappear), "}",
                          "- (void)observeValueForKeyPath:(NSString *)keyPath ofObject:(id)object change:(NSDictionary<NSKeyValueChangeKey, id> *)change context:(void *)context {",
                          body(.observeValue), "}",
                          "- (IBAction)htllBindingChanged:(id)sender {", body(.bindingChanged), "}"]
            }
            lines += selfProtocols.flatMap { Self.objcRequirements[$0] ?? [] }
        }
        lines += selfActions.map { Self.objcAction($0) + " {}" }
        lines.append("@end")
        lines += objcModelImplementations()
        return lines.joined(separator: "\n") + "\n"
    }
}
