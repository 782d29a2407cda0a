import Foundation
import Testing
@testable import TransitionCore

/// The full-screen cover (`coverVertical`) on UIKit's curve 7: the system spring, critically
/// damped, run for 0.5 s (docs/reference.md § Cover vertical).
@Suite struct CoverVerticalTests {
    /// The critically damped system spring's progress at `t`: 1 − e^(−ω₀t)(1 + ω₀t), ω₀ = √(1000/3).
    func curve7(_ t: Double) -> Double {
        let w = (1000.0 / 3).squareRoot()
        return 1 - exp(-w * t) * (1 + w * t)
    }

    @Test func theCoverRisesAndFallsOnCurveSeven() throws {
        var world = try homeScene()
        try world.apply(try action(#"{"type": "present", "viewController": {"id": "sheet"}}"#))
        let t = try #require(world.runningTransition)
        #expect(t.animator == "coverVertical" && t.duration == 0.5)
        // Start, middle, just before the end: one container height below, then the spring.
        for tau in [0.0, 0.05, 0.1, 0.25, 0.499] {
            let top = try #require(world.shot(tau).root.find("sheet", "")).frame.minY
            #expect(abs(top - 568 * (1 - curve7(tau))) < 1e-6, "top at \(tau): \(top)")
        }
        // 0.1 s in it is 259 pt from its place, where the push's curve has it at 258 (the numbers
        // of docs/reference.md § Cover vertical); UIKit stops the spring at 0.5 s, 0.6 pt short.
        let early = try #require(world.shot(0.1).root.find("sheet", "")).frame.minY
        let late = try #require(world.shot(0.499).root.find("sheet", "")).frame.minY
        #expect(abs(early - 258.57) < 0.01 && abs(late - 0.63) < 0.01)
        world.advance(to: 0.5)
        #expect(world.snapshot(at: 0.5).root.find("sheet", "")?.frame.minY == 0)
        #expect(world.transitions.last?.phase == .completed)

        try world.apply(try action(#"{"type": "dismiss", "at": 1}"#))
        for tau in [0.0, 0.1, 0.3] {
            let top = try #require(world.shot(1 + tau).root.find("sheet", "")).frame.minY
            #expect(abs(top - 568 * curve7(tau)) < 1e-6, "top \(tau) into the dismissal: \(top)")
        }
        world.advance(to: 1.5)
        #expect(world.snapshot(at: 1.5).root.find("sheet", "") == nil)
        #expect(world.transitions.last?.phase == .completed)
    }

    /// `curve7` is the system spring cut at 0.5 s whatever the block's duration; `system` runs
    /// the same spring until it settles.
    @Test func curveSevenRunsForHalfASecond() throws {
        let seven = try TimingCurve.decode(json(#"{"spring": "curve7"}"#), duration: 2, iOS: Screen.newestIOS, at: "")
        #expect(seven.curve == .spring(.system) && seven.naturalDuration == 0.5)
        let system = try TimingCurve.decode(json(#"{"spring": "system"}"#), duration: 2, iOS: Screen.newestIOS, at: "")
        let settles = try #require(system.naturalDuration)
        #expect(system.curve == .spring(.system) && abs(settles - 0.506) < 0.001)
        let curve = try json(#"{"spring": "curve7"}"#)
        #expect(Catalogue.shared.definition(named: "coverVertical")?.parameters["curve"] == curve)
    }
}
