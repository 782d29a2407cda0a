import JSONCodec
import Testing
@testable import TransitionCore

/// A pull on a sheet with several detents (docs/semantics.md § Modal presentation): the card
/// follows the finger between detents, the veil and the covered page following the
/// largest-undimmed-detent rule in proportion; the release settles by UIKit's rule
/// (`SheetRelease`) on the sheet's spring; only below the smallest detent does the pull become
/// the dismissal.
@Suite struct DetentPullTests {
    let h = 852.0, width = 393.0
    /// The card's top at each detent on an iPhone 15: large 0.08 H, medium half the large card's height.
    var largeTop: Double { 0.08 * h }
    var mediumTop: Double { h - 0.46 * h }

    /// An iPhone 15 on iOS 17 with a resting sheet `s` at t = 1.
    func resting(_ sheet: String = #"{"detents": ["medium", "large"], "largestUndimmedDetent": "medium"}"#, modal: Bool = false) throws -> World {
        let scene = try SceneSpec.decode(json("""
        {"screen": {"device": "iPhone 15", "iOS": 17},
         "root": {"type": "navigation", "id": "nav", "viewControllers": [{"id": "a", "title": "A"}]}}
        """), limits: SceneLimits())
        var w = try World(scene: scene)
        try w.apply(try action(#"{"type": "present", "viewController": {"id": "s", "isModalInPresentation": \#(modal), "sheet": \#(sheet)}}"#))
        w.advance(to: 1)
        return w
    }

    /// Applies pan samples `(phase, t, translation.y, velocity.y)`.
    func pan(_ w: inout World, _ samples: [(String, Double, Double, Double)]) throws {
        for (phase, t, dy, vy) in samples {
            try w.apply(try action(#"{"type": "gesture", "recognizer": "pan", "phase": "\#(phase)", "at": \#(t), "translation": {"x": 0, "y": \#(dy)}, "velocity": {"x": 0, "y": \#(vy)}}"#))
        }
    }

    func frame(_ w: World, _ controller: String, at t: Double) throws -> Rect {
        try #require(w.shot(t).root.find(controller, "")).windowFrame
    }

    @Test func theCardFollowsTheFingerAndThePageFollowsTheUndimmedRule() throws {
        var w = try resting()
        let before = w.events.nextSeq - 1
        try pan(&w, [("began", 1, 0, 0)])
        for (i, dy) in [-100.0, -250, -(mediumTop - largeTop)].enumerated() {
            let t = 1 + 0.05 * Double(i + 1)
            try pan(&w, [("changed", t, dy, -300)])
            let top = mediumTop + dy, f = -dy / (mediumTop - largeTop)
            let card = try frame(w, "s", at: t)
            #expect(abs(card.minY - top) < 1e-6 && abs(card.maxY - h) < 1e-6, "card top at \(dy)")
            let page = try frame(w, "nav", at: t)
            #expect(abs(page.width - width * (1 - 0.0835 * f)) < 1e-6 && abs(page.minY - 0.07 * h * f) < 1e-6, "covered page at \(dy)")
            #expect(abs((w.shot(t).root.find(role: .dimming)?.alpha ?? -1) - 0.1 * f) < 1e-9, "veil at \(dy)")
        }
        // Above the large detent the card stretches, by at most 0.008 H.
        try pan(&w, [("changed", 1.2, -(mediumTop - largeTop) - 40, -300)])
        #expect(try abs(frame(w, "s", at: 1.2).minY - (largeTop - 0.008 * h)) < 1e-6)
        // No transition, no dismissal events while it moves between detents.
        #expect(w.runningTransition == nil && w.eventNames(after: before) == [])
    }

    @Test func aSlowReleaseSettlesAtTheDetentNearestWhereItWouldCoast() throws {
        // 150 pt up from medium at 200 pt/s, coasting 19.8 pt more: nearer medium (169.8 pt) than large (222.12 pt).
        var near = try resting()
        let before = near.events.nextSeq - 1
        try pan(&near, [("began", 1, 0, 0), ("changed", 1.1, -150, -200), ("ended", 1.2, -150, -200)])
        #expect(near.eventNames(after: before) == [] && near[controller: "s"].settings.sheet?.selected == .medium)
        let spring = SheetRelease.spring
        for dt in [0.05, 0.1, 0.2] {
            #expect(try abs(frame(near, "s", at: 1.2 + dt).minY - (mediumTop - 150 + 150 * spring.value(at: dt))) < 0.5)
        }
        near.advance(to: 2)
        #expect(try abs(frame(near, "s", at: 2).minY - mediumTop) < 1e-9 && near.animations.animationCount == 0)
        // 250 pt up: nearer large; the selection changes and the delegate hears it.
        // 150 pt up at 900 pt/s coasts 89.1 pt to 239.1 pt above medium, nearer large: large.
        var coasting = try resting()
        try pan(&coasting, [("began", 1, 0, 0), ("changed", 1.1, -150, -900), ("ended", 1.2, -150, -900)])
        #expect(coasting[controller: "s"].settings.sheet?.selected == .large)
        var far = try resting()
        try pan(&far, [("began", 1, 0, 0), ("changed", 1.1, -250, -200), ("ended", 1.2, -250, -200)])
        #expect(far.eventNames(after: before) == ["sheetPresentationControllerDidChangeSelectedDetentIdentifier:s"])
        #expect(far.events.last?.arguments.first?.value == .string("large"))
        let from = mediumTop - 250
        for dt in [0.05, 0.1, 0.2] {
            let s = spring.value(at: dt)
            #expect(try abs(frame(far, "s", at: 1.2 + dt).minY - (from + (largeTop - from) * s)) < 0.5)
            #expect(abs((far.shot(1.2 + dt).root.find(role: .dimming)?.alpha ?? -1) - (0.1 * 250 / (mediumTop - largeTop) + (0.1 - 0.1 * 250 / (mediumTop - largeTop)) * s)) < 0.002)
        }
        far.advance(to: 2)
        #expect(try abs(frame(far, "s", at: 2).minY - largeTop) < 1e-9 && abs(frame(far, "nav", at: 2).minY - 0.07 * h) < 1e-9)
    }

    @Test func aReleaseAt1000PointsASecondStepsOnOneDetent() throws {
        // 50 pt up at 1000 pt/s coasts 99 pt, still nearest medium, which the card has passed going
        // up: the next detent up, large.
        var up = try resting()
        try pan(&up, [("began", 1, 0, 0), ("changed", 1.05, -50, -1000), ("ended", 1.1, -50, -1000)])
        #expect(up[controller: "s"].settings.sheet?.selected == .large)
        // The spring after a release that fast is damped 0.8: it overshoots large a little.
        let fast = SheetRelease.spring(releasedAt: -1000)
        #expect(abs(fast.dampingRatio - 0.8) < 1e-12 && fast.value(at: 0.3) > 1)
        let from = mediumTop - 50
        #expect(try abs(frame(up, "s", at: 1.4).minY - (from + (largeTop - from) * fast.value(at: 0.3))) < 0.5)
        #expect(try frame(up, "s", at: 1.4).minY < largeTop)
        // Just under 1000 pt/s: back to medium, on the critically damped spring.
        var slow = try resting()
        try pan(&slow, [("began", 1, 0, 0), ("changed", 1.05, -50, -999), ("ended", 1.1, -50, -999)])
        #expect(slow[controller: "s"].settings.sheet?.selected == .medium)
        #expect(try frame(slow, "s", at: 1.4).minY <= mediumTop + 1e-9)
        // Released fast below medium moving up, toward it: no step, medium.
        var toward = try resting(#"{"detents": ["medium", "large"], "selectedDetent": "large"}"#)
        let toMedium = mediumTop - largeTop
        try pan(&toward, [("began", 1, 0, 0), ("changed", 1.05, toMedium - 30, 100), ("changed", 1.1, toMedium + 20, 100)])
        // (the pull went below medium: it is the dismissal now, which a fast release upward cancels)
        try pan(&toward, [("ended", 1.15, toMedium + 20, -1500)])
        #expect(toward.gesture?.decision == .cancel)
        // Flung down from large at 1000 pt/s, 50 pt: coasting keeps it nearest large, which it has
        // passed going down: medium, not a dismissal.
        var down = try resting(#"{"detents": ["medium", "large"], "selectedDetent": "large"}"#)
        let before = down.events.nextSeq - 1
        try pan(&down, [("began", 1, 0, 0), ("changed", 1.05, 50, 1000), ("ended", 1.1, 50, 1000)])
        #expect(down.eventNames(after: before) == ["sheetPresentationControllerDidChangeSelectedDetentIdentifier:s"])
        down.advance(to: 2)
        #expect(try abs(frame(down, "s", at: 2).minY - mediumTop) < 1e-9 && down[controller: "s"].presented == nil)
        #expect(down.presentationChain().last == "s")
    }

    @Test func belowTheSmallestDetentThePullDismisses() throws {
        // From large, 100 pt below medium and back up a little: the dismissal at 100 / 391.92.
        var kept = try resting(#"{"detents": ["medium", "large"], "selectedDetent": "large"}"#)
        let before = kept.events.nextSeq - 1
        let toMedium = mediumTop - largeTop
        try pan(&kept, [("began", 1, 0, 0), ("changed", 1.1, toMedium - 50, 100)])
        #expect(kept.runningTransition == nil && kept.eventNames(after: before) == [])
        try pan(&kept, [("changed", 1.2, toMedium + 100, 100)])
        let progress = try #require(kept.gesture?.progress)
        #expect(abs(progress - 100 / (0.46 * h)) < 1e-9)
        #expect(try abs(frame(kept, "s", at: 1.2).minY - (mediumTop + 100)) < 1e-6)
        try pan(&kept, [("ended", 1.3, toMedium + 100, 100)])
        #expect(kept.gesture?.decision == .cancel)
        kept.advance(to: 2)
        #expect(kept.eventNames(after: before) == [
            "presentationControllerWillDismiss:s", "animationControllerFor:s", "viewWillDisappear:s", "animateTransition:s",
            "updateInteractiveTransition:s", "cancelInteractiveTransition:s",
            "sheetPresentationControllerDidChangeSelectedDetentIdentifier:s", "completeTransition:s", "viewWillAppear:s", "viewDidAppear:s",
        ])
        #expect(try abs(frame(kept, "s", at: 2).minY - mediumTop) < 1e-9 && kept[controller: "s"].settings.sheet?.selected == .medium)
        // 250 pt below medium (64 % of its card): it goes, with the pull-down's events and no detent change.
        var gone = try resting(#"{"detents": ["medium", "large"], "selectedDetent": "large"}"#)
        try pan(&gone, [("began", 1, 0, 0), ("changed", 1.1, toMedium + 250, 100), ("ended", 1.2, toMedium + 250, 100)])
        #expect(gone.gesture?.decision == .finish && gone.gesture?.reason == .threshold)
        gone.advance(to: 2)
        let names = gone.eventNames(after: before)
        #expect(names.first == "presentationControllerWillDismiss:s" && names.last == "presentationControllerDidDismiss:s")
        #expect(!names.contains("sheetPresentationControllerDidChangeSelectedDetentIdentifier:s"))
        // Flung down from the smallest detent at 1000 pt/s: still nearest it after coasting 99 pt,
        // the card steps on to its dismissed position: it goes by velocity.
        var flung = try resting()
        try pan(&flung, [("began", 1, 0, 0), ("ended", 1.05, 0, 1000)])
        #expect(flung.gesture?.decision == .finish && flung.gesture?.reason == .velocity)
        var held = try resting()
        try pan(&held, [("began", 1, 0, 0), ("ended", 1.05, 0, 999)])
        #expect(held.gesture == nil && held.runningTransition == nil && held[controller: "s"].settings.sheet?.selected == .medium)
    }

    @Test func aModalSheetMovesBetweenDetentsButStays() throws {
        var w = try resting(modal: true)
        let before = w.events.nextSeq - 1
        try pan(&w, [("began", 1, 0, 0), ("changed", 1.1, -300, -100), ("ended", 1.2, -300, -100)])
        #expect(w.eventNames(after: before) == ["sheetPresentationControllerDidChangeSelectedDetentIdentifier:s"])
        w.advance(to: 2)
        let seq = w.events.nextSeq - 1
        let toMedium = mediumTop - largeTop
        try pan(&w, [("began", 2, 0, 0), ("changed", 2.1, toMedium + 80, 100), ("changed", 2.15, toMedium + 120, 100)])
        #expect(try abs(frame(w, "s", at: 2.15).minY - mediumTop) < 1e-6, "held at the smallest detent")
        try pan(&w, [("ended", 2.2, toMedium + 120, 2 * h)])
        w.advance(to: 3)
        #expect(w.eventNames(after: seq) == ["presentationControllerDidAttemptToDismiss:s",
                                              "sheetPresentationControllerDidChangeSelectedDetentIdentifier:s"])
        #expect(w.events.last?.arguments.first?.value == .string("medium"))
        #expect(try abs(frame(w, "s", at: 3).minY - mediumTop) < 1e-9 && w.presentationChain().last == "s")
    }

    @Test func aCancelledPullReturnsToItsDetentAndASecondBeganWaits() throws {
        var w = try resting()
        let before = w.events.nextSeq - 1
        try pan(&w, [("began", 1, 0, 0), ("changed", 1.1, -300, -100)])
        let error = #expect(throws: SimulationError.self) { try pan(&w, [("began", 1.15, 0, 0)]) }
        if case .conflict(let type, _)? = error?.kind { #expect(type == "gesture-in-progress") } else { Issue.record("not a conflict") }
        try pan(&w, [("cancelled", 1.2, -300, -100)])
        w.advance(to: 2)
        #expect(try abs(frame(w, "s", at: 2).minY - mediumTop) < 1e-9 && w.eventNames(after: before) == [])
        // A pull left unfinished when its sheet goes does not block the next sheet's.
        try pan(&w, [("began", 2, 0, 0)])
        try w.apply(try action(#"{"type": "dismiss", "at": 2}"#))
        w.advance(to: 3)
        let gone = w.events.nextSeq - 1
        try pan(&w, [("changed", 3, -100, 0)])
        #expect(w.eventNames(after: gone) == ["diagnostic:-"], "a sample with nothing left to move, as without a began")
        try w.apply(try action(#"{"type": "present", "viewController": {"id": "t", "sheet": {"detents": ["medium", "large"]}}}"#))
        w.advance(to: 4)
        try pan(&w, [("began", 4, 0, 0), ("changed", 4.1, -200, 0)])
        #expect(try abs(frame(w, "t", at: 4.1).minY - (mediumTop - 200)) < 1e-6)
    }
}
