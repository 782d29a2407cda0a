/// A map from one plane to another that keeps straight lines straight (a homography), in Core
/// Graphics' row-vector convention: (x, y) goes to (X / W, Y / W) where (X, Y, W) = (x, y, 1) · M.
///
/// It is what a layer transform does to a layer's plane as Core Animation draws it: the layer's
/// content, sublayers included, is flattened into its plane, turned by the 4×4 transform and
/// projected onto the superlayer's plane with the perspective divide. The map from a view's bounds
/// to the window is then one of these per level, concatenated (docs/viewer.md § Geometry).
/// Affine transforms are the special case m13 = m23 = 0, m33 = 1, and compute bit for bit as
/// `AffineTransform` does.
public struct ProjectiveTransform: Sendable, Hashable {
    var m11, m12, m13: Double
    var m21, m22, m23: Double
    var m31, m32, m33: Double

    init(m11: Double, m12: Double, m13: Double, m21: Double, m22: Double, m23: Double,
                m31: Double, m32: Double, m33: Double) {
        (self.m11, self.m12, self.m13) = (m11, m12, m13)
        (self.m21, self.m22, self.m23) = (m21, m22, m23)
        (self.m31, self.m32, self.m33) = (m31, m32, m33)
    }

    public static let identity = ProjectiveTransform(AffineTransform.identity)

    init(_ a: AffineTransform) {
        self.init(m11: a.a, m12: a.b, m13: 0, m21: a.c, m22: a.d, m23: 0, m31: a.tx, m32: a.ty, m33: 1)
    }

    /// What `t` does to the plane z = 0, seen on the plane below it: z is dropped after the
    /// transform (rows and columns 3 go), w is kept for the divide, as in `Transform3D.project`.
    init(_ t: Transform3D) {
        self.init(m11: t.m11, m12: t.m12, m13: t.m14, m21: t.m21, m22: t.m22, m23: t.m24, m31: t.m41, m32: t.m42, m33: t.m44)
    }

    /// Self first, then `t` (as `AffineTransform.concatenating`).
    public func concatenating(_ t: ProjectiveTransform) -> ProjectiveTransform {
        ProjectiveTransform(m11: m11 * t.m11 + m12 * t.m21 + m13 * t.m31,
                            m12: m11 * t.m12 + m12 * t.m22 + m13 * t.m32,
                            m13: m11 * t.m13 + m12 * t.m23 + m13 * t.m33,
                            m21: m21 * t.m11 + m22 * t.m21 + m23 * t.m31,
                            m22: m21 * t.m12 + m22 * t.m22 + m23 * t.m32,
                            m23: m21 * t.m13 + m22 * t.m23 + m23 * t.m33,
                            m31: m31 * t.m11 + m32 * t.m21 + m33 * t.m31,
                            m32: m31 * t.m12 + m32 * t.m22 + m33 * t.m32,
                            m33: m31 * t.m13 + m32 * t.m23 + m33 * t.m33)
    }

    /// The smallest w a point may have and still be drawn: at w ≤ 0 it is at or behind the eye, and
    /// just above 0 it would land billions of points away.
    static let minimumW = 1e-6

    /// Where `p` lands, after the divide; nil when it is at or behind the eye (w below `minimumW`).
    public func apply(to p: Point) -> Point? {
        let w = p.x * m13 + p.y * m23 + m33
        guard w >= Self.minimumW else { return nil }
        let x = p.x * m11 + p.y * m21 + m31, y = p.x * m12 + p.y * m22 + m32
        return w == 1 ? Point(x: x, y: y) : Point(x: x / w, y: y / w)
    }

    /// The affine transform this is, when it is one.
    public var affine: AffineTransform? {
        guard m13 == 0, m23 == 0, m33 == 1 else { return nil }
        return AffineTransform(a: m11, b: m12, c: m21, d: m22, tx: m31, ty: m32)
    }

    /// The affine transform that agrees with this one at `p` to first order (same point, same
    /// derivative): what a drawing that can only be placed affinely (text) is best placed with
    /// around `p`. Exact when this is affine; nil when `p` is behind the eye.
    public func affineApproximation(at p: Point) -> AffineTransform? {
        if let affine { return affine }
        let w = p.x * m13 + p.y * m23 + m33
        guard w >= Self.minimumW, let q = apply(to: p) else { return nil }
        // d(X/W)/dx = (m11 − q.x·m13) / W, and likewise for the other three partial derivatives.
        let a = (m11 - q.x * m13) / w, b = (m12 - q.y * m13) / w
        let c = (m21 - q.x * m23) / w, d = (m22 - q.y * m23) / w
        return AffineTransform(a: a, b: b, c: c, d: d, tx: q.x - a * p.x - c * p.y, ty: q.y - b * p.x - d * p.y)
    }
}
