#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Today's controls (switch, stepper, activity indicator, progress view, date picker, page
/// control, visual effect view) drawn as iOS 13–18 shows them, in the view's own coordinates and
/// centred in the frame where UIKit keeps their own size (a switch or stepper in a bigger frame).
///
/// Colours: system blue rgb(0,122,255) for tints, system green rgb(52,199,89) for a switch that is
/// on, system grey 5 rgb(229,229,234) and tertiary fill rgba(118,118,128,0.12) for tracks and
/// backgrounds (Apple's Human Interface Guidelines, "Color").
extension SVGPreview {
    static let systemGreen = "rgb(52,199,89)"
    static let trackGrey = "rgb(229,229,234)"

    /// A button with an iOS 15 configuration: filled (tint background, white title), tinted (a
    /// pale tint background), gray (a grey fill), plain or borderless (the title alone), in a
    /// rounded rectangle; the title in the 17-point body font.
    static func drawConfiguredButton(_ w: inout SVGWriter, _ v: PreviewView, _ style: String, _ width: Double, _ height: Double) {
        let n = SVGWriter.number
        let tint = v.palette.named("tint", PreviewColor(0, 122.0 / 255, 1))
        let background: PreviewColor?, titleColor: PreviewColor
        switch style {
        case "filled", "bordered-prominent":
            background = tint; titleColor = PreviewColor(1, 1, 1)
        case "tinted", "bordered-tinted":
            background = PreviewColor(tint.red, tint.green, tint.blue, 0.15); titleColor = tint
        case "gray", "bordered":
            background = v.palette.named("tertiary-system-fill", PreviewColor(118.0 / 255, 118.0 / 255, 128.0 / 255, 0.12)); titleColor = tint
        default:
            background = nil; titleColor = tint
        }
        if let bg = background {
            w.line("<rect class=\"configuration\" width=\"\(n(width))\" height=\"\(n(height))\" rx=\"\(n(min(8, height / 2)))\" fill=\"\(bg.svg)\" fill-opacity=\"\(n(bg.alpha))\"/>")
        }
        let title = PreviewView.text(v.forNormalState("title-for-state")) ?? ""
        guard !title.isEmpty else { return }
        let color = v.color(value: v.forNormalState("title-color-for-state")) ?? titleColor
        let f = v.font(defaultPoints: 17)
        w.textBox(title, x: 12, y: 0, width: max(0, width - 24), height: height, points: f.points, weight: f.weight,
                  fill: color.svg, opacity: color.alpha, alignment: "center", maxLines: 1, mode: "middle-truncation")
    }

    static func drawStepper(_ w: inout SVGWriter, _ v: PreviewView, _ width: Double, _ height: Double) {
        let n = SVGWriter.number
        let sw = 94.0, sh = 32.0, x = (width - sw) / 2, y = (height - sh) / 2
        let lo = v.number("minimum-value") ?? 0, hi = v.number("maximum-value") ?? 100
        let value = v.number("value") ?? 0
        let wraps = v.bool("wraps") ?? false
        // A button that cannot change the value any more is dimmed, as UIKit does.
        let minus = wraps || value > lo ? v.palette.text.svg : "rgb(199,199,204)"
        let plus = wraps || value < hi ? v.palette.text.svg : "rgb(199,199,204)"
        w.line("<rect x=\"\(n(x))\" y=\"\(n(y))\" width=\"\(n(sw))\" height=\"\(n(sh))\" rx=\"8\" fill=\"rgb(118,118,128)\" fill-opacity=\"0.12\"/>")
        w.line("<line x1=\"\(n(x + sw / 2))\" y1=\"\(n(y + 8))\" x2=\"\(n(x + sw / 2))\" y2=\"\(n(y + sh - 8))\" stroke=\"rgb(60,60,67)\" stroke-opacity=\"0.3\"/>")
        let cy = y + sh / 2, lx = x + sw / 4, rx = x + 3 * sw / 4
        w.line("<path class=\"minus\" d=\"M\(n(lx - 7)) \(n(cy)) H\(n(lx + 7))\" stroke=\"\(minus)\" stroke-width=\"2\" stroke-linecap=\"round\"/>")
        w.line("<path class=\"plus\" d=\"M\(n(rx - 7)) \(n(cy)) H\(n(rx + 7)) M\(n(rx)) \(n(cy - 7)) V\(n(cy + 7))\" stroke=\"\(plus)\" stroke-width=\"2\" stroke-linecap=\"round\"/>")
    }

    /// Eight spokes fading round the circle, the way a stopped-in-time spinner looks; hidden when
    /// not animating and `hides-when-stopped` (UIKit's default), as on the device.
    static func drawActivityIndicator(_ w: inout SVGWriter, _ v: PreviewView, _ width: Double, _ height: Double) {
        guard v.bool("animating") == true || v.bool("hides-when-stopped") == false else { return }
        let n = SVGWriter.number
        let large = v.symbol("activity-indicator-view-style") == "large"
        let size = large ? 37.0 : 20.0, cx = width / 2, cy = height / 2
        let color = v.color("color") ?? PreviewColor(142.0 / 255, 142.0 / 255, 147.0 / 255)
        let inner = size * 0.24, outer = size * 0.48, stroke = large ? 3.2 : 2.0
        for i in 0..<8 {
            let angle = Double(i) * Double.pi / 4 - Double.pi / 2
            let (c, s) = (cos(angle), sin(angle))
            let opacity = color.alpha * (0.25 + 0.75 * Double(8 - i) / 8)
            w.line("<line x1=\"\(n(cx + inner * c))\" y1=\"\(n(cy + inner * s))\" x2=\"\(n(cx + outer * c))\" y2=\"\(n(cy + outer * s))\" stroke=\"\(color.svg)\" stroke-opacity=\"\(n(opacity))\" stroke-width=\"\(n(stroke))\" stroke-linecap=\"round\"/>")
        }
    }

    static func drawProgress(_ w: inout SVGWriter, _ v: PreviewView, _ width: Double, _ height: Double) {
        let n = SVGWriter.number
        let progress = min(max(v.number("progress") ?? 0, 0), 1)
        let bar = v.symbol("progress-view-style") == "bar"
        let h = min(4, height), y = (height - h) / 2
        let track = v.color("track-tint-color") ?? (bar ? PreviewColor(0, 0, 0, 0) : v.palette.named("system-gray5", PreviewColor(229.0 / 255, 229.0 / 255, 234.0 / 255)))
        let tint = v.color("progress-tint-color") ?? PreviewColor(0, 122.0 / 255, 1)
        let r = bar ? 0 : h / 2
        if track.alpha > 0 {
            w.line("<rect x=\"0\" y=\"\(n(y))\" width=\"\(n(width))\" height=\"\(n(h))\" rx=\"\(n(r))\" fill=\"\(track.svg)\" fill-opacity=\"\(n(track.alpha))\"/>")
        }
        w.line("<rect class=\"progress\" x=\"0\" y=\"\(n(y))\" width=\"\(n(width * progress))\" height=\"\(n(h))\" rx=\"\(n(r))\" fill=\"\(tint.svg)\" fill-opacity=\"\(n(tint.alpha))\"/>")
    }

    /// The wheels style: three columns of rows with the selection band in the middle (the preview
    /// shows the mode's columns with placeholder values: the date is the device's at run time).
    static func drawDatePicker(_ w: inout SVGWriter, _ v: PreviewView, _ width: Double, _ height: Double) {
        let n = SVGWriter.number
        let mode = v.symbol("date-picker-mode") ?? "date-and-time"
        let columns: [[String]]
        switch mode {
        case "time": columns = [["8", "9", "10", "11", "12"], ["28", "29", "30", "31", "32"], ["", "", "AM", "PM", ""]]
        case "date": columns = [["August", "September", "October", "November", "December"], ["12", "13", "14", "15", "16"], ["2024", "2025", "2026", "2027", "2028"]]
        case "count-down-timer": columns = [["0", "1", "2", "3", "4"], ["28 min", "29 min", "30 min", "31 min", "32 min"]]
        default: columns = [["Sun 29 Nov", "Mon 30 Nov", "Today", "Wed 2 Dec", "Thu 3 Dec"], ["8", "9", "10", "11", "12"], ["28", "29", "30", "31", "32"]]
        }
        let cy = height / 2, row = 32.0
        w.line("<rect class=\"selection\" x=\"8\" y=\"\(n(cy - 17))\" width=\"\(n(max(0, width - 16)))\" height=\"34\" rx=\"8\" fill=\"rgb(118,118,128)\" fill-opacity=\"0.12\"/>")
        let column = width / Double(columns.count)
        for (c, rows) in columns.enumerated() {
            for (r, text) in rows.enumerated() where !text.isEmpty {
                let offset = Double(r - 2)
                let y = cy + offset * row
                guard y - row / 2 >= 0, y + row / 2 <= height else { continue }
                let opacity = offset == 0 ? 1 : 0.35
                w.textBox(text, x: Double(c) * column + 4, y: y - row / 2, width: max(0, column - 8), height: row,
                          points: offset == 0 ? 21 : 19, weight: .regular, fill: v.palette.text.svg, opacity: opacity, alignment: "center")
            }
        }
    }

    static func drawPageControl(_ w: inout SVGWriter, _ v: PreviewView, _ width: Double, _ height: Double) {
        let n = SVGWriter.number
        let pages = min(max(v.integer("number-of-pages") ?? 0, 0), 200)
        guard pages > 0, !(pages == 1 && v.bool("hides-for-single-page") == true) else { return }
        let current = v.integer("current-page") ?? 0
        let ink = v.palette.text
        let normal = v.color("page-indicator-tint-color") ?? PreviewColor(ink.red, ink.green, ink.blue, 0.3)
        let selected = v.color("current-page-indicator-tint-color") ?? ink
        if v.symbol("background-style") == "prominent" {
            w.line("<rect x=\"0\" y=\"0\" width=\"\(n(width))\" height=\"\(n(height))\" rx=\"\(n(height / 2))\" fill=\"rgb(118,118,128)\" fill-opacity=\"0.24\"/>")
        }
        let total = 16.0 * Double(pages) - 8, start = (width - total) / 2 + 4
        for i in 0..<pages {
            let c = i == current ? selected : normal
            w.line("<circle cx=\"\(n(start + 16 * Double(i)))\" cy=\"\(n(height / 2))\" r=\"4\" fill=\"\(c.svg)\" fill-opacity=\"\(n(c.alpha))\"/>")
        }
    }

    /// A blur cannot be shown without what is behind it: the material's tint over a light frosting.
    static func drawVisualEffect(_ w: inout SVGWriter, _ v: PreviewView, _ width: Double, _ height: Double) {
        guard let style = v.symbol("effect") else { return }
        let n = SVGWriter.number
        let dark = style == "dark" || (v.palette.appearance == .dark && style.hasPrefix("system-"))
        let opacity: Double
        switch style {
        case "system-ultra-thin-material": opacity = 0.45
        case "system-thin-material", "light", "regular": opacity = 0.6
        case "system-thick-material", "extra-light", "prominent": opacity = 0.85
        default: opacity = 0.72
        }
        w.line("<rect class=\"material\" width=\"\(n(width))\" height=\"\(n(height))\" fill=\"\(dark ? "rgb(28,28,30)" : "rgb(246,246,248)")\" fill-opacity=\"\(n(opacity))\"/>")
    }
}

/// An SF Symbol (`(system-image "gear" ((point-size . 24) (scale . large)))` as the prelude hands it
/// over). The glyphs are Apple's and not drawn here: a placeholder of the symbol's size (its
/// point size, 17 by default, times the scale: small 0.8, medium 1, large 1.3, about what SF
/// Symbols' scales do) with the symbol's name under it.
struct SymbolImage {
    let name: String
    let size: Double

    init?(_ value: PreviewValue?) {
        guard let (head, items) = value?.call, head == "system-image", items.count >= 2,
              case .string(let name) = items[1] else { return nil }
        var points = 17.0, scale = 1.0
        if items.count > 2, case .list(let config) = items[2] {
            for case .list(let entry) in config where entry.count == 2 {
                switch (entry[0], entry[1]) {
                case (.symbol("point-size"), .number(let p)) where p > 0 && p.isFinite: points = min(p, 1000)
                case (.symbol("scale"), .symbol(let s)): scale = s == "small" ? 0.8 : s == "large" ? 1.3 : 1
                default: break
                }
            }
        }
        self.name = name
        self.size = points * scale
    }

    func draw(_ w: inout SVGWriter, width: Double, height: Double, color: PreviewColor) {
        let n = SVGWriter.number
        let x = (width - size) / 2, y = (height - size) / 2
        w.line("<rect class=\"symbol\" data-symbol=\"\(SVGWriter.escape(name))\" x=\"\(n(x))\" y=\"\(n(y))\" width=\"\(n(size))\" height=\"\(n(size))\" rx=\"\(n(size / 4))\" fill=\"none\" stroke=\"\(color.svg)\" stroke-width=\"1.5\" stroke-dasharray=\"3 2\"/>")
        w.textBox(name, x: 0, y: y + size, width: width, height: max(0, min(12, height - y - size)), points: 9, weight: .regular,
                  fill: color.svg, alignment: "center", mode: "middle-truncation")
    }
}
