import Foundation
import XCTest
import HTLL
import HTLLCodeCheck
import Scheme

/// The stand-in header, compile check and statement grammar (HTLLCodeCheck), shared by the tests
/// that hold generated Objective-C to what the layout described.
enum CodeCheck {
    /// One instance for the test process (building the header evaluates the tables), released at
    /// exit, which removes its temporary folder.
    nonisolated(unsafe) static var compileCheck: ObjCCompileCheck?

    static func check() throws -> ObjCCompileCheck {
        if let compileCheck { return compileCheck }
        let scheme = Scheme()
        try HTLL.install(into: scheme)
        let made = try ObjCCompileCheck(header: StandInHeader(scheme: scheme))
        compileCheck = made
        atexit { CodeCheck.compileCheck = nil }
        return made
    }

    /// The names `layout` gave objects (its parent, targets, delegates and data sources) and its
    /// selectors, read from its frames JSON (which prints them as the layout gave them).
    static func names(of layout: Layout) throws -> (objects: Set<String>, selectors: Set<String>) {
        let json = try layout.framesJSON(width: 390, height: 844)
        let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        var objects = Set<String>(), selectors = Set<String>()
        func path(_ any: Any?) { (any as? String).map { for part in $0.split(separator: ".") { objects.insert(String(part)) } } }
        path(root["parent"])
        for view in root["views"] as? [[String: Any]] ?? [] {
            let attributes = view["attributes"] as? [String: Any] ?? [:]
            path(attributes["delegate"])
            path(attributes["data-source"])
            let targets = attributes["target"].map { t -> [Any] in
                if let list = t as? [Any], list.first is [Any] { return list }
                return [t]
            } ?? []
            for t in targets {
                guard let t = t as? [Any], t.count == 3 else { continue }
                path(t[0])
                if let s = t[1] as? String { selectors.insert(s) }
            }
        }
        return (objects, selectors)
    }

    /// The statement grammar's problems with every Objective-C fragment of `layout` and its category.
    static func statementProblems(_ layout: Layout) throws -> [String] {
        let check = try check()
        let (objects, selectors) = try names(of: layout)
        let views = Set(try layout.declarations().map(\.name))
        let checker = FragmentChecker(vocabulary: check.header.vocabulary, views: views, objects: objects,
                                      selectors: selectors, cell: try layout.cellName())
        var problems: [String] = []
        let cell = try layout.cellName() != nil
        let actions: [HTLL.Action] = cell ? [.cellInit, .cellLayout] : HTLL.Action.allCases.filter { $0 != .cellInit && $0 != .cellLayout }
        for action in actions {
            problems += checker.problems(in: try layout.objectiveC(action)).map { "\(action.rawValue) \($0)" }
        }
        problems += checker.categoryProblems(in: try layout.objectiveCCategory(), className: "ViewController",
                                             views: try layout.declarations()).map { "category \($0)" }
        return problems
    }

    /// Compiles every fragment and the category of `layout`; the compiler's complaints, or [].
    static func compileProblems(_ layout: Layout) throws -> [String] {
        let check = try check()
        let (objects, _) = try names(of: layout)
        var problems: [String] = []
        do {
            for program in [try check.fragmentsProgram(layout, objects: objects), try check.categoryProgram(layout, objects: objects)] {
                if let log = try check.compile(program) {
                    // The first errors, with the lines of the program they point at.
                    let lines = program.split(separator: "\n", omittingEmptySubsequences: false)
                    for error in log.split(separator: "\n").filter({ $0.contains("error:") }).prefix(5) {
                        let parts = error.split(separator: ":")
                        let n = parts.count > 2 && parts[0].hasSuffix(".m") ? Int(parts[1]) : nil
                        problems.append(String(error) + (n.map { $0 > 0 && $0 <= lines.count ? "\n    " + lines[$0 - 1] : "" } ?? ""))
                    }
                }
            }
        } catch ObjCCompileCheck.CheckError.noCompiler {
            throw Missing.gobjc
        }
        return problems
    }
}
