import TransitionCore
#if canImport(Glibc)
import Glibc
#endif

/// A session in the journal (`SessionJournal`), shared with other replicas and later processes:
/// its record, its stored entries, a change stored before it lands, and the changes other
/// replicas stored taken in.
extension Session {
    /// Changes a stored session keeps (a replica rebuilding it replays them all, so they are
    /// bounded: about a second of replay at most).
    static let journalEntryLimit = 16_384
    /// Times a change is tried again after other replicas' changes landed first.
    static let conflictRetries = 4

    /// The journal's record of this session.
    func record(now: ContinuousClock.Instant) -> JournalRecord {
        let age = Application.seconds(now - created)
        return JournalRecord(id: id, creation: creation, createdEpochNanoseconds: Self.epochNanoseconds() - Int64(age * 1e9))
    }

    /// Wall-clock time, for the one thing that must agree across machines: when a wall-clock
    /// session's time began.
    static func epochNanoseconds() -> Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return Int64(ts.tv_sec) * 1_000_000_000 + Int64(ts.tv_nsec)
    }

    /// The whole log as the journal stores it (a new session's: it starts at its creation).
    var storedEntries: [[UInt8]] { state.withLock { $0.history.log.entries.map(\.change.stored) } }

    /// Entries in the log since creation (what the journal's length is compared with).
    var logLength: Int { state.withLock { $0.history.log.endIndex } }

    /// Stores the changes a transaction recorded, before it is answered (a 2xx means every
    /// replica will see the change): true once stored (or with no journal); false when another
    /// replica changed the session first, whose changes are then taken into `s` for the
    /// transaction to run again on top of them, as if it had arrived after them (at most
    /// `conflictRetries` times, counted in `attempts`).
    func store(_ recorded: [SessionHistory.Recorded], attempts: inout Int, in s: inout State) throws -> Bool {
        guard let journal else { return true }
        let outcome = try journal.append(id, expected: s.history.log.endIndex, entries: recorded.map(\.change.stored),
                                         limit: Self.journalEntryLimit, ttl: journalTTL)
        switch outcome {
        case .appended:
            return true
        case .behind:
            attempts += 1
            guard attempts < Self.conflictRetries else {
                throw Problem(.concurrentChange, detail: "other requests changed session '\(id)' \(attempts) times while this one was applied; send it again")
            }
            try catchUp(&s, fetching: journal)
            return false
        case .full:
            throw Problem(.sessionLogFull,
                          detail: "session '\(id)' has made \(Self.journalEntryLimit) changes, the most a stored session keeps; export it or start a new one")
        case .gone:
            throw Problem.notFound("session '\(id)' was deleted or expired")
        }
    }

    /// Brings the session up to `length` stored entries, when the journal has more than it
    /// (another replica changed it).
    func catchUp(toStoredLength length: Int) throws {
        guard let journal else { return }
        try state.withLock { (s: inout State) throws in
            guard !s.closed, length > s.history.log.endIndex else { return }
            try catchUp(&s, fetching: journal)
        }
    }

    /// Replays the entries the journal has beyond this session's log.
    private func catchUp(_ s: inout State, fetching journal: any SessionJournal) throws {
        let loaded = try journal.load(id, from: s.history.log.endIndex)
        guard let entries = loaded?.entries else { throw Problem.notFound("session '\(id)' was deleted or expired") }
        // Counted again whatever happens: a replay that failed half way changed the history too.
        let before = s.bytes
        defer {
            s.historyChanged(creation: creation.count)
            memory.add(s.bytes - before)
        }
        for (i, bytes) in entries.enumerated() {
            let change: SessionLog.Change = try .decode(stored: bytes, limits: limits)
            // It succeeded on the replica that stored it and the simulation is deterministic: a
            // failure here is a bug of ours (500), not the client's mistake.
            guard (try? s.history.replay(change, last: i == entries.count - 1)) != nil else { throw Problem.internalError() }
        }
    }
}
