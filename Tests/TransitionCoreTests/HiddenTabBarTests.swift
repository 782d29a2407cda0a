import JSONCodec
import Testing
@testable import TransitionCore

/// `hidesBottomBarWhenPushed`: the tab bar leaves with the covered view and comes back with it.
@Suite struct HiddenTabBarTests {
    func world() throws -> World {
        let scene = try SceneSpec.decode(json("""
        {"screen": {"device": "iPhone 15"},
         "root": {"type": "tabBar", "id": "tabs", "viewControllers": [
           {"type": "navigation", "id": "nav", "title": "A", "viewControllers": [{"id": "a", "title": "A"}]},
           {"id": "b", "title": "B"}]}}
        """), limits: SceneLimits())
        return try World(scene: scene)
    }

    func bar(_ w: World, at t: Double) -> Rect? { w.shot(t).root.find(role: .tabBar)?.windowFrame }

    func x(_ w: World, _ controller: String, at t: Double) throws -> Double {
        try #require(w.shot(t).root.find(controller, "")).windowFrame.minX
    }

    @Test func theBarLeavesWithTheCoveredViewAndComesBackWithIt() throws {
        var w = try world()
        let resting = try #require(bar(w, at: 0))
        #expect(resting == Rect(x: 0, y: 769, width: 393, height: 83))
        try w.apply(try action(#"{"type": "push", "viewController": {"id": "d", "hidesBottomBarWhenPushed": true}}"#))
        for t in [0.1, 0.25, 0.4] {
            // The bar moves exactly as the covered view does.
            let frame = try #require(bar(w, at: t))
            #expect(abs(frame.minX - (try x(w, "a", at: t))) < 1e-9 && frame.minY == 769, "at \(t)")
        }
        w.advance(to: 1)
        #expect(bar(w, at: 1) == nil, "the bar is away while d shows")
        // Popping back brings it in with the root's view, then it is back in its place.
        try w.apply(try action(#"{"type": "pop"}"#))
        let frame = try #require(bar(w, at: 1.2))
        #expect(abs(frame.minX - (try x(w, "a", at: 1.2))) < 1e-9 && frame.minX < 0)
        w.advance(to: 2)
        #expect(bar(w, at: 2) == resting)
    }

    @Test func aCancelledBackSwipeLeavesTheBarAway() throws {
        var w = try world()
        try w.apply(try action(#"{"type": "push", "animated": false, "viewController": {"id": "d", "hidesBottomBarWhenPushed": true}}"#))
        #expect(bar(w, at: 0) == nil)
        for (phase, t, dx) in [("began", 1.0, 0.0), ("changed", 1.1, 100.0), ("ended", 1.2, 100.0)] {
            if phase == "ended" {
                let riding = try #require(bar(w, at: 1.15), "during the swipe it rides on the revealed view")
                #expect(abs(riding.minX - (try x(w, "a", at: 1.15))) < 1e-9)
            }
            try w.apply(try action(#"{"type": "gesture", "recognizer": "edgePan", "phase": "\#(phase)", "at": \#(t), "translation": {"x": \#(dx), "y": 0}, "velocity": {"x": 0, "y": 0}}"#))
        }
        w.advance(to: 2)
        #expect(w.gesture?.decision == .cancel)
        #expect(bar(w, at: 2) == nil)
        // And pushing more controllers above d keeps it away.
        try w.apply(try action(#"{"type": "push", "animated": false, "viewController": {"id": "e"}}"#))
        #expect(bar(w, at: 2) == nil)
        try w.apply(try action(#"{"type": "popToRoot", "animated": false}"#))
        #expect(bar(w, at: 2) == Rect(x: 0, y: 769, width: 393, height: 83))
    }
}
