#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Scheme

/// HTLL in an interactive session: the REPL, `htll -i FILE` and `htll -e EXPR` evaluate forms as
/// a layout's forms, write layout values readably, and ask the tables for `,describe`,
/// `,apropos` and completion (prelude/htll/84-repl.scm).
extension HTLL {
    /// Installs HTLL for a REPL: like `install(into:)`, but a later `(in ...)` replaces the layout.
    public static func installInteractive(into scheme: Scheme) throws {
        try install(into: scheme)
        if let env = environment(of: scheme) { scheme.define(PreludeEntry.allowRelayout.rawValue, value: .true, in: env) }
    }

    /// The layout placed last in `scheme` (`in`, `in-cell`), or `#f`: the REPL compares it before and
    /// after an evaluation to notice a new layout.
    public static func placedLayout(in scheme: Scheme) -> Value {
        scheme.preludeValue(.theRoot) ?? .false
    }

    /// Evaluates one datum (as `read` gives it, with its locations) the way a layout file's
    /// top-level form is evaluated: definitions and lets name the views they bind, HTLL calls are
    /// located, `include` and `define-style` work. Returns its value.
    public static func evaluateInteractive(_ form: Value, in scheme: Scheme) throws -> Value {
        try scheme.prelude(.replEval, [form])
    }

    /// Loads the file at `path` form by form as `evaluateInteractive` evaluates typed forms
    /// (`htll -i FILE`); includes are found beside it. Stops at the first error, which it throws.
    public static func loadInteractive(path: String, into scheme: Scheme) throws {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw SchemeError(kind: .file, message: "cannot open file \"\(path)\"", file: path)
        }
        let forms = try scheme.read(String(decoding: data, as: UTF8.self), file: path)
        // Kept across the evaluations, which may collect garbage.
        let kept = scheme.retain(forms)
        defer { scheme.release(kept) }
        for form in forms.arrayValue ?? [] {
            _ = try scheme.prelude(.replEval, [form, scheme.string(path)])
        }
    }

    /// How the REPL writes `value` when it holds layout values (`#<label title "Inbox" {0 0 390 21}>`,
    /// `#<point 10 20>`), or nil for plain data.
    public static func interactiveText(of value: Value, in scheme: Scheme) -> String? {
        (try? scheme.prelude(.replWrite, [value]))?.stringValue
    }

    /// `,describe` text for an HTLL name (a view kind, primitive, attribute, enumeration or
    /// colour), or nil.
    public static func description(of name: String, in scheme: Scheme) -> String? {
        guard let text = (try? scheme.prelude(.describe, [scheme.symbol(name)]))?.stringValue else { return nil }
        return text.hasSuffix("\n") ? String(text.dropLast()) : text
    }

    /// HTLL words that contain `text` (views, primitives, attributes, enumeration values, colours).
    public static func apropos(_ text: String, in scheme: Scheme) -> [String] {
        ((try? scheme.prelude(.apropos, [scheme.string(text)]))?.listElements ?? []).compactMap(\.stringValue)
    }

    /// HTLL words starting with `prefix`: constructors, primitives, attributes, enumeration values, colours.
    public static func completions(in scheme: Scheme, prefix: String) -> [String] {
        let words = (try? scheme.prelude(.completionWords, []).listElements) ?? []
        return words.compactMap(\.stringValue).filter { $0.hasPrefix(prefix) }.sorted()
    }

    /// The current layout's frames as JSON on `canvas` (the default device unless told), or nil without a layout.
    public static func currentFramesJSON(in scheme: Scheme, canvas: Layout.Canvas = .standard) -> String? {
        guard (try? scheme.prelude(.hasLayout, []))?.boolValue == true else { return nil }
        do {
            try Layout.use(canvas, in: scheme)
            return try scheme.prelude(.framesJSON, [.flonum(canvas.width), .flonum(canvas.height)]).stringValue
        } catch {
            return "\(error)"
        }
    }

    /// The current layout's Objective-C, every action's fragment under a comment, or nil without a layout.
    public static func currentObjectiveC(in scheme: Scheme) -> String? {
        guard (try? scheme.prelude(.hasLayout, []))?.boolValue == true else { return nil }
        let isCell = (try? scheme.prelude(.isCellLayout, []))?.boolValue == true
        let actions: [Action] = isCell
            ? [.cellInit, .cellLayout]
            : [.property, .synthesize, .viewDidLoad, .viewWillAppear, .viewWillLayoutSubviews]
        var out = ""
        for a in actions {
            out += "// \(a.rawValue)\n"
            do {
                out += HTLL.linesText(try scheme.prelude(.emit, [scheme.symbol(a.rawValue)]), indented: false) ?? ""
            } catch {
                out += "// \(error)\n"
            }
        }
        return out
    }
}
