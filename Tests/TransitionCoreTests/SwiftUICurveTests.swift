import Foundation
import JSONCodec
import Testing
@testable import TransitionCore

/// SwiftUI's named animations against the closed form of the spring Apple's pages describe:
/// `Spring(duration: d, bounce: b)` is ω₀ = 2π / d and ζ = 1 − b, moving from 0 to 1 at rest.
@Suite struct SwiftUICurveTests {
    func decode(_ text: String, iOS: Int = Screen.newestIOS) throws -> (curve: TimingCurve, naturalDuration: Double?) {
        try TimingCurve.decode(json(text), duration: 1, iOS: iOS, at: "/timing")
    }

    /// 1 − e^(−ζω₀t)·(cos ω_d t + ζω₀/ω_d · sin ω_d t) for ζ < 1; 1 − e^(−ω₀t)·(1 + ω₀t) for ζ = 1.
    func closedForm(duration d: Double, bounce b: Double, at t: Double) -> Double {
        let w0 = 2 * Double.pi / d, zeta = 1 - b
        if zeta == 1 { return 1 - exp(-w0 * t) * (1 + w0 * t) }
        let wd = w0 * (1 - zeta * zeta).squareRoot()
        return 1 - exp(-zeta * w0 * t) * (cos(wd * t) + zeta * w0 / wd * sin(wd * t))
    }

    func expectClosedForm(_ text: String, duration: Double, bounce: Double) throws {
        let decoded = try decode(text)
        guard case .spring(let spring) = decoded.curve else { Issue.record("\(text) is no spring"); return }
        #expect(decoded.naturalDuration == spring.settlingDuration, "\(text)")
        for t in stride(from: 0.0, through: 1.0, by: 0.05) {
            #expect(abs(decoded.curve.value(at: t, duration: 1) - closedForm(duration: duration, bounce: bounce, at: t)) < 1e-12, "\(text) at \(t)")
        }
    }

    @Test func namedSpringsHaveApplesParameters() throws {
        try expectClosedForm(#""smooth""#, duration: 0.5, bounce: 0)
        try expectClosedForm(#""snappy""#, duration: 0.5, bounce: 0.15)
        try expectClosedForm(#""bouncy""#, duration: 0.5, bounce: 0.3)
        try expectClosedForm(#""interactiveSpring""#, duration: 0.15, bounce: 0.14)
        try expectClosedForm(#""spring""#, duration: 0.5, bounce: 0)
    }

    @Test func durationAndExtraBounceTuneThem() throws {
        try expectClosedForm(#"{"snappy": {"duration": 0.4, "extraBounce": 0.1}}"#, duration: 0.4, bounce: 0.25)
        try expectClosedForm(#"{"smooth": {"duration": 0.3}}"#, duration: 0.3, bounce: 0)
        try expectClosedForm(#"{"bouncy": {"extraBounce": -0.1}}"#, duration: 0.5, bounce: 0.2)
        try expectClosedForm(#"{"interactiveSpring": {"duration": 0.2}}"#, duration: 0.2, bounce: 0.14)
        try expectClosedForm(#"{"bouncy": {}}"#, duration: 0.5, bounce: 0.3)
    }

    @Test func springTakesSwiftUIsDefaults() throws {
        try expectClosedForm(#"{"spring": {"duration": 0.4}}"#, duration: 0.4, bounce: 0)
        try expectClosedForm(#"{"spring": {"bounce": 0.2}}"#, duration: 0.5, bounce: 0.2)
    }

    @Test func animationDefaultChangedInIOS17() throws {
        let before = try decode(#""swiftUIDefault""#, iOS: 16)
        #expect(before.curve == .easeInOut)
        #expect(before.naturalDuration == 0.35)
        let after = try decode(#""swiftUIDefault""#, iOS: 17)
        // spring(response: 0.55, dampingFraction: 1): bounce 0 over 0.55 s.
        guard case .spring(let spring) = after.curve else { Issue.record("not a spring"); return }
        #expect(after.naturalDuration == spring.settlingDuration)
        for t in stride(from: 0.0, through: 1.0, by: 0.05) {
            #expect(abs(spring.value(at: t) - closedForm(duration: 0.55, bounce: 0, at: t)) < 1e-12)
        }
        #expect(try decode(#""swiftUIDefault""#, iOS: 26).curve == after.curve)
        // Core Animation's "default" is untouched.
        #expect(try decode(#""default""#).curve == .caDefault)
    }

    @Test func errorsPointAtTheMember() {
        func pointer(_ text: String) -> String? {
            do { _ = try decode(text); return nil } catch let e as SimulationError { return e.pointer } catch { return "?" }
        }
        #expect(pointer(#""snapy""#) == "/timing")
        #expect(pointer(#"{"snapy": {}}"#) == "/timing/snapy")
        #expect(pointer(#"{"snappy": {"duration": 0}}"#) == "/timing/snappy/duration")
        #expect(pointer(#"{"snappy": {"extraBounce": 0.9}}"#) == "/timing/snappy/extraBounce")
        #expect(pointer(#"{"snappy": {"bounce": 0.2}}"#) == "/timing/snappy/bounce")
        #expect(pointer(#"{"snappy": 1}"#) == "/timing/snappy")
        #expect(pointer(#"{"swiftUIDefault": {}}"#) == "/timing/swiftUIDefault")
    }
}
