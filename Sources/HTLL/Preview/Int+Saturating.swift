extension Int {
    /// `d` rounded toward zero and clamped to Int's range, 0 for NaN: `Int(_:)` traps on NaN, on
    /// infinities and past Int's range, and numbers in a preview come from the layout (a colour
    /// written as a ratio of two 400-digit integers reads back as inf/inf = NaN).
    init(saturating d: Double) {
        if d.isNaN {
            self = 0
        } else if d >= 9.2e18 {
            self = .max
        } else if d <= -9.2e18 {
            self = .min
        } else {
            self = Int(d)
        }
    }
}
