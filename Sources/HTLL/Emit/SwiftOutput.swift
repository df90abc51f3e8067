import Foundation
import Scheme

/// Swift output for a layout (`htll compile FILE --swift [--view NAME]`), printed by the prelude's
/// `htll-emit-swift` (prelude/htll/75-swift.scm) from the same solver program as the Objective-C.
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
        for name in [viewName, className].compactMap({ $0 }) where !Layout.isSwiftTypeName(name) {
            throw LayoutError(message: "error: \(name) is not a Swift type name (letters, digits and _, not starting with a digit)")
        }
        do {
            let result = try scheme.call("htll-emit-swift", [
                viewName.map { scheme.string($0) } ?? .bool(false), scheme.string(className), scheme.string(file),
            ])
            return result.stringValue ?? ""
        } catch let e as SchemeError {
            throw LayoutError(e, layoutFile: file, readPath: nil)
        }
    }

    /// Whether `name` can name a Swift type as written: an ASCII identifier that is not a keyword.
    static func isSwiftTypeName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        let allowed = name.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }
        return allowed && !reservedWords.contains(name)
    }

    /// Swift's keywords and the names a type cannot take.
    static let reservedWords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows",
        "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default",
        "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch",
        "where", "while", "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true",
        "try", "Type", "Protocol", "_",
    ]
}
