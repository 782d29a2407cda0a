import JSONCodec
import Testing
@testable import TransitionCore

/// Percent-driven interactive transitions: the timeline sits at p·D while driven, runs forward
/// in (1 − p)·D / speed on finish and back in p·D / speed on cancel
/// (docs/reference.md § Interactive transitions).
@Suite struct InteractiveTests {
    /// The scene after an animated push of `detail` has completed, at t = 1.
    func pushed() throws -> World {
        var world = try thingsScene()
        try world.apply(try action(detailPush))
        world.advance(to: 1)
        return world
    }

    /// x of the view `controller` in a non-interactive pop started at t = 1, at τ.
    func referencePopX(_ controller: String, tau: Double) throws -> Double {
        var world = try pushed()
        try world.apply(try action(#"{"type": "pop"}"#))
        return try #require(world.shot(1 + tau).root.find(controller, "")).frame.minX
    }

    func x(_ world: World, _ controller: String, at t: Double) throws -> Double {
        try #require(world.shot(t).root.find(controller, "")).frame.minX
    }

    @Test func updateScrubsTheTimelineAndKeepsTheAnimatorsCurve() throws {
        var world = try pushed()
        try world.apply(try action(#"{"type": "pop", "interactive": true}"#))
        #expect(world.runningTransition?.phase == .interactive)
        // Without updates the timeline does not move.
        #expect(try x(world, "detail", at: 5) == 0)
        try world.apply(try action(#"{"type": "update", "percent": 0.3, "at": 1.1}"#))
        let held = try x(world, "detail", at: 1.5)
        #expect(abs(held - (try referencePopX("detail", tau: 0.15))) < 1e-9)
        #expect(abs(try x(world, "things", at: 1.5) - (try referencePopX("things", tau: 0.15))) < 1e-9)
        #expect(abs((world.shot(1.5).transition?.percentComplete ?? 0) - 0.3) < 1e-12)
    }

    @Test func cancelRunsBackAndRestoresTheStackWithUIKitsEvents() throws {
        var world = try pushed()
        let before = world.events.nextSeq - 1
        try world.apply(try action(#"{"type": "pop", "interactive": true}"#))
        try world.apply(try action(#"{"type": "update", "percent": 0.3, "at": 1.1}"#))
        try world.apply(try action(#"{"type": "cancel", "at": 1.2}"#))
        let t = try #require(world.runningTransition)
        #expect(t.phase == .cancelling && t.wasCancelled)
        // Back from τ = 0.15 to 0 in 0.15 s (speed 1), on easeInOut.
        let run = 0.15
        for s in [0.0, 0.05, 0.1] {
            let tau = 0.15 * (1 - TimingCurve.easeInOut.value(at: s, duration: run))
            #expect(abs(try x(world, "detail", at: 1.2 + s) - (try referencePopX("detail", tau: tau))) < 1e-9)
        }
        world.advance(to: 2)
        let end = world.snapshot(at: 2)
        #expect(end.controllers.viewControllers.map(\.id) == ["things", "detail"])
        #expect(end.root.find("things", "") == nil)
        #expect(try #require(end.root.find("detail", "")).frame == Rect(x: 0, y: 0, width: 320, height: 568))
        #expect(end.transition?.phase == .cancelled)
        #expect(world.events.first { $0.type == .completeTransition && $0.seq > before }.map { abs($0.time - 1.35) < 1e-12 } == true)
        #expect(world.eventNames(after: before) == [
            "viewWillDisappear:detail", "viewWillAppear:things", "willShow:nav", "animationControllerFor:nav",
            "animateTransition:nav", "updateInteractiveTransition:nav", "cancelInteractiveTransition:nav",
            "completeTransition:nav", "viewWillDisappear:things", "viewDidDisappear:things",
            "viewWillAppear:detail", "viewDidAppear:detail",
        ])
    }

    @Test func finishRunsTheRestForward() throws {
        var world = try pushed()
        try world.apply(try action(#"{"type": "pop", "interactive": true}"#))
        try world.apply(try action(#"{"type": "update", "percent": 0.6, "at": 1.1}"#))
        try world.apply(try action(#"{"type": "finish", "at": 1.2, "completionSpeed": 2}"#))
        // (1 − 0.6) · 0.5 / 2 = 0.1 s.
        let mid = 1.25
        let tau = 0.3 + 0.2 * TimingCurve.easeInOut.value(at: 0.05, duration: 0.1)
        #expect(abs(try x(world, "detail", at: mid) - (try referencePopX("detail", tau: tau))) < 1e-9)
        world.advance(to: 1.3000001)
        #expect(world.transitions.last?.phase == .completed)
        #expect(world.controllers["nav"]!.children == ["things"])
        #expect(world.events.last { $0.type == .completeTransition }.map { abs($0.time - 1.3) < 1e-9 } == true)
    }

    /// UIKit's own back swipe: progress is translation.x / width (the seeds' formula), and the
    /// popped page is where the finger is, since the built-in pop tracks the touch linearly; after
    /// release it settles along fastEaseInToSlowEaseOut in 350 ms, however far it has to go.
    @Test func backSwipeFollowsTheFingerAndSettlesOnItsOwnCurve() throws {
        var world = try pushed()
        try world.apply(try action(#"{"type": "gesture", "recognizer": "edgePan", "phase": "began", "at": 2.0, "translation": {"x": 0, "y": 0}}"#))
        let coveredStart = try x(world, "things", at: 2.0)
        for (i, finger) in [100.0, 200.0, 300.0].enumerated() {
            let t = 2.05 + Double(i) * 0.05
            try world.apply(try action(#"{"type": "gesture", "recognizer": "edgePan", "phase": "changed", "at": \#(t), "translation": {"x": \#(finger), "y": 0}}"#))
            #expect(abs(try x(world, "detail", at: t + 0.01) - finger) < 1e-9, "page under a \(finger) pt drag")
            // The covered page's parallax moves linearly too: from its start to 0.
            #expect(abs(try x(world, "things", at: t + 0.01) - coveredStart * (1 - finger / 320)) < 1e-9)
        }
        #expect(world.gesture?.progress == 300.0 / 320)
        try world.apply(try action(#"{"type": "gesture", "recognizer": "edgePan", "phase": "ended", "at": 2.2, "translation": {"x": 300, "y": 0}}"#))
        #expect(world.gesture?.decision == .finish)
        // 350 ms along fastEaseInToSlowEaseOut from 300 pt to 320, both pages on the one curve.
        let curve = ThreePointCubic.fastEaseInToSlowEaseOut
        #expect(abs(try x(world, "detail", at: 2.3) - (300 + 20 * curve.solve(0.1 / 0.35))) < 1e-9)
        #expect(abs(try x(world, "things", at: 2.3) - coveredStart * (20 / 320.0) * (1 - curve.solve(0.1 / 0.35))) < 1e-9)
        world.advance(to: 2.6)
        #expect(world.controllers["nav"]!.children == ["things"])
        let complete = try #require(world.events.last { $0.type == .completeTransition })
        #expect(abs(complete.time - 2.55) < 1e-9)
        let release = try #require(world.events.last { $0.type == .finishInteractiveTransition })
        #expect(release.arguments.first { $0.key == "completionSpeed" }?.value == .number(0.5 * 20 / 320 / 0.35))
    }

    /// Flutter's 'Pop gesture snapping is not linear' (route_test.dart) on its 800 pt screen: a
    /// 500 pt drag released puts the page at 614 and 721 pt (±1) 50 and 100 ms later.
    @Test func theReleasedSwipeSnapsAsFlutterMeasures() throws {
        let scene = try SceneSpec.decode(json("""
        {"screen": {"width": 800, "height": 600, "scale": 1},
         "root": {"type": "navigation", "id": "nav", "viewControllers": [{"id": "one"}, {"id": "two"}]}}
        """), limits: SceneLimits())
        var world = try World(scene: scene)
        for (phase, dx) in [("began", 0.0), ("changed", 500.0), ("ended", 500.0)] {
            try world.apply(try action(#"{"type": "gesture", "recognizer": "edgePan", "phase": "\#(phase)", "translation": {"x": \#(dx), "y": 0}}"#))
        }
        for (dt, flutter) in [(0.05, 614.0), (0.1, 721.0)] {
            let page = try x(world, "two", at: dt)
            #expect(abs(page - flutter) <= 1, "the page \(dt) s after release: \(page)")
        }
    }

    /// The settle of a finger let go at rest takes 350 ms whether the pop finishes or is
    /// cancelled, from any distance.
    @Test func aCancelledBackSwipeReturnsIn350Milliseconds() throws {
        for finger in [100.0, 150.0] {
            var world = try pushed()
            for (phase, t) in [("began", 2.0), ("changed", 2.05), ("ended", 2.1)] {
                let dx = phase == "began" ? 0 : finger
                try world.apply(try action(#"{"type": "gesture", "recognizer": "edgePan", "phase": "\#(phase)", "at": \#(t), "translation": {"x": \#(dx), "y": 0}, "velocity": {"x": 0, "y": 0}}"#))
            }
            #expect(world.gesture?.decision == .cancel)
            let curve = ThreePointCubic.fastEaseInToSlowEaseOut
            #expect(abs(try x(world, "detail", at: 2.15) - finger * (1 - curve.solve(0.05 / 0.35))) < 1e-9)
            world.advance(to: 2.451)
            #expect(world.controllers["nav"]!.children == ["things", "detail"])
            let complete = try #require(world.events.last { $0.type == .completeTransition })
            #expect(abs(complete.time - 2.45) < 1e-9)
        }
    }

    /// A declared interaction keeps its own rule: released at 20 % it cancels, unless it has
    /// Flutter's fling rule; UIKit's own swipe, projecting the 400 pt/s ahead, pops.
    @Test func aDeclaredReleaseBelowHalfCancelsUnlessAFlingSaysOtherwise() throws {
        var own = try pushed()
        var world = try pushed()
        world[controller: "detail"].settings.interactions = try Interaction.decodeList(json(#"[{"recognizer": "edgePan"}]"#), at: "", limits: SceneLimits(), depth: 1)
        for (phase, x, t) in [("began", 0.0, 2.0), ("changed", 64.0, 2.05), ("ended", 64.0, 2.1)] {
            let sample = try action(#"{"type": "gesture", "recognizer": "edgePan", "phase": "\#(phase)", "at": \#(t), "translation": {"x": \#(x), "y": 0}, "velocity": {"x": 400, "y": 0}}"#)
            try world.apply(sample)
            try own.apply(sample)
        }
        #expect(world.gesture?.decision == .cancel && own.gesture?.decision == .finish && own.gesture?.reason == .projection)
        world.advance(to: 3)
        #expect(world.controllers["nav"]!.children == ["things", "detail"])

        // The same drag with Flutter's fling rule (|v| ≥ 1 width/s decides) finishes.
        var flung = try pushed()
        let interactions = try Interaction.decodeList(json(#"[{"recognizer": "edgePan", "velocity": {"rule": "fling"}}]"#), at: "", limits: SceneLimits(), depth: 1)
        flung[controller: "detail"].settings.interactions = interactions
        for (phase, x, t) in [("began", 0.0, 2.0), ("changed", 64.0, 2.05), ("ended", 64.0, 2.1)] {
            try flung.apply(try action(#"{"type": "gesture", "recognizer": "edgePan", "phase": "\#(phase)", "at": \#(t), "translation": {"x": \#(x), "y": 0}, "velocity": {"x": 400, "y": 0}}"#))
        }
        #expect(flung.gesture?.decision == .finish && flung.gesture?.reason == .velocity)
        // A declared interaction is percent-driven: the slide keeps its curve (64 pt is 20 %).
        var declared = try pushed()
        declared[controller: "detail"].settings.interactions = interactions
        try declared.apply(try action(#"{"type": "gesture", "recognizer": "edgePan", "phase": "began", "at": 2.0, "translation": {"x": 0, "y": 0}}"#))
        try declared.apply(try action(#"{"type": "gesture", "recognizer": "edgePan", "phase": "changed", "at": 2.05, "translation": {"x": 64, "y": 0}}"#))
        #expect(abs(try x(declared, "detail", at: 2.06) - (try referencePopX("detail", tau: 0.1))) < 1e-9)
        #expect(try x(declared, "detail", at: 2.06) > 100)
    }

    /// A declared interaction's decision reads the `ended` sample, and the gesture shows that
    /// progress, while the timeline stays where the last `changed` left it; UIKit's own swipe
    /// decides from that last `changed` (its `percentComplete`) and shows it.
    @Test func theReleasedGestureShowsTheProgressItsDecisionRead() throws {
        var world = try pushed()
        world[controller: "detail"].settings.interactions = try Interaction.decodeList(json(#"[{"recognizer": "edgePan"}]"#), at: "", limits: SceneLimits(), depth: 1)
        var own = try pushed()
        for (phase, x, t) in [("began", 0.0, 2.0), ("changed", 96.0, 2.05), ("ended", 200.0, 2.1)] {
            let sample = try action(#"{"type": "gesture", "recognizer": "edgePan", "phase": "\#(phase)", "at": \#(t), "translation": {"x": \#(x), "y": 0}, "velocity": {"x": 0, "y": 0}}"#)
            try world.apply(sample)
            try own.apply(sample)
        }
        #expect(world.gesture?.progress == 200.0 / 320 && world.gesture?.decision == .finish && world.gesture?.reason == .threshold)
        #expect(abs((world.shot(2.1).transition?.percentComplete ?? 0) - 0.3) < 1e-12)
        #expect(own.gesture?.progress == 0.3 && own.gesture?.decision == .cancel && own.gesture?.reason == .projection)
    }

    @Test func seed003DividesTheLocationBy300AndClampsBelowOne() throws {
        var world = try pushed()
        world[controller: "detail"].settings.interactions = try Interaction.decodeList(json(
            #"[{"recognizer": "pan", "input": "location", "distance": 300, "clamp": [0, 0.99]}]"#), at: "", limits: SceneLimits(), depth: 1)
        try world.apply(try action(#"{"type": "gesture", "recognizer": "pan", "phase": "began", "at": 2, "location": {"x": 0, "y": 300}}"#))
        try world.apply(try action(#"{"type": "gesture", "recognizer": "pan", "phase": "changed", "at": 2.1, "location": {"x": 150, "y": 300}}"#))
        #expect(world.gesture?.progress == 0.5)
        try world.apply(try action(#"{"type": "gesture", "recognizer": "pan", "phase": "changed", "at": 2.2, "location": {"x": 400, "y": 300}}"#))
        #expect(world.gesture?.progress == 0.99)
        #expect(abs((world.shot(2.3).transition?.percentComplete ?? 0) - 0.99) < 1e-12)
    }

    @Test func finishingAtExactlyOneHundredPercentHangs() throws {
        var world = try pushed()
        try world.apply(try action(#"{"type": "pop", "interactive": true}"#))
        try world.apply(try action(#"{"type": "update", "percent": 1, "at": 1.1}"#))
        try world.apply(try action(#"{"type": "finish", "at": 1.2}"#))
        world.advance(to: 5)
        let t = try #require(world.transitions.last)
        #expect(t.phase == .finishing)
        #expect(t.diagnostics.map(\.code) == [.interactionReached100Percent, .completeTransitionNotCalled])
        #expect(throws: SimulationError.self) { try world.apply(try action(#"{"type": "pop"}"#)) }
    }

    @Test func samplesWithoutBeganAndUpdatesAfterEndAreDiagnosed() throws {
        var world = try pushed()
        try world.apply(try action(#"{"type": "gesture", "recognizer": "edgePan", "phase": "ended", "at": 1.5, "translation": {"x": 10, "y": 0}}"#))
        #expect(world.events.last?.type == .diagnostic)
        #expect(world.events.last?.arguments.first?.value == .string("gesture-without-began"))
        try world.apply(try action(#"{"type": "pop", "interactive": true, "at": 2}"#))
        try world.apply(try action(#"{"type": "cancel", "at": 2.1}"#))
        try world.apply(try action(#"{"type": "update", "percent": 0.5, "at": 2.2}"#))
        #expect(world.transitions.last?.diagnostics.map(\.code) == [.updateAfterEnd])
    }

    @Test func outcomesSayHowEachTransitionEnded() throws {
        var world = try thingsScene()
        let first = world.events.nextSeq
        try world.apply(try action(detailPush))
        try world.apply(try action(#"{"type": "pop", "interactive": true, "at": 1}"#))
        try world.apply(try action(#"{"type": "cancel", "at": 1.1}"#))
        world.advance(to: 2)
        #expect(world.transitionOutcomes(since: first) == [
            TransitionOutcome(operation: .push, kind: .started), TransitionOutcome(operation: .push, kind: .completed),
            TransitionOutcome(operation: .pop, kind: .started), TransitionOutcome(operation: .pop, kind: .cancelled),
        ])
        #expect(world.transitionOutcomes(since: world.events.nextSeq).isEmpty)
    }

    @Test func pauseAndContinueLikeAPropertyAnimator() throws {
        var world = try thingsScene()
        try world.apply(try action(detailPush))
        try world.apply(try action(#"{"type": "pause", "at": 0.1}"#))
        #expect(world.runningTransition?.phase == .interactive)
        let held = try #require(world.shot(0.3).root.find("detail", "")).frame.minX
        #expect(held == (try #require(world.shot(0.1).root.find("detail", ""))).frame.minX)
        var reversed = world
        try world.apply(try action(#"{"type": "continue", "at": 0.3}"#))
        // Resumed on the animations' own curves: τ runs at rate 1 from 0.1.
        var reference = try thingsScene()
        try reference.apply(try action(detailPush))
        #expect(abs(try #require(world.shot(0.45).root.find("detail", "")).frame.minX - (try #require(reference.shot(0.25).root.find("detail", ""))).frame.minX) < 1e-9)
        world.advance(to: 0.71)
        #expect(world.transitions.last?.phase == .completed)
        #expect(abs((world.events.last { $0.type == .completeTransition }?.time ?? 0) - 0.7) < 1e-9)

        try reversed.apply(try action(#"{"type": "continue", "reversed": true, "at": 0.3}"#))
        reversed.advance(to: 1)
        #expect(reversed.transitions.last?.phase == .cancelled)
        #expect(reversed.controllers["nav"]!.children == ["things"])
        #expect(abs((reversed.events.last { $0.type == .completeTransition }?.time ?? 0) - 0.4) < 1e-9)
    }

    @Test func pinchDismissesInteractively() throws {
        let spec = try SceneSpec.decode(json(#"{"root": {"id": "home"}}"#), limits: SceneLimits())
        var world = try World(scene: spec)
        // A presented photo that a pinch closes (classic library: progress 1 − scale / start scale).
        try world.apply(try action(#"""
        {"type": "present", "animated": false, "modalPresentationStyle": "custom", "viewController": {"id": "photo",
          "interactions": [{"recognizer": "pinch", "operation": "dismiss", "clamp": [0, 0.99],
            "animator": {"spec": {"duration": 0.4, "animations": [{"duration": "duration",
              "changes": [{"view": "from", "alpha": 0, "transform": [{"scale": 0.5}]}],
              "completion": [{"if": "cancelled", "then": [{"set": "from", "alpha": 1, "transform": "identity"}]}, {"completeTransition": "!cancelled"}]}]}}}]}}
        """#))
        try world.apply(try action(#"{"type": "gesture", "recognizer": "pinch", "phase": "began", "at": 1, "scale": 1}"#))
        #expect(world.runningTransition?.operation == .dismiss && world.runningTransition?.phase == .interactive)
        try world.apply(try action(#"{"type": "gesture", "recognizer": "pinch", "phase": "changed", "at": 1.1, "scale": 0.4}"#))
        #expect(abs((world.gesture?.progress ?? 0) - 0.6) < 1e-12)
        let alpha = try #require(world.shot(1.15).root.find("photo", "")).alpha
        #expect(abs(alpha - (1 - TimingCurve.easeInOut.value(at: 0.24, duration: 0.4))) < 1e-9)
        try world.apply(try action(#"{"type": "gesture", "recognizer": "pinch", "phase": "ended", "at": 1.2, "scale": 0.4}"#))
        #expect(world.gesture?.decision == .finish)
        world.advance(to: 2)
        #expect(world.presentationChain().isEmpty && world.controllers["photo"] == nil)
        #expect(world.snapshot(at: 2).root.find("home", "") != nil)
    }
}
