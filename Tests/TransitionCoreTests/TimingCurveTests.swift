import JSONCodec
import Testing
@testable import TransitionCore

@Suite struct TimingCurveTests {
    func decode(_ text: String, duration: Double = 0.5) throws -> (curve: TimingCurve, naturalDuration: Double?) {
        try TimingCurve.decode(json(text), duration: duration, iOS: Screen.newestIOS, at: "/timing")
    }

    @Test func everyFormDecodes() throws {
        #expect(try decode(#""easeInOut""#).curve == .easeInOut)
        #expect(try decode(#"{"cubicBezier": [0.25, 0.1, 0.25, 1]}"#).curve == .caDefault)
        let uikit = try decode(#"{"spring": {"dampingRatio": 0.55, "initialVelocity": 1.8}}"#, duration: 0.5)
        #expect(uikit.curve == .spring(.uikit(dampingRatio: 0.55, initialVelocity: 1.8, duration: 0.5)))
        #expect(uikit.naturalDuration == nil)
        let ca = try decode(#"{"spring": {"mass": 1, "stiffness": 100, "damping": 10}}"#)
        #expect(ca.curve == .spring(.caDefault))
        #expect(ca.naturalDuration == Spring.caDefault.settlingDuration)
        #expect(try decode(#"{"spring": {"response": 0.4, "dampingRatio": 0.9}}"#).curve == .spring(.response(0.4, dampingRatio: 0.9)))
        #expect(try decode(#"{"spring": {"duration": 0.4, "bounce": 0.2}}"#).curve == .spring(.duration(0.4, bounce: 0.2)))
        #expect(try decode(#"{"spring": "system"}"#).curve == .spring(.system))
        #expect(try decode(#"{"spring": {"mass": 3, "stiffness": 1000, "damping": 500, "allowsOverdamping": true}}"#).curve
                == .spring(Spring(mass: 3, stiffness: 1000, damping: 500, allowsOverdamping: true)))
        #expect(try decode(#"{"spring": {"duration": 0.5, "bounce": -0.5, "allowsOverdamping": true}}"#).curve
                == .spring(Spring.duration(0.5, bounce: -0.5).overdampingAllowed))
    }

    @Test func errorsPointAtTheField() {
        func pointer(_ text: String) -> String? {
            do { _ = try decode(text); return nil } catch let e as SimulationError { return e.pointer } catch { return "?" }
        }
        #expect(pointer(#""wobbly""#) == "/timing")
        #expect(pointer(#"{"cubicBezier": [1.5, 0, 0.5, 1]}"#) == "/timing/cubicBezier")
        #expect(pointer(#"{"cubicBezier": [0.5, 0, 0.5]}"#) == "/timing/cubicBezier")
        #expect(pointer(#"{"spring": {"dampingRatio": -1}}"#) == "/timing/spring/dampingRatio")
        #expect(pointer(#"{"spring": {"dampingRatio": 0.5, "tension": 3}}"#) == "/timing/spring/tension")
        #expect(pointer(#"{"spring": {"dampingRatio": 0.5, "allowsOverdamping": true}}"#) == "/timing/spring/allowsOverdamping")
        #expect(pointer(#"{"spring": {"mass": 1, "allowsOverdamping": 1}}"#) == "/timing/spring/allowsOverdamping")
        #expect(pointer(#"{"spring": {"mass": 1, "stiffness": 100, "damping": 0}}"#) == "/timing/spring/damping")
        #expect(pointer(#"{"spring": {}}"#) == "/timing/spring")
    }

    @Test func curvesClampTimeAndSpringsDoNot() {
        #expect(TimingCurve.easeInOut.value(at: -1, duration: 0.5) == 0)
        #expect(TimingCurve.easeInOut.value(at: 2, duration: 0.5) == 1)
        #expect(abs(TimingCurve.easeInOut.value(at: 0.25, duration: 0.5) - 0.5) < 1e-12)
        let spring = Spring(mass: 1, stiffness: 100, damping: 5)
        #expect(TimingCurve.spring(spring).value(at: 0.3, duration: 99) == spring.value(at: 0.3))
        // Velocity of a curve is the slope over the duration.
        let v = TimingCurve.easeInOut.velocity(at: 0.25, duration: 0.5)
        #expect(abs(v - CubicBezier.easeInOut.slope(0.5) / 0.5) < 1e-12)
    }

    @Test func aVerticalTangentIsTheLargestFiniteVelocity() {
        // schemathesis' case: x1 a subnormal away from 0 makes dy/dx overflow near the start.
        let curve = TimingCurve.cubicBezier(CubicBezier(1.1125369292536007e-308, -24.089536737989704, 0.4975048116357902, 91.24826224229906))
        let v = curve.velocity(at: 2.2250738585e-313, duration: 268.41312487349757)
        #expect(v.isFinite)
        #expect(abs(v) == Double.greatestFiniteMagnitude)
        #expect(curve.velocity(at: 92.06817400849833, duration: 268.41312487349757).isFinite)
    }

    @Test func theEndsOfACurveWithAnOverflowingTangentAreExact() {
        // CI's schemathesis case: y1 / x1 is infinite, and the start used to be ∞ · 0 = NaN (JSON null).
        let start = CubicBezier(1.1125369292536007e-308, -87.24187582932963, 5e-324, -1)
        #expect(start.solve(0) == 0)
        #expect(start.solve(1) == 1)
        let end = CubicBezier(0.5, 0.5, 1 - 0x1p-53, 1e300)
        #expect(end.solve(1) == 1)
        #expect(TimingCurve.cubicBezier(start).value(at: 0, duration: 1) == 0)
    }
}

extension Spring {
    var overdampingAllowed: Spring {
        var s = self
        s.allowsOverdamping = true
        return s
    }
}
