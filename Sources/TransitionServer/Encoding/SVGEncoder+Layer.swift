import TransitionCore

/// The layer properties drawn (docs/viewer.md § Drawing): rounded corners, the border inside the
/// bounds, the shadow under the view, and subviews cut to a clipping view's shape. Shapes are
/// written in the view's bounds coordinates under its map to the window when that map is affine
/// (an SVG `rect` with `rx` is exact there), and as projected polygons with square corners when
/// a perspective makes it projective.
extension SVGEncoder {
    /// The view's bounds inset by `inset` and moved by (`dx`, `dy`), with the corner radius less
    /// the inset: an element without its closing `/>`, for the caller's attributes.
    mutating func layerOutline(_ n: SnapshotNode, _ toWindow: ProjectiveTransform, inset: Double, dx: Double = 0, dy: Double = 0) {
        let b = n.bounds
        let r = Rect(x: b.minX + inset + dx, y: b.minY + inset + dy, width: max(0, b.width - 2 * inset), height: max(0, b.height - 2 * inset))
        if let affine = toWindow.affine {
            // CALayer clamps the radius to half the shorter side, as SVG does with rx and ry.
            let radius = max(0, min(n.layer.cornerRadius - inset, min(r.width, r.height) / 2))
            if radius > 0, n.layer.maskedCorners != .all {
                maskedOutline(r, radius: radius, corners: n.layer.maskedCorners)
                writer.transform(affine)
                return
            }
            writer.raw("<rect")
            writer.attribute("x", r.minX)
            writer.attribute("y", r.minY)
            writer.attribute("width", r.width)
            writer.attribute("height", r.height)
            if radius > 0 { writer.attribute("rx", radius); writer.attribute("ry", radius) }
            writer.transform(affine)
        } else {
            writer.raw("<polygon")
            writer.points(r.corners.compactMap { toWindow.apply(to: $0) })
        }
    }

    /// A rectangle whose masked corners (`maskedCorners`) are quarter-circle arcs of `radius` and
    /// the others square, clockwise from the top left: a `path` without its closing `/>`.
    mutating func maskedOutline(_ r: Rect, radius: Double, corners: CornerMask) {
        // Each corner: the point where its arc starts (or the corner itself), the corner, and
        // the point where the arc ends, going clockwise in UIKit's y-down coordinates.
        let turns: [(CornerMask, Point, Point, Point)] = [
            (.minXMinY, Point(x: r.minX, y: r.minY + radius), Point(x: r.minX, y: r.minY), Point(x: r.minX + radius, y: r.minY)),
            (.maxXMinY, Point(x: r.maxX - radius, y: r.minY), Point(x: r.maxX, y: r.minY), Point(x: r.maxX, y: r.minY + radius)),
            (.maxXMaxY, Point(x: r.maxX, y: r.maxY - radius), Point(x: r.maxX, y: r.maxY), Point(x: r.maxX - radius, y: r.maxY)),
            (.minXMaxY, Point(x: r.minX + radius, y: r.maxY), Point(x: r.minX, y: r.maxY), Point(x: r.minX, y: r.maxY - radius)),
        ]
        writer.raw("<path d=\"")
        for (i, (corner, start, vertex, end)) in turns.enumerated() {
            writer.raw(i == 0 ? "M" : "L")
            guard corners.contains(corner) else { point(vertex); continue }
            point(start)
            // A clockwise (sweep 1) quarter circle in y-down coordinates.
            writer.raw("A"); writer.number(radius); writer.raw(" "); writer.number(radius); writer.raw(" 0 0 1 "); point(end)
        }
        writer.raw("Z\"")
    }

    /// The background of a view with rounded corners (or its faint outline without a colour).
    mutating func roundedShape(_ n: SnapshotNode, _ toWindow: ProjectiveTransform) {
        layerOutline(n, toWindow, inset: 0)
        paint(n, nonScalingOutline: true)
        writer.raw("/>\n")
    }

    /// The border: `borderWidth` inside the bounds, so the stroke runs half that width in.
    mutating func border(_ n: SnapshotNode, _ toWindow: ProjectiveTransform) {
        let w = n.layer.borderWidth
        layerOutline(n, toWindow, inset: w / 2)
        writer.raw(" fill=\"none\"")
        writer.attribute("stroke", n.layer.borderColor)
        if n.layer.borderColor.alpha < 1 { writer.attribute("stroke-opacity", max(0, n.layer.borderColor.alpha)) }
        writer.attribute("stroke-width", w)
        writer.raw(" class=\"border\"/>\n")
    }

    /// The shadow: the view's shape moved by `shadowOffset`, in the shadow's colour at
    /// `shadowOpacity`, blurred with a Gaussian of standard deviation `shadowRadius`.
    mutating func shadow(_ n: SnapshotNode, _ toWindow: ProjectiveTransform) {
        let id = takeLayerID()
        writer.raw("<filter id=\"layer-"); writer.number(Double(id))
        writer.raw("\" x=\"-50%\" y=\"-50%\" width=\"200%\" height=\"200%\"><feGaussianBlur")
        writer.attribute("stdDeviation", n.layer.shadowRadius)
        writer.raw("/></filter>\n")
        layerOutline(n, toWindow, inset: 0, dx: n.layer.shadowOffset.width, dy: n.layer.shadowOffset.height)
        writer.attribute("fill", n.layer.shadowColor)
        writer.attribute("fill-opacity", min(1, max(0, n.layer.shadowOpacity * n.layer.shadowColor.alpha)))
        writer.raw(" filter=\"url(#layer-"); writer.number(Double(id)); writer.raw(")\" class=\"shadow\"/>\n")
    }

    /// Opens a group whose content is cut to the view's (rounded) bounds; the caller closes it.
    mutating func beginClip(_ n: SnapshotNode, _ toWindow: ProjectiveTransform) {
        let id = takeLayerID()
        writer.raw("<clipPath id=\"layer-"); writer.number(Double(id)); writer.raw("\">")
        layerOutline(n, toWindow, inset: 0)
        writer.raw("/></clipPath>\n<g clip-path=\"url(#layer-"); writer.number(Double(id)); writer.raw(")\">\n")
    }

    mutating func takeLayerID() -> Int {
        nextLayerID += 1
        return nextLayerID
    }
}
