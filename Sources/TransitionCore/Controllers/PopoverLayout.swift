/// Where UIKit puts a popover: its frame (the chrome, arrow included), the arrow's direction and
/// offset, and the content's frame, all in window points. The rule is
/// `-[_UIPopoverLayoutInfo _updateOutputs]` of iOS 18.2's UIKitCore with its defaults (the
/// content centred on the source, `canOverlapSourceViewRect` off, no landscape preference,
/// content insets 0: docs/semantics.md § Alerts and popovers).
struct PopoverLayout: Sendable, Equatable {
    /// The chrome's frame: the content plus the arrow's strip on the arrow's side.
    var frame: Rect
    var arrowDirection: PopoverArrowDirection
    /// How far the arrow's centre is from the middle of its edge, points (positive right or down),
    /// as UIKit computes it: source centre − frame centre, rounded.
    var arrowOffset: Double
    /// The presented controller's view.
    var content: Rect
    /// The arrow's bounding box: `arrowBase` along the edge, `arrowHeight` across it.
    var arrow: Rect

    /// `+[_UIPopoverShapeLayerChromeView arrowHeight]` (iOS 18.2): points the arrow stands out.
    static let arrowHeight = 13.0
    /// `+[_UIPopoverShapeLayerChromeView arrowBase]` (iOS 18.2): the arrow's width at the edge.
    static let arrowBase = 26.0
    /// `+[_UIPopoverShapeLayerChromeView cornerRadius]` (iOS 18.2), points.
    static let cornerRadius = 13.0
    /// `-[_UIPopoverShapeLayerChromeView maxNonPinnedOffset]` keeps the arrow this far (plus the
    /// corner radius) from a corner: half the edge − cornerRadius − 15.
    static let arrowCornerClearance = 15.0
    /// The chrome's fill. UIKit fills it with a blur (`_UIPopoverBackgroundVisualEffect`, style
    /// 1200), which the service does not draw: white stands for it (an estimate).
    static let chromeColor = Color.white

    /// `popoverLayoutMargins`' default, points from each edge of the area (Apple's
    /// UIPopoverPresentationController reference: 10 points along each edge).
    static let margin = 10.0

    /// `-[_UIPopoverPresentationMetrics defaultPreferredSmallContentSize]` (iOS 18.2): the
    /// content size of a controller without `preferredContentSize`, under 1024 pt wide.
    static let defaultSmallContentSize = Size(width: 320, height: 480)
    /// `-defaultPreferredLargeContentSize`: the same from 1024 pt wide
    /// (`-[UIPopoverPresentationController _defaultPopoverSize]` picks by the presentation's width).
    static let defaultLargeContentSize = Size(width: 375, height: 667)

    /// UIKit's content size for a presentation `width` points wide when the controller gives none.
    static func defaultContentSize(forWidth width: Double) -> Size {
        width < 1024 ? defaultSmallContentSize : defaultLargeContentSize
    }

    /// The chrome's size for `content` with the arrow on a side (`_popoverViewSizeForContentSize:arrowDirection:`).
    static func chromeSize(_ content: Size, _ direction: PopoverArrowDirection) -> Size {
        direction.isVertical ? Size(width: content.width, height: content.height + arrowHeight)
                             : Size(width: content.width + arrowHeight, height: content.height)
    }

    /// Lays out a popover of `content` size pointing at `source` inside `area` (the window's
    /// safe area inset by `margin`), with the arrow on one of `permitted` (not empty).
    static func place(content: Size, source: Rect, in area: Rect, permitted: [PopoverArrowDirection]) -> PopoverLayout {
        var best: (direction: PopoverArrowDirection, candidate: Rect, region: Rect, visible: Rect)?
        var bestArea = 0.0
        for direction in PopoverArrowDirection.tryOrder where permitted.contains(direction) {
            let candidate = self.candidate(direction, content: content, source: source)
            let region = intersection(allowedRegion(direction, source: source, in: area), area)
            let visible = intersection(candidate, region)
            let visibleArea = visible.width * visible.height
            if best == nil || visibleArea.rounded() > bestArea.rounded() {
                (best, bestArea) = ((direction, candidate, region, visible), visibleArea)
            }
        }
        guard let best else { preconditionFailure("a popover needs a permitted arrow direction") }
        // Slide the candidate back inside its region by what was cut off, then clip it to the region.
        let c = best.candidate, v = best.visible
        let x = v.minX <= c.minX ? c.minX - (c.width - v.width) : v.minX
        let y = v.minY <= c.minY ? c.minY - (c.height - v.height) : v.minY
        var frame = intersection(best.region, Rect(x: x, y: y, width: c.width, height: c.height))
        frame.origin = Point(x: frame.minX.rounded(), y: frame.minY.rounded())
        let direction = best.direction
        let offset = (direction.isVertical ? source.midX - frame.midX : source.midY - frame.midY).rounded()
        return PopoverLayout(frame: frame, arrowDirection: direction, arrowOffset: offset,
                             content: contentFrame(frame, direction), arrow: arrowFrame(frame, direction, offset: offset))
    }

    /// Where the chrome would stand with the arrow on `direction`'s side, before it is fitted:
    /// centred on the source along the arrow's edge, against the source across it.
    static func candidate(_ direction: PopoverArrowDirection, content: Size, source: Rect) -> Rect {
        let size = chromeSize(content, direction)
        let x = source.minX + (source.width / 2).rounded(.down) - (size.width / 2).rounded(.down)
        let y = source.minY + (source.height / 2).rounded(.down) - (size.height / 2).rounded(.down)
        switch direction {
        case .down: return Rect(x: x, y: source.minY - size.height, width: size.width, height: size.height)
        case .up: return Rect(x: x, y: source.maxY, width: size.width, height: size.height)
        case .left: return Rect(x: source.maxX, y: y, width: size.width, height: size.height)
        case .right: return Rect(x: source.minX - size.width, y: y, width: size.width, height: size.height)
        }
    }

    /// The part of `area` a popover with the arrow on `direction`'s side may cover without
    /// covering the source: above it, below it, or beside its centre line (UIKit's bound for the
    /// sideways ones is the source's middle, not its edge).
    static func allowedRegion(_ direction: PopoverArrowDirection, source: Rect, in area: Rect) -> Rect {
        switch direction {
        case .down: Rect(x: area.minX, y: area.minY, width: area.width, height: source.minY - area.minY)
        case .up: Rect(x: area.minX, y: source.maxY, width: area.width, height: area.maxY - source.maxY)
        case .left: Rect(x: source.midX, y: area.minY, width: area.maxX - source.midX, height: area.height)
        case .right: Rect(x: area.minX, y: area.minY, width: source.midX - area.minX, height: area.height)
        }
    }

    /// The content inside the chrome: all of it but the arrow's strip.
    static func contentFrame(_ frame: Rect, _ direction: PopoverArrowDirection) -> Rect {
        let h = arrowHeight
        switch direction {
        case .up: return Rect(x: frame.minX, y: frame.minY + h, width: frame.width, height: max(0, frame.height - h))
        case .down: return Rect(x: frame.minX, y: frame.minY, width: frame.width, height: max(0, frame.height - h))
        case .left: return Rect(x: frame.minX + h, y: frame.minY, width: max(0, frame.width - h), height: frame.height)
        case .right: return Rect(x: frame.minX, y: frame.minY, width: max(0, frame.width - h), height: frame.height)
        }
    }

    /// The arrow's box on its edge, its centre `offset` from the edge's middle, kept clear of the
    /// corners as the chrome keeps it (`maxNonPinnedOffset`; UIKit pins it into the corner beyond).
    static func arrowFrame(_ frame: Rect, _ direction: PopoverArrowDirection, offset: Double) -> Rect {
        let edge = direction.isVertical ? frame.width : frame.height
        let limit = max(0, (edge / 2).rounded(.down) - cornerRadius - arrowCornerClearance)
        let along = min(limit, max(-limit, offset))
        let (b, h) = (arrowBase, arrowHeight)
        switch direction {
        case .up: return Rect(x: frame.midX + along - b / 2, y: frame.minY, width: b, height: h)
        case .down: return Rect(x: frame.midX + along - b / 2, y: frame.maxY - h, width: b, height: h)
        case .left: return Rect(x: frame.minX, y: frame.midY + along - b / 2, width: h, height: b)
        case .right: return Rect(x: frame.maxX - h, y: frame.midY + along - b / 2, width: h, height: b)
        }
    }

    /// The arrow's tip in the chrome's unit coordinates, the anchor UIKit scales the popover about
    /// (`-[_UIModernPopoverAnimationController _anchorPointForArrowDirection:arrowOfset:popoverSize:]`):
    /// on the arrow's edge, `arrowOffset` from its middle.
    var arrowTipInUnitCoordinates: Point {
        switch arrowDirection {
        case .up: Point(x: frame.width > 0 ? arrowOffset / frame.width + 0.5 : 0.5, y: 0)
        case .down: Point(x: frame.width > 0 ? arrowOffset / frame.width + 0.5 : 0.5, y: 1)
        case .left: Point(x: 0, y: frame.height > 0 ? arrowOffset / frame.height + 0.5 : 0.5)
        case .right: Point(x: 1, y: frame.height > 0 ? arrowOffset / frame.height + 0.5 : 0.5)
        }
    }

    /// CGRectIntersection, with an empty result at the origin of `a` (zero size).
    static func intersection(_ a: Rect, _ b: Rect) -> Rect {
        let x0 = max(a.minX, b.minX), y0 = max(a.minY, b.minY)
        let x1 = min(a.maxX, b.maxX), y1 = min(a.maxY, b.maxY)
        guard x1 > x0, y1 > y0 else { return Rect(x: x0, y: y0, width: 0, height: 0) }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
