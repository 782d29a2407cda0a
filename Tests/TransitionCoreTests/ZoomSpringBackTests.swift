import JSONCodec
import Testing
@testable import TransitionCore

/// A released zoom-out gesture that cancelled springs the page back to full screen; a new
/// dismissing gesture or a `pop` / `dismiss` catches it there (docs/semantics.md § Zoom, **Caught
/// springing back**): the cancel ends at once, the new zoom out starts where the screen showed the
/// views.
extension ZoomInterruptionTests {
    /// `detail` pushed (or presented full screen) by the zoom, settled at 1, then swiped (or
    /// pinched) below its threshold from 1 to 1.2, released at rest: at `t` (1.25) its cancel
    /// springs it back. Returns the world at `t` and where the page stands, p (1 − q) of the way to
    /// the cell, with p the released progress and q the cancel spring's value t − 1.2 s in.
    func springingBack(_ recognizer: String = "pan", present: Bool = false, at t: Double = 1.25) throws -> (World, progress: Double) {
        var w = try thingsScene()
        try w.apply(try action(present ? #"{"type": "present", "modalPresentationStyle": "fullScreen", "viewController": "# + (try detail()) + "}"
                                    : #"{"type": "push", "viewController": "# + (try detail()) + "}"))
        w.advance(to: 1)
        let moved = recognizer == "pinch" ? #""scale": 0.8"# : #""translation": {"x": 20, "y": 40}, "velocity": {"x": 0, "y": 0}"#
        try w.apply(try action(#"{"type": "gesture", "recognizer": "\#(recognizer)", "phase": "began", "scale": 1, "at": 1}"#))
        try w.apply(try action(#"{"type": "gesture", "recognizer": "\#(recognizer)", "phase": "changed", "at": 1.1, "# + moved + "}"))
        try w.apply(try action(#"{"type": "gesture", "recognizer": "\#(recognizer)", "phase": "ended", "at": 1.2, "# + moved + "}"))
        #expect(w.gesture?.decision == .cancel)
        w.advance(to: t)
        let released = recognizer == "pinch" ? 0.2 : 40.0 / 568
        let spring = Catalogue.shared.fluidZoomParameters.releaseSpring(commit: false, velocity: 0)
        return (w, released * (1 - spring.value(at: t - 1.2)))
    }

    /// The clip's frame in the window with its offset, corners, page, veil, and the clip's
    /// transform: equal to 1e-9.
    func expectSamePose(_ w: World, _ before: World, at t: Double) throws {
        let a = try zoomPose(before, at: t), b = try zoomPose(w, at: t)
        let d = [a.clip.minX - b.clip.minX, a.clip.minY - b.clip.minY, a.clip.width - b.clip.width, a.clip.height - b.clip.height,
                 a.radius - b.radius, a.page.minX - b.page.minX, a.page.minY - b.page.minY, a.page.width - b.page.width,
                 a.page.height - b.page.height, a.veil - b.veil].map(abs).max() ?? 0
        #expect(d < 1e-9, "\(a) then \(b)")
        let ta = try #require(before.shot(t).root.find(role: .zoomContainer)).transform, tb = try #require(w.shot(t).root.find(role: .zoomContainer)).transform
        #expect(abs(ta.tx - tb.tx) < 1e-9 && abs(ta.ty - tb.ty) < 1e-9 && ta.a == tb.a && ta.d == tb.d)
    }

    /// A swipe down caught during the spring-back: the cancel ends (its cancelled callbacks), a
    /// new interactive zoom out holds the page where it stood (progress p, nothing jumps, the
    /// finger's offset kept), and the finger carries it from there past the threshold to commit.
    @Test func aSwipeCatchesTheSpringBackAndCommits() throws {
        var (w, p) = try springingBack()
        let before = w, cancelled = try #require(w.transitions.last)
        #expect(cancelled.phase == .cancelling && abs(cancelled.percentComplete(at: 1.25) - p) < 1e-12)
        let seq = w.events.last?.seq ?? 0
        try w.apply(try action(#"{"type": "gesture", "recognizer": "pan", "phase": "began", "at": 1.25}"#))
        #expect(w.eventNames(after: seq) == ["completeTransition:nav", "viewWillDisappear:things", "viewDidDisappear:things",
                                             "viewWillAppear:detail", "viewDidAppear:detail",
                                             "viewWillDisappear:detail", "viewWillAppear:things", "willShow:nav",
                                             "animationControllerFor:nav", "animateTransition:nav", "updateInteractiveTransition:nav"])
        #expect(w[transition: cancelled.id].phase == .cancelled && w[transition: cancelled.id].completedAt == 1.25)
        let held = try #require(w.transitions.last), g = try #require(w.gesture)
        #expect(held.id != cancelled.id && held.operation == .pop && held.phase == .interactive && held.tracking == .zoomDismiss)
        #expect(abs(g.progress - p) < 1e-12 && abs(held.percentComplete(at: 1.25) - p) < 1e-12 && g.transition == held.id)
        try expectSamePose(w, before, at: 1.25)
        expectSame(barLabels(before, at: 1.25), barLabels(w, at: 1.25))
        // The finger holds it: nothing moves until it does.
        let caught = try zoomPose(w, at: 1.25)
        #expect(try zoomPose(w, at: 1.3).clip == caught.clip)
        // 60 pt further down: p + 60 / 568 of the way, the clip's centre 60 pt lower.
        try w.apply(try action(#"{"type": "gesture", "recognizer": "pan", "phase": "changed", "translation": {"x": 0, "y": 60}, "at": 1.3}"#))
        let moved = try zoomPose(w, at: 1.3), progress = p + 60.0 / 568
        let dragged = try #require(w.gesture)
        #expect(abs(dragged.progress - progress) < 1e-12)
        #expect(abs(moved.clip.width - (320 + (caught.clip.width - 320) * progress / p)) < 1e-9)
        #expect(abs(moved.clip.midY - caught.clip.midY - 60) < 1e-9 && abs(moved.clip.midX - caught.clip.midX) < 1e-9)
        #expect(abs(moved.veil - 0.15 * (1 - progress)) < 1e-9)
        // Past the threshold (0.1) from there: it commits, and the page goes into the cell.
        try w.apply(try action(#"{"type": "gesture", "recognizer": "pan", "phase": "ended", "translation": {"x": 0, "y": 60}, "at": 1.35}"#))
        #expect(w.gesture?.decision == .finish && w.gesture?.reason == .threshold)
        w.advance(to: 3)
        #expect(w.transitions.last?.phase == .completed && w[controller: ControllerID("nav")].children == [ControllerID("things")])
        #expect(w.transitions.last?.diagnostics.isEmpty == true)
    }

    /// Caught and released short of the threshold again, it springs back to full screen (not to
    /// where it was caught) and rests there, filling the screen.
    @Test func aCaughtSwipeReleasedShortSpringsBackToFullScreen() throws {
        var (w, p) = try springingBack()
        try w.apply(try action(#"{"type": "gesture", "recognizer": "pan", "phase": "began", "at": 1.25}"#))
        try w.apply(try action(#"{"type": "gesture", "recognizer": "pan", "phase": "changed", "translation": {"x": 0, "y": 5}, "at": 1.3}"#))
        try w.apply(try action(#"{"type": "gesture", "recognizer": "pan", "phase": "ended", "translation": {"x": 0, "y": 5}, "at": 1.35}"#))
        #expect(w.gesture?.decision == .cancel && p + 5.0 / 568 < 0.1)
        let released = w
        w.advance(to: 3)
        #expect(w.transitions.last?.phase == .cancelled && w.shot(3).root.find("detail", "")?.windowFrame == Rect(x: 0, y: 0, width: 320, height: 568))
        // Just before it ends the page is all but full screen: no jump at its end.
        let end = try #require(w.transitions.last?.completedAt)
        #expect(try zoomPose(released, at: end - 1e-3).clip.width > 319.9)
    }

    /// A swipe caught during the zoom in (which completes) holds the zoom out from full screen
    /// where the page stood, π of the way to the cell: nothing jumps, the bar included; released
    /// short, the page and the bar go back to the pushed page at rest, as a settled push shows them.
    @Test func aSwipeCaughtDuringTheZoomInSpringsBackToFullScreen() throws {
        var w = try thingsScene()
        try w.apply(try action(#"{"type": "push", "viewController": "# + (try detail()) + "}"))
        var settled = w
        w.advance(to: 0.25)
        let before = w, caught = try zoomPose(w, at: 0.25)
        let pi = (320 - caught.clip.width) / (320 - 100)
        try w.apply(try action(#"{"type": "gesture", "recognizer": "pan", "phase": "began", "at": 0.25}"#))
        let held = try #require(w.transitions.last), g = try #require(w.gesture)
        #expect(held.operation == .pop && held.phase == .interactive && held.tracking == .zoomDismiss)
        #expect(abs(g.progress - pi) < 1e-9 && abs(held.percentComplete(at: 0.25) - pi) < 1e-9 && g.origin == g.progress)
        try expectSamePose(w, before, at: 0.25)
        expectSame(barLabels(before, at: 0.25), barLabels(w, at: 0.25))
        try w.apply(try action(#"{"type": "gesture", "recognizer": "pan", "phase": "ended", "translation": {"x": 0, "y": 10}, "at": 0.3}"#))
        #expect(w.gesture?.decision == .cancel && pi + 10.0 / 568 < 0.1)
        let released = w
        w.advance(to: 2)
        settled.advance(to: 2)
        let end = try #require(w.transitions.last?.completedAt)
        #expect(w.transitions.last?.phase == .cancelled && w.shot(2).root.find("detail", "")?.windowFrame == Rect(x: 0, y: 0, width: 320, height: 568))
        #expect(try zoomPose(released, at: end - 1e-3).clip.width > 319.9)
        expectSame(barLabels(settled, at: 2), barLabels(w, at: 2))
    }

    /// A pinch caught likewise: its progress goes on from where the page stood, 1 − scale / the
    /// scale at the new `began` added.
    @Test func aPinchCatchesTheSpringBack() throws {
        var (w, p) = try springingBack("pinch")
        let before = w
        try w.apply(try action(#"{"type": "gesture", "recognizer": "pinch", "phase": "began", "scale": 1, "at": 1.25}"#))
        try expectSamePose(w, before, at: 1.25)
        let began = try #require(w.gesture)
        #expect(abs(began.progress - p) < 1e-12)
        try w.apply(try action(#"{"type": "gesture", "recognizer": "pinch", "phase": "changed", "scale": 0.6, "at": 1.3}"#))
        let pinched = try #require(w.gesture), zoomOut = try #require(w.transitions.last)
        #expect(abs(pinched.progress - (p + 0.4)) < 1e-12 && abs(zoomOut.percentComplete(at: 1.3) - (p + 0.4)) < 1e-12)
        try w.apply(try action(#"{"type": "gesture", "recognizer": "pinch", "phase": "ended", "scale": 0.6, "at": 1.35}"#))
        #expect(w.gesture?.decision == (p + 0.4 >= 0.5 ? .finish : .cancel))
    }

    /// A pop during the spring-back: the cancel ends, and the zoom out runs on its flight spring
    /// from where the page stood, seeded with the spring-back's velocity, which points back to
    /// full screen: v₀ = π′ / (1 − π), negative (π = p(1 − q) where the page stands, π′ = −p q′).
    /// The frames follow the seeded spring's closed form, and the rates carry over.
    @Test func aPopDuringTheSpringBackGoesOnWithItsVelocity() throws {
        var (w, p) = try springingBack()
        let before = try springingBack(at: 1.25 - 1e-4).0
        var start = try thingsScene()
        try start.apply(try action(#"{"type": "push", "viewController": "# + (try detail()) + "}"))
        let source = try zoomPose(start, at: 0).clip
        let cancel = Catalogue.shared.fluidZoomParameters.releaseSpring(commit: false, velocity: 0)
        let rate = -(40.0 / 568) * cancel.velocity(at: 0.05)
        let c = try zoomPose(w, at: 1.25), c0 = try #require(w.shot(1.25).root.find(role: .zoomContainer)).transform.ty
        #expect(c0 > 1)
        let seq = w.events.last?.seq ?? 0
        try w.apply(try action(#"{"type": "pop"}"#))
        #expect(w.eventNames(after: seq) == ["completeTransition:nav", "viewWillDisappear:things", "viewDidDisappear:things",
                                             "viewWillAppear:detail", "viewDidAppear:detail",
                                             "viewWillDisappear:detail", "viewWillAppear:things", "willShow:nav",
                                             "animationControllerFor:nav", "animateTransition:nav"])
        let pop = try #require(w.transitions.last)
        #expect(pop.phase == .animating && pop.operation == .pop && pop.animator == "fluidZoom" && pop.tracking == nil)
        let v0 = rate / (1 - p)
        let seed = try #require(pop.springVelocity)
        #expect(v0 < 0 && abs(seed - v0) < 1e-9)
        try expectSamePose(w, before, at: 1.25)
        let seeded = Spring.response(0.33, dampingRatio: 1, initialVelocity: v0)
        for delta in [0.001, 0.01, 0.05, 0.2] {
            let q = seeded.value(at: delta), shown = try zoomPose(w, at: 1.25 + delta)
            #expect(abs(shown.clip.width - (c.clip.width + (source.width - c.clip.width) * q)) < 1e-9)
            // The swipe's offset of the clip goes on springing to nothing apart: the frame without it.
            let offset = try #require(w.shot(1.25 + delta).root.find(role: .zoomContainer)).transform.ty
            #expect(abs(shown.clip.minY - offset - (c.clip.minY - c0 + (source.minY - c.clip.minY + c0) * q)) < 1e-9)
            #expect(abs(shown.veil - c.veil * (1 - q)) < 1e-9)
        }
        expectSameRates(try rates(before, w, at: 1.25), "pop during the spring-back")
        w.advance(to: 3)
        #expect(w.transitions.last?.phase == .completed && w[controller: ControllerID("nav")].children == [ControllerID("things")])
    }

    /// A dismissal during a presentation's spring-back does the same, in the presentation's order.
    @Test func aDismissDuringTheSpringBackStartsWhereThePageIs() throws {
        var (w, _) = try springingBack(present: true)
        let before = w, seq = w.events.last?.seq ?? 0
        try w.apply(try action(#"{"type": "dismiss"}"#))
        #expect(w.eventNames(after: seq) == ["completeTransition:detail", "viewWillAppear:detail", "viewDidAppear:detail",
                                             "viewWillDisappear:nav", "viewWillDisappear:things", "viewDidDisappear:nav", "viewDidDisappear:things",
                                             "animationControllerFor:detail", "viewWillDisappear:detail", "viewWillAppear:nav",
                                             "viewWillAppear:things", "animateTransition:detail"])
        #expect(w.transitions.last?.operation == .dismiss && w.transitions.last?.phase == .animating)
        try expectSamePose(w, before, at: 1.25)
        w.advance(to: 3)
        #expect(w[controller: ControllerID("nav")].presented == nil)
    }

    /// Anything else during the spring-back meets it as before, the cancel untouched: a pop with
    /// an animator of the action's, one not animated, a push.
    @Test(arguments: [#"{"type": "pop", "animator": "slide"}"#, #"{"type": "pop", "animated": false}"#, #"{"type": "pop", "interactive": true}"#])
    func anotherActionDuringTheSpringBackIsRefused(body: String) throws {
        var (w, _) = try springingBack()
        let running = try #require(w.runningTransition)
        #expect(throws: SimulationError.self) { try w.apply(try action(body)) }
        #expect(w.runningTransition?.id == running.id && w.runningTransition?.phase == .cancelling)
    }
}
