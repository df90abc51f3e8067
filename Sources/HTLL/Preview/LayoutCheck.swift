
/// What a designer looks for first in a layout at a device size (`htll frames --check`,
/// `htll preview --check`): views squeezed below zero length, views that overflow the screen, and
/// visible views that partly overlap one another. A view entirely inside another (a label on a
/// card) is a design, not a problem, and is not reported.
public enum LayoutCheck {
    /// More pairs than this are not compared (a layout of tens of thousands of overlapping views
    /// would otherwise take quadratic time); the last warning says so.
    static let comparisonLimit = 2_000_000

    /// The warnings of `layout` on `screen`, each `file:line:col: warning: …` (where the view was
    /// made) and naming the screen.
    public static func warnings(_ layout: Layout, screen: PreviewScreen, rightToLeft: Bool = false,
                                textSize: String? = nil) throws -> [String] {
        let canvas = Layout.Canvas(screen: screen, rightToLeft: rightToLeft, textSize: textSize)
        let views = try layout.solvedViews(canvas: canvas)
        return warnings(views: views, width: screen.width, height: screen.height, on: screen.caption)
    }

    /// The warnings for solved views on a `width` × `height` parent described as `place`.
    static func warnings(views: [PreviewView], width: Double, height: Double, on place: String) -> [String] {
        let n = SVGWriter.number
        var out: [String] = []
        func warn(_ v: PreviewView, _ message: String) {
            out.append((v.location.map { $0 + ": " } ?? "") + "warning: " + message + " on " + place)
        }
        let shown = views.filter { $0.bool("hidden") != true }
        for v in shown {
            if v.width < 0 || v.height < 0 {
                warn(v, "\(v.name) has no room: it is \(n(v.width)) × \(n(v.height)) points")
                continue
            }
            var sides: [String] = []
            if v.x < -0.5 { sides.append("left edge by \(n(-v.x))") }
            if v.y < -0.5 { sides.append("top edge by \(n(-v.y))") }
            if v.x + v.width > width + 0.5 { sides.append("right edge by \(n(v.x + v.width - width))") }
            if v.y + v.height > height + 0.5 { sides.append("bottom edge by \(n(v.y + v.height - height))") }
            if !sides.isEmpty {
                warn(v, "\(v.name) overflows the screen's " + sides.joined(separator: " and ") + " points")
            }
        }
        // Partial overlaps, sweeping down the screen: only views that reach the current top can meet.
        let boxes = shown.filter { $0.width > 0.5 && $0.height > 0.5 }.sorted { ($0.y, $0.x) < ($1.y, $1.x) }
        var active: [PreviewView] = [], comparisons = 0
        sweep: for v in boxes {
            active.removeAll { $0.y + $0.height <= v.y + 0.5 }
            for u in active {
                comparisons += 1
                if comparisons > comparisonLimit {
                    out.append("warning: overlaps not checked beyond \(comparisonLimit) comparisons on " + place)
                    break sweep
                }
                let dx = min(u.x + u.width, v.x + v.width) - max(u.x, v.x)
                let dy = min(u.y + u.height, v.y + v.height) - max(u.y, v.y)
                guard dx > 0.5, dy > 0.5, !contains(u, v), !contains(v, u) else { continue }
                warn(v, "\(v.name) overlaps \(u.name) by \(n(dx)) × \(n(dy)) points")
            }
            active.append(v)
        }
        return out
    }

    static func contains(_ outer: PreviewView, _ inner: PreviewView) -> Bool {
        inner.x >= outer.x - 0.5 && inner.y >= outer.y - 0.5
            && inner.x + inner.width <= outer.x + outer.width + 0.5 && inner.y + inner.height <= outer.y + outer.height + 0.5
    }
}
