/// Where iOS 18's fluid zoom meets its source: the clipping container's frame and corner radius
/// at the source end, and how the zoomed page sits inside it there (docs/semantics.md § Zoom).
/// At the other end the container fills the transition's container, the page at rest in it.
struct ZoomGeometry: Sendable, Equatable {
    /// The container's frame at the source end, in the transition container's coordinates
    /// (points): the source view's frame, or a point at the centre when the source is gone.
    var source: Rect
    /// The source view's corner radius, points, that the container's clip starts from.
    var sourceCornerRadius: Double
    /// The page's scale at the source end, uniform: the alignment rect covers the source rect
    /// (the larger of the two ratios, as an aspect fill), so neither axis leaves a gap.
    var contentScale: Double
    /// The page's centre in the container's own coordinates at the source end (points), so that
    /// the alignment rect's centre sits on the source rect's centre.
    var contentCenter: Point

    /// The zoom into or out of `source` for a page of `page` size whose `alignment` rect (in the
    /// page's coordinates) meets the source.
    static func meeting(_ source: Rect, cornerRadius: Double, alignment: Rect, page: Size) -> ZoomGeometry {
        let sx = alignment.width > 0 ? source.width / alignment.width : 0
        let sy = alignment.height > 0 ? source.height / alignment.height : 0
        let scale = max(sx, sy)
        // The page scales about its centre: the alignment rect's centre lands at
        // centre + scale × (its offset from the page's centre).
        return ZoomGeometry(source: source, sourceCornerRadius: cornerRadius, contentScale: scale,
                            contentCenter: Point(x: source.width / 2 - scale * (alignment.midX - page.width / 2),
                                                 y: source.height / 2 - scale * (alignment.midY - page.height / 2)))
    }

    /// The zoom toward the container's centre when the source is gone (popped, hidden or
    /// scrolled out of the window): UIKit zooms into a stand-in source `width` points wide there
    /// (`_UIZoomTransitionSpec.fallbackSourceViewWidth`), as tall as the alignment rect's aspect
    /// makes it, square corners.
    static func gone(container: Size, alignment: Rect, page: Size, width: Double) -> ZoomGeometry {
        let height = alignment.width > 0 ? width * alignment.height / alignment.width : width
        return meeting(Rect(x: (container.width - width) / 2, y: (container.height - height) / 2, width: width, height: height),
                       cornerRadius: 0, alignment: alignment, page: page)
    }
}
