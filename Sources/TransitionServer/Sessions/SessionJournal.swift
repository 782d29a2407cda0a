/// Where sessions live beyond one process: each session's creation and its log of changes, in
/// order, shared by every replica that uses the same journal. A session is its creation replayed
/// through its log (the simulation is deterministic), so this is all a replica needs to answer
/// for a session another one made. With no journal (`--store memory`) sessions live in the
/// process alone.
///
/// Every call is one round trip to the store; each may throw `unavailable`, which the service
/// answers with 503 and `Retry-After` while it keeps running.
public protocol SessionJournal: Sendable {
    /// Records a new session with the first entries of its log (an imported scenario's). `ttl`
    /// (seconds, nil: never) is how long it lives idle; at most `maxSessions` live in the whole
    /// journal.
    func create(_ record: JournalRecord, entries: [[UInt8]], ttl: Double?, maxSessions: Int) throws(JournalError) -> JournalCreation

    /// The stored length of a session's log, and its idle time starts again; nil when the session
    /// does not exist (never made, deleted or expired).
    func touch(_ id: String, ttl: Double?) throws(JournalError) -> Int?

    /// The session's creation and its log from entry `from` on; nil when it does not exist.
    func load(_ id: String, from: Int) throws(JournalError) -> (record: JournalRecord, entries: [[UInt8]])?

    /// Appends `entries` if the stored log has exactly `expected` entries and room for them:
    /// two replicas changing one session can neither lose nor reorder a change.
    func append(_ id: String, expected: Int, entries: [[UInt8]], limit: Int, ttl: Double?) throws(JournalError) -> JournalAppend

    /// Forgets a session; false when it did not exist.
    func delete(_ id: String) throws(JournalError) -> Bool

    /// Whether the store answers now (for readiness).
    func ping() -> Bool
}

/// What a session was made from.
public struct JournalRecord: Sendable, Equatable {
    public var id: String
    /// The creation body, as compact JSON.
    public var creation: [UInt8]
    /// When the session's time began, in nanoseconds since the Unix epoch: a wall-clock session
    /// has the same `now` on every replica (as far as their clocks agree).
    public var createdEpochNanoseconds: Int64

    public init(id: String, creation: [UInt8], createdEpochNanoseconds: Int64) {
        self.id = id
        self.creation = creation
        self.createdEpochNanoseconds = createdEpochNanoseconds
    }
}

public enum JournalCreation: Sendable, Equatable {
    case created
    /// A session with this id exists already.
    case exists
    /// The journal holds `maxSessions` live sessions.
    case full
}

public enum JournalAppend: Sendable, Equatable {
    case appended
    /// Another replica appended first: the stored log has this many entries.
    case behind(Int)
    /// The log has no room for the entries.
    case full
    /// The session was deleted or expired.
    case gone
}

public enum JournalError: Error, Sendable, Equatable {
    /// The store cannot be reached or did not answer in time; the reason is for the log.
    case unavailable(String)
}
