import JSONCodec
import Testing
@testable import TransitionCore

/// A push during UIKit's own back swipe waits for the swipe to end, as
/// `-[UINavigationController pushViewController:animated:]` hands it to the running transition's
/// coordinator (docs/semantics.md § Navigation).
@Suite struct DeferredPushTests {
    func stack() throws -> World {
        let scene = try SceneSpec.decode(json("""
        {"screen": {"width": 320, "height": 568, "scale": 2},
         "root": {"type": "navigation", "id": "nav", "viewControllers": [{"id": "one"}, {"id": "two"}]}}
        """), limits: SceneLimits())
        return try World(scene: scene)
    }

    /// A still finger let go at `x` at t = 1.1, after a `began` at 1 and a `changed` at 1.05.
    func released(_ world: inout World, at x: Double) throws {
        for (phase, t, dx) in [("began", 1.0, 0.0), ("changed", 1.05, x), ("ended", 1.1, x)] {
            try world.apply(try action(#"{"type": "gesture", "recognizer": "edgePan", "phase": "\#(phase)", "at": \#(t), "translation": {"x": \#(dx), "y": 0}, "velocity": {"x": 0, "y": 0}}"#))
        }
    }

    /// Pushed 100 ms into the settle of a pop, the controller goes on top of the popped-to one
    /// when the settle ends (1.1 + 0.35), with a push's callbacks from then on.
    @Test func aPushDuringTheSettleStartsWhenThePopCompletes() throws {
        var world = try stack()
        try released(&world, at: 200)
        #expect(world.gesture?.decision == .finish)
        try world.apply(try action(#"{"type": "push", "at": 1.2, "viewController": {"id": "three"}}"#))
        #expect(world.controllers["nav"]!.children == ["one"])
        #expect(world.controllers["three"] == nil)
        let before = world.events.nextSeq - 1
        world.advance(to: 1.46)
        #expect(world.controllers["nav"]!.children == ["one", "three"])
        let complete = try #require(world.events.first { $0.seq > before && $0.type == .completeTransition })
        let willShow = try #require(world.events.first { $0.seq > before && $0.type == .willShow })
        #expect(abs(complete.time - 1.45) < 1e-9 && abs(willShow.time - 1.45) < 1e-9 && complete.seq < willShow.seq)
        #expect(world.runningTransition?.operation == .push && abs((world.runningTransition?.begin ?? 0) - 1.45) < 1e-9)
        world.advance(to: 3)
        #expect(world.controllers["nav"]!.children == ["one", "three"])
        #expect(world.eventNames(after: before).suffix(3) == ["viewDidDisappear:one", "viewDidAppear:three", "didShow:nav"])
    }

    /// A kept page: the push goes on top of it.
    @Test func aPushDuringACancelledSwipeGoesOnTheKeptPage() throws {
        var world = try stack()
        try released(&world, at: 60)
        #expect(world.gesture?.decision == .cancel)
        try world.apply(try action(#"{"type": "push", "at": 1.2, "animated": false, "viewController": {"id": "three"}}"#))
        world.advance(to: 1.46)
        #expect(world.controllers["nav"]!.children == ["one", "two", "three"])
    }

    /// While the finger still drags the push waits too, through the release and the settle.
    @Test func aPushWhileDraggedWaitsForTheReleaseAndTheSettle() throws {
        var world = try stack()
        for (phase, t, dx) in [("began", 1.0, 0.0), ("changed", 1.05, 200.0)] {
            try world.apply(try action(#"{"type": "gesture", "recognizer": "edgePan", "phase": "\#(phase)", "at": \#(t), "translation": {"x": \#(dx), "y": 0}, "velocity": {"x": 0, "y": 0}}"#))
        }
        try world.apply(try action(#"{"type": "push", "at": 1.1, "viewController": {"id": "three"}}"#))
        world.advance(to: 5)
        #expect(world.controllers["three"] == nil && world.runningTransition?.phase == .interactive)
        try world.apply(try action(#"{"type": "gesture", "recognizer": "edgePan", "phase": "ended", "at": 5, "translation": {"x": 200, "y": 0}, "velocity": {"x": 0, "y": 0}}"#))
        world.advance(to: 6)
        #expect(world.controllers["nav"]!.children == ["one", "three"])
    }

    /// One push waits; a second one, an interactive one, a pop and a controller whose id is in
    /// use keep their answers now.
    @Test func onlyOnePlainPushWaits() throws {
        var world = try stack()
        try released(&world, at: 200)
        #expect(throws: SimulationError.self) { try world.apply(try action(#"{"type": "push", "at": 1.15, "viewController": {"id": "two"}}"#)) }
        #expect(throws: SimulationError.self) { try world.apply(try action(#"{"type": "push", "interactive": true, "at": 1.15, "viewController": {"id": "four"}}"#)) }
        #expect(throws: SimulationError.self) { try world.apply(try action(#"{"type": "pop", "at": 1.15}"#)) }
        try world.apply(try action(#"{"type": "push", "at": 1.2, "viewController": {"id": "three"}}"#))
        #expect(throws: SimulationError.self) { try world.apply(try action(#"{"type": "push", "at": 1.25, "viewController": {"id": "four"}}"#)) }
        world.advance(to: 3)
        #expect(world.controllers["nav"]!.children == ["one", "three"])
    }

    /// Any other transition keeps the 409 for a push.
    @Test func aPushDuringAPlainPopIsStillAConflict() throws {
        var world = try stack()
        try world.apply(try action(#"{"type": "pop", "at": 1}"#))
        #expect(throws: SimulationError.self) { try world.apply(try action(#"{"type": "push", "at": 1.1, "viewController": {"id": "three"}}"#)) }
    }
}
