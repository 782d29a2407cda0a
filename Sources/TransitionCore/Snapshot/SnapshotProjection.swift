extension SnapshotNode {
    /// The map from this view's bounds coordinates to its superview's, as Core Animation draws the
    /// layer: the anchor point (the bounds' centre unless the layer says otherwise) to the origin, the layer transform
    /// (`transform3D` when the view has one, projected with its perspective), then to `center`.
    /// For views without a 3D transform it is exactly the affine map `windowFrame` is computed with.
    public var toSuperview: ProjectiveTransform {
        let layerTransform = transform3D.map(ProjectiveTransform.init) ?? ProjectiveTransform(transform)
        let ax = bounds.minX + layer.anchorPoint.x * bounds.width, ay = bounds.minY + layer.anchorPoint.y * bounds.height
        return ProjectiveTransform(.translation(-ax, -ay))
            .concatenating(layerTransform)
            .concatenating(ProjectiveTransform(.translation(center.x, center.y)))
    }

    /// The quadrilateral the view's bounds make on screen, in window points, given the map from
    /// the view's bounds to the window: top-left, top-right, bottom-right, bottom-left of the
    /// bounds, in that order. Nil when a corner is at or behind the eye (docs/viewer.md § Geometry).
    public func quad(toWindow: ProjectiveTransform) -> [Point]? {
        var points: [Point] = []
        points.reserveCapacity(4)
        for corner in bounds.corners {
            guard let p = toWindow.apply(to: corner) else { return nil }
            points.append(p)
        }
        return points
    }
}
