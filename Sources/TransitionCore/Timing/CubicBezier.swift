/// A cubic Bézier timing curve from (0, 0) to (1, 1) with control points (x1, y1) and (x2, y2),
/// as `CAMediaTimingFunction` and CSS define it. `solve(x)` gives the curve's y for an x in time,
/// with WebKit's `UnitBezier` / Chromium's `gfx::CubicBezier` method: a sampled initial guess,
/// Newton steps, and bisection when Newton stalls; outside [0, 1] the curve extends linearly
/// along its end tangents (Chromium).
public struct CubicBezier: Sendable, Hashable {
    let x1: Double, y1: Double, x2: Double, y2: Double

    // Polynomial coefficients: x(t) = ((ax·t + bx)·t + cx)·t, likewise y.
    private let ax: Double, bx: Double, cx: Double
    private let ay: Double, by: Double, cy: Double
    private let startGradient: Double, endGradient: Double

    /// Newton and bisection stop when x is this close; 1e-14 keeps y within 1e-9 of the exact
    /// solution for any curve with x control points in [0, 1].
    static let epsilon = 1e-14

    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        self.x1 = x1; self.y1 = y1; self.x2 = x2; self.y2 = y2
        cx = 3 * x1
        bx = 3 * (x2 - x1) - cx
        ax = 1 - cx - bx
        cy = 3 * y1
        by = 3 * (y2 - y1) - cy
        ay = 1 - cy - by
        // Chromium's tangents at the ends, used to extend the curve beyond [0, 1].
        if x1 > 0 { startGradient = y1 / x1 }
        else if y1 == 0, x2 > 0 { startGradient = y2 / x2 }
        else if y1 == 0, y2 == 0 { startGradient = 1 }
        else { startGradient = 0 }
        if x2 < 1 { endGradient = (y2 - 1) / (x2 - 1) }
        else if y2 == 1, x1 < 1 { endGradient = (y1 - 1) / (x1 - 1) }
        else if y2 == 1, y1 == 1 { endGradient = 1 }
        else { endGradient = 0 }
    }

    public static func == (a: CubicBezier, b: CubicBezier) -> Bool {
        a.x1 == b.x1 && a.y1 == b.y1 && a.x2 == b.x2 && a.y2 == b.y2
    }

    public func hash(into h: inout Hasher) {
        h.combine(x1); h.combine(y1); h.combine(x2); h.combine(y2)
    }

    func sampleX(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
    func sampleY(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }
    func derivativeX(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }
    func derivativeY(_ t: Double) -> Double { (3 * ay * t + 2 * by) * t + cy }

    /// The parameter t in [0, 1] with x(t) = x.
    func parameter(forX x: Double) -> Double {
        // Initial guess from 11 evenly spaced samples (Chromium's spline table).
        var t = x
        var lower = 0.0, upper = 1.0
        var previous = 0.0
        for i in 1...10 {
            let s = Double(i) / 10
            let value = sampleX(s)
            if value >= x {
                let span = value - previous
                t = (s - 0.1) + (span > 0 ? (x - previous) / span * 0.1 : 0)
                lower = s - 0.1
                upper = s
                break
            }
            previous = value
        }
        // Newton's method.
        for _ in 0..<8 {
            let error = sampleX(t) - x
            if abs(error) < Self.epsilon { return t }
            let slope = derivativeX(t)
            if abs(slope) < 1e-7 { break }
            t -= error / slope
        }
        // Bisection: x(t) is monotone on [0, 1] when x1, x2 are in [0, 1].
        t = min(max(t, lower), upper)
        if abs(sampleX(t) - x) < Self.epsilon { return t }
        var lo = lower, hi = upper
        for _ in 0..<100 {
            t = (lo + hi) / 2
            let value = sampleX(t)
            if abs(value - x) < Self.epsilon { return t }
            if value < x { lo = t } else { hi = t }
        }
        return t
    }

    /// The curve's y at `x` (time fraction); linear extension outside [0, 1]. The ends are exact:
    /// where a control point sits a subnormal away from an end, the end tangent overflows to
    /// infinity, and ∞ · 0 must not turn the curve's own (0, 0) or (1, 1) into NaN.
    func solve(_ x: Double) -> Double {
        if x == 0 { return 0 }
        if x == 1 { return 1 }
        if x < 0 { return startGradient * x }
        if x > 1 { return 1 + endGradient * (x - 1) }
        return sampleY(parameter(forX: x))
    }

    /// dy/dx at `x`.
    func slope(_ x: Double) -> Double {
        if x <= 0 { return startGradient }
        if x >= 1 { return endGradient }
        let t = parameter(forX: x)
        let dx = derivativeX(t)
        return dx != 0 ? derivativeY(t) / dx : 0
    }

    /// The same curve run backwards, y(x) = 1 − f(1 − x): the curve turned half a turn about
    /// (0.5, 0.5), its control points swapped.
    var flipped: CubicBezier { CubicBezier(1 - x2, 1 - y2, 1 - x1, 1 - y1) }

    // Core Animation's named curves (docs/timing.md § Cubic Bézier).
    static let linear = CubicBezier(0, 0, 1, 1)
    static let easeIn = CubicBezier(0.42, 0, 1, 1)
    static let easeOut = CubicBezier(0, 0, 0.58, 1)
    /// UIView.animate's default curve (UIKit header: UIViewAnimationOptionCurveEaseInOut = 0 << 16).
    static let easeInOut = CubicBezier(0.42, 0, 0.58, 1)
    /// kCAMediaTimingFunctionDefault (CSS `ease`).
    static let caDefault = CubicBezier(0.25, 0.1, 0.25, 1)
    /// Flutter's `Curves.fastLinearToSlowEaseIn` (0.18, 1, 0.04, 1): what its reproduction of
    /// iOS used for a back swipe's page after the finger let go until 2024 (docs/timing.md).
    static let fastLinearToSlowEaseIn = CubicBezier(0.18, 1, 0.04, 1)
    /// Flutter's `Curves.linearToEaseOut` and `Curves.easeInToLinear`: its iOS sheets move the
    /// covered page along them (docs/reference.md § Sheets).
    static let linearToEaseOut = CubicBezier(0.35, 0.91, 0.33, 0.97)
    static let easeInToLinear = CubicBezier(0.67, 0.03, 0.65, 0.09)
}
