import JSONCodec

/// `scroll`: the app sets a scroll view's content offset.
enum ScrollActions {
    static let decoders: [(type: String, decode: Action.Decoder)] = [
        ("scroll", { (r: inout SpecReader, _: SceneLimits) throws(SimulationError) -> any ActionBody in
            // UIKit scrolls an animated `setContentOffset:animated:` on the scroll view's own
            // display link "at a constant rate" (Apple, Scroll View Programming Guide), and no
            // public source gives its duration or curve: so only the immediate scroll is
            // simulated, and a scroll without `animated` is one.
            if r.object["animated"] == .bool(true) {
                throw SimulationError(r.path("animated"), "animated scrolling is not simulated (UIKit publishes no duration or curve for setContentOffset:animated:); leave it out or give false")
            }
            let controller = try r.string("viewController", maxLength: 64).map { ControllerID($0) }
            let view = try r.requiredString("view")
            guard let offset = try r.point("contentOffset") else { throw SimulationError(r.path("contentOffset"), "is required: {\"x\", \"y\"} in points") }
            var drag: ScrollDrag?
            if let name = try r.string("drag", maxLength: 16) {
                guard let parsed = ScrollDrag(rawValue: name) else {
                    throw SimulationError(r.path("drag"), "unknown drag phase '\(name)'; one of \(ScrollDrag.list)")
                }
                drag = parsed
            }
            return Scroll(controller: controller, view: view, contentOffset: offset, drag: drag)
        }),
    ]

    struct Scroll: ActionBody {
        /// The controller whose views hold the scroll view; nil: the front-most one on screen.
        var controller: ControllerID?
        /// The scroll view's path among its controller's views ("" for its root view).
        var view: String
        /// Points of content scrolled past: the scroll view's new `bounds.origin`.
        var contentOffset: Point
        /// A person's finger moved the content there; nil: the app set the offset.
        var drag: ScrollDrag?

        func perform(_ action: Action, on world: inout World) throws(SimulationError) {
            let owner = controller ?? world.frontChain().last ?? world.rootController
            let scrolled = try world.setContentOffset(contentOffset, ofViewAt: view, in: owner, pointer: action.pointer)
            world.followScroll(of: owner)
            world.followScrollAway(of: scrolled.view, in: owner, from: scrolled.previous.y, drag: drag)
        }
    }
}
