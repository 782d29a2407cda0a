/// Two cubic Béziers joined at `midpoint`, from (0, 0) to (1, 1): Flutter's `ThreePointCubic`.
/// Each half is a `CubicBezier` scaled into its part of the unit square.
public struct ThreePointCubic: Sendable, Hashable {
    let a1: Point, b1: Point, midpoint: Point, a2: Point, b2: Point
    private let first: CubicBezier
    private let second: CubicBezier

    public init(a1: Point, b1: Point, midpoint: Point, a2: Point, b2: Point) {
        self.a1 = a1; self.b1 = b1; self.midpoint = midpoint; self.a2 = a2; self.b2 = b2
        let sx1 = midpoint.x, sy1 = midpoint.y
        first = CubicBezier(a1.x / sx1, a1.y / sy1, b1.x / sx1, b1.y / sy1)
        let sx2 = 1 - midpoint.x, sy2 = 1 - midpoint.y
        second = CubicBezier((a2.x - midpoint.x) / sx2, (a2.y - midpoint.y) / sy2,
                             (b2.x - midpoint.x) / sx2, (b2.y - midpoint.y) / sy2)
    }

    public static func == (a: ThreePointCubic, b: ThreePointCubic) -> Bool {
        a.a1 == b.a1 && a.b1 == b.b1 && a.midpoint == b.midpoint && a.a2 == b.a2 && a.b2 == b.b2
    }

    public func hash(into h: inout Hasher) {
        h.combine(a1); h.combine(b1); h.combine(midpoint); h.combine(a2); h.combine(b2)
    }

    /// Progress at time fraction `x` in [0, 1].
    func solve(_ x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        if x < midpoint.x {
            return first.solve(x / midpoint.x) * midpoint.y
        }
        return second.solve((x - midpoint.x) / (1 - midpoint.x)) * (1 - midpoint.y) + midpoint.y
    }

    /// dProgress / dx.
    func slope(_ x: Double) -> Double {
        if x < midpoint.x {
            return first.slope(max(0, x) / midpoint.x) * midpoint.y / midpoint.x
        }
        return second.slope((min(1, x) - midpoint.x) / (1 - midpoint.x)) * (1 - midpoint.y) / (1 - midpoint.x)
    }

    /// The native iOS push curve as measured on an iPhone 14 Pro Max running iOS 16.3 and fitted by
    /// Flutter (`Curves.fastEaseInToSlowEaseOut`; docs/reference.md § Timing curves).
    static let fastEaseInToSlowEaseOut = ThreePointCubic(
        a1: Point(x: 0.056, y: 0.024), b1: Point(x: 0.108, y: 0.3085), midpoint: Point(x: 0.198, y: 0.541),
        a2: Point(x: 0.3655, y: 1.0), b2: Point(x: 0.5465, y: 0.989))

    /// The curve run backwards, Flutter's `Curve.flipped`: y(x) = 1 − self(1 − x). The same two
    /// cubics, turned half a turn about (0.5, 0.5), in the other order.
    var flipped: ThreePointCubic {
        func turned(_ p: Point) -> Point { Point(x: 1 - p.x, y: 1 - p.y) }
        return ThreePointCubic(a1: turned(b2), b1: turned(a2), midpoint: turned(midpoint), a2: turned(b1), b2: turned(a1))
    }
}
