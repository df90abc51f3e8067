/// A colour for SVG: `rgb(...)` text plus opacity.
struct PreviewColor: Equatable, Sendable {
    var red: Double, green: Double, blue: Double, alpha: Double

    init(_ r: Double, _ g: Double, _ b: Double, _ a: Double = 1) { red = r; green = g; blue = b; alpha = a }

    /// Reads a colour name (from `palette`) or an `(rgba-color R G B A)` / `(hsba-color H S B A)` value.
    init?(_ value: PreviewValue?, palette: PreviewPalette = .empty) {
        if let name = value?.name {
            guard let c = palette.colors[name] else { return nil }
            self = c
            return
        }
        guard let (head, items) = value?.call, items.count == 5 else { return nil }
        var n: [Double] = []
        // NaN (a ratio of huge integers read back) is 0; components are clamped to 0...1.
        for i in items.dropFirst() { if case .number(let d) = i { n.append(d.isNaN ? 0 : min(max(d, 0), 1)) } }
        guard n.count == 4 else { return nil }
        if head == "rgba-color" {
            self.init(n[0], n[1], n[2], n[3])
        } else if head == "hsba-color" {
            let (r, g, b) = Self.rgb(hue: n[0], saturation: n[1], brightness: n[2])
            self.init(r, g, b, n[3])
        } else {
            return nil
        }
    }

    static func rgb(hue: Double, saturation s: Double, brightness v: Double) -> (Double, Double, Double) {
        let h = (hue >= 1 ? 0 : hue) * 6
        let sector = Int(saturating: h), f = h - Double(sector)
        let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
        switch sector {
        case 0: return (v, t, p)
        case 1: return (q, v, p)
        case 2: return (p, v, t)
        case 3: return (p, q, v)
        case 4: return (t, p, v)
        default: return (v, p, q)
        }
    }

    /// `rgb(r,g,b)` with 0–255 components.
    var svg: String {
        func c(_ x: Double) -> Int { Int(saturating: (x * 255).rounded()) }
        return "rgb(\(c(red)),\(c(green)),\(c(blue)))"
    }
}
