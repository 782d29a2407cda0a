import JSONCodec
import Testing
@testable import TransitionCore

/// An upward pull on a sheet (docs/reference.md § Sheets, Flutter's fit of iOS 18): the card's
/// top follows the finger up by at most 0.008 · H, its bottom staying, and springs back over
/// 180 ms easeOut on release; the pull's dismissal is cancelled.
@Suite struct SheetStretchTests {
    let h = 852.0

    func card(_ w: World, at t: Double) throws -> Rect {
        try #require(w.shot(t).root.find("s", "")).windowFrame
    }

    @Test func anUpwardPullStretchesTheCardAndItSpringsBack() throws {
        let scene = try SceneSpec.decode(json("""
        {"screen": {"device": "iPhone 15", "iOS": 17},
         "root": {"type": "navigation", "id": "nav", "viewControllers": [{"id": "a", "title": "A"}]}}
        """), limits: SceneLimits())
        var w = try World(scene: scene).presenting()
        let before = w.events.nextSeq - 1
        let rest = 0.08 * h, limit = 0.008 * h
        func sample(_ phase: String, _ t: Double, _ dy: Double, velocity: Double = 0) throws {
            try w.apply(try action(#"{"type": "gesture", "recognizer": "pan", "phase": "\#(phase)", "at": \#(t), "translation": {"x": 0, "y": \#(dy)}, "velocity": {"x": 0, "y": \#(velocity)}}"#))
        }
        try sample("began", 1, 0)
        try sample("changed", 1.05, -3)
        var frame = try card(w, at: 1.05)
        #expect(abs(frame.minY - (rest - 3)) < 1e-9 && abs(frame.maxY - h) < 1e-9, "the top follows the finger, the bottom stays")
        try sample("changed", 1.1, -50)
        frame = try card(w, at: 1.1)
        #expect(abs(frame.minY - (rest - limit)) < 1e-9 && abs(frame.maxY - h) < 1e-9, "at most 0.008 H")
        try sample("ended", 1.2, -50, velocity: -200)
        #expect(w.gesture?.decision == .cancel)
        for dt in [0.0, 0.045, 0.09, 0.135] {
            let travel = limit * (1 - TimingCurve.easeOut.value(at: dt, duration: 0.18))
            frame = try card(w, at: 1.2 + dt)
            #expect(abs(frame.minY - (rest - travel)) < 0.5, "springing back at +\(dt)")
        }
        w.advance(to: 2)
        frame = try card(w, at: 2)
        #expect(abs(frame.minY - rest) < 1e-9 && abs(frame.height - 0.92 * h) < 1e-9)
        #expect(w.animations.animationCount == 0)
        let names = w.eventNames(after: before)
        #expect(names.contains("presentationControllerWillDismiss:s") && names.contains("cancelInteractiveTransition:s"))
        #expect(!names.contains("presentationControllerDidDismiss:s"))
    }
}
