/// A point in a view's coordinate space, in points (UIKit's `CGPoint`).
public struct Point: Sendable, Hashable {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) { self.x = x; self.y = y }
    public static let zero = Point(x: 0, y: 0)
}

/// A width and height in points (UIKit's `CGSize`).
public struct Size: Sendable, Hashable {
    public var width: Double
    public var height: Double
    public init(width: Double, height: Double) { self.width = width; self.height = height }
    public static let zero = Size(width: 0, height: 0)
}

/// An origin and a size in points (UIKit's `CGRect`; sizes are kept non-negative by the callers).
public struct Rect: Sendable, Hashable {
    public var origin: Point
    public var size: Size

    public init(origin: Point, size: Size) { self.origin = origin; self.size = size }
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    public var minX: Double { origin.x }
    public var minY: Double { origin.y }
    public var maxX: Double { origin.x + size.width }
    public var maxY: Double { origin.y + size.height }
    public var midX: Double { origin.x + size.width / 2 }
    public var midY: Double { origin.y + size.height / 2 }
    public var width: Double { size.width }
    public var height: Double { size.height }
    public var center: Point { Point(x: midX, y: midY) }

    /// `UIEdgeInsetsInsetRect`: shrinks the rect by the insets on each side.
    func inset(by insets: EdgeInsets) -> Rect {
        Rect(x: minX + insets.left, y: minY + insets.top,
             width: width - insets.left - insets.right, height: height - insets.top - insets.bottom)
    }

    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: width, height: height)
    }

    /// The smallest rect holding all the points (`CGRectApplyAffineTransform`'s bounding box).
    static func bounding(_ points: [Point]) -> Rect {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for p in points {
            minX = min(minX, p.x); maxX = max(maxX, p.x)
            minY = min(minY, p.y); maxY = max(maxY, p.y)
        }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    public var corners: [Point] {
        [Point(x: minX, y: minY), Point(x: maxX, y: minY), Point(x: maxX, y: maxY), Point(x: minX, y: maxY)]
    }
}

/// `UIEdgeInsets`: distances inward from each edge, in points.
public struct EdgeInsets: Sendable, Hashable {
    public var top: Double, left: Double, bottom: Double, right: Double
    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
    public static let zero = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
}

/// A 2D affine transform, Core Graphics' `CGAffineTransform`: a point (x, y) maps to
/// (a·x + c·y + tx, b·x + d·y + ty). Concatenation follows Core Graphics: `t1.concatenating(t2)`
/// applies t1 first, then t2.
public struct AffineTransform: Sendable, Hashable {
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    public static func scale(_ sx: Double, _ sy: Double) -> AffineTransform {
        AffineTransform(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    static func translation(_ tx: Double, _ ty: Double) -> AffineTransform {
        AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
    }

    /// Rotation by `angle` radians; positive turns +x toward +y (clockwise on screen, as in UIKit).
    static func rotation(_ angle: Double) -> AffineTransform {
        let (s, c) = (sin(angle), cos(angle))
        return AffineTransform(a: c, b: s, c: -s, d: c, tx: 0, ty: 0)
    }

    var isIdentity: Bool { self == .identity }

    /// `CGAffineTransformConcat(self, other)`: self first, then other.
    public func concatenating(_ t: AffineTransform) -> AffineTransform {
        AffineTransform(a: a * t.a + b * t.c, b: a * t.b + b * t.d,
                        c: c * t.a + d * t.c, d: c * t.b + d * t.d,
                        tx: tx * t.a + ty * t.c + t.tx, ty: tx * t.b + ty * t.d + t.ty)
    }

    public func apply(to p: Point) -> Point {
        Point(x: a * p.x + c * p.y + tx, y: b * p.x + d * p.y + ty)
    }

    /// `CGRectApplyAffineTransform`: the bounding box of the rect's corners mapped, the same
    /// fold as `Rect.bounding(r.corners.map(apply))` (corner order included, so signed zeros
    /// come out the same) without the two arrays, which cost more than the arithmetic on the
    /// snapshot path (every view, every frame).
    ///
    /// Without rotation or shear (b and c zero, most maps on screen) and with finite corners,
    /// a corner's x depends on its x alone (c · y is a zero) and its y on its y alone, so two
    /// products a side give the same box; only the sign of a zero may differ, which no answer
    /// shows (every zero is written `0`).
    public func boundingBox(of r: Rect) -> Rect {
        if b == 0, c == 0 {
            let x0 = r.minX, x1 = r.maxX, y0 = r.minY, y1 = r.maxY
            if x0.isFinite, x1.isFinite, y0.isFinite, y1.isFinite {
                let u0 = a * x0 + tx, u1 = a * x1 + tx
                let v0 = d * y0 + ty, v1 = d * y1 + ty
                // `min` and `max` as the fold below picks them, so that a NaN scale gives its box too.
                let minX = min(min(Double.infinity, u0), u1), maxX = max(max(-Double.infinity, u0), u1)
                let minY = min(min(Double.infinity, v0), v1), maxY = max(max(-Double.infinity, v0), v1)
                return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
            }
        }
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        func fold(_ x: Double, _ y: Double) {
            let p = apply(to: Point(x: x, y: y))
            minX = min(minX, p.x); maxX = max(maxX, p.x)
            minY = min(minY, p.y); maxY = max(maxY, p.y)
        }
        fold(r.minX, r.minY); fold(r.maxX, r.minY); fold(r.maxX, r.maxY); fold(r.minX, r.maxY)
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
