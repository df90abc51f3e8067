/// The furniture iOS draws over an app: status bar (time, signal, battery), Dynamic Island and
/// home indicator. Positions approximate Apple's screenshots; 9:41 is Apple's customary time.
enum StatusBar {
    /// The furniture of `screen`, drawn in `ink` (the label colour: black, or white in the dark).
    static func draw(_ w: inout SVGWriter, screen: PreviewScreen, ink: String) {
        let n = SVGWriter.number
        let d = screen.device, sw = screen.width, sh = screen.height
        w.line("<g class=\"status-bar\">")
        if d.dynamicIsland {
            if screen.landscape {
                w.line("<rect x=\"11\" y=\"\(n(sh / 2 - 63))\" width=\"37\" height=\"126\" rx=\"18.5\" fill=\"black\"/>")
            } else {
                w.line("<rect x=\"\(n(sw / 2 - 63))\" y=\"11\" width=\"126\" height=\"37\" rx=\"18.5\" fill=\"black\"/>")
            }
        }
        if screen.showsStatusBar {
            if d.dynamicIsland {
                // Time centred in the left "ear", icons in the right one.
                let ear = (sw / 2 - 63) / 2
                w.text("9:41", x: ear, y: 36, points: 17, weight: .bold, fill: ink, anchor: "middle")
                battery(&w, x: sw - ear + 4, y: 25, ink: ink)
                signal(&w, x: sw - ear - 42, y: 25, ink: ink)
            } else if d.isPad {
                w.text("9:41 AM  Tue Jan 9", x: 20, y: 17, points: 12, weight: .bold, fill: ink)
                battery(&w, x: sw - 46, y: 6, ink: ink)
                signal(&w, x: sw - 88, y: 6, ink: ink)
            } else {
                w.text("9:41 AM", x: sw / 2, y: 15, points: 12, weight: .bold, fill: ink, anchor: "middle")
                signal(&w, x: 6, y: 4, ink: ink)
                battery(&w, x: sw - 34, y: 4, ink: ink)
            }
        }
        if d.homeIndicator {
            let width = d.isPad ? 315.0 : (screen.landscape ? 209.0 : 134.0)
            w.line("<rect class=\"home-indicator\" x=\"\(n(sw / 2 - width / 2))\" y=\"\(n(sh - 13))\" width=\"\(n(width))\" height=\"5\" rx=\"2.5\" fill=\"\(ink)\"/>")
        }
        w.line("</g>")
    }

    static func battery(_ w: inout SVGWriter, x: Double, y: Double, ink: String) {
        let n = SVGWriter.number
        w.line("<rect x=\"\(n(x))\" y=\"\(n(y))\" width=\"25\" height=\"12\" rx=\"3.5\" fill=\"none\" stroke=\"\(ink)\" stroke-opacity=\"0.4\"/>")
        w.line("<rect x=\"\(n(x + 2))\" y=\"\(n(y + 2))\" width=\"21\" height=\"8\" rx=\"2\" fill=\"\(ink)\"/>")
        w.line("<rect x=\"\(n(x + 26))\" y=\"\(n(y + 4))\" width=\"1.5\" height=\"4\" rx=\"0.75\" fill=\"\(ink)\" fill-opacity=\"0.4\"/>")
    }

    static func signal(_ w: inout SVGWriter, x: Double, y: Double, ink: String) {
        let n = SVGWriter.number
        for i in 0..<4 {
            let h = 4.0 + Double(i) * 2.7
            w.line("<rect x=\"\(n(x + Double(i) * 4.5))\" y=\"\(n(y + 12 - h))\" width=\"3\" height=\"\(n(h))\" rx=\"0.7\" fill=\"\(ink)\"/>")
        }
    }
}
