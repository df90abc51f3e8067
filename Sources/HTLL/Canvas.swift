import Scheme

extension Layout {
    /// What a layout is solved for: the parent's size in points and the traits a layout may ask
    /// about (`(device-idiom)`, `(size-class …)`, `(safe-area-insets)`), the safe-area insets
    /// `in-safe-area` keeps clear, and the layout direction.
    public struct Canvas: Equatable, Sendable {
        /// The device family, as `(device-idiom)` answers.
        public enum Idiom: String, Sendable { case phone, pad }

        /// The parent's size in points.
        public var width: Double, height: Double
        /// The parent's safe-area insets.
        public var safeArea: DevicePreset.Insets
        /// The device family; nil takes it from the size (600 points or more on the short side: pad).
        public var idiom: Idiom?
        /// Mirror the frames, as the generated code does in Arabic or Hebrew.
        public var rightToLeft: Bool
        /// The user's text size Dynamic Type fonts are measured at (`large`, iOS's default, when
        /// nil; the prelude's `htll:text-sizes` lists the others, `extra-small` … `accessibility-extra-extra-extra-large`).
        public var textSize: String?

        /// A canvas of the given size; no insets, left to right unless told.
        public init(width: Double, height: Double, safeArea: DevicePreset.Insets = .zero, idiom: Idiom? = nil,
                    rightToLeft: Bool = false, textSize: String? = nil) {
            self.width = width; self.height = height; self.safeArea = safeArea
            self.idiom = idiom; self.rightToLeft = rightToLeft; self.textSize = textSize
        }

        /// iOS's default text size.
        public static let defaultTextSize = "large"
        /// Every text size `textSize` takes, smallest first: the prelude's table (`htll:text-sizes`),
        /// read once from a fresh instance.
        public static let textSizes: [String] = {
            let scheme = try? Layout.makeScheme(limits: Scheme.Limits(), sandboxFolder: nil)
            let names = (try? scheme?.prelude(.textSizeNames, []))??.listElements?.compactMap(\.stringValue)
            return names ?? [defaultTextSize]
        }()

        /// The default canvas of `htll frames`, `htll preview` and the REPL: the default device
        /// (`DevicePreset.defaultKey`) in portrait, with its safe area.
        public static var standard: Canvas { Canvas(screen: PreviewScreen(device: .standard, landscape: false)) }

        /// The canvas of a device screen in one orientation, with its safe area.
        public init(screen: PreviewScreen, rightToLeft: Bool = false, textSize: String? = nil) {
            self.init(width: screen.width, height: screen.height, safeArea: screen.insets,
                      idiom: screen.device.key == "custom" ? nil : (screen.device.isPad ? .pad : .phone),
                      rightToLeft: rightToLeft, textSize: textSize)
        }
    }
}

extension DevicePreset.Insets {
    /// Insets written `TOP,LEFT,BOTTOM,RIGHT` in points (`--safe-area 59,0,34,0`), or nil.
    public init?(parsing text: String) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { Double($0.trimmingWhitespace()) }
        guard parts.count == 4 else { return nil }
        var values: [Double] = []
        for p in parts {
            guard let v = p, v >= 0, v <= 10000 else { return nil }
            values.append(v)
        }
        self.init(values[0], values[1], values[2], values[3])
    }
}
