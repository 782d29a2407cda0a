import JSONCodec
import Synchronization
import TransitionCore

/// Holds the live sessions: creation within the session and memory limits, lookup, deletion,
/// and expiry of idle ones. With a journal, the journal holds the sessions and this is a cache of
/// the ones this replica served lately, each checked against the stored log before it answers.
final class SessionManager: Sendable {
    let maxSessions: Int
    let memory: MemoryBudget
    let limits: SceneLimits
    /// Seconds of idleness after which a session expires.
    let ttl: Double
    let journal: (any SessionJournal)?
    private let sessions = Mutex<[String: Session]>([:])
    private let lastSweep = Mutex<ContinuousClock.Instant?>(nil)
    /// Sessions replayed for comparisons, registered nowhere, alive now.
    private let replays = Atomic<Int>(0)
    let metrics: Metrics

    init(maxSessions: Int, ttl: Double, maxMemory: Int, limits: SceneLimits, journal: (any SessionJournal)? = nil, metrics: Metrics) {
        self.maxSessions = maxSessions
        self.memory = MemoryBudget(limit: maxMemory)
        self.limits = limits
        self.ttl = ttl
        self.journal = journal
        self.metrics = metrics
    }

    var environment: Session.Environment { Session.Environment(limits: limits, memory: memory, journal: journal, ttl: ttl) }

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
    func create(id: String? = nil, pinned: Bool = false, now: ContinuousClock.Instant,
                _ make: (_ id: String, _ environment: Session.Environment) throws -> Session) throws -> Session {
        sweep(now: now, force: true)
        try admitGrowth()
        let session = try make(id ?? Self.makeID(), environment)
        if let journal {
            let created: JournalCreation
            do {
                created = try journal.create(session.record(now: now), entries: session.storedEntries, ttl: pinned ? nil : ttl,
                                             maxSessions: maxSessions)
            } catch {
                session.close()
                throw error
            }
            switch created {
            case .created: break
            case .exists:
                session.close()
                throw Self.exists(session.id)
            case .full:
                session.close()
                throw Problem.tooManySessions(limit: maxSessions)
            }
        }
        let refusal = sessions.withLock { (all: inout [String: Session]) -> Problem? in
            guard all[session.id] == nil else { return Self.exists(session.id) }
            // With a journal, the journal counts the sessions; this is a cache.
            guard journal != nil || all.count < maxSessions else { return Problem.tooManySessions(limit: maxSessions) }
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

    static func exists(_ id: String) -> Problem {
        Problem(.sessionExists, detail: "a session with id '\(id)' exists already")
    }

    /// The session, up to date with the journal: a session another replica made is rebuilt from
    /// its stored log, and one this replica holds replays what others appended since. Nil when it
    /// does not exist.
    func session(_ id: String, now: ContinuousClock.Instant) throws -> Session? {
        sweep(now: now, force: false)
        let cached = sessions.withLock { $0[id] }
        guard let journal else { return cached }
        // Ids are checked before they reach the store: only what a session id can be.
        guard ViewSpec.isValidID(id) else { return nil }
        let length = try journal.touch(id, ttl: cached?.pinned == true ? nil : ttl)
        guard let length else {
            if let gone = sessions.withLock({ $0.removeValue(forKey: id) }) { gone.close() }
            return nil
        }
        if let cached {
            let held = cached.logLength
            if length > held {
                let start = ContinuousClock.now
                try cached.catchUp(toStoredLength: length)
                metrics.recordReplay(entries: length - held, seconds: Application.seconds(ContinuousClock.now - start))
            }
            return cached
        }
        return try restore(id, journal: journal, now: now)
    }

    /// Rebuilds a stored session in this replica: its creation replayed through its whole log.
    private func restore(_ id: String, journal: any SessionJournal, now: ContinuousClock.Instant) throws -> Session? {
        let start = ContinuousClock.now
        let loaded = try journal.load(id, from: 0)
        guard let (record, entries) = loaded else { return nil }
        var changes: [SessionLog.Change] = []
        changes.reserveCapacity(entries.count)
        for bytes in entries {
            changes.append(try .decode(stored: bytes, limits: limits))
        }
        let age = Double(Session.epochNanoseconds() - record.createdEpochNanoseconds) / 1e9
        let creation = try JSONParser.parse(record.creation, limits: limits.jsonBodyLimits)
        let session = try Session.make(id: id, creation: creation, at: "", changes: changes, changesAt: "", pinned: false,
                                       created: now - .nanoseconds(Int64(age * 1e9)), in: environment, now: now)
        metrics.recordReplay(entries: entries.count, seconds: Application.seconds(ContinuousClock.now - start))
        // Two requests may rebuild it at once; the first one cached wins.
        let kept = sessions.withLock { all in
            if let first = all[id] { return first }
            all[id] = session
            return session
        }
        if kept !== session { session.close() }
        return kept
    }

    /// Takes a place among `maxSessions` for a session replayed for a comparison while it lives,
    /// as a creation would (429 `too-many-sessions` when none is free); `endReplay` gives it back.
    func beginReplay() throws {
        let taken = replays.wrappingAdd(1, ordering: .acquiringAndReleasing).newValue
        guard count + taken <= maxSessions else {
            replays.wrappingSubtract(1, ordering: .acquiringAndReleasing)
            throw Problem.tooManySessions(limit: maxSessions)
        }
    }

    func endReplay() {
        replays.wrappingSubtract(1, ordering: .acquiringAndReleasing)
    }

    /// Answers 507 when the sessions together hold the memory budget: what exists keeps working
    /// (reads, deletes), what would grow waits until memory is given back.
    func admitGrowth() throws {
        guard memory.admitsGrowth else { throw Problem.memoryBudgetExhausted(limit: memory.limit) }
    }

    /// Forgets a session here and in the journal; false when it did not exist.
    @discardableResult
    func delete(_ id: String) throws -> Bool {
        var existed = false
        if let journal {
            existed = try journal.delete(id)
        }
        guard let session = sessions.withLock({ $0.removeValue(forKey: id) }) else { return existed }
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
            // With a journal this only leaves the cache; the journal expires sessions itself.
            if journal == nil { metrics.recordSessionExpired() }
        }
    }
}
