#if canImport(Glibc)
import Glibc
#endif

/// The main thread's wait for SIGINT or SIGTERM (blocked in every thread, so only sigtimedwait
/// here receives them), meanwhile cutting overdue requests four times a second and doing the
/// service's upkeep (expiry, returning memory) once a second.
struct SignalWait {
    var signals: sigset_t
    let bridge: BridgeContext
    private var nextUpkeep = ContinuousClock.now + .seconds(1)
    /// How often overdue requests are looked for: the deadline's resolution.
    static let tick = Duration.milliseconds(250)

    init(signals: sigset_t, bridge: BridgeContext) {
        self.signals = signals
        self.bridge = bridge
    }

    /// The signal received before `end` (nil: no end), or 0.
    mutating func awaitSignal(until end: ContinuousClock.Instant?) -> Int32 {
        while end.map({ ContinuousClock.now < $0 }) ?? true {
            let left = end.map { min($0 - ContinuousClock.now, Self.tick) } ?? Self.tick
            var wait = timespec(tv_sec: Int(left.components.seconds), tv_nsec: Int(left.components.attoseconds / 1_000_000_000))
            let signal = sigtimedwait(&signals, nil, &wait)
            if signal > 0 { return signal }
            bridge.cutOverdueRequests()
            if ContinuousClock.now >= nextUpkeep {
                bridge.application.maintain()
                nextUpkeep = ContinuousClock.now + .seconds(1)
            }
        }
        return 0
    }
}
