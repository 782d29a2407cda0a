/// A value an animation can move between: `interpolate(to:fraction:)` is linear in each
/// component, and `fraction` may leave [0, 1] (springs overshoot).
protocol Interpolatable: Sendable, Equatable {
    func interpolate(to end: Self, fraction: Double) -> Self
}

extension Double: Interpolatable {
    public func interpolate(to end: Double, fraction: Double) -> Double {
        self + (end - self) * fraction
    }
}

extension Point: Interpolatable {
    public func interpolate(to end: Point, fraction: Double) -> Point {
        Point(x: x.interpolate(to: end.x, fraction: fraction), y: y.interpolate(to: end.y, fraction: fraction))
    }
}

extension Size: Interpolatable {
    public func interpolate(to end: Size, fraction: Double) -> Size {
        Size(width: width.interpolate(to: end.width, fraction: fraction),
             height: height.interpolate(to: end.height, fraction: fraction))
    }
}

extension Rect: Interpolatable {
    public func interpolate(to end: Rect, fraction: Double) -> Rect {
        Rect(origin: origin.interpolate(to: end.origin, fraction: fraction),
             size: size.interpolate(to: end.size, fraction: fraction))
    }
}

extension AffineTransform: Interpolatable {
    /// Component-wise, as Core Animation interpolates an affine `transform` whose ends share
    /// no rotation (the catalogue's scales and translations). Rotations go through `Transform3D`'s
    /// decomposition instead.
    public func interpolate(to e: AffineTransform, fraction f: Double) -> AffineTransform {
        AffineTransform(a: a.interpolate(to: e.a, fraction: f), b: b.interpolate(to: e.b, fraction: f),
                        c: c.interpolate(to: e.c, fraction: f), d: d.interpolate(to: e.d, fraction: f),
                        tx: tx.interpolate(to: e.tx, fraction: f), ty: ty.interpolate(to: e.ty, fraction: f))
    }
}
