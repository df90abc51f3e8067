/// The HTLL view kinds, the one list Swift switches over (control metrics, preview drawing).
///
/// The prelude's kind table (`htll:kind-table` in prelude/htll/10-tables.scm) holds the rest of
/// each kind (UIKit class, parent kind, how it is made); `HTLL.install(into:)` checks through
/// `PreludeEntry.viewKinds` that both name the same kinds, so a kind added to one and not the
/// other fails at installation instead of drawing as a blank view.
public enum ViewKind: String, CaseIterable, Sendable {
    case view, control, scroll, label, button, image, slider, table, stepper
    case customButton = "custom-button"
    case roundedRectButton = "rounded-rect-button"
    case detailDisclosureButton = "detail-disclosure-button"
    case infoLightButton = "info-light-button"
    case infoDarkButton = "info-dark-button"
    case contactAddButton = "contact-add-button"
    case segmentedControl = "segmented-control"
    case textField = "text-field"
    case textView = "text-view"
    case `switch`
    case activityIndicator = "activity-indicator"
    case progressView = "progress-view"
    case datePicker = "date-picker"
    case pageControl = "page-control"
    case visualEffectView = "visual-effect-view"
}
