import Synchronization
import TransitionCore

/// Holds the live sessions: creation with a limit, lookup, deletion, and expiry of idle ones.
final class SessionManager: Sendable {
    let maxSessions: Int
    /// Seconds of idleness after which a session expires.
    let ttl: Double
    private let sessions = Mutex<[String: Session]>([:])
    private let lastSweep = Mutex<ContinuousClock.Instant?>(nil)
    let metrics: Metrics

    init(maxSessions: Int, ttl: Double, metrics: Metrics) {
        self.maxSessions = maxSessions
        self.ttl = ttl
        self.metrics = metrics
    }

    var count: Int { sessions.withLock { $0.count } }

    /// A new id: 128 random bits from the system's CSPRNG, as 32 hex digits.
    static func makeID() -> String {
        var rng = SystemRandomNumberGenerator()
        let digits = Array("0123456789abcdef".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(32)
        for _ in 0..<2 {
            var word = rng.next() as UInt64
            for _ in 0..<16 {
                bytes.append(digits[Int(word & 15)])
                word >>= 4
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    func create(world: World, clockMode: ClockMode, now: ContinuousClock.Instant) throws(Problem) -> Session {
        sweep(now: now, force: true)
        let session = Session(id: Self.makeID(), world: world, clockMode: clockMode, now: now)
        let added = sessions.withLock { (all: inout [String: Session]) -> Bool in
            guard all.count < maxSessions else { return false }
            all[session.id] = session
            return true
        }
        guard added else { throw Problem.tooManySessions(limit: maxSessions) }
        metrics.recordSessionCreated()
        return session
    }

    func session(_ id: String, now: ContinuousClock.Instant) -> Session? {
        sweep(now: now, force: false)
        return sessions.withLock { $0[id] }
    }

    @discardableResult
    func delete(_ id: String) -> Bool {
        sessions.withLock { $0.removeValue(forKey: id) != nil }
    }

    /// Drops sessions idle for longer than the TTL; runs at most once a second unless forced.
    func sweep(now: ContinuousClock.Instant, force: Bool) {
        let due = lastSweep.withLock { (last: inout ContinuousClock.Instant?) -> Bool in
            if !force, let l = last, now - l < .seconds(1) { return false }
            last = now
            return true
        }
        guard due else { return }
        let limit = Duration.milliseconds(Int64((ttl * 1000).rounded()))
        let all = sessions.withLock { Array($0.values) }
        let expired = all.filter { now - $0.lastAccess > limit }.map(\.id)
        guard !expired.isEmpty else { return }
        sessions.withLock { for id in expired { $0[id] = nil } }
        for _ in expired { metrics.recordSessionExpired() }
    }
}
