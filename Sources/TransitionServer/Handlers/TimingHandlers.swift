import JSONCodec
import TransitionCore

extension Application {
    /// Samples per request.
    static let maxTimingSamples = 10_000

    /// `{"timing": T, "duration": D, "times": [t…]}` → `{"values": […], "velocities": […]}`.
    func sampleTiming(_ ctx: RequestContext) throws -> HTTPResponse {
        let body = try jsonBody(ctx)
        var values: [Double] = []
        var velocities: [Double] = []
        var r = try SpecReader(body, at: "")
        guard let timing = r.value("timing") else { throw SimulationError("/timing", "is required") }
        let duration = try r.number("duration", in: 0.001...600)
        guard let times = try r.array("times", maxCount: Self.maxTimingSamples) else { throw SimulationError("/times", "is required") }
        // No screen here: SwiftUI's default is the one of `iOS`, else of the newest iOS modelled.
        let iOS = try Screen.iOSVersion(&r) ?? Screen.newestIOS
        let decoded = try TimingCurve.decode(timing, duration: duration ?? 1, iOS: iOS, at: "/timing")
        guard let resolvedDuration = duration ?? decoded.naturalDuration else {
            throw SimulationError("/duration", "is required for this timing (only springs with a settling time have their own)")
        }
        for (i, item) in times.enumerated() {
            guard let t = item.numberValue, t.isFinite, t >= 0, t <= 600 else {
                throw SimulationError("/times/\(i)", "a time in seconds from 0 to 600")
            }
            values.append(decoded.curve.value(at: t, duration: resolvedDuration))
            velocities.append(decoded.curve.velocity(at: t, duration: resolvedDuration))
        }
        try r.finish()
        var encoder = ResponseEncoder()
        encoder.timingSamples(duration: resolvedDuration, values: values, velocities: velocities)
        return Self.json(200, encoder.writer.bytes)
    }
}
