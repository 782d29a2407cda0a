import TestSupport
import Testing
@testable import TransitionCore

@Suite struct CubicBezierTests {
    /// Chromium's `CubicBezierTest` vectors for (0.25, 0, 0.75, 1), tolerance 1.5e-4
    /// (docs/reference.md § Timing curves).
    @Test(arguments: [(0.05, 0.01136), (0.1, 0.03978), (0.2, 0.12803), (0.25, 0.18235), (0.3, 0.24115), (0.4, 0.36761),
                      (0.5, 0.5), (0.6, 0.63238), (0.7, 0.75884), (0.75, 0.81764), (0.8, 0.87196), (0.9, 0.96021), (0.95, 0.98863)])
    func chromiumVectors(x: Double, y: Double) {
        #expect(abs(CubicBezier(0.25, 0, 0.75, 1).solve(x) - y) < 1.5e-4)
    }

    @Test func exactCases() {
        #expect(abs(CubicBezier(0.5, 1, 0.5, 1).solve(0.5) - 0.875) < 1e-12)
        #expect(abs(CubicBezier(0.5, 2, 0.5, 2).solve(0.5) - 1.625) < 1e-12)
        #expect(abs(CubicBezier(0.5, -1, 0.5, -1).solve(0.5) + 0.625) < 1e-12)
        #expect(abs(CubicBezier.linear.solve(0.3) - 0.3) < 1e-15)
        for curve in [CubicBezier.easeIn, .easeOut, .easeInOut, .caDefault] {
            #expect(curve.solve(0) == 0 && curve.solve(1) == 1)
        }
    }

    @Test func namedCurvesHaveCoreAnimationsControlPoints() {
        #expect(TimingCurve.named("easeInOut") == .cubicBezier(CubicBezier(0.42, 0, 0.58, 1)))
        #expect(TimingCurve.named("easeIn") == .cubicBezier(CubicBezier(0.42, 0, 1, 1)))
        #expect(TimingCurve.named("easeOut") == .cubicBezier(CubicBezier(0, 0, 0.58, 1)))
        #expect(TimingCurve.named("default") == .cubicBezier(CubicBezier(0.25, 0.1, 0.25, 1)))
        #expect(TimingCurve.named("linear") == .cubicBezier(CubicBezier(0, 0, 1, 1)))
        #expect(TimingCurve.named("bouncy") == nil)
    }

    /// For random control points (x in [0, 1]) and random t: solving x(t) returns y(t) to 1e-9,
    /// with x(t), y(t) computed here from the Bernstein form, independently of the solver.
    @Test func solverInvertsTheCurve() {
        var rng = SplitMix64(seed: 0x5EED)
        for _ in 0..<2000 {
            let x1 = Double.random(in: 0...1, using: &rng), x2 = Double.random(in: 0...1, using: &rng)
            let y1 = Double.random(in: -2...2, using: &rng), y2 = Double.random(in: -2...2, using: &rng)
            let curve = CubicBezier(x1, y1, x2, y2)
            for _ in 0..<20 {
                let t = Double.random(in: 0...1, using: &rng)
                let u = 1 - t
                let x = 3 * u * u * t * x1 + 3 * u * t * t * x2 + t * t * t
                let y = 3 * u * u * t * y1 + 3 * u * t * t * y2 + t * t * t
                // Where x(t) is flat, many t share an x; the y there is flat too only in the limit,
                // so compare where the curve is not degenerate.
                let dx = 3 * u * u * x1 + 6 * u * t * (x2 - x1) + 3 * t * t * (1 - x2)
                guard dx > 1e-3 else { continue }
                #expect(abs(curve.solve(x) - y) < 1e-9, "curve (\(x1), \(y1), \(x2), \(y2)) at t = \(t)")
            }
        }
    }

    @Test func extendsLinearlyOutsideTheUnitInterval() {
        let curve = CubicBezier(0.25, 0.1, 0.25, 1)
        #expect(abs(curve.solve(-0.5) - (-0.5 * 0.1 / 0.25)) < 1e-12)
        let ease = CubicBezier(0.42, 0, 0.58, 1)
        // x1 > 0 with y1 = 0: a flat start; x2 < 1 with y2 = 1: a flat end.
        #expect(ease.solve(-1) == 0 && ease.solve(2) == 1)
        #expect(abs(CubicBezier(0.2, 0.4, 0.6, 0.8).solve(1.5) - (1 + 0.5 * (0.8 - 1) / (0.6 - 1))) < 1e-12)
    }

    @Test func slopeMatchesFiniteDifferences() {
        let curve = CubicBezier(0.3, 0.2, 0.6, 1.3)
        for x in stride(from: 0.05, through: 0.95, by: 0.05) {
            let h = 1e-6
            let numeric = (curve.solve(x + h) - curve.solve(x - h)) / (2 * h)
            #expect(abs(curve.slope(x) - numeric) < 1e-5)
        }
    }

    @Test func threePointCubicPassesThroughItsMidpoint() {
        let c = ThreePointCubic.fastEaseInToSlowEaseOut
        #expect(c.solve(0) == 0 && c.solve(1) == 1)
        #expect(abs(c.solve(0.198) - 0.541) < 1e-12)
        var last = 0.0
        for i in 1...100 {
            let v = c.solve(Double(i) / 100)
            #expect(v >= last)
            last = v
        }
        #expect(TimingCurve.named("fastEaseInToSlowEaseOut") == .threePointCubic(c))
    }
}
