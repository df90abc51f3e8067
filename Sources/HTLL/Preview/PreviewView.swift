import Foundation

/// One solved view as the previewer sees it: frame plus the attributes `htll frames` reports.
///
/// Read from the frames JSON (`Layout.framesJSON`), so the previewer sees exactly what the
/// `htll frames` command prints; resources arrive there as written datums such as
/// `"(rgba-color 1 0 0 1)"`, which the accessors below read back.
public struct PreviewView {
    /// The view's name.
    public let name: String
    /// Its HTLL kind.
    public let kind: String
    /// Frame in the parent's coordinates.
    public let x: Double, y: Double, width: Double, height: Double
    /// Attributes as JSON values (String, NSNumber, arrays).
    let attributes: [String: Any]
    /// `file:line:col` of its definition, when known.
    public let location: String?
    /// The named colours of the appearance it is drawn in.
    let palette: PreviewPalette
    /// Whether the canvas is right-to-left (`--rtl`): text without an alignment aligns right.
    var rightToLeft = false

    /// The views of a frames JSON document, in drawing order, their named colours from `palette`;
    /// throws `LayoutError` on a malformed document.
    static func parse(json: String, palette: PreviewPalette = .empty) throws -> [PreviewView] {
        guard let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)),
              let root = object as? [String: Any], let views = root["views"] as? [[String: Any]] else {
            throw LayoutError(message: "error: htll preview: could not read the solved frames")
        }
        let rtl = root["rtl"] as? Bool ?? false
        return views.compactMap { v in
            guard let name = v["name"] as? String, let kind = v["kind"] as? String,
                  let frame = v["frame"] as? [String: Any],
                  let x = Self.double(frame["x"]), let y = Self.double(frame["y"]),
                  let w = Self.double(frame["width"]), let h = Self.double(frame["height"]) else { return nil }
            return PreviewView(name: name, kind: kind, x: x, y: y, width: w, height: h,
                               attributes: v["attributes"] as? [String: Any] ?? [:], location: v["location"] as? String,
                               palette: palette, rightToLeft: rtl)
        }
    }

    static func double(_ any: Any?) -> Double? {
        if let n = any as? NSNumber { let d = n.doubleValue; return d.isFinite ? d : nil }
        if let s = any as? String, let d = Double(s), d.isFinite { return d }
        return nil
    }

    // MARK: attribute accessors

    /// A boolean attribute.
    func bool(_ key: String) -> Bool? {
        if let n = attributes[key] as? NSNumber { return n.boolValue }
        if let s = attributes[key] as? String { return s == "true" || s == "yes" }
        return nil
    }

    /// A number attribute.
    func number(_ key: String) -> Double? { Self.double(attributes[key]) }

    /// An integer attribute, clamped to ±1,000,000 (a bignum from the layout must not trap `Int(_:)`).
    func integer(_ key: String) -> Int? {
        number(key).map { Int(saturating: min(max($0, -1_000_000), 1_000_000)) }
    }

    /// A symbol (enumeration) attribute.
    func symbol(_ key: String) -> String? { attributes[key] as? String }

    /// How the view's text aligns: its text-alignment, else the natural alignment, which follows
    /// the language (right in a right-to-left one); left and right stay physical, as in UIKit.
    func textAlignment() -> String { symbol("text-alignment") ?? (rightToLeft ? "right" : "left") }

    /// A string attribute: a plain string, or the default of `(localized KEY DEFAULT)`; a property
    /// bound to a key path (`bind`) shows the path in braces, as the model's value replaces the text.
    func text(_ key: String) -> String? { boundKeyPath(key).map { "{" + $0 + "}" } ?? Self.text(attributes[key]) }

    /// The key path `key` is bound to. The JSON lists a binding as `"bind": [path, property, mode]`,
    /// several as an array of those.
    func boundKeyPath(_ key: String) -> String? {
        for b in entries("bind") {
            if let b = b as? [Any], b.count == 3, (b[1] as? String) == key { return b[0] as? String }
        }
        return nil
    }

    /// Every value of an attribute: the JSON gives an attribute set more than once (one per state,
    /// several events or bindings) as an array of its values, each itself an array (every attribute
    /// that can repeat has list values). One value is an array with a non-array element too: a
    /// title's `["Go", "normal"]`, or `[[["text-color", "blue-color"]], "normal"]` for text
    /// attributes, whose first element alone is an array.
    func entries(_ key: String) -> [Any] {
        guard let value = attributes[key] else { return [] }
        if let list = value as? [Any], !list.isEmpty, list.allSatisfy({ $0 is [Any] }) { return list }
        return [value]
    }

    static func text(_ any: Any?) -> String? {
        guard let s = any as? String else { return nil }
        let datum = Datum.parse(s)
        if case .list(let items) = datum, case .symbol("localized")? = items.first {
            for item in items.reversed() { if case .string(let t) = item { return t } }
        }
        if case .list(let items) = datum, case .symbol(let head)? = items.first, head == "image-named" || head == "system-image",
           items.count > 1, case .string(let t) = items[1] {
            return "[" + t + "]"
        }
        return s
    }

    /// The value for the normal state of a `(VALUE . normal)` attribute.
    func forNormalState(_ key: String) -> Any? {
        for entry in entries(key) {
            if let pair = entry as? [Any], pair.count == 2, let state = pair[1] as? String, state == "normal" { return pair[0] }
        }
        return nil
    }

    /// A size written as `(size W H)` (how the frames JSON shows size resources).
    static func size(_ any: Any?) -> (width: Double, height: Double)? {
        guard let s = any as? String, case .list(let items) = Datum.parse(s), items.count == 3,
              case .symbol("size") = items[0], case .number(let w) = items[1], case .number(let h) = items[2],
              w.isFinite, h.isFinite else { return nil }
        return (w, h)
    }

    /// A colour attribute, as an SVG colour and an opacity.
    func color(_ key: String) -> PreviewColor? { PreviewColor(attributes[key], palette: palette) }

    /// A colour value (a name or a written colour) found inside another attribute.
    func color(value: Any?) -> PreviewColor? { PreviewColor(value, palette: palette) }

    /// The font: (size in points, weight); `defaultPoints` when unset.
    func font(_ key: String = "font", defaultPoints: Double, defaultWeight: TextMetrics.Weight = .regular)
        -> (points: Double, weight: TextMetrics.Weight) {
        guard let s = attributes[key] as? String, case .list(let items) = Datum.parse(s),
              case .symbol(let head)? = items.first else { return (defaultPoints, defaultWeight) }
        if head == "preferred-font", items.count == 2, case .symbol(let style) = items[1], let f = palette.textStyles[style] {
            return f
        }
        let weight: TextMetrics.Weight = head.hasPrefix("bold") ? .bold : head.hasPrefix("italic") ? .italic : .regular
        return (Self.points(items.dropFirst()) ?? defaultPoints, weight)
    }

    /// The first size in a font's arguments: a number, or a standard size (iOS 6 values).
    static func points(_ items: ArraySlice<Datum>) -> Double? {
        for item in items {
            switch item {
            case .number(let n) where n > 0: return n
            case .list(let inner):
                for i in inner {
                    if case .symbol(let s) = i {
                        switch s {
                        case "label-font-size": return 17
                        case "button-font-size": return 18
                        case "small-system-font-size": return 12
                        case "system-font-size": return 14
                        default: break
                        }
                    }
                }
            default: continue
            }
        }
        return nil
    }
}
