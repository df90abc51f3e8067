import Scheme

/// Swift output for a layout (`htll compile FILE --swift [--view NAME]`), printed by the prelude's
/// `htll-emit-swift` (prelude/htll/79-swift-shapes.scm) from the same solver program as the Objective-C.
///
/// Without a view name it is an extension of the view controller class `className` whose views live
/// in a holder object kept as an associated object (extensions cannot add stored properties), with
/// `layoutViewDidLoad()`, `layoutViewWillAppear()` and `layoutViewWillLayoutSubviews()` for the
/// controller's overrides to call; a cell layout gets `layoutCell(for:)` instead. With a view name
/// it is a `UIView` subclass that sets its views up in `init`, sets frames in `layoutSubviews()`
/// and answers `sizeThatFits(_:)`.
extension Layout {
    /// The Swift file for this layout: a `UIView` subclass named `viewName`, or else an extension of
    /// the view controller class `className`.
    public func swift(viewName: String? = nil, className: String = "ViewController") throws -> String {
        try swiftText(viewName: viewName, className: className).string
    }

    /// `swift(viewName:className:)` as UTF-8 bytes (what `htll compile --swift` writes): the
    /// prelude's lines joined once, with no `String` made of them (a copy of the whole text).
    public func swiftText(viewName: String? = nil, className: String = "ViewController") throws -> GeneratedText {
        for name in [viewName, className].compactMap({ $0 }) {
            if let why = typeNameProblem(name, language: .swift) { throw LayoutError(message: "error: \(name): \(why)") }
        }
        return GeneratedText(bytes: try lineBytes {
            try scheme.prelude(.emitSwift, [
                viewName.map { scheme.string($0) } ?? .bool(false), scheme.string(className), scheme.string(file),
            ])
        })
    }
}
