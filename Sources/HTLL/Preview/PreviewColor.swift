/// A colour for SVG: `rgb(...)` text plus opacity.
struct PreviewColor: Equatable {
    var red: Double, green: Double, blue: Double, alpha: Double

    /// UIKit's named colours (`+[UIColor redColor]` …) as their RGB components.
    static let named: [String: PreviewColor] = [
        "black-color": .init(0, 0, 0), "darkGray-color": .init(1.0 / 3, 1.0 / 3, 1.0 / 3),
        "lightGray-color": .init(2.0 / 3, 2.0 / 3, 2.0 / 3), "white-color": .init(1, 1, 1),
        "gray-color": .init(0.5, 0.5, 0.5), "red-color": .init(1, 0, 0), "green-color": .init(0, 1, 0),
        "blue-color": .init(0, 0, 1), "cyan-color": .init(0, 1, 1), "yellow-color": .init(1, 1, 0),
        "magenta-color": .init(1, 0, 1), "orange-color": .init(1, 0.5, 0), "purple-color": .init(0.5, 0, 0.5),
        "brown-color": .init(0.6, 0.4, 0.2), "clear-color": .init(0, 0, 0, 0),
        "light-text-color": .init(1, 1, 1, 0.6), "dark-text-color": .init(0, 0, 0),
        // Pattern colours in iOS 6; their average tones here.
        "group-table-view-background-color": .init(0.937, 0.937, 0.957),
        "view-flipside-background-color": .init(0.122, 0.129, 0.141),
        "scroll-view-textured-background-color": .init(0.435, 0.443, 0.475),
        "under-page-background-color": .init(0.71, 0.71, 0.71),
    ]

    init(_ r: Double, _ g: Double, _ b: Double, _ a: Double = 1) { red = r; green = g; blue = b; alpha = a }

    /// Reads a colour name or a written `(rgba-color R G B A)` / `(hsba-color H S B A)`.
    init?(_ any: Any?) {
        guard let s = any as? String else { return nil }
        if let c = Self.named[s] { self = c; return }
        guard case .list(let items) = Datum.parse(s), items.count == 5, case .symbol(let head) = items[0] else { return nil }
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
