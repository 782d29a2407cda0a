import JSONCodec
import Testing
@testable import TransitionCore

/// iOS 26's phone sheet (docs/semantics.md § iOS 26): below full height the card floats 8 pt off
/// the left, right and bottom edges with corners concentric with the display's (62 − 8 on an
/// iPhone 17); within 10.2 pt of full height it is edge-attached; the page under it does not
/// recede; between detents the frame and radius blend by the card's top. iOS 18 is unchanged.
@Suite struct FloatingSheetTests {
    /// The iPhone 17: 402 × 874 pt, 34 pt bottom safe area, display corners 62 pt.
    let width = 402.0, h = 874.0, bottom = 34.0
    /// The large card's top (0.08 H) and height, and the largest custom value (above the bottom inset).
    var largeTop: Double { 0.08 * h }
    var full: Double { h - largeTop }
    var maximum: Double { full - bottom }

    /// An iPhone 17 at `iOS` with the sheet `s` of `sheet` presented without animation.
    func presented(_ sheet: String, iOS: Int = 26, animated: Bool = false) throws -> World {
        let scene = try SceneSpec.decode(json("""
        {"screen": {"device": "iPhone 17", "iOS": \(iOS)},
         "root": {"type": "navigation", "id": "nav", "viewControllers": [{"id": "a", "title": "A"}]}}
        """), limits: SceneLimits())
        var w = try World(scene: scene)
        try w.apply(try action(#"{"type": "present", "animated": \#(animated), "viewController": {"id": "s", "sheet": \#(sheet)}}"#))
        return w
    }

    func node(_ w: World, _ controller: String, at t: Double) throws -> SnapshotNode {
        try #require(w.shot(t).root.find(controller, ""))
    }

    /// Whether two frames agree to a billionth of a point (the card's top is 0.08 H in floating point).
    func same(_ a: Rect, _ b: Rect) -> Bool {
        abs(a.minX - b.minX) < 1e-9 && abs(a.minY - b.minY) < 1e-9 && abs(a.width - b.width) < 1e-9 && abs(a.height - b.height) < 1e-9
    }

    @Test func aMediumSheetFloatsInsetWithConcentricCorners() throws {
        let w = try presented(#"{"detents": ["medium", "large"]}"#)
        let card = try node(w, "s", at: 0)
        let top = h - full / 2
        #expect(same(card.windowFrame, Rect(x: 8, y: top, width: width - 16, height: h - 8 - top)))
        #expect(card.layer.cornerRadius == 54 && card.layer.maskedCorners == .all && card.layer.clipsToBounds)
        // The page under it keeps its size and square corners.
        let page = try node(w, "nav", at: 0)
        #expect(page.windowFrame == Rect(x: 0, y: 0, width: width, height: h) && page.layer.cornerRadius == 0)
    }

    @Test func theLargeSheetIsEdgeToEdgeAndThePageDoesNotRecede() throws {
        let w = try presented(#"{"detents": ["medium", "large"], "selectedDetent": "large"}"#)
        let card = try node(w, "s", at: 0)
        #expect(same(card.windowFrame, Rect(x: 0, y: largeTop, width: width, height: h - largeTop)))
        #expect(card.layer.cornerRadius == 10)
        let page = try node(w, "nav", at: 0)
        #expect(page.windowFrame == Rect(x: 0, y: 0, width: width, height: h) && page.layer.cornerRadius == 0)
    }

    @Test func aCustomDetentWithinTheToleranceFillsAndOneElevenPointsBelowFloats() throws {
        let near = try node(try presented(#"{"detents": [{"identifier": "tall", "height": \#(maximum - 10)}]}"#), "s", at: 0)
        #expect(near.windowFrame.minX == 0 && near.windowFrame.width == width && near.layer.cornerRadius == 10)
        #expect(abs(near.windowFrame.minY - (largeTop + 10)) < 1e-9 && abs(near.windowFrame.maxY - h) < 1e-9)
        let below = try node(try presented(#"{"detents": [{"identifier": "tall", "height": \#(maximum - 11)}]}"#), "s", at: 0)
        #expect(below.windowFrame.minX == 8 && below.windowFrame.width == width - 16 && below.layer.cornerRadius == 54)
        #expect(abs(below.windowFrame.minY - (largeTop + 11)) < 1e-9 && abs(below.windowFrame.maxY - (h - 8)) < 1e-9)
        // A value above the maximum is clamped to it: the full card.
        let over = try node(try presented(#"{"detents": [{"identifier": "tall", "height": 5000}]}"#), "s", at: 0)
        #expect(abs(over.windowFrame.minY - largeTop) < 1e-9 && over.windowFrame.width == width)
    }

    @Test func iOS18KeepsTheEdgeAttachedCardAndTheRecedingPage() throws {
        let w = try presented(#"{"detents": ["medium", "large"]}"#, iOS: 18)
        let card = try node(w, "s", at: 0)
        #expect(card.windowFrame.minX == 0 && card.windowFrame.width == width && card.layer.maskedCorners == .top && card.layer.cornerRadius == 10)
        #expect(try node(w, "nav", at: 0).transform != .identity, "the page recedes under a dimmed sheet")
    }

    @Test func thePresentationRisesToTheFloatingFrame() throws {
        let w = try presented(#"{"detents": ["medium"]}"#, animated: true)
        let start = try node(w, "s", at: 0), end = try node(w, "s", at: 2)
        #expect(start.windowFrame.minX == 8 && start.windowFrame.minY == h && start.layer.maskedCorners == .all)
        #expect(same(end.windowFrame, Rect(x: 8, y: h - full / 2, width: width - 16, height: full / 2 - 8)))
    }

    @Test func aPullFromMediumToLargeBlendsTheInsetAndTheRadius() throws {
        var w = try presented(#"{"detents": ["medium", "large"]}"#)
        let mediumTop = h - full / 2, travel = mediumTop - largeTop
        try w.apply(try action(#"{"type": "gesture", "recognizer": "pan", "phase": "began", "at": 1, "translation": {"x": 0, "y": 0}}"#))
        try w.apply(try action(#"{"type": "gesture", "recognizer": "pan", "phase": "changed", "at": 1.1, "translation": {"x": 0, "y": \#(-travel / 4)}}"#))
        let card = try node(w, "s", at: 1.1)
        // A quarter of the way up: 3/4 of the inset and of the radius above the full card's 10.
        #expect(abs(card.windowFrame.minX - 6) < 1e-9 && abs(card.windowFrame.width - (width - 12)) < 1e-9)
        #expect(abs(card.windowFrame.minY - (mediumTop - travel / 4)) < 1e-9 && abs(card.windowFrame.maxY - (h - 6)) < 1e-9)
        #expect(abs(card.layer.cornerRadius - (10 + 0.75 * 44)) < 1e-9)
        // Released there at rest it settles at medium, floating again.
        try w.apply(try action(#"{"type": "gesture", "recognizer": "pan", "phase": "ended", "at": 1.2, "translation": {"x": 0, "y": \#(-travel / 4)}, "velocity": {"x": 0, "y": 0}}"#))
        let rest = try node(w, "s", at: 3)
        #expect(rest.windowFrame.minX == 8 && rest.layer.cornerRadius == 54)
    }

    @Test func selectingLargeSpringsToFullWidth() throws {
        var w = try presented(#"{"detents": ["medium", "large"]}"#)
        try w.apply(try action(#"{"type": "selectDetent", "viewController": "s", "detent": "large", "at": 1}"#))
        let mid = try node(w, "s", at: 1.1), end = try node(w, "s", at: 3)
        #expect(mid.windowFrame.minX > 0 && mid.windowFrame.minX < 8 && mid.layer.cornerRadius > 10 && mid.layer.cornerRadius < 54)
        #expect(same(end.windowFrame, Rect(x: 0, y: largeTop, width: width, height: h - largeTop)) && end.layer.cornerRadius == 10)
    }

    @Test func theGrabberStaysCentredAsTheCardWidens() throws {
        var w = try presented(#"{"detents": ["medium", "large"], "prefersGrabberVisible": true}"#)
        func grabberX(_ t: Double) throws -> Double {
            let shot = w.shot(t)
            let grabber = try #require(shot.root.find(role: .sheetGrabber))
            let card = try #require(shot.root.find("s", ""))
            return grabber.windowFrame.midX - card.windowFrame.midX
        }
        #expect(abs(try grabberX(0)) < 1e-9)
        try w.apply(try action(#"{"type": "selectDetent", "viewController": "s", "detent": "large", "at": 1}"#))
        for t in [1.1, 3.0] { #expect(abs(try grabberX(t)) < 1e-9, "at \(t)") }
    }

    @Test func customDetentsAreOrderedByHeightAndNamedByIdentifier() throws {
        var w = try presented(#"{"detents": ["large", {"identifier": "peek", "height": 200}, "medium"]}"#)
        #expect(w.controllers[ControllerID("s")]?.settings.sheet?.detents.map(\.identifier) == ["peek", "medium", "large"])
        #expect(abs(try node(w, "s", at: 0).windowFrame.minY - (h - 200 - bottom)) < 1e-9, "the smallest is selected: 200 pt above the bottom inset")
        try w.apply(try action(#"{"type": "selectDetent", "viewController": "s", "detent": "medium", "at": 1}"#))
        #expect(abs(try node(w, "s", at: 3).windowFrame.minY - (h - full / 2)) < 1e-9)
        #expect(throws: SimulationError.self) { try w.apply(try action(#"{"type": "selectDetent", "viewController": "s", "detent": "tall", "at": 4}"#)) }
    }

    @Test func customDetentsNeedIOS16() throws {
        #expect(throws: SimulationError.self) {
            let scene = try SceneSpec.decode(json("""
            {"screen": {"device": "iPhone 8", "iOS": 15}, "root": {"type": "navigation", "id": "nav", "viewControllers": [{"id": "a"}]}}
            """), limits: SceneLimits())
            var w = try World(scene: scene)
            try w.apply(try action(#"{"type": "present", "viewController": {"id": "s", "sheet": {"detents": [{"identifier": "x", "height": 300}]}}}"#))
        }
    }
}
