
/// Draws solved layouts as SVG pictures of iOS screens (`htll preview`).
///
/// Every screen of a contact sheet is a device bezel with the screen inside: background, the
/// safe-area insets shaded, each visible view as one nested `<svg class="view" data-name=…>`
/// element at its solved frame (children draw in the view's own coordinates), then the status
/// bar and home indicator on top, as iOS draws them over the content.
public enum SVGPreview {
    /// Drawing options.
    public struct Options: Sendable {
        /// Draw every frame's outline and name.
        public var outline = false
        /// With `outline`: draw the layout's Auto Layout constraints over it (`--constraints`).
        public var constraints = false
        /// Pixels per point of the output picture.
        public var scale = 1.0
        /// Mirror the layout, as in a right-to-left language (`--rtl`).
        public var rightToLeft = false
        /// Safe-area insets for every screen instead of the devices' own (`--safe-area`).
        public var safeArea: DevicePreset.Insets?
        /// Also report views that overflow a screen or overlap (`--check`, `LayoutCheck`).
        public var check = false
        /// The user's text size Dynamic Type fonts are drawn at (`--text-size`; nil: `large`).
        public var textSize: String?
        /// Options with the defaults.
        public init(outline: Bool = false, scale: Double = 1, rightToLeft: Bool = false, safeArea: DevicePreset.Insets? = nil) {
            self.outline = outline; self.scale = scale; self.rightToLeft = rightToLeft; self.safeArea = safeArea
        }
    }

    static let margin = 32.0, gap = 48.0, bezel = 12.0, captionHeight = 40.0
    static let sheetColor = "rgb(242,242,247)"

    /// The contact sheet of `layout` on each of `screens`; throws the layout's `LayoutError`.
    public static func render(_ layout: Layout, screens: [PreviewScreen], options: Options = Options()) throws -> String {
        let solved = try solve(layout, screens: screens, options: options)
        guard options.outline && options.constraints else { return render(solved, options: options) }
        // Each screen's constraints, stated for its canvas (a refusal is the layout's error).
        let constraints = try solved.map { s, _ in
            try layout.constraintDrawing(canvas: Layout.Canvas(screen: s, rightToLeft: options.rightToLeft, textSize: options.textSize))
        }
        return render(solved, options: options, constraints: constraints)
    }

    /// `layout`'s views on each of `screens` (with the options' safe area and direction).
    static func solve(_ layout: Layout, screens: [PreviewScreen], options: Options) throws -> [(PreviewScreen, [PreviewView])] {
        var solved: [(PreviewScreen, [PreviewView])] = []
        var palettes: [PreviewAppearance: PreviewPalette] = [:]
        // A table cell's layout is drawn as a cell: the screen's width, 44 points high (a --size
        // gives both).
        let isCell = try layout.cellName() != nil
        for screen in screens {
            let original = isCell && screen.device.key != "custom" ? PreviewScreen.cell(width: screen.width, appearance: screen.appearance) : screen
            // Each screen's own size, traits and safe area: a layout that asks about traits differs.
            let s = options.safeArea.map { original.withInsets($0) } ?? original
            let canvas = Layout.Canvas(screen: s, rightToLeft: options.rightToLeft, textSize: options.textSize)
            var views = try layout.solvedViews(canvas: canvas)
            // After the frames: the canvas sets the text size the palette's text styles are at.
            let palette = try palettes[s.appearance] ?? PreviewPalette.of(layout, appearance: s.appearance)
            palettes[s.appearance] = palette
            for i in views.indices { views[i].palette = palette }
            solved.append((s, views))
        }
        return solved
    }

    /// The contact sheet for already solved views, each screen in its appearance's palette (its
    /// views', which `solve` gave them).
    static func render(_ solved: [(PreviewScreen, [PreviewView])], options: Options,
                       constraints: [ConstraintDrawing] = []) -> String {
        var totalWidth = margin, maxHeight = 0.0
        for (s, _) in solved {
            totalWidth += s.width + 2 * bezel + gap
            maxHeight = max(maxHeight, s.height + 2 * bezel)
        }
        totalWidth += margin - gap
        let totalHeight = margin + maxHeight + captionHeight + margin / 2
        var w = SVGWriter()
        header(&w, width: totalWidth, height: totalHeight, scale: options.scale, extra: " data-htll-preview=\"\(solved.count)\"")
        w.line("<rect width=\"100%\" height=\"100%\" fill=\"\(sheetColor)\"/>")
        var x = margin
        for (index, (screen, views)) in solved.enumerated() {
            let ox = x + bezel, oy = margin + bezel
            drawScreen(&w, screen: screen, views: views, palette: views.first?.palette ?? .fallback(screen.appearance), index: index,
                       at: (ox, oy), outline: options.outline, rightToLeft: options.rightToLeft,
                       constraints: index < constraints.count ? constraints[index] : nil)
            w.text(screen.caption, x: ox + screen.width / 2, y: margin + maxHeight + 26, points: 15, weight: .bold,
                   fill: "rgb(60,60,67)", anchor: "middle", extra: " class=\"caption\"")
            x += screen.width + 2 * bezel + gap
        }
        w.line("</svg>")
        return w.out
    }

    static func header(_ w: inout SVGWriter, width: Double, height: Double, scale: Double, extra: String = "") {
        let n = SVGWriter.number
        w.line("<?xml version=\"1.0\" encoding=\"UTF-8\"?>")
        w.line("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(n(width * scale))\" height=\"\(n(height * scale))\" viewBox=\"0 0 \(n(width)) \(n(height))\"\(extra)>")
    }

    /// A picture in place of the layout that shows `message` (which starts with `file:line:col`).
    public static func errorPicture(message: String, screen: PreviewScreen?, scale: Double = 1) -> String {
        let width = max(screen?.width ?? DevicePreset.standard.width, 320), height = max(min(screen?.height ?? DevicePreset.standard.height, 480), 240)
        var w = SVGWriter()
        header(&w, width: width, height: height, scale: scale, extra: " data-htll-error=\"1\"")
        w.line("<rect width=\"100%\" height=\"100%\" fill=\"rgb(255,241,240)\"/>")
        w.line("<rect x=\"0\" y=\"0\" width=\"\(SVGWriter.number(width))\" height=\"6\" fill=\"rgb(255,59,48)\"/>")
        w.text("Layout error", x: 20, y: 44, points: 22, weight: .bold, fill: "rgb(215,0,21)")
        let lines = TextLayout.lines(message.trimmingWhitespace(newlines: true), width: width - 40, points: 15,
                                     weight: .regular, maxLines: Int(saturating: (height - 80) / 19), mode: "tail-truncation")
        var y = 78.0
        w.line("<g class=\"error-message\">")
        for l in lines {
            w.text(l, x: 20, y: y, points: 15, fill: "rgb(28,28,30)")
            y += 19
        }
        w.line("</g>")
        w.line("</svg>")
        return w.out
    }

    // MARK: one screen

    static func drawScreen(_ w: inout SVGWriter, screen: PreviewScreen, views: [PreviewView], palette: PreviewPalette,
                           index: Int, at origin: (x: Double, y: Double), outline: Bool, rightToLeft: Bool = false,
                           constraints: ConstraintDrawing? = nil) {
        let n = SVGWriter.number
        let d = screen.device, sw = screen.width, sh = screen.height
        let radius = d.cornerRadius
        w.line("<g class=\"screen\" data-device=\"\(SVGWriter.escape(d.key))\" data-orientation=\"\(screen.landscape ? "landscape" : "portrait")\" transform=\"translate(\(n(origin.x)),\(n(origin.y)))\">")
        w.line("<rect x=\"\(n(-bezel))\" y=\"\(n(-bezel))\" width=\"\(n(sw + 2 * bezel))\" height=\"\(n(sh + 2 * bezel))\" rx=\"\(n(radius + bezel))\" fill=\"rgb(28,28,30)\"/>")
        w.line("<clipPath id=\"screen\(index)\"><rect width=\"\(n(sw))\" height=\"\(n(sh))\" rx=\"\(n(radius))\"/></clipPath>")
        w.line("<g clip-path=\"url(#screen\(index))\">")
        w.line("<rect class=\"screen-background\" width=\"\(n(sw))\" height=\"\(n(sh))\" fill=\"\(palette.appearance.background.svg)\"/>")
        drawSafeArea(&w, screen: screen)
        for v in views where v.bool("hidden") != true {
            drawView(&w, v, palette.appearance)
        }
        if outline {
            for v in views where v.bool("hidden") != true { drawOutline(&w, v, screenHeight: sh) }
            if let constraints { drawConstraints(&w, constraints, views: views, screen: screen, rightToLeft: rightToLeft) }
        }
        StatusBar.draw(&w, screen: screen, ink: palette.appearance.ink.svg)
        w.line("</g>")
        w.line("</g>")
    }

    static func drawSafeArea(_ w: inout SVGWriter, screen: PreviewScreen) {
        let i = screen.insets, sw = screen.width, sh = screen.height, n = SVGWriter.number
        guard i != .zero else { return }
        let tint = "fill=\"rgb(255,149,0)\" fill-opacity=\"0.10\""
        w.line("<g class=\"safe-area\">")
        if i.top > 0 { w.line("<rect width=\"\(n(sw))\" height=\"\(n(i.top))\" \(tint)/>") }
        if i.bottom > 0 { w.line("<rect y=\"\(n(sh - i.bottom))\" width=\"\(n(sw))\" height=\"\(n(i.bottom))\" \(tint)/>") }
        if i.left > 0 { w.line("<rect y=\"\(n(i.top))\" width=\"\(n(i.left))\" height=\"\(n(sh - i.top - i.bottom))\" \(tint)/>") }
        if i.right > 0 { w.line("<rect x=\"\(n(sw - i.right))\" y=\"\(n(i.top))\" width=\"\(n(i.right))\" height=\"\(n(sh - i.top - i.bottom))\" \(tint)/>") }
        w.line("<rect x=\"\(n(i.left + 0.5))\" y=\"\(n(i.top + 0.5))\" width=\"\(n(max(0, sw - i.left - i.right - 1)))\" height=\"\(n(max(0, sh - i.top - i.bottom - 1)))\" fill=\"none\" stroke=\"rgb(255,149,0)\" stroke-opacity=\"0.55\" stroke-dasharray=\"5 4\"/>")
        w.line("</g>")
    }

    /// Height of an outline's name tag.
    static let tagHeight = 12.0

    /// Where a view's name tag goes: just above its frame, so it never covers the view's own text;
    /// below the frame when the view touches the top of the screen; inside its bottom edge only
    /// when the view fills the screen's height.
    static func tagY(_ v: PreviewView, screenHeight: Double) -> Double {
        if v.y >= tagHeight { return v.y - tagHeight }
        if v.y + v.height + tagHeight <= screenHeight { return v.y + max(0, v.height) }
        return v.y + max(0, v.height) - tagHeight
    }

    static func drawOutline(_ w: inout SVGWriter, _ v: PreviewView, screenHeight: Double) {
        let n = SVGWriter.number
        // The name tag is as wide as the frame (at least 40 points), cut with an ellipsis if needed.
        let room = max(v.width, 40) - 6
        let label = TextLayout.truncate(v.name + " (" + v.kind + ")", width: room, mode: "tail-truncation") {
            TextMetrics.width(of: Substring($0), weight: .regular, points: 9)
        }
        let lw = TextMetrics.width(of: Substring(label), weight: .regular, points: 9) + 6
        let ty = tagY(v, screenHeight: screenHeight)
        w.line("<g class=\"outline\" data-outline=\"\(SVGWriter.escape(v.name))\">")
        w.line("<rect x=\"\(n(v.x + 0.5))\" y=\"\(n(v.y + 0.5))\" width=\"\(n(max(0, v.width - 1)))\" height=\"\(n(max(0, v.height - 1)))\" fill=\"none\" stroke=\"rgb(255,45,85)\" stroke-dasharray=\"3 2\"/>")
        w.line("<rect class=\"tag\" x=\"\(n(v.x))\" y=\"\(n(ty))\" width=\"\(n(lw))\" height=\"\(n(tagHeight))\" fill=\"rgb(255,45,85)\" fill-opacity=\"0.7\"/>")
        w.text(label, x: v.x + 3, y: ty + 9, points: 9, fill: "white")
        w.line("</g>")
    }
}
