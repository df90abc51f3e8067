import Scheme

/// `htll preview --outline --constraints`: the layout's Auto Layout constraints over the outlines,
/// one line per constraint from a view's position anchor to another (a view's, the parent's, its
/// safe area's or a guide's): from the view's anchor to where the constraint puts the second's, the
/// constant written at its middle; a dot where two anchors coincide; dashed for an inequality.
extension SVGPreview {
    /// One constraint of `htll frames --constraints` between two position anchors.
    struct ConstraintLine {
        /// The items (views, parent, safe-area guide, layout guides) and their attributes.
        let first: (item: String, attribute: String), second: (item: String, attribute: String)
        /// `==`, `>=` or `<=`.
        let relation: String
        /// The constant, in points along the anchor's axis.
        let constant: Double

        /// "x" or "y" for a position attribute, nil for a dimension.
        static func axis(_ attribute: String) -> String? {
            switch attribute {
            case "leading", "trailing", "left", "right", "centerX": return "x"
            case "top", "bottom", "centerY", "firstBaseline": return "y"
            default: return nil
            }
        }
    }

    /// Where a text view's first baseline lies below its top: its font's ascender, below half of
    /// what its height leaves around one line where the text is centred (a button, a text field).
    struct BaselineDepth {
        let ascender: Double
        let lineHeight: Double?

        func depth(height: Double) -> Double {
            lineHeight.map { (height - $0) / 2 + ascender } ?? ascender
        }
    }

    /// What the preview draws for one screen: the position-anchor constraints (dimensions and
    /// constants without a second item are left out: the outlines show sizes), the parent's name
    /// and where the text views' first baselines lie.
    struct ConstraintDrawing {
        var constraints: [ConstraintLine]
        var parent: String
        var baselines: [String: BaselineDepth]
    }

    /// A rectangle on the screen: a view's frame, the screen or its safe area.
    typealias Box = (x: Double, y: Double, width: Double, height: Double)

    /// Where `attribute` of `box` lies along its axis (points from the screen's left or top).
    static func coordinate(_ attribute: String, of box: Box, baseline: BaselineDepth?, rightToLeft: Bool) -> Double? {
        switch attribute {
        case "left": return box.x
        case "right": return box.x + box.width
        case "leading": return rightToLeft ? box.x + box.width : box.x
        case "trailing": return rightToLeft ? box.x : box.x + box.width
        case "centerX": return box.x + box.width / 2
        case "top": return box.y
        case "bottom": return box.y + box.height
        case "centerY": return box.y + box.height / 2
        case "firstBaseline": return baseline.map { box.y + $0.depth(height: box.height) } ?? box.y + box.height
        default: return nil
        }
    }

    /// Draws `constraints` over the views of one screen.
    static func drawConstraints(_ w: inout SVGWriter, _ document: ConstraintDrawing,
                                views: [PreviewView], screen: PreviewScreen, rightToLeft: Bool) {
        let n = SVGWriter.number
        var boxes: [String: Box] = [document.parent: (0, 0, screen.width, screen.height)]
        let i = screen.insets
        boxes[document.parent + ".safeAreaLayoutGuide"] = (i.left, i.top, screen.width - i.left - i.right, screen.height - i.top - i.bottom)
        for v in views { boxes[v.name] = (v.x, v.y, v.width, v.height) }
        let colour = "rgb(0,122,255)"
        w.line("<g class=\"constraints\">")
        // Each view's constraints: a guide's own (its place between views) shows in the views' lines.
        for c in document.constraints where views.contains(where: { $0.name == c.first.item }) {
            // The end known from a frame; the other from the constraint (a guide has no frame).
            // Positions are first == second + constant, along the leading direction for leading
            // and trailing anchors, which runs right to left in a right-to-left canvas.
            let sign = rightToLeft && ["leading", "trailing"].contains(c.first.attribute) ? -1.0 : 1.0
            let firstBox = boxes[c.first.item], secondBox = boxes[c.second.item]
            let a = firstBox.flatMap { coordinate(c.first.attribute, of: $0, baseline: document.baselines[c.first.item], rightToLeft: rightToLeft) }
            let b = secondBox.flatMap { coordinate(c.second.attribute, of: $0, baseline: document.baselines[c.second.item], rightToLeft: rightToLeft) }
            let equal = c.relation == "=="
            guard let box = firstBox, let from = a, let to = b ?? (equal ? from - sign * c.constant : nil) else { continue }
            let horizontal = ConstraintLine.axis(c.first.attribute) == "x"
            // Across the axis: the middle of the view.
            let mid = horizontal ? box.y + box.height / 2 : box.x + box.width / 2
            let dash = equal ? "" : " stroke-dasharray=\"2 2\""
            let title = "\(c.first.item).\(c.first.attribute) \(c.relation) \(c.second.item).\(c.second.attribute)"
                + (c.constant == 0 ? "" : (c.constant < 0 ? " - \(n(-c.constant))" : " + \(n(c.constant))"))
            w.line("<g class=\"constraint\" data-constraint=\"\(SVGWriter.escape(title))\">")
            if abs(to - from) < 0.5 {
                let (cx, cy) = horizontal ? (from, mid) : (mid, from)
                w.line("<circle cx=\"\(n(cx))\" cy=\"\(n(cy))\" r=\"2\" fill=\"\(colour)\"/>")
            } else {
                let (x1, y1, x2, y2) = horizontal ? (from, mid, to, mid) : (mid, from, mid, to)
                w.line("<line x1=\"\(n(x1))\" y1=\"\(n(y1))\" x2=\"\(n(x2))\" y2=\"\(n(y2))\" stroke=\"\(colour)\"\(dash)/>")
                if c.constant != 0 {
                    w.text(n(abs(c.constant)), x: (x1 + x2) / 2 + (horizontal ? 0 : 3), y: (y1 + y2) / 2 + (horizontal ? -2 : 3),
                           points: 8, fill: colour, anchor: horizontal ? "middle" : "start")
                }
            }
            w.line("</g>")
        }
        w.line("</g>")
    }
}

// In an extension, so the drawing keeps its memberwise initialiser.
extension SVGPreview.ConstraintDrawing {
    /// From the prelude's `(PARENT BASELINES CONSTRAINTS)` (htll-constraint-values).
    init(_ value: Value) {
        let parts = value.arrayValue ?? []
        parent = parts.first?.stringValue ?? ""
        baselines = [:]
        for b in parts.count > 1 ? parts[1].arrayValue ?? [] : [] {
            guard let f = b.arrayValue, f.count == 3, let name = f[0].stringValue, let a = f[1].doubleValue else { continue }
            baselines[name] = SVGPreview.BaselineDepth(ascender: a, lineHeight: f[2].doubleValue)
        }
        constraints = (parts.count > 2 ? parts[2].arrayValue ?? [] : []).compactMap { c in
            guard let f = c.arrayValue, f.count == 6, let item = f[0].stringValue, let attribute = f[1].stringValue,
                  let relation = f[2].stringValue, let constant = f[3].doubleValue,
                  let item2 = f[4].stringValue, let attribute2 = f[5].stringValue,
                  let axis = SVGPreview.ConstraintLine.axis(attribute), axis == SVGPreview.ConstraintLine.axis(attribute2) else { return nil }
            return SVGPreview.ConstraintLine(first: (item, attribute), second: (item2, attribute2), relation: relation, constant: constant)
        }
    }
}
