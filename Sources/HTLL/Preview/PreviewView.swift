import Scheme

/// One solved view as the previewer sees it: frame plus the attributes `htll frames` reports.
///
/// The prelude hands the solved views over as values (`Layout.solvedViews`), the same views,
/// frames and attributes `htll frames` prints as JSON.
public struct PreviewView {
    /// The view's name.
    public let name: String
    /// Its HTLL kind.
    public let kind: String
    /// The kind as the enum Swift switches over (nil only if the prelude made a kind Swift lacks,
    /// which installation rules out).
    var viewKind: ViewKind? { ViewKind(rawValue: kind) }
    /// Frame in the parent's coordinates.
    public let x: Double, y: Double, width: Double, height: Double
    /// Attribute name => its values in the order the layout set them (a title per state, several
    /// events or bindings set one name more than once).
    let attributes: [String: [PreviewValue]]
    /// `file:line:col` of its definition, when known.
    public let location: String?
    /// The named colours of the appearance it is drawn in.
    var palette: PreviewPalette
    /// Whether the canvas is right-to-left (`--rtl`): text without an alignment aligns right.
    var rightToLeft = false

    // MARK: attribute accessors

    /// The value of an attribute set once; set more than once, the last one (what UIKit ends with).
    func value(_ key: String) -> PreviewValue? { attributes[key]?.last }

    /// A boolean attribute.
    func bool(_ key: String) -> Bool? {
        switch value(key) {
        case .bool(let b)?: return b
        case .number(let d)?: return d != 0
        case .string(let s)?, .symbol(let s)?: return s == "true" || s == "yes"
        case .list?, nil: return nil
        }
    }

    /// A number attribute.
    func number(_ key: String) -> Double? { value(key)?.number }

    /// An integer attribute, clamped to ±1,000,000 (a bignum from the layout must not trap `Int(_:)`).
    func integer(_ key: String) -> Int? {
        number(key).map { Int(saturating: min(max($0, -1_000_000), 1_000_000)) }
    }

    /// A symbol (enumeration) attribute.
    func symbol(_ key: String) -> String? { value(key)?.name }

    /// How the view's text aligns: its text-alignment, else the natural alignment, which follows
    /// the language (right in a right-to-left one); left and right stay physical, as in UIKit.
    func textAlignment() -> String { symbol("text-alignment") ?? (rightToLeft ? "right" : "left") }

    /// A string attribute: a plain string, or the default of `(localized KEY DEFAULT)`; a property
    /// bound to a key path (`bind`) shows the path in braces, as the model's value replaces the text.
    func text(_ key: String) -> String? { boundKeyPath(key).map { "{" + $0 + "}" } ?? Self.text(value(key)) }

    /// The key path `key` is bound to: each `bind` value is `(path property mode)`.
    func boundKeyPath(_ key: String) -> String? {
        for b in entries("bind") {
            if let b = b.items, b.count == 3, b[1].name == key { return b[0].name }
        }
        return nil
    }

    /// Every value of an attribute, in the order set.
    func entries(_ key: String) -> [PreviewValue] { attributes[key] ?? [] }

    /// The text a value shows: a string or symbol as is, a localized string's default, an image's
    /// name in brackets.
    static func text(_ value: PreviewValue?) -> String? {
        guard let value else { return nil }
        if let (head, items) = value.call {
            if head == "localized" {
                for item in items.reversed() { if case .string(let t) = item { return t } }
            }
            if head == "image-named" || head == "system-image", items.count > 1, case .string(let t) = items[1] {
                return "[" + t + "]"
            }
        }
        return value.name
    }

    /// The value for the normal state of a `(VALUE . normal)` attribute.
    func forNormalState(_ key: String) -> PreviewValue? {
        for entry in entries(key) {
            if let pair = entry.items, pair.count == 2, pair[1].name == "normal" { return pair[0] }
        }
        return nil
    }

    /// A size written `(size W H)`.
    static func size(_ value: PreviewValue?) -> (width: Double, height: Double)? {
        guard let (head, items) = value?.call, head == "size", items.count == 3,
              let w = items[1].number, let h = items[2].number else { return nil }
        return (w, h)
    }

    /// A colour attribute, as an SVG colour and an opacity.
    func color(_ key: String) -> PreviewColor? { PreviewColor(value(key), palette: palette) }

    /// A colour value (a name or a written colour) found inside another attribute.
    func color(value: PreviewValue?) -> PreviewColor? { PreviewColor(value, palette: palette) }

    /// The font: (size in points, weight); `defaultPoints` when unset.
    func font(_ key: String = "font", defaultPoints: Double, defaultWeight: TextMetrics.Weight = .regular)
        -> (points: Double, weight: TextMetrics.Weight) {
        guard let (head, items) = value(key)?.call else { return (defaultPoints, defaultWeight) }
        if head == "preferred-font", items.count == 2, case .symbol(let style) = items[1], let f = palette.textStyles[style] {
            return f
        }
        let weight: TextMetrics.Weight = head.hasPrefix("bold") ? .bold : head.hasPrefix("italic") ? .italic : .regular
        return (Self.points(items.dropFirst()) ?? defaultPoints, weight)
    }

    /// The first size in a font's arguments: a number, or a standard size (iOS 6 values).
    static func points(_ items: ArraySlice<PreviewValue>) -> Double? {
        for item in items {
            switch item {
            case .number(let n) where n > 0 && n.isFinite: return n
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

extension PreviewView {
    /// The view `(name kind x y width height ((attribute . value) ...) location)` of
    /// `htll-solved-views`, or nil for a malformed entry.
    init?(solved entry: Value, rightToLeft: Bool, palette: PreviewPalette) {
        guard let f = entry.listElements, f.count == 8, let name = f[0].stringValue, let kind = f[1].stringValue,
              let x = f[2].doubleValue, let y = f[3].doubleValue, let w = f[4].doubleValue, let h = f[5].doubleValue,
              x.isFinite, y.isFinite, w.isFinite, h.isFinite else { return nil }
        var attributes: [String: [PreviewValue]] = [:]
        for a in f[6].listElements ?? [] {
            guard let key = a.car?.stringValue, let value = a.cdr else { continue }
            attributes[key, default: []].append(PreviewValue(value))
        }
        self.init(name: name, kind: kind, x: x, y: y, width: w, height: h, attributes: attributes,
                  location: f[7].stringValue, palette: palette, rightToLeft: rightToLeft)
    }
}
