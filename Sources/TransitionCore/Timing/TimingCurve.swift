/// How an animation's progress follows time: a cubic Bézier, a three-point cubic, or a spring.
/// Every animation in the engine goes through this one type.
public enum TimingCurve: Sendable, Hashable {
    case cubicBezier(CubicBezier)
    /// Out of line (indirect): its two cubics and five points inline would make every curve, and
    /// every animation, almost three times as large.
    indirect case threePointCubic(ThreePointCubic)
    case spring(Spring)

    static let linear = TimingCurve.cubicBezier(.linear)
    static let easeIn = TimingCurve.cubicBezier(.easeIn)
    static let easeOut = TimingCurve.cubicBezier(.easeOut)
    static let easeInOut = TimingCurve.cubicBezier(.easeInOut)
    static let caDefault = TimingCurve.cubicBezier(.caDefault)

    /// The names a timing may be given by.
    public static let names = ["linear", "easeIn", "easeOut", "easeInOut", "default", "fastEaseInToSlowEaseOut",
                               "fastEaseInToSlowEaseOutFlipped", "fastLinearToSlowEaseIn", "linearToEaseOut", "easeInToLinear"]

    public static func named(_ name: String) -> TimingCurve? {
        switch name {
        case "linear": .linear
        case "easeIn": .easeIn
        case "easeOut": .easeOut
        case "easeInOut": .easeInOut
        case "default": .caDefault
        case "fastEaseInToSlowEaseOut": .threePointCubic(.fastEaseInToSlowEaseOut)
        case "fastEaseInToSlowEaseOutFlipped": .threePointCubic(ThreePointCubic.fastEaseInToSlowEaseOut.flipped)
        case "fastLinearToSlowEaseIn": .cubicBezier(.fastLinearToSlowEaseIn)
        case "linearToEaseOut": .cubicBezier(.linearToEaseOut)
        case "easeInToLinear": .cubicBezier(.easeInToLinear)
        default: nil
        }
    }

    /// Progress at `time` seconds after the start of an animation lasting `duration` seconds.
    /// Curves read time / duration, clamped to [0, 1]; springs evaluate at `time` itself.
    public func value(at time: Double, duration: Double) -> Double {
        switch self {
        case .cubicBezier(let b): b.solve(Self.fraction(time, duration))
        case .threePointCubic(let c): c.solve(Self.fraction(time, duration))
        case .spring(let s): s.value(at: max(0, time))
        }
    }

    /// Progress per second at `time`. Where a curve's tangent is vertical to within the doubles
    /// (a control point a subnormal away from the start), the slope overflows: it is reported as
    /// the largest finite number with its sign, so that every answer stays a JSON number.
    public func velocity(at time: Double, duration: Double) -> Double {
        let v: Double = switch self {
        case .cubicBezier(let b): Self.inside(time, duration) ? b.slope(time / duration) / duration : 0
        case .threePointCubic(let c): Self.inside(time, duration) ? c.slope(time / duration) / duration : 0
        case .spring(let s): s.velocity(at: max(0, time))
        }
        if v.isFinite { return v }
        return v.isNaN ? 0 : (v < 0 ? -Double.greatestFiniteMagnitude : Double.greatestFiniteMagnitude)
    }

    static func fraction(_ time: Double, _ duration: Double) -> Double {
        duration > 0 ? min(1, max(0, time / duration)) : 1
    }

    static func inside(_ time: Double, _ duration: Double) -> Bool {
        duration > 0 && time >= 0 && time <= duration
    }
}
