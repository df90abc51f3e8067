/// The system's light or dark appearance, as a preview draws it: the colours UIKit gives what a
/// layout leaves unset (the screen's background, text, placeholders, field and control fills, the
/// status bar). Colours a layout names (`black-color`, `(rgba-color …)`) are the same in both, as
/// UIKit's fixed colours are.
///
/// Each `PreviewScreen` is drawn in one; `htll preview --appearance light|dark|both` (`--dark`: dark)
/// and the serve page's Appearance toggle choose them by `choices`.
public enum PreviewAppearance: String, Sendable, CaseIterable {
    case light, dark

    /// The names a user chooses appearances by: each appearance's own, and `both` for every one.
    public static let choiceNames = allCases.map(\.rawValue) + ["both"]
    /// The appearances a name in `choiceNames` stands for; nil for another name.
    public static func choices(_ name: String) -> [PreviewAppearance]? {
        name == "both" ? allCases : PreviewAppearance(rawValue: name).map { [$0] }
    }

    /// `systemBackground`: the screen, tables and text views.
    var background: PreviewColor { self == .light ? PreviewColor(1, 1, 1) : PreviewColor(0, 0, 0) }
    /// `labelColor`: text without a colour of its own, the status bar and home indicator.
    var ink: PreviewColor { self == .light ? PreviewColor(0, 0, 0) : PreviewColor(1, 1, 1) }
    /// `placeholderText` over the background.
    var placeholder: String { self == .light ? "rgb(199,199,205)" : "rgb(70,70,74)" }
    /// `separatorColor` over the background.
    var separator: PreviewColor {
        self == .light ? PreviewColor(200.0 / 255, 199.0 / 255, 204.0 / 255) : PreviewColor(50.0 / 255, 50.0 / 255, 53.0 / 255)
    }
    /// `systemBlue`: tinted titles, segments, slider fill.
    var tint: PreviewColor { self == .light ? PreviewColor(0, 122.0 / 255, 1) : PreviewColor(10.0 / 255, 132.0 / 255, 1) }
    /// The fill of fields, rounded buttons and segmented controls.
    var controlFill: String { self == .light ? "white" : "rgb(28,28,30)" }
    /// Their outline.
    var controlBorder: String { self == .light ? "rgb(199,199,204)" : "rgb(58,58,60)" }
    /// A rounded-rect button's outline.
    var buttonBorder: String { self == .light ? "rgb(170,170,178)" : "rgb(72,72,74)" }
    /// An off switch's outline.
    var track: String { self == .light ? "rgb(229,229,234)" : "rgb(57,57,61)" }
    /// An off switch's fill.
    var switchOff: String { self == .light ? "white" : "rgb(57,57,61)" }
    /// A slider's unfilled track.
    var sliderTrack: String { self == .light ? "rgb(182,182,182)" : "rgb(72,72,74)" }
    /// An image's stand-in: fill, outline, cross and name.
    var imageFill: String { self == .light ? "rgb(229,229,234)" : "rgb(44,44,46)" }
    var imageBorder: String { self == .light ? "rgb(174,174,178)" : "rgb(99,99,102)" }
    var imageCross: String { self == .light ? "rgb(199,199,204)" : "rgb(72,72,74)" }
    var imageText: String { self == .light ? "rgb(99,99,102)" : "rgb(174,174,178)" }
    /// A scroll indicator (drawn at 35 % opacity).
    var scrollIndicator: String { self == .light ? "black" : "white" }
}
