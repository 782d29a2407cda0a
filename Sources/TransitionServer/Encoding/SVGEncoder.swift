import JSONCodec
import TransitionCore

/// Draws snapshots as SVG: `snapshot.svg` (one frame) and `filmstrip.svg` (frames side by side).
/// It reads the same `Snapshot` the JSON encoder writes, so a drawing shows exactly that JSON; the
/// rules are in docs/viewer.md § Drawing.
///
/// Each frame is a group (`class="frame"`, `data-time`) holding the window's group and a caption
/// under it. Each view is a group carrying `data-view-controller`, `data-path`, `data-role` and
/// `data-kind`; its first element is the view's own shape, then what its content draws (text, an
/// image), then its subviews' groups, back to front. Window points are SVG user units: a view's
/// polygon has the window coordinates of its corners.
struct SVGEncoder: ~Copyable {
    var writer: SVGWriter
    /// The next number for a layer's clip path or shadow filter id (`layer-3`): unique in the
    /// document, in drawing order.
    var nextLayerID = 0

    init(precision: Int?) {
        writer = SVGWriter(precision: precision)
    }

    /// The window's size, from the snapshot's root (the window view).
    static func windowSize(_ s: Snapshot) -> Size { s.root.windowFrame.size }

    /// Opens the document for `frames` frames of windows of `window`'s size.
    mutating func begin(frames: Int, window: Size) {
        let width = Double(frames) * window.width + Double(max(0, frames - 1)) * SVGStyle.frameGap
        let height = window.height + SVGStyle.captionHeight
        writer.raw("<svg xmlns=\"http://www.w3.org/2000/svg\"")
        writer.attribute("width", width)
        writer.attribute("height", height)
        writer.raw(" viewBox=\"0 0 "); writer.number(width); writer.raw(" "); writer.number(height); writer.raw("\"")
        writer.raw(" font-family=\""); writer.raw(SVGStyle.fontFamily); writer.raw("\">\n")
        // One clip for every frame: clipPathUnits="userSpaceOnUse" is each frame's own space.
        writer.raw("<defs><clipPath id=\"window\"><rect")
        writer.attribute("width", window.width)
        writer.attribute("height", window.height)
        writer.raw("/></clipPath></defs>\n")
        writer.raw("<rect class=\"background\"")
        writer.attribute("width", width)
        writer.attribute("height", height)
        writer.raw(" fill=\"#ffffff\"/>\n")
    }

    mutating func end() {
        writer.raw("</svg>\n")
    }

    /// The document written, as an answer's body (not copied).
    consuming func finish() -> MallocBytes { writer.finish() }

    /// One frame, its window's left edge `x` points from the document's.
    mutating func frame(_ s: Snapshot, x: Double) {
        openFrame(time: s.time, x: x)
        view(s.root, toWindow: .identity)
        caption(time: s.time, transition: s.transition, below: Self.windowSize(s).height)
        writer.raw("</g>\n")
    }

    /// Opens a frame's group (closed after its caption).
    mutating func openFrame(time: Double, x: Double) {
        writer.raw("<g class=\"frame\"")
        writer.attribute("data-time", time)
        if x != 0 { writer.raw(" transform=\"translate("); writer.number(x); writer.raw(" 0)\"") }
        writer.raw(">\n")
    }

    /// A whole document of one frame (`snapshot.svg`).
    mutating func document(_ s: Snapshot) {
        begin(frames: 1, window: Self.windowSize(s))
        frame(s, x: 0)
        end()
    }

    // MARK: Views

    /// The view's group with everything in it; nothing at all for a hidden view. `parent` maps the
    /// superview's bounds to the window.
    mutating func view(_ n: SnapshotNode, toWindow parent: ProjectiveTransform) {
        guard !n.hidden else { return }
        let drawn = openView(n, toWindow: parent, visible: n.visible)
        for child in n.children { view(child, toWindow: drawn.toWindow) }
        closeView(n, drawn, visible: n.visible)
    }

    /// What `openView` found of a view, for its subviews and `closeView`.
    struct DrawnView {
        /// The view's bounds coordinates → window.
        var toWindow: ProjectiveTransform
        /// No corner of its bounds is at or behind the eye.
        var onScreen: Bool
        /// It opened a group cutting its subviews to its shape.
        var clips: Bool
    }

    /// A shown view's group opened, with what it draws under its subviews: its shadow, shape and
    /// content, and the clip its subviews are drawn in. `visible` is the view's (`n.visible`),
    /// given apart for a view whose node is kept from another frame (`SVGFrameTemplate`).
    mutating func openView(_ n: SnapshotNode, toWindow parent: ProjectiveTransform, visible: Bool) -> DrawnView {
        openGroup(n)
        return drawOwn(n, toWindow: parent, visible: visible)
    }

    /// A shown view's group opening: its names, its opacity, the window's clip.
    mutating func openGroup(_ n: SnapshotNode) {
        writer.raw("<g")
        if let vc = n.viewController { writer.attribute("data-view-controller", vc) }
        writer.attribute("data-path", n.path)
        if let role = n.role { writer.attribute("data-role", role.rawValue) }
        writer.attribute("data-kind", n.kind)
        // Group opacity, as UIKit composites a view with its subviews (`allowsGroupOpacity`):
        // what a shape shows is the product of the alphas down the chain.
        if n.alpha != 1 { writer.attribute("opacity", min(1, max(0, n.alpha))) }
        if n.role == .window { writer.raw(" clip-path=\"url(#window)\"") }
        writer.raw(">\n")
    }

    /// What a view draws under its subviews, in its group: `openView` after the group's opening.
    mutating func drawOwn(_ n: SnapshotNode, toWindow parent: ProjectiveTransform, visible: Bool) -> DrawnView {
        let toWindow = n.toSuperview.concatenating(parent)
        let quad = n.quad(toWindow: toWindow)
        // A view turned away while not double-sided, or clipped away, draws none of its own
        // content; its subviews are layers of their own (docs/viewer.md § Drawing).
        if visible {
            if n.layer.shadowOpacity > 0, quad != nil { shadow(n, toWindow) }
            if n.layer.cornerRadius > 0, quad != nil { roundedShape(n, toWindow) } else { shape(n, quad) }
            if let quad { content(n, quad, toWindow) }
        }
        let clips = n.layer.clipsToBounds && quad != nil
        if clips { beginClip(n, toWindow) }
        return DrawnView(toWindow: toWindow, onScreen: quad != nil, clips: clips)
    }

    /// What a view draws over its subviews, and the end of its group.
    mutating func closeView(_ n: SnapshotNode, _ drawn: DrawnView, visible: Bool) {
        if drawn.clips { writer.raw("</g>\n") }
        // Core Animation composites the border above the content and the sublayers.
        if visible, n.layer.borderWidth > 0, drawn.onScreen { border(n, drawn.toWindow) }
        writer.raw("</g>\n")
    }

    /// The view's own shape: its quadrilateral filled with its background colour, or outlined
    /// faintly when it has none; with no points when a corner is behind the eye.
    mutating func shape(_ n: SnapshotNode, _ quad: [Point]?) {
        writer.raw("<polygon")
        writer.points(quad ?? [])
        paint(n, nonScalingOutline: false)
        writer.raw("/>\n")
    }

    /// What the view draws over its background: its image, its text, and the marks of its role.
    mutating func content(_ n: SnapshotNode, _ quad: [Point], _ toWindow: ProjectiveTransform) {
        let place = toWindow.affineApproximation(at: n.bounds.center)
        if n.role == .backIndicator {
            chevron(n.bounds, toWindow)
        } else if let image = n.image {
            writer.raw("<polygon")
            writer.points(quad)
            fill(SVGStyle.imageColor(image))
            writer.raw("/>\n")
            // A placeholder's diagonals: straight lines stay straight under any projection.
            writer.raw("<path d=\"M"); point(quad[0]); writer.raw("L"); point(quad[2])
            writer.raw("M"); point(quad[1]); writer.raw("L"); point(quad[3])
            writer.raw("\" fill=\"none\" stroke=\"#ffffff\" stroke-opacity=\"0.5\"/>\n")
            if let place {
                label(image, at: n.bounds.center, place, style: SVGStyle.TextStyle(size: SVGStyle.imageNameSize, centered: true))
            }
        }
        if let text = n.text, !text.isEmpty, let place {
            var style = SVGStyle.textStyle(kind: n.kind, role: n.role)
            if let size = n.fontSize { style.size = size }
            let x = style.centered ? n.bounds.midX : n.bounds.minX + style.inset
            label(text, at: Point(x: x, y: n.bounds.midY), place, style: style)
        }
        switch n.role {
        case .navigationBar: line(quad[3], quad[2], SVGStyle.hairline)
        // The floating capsule of iOS 26 has no top edge to draw.
        case .tabBar where n.layer.cornerRadius == 0: line(quad[0], quad[1], SVGStyle.hairline)
        case .snapshot:
            writer.raw("<polygon")
            writer.points(quad)
            writer.raw(" fill=\"none\"")
            writer.attribute("stroke", SVGStyle.snapshotMark)
            writer.raw(" stroke-dasharray=\"4 3\"/>\n")
            if let place {
                label("snapshot", at: Point(x: n.bounds.minX + 2, y: n.bounds.minY + SVGStyle.snapshotTagSize * 0.75), place,
                      style: SVGStyle.TextStyle(size: SVGStyle.snapshotTagSize, centered: false, color: SVGStyle.snapshotMark))
            }
        default: break
        }
    }

    /// `text` set at `p` (bounds coordinates, vertically centred there), placed on screen by `place`.
    mutating func label(_ text: String, at p: Point, _ place: AffineTransform, style: SVGStyle.TextStyle) {
        writer.raw("<text")
        writer.attribute("x", p.x)
        writer.attribute("y", p.y)
        writer.transform(place)
        writer.attribute("font-size", style.size)
        if style.bold { writer.raw(" font-weight=\"600\"") }
        if style.centered { writer.raw(" text-anchor=\"middle\"") }
        writer.raw(" dominant-baseline=\"central\"")
        writer.attribute("fill", style.color)
        writer.raw(">")
        writer.text(text)
        writer.raw("</text>\n")
    }

    /// The back indicator as UIKit draws it: a `<` in the tint, the height of its bounds, stroked
    /// through the view's own projection (so it turns and fades with the bar like any view).
    mutating func chevron(_ b: Rect, _ toWindow: ProjectiveTransform) {
        let corners = [Point(x: b.maxX - b.width * 0.2, y: b.minY + b.height * 0.1), Point(x: b.minX + b.width * 0.2, y: b.midY),
                       Point(x: b.maxX - b.width * 0.2, y: b.maxY - b.height * 0.1)]
        let onScreen = corners.compactMap { toWindow.apply(to: $0) }
        guard onScreen.count == 3 else { return }
        writer.raw("<path d=\"M"); point(onScreen[0]); writer.raw("L"); point(onScreen[1]); writer.raw("L"); point(onScreen[2]); writer.raw("\"")
        writer.raw(" fill=\"none\"")
        writer.attribute("stroke", SVGStyle.tint)
        writer.raw(" stroke-width=\"3\" stroke-linecap=\"round\" stroke-linejoin=\"round\"/>\n")
    }

    mutating func line(_ a: Point, _ b: Point, _ color: Color) {
        writer.raw("<path d=\"M"); point(a); writer.raw("L"); point(b); writer.raw("\"")
        writer.attribute("stroke", color)
        writer.raw(" stroke-width=\"0.5\"/>\n")
    }

    /// A view's own paint: its background colour, or a faint outline where it has none so that
    /// the structure stays visible (docs/viewer.md § Drawing). `nonScalingOutline` keeps the
    /// outline's width on screen for shapes drawn in the view's own coordinates.
    mutating func paint(_ n: SnapshotNode, nonScalingOutline: Bool) {
        if let color = n.backgroundColor {
            fill(color)
            return
        }
        writer.raw(" fill=\"none\"")
        writer.attribute("stroke", SVGStyle.outline)
        writer.attribute("stroke-opacity", SVGStyle.outlineOpacity)
        writer.attribute("stroke-width", SVGStyle.outlineWidth)
        if nonScalingOutline { writer.raw(" vector-effect=\"non-scaling-stroke\"") }
    }

    mutating func fill(_ color: Color) {
        writer.attribute("fill", color)
        if color.alpha < 1 { writer.attribute("fill-opacity", max(0, color.alpha)) }
    }

    mutating func point(_ p: Point) {
        writer.number(p.x); writer.raw(" "); writer.number(p.y)
    }

    // MARK: Caption

    /// Two lines under the window: `t = 0.15 s · push (zoom)`, then `animating · percentComplete 0.5`
    /// (`t = 0 s`, then `idle`, before any transition).
    mutating func caption(time: Double, transition: TransitionState?, below windowHeight: Double) {
        writer.raw("<text class=\"caption\"")
        writer.attribute("font-size", SVGStyle.captionSize)
        writer.raw(" fill=\"#3c3c43\">")
        captionLine(windowHeight + SVGStyle.captionBaselines.0)
        writer.raw("t = ")
        writer.number(time)
        writer.raw(" s")
        if let t = transition {
            writer.raw(" · ")
            writer.text(t.operation.rawValue)
            writer.raw(" (")
            writer.text(t.animator)
            writer.raw(")</tspan>")
            captionLine(windowHeight + SVGStyle.captionBaselines.1)
            writer.text(t.phase.rawValue)
            writer.raw(" · percentComplete ")
            writer.number(t.percentComplete)
        } else {
            writer.raw("</tspan>")
            captionLine(windowHeight + SVGStyle.captionBaselines.1)
            writer.raw("idle")
        }
        writer.raw("</tspan></text>\n")
    }

    /// Opens a caption line whose baseline is `y`.
    mutating func captionLine(_ y: Double) {
        writer.raw("<tspan")
        writer.attribute("x", SVGStyle.captionInset)
        writer.attribute("y", y)
        writer.raw(">")
    }
}

extension Snapshot {
    /// The snapshot drawn, exactly as `GET …/snapshot.svg` answers it.
    public func svg(precision: Int? = nil) -> [UInt8] {
        var encoder = SVGEncoder(precision: precision)
        encoder.document(self)
        return encoder.writer.bytes
    }
}
