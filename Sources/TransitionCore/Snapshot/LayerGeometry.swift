/// What the layer properties change in where a view shows on screen: clipping by ancestors and
/// facing away from the viewer (docs/semantics.md § Layer properties).
enum LayerGeometry {
    /// The common part of two rects, nil when they do not meet (touching edges meet in a rect of
    /// no area).
    static func intersection(_ a: Rect, _ b: Rect) -> Rect? {
        let x0 = max(a.minX, b.minX), x1 = min(a.maxX, b.maxX)
        let y0 = max(a.minY, b.minY), y1 = min(a.maxY, b.maxY)
        guard x1 >= x0, y1 >= y0 else { return nil }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    static func area(_ r: Rect) -> Double { r.width * r.height }

    /// The part of `windowFrame` inside `clip`; nil when nothing clips or the clip cuts nothing
    /// off. A view wholly outside gets an empty rect at the clip's point nearest its origin.
    static func visibleRect(_ windowFrame: Rect, clip: Rect?) -> Rect? {
        guard let clip else { return nil }
        guard let cut = intersection(windowFrame, clip) else {
            let x = min(max(windowFrame.minX, clip.minX), clip.maxX), y = min(max(windowFrame.minY, clip.minY), clip.maxY)
            return Rect(x: x, y: y, width: 0, height: 0)
        }
        return cut == windowFrame ? nil : cut
    }

    /// Whether the view's transform (with its perspective), seen through its superview's map to
    /// the window, turns its front away from the viewer: the projected corners of its bounds wind
    /// the other way round than the bounds' own corners do, the test a renderer's back-face
    /// culling makes. Edge-on (no area) is not turned away.
    /// The view's own part is `windingArea`, the same wherever its superview is.
    static func facesAway(windingArea: Double, toSuperview parent: AffineTransform) -> Bool {
        // Only the superview map's orientation matters: a mirror there turns every subview too.
        let parentSign = parent.a * parent.d - parent.b * parent.c < 0 ? -1.0 : 1.0
        return windingArea * parentSign < 0
    }

    /// Twice the signed area of the view's bounds' corners projected by its transform (about
    /// its anchor point): negative when they wind the other way round than the bounds' own.
    static func windingArea(bounds: Rect, anchor: Point, transform: AffineTransform, transform3D: Transform3D?) -> Double {
        let local = bounds.corners.map { Point(x: $0.x - anchor.x, y: $0.y - anchor.y) }
        let projected: [Point]
        if let t3 = transform3D {
            projected = local.map { t3.project($0) }
        } else {
            projected = local.map { transform.apply(to: $0) }
        }
        return signedArea(projected)
    }

    /// Twice the signed area of a polygon (shoelace); positive for the bounds' own corners in
    /// UIKit's y-down order top-left, top-right, bottom-right, bottom-left.
    static func signedArea(_ p: [Point]) -> Double {
        var sum = 0.0
        for i in p.indices {
            let a = p[i], b = p[(i + 1) % p.count]
            sum += a.x * b.y - b.x * a.y
        }
        return sum
    }
}
