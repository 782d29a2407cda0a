import Testing
@testable import TransitionCore

/// An independent reference: RK4 integration of m·x'' + c·x' + k·x = 0 for the displacement
/// x = position − 1 (x(0) = −1, x'(0) = v₀), with a step small enough for 1e-9 accuracy.
func integrate(_ s: Spring, to t: Double, step: Double = 1e-4) -> (position: Double, velocity: Double) {
    var x = -1.0, v = s.initialVelocity
    func acceleration(_ x: Double, _ v: Double) -> Double { -(s.damping * v + s.stiffness * x) / s.mass }
    let steps = Int((t / step).rounded())
    let h = t / Double(max(steps, 1))
    for _ in 0..<max(steps, 1) where t > 0 {
        let k1x = v, k1v = acceleration(x, v)
        let k2x = v + h / 2 * k1v, k2v = acceleration(x + h / 2 * k1x, v + h / 2 * k1v)
        let k3x = v + h / 2 * k2v, k3v = acceleration(x + h / 2 * k2x, v + h / 2 * k2v)
        let k4x = v + h * k3v, k4v = acceleration(x + h * k3x, v + h * k3v)
        x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
        v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
    }
    return (1 + x, v)
}

@Suite struct SpringTests {
    static let cases: [(String, Spring)] = [
        ("underdamped", Spring(mass: 1, stiffness: 100, damping: 10)),
        ("underdamped, moving away", Spring(mass: 1, stiffness: 200, damping: 8, initialVelocity: -15)),
        ("critical", Spring(mass: 1, stiffness: 100, damping: 20)),
        ("critical, pushed", Spring(mass: 2, stiffness: 50, damping: 20, initialVelocity: 3)),
        ("overdamped", Spring(mass: 1, stiffness: 100, damping: 50, initialVelocity: 1)),
        ("system", Spring.system),
    ]

    @Test(arguments: cases)
    func closedFormMatchesIntegration(name: String, spring: Spring) {
        for t in [0.0, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0] {
            let reference = integrate(spring, to: t)
            #expect(abs(spring.value(at: t) - reference.position) < 1e-9, "\(name) position at \(t)")
            #expect(abs(spring.velocity(at: t) - reference.velocity) < 1e-8, "\(name) velocity at \(t)")
        }
    }

    @Test func regimesFollowTheDampingRatio() {
        #expect(abs(Spring(mass: 1, stiffness: 100, damping: 20).dampingRatio - 1) < 1e-15)
        #expect(abs(Spring.system.dampingRatio - 500 / (2 * (3000.0).squareRoot())) < 1e-12)
        #expect(abs(Spring.system.dampingRatio - 4.56) < 0.01)
        // An underdamped spring overshoots; critical and overdamped ones never do.
        #expect((0..<200).contains { Spring(mass: 1, stiffness: 100, damping: 5).value(at: Double($0) / 100) > 1 })
        #expect(!(0..<400).contains { Spring(mass: 1, stiffness: 100, damping: 20).value(at: Double($0) / 100) > 1 + 1e-12 })
    }

    /// Framer's reverse-engineered mapping (its test vector: docs/reference.md § Springs).
    @Test func uikitDurationFormMatchesFramersVector() {
        let s = Spring.uikit(dampingRatio: 0.25, initialVelocity: 0, duration: 3)
        #expect(abs(s.stiffness - 54.83363359078326) < 1e-9 * 54.8)
        #expect(abs(s.damping - 3.702486785620688) < 1e-9 * 3.7)
        #expect(s.mass == 1)
        // The envelope at the duration is the model's 0.001.
        let w0 = s.naturalFrequency, zeta = s.dampingRatio
        let envelope = zeta * w0 / (w0 * (1 - zeta * zeta).squareRoot()) * exp(-zeta * w0 * 3)
        #expect(abs(envelope - 0.001) < 1e-9)
    }

    @Test func responseAndBounceMappings() {
        let r = Spring.response(0.5, dampingRatio: 0.8)
        #expect(abs(r.stiffness - pow(2 * .pi / 0.5, 2)) < 1e-9)
        #expect(abs(r.damping - 4 * .pi * 0.8 / 0.5) < 1e-12)
        #expect(abs(r.dampingRatio - 0.8) < 1e-12)
        #expect(abs(Spring.duration(0.5, bounce: 0.3).dampingRatio - 0.7) < 1e-12)
        #expect(abs(Spring.duration(0.5, bounce: -0.5).dampingRatio - 2) < 1e-12)
    }

    @Test func settlingDurationIsWhereTheSpringStaysAtRest() {
        for spring in [Spring.caDefault, Spring(mass: 1, stiffness: 100, damping: 20), Spring.system] {
            let settle = spring.settlingDuration
            #expect(settle > 0 && settle < 20)
            for t in stride(from: settle, through: settle + 5, by: 0.01) {
                #expect(abs(spring.value(at: t) - 1) < 0.001)
            }
        }
    }
}
