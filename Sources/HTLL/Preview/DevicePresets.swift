/// Screens `htll preview` draws: sizes in points, safe-area insets and status-bar furniture.
///
/// Sources (portrait and landscape sizes and safe areas, in points):
/// - Apple, Human Interface Guidelines, "Layout" → "Specifications" → "iOS, iPadOS device screen
///   sizes" (developer.apple.com/design/human-interface-guidelines/layout), for the point sizes.
/// - Keith Harrison, "iPhone 15 Screen Sizes" (useyourloaf.com/blog/iphone-15-screen-sizes/, 2023)
///   and "iPad Pro Safe Area" / "Supporting New Device Sizes" posts on the same blog, which list the
///   `safeAreaInsets` the simulators report: Dynamic Island iPhones 59 top / 34 bottom in portrait,
///   59 left and right / 21 bottom in landscape; home-button iPhones 20 top (the status bar) in
///   portrait and nothing in landscape (iOS hides the status bar there); iPads without a home
///   button 24 top / 20 bottom in both orientations.
/// - Screen corner radii are approximations of the rounded displays (55 points on iPhone 15 models,
///   18 on the iPads), only for the look of the picture.
public struct DevicePreset: Sendable, Equatable {
    /// The name `--device` takes.
    public let key: String
    /// The name printed in captions.
    public let displayName: String
    /// Portrait size in points.
    public let width: Double, height: Double
    /// Portrait safe-area insets (top, left, bottom, right).
    public let portraitInsets: Insets
    /// Landscape safe-area insets (top, left, bottom, right).
    public let landscapeInsets: Insets
    /// Whether the screen has a Dynamic Island (drawn as a black pill).
    public let dynamicIsland: Bool
    /// Whether the screen has a home indicator instead of a home button.
    public let homeIndicator: Bool
    /// Radius of the screen's rounded corners.
    public let cornerRadius: Double
    /// Whether the device is an iPad (status bar layout differs).
    public let isPad: Bool

    /// Safe-area insets in points.
    public struct Insets: Sendable, Equatable {
        /// The four insets.
        public var top: Double, left: Double, bottom: Double, right: Double
        /// Insets from four numbers.
        public init(_ top: Double, _ left: Double, _ bottom: Double, _ right: Double) {
            self.top = top; self.left = left; self.bottom = bottom; self.right = right
        }
        /// No insets.
        public static let zero = Insets(0, 0, 0, 0)
    }

    /// The documented devices, in the order `htll preview --help` lists them.
    public static let all: [DevicePreset] = [
        DevicePreset(key: "iphone-se", displayName: "iPhone SE", width: 375, height: 667,
                     portraitInsets: Insets(20, 0, 0, 0), landscapeInsets: .zero,
                     dynamicIsland: false, homeIndicator: false, cornerRadius: 0, isPad: false),
        DevicePreset(key: "iphone-15", displayName: "iPhone 15", width: 393, height: 852,
                     portraitInsets: Insets(59, 0, 34, 0), landscapeInsets: Insets(0, 59, 21, 59),
                     dynamicIsland: true, homeIndicator: true, cornerRadius: 55, isPad: false),
        DevicePreset(key: "iphone-15-pro-max", displayName: "iPhone 15 Pro Max", width: 430, height: 932,
                     portraitInsets: Insets(59, 0, 34, 0), landscapeInsets: Insets(0, 59, 21, 59),
                     dynamicIsland: true, homeIndicator: true, cornerRadius: 55, isPad: false),
        DevicePreset(key: "ipad", displayName: "iPad (10th generation)", width: 820, height: 1180,
                     portraitInsets: Insets(24, 0, 20, 0), landscapeInsets: Insets(24, 0, 20, 0),
                     dynamicIsland: false, homeIndicator: true, cornerRadius: 18, isPad: true),
        DevicePreset(key: "ipad-pro-12.9", displayName: "iPad Pro 12.9-inch", width: 1024, height: 1366,
                     portraitInsets: Insets(24, 0, 20, 0), landscapeInsets: Insets(24, 0, 20, 0),
                     dynamicIsland: false, homeIndicator: true, cornerRadius: 18, isPad: true),
    ]

    static let aliases: [String: String] = [
        "iphone-se-3": "iphone-se", "iphone-15-pro": "iphone-15", "ipad-10": "ipad",
        "ipad-10th-gen": "ipad", "ipad-pro": "ipad-pro-12.9", "ipad-pro-12-9": "ipad-pro-12.9",
    ]

    /// The preset for a `--device` name: a documented one, else a size from `HTLL.devices` with a
    /// plain 20-point status bar, else nil.
    public static func named(_ name: String) -> DevicePreset? {
        let key = name.lowercased()
        let resolved = aliases[key] ?? key
        if let p = all.first(where: { $0.key == resolved }) {
            // iPhone 15 Pro has the iPhone 15's screen; keep the name the user asked for.
            if resolved != key, key == "iphone-15-pro" {
                return p.renamed(key: key, displayName: "iPhone 15 Pro")
            }
            return p
        }
        guard let size = HTLL.devices[key] else { return nil }
        let insets = otherInsets[key] ?? (Insets(20, 0, 0, 0), .zero)
        return DevicePreset(key: key, displayName: key, width: size.width, height: size.height,
                            portraitInsets: insets.portrait, landscapeInsets: insets.landscape,
                            dynamicIsland: false, homeIndicator: insets.portrait.bottom > 0, cornerRadius: 0,
                            isPad: key.hasPrefix("ipad"))
    }

    /// Safe areas of the other `HTLL.devices` sizes (same sources as above): notched iPhones have
    /// their notch height on top and 34 points of home indicator in portrait, the notch on both
    /// sides and 21 at the bottom in landscape; the iPad mini is like the iPad. Not listed: a
    /// 20-point status bar in portrait, nothing in landscape (home-button iPhones).
    static let otherInsets: [String: (portrait: Insets, landscape: Insets)] = [
        "iphone-13-mini": (Insets(50, 0, 34, 0), Insets(0, 50, 21, 50)),
        "iphone-14": (Insets(47, 0, 34, 0), Insets(0, 47, 21, 47)),
        "iphone-15-plus": (Insets(59, 0, 34, 0), Insets(0, 59, 21, 59)),
        "ipad-mini": (Insets(24, 0, 20, 0), Insets(24, 0, 20, 0)),
    ]

    /// A screen of any size without status bar or insets (`--size WxH`).
    public static func custom(width: Double, height: Double) -> DevicePreset {
        DevicePreset(key: "custom", displayName: "Custom size",
                     width: width, height: height, portraitInsets: .zero, landscapeInsets: .zero,
                     dynamicIsland: false, homeIndicator: false, cornerRadius: 0, isPad: false)
    }

    /// Every name `--device` accepts.
    public static var knownNames: [String] {
        Array(Set(all.map(\.key) + Array(aliases.keys) + Array(HTLL.devices.keys))).sorted()
    }

    func renamed(key: String, displayName: String) -> DevicePreset {
        DevicePreset(key: key, displayName: displayName, width: width, height: height, portraitInsets: portraitInsets,
                     landscapeInsets: landscapeInsets, dynamicIsland: dynamicIsland, homeIndicator: homeIndicator,
                     cornerRadius: cornerRadius, isPad: isPad)
    }
}

/// One screen of a preview: a device in one orientation.
public struct PreviewScreen: Sendable, Equatable {
    /// The device.
    public let device: DevicePreset
    /// Landscape (width and height swapped) or portrait.
    public let landscape: Bool

    /// A screen for `device` in the given orientation.
    public init(device: DevicePreset, landscape: Bool) {
        self.device = device
        self.landscape = landscape
    }

    /// Width in points in this orientation.
    public var width: Double { landscape ? max(device.width, device.height) : device.width }
    /// Height in points in this orientation.
    public var height: Double { landscape ? min(device.width, device.height) : device.height }
    /// Safe-area insets in this orientation.
    public var insets: DevicePreset.Insets { landscape ? device.landscapeInsets : device.portraitInsets }
    /// The same screen with other safe-area insets (`--safe-area`), in both orientations.
    public func withInsets(_ insets: DevicePreset.Insets) -> PreviewScreen {
        let d = device
        return PreviewScreen(device: DevicePreset(key: d.key, displayName: d.displayName, width: d.width, height: d.height,
                                                  portraitInsets: insets, landscapeInsets: insets, dynamicIsland: d.dynamicIsland,
                                                  homeIndicator: d.homeIndicator, cornerRadius: d.cornerRadius, isPad: d.isPad),
                             landscape: landscape)
    }
    /// A table cell `width` points wide and `height` high (no status bar, no safe area): how
    /// `htll preview` draws an `in-cell` layout.
    public static func cell(width: Double, height: Double = 44) -> PreviewScreen {
        PreviewScreen(device: DevicePreset(key: "cell", displayName: "Table cell", width: width, height: height,
                                           portraitInsets: .zero, landscapeInsets: .zero, dynamicIsland: false,
                                           homeIndicator: false, cornerRadius: 0, isPad: false),
                      landscape: false)
    }
    /// Caption under the screen in a contact sheet.
    public var caption: String {
        let orientation = ["custom", "cell"].contains(device.key) ? "" : (landscape ? " — landscape" : " — portrait")
        return device.displayName + orientation + " (\(SVGWriter.number(width)) × \(SVGWriter.number(height)) pt)"
    }
    /// Whether iOS shows the status bar (iPhones hide it in landscape).
    var showsStatusBar: Bool { !["custom", "cell"].contains(device.key) && (!landscape || device.isPad) }
}
