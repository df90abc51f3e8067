import Foundation
import Scheme

/// HTLL in an interactive session (the REPL's `,describe`, completion, `,frames` and `,objc`).
extension HTLL {
    /// Installs HTLL for a REPL: like `install(into:)`, but a later `(in ...)` replaces the layout.
    public static func installInteractive(into scheme: Scheme) throws {
        try install(into: scheme)
        if let env = environment(of: scheme) { scheme.define("htll:allow-relayout", value: .true, in: env) }
    }

    /// `,describe` text for every HTLL name (views, primitives, enumerations, colours).
    public static func descriptions(in scheme: Scheme) -> [String: String] {
        var result: [String: String] = [:]
        // The names are read out as Swift strings first: a value returned by one call is not kept
        // alive across the next (see `Scheme`). The enumeration table is the prelude's own, so rooted.
        let names = (try? scheme.prelude("htll-names", []).listElements?.compactMap(\.stringValue)) ?? []
        let enumTable = scheme.preludeValue("htll:enum-table")?.listElements ?? []
        let enumNames = enumTable.compactMap { $0.listElements?.first?.stringValue }
        for key in names + enumNames {
            if let text = try? scheme.prelude("htll-describe", [scheme.symbol(key)]).stringValue { result[key] = text }
        }
        return result
    }

    /// HTLL words starting with `prefix`: constructors, primitives, attributes, enumeration values, colours.
    public static func completions(in scheme: Scheme, prefix: String) -> [String] {
        let words = (try? scheme.prelude("htll-completion-words", []).listElements) ?? []
        return words.compactMap(\.stringValue).filter { $0.hasPrefix(prefix) }.sorted()
    }

    /// The current layout's frames as JSON on `canvas` (the default device unless told), or nil without a layout.
    public static func currentFramesJSON(in scheme: Scheme, canvas: Layout.Canvas = .standard) -> String? {
        guard (try? scheme.prelude("htll-has-layout?", []))?.boolValue == true else { return nil }
        do {
            try Layout.use(canvas, in: scheme)
            return try scheme.prelude("htll-frames-json", [.flonum(canvas.width), .flonum(canvas.height)]).stringValue
        } catch {
            return "\(error)"
        }
    }

    /// The current layout's Objective-C, every action's fragment under a comment, or nil without a layout.
    public static func currentObjectiveC(in scheme: Scheme) -> String? {
        guard (try? scheme.prelude("htll-has-layout?", []))?.boolValue == true else { return nil }
        let isCell = (try? scheme.prelude("htll-cell-layout?", []))?.boolValue == true
        let actions: [Action] = isCell
            ? [.cellInit, .cellLayout]
            : [.property, .synthesize, .viewDidLoad, .viewWillAppear, .viewWillLayoutSubviews]
        var out = ""
        for a in actions {
            out += "// \(a.rawValue)\n"
            do {
                out += try scheme.prelude("htll-emit", [scheme.symbol(a.rawValue)]).stringValue ?? ""
            } catch {
                out += "// \(error)\n"
            }
        }
        return out
    }
}
