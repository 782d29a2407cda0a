/// At most ten lines a second from a source that clients can make talk (libmicrohttpd
/// warns once per connection it refuses): a flood of clients over a limit must not flood the
/// log, nor block every worker thread on a full standard-error pipe. After a burst, the first
/// line let through is preceded by one saying how many were dropped.
public struct LogRateLimit: Sendable {
    public static let perSecond = 10
    private var second: Int64 = .min
    private var passed = 0
    private var dropped = 0

    public init() {}

    /// Whether a line at `second` (a monotonic clock's whole seconds) is logged, and if so how
    /// many were dropped before it since the last one logged.
    public mutating func admit(at second: Int64) -> (logged: Bool, droppedBefore: Int) {
        if second != self.second {
            self.second = second
            passed = 0
        }
        guard passed < Self.perSecond else {
            dropped += 1
            return (false, 0)
        }
        passed += 1
        defer { dropped = 0 }
        return (true, dropped)
    }

    /// The line that reports `count` dropped lines.
    public static func droppedLine(_ count: Int) -> String {
        "\(count) more HTTP-layer messages were dropped (over \(perSecond) a second)"
    }
}
