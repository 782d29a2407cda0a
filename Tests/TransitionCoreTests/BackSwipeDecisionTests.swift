import JSONCodec
import Testing
@testable import TransitionCore

/// UIKit's own back swipe decides and settles as `_UINavigationInteractiveTransitionBase` does
/// in the iOS 18.2 and 26.1 decompiles: the progress projected from the last three samples'
/// motion against min(187.5 / width, 0.5), v̄ > 0 with fewer samples, and a settle no slower than
/// the finger (docs/semantics.md § UIKit's back swipe).
@Suite struct BackSwipeDecisionTests {
    /// Two controllers in a navigation controller on a screen `width` points wide.
    func stack(width: Double) throws -> World {
        let scene = try SceneSpec.decode(json("""
        {"screen": {"width": \(width), "height": 1000, "scale": 2},
         "root": {"type": "navigation", "id": "nav", "viewControllers": [{"id": "one"}, {"id": "two"}]}}
        """), limits: SceneLimits())
        return try World(scene: scene)
    }

    /// UIKit's own edge pan: samples (phase, time, translation.x, velocity.x or nil) in order.
    func swipe(_ world: inout World, _ samples: [(String, Double, Double, Double?)]) throws {
        for (phase, t, x, v) in samples {
            let velocity = v.map { #", "velocity": {"x": \#($0), "y": 0}"# } ?? ""
            try world.apply(try action(#"{"type": "gesture", "recognizer": "edgePan", "phase": "\#(phase)", "at": \#(t), "translation": {"x": \#(x), "y": 0}\#(velocity)}"#))
        }
    }

    /// A finger dragged to `x` and held there, 50 ms between samples, then let go.
    func heldAt(_ x: Double) -> [(String, Double, Double, Double?)] {
        [("began", 1, 0, 0), ("changed", 1.05, x, 0), ("changed", 1.1, x, 0), ("ended", 1.15, x, 0)]
    }

    func decision(width: Double, _ samples: [(String, Double, Double, Double?)]) throws -> (GestureState.Decision?, GestureState.Reason?) {
        var world = try stack(width: width)
        try swipe(&world, samples)
        return (world.gesture?.decision, world.gesture?.reason)
    }

    /// At rest, a 320 pt screen commits beyond half its width, strictly: at half it stays.
    @Test func aStillFingerOnAPhoneCommitsBeyondHalf() throws {
        #expect(try decision(width: 320, heldAt(156)) == (.cancel, .projection))
        #expect(try decision(width: 320, heldAt(160)) == (.cancel, .projection))
        #expect(try decision(width: 320, heldAt(164)) == (.finish, .projection))
    }

    /// On an 820 pt iPad the line is 187.5 pt, 22.9 % of the width.
    @Test func aStillFingerOnAnIPadCommitsBeyond187AndAHalfPoints() throws {
        #expect(try decision(width: 820, heldAt(185)) == (.cancel, .projection))
        #expect(try decision(width: 820, heldAt(190)) == (.finish, .projection))
    }

    /// The issue's case: released at 30 % with the finger still moving (60 pt/s, 40 ms between
    /// samples), an iPad pops and a phone keeps the page (0.29 + 0.19 · 0.5 < 0.5).
    @Test func thirtyPercentWithTheFingerMovingPopsOnAnIPadOnly() throws {
        func moving(_ width: Double) -> [(String, Double, Double, Double?)] {
            let x = 0.3 * width
            return [("began", 1, x - 7.2, 60), ("changed", 1.04, x - 4.8, 60), ("changed", 1.08, x - 2.4, 60), ("ended", 1.12, x, 60)]
        }
        var pad = try stack(width: 820)
        try swipe(&pad, moving(820))
        #expect(pad.gesture?.decision == .finish && pad.gesture?.reason == .projection)
        pad.advance(to: 3)
        #expect(pad.controllers["nav"]!.children == ["one"])
        var phone = try stack(width: 320)
        try swipe(&phone, moving(320))
        #expect(phone.gesture?.decision == .cancel && phone.gesture?.reason == .projection)
        phone.advance(to: 3)
        #expect(phone.controllers["nav"]!.children == ["one", "two"])
    }

    /// A fling decides by its direction over most of the width: 400 pt/s at 20 % pops on a
    /// phone (0.2 + 1.25 · 0.5), −400 pt/s at 70 % comes back (0.7 − 0.625).
    @Test func aFlingProjectsPastTheLineEitherWay() throws {
        let out: [(String, Double, Double, Double?)] = [("began", 1, 0, 400), ("changed", 1.05, 32, 400), ("changed", 1.1, 48, 400), ("ended", 1.15, 64, 400)]
        #expect(try decision(width: 320, out) == (.finish, .projection))
        let back: [(String, Double, Double, Double?)] = [("began", 1, 264, -400), ("changed", 1.05, 244, -400), ("changed", 1.1, 224, -400), ("ended", 1.15, 224, -400)]
        #expect(try decision(width: 320, back) == (.cancel, .projection))
    }

    /// Without `velocity` members the samples' times and translations give the velocities: a
    /// steady 1000 pt/s drag let go at 30 % pops; the same drag held still for three samples first
    /// does not (v̄ is 0 and ā, each step limited to 5 widths/s², holds it back).
    @Test func velocitiesComeFromTheSamplesTimesAndTranslations() throws {
        let steady: [(String, Double, Double, Double?)] = [("began", 1, 36, nil), ("changed", 1.02, 56, nil), ("changed", 1.04, 76, nil), ("ended", 1.06, 96, nil)]
        #expect(try decision(width: 320, steady) == (.finish, .projection))
        let held = steady.dropLast() + [("changed", 1.06, 96, nil), ("changed", 1.08, 96, nil), ("changed", 1.1, 96, nil), ("ended", 1.12, 96, nil)]
        #expect(try decision(width: 320, Array(held)) == (.cancel, .projection))
    }

    /// With fewer than three samples kept (a sample less than 10 ms after the one before is
    /// dropped unless the finger moved) the swipe pops when v̄ > 0, wherever it is, and only when
    /// a `changed` came.
    @Test func fewerThanThreeSamplesDecideByTheVelocitysSign() throws {
        // began, changed 5 ms later (moved: kept), ended 3 ms later in place (dropped): 2 samples.
        #expect(try decision(width: 320, [("began", 1, 0, 500), ("changed", 1.005, 40, 500), ("ended", 1.008, 40, 500)]) == (.finish, .velocity))
        #expect(try decision(width: 320, [("began", 1, 300, -500), ("changed", 1.005, 288, -500), ("ended", 1.008, 288, -500)]) == (.cancel, .velocity))
        // Began and ended with nothing between: cancelled, however fast.
        #expect(try decision(width: 320, [("began", 1, 0, 900), ("ended", 1.05, 60, 900)]) == (.cancel, .velocity))
    }

    /// Samples a harness does not time (all at one instant) are a finger at rest at each place:
    /// the position decides, against the same line.
    @Test func untimedSamplesAreAFingerAtRest() throws {
        for (width, x, pops) in [(320.0, 150.0, false), (320, 170, true), (820, 180, false), (820, 200, true)] {
            var world = try stack(width: width)
            for (phase, dx) in [("began", 0.0), ("changed", x), ("ended", x)] {
                try world.apply(try action(#"{"type": "gesture", "recognizer": "edgePan", "phase": "\#(phase)", "translation": {"x": \#(dx), "y": 0}}"#))
            }
            #expect(world.gesture?.decision == (pops ? .finish : .cancel), "\(x) of \(width)")
        }
    }

    /// The settle: 350 ms at rest, sooner when the finger was faster than the distance left
    /// over 350 ms (192 pt left at 1000 pt/s: 192 ms), the rest's completionSpeed reported.
    @Test func theSettleIsNoSlowerThanTheFinger() throws {
        var rest = try stack(width: 320)
        try swipe(&rest, heldAt(180))
        let atRest = try #require(rest.events.last { $0.type == .finishInteractiveTransition })
        rest.advance(to: 3)
        #expect(abs(try #require(rest.events.last { $0.type == .completeTransition }).time - 1.5) < 1e-9)
        let speed = try #require(atRest.arguments.first { $0.key == "completionSpeed" }?.value.numberValue)
        #expect(abs(speed - 0.5 * (140.0 / 320) / 0.35) < 1e-9)

        var flung = try stack(width: 320)
        try swipe(&flung, [("began", 1, 68, 1000), ("changed", 1.04, 88, 1000), ("changed", 1.08, 108, 1000), ("ended", 1.12, 128, 1000)])
        #expect(flung.gesture?.decision == .finish)
        // The timeline stands where the last `changed` left it: 108 pt, 212 pt to go.
        flung.advance(to: 3)
        let complete = try #require(flung.events.last { $0.type == .completeTransition })
        #expect(abs(complete.time - (1.12 + 0.212)) < 1e-9)
    }

    /// A declared interaction keeps its own rule: half the width, no projection.
    @Test func declaredInteractionsKeepTheirRules() throws {
        var world = try stack(width: 820)
        world[controller: "two"].settings.interactions = try Interaction.decodeList(json(#"[{"recognizer": "edgePan"}]"#), at: "", limits: SceneLimits(), depth: 1)
        try swipe(&world, heldAt(300))
        #expect(world.gesture?.decision == .cancel && world.gesture?.reason == .threshold)
    }
}
