import Scheme

extension Layout {
    /// The layout on `canvas` as Auto Layout constraints, as JSON: the views (with the intrinsic
    /// sizes and content priorities the constraints rely on), the layout guides, and each
    /// constraint as `item.attribute relation multiplier * item.attribute + constant` with its
    /// priority (`prelude/htll/72-constraints.scm`). Solving them on the canvas gives `framesJSON(canvas:)`.
    public func constraintsJSON(canvas: Canvas) throws -> String {
        try text {
            try use(canvas)
            return try scheme.prelude("htll-constraints-json", [.flonum(canvas.width), .flonum(canvas.height)])
        }
    }
}
