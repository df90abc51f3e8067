
/// Each HTLL view kind drawn the way UIKit shows it, in the view's own coordinates.
///
/// Colours follow iOS in the light or dark appearance (`PreviewAppearance`): the system blue,
/// grey placeholders and separators, switch green rgb(52,199,89); named colours from the layout's
/// colour table (`PreviewPalette`); today's controls in SVGPreview+Controls.swift.
extension SVGPreview {

    /// One view: a nested `<svg>` at its frame carrying its name, kind and alpha.
    static func drawView(_ w: inout SVGWriter, _ v: PreviewView, _ a: PreviewAppearance) {
        let n = SVGWriter.number
        // The layer's opacity multiplies the view's alpha (both are the same CALayer property).
        let alpha = min(max(v.number("alpha") ?? 1, 0), 1) * min(max(v.number("layer-opacity") ?? 1, 0), 1)
        let layer = LayerStyle(v)
        let kind = v.viewKind
        let clips = kind.map(clipsByDefault) == true || v.bool("clips-to-bounds") == true
            || layer.masksToBounds
        let opacity = alpha < 1 ? " opacity=\"\(n(alpha))\"" : ""
        drawShadow(&w, v, layer, alpha: alpha)
        w.line("<svg class=\"view\" data-name=\"\(SVGWriter.escape(v.name))\" data-kind=\"\(SVGWriter.escape(v.kind))\" x=\"\(n(v.x))\" y=\"\(n(v.y))\" width=\"\(n(max(0, v.width)))\" height=\"\(n(max(0, v.height)))\" overflow=\"\(clips ? "hidden" : "visible")\"\(opacity)>")
        let width = max(0, v.width), height = max(0, v.height)
        // Rounded corners clip the content only when the layer masks to its bounds, as in UIKit.
        let rounded = layer.masksToBounds && layer.cornerRadius(width, height) > 0
        if rounded {
            let id = layer.clipID(v, width, height)
            w.line("<clipPath id=\"\(id)\"><rect width=\"\(n(width))\" height=\"\(n(height))\" rx=\"\(n(layer.cornerRadius(width, height)))\"/></clipPath>")
            w.line("<g clip-path=\"url(#\(id))\">")
        }
        let defaultBackground: PreviewColor? = kind == .table || kind == .textView ? a.background : nil
        if let bg = v.color("background-color") ?? v.color("layer-background-color") ?? defaultBackground, bg.alpha > 0 {
            let o = bg.alpha < 1 ? " fill-opacity=\"\(n(bg.alpha))\"" : ""
            let r = layer.cornerRadius(width, height)
            let corners = r > 0 ? " rx=\"\(n(r))\"" : ""
            w.line("<rect class=\"background\" width=\"100%\" height=\"100%\"\(corners) fill=\"\(bg.svg)\"\(o)/>")
        }
        if let kind { drawContent(&w, kind, v, width, height, a) }
        if rounded { w.line("</g>") }
        drawBorder(&w, layer, width, height)
        w.line("</svg>")
    }

    /// Whether a kind clips its content to its bounds without being asked (UIKit's default
    /// `clipsToBounds`: scroll views and image views do).
    static func clipsByDefault(_ kind: ViewKind) -> Bool {
        switch kind {
        case .table, .scroll, .textView, .image: return true
        case .view, .control, .label, .button, .customButton, .roundedRectButton, .detailDisclosureButton, .infoLightButton,
             .infoDarkButton, .contactAddButton, .slider, .segmentedControl, .textField, .switch, .stepper,
             .activityIndicator, .progressView, .datePicker, .pageControl, .visualEffectView:
            return false
        }
    }

    /// What a view of `kind` shows inside its background.
    static func drawContent(_ w: inout SVGWriter, _ kind: ViewKind, _ v: PreviewView, _ width: Double, _ height: Double,
                            _ a: PreviewAppearance) {
        switch kind {
        case .label: drawLabel(&w, v, width, height, a)
        case .roundedRectButton, .customButton: drawTitleButton(&w, v, width, height, a)
        case .infoLightButton, .infoDarkButton, .contactAddButton, .detailDisclosureButton: drawIconButton(&w, v, width, height, a)
        case .textField: drawTextField(&w, v, width, height, a)
        case .slider: drawSlider(&w, v, width, height, a)
        case .segmentedControl: drawSegments(&w, v, width, height, a)
        case .switch: drawSwitch(&w, v, width, height, a)
        case .stepper: drawStepper(&w, v, width, height)
        case .activityIndicator: drawActivityIndicator(&w, v, width, height)
        case .progressView: drawProgress(&w, v, width, height)
        case .datePicker: drawDatePicker(&w, v, width, height)
        case .pageControl: drawPageControl(&w, v, width, height)
        case .visualEffectView: drawVisualEffect(&w, v, width, height)
        case .image: drawImage(&w, v, width, height, a)
        case .table: drawTable(&w, v, width, height, a)
        case .textView:
            let f = v.font(defaultPoints: 17)
            w.textBox(v.text("text") ?? "", x: 8, y: 8, width: max(0, width - 16), height: max(0, height - 16),
                      points: f.points, weight: f.weight, fill: (v.color("text-color") ?? a.ink).svg,
                      alignment: v.textAlignment(), maxLines: 0, mode: "word-wrap", top: true)
            drawScrollIndicator(&w, v, width, height, a)
        case .scroll: drawScrollIndicator(&w, v, width, height, a)
        case .view, .control, .button: break
        }
    }

    static func drawLabel(_ w: inout SVGWriter, _ v: PreviewView, _ width: Double, _ height: Double, _ a: PreviewAppearance) {
        guard let text = v.text("text"), !text.isEmpty else { return }
        let f = v.font(defaultPoints: 17)
        let color = v.color("text-color") ?? a.ink
        let lines = v.integer("number-of-lines") ?? 1
        w.textBox(text, x: 0, y: 0, width: width, height: height, points: f.points, weight: f.weight, fill: color.svg,
                  opacity: color.alpha, alignment: v.textAlignment(), maxLines: lines,
                  mode: v.symbol("line-break-mode") ?? "tail-truncation")
    }

    static func drawTitleButton(_ w: inout SVGWriter, _ v: PreviewView, _ width: Double, _ height: Double, _ a: PreviewAppearance) {
        if let style = v.symbol("configuration") {
            drawConfiguredButton(&w, v, style, width, height)
            return
        }
        // Since iOS 7 a rounded-rect button is the system button: no border, a title in the tint colour.
        let rounded = v.viewKind == .roundedRectButton
        let title = PreviewView.text(v.forNormalState("title-for-state")) ?? ""
        guard !title.isEmpty else { return }
        // UIKit's custom buttons default to white titles; on an unset background that would be
        // invisible, so the preview uses the text colour there.
        let defaultColor = rounded ? a.tint : (v.color("background-color") != nil ? PreviewColor(1, 1, 1) : a.ink)
        let color = v.color(value: v.forNormalState("title-color-for-state")) ?? defaultColor
        w.textBox(title, x: 0, y: 0, width: width, height: height, points: 15, weight: .regular,
                  fill: color.svg, opacity: color.alpha, alignment: "center", maxLines: 1, mode: "middle-truncation")
    }

    static func drawIconButton(_ w: inout SVGWriter, _ v: PreviewView, _ width: Double, _ height: Double, _ a: PreviewAppearance) {
        let n = SVGWriter.number
        let systemBlue = a.tint.svg
        let cx = width / 2, cy = height / 2, r = 10.0
        switch v.kind {
        case "detail-disclosure-button":
            // iOS 6 style: a filled blue disc with a white chevron.
            w.line("<circle cx=\"\(n(cx))\" cy=\"\(n(cy))\" r=\"\(n(r))\" fill=\"\(systemBlue)\"/>")
            w.line("<path d=\"M\(n(cx - 2.5)) \(n(cy - 5)) L\(n(cx + 2.5)) \(n(cy)) L\(n(cx - 2.5)) \(n(cy + 5))\" fill=\"none\" stroke=\"white\" stroke-width=\"2.2\" stroke-linecap=\"round\" stroke-linejoin=\"round\"/>")
        case "contact-add-button":
            w.line("<circle cx=\"\(n(cx))\" cy=\"\(n(cy))\" r=\"\(n(r))\" fill=\"none\" stroke=\"\(systemBlue)\" stroke-width=\"1.5\"/>")
            w.line("<path d=\"M\(n(cx - 5)) \(n(cy)) H\(n(cx + 5)) M\(n(cx)) \(n(cy - 5)) V\(n(cy + 5))\" stroke=\"\(systemBlue)\" stroke-width=\"1.8\" stroke-linecap=\"round\"/>")
        default:
            // ⓘ: light for dark backgrounds, dark for light ones.
            let c = v.viewKind == .infoLightButton ? "rgb(142,142,147)" : systemBlue
            w.line("<circle cx=\"\(n(cx))\" cy=\"\(n(cy))\" r=\"\(n(r))\" fill=\"none\" stroke=\"\(c)\" stroke-width=\"1.5\"/>")
            w.text("i", x: cx, y: cy + 5, points: 14, weight: .bold, fill: c, anchor: "middle")
        }
    }

    static func drawTextField(_ w: inout SVGWriter, _ v: PreviewView, _ width: Double, _ height: Double, _ a: PreviewAppearance) {
        let n = SVGWriter.number
        let inner = "x=\"0.5\" y=\"0.5\" width=\"\(n(max(0, width - 1)))\" height=\"\(n(max(0, height - 1)))\""
        var inset = 0.0
        switch v.symbol("border-style") ?? "none" {
        case "rounded-rect":
            w.line("<rect \(inner) rx=\"6\" fill=\"\(a.controlFill)\" stroke=\"\(a.controlBorder)\"/>"); inset = 7
        case "line":
            w.line("<rect \(inner) fill=\"none\" stroke=\"\(a.ink.svg)\"/>"); inset = 3
        case "bezel":
            w.line("<rect \(inner) fill=\"\(a.controlFill)\" stroke=\"rgb(120,120,128)\"/>")
            w.line("<path d=\"M1.5 \(n(height - 1.5)) V1.5 H\(n(width - 1.5))\" fill=\"none\" stroke=\"rgb(60,60,67)\"/>"); inset = 4
        default: break
        }
        let f = v.font(defaultPoints: 17)
        var right = inset
        if v.symbol("clear-button-mode") == "always" {
            right += 24
            w.line("<circle cx=\"\(n(width - inset - 9))\" cy=\"\(n(height / 2))\" r=\"7\" fill=\"\(a.controlBorder)\"/>")
        }
        let text = v.text("text") ?? ""
        let shown = text.isEmpty ? (v.text("placeholder") ?? "") : text
        let color = text.isEmpty ? nil : (v.color("text-color") ?? a.ink)
        w.textBox(shown, x: inset, y: 0, width: max(0, width - inset - right), height: height, points: f.points,
                  weight: f.weight, fill: color?.svg ?? a.placeholder, opacity: color?.alpha ?? 1, alignment: v.textAlignment())
    }

    static func drawSlider(_ w: inout SVGWriter, _ v: PreviewView, _ width: Double, _ height: Double, _ a: PreviewAppearance) {
        let n = SVGWriter.number
        let lo = v.number("minimum-value") ?? 0, hi = v.number("maximum-value") ?? 1
        let value = min(max(v.number("value") ?? lo, min(lo, hi)), max(lo, hi))
        let fraction = hi > lo ? (value - lo) / (hi - lo) : 0
        let thumb = 14.0, cy = height / 2
        let tx = thumb + max(0, width - 2 * thumb) * fraction
        w.line("<rect x=\"2\" y=\"\(n(cy - 1))\" width=\"\(n(max(0, width - 4)))\" height=\"2\" rx=\"1\" fill=\"\(a.sliderTrack)\"/>")
        w.line("<rect x=\"2\" y=\"\(n(cy - 1))\" width=\"\(n(max(0, tx - 2)))\" height=\"2\" rx=\"1\" fill=\"\(a.tint.svg)\"/>")
        w.line("<circle class=\"thumb\" cx=\"\(n(tx))\" cy=\"\(n(cy + 1))\" r=\"\(n(thumb))\" fill=\"black\" fill-opacity=\"0.12\"/>")
        w.line("<circle class=\"thumb\" cx=\"\(n(tx))\" cy=\"\(n(cy))\" r=\"\(n(thumb - 0.5))\" fill=\"white\" stroke=\"rgb(210,210,215)\" stroke-width=\"0.5\"/>")
    }

    static func drawSegments(_ w: inout SVGWriter, _ v: PreviewView, _ width: Double, _ height: Double, _ a: PreviewAppearance) {
        let n = SVGWriter.number
        let systemBlue = a.tint.svg
        let items = (v.value("items")?.items ?? []).map { PreviewView.text($0) ?? "" }
        let selected = v.integer("selected-segment-index") ?? -1
        var normal = a.tint
        for case let pair? in v.forNormalState("title-text-attributes-for-state")?.items?.map(\.items) ?? []
        where pair.count == 2 && pair[0].name == "text-color" {
            if let c = v.color(value: pair[1]) { normal = c }
        }
        let count = max(items.count, 1)
        let segment = width / Double(count)
        w.line("<rect x=\"0.5\" y=\"0.5\" width=\"\(n(max(0, width - 1)))\" height=\"\(n(max(0, height - 1)))\" rx=\"4\" fill=\"\(a.controlFill)\" stroke=\"\(systemBlue)\"/>")
        for (i, item) in items.enumerated() {
            let x = Double(i) * segment
            let isSelected = i == selected
            if isSelected {
                let rx = (i == 0 || i == items.count - 1) ? 4.0 : 0
                w.line("<rect class=\"selected\" x=\"\(n(x + 0.5))\" y=\"0.5\" width=\"\(n(max(0, segment - 1)))\" height=\"\(n(max(0, height - 1)))\" rx=\"\(n(rx))\" fill=\"\(systemBlue)\"/>")
            }
            if i > 0 {
                w.line("<line x1=\"\(n(x))\" y1=\"0.5\" x2=\"\(n(x))\" y2=\"\(n(height - 0.5))\" stroke=\"\(systemBlue)\"/>")
            }
            w.textBox(item, x: x + 4, y: 0, width: max(0, segment - 8), height: height, points: 13, weight: .regular,
                      fill: isSelected ? "white" : normal.svg, opacity: isSelected ? 1 : normal.alpha, alignment: "center")
        }
    }

    static func drawSwitch(_ w: inout SVGWriter, _ v: PreviewView, _ width: Double, _ height: Double, _ a: PreviewAppearance) {
        let n = SVGWriter.number
        let on = v.bool("on") ?? false
        let sw = 51.0, sh = 31.0, x = (width - sw) / 2, y = (height - sh) / 2
        // iOS 13+: an on switch is filled with its on tint (system green), an off one with the appearance's track.
        let onTint = v.color("on-tint-color")?.svg ?? systemGreen
        let thumb = v.color("thumb-tint-color")?.svg ?? "white"
        w.line("<rect x=\"\(n(x))\" y=\"\(n(y))\" width=\"\(n(sw))\" height=\"\(n(sh))\" rx=\"15.5\" fill=\"\(on ? onTint : a.switchOff)\" stroke=\"\(on ? onTint : a.track)\" stroke-width=\"1.5\"/>")
        w.line("<circle cx=\"\(n(on ? x + sw - 15.5 : x + 15.5))\" cy=\"\(n(y + 15.5))\" r=\"13.5\" fill=\"\(thumb)\" stroke=\"rgb(210,210,215)\" stroke-width=\"0.5\"/>")
    }

    static func drawImage(_ w: inout SVGWriter, _ v: PreviewView, _ width: Double, _ height: Double, _ a: PreviewAppearance) {
        let n = SVGWriter.number
        if let symbol = SymbolImage(v.value("image")) {
            symbol.draw(&w, width: width, height: height, color: v.color("tint-color") ?? a.tint)
            return
        }
        w.line("<rect x=\"0.5\" y=\"0.5\" width=\"\(n(max(0, width - 1)))\" height=\"\(n(max(0, height - 1)))\" fill=\"\(a.imageFill)\" stroke=\"\(a.imageBorder)\"/>")
        w.line("<path d=\"M0 0 L\(n(width)) \(n(height)) M\(n(width)) 0 L0 \(n(height))\" stroke=\"\(a.imageCross)\"/>")
        var name = "image"
        if let (_, items) = v.value("image")?.call, items.count > 1, case .string(let t) = items[1] {
            name = t
        }
        let points = min(12, max(6, height / 3))
        w.textBox(name, x: 2, y: 0, width: max(0, width - 4), height: height, points: points, weight: .regular,
                  fill: a.imageText, alignment: "center", mode: "middle-truncation")
    }

    static func drawTable(_ w: inout SVGWriter, _ v: PreviewView, _ width: Double, _ height: Double, _ a: PreviewAppearance) {
        let n = SVGWriter.number
        let row = max(v.number("row-height") ?? 44, 4)
        guard v.symbol("separator-style") != "none" else { return }
        let color = (v.color("separator-color") ?? a.separator).svg
        var y = row
        var count = 0
        // Rows fill the visible height (bounded: a row is at least 4 points).
        while y <= height + 0.01 && count < 2000 {
            w.line("<line class=\"separator\" x1=\"15\" y1=\"\(n(y - 0.5))\" x2=\"\(n(width))\" y2=\"\(n(y - 0.5))\" stroke=\"\(color)\"/>")
            y += row; count += 1
        }
    }

    static func drawScrollIndicator(_ w: inout SVGWriter, _ v: PreviewView, _ width: Double, _ height: Double, _ a: PreviewAppearance) {
        guard v.bool("shows-vertical-scroll-indicator") != false, height > 24, width > 8 else { return }
        let n = SVGWriter.number
        let h = max(20, height * 0.3)
        w.line("<rect class=\"scroll-indicator\" x=\"\(n(width - 5.5))\" y=\"3\" width=\"2.5\" height=\"\(n(h))\" rx=\"1.25\" fill=\"\(a.ink.svg)\" fill-opacity=\"0.35\"/>")
    }
}

// MARK: layers

extension SVGPreview {
    /// A view's CALayer attributes (the `layer` modifier), with UIKit's defaults.
    struct LayerStyle {
        var radius: Double, borderWidth: Double, borderColor: PreviewColor
        var shadowColor: PreviewColor, shadowOpacity: Double, shadowRadius: Double
        var shadowOffset: (width: Double, height: Double)
        var masksToBounds: Bool

        init(_ v: PreviewView) {
            func clamp(_ d: Double?, _ lo: Double, _ hi: Double, _ dflt: Double) -> Double { min(max(d ?? dflt, lo), hi) }
            radius = clamp(v.number("layer-corner-radius"), 0, 1e6, 0)
            borderWidth = clamp(v.number("layer-border-width"), 0, 1e6, 0)
            borderColor = v.color("layer-border-color") ?? PreviewColor(0, 0, 0)
            shadowColor = v.color("layer-shadow-color") ?? PreviewColor(0, 0, 0)
            shadowOpacity = clamp(v.number("layer-shadow-opacity"), 0, 1, 0)
            shadowRadius = clamp(v.number("layer-shadow-radius"), 0, 1000, 3)
            // CALayer's default shadow offset is (0, -3).
            shadowOffset = PreviewView.size(v.value("layer-shadow-offset")) ?? (0, -3)
            masksToBounds = v.bool("layer-masks-to-bounds") ?? false
        }

        /// The corner radius that fits a width × height rectangle.
        func cornerRadius(_ width: Double, _ height: Double) -> Double { min(radius, width / 2, height / 2) }

        /// An SVG id for the rounded clip of V: equal ids have equal definitions.
        func clipID(_ v: PreviewView, _ width: Double, _ height: Double) -> String {
            let n = SVGWriter.number
            let safe = String(v.name.unicodeScalars.map { isAlphanumeric($0) ? Character($0) : "_" })
            return underscored("layer-clip-\(safe)-\(n(width))x\(n(height))r\(n(cornerRadius(width, height)))")
        }
    }

    /// The layer's shadow, behind the view in the parent's coordinates: the view's rounded
    /// rectangle, offset and blurred by the shadow radius (CALayer blurs by about radius / 2 deviations).
    static func drawShadow(_ w: inout SVGWriter, _ v: PreviewView, _ layer: LayerStyle, alpha: Double) {
        let opacity = layer.shadowOpacity * layer.shadowColor.alpha * alpha
        guard opacity > 0, v.width > 0, v.height > 0 else { return }
        let n = SVGWriter.number
        let blur = layer.shadowRadius / 2
        let filter = underscored("layer-shadow-\(n(blur))")
        if blur > 0 {
            w.line("<filter id=\"\(filter)\" x=\"-50%\" y=\"-50%\" width=\"200%\" height=\"200%\"><feGaussianBlur stdDeviation=\"\(n(blur))\"/></filter>")
        }
        let r = layer.cornerRadius(v.width, v.height)
        w.line("<rect class=\"shadow\" data-shadow=\"\(SVGWriter.escape(v.name))\" x=\"\(n(v.x + layer.shadowOffset.width))\" y=\"\(n(v.y + layer.shadowOffset.height))\" width=\"\(n(v.width))\" height=\"\(n(v.height))\"\(r > 0 ? " rx=\"\(n(r))\"" : "") fill=\"\(layer.shadowColor.svg)\" fill-opacity=\"\(n(opacity))\"\(blur > 0 ? " filter=\"url(#\(filter))\"" : "")/>")
    }

    /// The layer's border, inside its bounds and above its content, as CALayer draws it.
    static func drawBorder(_ w: inout SVGWriter, _ layer: LayerStyle, _ width: Double, _ height: Double) {
        let bw = min(layer.borderWidth, width / 2, height / 2)
        guard bw > 0, layer.borderColor.alpha > 0 else { return }
        let n = SVGWriter.number
        let r = max(0, layer.cornerRadius(width, height) - bw / 2)
        let o = layer.borderColor.alpha < 1 ? " stroke-opacity=\"\(n(layer.borderColor.alpha))\"" : ""
        w.line("<rect class=\"border\" x=\"\(n(bw / 2))\" y=\"\(n(bw / 2))\" width=\"\(n(width - bw))\" height=\"\(n(height - bw))\"\(r > 0 ? " rx=\"\(n(r))\"" : "") fill=\"none\" stroke=\"\(layer.borderColor.svg)\" stroke-width=\"\(n(bw))\"\(o)/>")
    }
}

/// `id` with every `.` made `_` (an SVG id; what `replacingOccurrences(of: ".", with: "_")` gave,
/// which FoundationEssentials lacks).
private func underscored(_ id: String) -> String {
    String(String.UnicodeScalarView(id.unicodeScalars.map { $0 == "." ? "_" : $0 }))
}

/// Whether `c` is a letter, a mark or a number (Unicode L*, M*, N*: Foundation's
/// `CharacterSet.alphanumerics`, which FoundationEssentials lacks).
private func isAlphanumeric(_ c: Unicode.Scalar) -> Bool {
    switch c.properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
         .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber:
        return true
    case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
         .finalPunctuation, .otherPunctuation, .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol,
         .spaceSeparator, .lineSeparator, .paragraphSeparator, .control, .format, .surrogate, .privateUse,
         .unassigned:
        return false
    @unknown default:
        return false
    }
}
