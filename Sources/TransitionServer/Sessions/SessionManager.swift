import Synchronization
import TransitionCore

/// Holds the live sessions: creation within the session and memory limits, lookup, deletion,
/// and expiry of idle ones.
final class SessionManager: Sendable {
    let maxSessions: Int
    let memory: MemoryBudget
    let limits: SceneLimits
    /// Seconds of idleness after which a session expires.
    let ttl: Double
    private let sessions = Mutex<[String: Session]>([:])
    private let lastSweep = Mutex<ContinuousClock.Instant?>(nil)
    let metrics: Metrics

    init(maxSessions: Int, ttl: Double, maxMemory: Int, limits: SceneLimits, metrics: Metrics) {
        self.maxSessions = maxSessions
        self.memory = MemoryBudget(limit: maxMemory)
        self.limits = limits
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

    /// Adds the session `make` builds for an id (a new random one unless `id` is given), within
    /// the session and memory limits; a given id that exists already is a 409.
    func create(id: String? = nil, now: ContinuousClock.Instant,
                _ make: (_ id: String, _ memory: MemoryBudget) throws(Problem) -> Session) throws(Problem) -> Session {
        sweep(now: now, force: true)
        try admitGrowth()
        let session = try make(id ?? Self.makeID(), memory)
        let refusal = sessions.withLock { (all: inout [String: Session]) -> Problem? in
            guard all[session.id] == nil else {
                return Problem.conflict(type: "session-exists", title: "A session with this id exists",
                                        detail: "a session with id '\(session.id)' exists already")
            }
            guard all.count < maxSessions else { return Problem.tooManySessions(limit: maxSessions) }
            all[session.id] = session
            return nil
        }
        if let refusal {
            session.close()
            throw refusal
        }
        metrics.recordSessionCreated()
        return session
    }

    func session(_ id: String, now: ContinuousClock.Instant) -> Session? {
        sweep(now: now, force: false)
        return sessions.withLock { $0[id] }
    }

    /// Answers 507 when the sessions together hold the memory budget: what exists keeps working
    /// (reads, deletes), what would grow waits until memory is given back.
    func admitGrowth() throws(Problem) {
        guard memory.admitsGrowth else { throw Problem.memoryBudgetExhausted(limit: memory.limit) }
    }

    @discardableResult
    func delete(_ id: String) -> Bool {
        guard let session = sessions.withLock({ $0.removeValue(forKey: id) }) else { return false }
        session.close()
        return true
    }

    /// Periodic upkeep (about once a second, off the request path): expires idle sessions and
    /// returns freed memory to the system.
    func maintain(now: ContinuousClock.Instant) {
        sweep(now: now, force: false)
        memory.trimIfChanged()
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
        let expired = all.filter { !$0.pinned && now - $0.lastAccess > limit }.map(\.id)
        guard !expired.isEmpty else { return }
        let removed = sessions.withLock { all in expired.compactMap { all.removeValue(forKey: $0) } }
        for session in removed {
            session.close()
            metrics.recordSessionExpired()
        }
    }
}
