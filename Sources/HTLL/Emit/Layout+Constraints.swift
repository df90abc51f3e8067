import Scheme

extension Layout {
    /// The layout on `canvas` as Auto Layout constraints, as JSON: the views (with the intrinsic
    /// sizes and content priorities the constraints rely on), the layout guides, and each
    /// constraint as `item.attribute relation multiplier * item.attribute + constant` with its
    /// priority (`prelude/htll/72-constraints.scm`). Solving them on the canvas gives `framesJSON(canvas:)`.
    public func constraintsJSON(canvas: Canvas) throws -> String {
        try text {
            try use(canvas)
            return try scheme.prelude(.constraintsJSON, [.flonum(canvas.width), .flonum(canvas.height)])
        }
    }

    /// The constraints on `canvas` between position anchors, for the preview to draw: from the
    /// prelude as values (`htll-constraint-values`), the same constraints `constraintsJSON` states.
    func constraintDrawing(canvas: Canvas) throws -> SVGPreview.ConstraintDrawing {
        var drawing = SVGPreview.ConstraintDrawing(constraints: [], parent: "", baselines: [:])
        try run(path: nil) {
            try use(canvas)
            let values = try scheme.prelude(.constraintValues, [.flonum(canvas.width), .flonum(canvas.height)])
            drawing = SVGPreview.ConstraintDrawing(values)
        }
        return drawing
    }

    /// Makes the generated code (`objectiveC(_:)`, `objectiveCCategory`, `swift`) lay the views out
    /// with Auto Layout constraints, activated once when the views are added, instead of frames.
    public func setConstraintsOutput(_ on: Bool) throws {
        try run(path: nil) { _ = try scheme.prelude(.setEmitConstraints, [.bool(on)]) }
    }

    /// Whether the generated code lays the views out with constraints (`setConstraintsOutput`).
    public func constraintsOutput() throws -> Bool {
        var on = false
        try run(path: nil) { on = try scheme.prelude(.emitsConstraints, []).boolValue ?? false }
        return on
    }
}
