import JSONCodec

/// A timing among a platform transition's parameters: a curve name or a timing object, as the
/// animator language writes it (docs/timing.md). Kept as written, since the animator's body reads
/// it by name (`"curve": "@curve"`) and decodes it for its block's duration.
struct TimingParameter: Sendable, Equatable {
    let json: JSONValue

    /// What UIKit's own gestures put in place of a transition's curves while the finger drives it.
    static let linear = TimingParameter(json: .string("linear"))

    private init(json: JSONValue) { self.json = json }

    /// Reads the required timing `key`, which must decode as one.
    init(_ r: inout SpecReader, _ key: String) throws(SimulationError) {
        guard let json = r.value(key) else { throw SimulationError(r.path(key), "is required") }
        try TimingCurve.check(json, at: r.path(key))
        self.json = json
    }

    /// The curve over a block of `duration` seconds (UIKit's duration form of a spring needs it)
    /// on `iOS` (SwiftUI's default depends on it); nil when the timing does not decode for that
    /// duration.
    func curve(duration: Double, iOS: Int) -> TimingCurve? {
        (try? TimingCurve.decode(json, duration: duration, iOS: iOS, at: ""))?.curve
    }
}
