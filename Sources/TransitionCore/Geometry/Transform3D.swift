/// Core Animation's `CATransform3D`: a 4×4 matrix, row-major m11…m44, acting on row vectors
/// (p' = p · M), so translation sits in m41…m43 and perspective in m34 (−1 / eye distance).
public struct Transform3D: Sendable, Hashable {
    var m11, m12, m13, m14: Double
    var m21, m22, m23, m24: Double
    var m31, m32, m33, m34: Double
    var m41, m42, m43, m44: Double

    public init(_ m: [Double]) {
        precondition(m.count == 16, "a 4×4 matrix has 16 entries")
        (m11, m12, m13, m14) = (m[0], m[1], m[2], m[3])
        (m21, m22, m23, m24) = (m[4], m[5], m[6], m[7])
        (m31, m32, m33, m34) = (m[8], m[9], m[10], m[11])
        (m41, m42, m43, m44) = (m[12], m[13], m[14], m[15])
    }

    public init(m11: Double, m12: Double, m13: Double, m14: Double, m21: Double, m22: Double, m23: Double, m24: Double,
                m31: Double, m32: Double, m33: Double, m34: Double, m41: Double, m42: Double, m43: Double, m44: Double) {
        self.init([m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44])
    }

    /// The 16 entries, row by row (the `transform3D` of snapshots).
    public var rowMajor: [Double] { [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44] }

    var rows: [[Double]] { [[m11, m12, m13, m14], [m21, m22, m23, m24], [m31, m32, m33, m34], [m41, m42, m43, m44]] }
    init(rows r: [[Double]]) { self.init(r.flatMap { $0 }) }

    public static let identity = Transform3D([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])

    /// `CATransform3DMakeTranslation`.
    static func translation(x: Double, y: Double, z: Double) -> Transform3D {
        Transform3D([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, x, y, z, 1])
    }

    /// `CATransform3DMakeScale`.
    public static func scale(x: Double, y: Double, z: Double) -> Transform3D {
        Transform3D([x, 0, 0, 0, 0, y, 0, 0, 0, 0, z, 0, 0, 0, 0, 1])
    }

    /// `CATransform3DMakeRotation(angle, x, y, z)`: radians about the axis (x, y, z); about z it
    /// turns like `CGAffineTransformMakeRotation`. A zero axis gives the identity.
    static func rotation(angle: Double, x: Double, y: Double, z: Double) -> Transform3D {
        let length = (x * x + y * y + z * z).squareRoot()
        guard length > 0 else { return .identity }
        let (ux, uy, uz) = (x / length, y / length, z / length)
        let c = cos(angle), s = sin(angle), t = 1 - c
        return Transform3D([t * ux * ux + c, t * ux * uy + s * uz, t * ux * uz - s * uy, 0,
                            t * ux * uy - s * uz, t * uy * uy + c, t * uy * uz + s * ux, 0,
                            t * ux * uz + s * uy, t * uy * uz - s * ux, t * uz * uz + c, 0,
                            0, 0, 0, 1])
    }

    /// The identity with m34 = `m34` (the usual −1 / 500 style perspective).
    static func perspective(_ m34: Double) -> Transform3D {
        var t = Transform3D.identity
        t.m34 = m34
        return t
    }

    /// `CATransform3DMakeAffineTransform`.
    public init(_ a: AffineTransform) {
        self.init([a.a, a.b, 0, 0, a.c, a.d, 0, 0, 0, 0, 1, 0, a.tx, a.ty, 0, 1])
    }

    /// The affine transform this is, when it is one (`CATransform3DIsAffine`).
    public var affine: AffineTransform? {
        guard m13 == 0, m14 == 0, m23 == 0, m24 == 0, m31 == 0, m32 == 0, m33 == 1, m34 == 0, m43 == 0, m44 == 1 else { return nil }
        return AffineTransform(a: m11, b: m12, c: m21, d: m22, tx: m41, ty: m42)
    }

    /// `CATransform3DConcat(self, t)`: self first, then t.
    public func concatenating(_ t: Transform3D) -> Transform3D {
        Transform3D(rows: Self.multiply(rows, t.rows))
    }

    static func multiply(_ a: [[Double]], _ b: [[Double]]) -> [[Double]] {
        (0..<4).map { i in (0..<4).map { j in (0..<4).reduce(0) { $0 + a[i][$1] * b[$1][j] } } }
    }

    /// A point of the layer's plane (z = 0), projected: (x, y, 0, 1) · M, divided by w.
    func project(_ p: Point) -> Point {
        let x = p.x * m11 + p.y * m21 + m41
        let y = p.x * m12 + p.y * m22 + m42
        let w = p.x * m14 + p.y * m24 + m44
        guard w != 0 else { return Point(x: x, y: y) }
        return Point(x: x / w, y: y / w)
    }

    /// UIKit's `frame` for a view with this layer transform: the bounding box of the bounds'
    /// corners taken relative to the anchor point, transformed and projected, placed at `position`.
    static func layerFrame(bounds: Size, position: Point, anchorPoint: Point, transform: Transform3D) -> Rect {
        let ox = -anchorPoint.x * bounds.width, oy = -anchorPoint.y * bounds.height
        let corners = Rect(x: ox, y: oy, width: bounds.width, height: bounds.height).corners.map { transform.project($0) }
        return Rect.bounding(corners).offsetBy(dx: position.x, dy: position.y)
    }
}

/// Interpolation the way Core Animation (and WebKit, and the CSS Transforms spec) does it for
/// matrices that are not simple steps: decompose each end into translation, scale, skew,
/// perspective and a rotation quaternion ("unmatrix", Graphics Gems II), interpolate those
/// linearly (the quaternion by spherical interpolation), and recompose. Matrices that cannot be
/// decomposed (singular) switch from one end to the other at the halfway point.
extension Transform3D: Interpolatable {
    public func interpolate(to end: Transform3D, fraction f: Double) -> Transform3D {
        if self == end { return self }
        guard let a = Decomposed(self), let b = Decomposed(end) else { return f < 0.5 ? self : end }
        return a.interpolate(to: b, fraction: f).recomposed
    }
}

/// The parts of a 4×4 transform, per the CSS Transforms Level 2 "decomposing a 3D matrix".
struct Decomposed: Equatable {
    var translate: [Double]
    var scale: [Double]
    var skew: [Double]
    var perspective: [Double]
    var quaternion: [Double]

    init?(_ t: Transform3D) {
        var m = t.rows
        guard m[3][3] != 0 else { return nil }
        for i in 0..<4 { for j in 0..<4 { m[i][j] /= t.m44 } }
        var pm = m
        for i in 0..<3 { pm[i][3] = 0 }
        pm[3][3] = 1
        guard let inverse = Decomposed.inverse(pm) else { return nil }
        if m[0][3] != 0 || m[1][3] != 0 || m[2][3] != 0 {
            let rhs = [m[0][3], m[1][3], m[2][3], m[3][3]]
            let transposed = (0..<4).map { i in (0..<4).map { j in inverse[j][i] } }
            perspective = (0..<4).map { j in (0..<4).reduce(0) { $0 + rhs[$1] * transposed[$1][j] } }
        } else {
            perspective = [0, 0, 0, 1]
        }
        translate = [m[3][0], m[3][1], m[3][2]]
        var row = (0..<3).map { i in [m[i][0], m[i][1], m[i][2]] }
        scale = [0, 0, 0]
        skew = [0, 0, 0]
        scale[0] = Decomposed.length(row[0])
        row[0] = Decomposed.normalized(row[0])
        skew[0] = Decomposed.dot(row[0], row[1])
        row[1] = Decomposed.combine(row[1], row[0], 1, -skew[0])
        scale[1] = Decomposed.length(row[1])
        row[1] = Decomposed.normalized(row[1])
        skew[0] = scale[1] != 0 ? skew[0] / scale[1] : 0
        skew[1] = Decomposed.dot(row[0], row[2])
        row[2] = Decomposed.combine(row[2], row[0], 1, -skew[1])
        skew[2] = Decomposed.dot(row[1], row[2])
        row[2] = Decomposed.combine(row[2], row[1], 1, -skew[2])
        scale[2] = Decomposed.length(row[2])
        row[2] = Decomposed.normalized(row[2])
        if scale[2] != 0 {
            skew[1] /= scale[2]
            skew[2] /= scale[2]
        }
        if Decomposed.dot(row[0], Decomposed.cross(row[1], row[2])) < 0 {
            for i in 0..<3 {
                scale[i] = -scale[i]
                row[i] = row[i].map { -$0 }
            }
        }
        var q = [
            0.5 * max(1 + row[0][0] - row[1][1] - row[2][2], 0).squareRoot(),
            0.5 * max(1 - row[0][0] + row[1][1] - row[2][2], 0).squareRoot(),
            0.5 * max(1 - row[0][0] - row[1][1] + row[2][2], 0).squareRoot(),
            0.5 * max(1 + row[0][0] + row[1][1] + row[2][2], 0).squareRoot(),
        ]
        if row[2][1] > row[1][2] { q[0] = -q[0] }
        if row[0][2] > row[2][0] { q[1] = -q[1] }
        if row[1][0] > row[0][1] { q[2] = -q[2] }
        quaternion = q
    }

    init(translate: [Double], scale: [Double], skew: [Double], perspective: [Double], quaternion: [Double]) {
        self.translate = translate; self.scale = scale; self.skew = skew; self.perspective = perspective; self.quaternion = quaternion
    }

    func interpolate(to b: Decomposed, fraction f: Double) -> Decomposed {
        func lerp(_ x: [Double], _ y: [Double]) -> [Double] { zip(x, y).map { $0 + ($1 - $0) * f } }
        var product = Decomposed.dot4(quaternion, b.quaternion)
        product = min(1, max(-1, product))
        var q = quaternion
        if abs(product) < 1 {
            let theta = acos(product)
            let w = sin(f * theta) / (1 - product * product).squareRoot()
            let keep = cos(f * theta) - product * w
            q = (0..<4).map { quaternion[$0] * keep + b.quaternion[$0] * w }
        }
        return Decomposed(translate: lerp(translate, b.translate), scale: lerp(scale, b.scale), skew: lerp(skew, b.skew),
                          perspective: lerp(perspective, b.perspective), quaternion: q)
    }

    var recomposed: Transform3D {
        var m = Transform3D.identity.rows
        for i in 0..<4 { m[i][3] = perspective[i] }
        for i in 0..<4 { for j in 0..<3 { m[3][i] += translate[j] * m[j][i] } }
        let (x, y, z, w) = (quaternion[0], quaternion[1], quaternion[2], quaternion[3])
        // The quaternion's rotation for row vectors (the transpose of the spec's column form).
        let rotation: [[Double]] = [
            [1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w), 0],
            [2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w), 0],
            [2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y), 0],
            [0, 0, 0, 1],
        ]
        m = Transform3D.multiply(rotation, m)
        var temp = Transform3D.identity.rows
        if skew[2] != 0 { temp[2][1] = skew[2]; m = Transform3D.multiply(temp, m) }
        temp = Transform3D.identity.rows
        if skew[1] != 0 { temp[2][0] = skew[1]; m = Transform3D.multiply(temp, m) }
        temp = Transform3D.identity.rows
        if skew[0] != 0 { temp[1][0] = skew[0]; m = Transform3D.multiply(temp, m) }
        for i in 0..<3 { for j in 0..<4 { m[i][j] *= scale[i] } }
        return Transform3D(rows: m)
    }

    static func dot(_ a: [Double], _ b: [Double]) -> Double { a[0] * b[0] + a[1] * b[1] + a[2] * b[2] }
    static func dot4(_ a: [Double], _ b: [Double]) -> Double { a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3] }
    static func length(_ a: [Double]) -> Double { dot(a, a).squareRoot() }
    static func normalized(_ a: [Double]) -> [Double] { let l = length(a); return l > 0 ? a.map { $0 / l } : a }
    static func combine(_ a: [Double], _ b: [Double], _ sa: Double, _ sb: Double) -> [Double] { (0..<3).map { a[$0] * sa + b[$0] * sb } }
    static func cross(_ a: [Double], _ b: [Double]) -> [Double] {
        [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]
    }

    /// Gauss–Jordan inverse of a 4×4; nil when singular.
    static func inverse(_ m: [[Double]]) -> [[Double]]? {
        var a = m
        var inv = Transform3D.identity.rows
        for col in 0..<4 {
            var pivot = col
            for r in col..<4 where abs(a[r][col]) > abs(a[pivot][col]) { pivot = r }
            guard abs(a[pivot][col]) > 1e-12 else { return nil }
            a.swapAt(col, pivot)
            inv.swapAt(col, pivot)
            let p = a[col][col]
            for j in 0..<4 { a[col][j] /= p; inv[col][j] /= p }
            for r in 0..<4 where r != col {
                let factor = a[r][col]
                if factor == 0 { continue }
                for j in 0..<4 { a[r][j] -= factor * a[col][j]; inv[r][j] -= factor * inv[col][j] }
            }
        }
        return inv
    }
}
