/// UIKit's standard sizes for `sizeToFit`, per HTLL view kind.
///
/// Sources: the iOS 7 "UIKit User Interface Catalog" and iOS Human Interface Guidelines (standard
/// control heights), and the default sizes Xcode's Interface Builder gives the controls (iOS 7–12
/// style, which also matches what `sizeThatFits:` returns on those systems):
/// - label: its text in the 17-point system font (`[UIFont labelFontSize]` is 17), no padding.
/// - system / rounded-rect button: title in the 15-point system font, 30 points high.
/// - a button with an iOS 15 configuration (`configured-button`): its title in the 17-point body
///   font inside the configuration's default content insets, 7 points above and below and 12 on
///   each side (`UIButton.Configuration.contentInsets` for the medium size; Apple's documentation
///   gives no figure, these are the system's defaults as Interface Builder shows them).
/// - detail disclosure, info light/dark, contact add buttons: 22 × 22 points.
/// - slider: 31 points high; no intrinsic width (118 points, Interface Builder's default).
/// - segmented control: 29 points high; each segment as wide as the widest title in 13 points
///   plus 2 × 10 points of padding (`apportionsSegmentWidthsByContent` off).
/// - text field (rounded rect): 30 points high; text or placeholder in 17 points plus 2 × 7.
/// - image view: the image's size, which HTLL cannot know: give it a `size` attribute.
/// - view, scroll view, table, text view, visual effect view: no intrinsic size (sizeToFit keeps
///   0 × 0 for a new view), except a text view, which fits its text in 17 points plus 2 × 8 points
///   of inset.
///
/// Today's controls (iOS 13–18 look), from Apple's UIKit documentation and Human Interface
/// Guidelines where they give a size, else Interface Builder's defaults for a new control:
/// - switch: 51 × 31 (`UISwitch` "the size components of this rectangle are ignored": its fixed size).
/// - stepper: 94 × 32 (the iOS 13 stepper; 94 × 29 before).
/// - activity indicator: 20 × 20 medium, 37 × 37 large (`UIActivityIndicatorViewStyle`; the key
///   `activity-indicator-large`).
/// - progress view: 4 points high (iOS 13+; 2 before); no intrinsic width (150, Interface Builder's default).
/// - date picker: the wheels style, 320 × 216 (the classic picker height); the compact and inline
///   styles size themselves to the locale's date format: give them a size.
/// - page control: 26 points high (iOS 14+); each page indicator about 16 points wide (an 8-point
///   dot and 8 of spacing), plus 2 × 8 points of padding (`page-control`, the prelude counts pages).
///   Apple publishes no figure: an approximation, so a layout should not depend on it to the point.
public struct ControlMetrics: Sendable {
    /// A fixed width, or nil when the content decides.
    public var width: Double?
    /// A fixed height, or nil when the content decides.
    public var height: Double?
    /// Added to the content's width.
    public var paddingWidth: Double
    /// Added to the content's height.
    public var paddingHeight: Double
    /// The default font size of the text that is measured.
    public var fontPoints: Double
    /// The default face of that font.
    public var weight: TextMetrics.Weight

    /// A control of one size whatever it shows (a switch, a stepper, …).
    static func fixed(_ width: Double, _ height: Double) -> ControlMetrics {
        ControlMetrics(width: width, height: height, paddingWidth: 0, paddingHeight: 0, fontPoints: 17, weight: .regular)
    }

    /// A button with an iOS 15 configuration, whatever its type.
    static let configuredButton = ControlMetrics(width: nil, height: nil, paddingWidth: 24, paddingHeight: 14, fontPoints: 17, weight: .regular)

    /// Which of a kind's sizes applies: most kinds have one; a large activity indicator and a
    /// button with an iOS 15 configuration have their own.
    public enum Variant: String, Sendable {
        case plain, large, configured
    }

    /// The metrics for an HTLL view kind in `variant`.
    public static func forKind(_ kind: ViewKind, variant: Variant = .plain) -> ControlMetrics {
        switch kind {
        case .label:
            return ControlMetrics(width: nil, height: nil, paddingWidth: 0, paddingHeight: 0, fontPoints: 17, weight: .regular)
        case .customButton, .roundedRectButton:
            return variant == .configured ? .configuredButton
                : ControlMetrics(width: nil, height: 30, paddingWidth: 0, paddingHeight: 0, fontPoints: 15, weight: .regular)
        case .detailDisclosureButton, .infoLightButton, .infoDarkButton, .contactAddButton:
            return variant == .configured ? .configuredButton
                : ControlMetrics(width: 22, height: 22, paddingWidth: 0, paddingHeight: 0, fontPoints: 15, weight: .regular)
        case .slider:
            return .fixed(118, 31)
        case .segmentedControl:
            return ControlMetrics(width: nil, height: 29, paddingWidth: 20, paddingHeight: 0, fontPoints: 13, weight: .regular)
        case .textField:
            return ControlMetrics(width: nil, height: 30, paddingWidth: 14, paddingHeight: 0, fontPoints: 17, weight: .regular)
        case .textView:
            return ControlMetrics(width: nil, height: nil, paddingWidth: 16, paddingHeight: 16, fontPoints: 17, weight: .regular)
        case .switch:
            return .fixed(51, 31)
        case .stepper:
            return .fixed(94, 32)
        case .activityIndicator:
            return variant == .large ? .fixed(37, 37) : .fixed(20, 20)
        case .progressView:
            return .fixed(150, 4)
        case .datePicker:
            return .fixed(320, 216)
        case .pageControl:
            return ControlMetrics(width: nil, height: 26, paddingWidth: 16, paddingHeight: 0, fontPoints: 17, weight: .regular)
        case .view, .control, .button, .scroll, .image, .table, .visualEffectView:
            return .fixed(0, 0)
        }
    }
}
