/// The one device table: every screen `htll frames --device`, `htll preview --device`, the REPL
/// and the generated code's trait branches (82-variants.scm, through `%htll-devices`) know, with
/// sizes in points, safe-area insets and status-bar furniture.
///
/// Sources (portrait and landscape sizes and safe areas, in points):
/// - Apple, Human Interface Guidelines, "Layout" → "Specifications" → "iOS, iPadOS device screen
///   sizes" (developer.apple.com/design/human-interface-guidelines/layout), for the point sizes;
///   Apple's tech specs pages for the pixel resolutions they are derived from (iPhone 16 Pro
///   1206 × 2622 @3x, 16 Pro Max 1320 × 2868 @3x, iPad Pro 11-inch (M4) 1668 × 2420 @2x, 13-inch
///   (M4) 2064 × 2752 @2x, iPad mini (A17 Pro) 1488 × 2266 @2x).
/// - Keith Harrison, "iPhone 15 Screen Sizes" and "iPhone 16 Screen Sizes" (useyourloaf.com, 2023
///   and 2024) and his "Supporting New Device Sizes" posts, which list the `safeAreaInsets` the
///   simulators report: Dynamic Island iPhones 59 top / 34 bottom in portrait, 59 left and right /
///   21 bottom in landscape (62 on the iPhone 16 Pro and Pro Max); notched iPhones their notch
///   (47, 50 on the mini) on top; home-button iPhones 20 top (the status bar) in portrait and
///   nothing in landscape (iOS hides the status bar there); iPads without a home button 24 top /
///   20 bottom in both orientations.
/// - Screen corner radii are approximations of the rounded displays (55 points on Dynamic Island
///   iPhones, 47 on notched ones, 18 on the iPads), only for the look of the picture.
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

    /// The kinds of screen, which fix the safe areas, furniture and corners.
    enum Screen {
        /// A home button: a 20-point status bar in portrait, nothing in landscape.
        case homeButton
        /// A notch of the given height (47, or 50 on the mini).
        case notch(Double)
        /// A Dynamic Island whose safe area starts the given distance down (59, or 62).
        case island(Double)
        /// An iPad without a home button.
        case pad
        /// An iPad with a home button (a 20-point status bar).
        case padHomeButton
    }

    init(_ key: String, _ displayName: String, _ width: Double, _ height: Double, _ screen: Screen) {
        let portrait: Insets, landscape: Insets, island: Bool, indicator: Bool, radius: Double, pad: Bool
        switch screen {
        case .homeButton:
            (portrait, landscape, island, indicator, radius, pad) = (Insets(20, 0, 0, 0), .zero, false, false, 0, false)
        case .notch(let top):
            (portrait, landscape, island, indicator, radius, pad) = (Insets(top, 0, 34, 0), Insets(0, top, 21, top), false, true, 47, false)
        case .island(let top):
            (portrait, landscape, island, indicator, radius, pad) = (Insets(top, 0, 34, 0), Insets(0, top, 21, top), true, true, 55, false)
        case .pad:
            (portrait, landscape, island, indicator, radius, pad) = (Insets(24, 0, 20, 0), Insets(24, 0, 20, 0), false, true, 18, true)
        case .padHomeButton:
            (portrait, landscape, island, indicator, radius, pad) = (Insets(20, 0, 0, 0), Insets(20, 0, 0, 0), false, false, 0, true)
        }
        self.init(key: key, displayName: displayName, width: width, height: height, portraitInsets: portrait,
                  landscapeInsets: landscape, dynamicIsland: island, homeIndicator: indicator, cornerRadius: radius, isPad: pad)
    }

    init(key: String, displayName: String, width: Double, height: Double, portraitInsets: Insets, landscapeInsets: Insets,
         dynamicIsland: Bool, homeIndicator: Bool, cornerRadius: Double, isPad: Bool) {
        self.key = key; self.displayName = displayName; self.width = width; self.height = height
        self.portraitInsets = portraitInsets; self.landscapeInsets = landscapeInsets; self.dynamicIsland = dynamicIsland
        self.homeIndicator = homeIndicator; self.cornerRadius = cornerRadius; self.isPad = isPad
    }

    /// Every device, newest first within each family, in the order `--help` lists them.
    public static let all: [DevicePreset] = [
        DevicePreset("iphone-16e", "iPhone 16e", 390, 844, .notch(47)),
        DevicePreset("iphone-16", "iPhone 16", 393, 852, .island(59)),
        DevicePreset("iphone-16-plus", "iPhone 16 Plus", 430, 932, .island(59)),
        DevicePreset("iphone-16-pro", "iPhone 16 Pro", 402, 874, .island(62)),
        DevicePreset("iphone-16-pro-max", "iPhone 16 Pro Max", 440, 956, .island(62)),
        DevicePreset("iphone-15", "iPhone 15", 393, 852, .island(59)),
        DevicePreset("iphone-15-plus", "iPhone 15 Plus", 430, 932, .island(59)),
        DevicePreset("iphone-15-pro", "iPhone 15 Pro", 393, 852, .island(59)),
        DevicePreset("iphone-15-pro-max", "iPhone 15 Pro Max", 430, 932, .island(59)),
        DevicePreset("iphone-14", "iPhone 14", 390, 844, .notch(47)),
        DevicePreset("iphone-13-mini", "iPhone 13 mini", 375, 812, .notch(50)),
        DevicePreset("iphone-se", "iPhone SE", 375, 667, .homeButton),
        DevicePreset("iphone-8-plus", "iPhone 8 Plus", 414, 736, .homeButton),
        DevicePreset("iphone-8", "iPhone 8", 375, 667, .homeButton),
        DevicePreset("iphone-5", "iPhone 5", 320, 568, .homeButton),
        DevicePreset("iphone-4", "iPhone 4", 320, 480, .homeButton),
        DevicePreset("ipad-pro-13", "iPad Pro 13-inch (M4)", 1032, 1376, .pad),
        DevicePreset("ipad-pro-11", "iPad Pro 11-inch (M4)", 834, 1210, .pad),
        DevicePreset("ipad-air-13", "iPad Air 13-inch (M2)", 1024, 1366, .pad),
        DevicePreset("ipad-air-11", "iPad Air 11-inch (M2)", 820, 1180, .pad),
        DevicePreset("ipad-mini", "iPad mini (A17 Pro)", 744, 1133, .pad),
        DevicePreset("ipad", "iPad (10th generation)", 820, 1180, .pad),
        DevicePreset("ipad-pro-12.9", "iPad Pro 12.9-inch", 1024, 1366, .pad),
    ]

    /// Other names for the same screens.
    static let aliases: [String: String] = [
        "iphone-se-3": "iphone-se", "ipad-10": "ipad", "ipad-10th-gen": "ipad", "ipad-pro": "ipad-pro-13",
        "ipad-pro-12-9": "ipad-pro-12.9", "ipad-air": "ipad-air-11",
    ]

    /// The canvas `htll frames`, `htll preview` and the REPL use unless told otherwise.
    public static let defaultKey = "iphone-16"

    /// The default device (`defaultKey`).
    public static var standard: DevicePreset { all.first { $0.key == defaultKey } ?? all[0] }

    /// The preset for a `--device` name (case-insensitive, or an alias), or nil.
    public static func named(_ name: String) -> DevicePreset? {
        let key = name.lowercased()
        let resolved = aliases[key] ?? key
        return all.first { $0.key == resolved }
    }

    /// A screen of any size without status bar or insets (`--size WxH`).
    public static func custom(width: Double, height: Double) -> DevicePreset {
        DevicePreset(key: "custom", displayName: "Custom size",
                     width: width, height: height, portraitInsets: .zero, landscapeInsets: .zero,
                     dynamicIsland: false, homeIndicator: false, cornerRadius: 0, isPad: false)
    }

    /// Every name `--device` accepts.
    public static var knownNames: [String] {
        Array(Set(all.map(\.key) + Array(aliases.keys))).sorted()
    }
}

/// One screen of a preview: a device in one orientation and appearance.
public struct PreviewScreen: Sendable, Equatable {
    /// The device.
    public let device: DevicePreset
    /// Landscape (width and height swapped) or portrait.
    public let landscape: Bool
    /// The system appearance it is drawn in (dark: named colours take their dark values).
    public let appearance: PreviewAppearance

    /// A screen for `device` in the given orientation and appearance.
    public init(device: DevicePreset, landscape: Bool, appearance: PreviewAppearance = .light) {
        self.device = device
        self.landscape = landscape
        self.appearance = appearance
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
                             landscape: landscape, appearance: appearance)
    }
    /// A table cell `width` points wide and `height` high (no status bar, no safe area): how
    /// `htll preview` draws an `in-cell` layout.
    public static func cell(width: Double, height: Double = 44, appearance: PreviewAppearance = .light) -> PreviewScreen {
        PreviewScreen(device: DevicePreset(key: "cell", displayName: "Table cell", width: width, height: height,
                                           portraitInsets: .zero, landscapeInsets: .zero, dynamicIsland: false,
                                           homeIndicator: false, cornerRadius: 0, isPad: false),
                      landscape: false, appearance: appearance)
    }
    /// Caption under the screen in a contact sheet.
    public var caption: String {
        let orientation = ["custom", "cell"].contains(device.key) ? "" : (landscape ? " — landscape" : " — portrait")
        return device.displayName + orientation + (appearance == .dark ? " — dark" : "") + " (\(SVGWriter.number(width)) × \(SVGWriter.number(height)) pt)"
    }
    /// Whether iOS shows the status bar (iPhones hide it in landscape).
    var showsStatusBar: Bool { !["custom", "cell"].contains(device.key) && (!landscape || device.isPad) }
}
