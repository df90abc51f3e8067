import Scheme

/// The named colours and text styles a preview draws with, in one appearance (light or dark):
/// read from the layout prelude's tables (11-colors.scm and the text styles of 09-text-sizes.scm, the
/// one source of each colour's light and dark values and each style's size), so a layout's
/// `system-background`, `secondary-label` or `(preferred-font 'headline)` looks in the picture as
/// it does on iOS.
struct PreviewPalette: Sendable {
    /// Colour name (`red-color`, `label`, …) => its components in this appearance.
    let colors: [String: PreviewColor]
    /// The appearance whose values these are.
    let appearance: PreviewAppearance
    /// Text style (`body`, `headline`, …) => its size and face at the default text size.
    var textStyles: [String: (points: Double, weight: TextMetrics.Weight)] = [:]

    /// No named colours (a picture without a layout).
    static let empty = PreviewPalette(colors: [:], appearance: .light)

    /// No named colours, in an appearance (a screen without views): the defaults below follow it.
    static func fallback(_ appearance: PreviewAppearance) -> PreviewPalette { PreviewPalette(colors: [:], appearance: appearance) }

    /// The palette of `layout`'s colour table in `appearance`.
    static func of(_ layout: Layout, appearance: PreviewAppearance) throws -> PreviewPalette {
        // (name (r g b a) (r g b a)): components 0-255, alpha 0-1.
        let entries = try layout.evaluateList(.colorComponents) { entry -> (String, PreviewColor)? in
            guard let e = entry.listElements, e.count == 3, let name = e[0].stringValue,
                  let c = e[appearance == .dark ? 2 : 1].listElements?.compactMap(\.doubleValue), c.count == 4 else { return nil }
            return (name, PreviewColor(c[0] / 255, c[1] / 255, c[2] / 255, c[3]))
        }
        var palette = PreviewPalette(colors: Dictionary(entries, uniquingKeysWith: { first, _ in first }), appearance: appearance)
        // (name points weight)
        let styles = try layout.evaluateList(.textStyleSizes) { entry -> (String, Double, TextMetrics.Weight)? in
            guard let e = entry.listElements, e.count == 3, let name = e[0].stringValue, let points = e[1].doubleValue else { return nil }
            return (name, points, e[2].stringValue.flatMap(TextMetrics.Weight.init(rawValue:)) ?? .regular)
        }
        for (name, points, weight) in styles { palette.textStyles[name] = (points, weight) }
        return palette
    }

    /// A named colour, or `fallback` when the table has no such name.
    func named(_ name: String, _ fallback: PreviewColor) -> PreviewColor { colors[name] ?? fallback }

    /// What UIKit draws text in by default (`labelColor`).
    var text: PreviewColor { appearance.ink }
    /// The screen's and a table's or text view's default background (`systemBackgroundColor`).
    var background: PreviewColor { appearance.background }
}
