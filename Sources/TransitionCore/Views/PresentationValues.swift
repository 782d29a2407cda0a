/// The values of a view that animations move, and that its place on screen follows from: a
/// view's model (`ViewNode`) holds them and so does a snapshot's node (`SnapshotNode`), so that
/// a moving view's node is made from its model's values and animated in place (`World.movingFrame`)
/// rather than from a copy of the whole view.
protocol PresentationValues {
    /// Points, in the view's own coordinates.
    var bounds: Rect { get set }
    /// The layer's position, in the superview's bounds coordinates (points).
    var center: Point { get set }
    var transform: AffineTransform { get set }
    /// A 3D layer transform, when the view carries one (it takes precedence over `transform`).
    var transform3D: Transform3D? { get set }
    /// Opacity, 0…1.
    var alpha: Double { get set }
    var backgroundColor: Color? { get set }
    var layer: LayerProperties { get set }
}

extension PresentationValues {
    /// Where `center` (the layer's position) sits in the bounds, in bounds coordinates.
    var anchorInBounds: Point { bounds.point(atUnit: layer.anchorPoint) }
}

extension Rect {
    /// The point at `unit` in unit coordinates of the rect (0, 0 its origin; 1, 1 the far corner).
    @inline(__always)
    func point(atUnit unit: Point) -> Point {
        Point(x: minX + unit.x * width, y: minY + unit.y * height)
    }
}

extension ViewNode: PresentationValues {}
extension SnapshotNode: PresentationValues {}
