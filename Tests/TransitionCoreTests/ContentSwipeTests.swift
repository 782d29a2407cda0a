import JSONCodec
import Testing
@testable import TransitionCore

/// iOS 26's content back swipe: when it begins (rightward, level, not over a view that scrolls
/// horizontally, iOS 26 only) and that, begun, it is the edge swipe
/// (docs/semantics.md § The content back swipe).
@Suite struct ContentSwipeTests {
    /// Two controllers in a navigation controller on a 402 pt iOS `iOS` screen; the second holds
    /// a table of full-width rows and a carousel whose second card lies past its width.
    func stack(iOS: Int = 26) throws -> World {
        let scene = try SceneSpec.decode(json("""
        {"screen": {"width": 402, "height": 874, "scale": 3, "iOS": \(iOS)},
         "root": {"type": "navigation", "id": "nav", "viewControllers": [{"id": "one"}, {"id": "two", "view": {"id": "root", "children": [
           {"id": "list", "kind": "table", "frame": {"x": 0, "y": 300, "width": 402, "height": 400}, "children": [
             {"id": "row", "kind": "cell", "frame": {"x": 0, "y": 0, "width": 402, "height": 44}}]},
           {"id": "carousel", "kind": "collection", "frame": {"x": 0, "y": 100, "width": 402, "height": 150}, "children": [
             {"id": "card", "kind": "cell", "frame": {"x": 16, "y": 0, "width": 300, "height": 150}},
             {"id": "next", "kind": "cell", "frame": {"x": 332, "y": 0, "width": 300, "height": 150}}]}]}}]}}
        """), limits: SceneLimits())
        return try World(scene: scene)
    }

    /// Samples (phase, time, translation) of `recognizer`; the `began` one names `view`.
    func swipe(_ world: inout World, _ recognizer: String = "contentPan", view: String? = nil, began: Point = .zero, to x: Double) throws {
        let named = view.map { #", "view": "\#($0)""# } ?? ""
        try world.apply(try action(#"{"type": "gesture", "recognizer": "\#(recognizer)", "phase": "began", "at": 1, "translation": {"x": \#(began.x), "y": \#(began.y)}\#(named)}"#))
        for (phase, t) in [("changed", 1.05), ("changed", 1.1), ("ended", 1.15)] {
            try world.apply(try action(#"{"type": "gesture", "recognizer": "\#(recognizer)", "phase": "\#(phase)", "at": \#(t), "translation": {"x": \#(x), "y": 0}, "velocity": {"x": 0, "y": 0}}"#))
        }
    }

    /// Whether `error` is an invalid request (a 422) at `pointer`.
    func invalid(_ error: any Error, at pointer: String) -> Bool {
        guard let error = error as? SimulationError, case .invalid(let at) = error.kind else { return false }
        return at == pointer
    }

    func refusals(_ world: World) -> [String] {
        world.events.filter { $0.type == .diagnostic }.compactMap { event in
            event.arguments.first(where: { $0.key == "code" })?.value.stringValue
        }
    }

    @Test func itBeginsRightwardAndLevelOnly() {
        #expect(ContentSwipe.refusal(translation: Point(x: 0, y: 0)) == nil)
        #expect(ContentSwipe.refusal(translation: Point(x: -0.5, y: 0)) == .leftward)
        // The rise tolerated grows 0.8 pt a point along, from 10 pt, to at most 25 pt.
        #expect(ContentSwipe.refusal(translation: Point(x: 0, y: 9.9)) == nil)
        #expect(ContentSwipe.refusal(translation: Point(x: 0, y: -10)) == .vertical)
        #expect(ContentSwipe.refusal(translation: Point(x: 10, y: 17.9)) == nil)
        #expect(ContentSwipe.refusal(translation: Point(x: 10, y: 18)) == .vertical)
        #expect(ContentSwipe.refusal(translation: Point(x: 200, y: 24.9)) == nil)
        #expect(ContentSwipe.refusal(translation: Point(x: 200, y: 25)) == .vertical)
    }

    @Test func aScrollViewScrollsHorizontallyWhenItsContentIsWiderOrScrolledSideways() {
        let bounds = Rect(x: 0, y: 0, width: 402, height: 150)
        #expect(ContentSwipe.scrollsHorizontally(bounds: bounds, contentMaxX: 632))
        #expect(!ContentSwipe.scrollsHorizontally(bounds: bounds, contentMaxX: 402))
        #expect(ContentSwipe.scrollsHorizontally(bounds: Rect(x: 8, y: 0, width: 402, height: 150), contentMaxX: 402))
        // Scrolled down only: still not sideways.
        #expect(!ContentSwipe.scrollsHorizontally(bounds: Rect(x: 0, y: 300, width: 402, height: 150), contentMaxX: 402))
    }

    /// Begun, it is the edge swipe: the same frames and decision from the same samples.
    @Test(arguments: [150.0, 185, 190, 300])
    func itAnswersTheEdgeSwipesFrames(x: Double) throws {
        var content = try stack(), edge = try stack()
        try swipe(&content, view: "list/row", to: x)
        try swipe(&edge, "edgePan", to: x)
        #expect(content.gesture?.recognizer == .contentPan && edge.gesture?.recognizer == .edgePan)
        #expect(content.gesture?.decision == edge.gesture?.decision && content.gesture?.reason == .projection)
        // A still finger on 402 pt commits beyond 187.5 pt.
        #expect(content.gesture?.decision == (x > 187.5 ? .finish : .cancel))
        for t in [1.15, 1.2, 1.3, 1.6] {
            let a = content.shot(t).root, b = edge.shot(t).root
            for page in ["one", "two"] {
                #expect(a.find(page, "")?.windowFrame == b.find(page, "")?.windowFrame, "\(page) at \(t)")
                #expect(a.find(page, "")?.alpha == b.find(page, "")?.alpha, "\(page) at \(t)")
            }
            #expect(a.find(role: .navigationBar)?.windowFrame == b.find(role: .navigationBar)?.windowFrame)
        }
    }

    @Test func overTheCarouselNothingBegins() throws {
        var world = try stack()
        try swipe(&world, view: "carousel/card", to: 300)
        #expect(world.transitions.isEmpty && world.gesture == nil)
        #expect(refusals(world) == ["content-swipe-refused"])
        // Over the table it pops.
        world = try stack()
        try swipe(&world, view: "list/row", to: 300)
        #expect(world.gesture?.decision == .finish && refusals(world).isEmpty)
    }

    @Test func aLeftwardOrSteepStartBeginsNothing() throws {
        for began in [Point(x: -5, y: 0), Point(x: 40, y: 30)] {
            var world = try stack()
            try swipe(&world, began: began, to: 300)
            #expect(world.transitions.isEmpty && refusals(world) == ["content-swipe-refused"], "\(began)")
        }
    }

    @Test func beforeIOS26ItIsAnInvalidRequestAtItsRecognizer() throws {
        var world = try stack(iOS: 18)
        #expect {
            try world.apply(try action(#"{"type": "gesture", "recognizer": "contentPan", "phase": "began"}"#))
        } throws: { error in
            invalid(error, at: "/recognizer")
        }
    }

    @Test func anUnknownViewIsAnInvalidRequestAtItsMember() throws {
        var world = try stack()
        #expect {
            try world.apply(try action(#"{"type": "gesture", "recognizer": "contentPan", "phase": "began", "view": "list/nothing"}"#))
        } throws: { error in
            invalid(error, at: "/view")
        }
        #expect(throws: SimulationError.self) {
            _ = try action(#"{"type": "gesture", "recognizer": "edgePan", "phase": "began", "view": "list"}"#)
        }
    }
}
