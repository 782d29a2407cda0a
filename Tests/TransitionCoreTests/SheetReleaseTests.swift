import Testing
@testable import TransitionCore

/// UIKit's release of a pulled sheet (`SheetRelease`, docs/semantics.md § Modal presentation):
/// the coast at deceleration rate 0.99, the nearest place, the step from 1000 pt/s, the springs.
@Suite struct SheetReleaseTests {
    /// Places as on an iPhone 15 with medium and large detents: dismissed, medium, large.
    let tops = [852.0, 460.08, 68.16]

    @Test func theCoastIsVelocityTimesRateOverOneMinusRateInMilliseconds() {
        #expect(abs(SheetRelease.coast(1000) - 99) < 1e-9)
        #expect(abs(SheetRelease.coast(-250) + 24.75) < 1e-9)
        // The sum it stands for: the distance of each millisecond as the velocity decays by 0.99.
        var travelled = 0.0, v = 1000.0
        for _ in 0..<20_000 { v *= 0.99; travelled += v / 1000 }
        #expect(abs(travelled - SheetRelease.coast(1000)) < 1e-6)
    }

    @Test func theCardRestsNearestWhereItWouldCoast() {
        // 150 pt up from medium: slowly, medium; at 900 pt/s it would coast 89.1 pt on, nearer large.
        #expect(SheetRelease.restingIndex(tops, top: 310.08, velocity: -200) == 1)
        #expect(SheetRelease.restingIndex(tops, top: 310.08, velocity: -900) == 2)
        // Exactly halfway between two places at rest: the lower card.
        let round = [800.0, 400, 100]
        #expect(SheetRelease.restingIndex(round, top: 250, velocity: 0) == 1)
        #expect(SheetRelease.restingIndex(round, top: 600, velocity: 0) == 0)
        #expect(SheetRelease.restingIndex(round, top: 599.99, velocity: 0) == 1)
    }

    @Test func from1000PointsASecondItStepsOnPastTheDetentItHasPassed() {
        // 50 pt above medium moving up: at 999 pt/s it stays nearest medium; at 1000 it steps to large.
        #expect(SheetRelease.restingIndex(tops, top: 410.08, velocity: -999) == 1)
        #expect(SheetRelease.restingIndex(tops, top: 410.08, velocity: -1000) == 2)
        // 50 pt below medium moving up, toward it: no step.
        #expect(SheetRelease.restingIndex(tops, top: 510.08, velocity: -1000) == 1)
        // 50 pt below medium moving down, away from it: the dismissed position.
        #expect(SheetRelease.restingIndex(tops, top: 510.08, velocity: 1000) == 0)
        // At a detent (within half a point) it is past it either way.
        #expect(SheetRelease.restingIndex(tops, top: 460.5, velocity: 1000) == 0)
        #expect(SheetRelease.restingIndex(tops, top: 459.7, velocity: -1000) == 2)
        // None past the last place: large stays large, the dismissed position stays dismissed.
        #expect(SheetRelease.restingIndex(tops, top: 60, velocity: -5000) == 2)
        #expect(SheetRelease.restingIndex(tops, top: 900, velocity: 5000) == 0)
        // Projected past the next place already: that one, no further step.
        #expect(SheetRelease.restingIndex(tops, top: 410.08, velocity: -4000) == 2)
    }

    @Test func theSpringsAreTheSheetsDampedOneAndPointEight() throws {
        let spring = SheetRelease.spring
        #expect(abs(spring.dampingRatio - 1) < 1e-12 && abs(spring.naturalFrequency - 2 * Double.pi / 0.344144233) < 1e-9)
        // The same curve as UIKit's system spring run critically damped (ω = √(1000 / 3)).
        for t in [0.05, 0.1, 0.2, 0.4] { #expect(abs(spring.value(at: t) - Spring.system.value(at: t)) < 1e-8) }
        #expect(abs(spring.settlingDuration - 0.506) < 0.001)
        #expect(SheetRelease.spring(releasedAt: 999) == spring && SheetRelease.spring(releasedAt: -999) == spring)
        for v in [1000.0, -1000] {
            let fast = SheetRelease.spring(releasedAt: v)
            #expect(abs(fast.dampingRatio - 0.8) < 1e-12 && fast.naturalFrequency == spring.naturalFrequency)
        }
        let settling = SheetRelease.settling(releasedAt: 1200)
        #expect(settling.seconds == SheetRelease.spring(releasedAt: 1200).settlingDuration)
    }
}
