import JSONCodec
import Testing
@testable import TransitionCore

/// `selectDetent` (docs/semantics.md § Modal presentation): the sheet moves to the detent on
/// UIKit's system spring (an estimate), the veil and the covered page following the
/// largest-undimmed-detent rule, with no delegate call (the app's change, not the user's); refusals are 409 detent-unavailable.
@Suite struct DetentSelectionTests {
    let h = 852.0, width = 393.0

    /// An iPhone 15 on iOS 17 with a resting sheet `s` (medium, undimmed up to medium) at t = 1.
    func resting(_ sheet: String = #"{"detents": ["medium", "large"], "largestUndimmedDetent": "medium"}"#) throws -> World {
        let scene = try SceneSpec.decode(json("""
        {"screen": {"device": "iPhone 15", "iOS": 17},
         "root": {"type": "navigation", "id": "nav", "viewControllers": [{"id": "a", "title": "A"}]}}
        """), limits: SceneLimits())
        var w = try World(scene: scene)
        try w.apply(try action(#"{"type": "present", "viewController": {"id": "s", "sheet": \#(sheet)}}"#))
        w.advance(to: 1)
        return w
    }

    func frame(_ w: World, _ controller: String, at t: Double) throws -> Rect {
        try #require(w.shot(t).root.find(controller, "")).windowFrame
    }

    func conflictType(_ error: SimulationError?) -> Conflict? {
        if case .conflict(let type, _)? = error?.kind { return type }
        return nil
    }

    /// The member a conflict names (its `pointer` extra).
    func conflictPointer(_ error: SimulationError?) -> String? {
        if case .conflict(_, let extras)? = error?.kind { return extras.first { $0.key == "pointer" }?.value.stringValue }
        return nil
    }

    @Test func mediumToLargeMovesOnTheSystemSpringAndDimsThePage() throws {
        var w = try resting()
        let before = w.events.nextSeq - 1
        try w.apply(try action(#"{"type": "selectDetent", "viewController": "s", "detent": "large"}"#))
        // An app's change: UIKit tells the delegate only of the user's (a pull logs it).
        #expect(w.eventNames(after: before) == [])
        #expect(w[controller: "s"].settings.sheet?.selected == .large)
        let spring = Spring.system
        let mediumTop = h - 0.46 * h, largeTop = 0.08 * h
        for dt in [0.02, 0.05, 0.1, 0.2, 0.3] {
            let s = spring.value(at: dt)
            let card = try frame(w, "s", at: 1 + dt)
            #expect(abs(card.minY - (mediumTop + (largeTop - mediumTop) * s)) < 0.5, "card top at +\(dt)")
            #expect(abs(card.maxY - h) < 0.5, "the card keeps its bottom at the screen's")
            let page = try frame(w, "nav", at: 1 + dt)
            #expect(abs(page.width - width * (1 - 0.0835 * s)) < 0.5, "covered width at +\(dt)")
            #expect(abs(page.minY - 0.07 * h * s) < 0.5, "covered top at +\(dt)")
            let veil = try #require(w.shot(1 + dt).root.find(role: .dimming))
            #expect(abs(veil.alpha - 0.1 * s) < 0.002, "veil at +\(dt)")
        }
        // Settled: exactly the large detent's layout, and nothing left in flight.
        let settle = spring.settlingDuration
        #expect(settle > 0.4 && settle < 0.7, "the critically damped system spring settles in about half a second")
        w.advance(to: 1 + settle + 0.01)
        let rest = try frame(w, "s", at: w.now)
        #expect(abs(rest.minY - largeTop) < 1e-9 && abs(rest.height - 0.92 * h) < 1e-9)
        #expect(w.animations.animationCount == 0)
        let page = try #require(w.shot(w.now).root.find("nav", ""))
        #expect(abs(page.windowFrame.minY - 0.07 * h) < 1e-9 && page.layer.cornerRadius == 12)
        // Dismissing then starts from the large detent.
        try w.apply(try action(#"{"type": "dismiss"}"#))
        w.advance(to: w.now + 1)
        #expect(try frame(w, "nav", at: w.now) == Rect(x: 0, y: 0, width: width, height: h))
    }

    @Test func withoutAnimationTheSheetIsAtTheDetentAtOnce() throws {
        var w = try resting(#"{"detents": ["medium", "large"], "selectedDetent": "large"}"#)
        try w.apply(try action(#"{"type": "selectDetent", "viewController": "s", "detent": "medium", "animated": false}"#))
        #expect(abs(try frame(w, "s", at: 1).minY - (h - 0.46 * h)) < 1e-9)
        // Without an undimmed detent the page stays shrunk and dimmed at medium too.
        #expect(abs(try frame(w, "nav", at: 1).minY - 0.07 * h) < 1e-9)
        #expect(w.shot(1).root.find(role: .dimming)?.alpha == 0.1)
    }

    @Test func theSelectedDetentAgainChangesNothing() throws {
        var w = try resting()
        let before = w.events.nextSeq - 1
        try w.apply(try action(#"{"type": "selectDetent", "viewController": "s", "detent": "medium"}"#))
        #expect(w.eventNames(after: before) == [])
        #expect(w.animations.animationCount == 0)
    }

    @Test func refusals() throws {
        var undeclared = try resting(#"{"detents": ["medium"]}"#)
        var error = #expect(throws: SimulationError.self) {
            try undeclared.apply(try action(#"{"type": "selectDetent", "viewController": "s", "detent": "large"}"#))
        }
        #expect(conflictType(error) == .detentUnavailable && conflictPointer(error) == "/detent")
        var plain = try resting()
        try plain.apply(try action(#"{"type": "dismiss"}"#))
        plain.advance(to: 3)
        try plain.apply(try action(#"{"type": "present", "viewController": {"id": "t"}}"#))
        plain.advance(to: 4)
        error = #expect(throws: SimulationError.self) {
            try plain.apply(try action(#"{"type": "selectDetent", "viewController": "t", "detent": "large"}"#))
        }
        #expect(conflictType(error) == .detentUnavailable && conflictPointer(error) == "/viewController")
        error = #expect(throws: SimulationError.self) {
            try plain.apply(try action(#"{"type": "selectDetent", "viewController": "ghost", "detent": "large"}"#))
        }
        #expect(conflictType(error) == .unknownController)
        // Still presenting: the container is busy.
        var busy = try resting()
        try busy.apply(try action(#"{"type": "dismiss"}"#))
        error = #expect(throws: SimulationError.self) {
            try busy.apply(try action(#"{"type": "selectDetent", "viewController": "s", "detent": "large"}"#))
        }
        #expect(conflictType(error) == .transitionInProgress)
        // An unknown name is invalid whatever the state (a custom detent's identifier is the
        // sheet's to know, so the world checks the name before anything else).
        var idle = try resting()
        for controller in ["s", "nobody"] {
            let invalid = #expect(throws: SimulationError.self) {
                try idle.apply(try action(#"{"type": "selectDetent", "viewController": "\#(controller)", "detent": "half"}"#))
            }
            #expect(conflictType(invalid) == nil && invalid?.pointer == "/detent")
        }
    }
}
