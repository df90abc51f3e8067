import Foundation

/// One solved view as the previewer sees it: frame plus the attributes `htll frames` reports.
///
/// Read from the frames JSON (`Layout.framesJSON`), so the previewer sees exactly what the
/// `htll frames` command prints; resources arrive there as written datums such as
/// `"(rgba-color 1 0 0 1)"`, which the accessors below read back.
public struct PreviewView {
    /// The view's name.
    public let name: String
    /// Its HTLL kind.
    public let kind: String
    /// Frame in the parent's coordinates.
    public let x: Double, y: Double, width: Double, height: Double
    /// Attributes as JSON values (String, NSNumber, arrays).
    let attributes: [String: Any]
    /// `file:line:col` of its definition, when known.
    public let location: String?

    /// The views of a frames JSON document, in drawing order; throws `LayoutError` on a malformed one.
    static func parse(json: String) throws -> [PreviewView] {
        guard let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)),
              let root = object as? [String: Any], let views = root["views"] as? [[String: Any]] else {
            throw LayoutError(message: "error: htll preview: could not read the solved frames")
        }
        return views.compactMap { v in
            guard let name = v["name"] as? String, let kind = v["kind"] as? String,
                  let frame = v["frame"] as? [String: Any],
                  let x = Self.double(frame["x"]), let y = Self.double(frame["y"]),
                  let w = Self.double(frame["width"]), let h = Self.double(frame["height"]) else { return nil }
            return PreviewView(name: name, kind: kind, x: x, y: y, width: w, height: h,
                               attributes: v["attributes"] as? [String: Any] ?? [:], location: v["location"] as? String)
        }
    }

    static func double(_ any: Any?) -> Double? {
        if let n = any as? NSNumber { let d = n.doubleValue; return d.isFinite ? d : nil }
        if let s = any as? String { return Double(s) }
        return nil
    }

    // MARK: attribute accessors

    /// A boolean attribute.
    func bool(_ key: String) -> Bool? {
        if let n = attributes[key] as? NSNumber { return n.boolValue }
        if let s = attributes[key] as? String { return s == "true" || s == "yes" }
        return nil
    }

    /// A number attribute.
    func number(_ key: String) -> Double? { Self.double(attributes[key]) }

    /// An integer attribute, clamped to ±1,000,000 (a bignum from the layout must not trap `Int(_:)`).
    func integer(_ key: String) -> Int? {
        number(key).map { Int(min(max($0, -1_000_000), 1_000_000)) }
    }

    /// A symbol (enumeration) attribute.
    func symbol(_ key: String) -> String? { attributes[key] as? String }

    /// A string attribute: a plain string, or the default of `(localized KEY DEFAULT)`.
    func text(_ key: String) -> String? { Self.text(attributes[key]) }

    static func text(_ any: Any?) -> String? {
        guard let s = any as? String else { return nil }
        let datum = Datum.parse(s)
        if case .list(let items) = datum, case .symbol("localized")? = items.first {
            for item in items.reversed() { if case .string(let t) = item { return t } }
        }
        if case .list(let items) = datum, case .symbol("image-named")? = items.first,
           items.count > 1, case .string(let t) = items[1] {
            return "[" + t + "]"
        }
        return s
    }

    /// The value for the normal state of a `(VALUE . normal)` attribute.
    func forNormalState(_ key: String) -> Any? {
        if let pair = attributes[key] as? [Any], pair.count == 2, let state = pair[1] as? String {
            return state == "normal" ? pair[0] : nil
        }
        return nil
    }

    /// A colour attribute, as an SVG colour and an opacity.
    func color(_ key: String) -> PreviewColor? { PreviewColor(attributes[key]) }

    /// The font: (size in points, weight); `defaultPoints` when unset.
    func font(_ key: String = "font", defaultPoints: Double, defaultWeight: TextMetrics.Weight = .regular)
        -> (points: Double, weight: TextMetrics.Weight) {
        guard let s = attributes[key] as? String, case .list(let items) = Datum.parse(s),
              case .symbol(let head)? = items.first else { return (defaultPoints, defaultWeight) }
        let weight: TextMetrics.Weight = head.hasPrefix("bold") ? .bold : head.hasPrefix("italic") ? .italic : .regular
        return (Self.points(items.dropFirst()) ?? defaultPoints, weight)
    }

    /// The first size in a font's arguments: a number, or a standard size (iOS 6 values).
    static func points(_ items: ArraySlice<Datum>) -> Double? {
        for item in items {
            switch item {
            case .number(let n) where n > 0: return n
            case .list(let inner):
                for i in inner {
                    if case .symbol(let s) = i {
                        switch s {
                        case "label-font-size": return 17
                        case "button-font-size": return 18
                        case "small-system-font-size": return 12
                        case "system-font-size": return 14
                        default: break
                        }
                    }
                }
            default: continue
            }
        }
        return nil
    }
}

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
        for i in items.dropFirst() { if case .number(let d) = i { n.append(min(max(d, 0), 1)) } }
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
        let sector = Int(h), f = h - Double(sector)
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
        func c(_ x: Double) -> Int { Int((x * 255).rounded()) }
        return "rgb(\(c(red)),\(c(green)),\(c(blue)))"
    }
}

/// A tiny reader for the written datums the frames JSON carries (`(font "Name" 17)` …).
indirect enum Datum: Equatable {
    case symbol(String), string(String), number(Double), list([Datum])

    /// Parses one datum; anything unreadable becomes a symbol of the raw text. Nesting is a loop
    /// with an explicit stack, so deep input cannot overflow the host stack.
    static func parse(_ text: String) -> Datum {
        var stack: [[Datum]] = [[]]
        var chars = Array(text.unicodeScalars)[...]
        while let c = chars.first {
            if c == "(" {
                stack.append([]); chars = chars.dropFirst()
            } else if c == ")" {
                chars = chars.dropFirst()
                if stack.count > 1, let done = stack.popLast() { stack[stack.count - 1].append(.list(done)) }
            } else if c == " " || c == "\n" || c == "\t" || c == "." && chars.dropFirst().first == " " {
                chars = chars.dropFirst()
            } else if c == "\"" {
                chars = chars.dropFirst()
                var s = String.UnicodeScalarView()
                while let d = chars.first, d != "\"" {
                    chars = chars.dropFirst()
                    if d == "\\", let e = chars.first {
                        chars = chars.dropFirst()
                        s.append(e == "n" ? "\n" : e == "t" ? "\t" : e)
                    } else {
                        s.append(d)
                    }
                }
                chars = chars.dropFirst()
                stack[stack.count - 1].append(.string(String(s)))
            } else {
                var s = String.UnicodeScalarView()
                while let d = chars.first, d != "(", d != ")", d != " ", d != "\"", d != "\n" {
                    s.append(d); chars = chars.dropFirst()
                }
                let word = String(s)
                stack[stack.count - 1].append(Double(word).map { .number($0) } ?? .symbol(word))
            }
        }
        while stack.count > 1, let done = stack.popLast() { stack[stack.count - 1].append(.list(done)) }
        let top = stack.first ?? []
        return top.count == 1 ? top[0] : .list(top)
    }
}
