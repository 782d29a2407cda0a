import JSONCodec
import TransitionCore

/// `POST …/compare.svg`: a comparison's first divergence as a picture (docs/golden.md § Pictures).
/// Two windows side by side at its time: on the left the expected frame, each view drawn as the
/// outline of its window frame unless hidden (expected frames are numbers, not views: a member the
/// frame does not give is the service's); on the right the service's frame as `snapshot.svg` draws it. The
/// divergent view is outlined in both, where it is.
extension SVGEncoder {
    static let divergenceColor = Color(red: 1, green: 0.176, blue: 0.333)
    static let divergenceWidth = 2.0

    mutating func comparison(expected: ComparedFrame, service shot: Snapshot, divergence: Divergence?) {
        let window = Self.windowSize(shot)
        var indexes = LeafIndexes()
        let service = ComparedFrame(shot, indexes: &indexes)
        let matcher = ViewMatcher(service)
        let x = window.width + SVGStyle.frameGap
        begin(frames: 2, window: window)
        writer.raw("<g class=\"frame expected\"")
        writer.attribute("data-time", expected.time)
        writer.raw(" clip-path=\"url(#window)\">\n")
        var divergentRect: (expected: Rect?, service: Rect?) = (nil, nil)
        for (order, view) in expected.views.enumerated() {
            let match = (try? matcher.match(view, at: expected.time, excluding: [])) ?? nil
            let rect = Self.windowFrame(view, else: match.map { service.views[$0] })
            // Hidden views are not drawn, as the service's drawing leaves them out.
            let hidden = (view.value(of: Self.hidden) ?? match.flatMap { service.views[$0].value(of: Self.hidden) }) == .whole(.bool(true))
            if let rect, !hidden { outline(rect, view: view, color: SVGStyle.outline, width: 1) }
            if divergence?.order == order {
                divergentRect = (rect, match.flatMap { Self.windowFrame(service.views[$0], else: nil) })
            }
        }
        if let divergence, divergence.kind == .unexpected {
            let view = service.views[divergence.order - expected.views.count]
            divergentRect = (nil, Self.windowFrame(view, else: nil))
        }
        if let rect = divergentRect.expected { outline(rect, view: nil, color: Self.divergenceColor, width: Self.divergenceWidth) }
        writer.raw("</g>\n")
        caption(expected.time, divergence, below: window.height)
        frame(shot, x: x)
        if let rect = divergentRect.service {
            writer.raw("<g class=\"divergence\" transform=\"translate(")
            writer.number(x)
            writer.raw(" 0)\">\n")
            outline(rect, view: nil, color: Self.divergenceColor, width: Self.divergenceWidth)
            writer.raw("</g>\n")
        }
        end()
    }

    /// The view's window frame, each member the view does not give taken from `fallback`.
    private static let hidden = LeafKey.named("hidden")!
    private static let windowFrameLeaves = ["x", "y", "width", "height"].map { LeafKey.named("windowFrame.\($0)")! }

    static func windowFrame(_ view: ComparedView, else fallback: ComparedView?) -> Rect? {
        var values: [Double] = []
        for leaf in windowFrameLeaves {
            let value = view.value(of: leaf) ?? fallback?.value(of: leaf)
            guard case .number(let n)? = value else { return nil }
            values.append(n)
        }
        return Rect(x: values[0], y: values[1], width: values[2], height: values[3])
    }

    private mutating func outline(_ r: Rect, view: ComparedView?, color: Color, width: Double) {
        writer.raw("<rect")
        if let view {
            if let vc = view.viewController { writer.attribute("data-view-controller", vc) }
            if let path = view.path { writer.attribute("data-path", path) } else if let id = view.id { writer.attribute("data-id", id) }
        } else {
            writer.raw(" class=\"divergence\"")
        }
        writer.attribute("x", r.minX)
        writer.attribute("y", r.minY)
        writer.attribute("width", r.width)
        writer.attribute("height", r.height)
        writer.raw(" fill=\"none\"")
        writer.attribute("stroke", color)
        writer.attribute("stroke-width", width)
        writer.raw("/>\n")
    }

    /// `expected · t = 0.0333 s`, then what diverges there and by how much (or `match`).
    private mutating func caption(_ time: Double, _ divergence: Divergence?, below windowHeight: Double) {
        writer.raw("<text class=\"caption\"")
        writer.attribute("font-size", SVGStyle.captionSize)
        writer.raw(" fill=\"#3c3c43\">")
        captionLine(windowHeight + SVGStyle.captionBaselines.0)
        writer.raw("expected · t = ")
        writer.number(time)
        writer.raw(" s</tspan>")
        captionLine(windowHeight + SVGStyle.captionBaselines.1)
        if let d = divergence {
            writer.text(d.viewController.map { "\($0):\(d.path ?? "")" } ?? d.view ?? "")
            writer.raw(" · ")
            writer.text(d.property ?? d.kind.rawValue)
            if let difference = d.difference, !difference.isNaN {
                writer.raw(" · difference ")
                writer.number(difference)
            }
        } else {
            writer.raw("match")
        }
        writer.raw("</tspan></text>\n")
    }
}
