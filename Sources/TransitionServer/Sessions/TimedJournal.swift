/// A journal whose every round trip is timed into the metrics, with conflicts counted: what an
/// operator needs to see whether the store is the slow part.
struct TimedJournal: SessionJournal {
    let journal: any SessionJournal
    let metrics: Metrics

    private func timed<T>(_ operation: String, _ body: () throws(JournalError) -> T) throws(JournalError) -> T {
        let start = ContinuousClock.now
        defer { metrics.recordStore(operation: operation, seconds: Application.seconds(ContinuousClock.now - start)) }
        return try body()
    }

    func create(_ record: JournalRecord, entries: [[UInt8]], ttl: Double?, maxSessions: Int) throws(JournalError) -> JournalCreation {
        try timed("create") { () throws(JournalError) in try journal.create(record, entries: entries, ttl: ttl, maxSessions: maxSessions) }
    }

    func touch(_ id: String, ttl: Double?) throws(JournalError) -> Int? {
        try timed("touch") { () throws(JournalError) in try journal.touch(id, ttl: ttl) }
    }

    func load(_ id: String, from: Int) throws(JournalError) -> (record: JournalRecord, entries: [[UInt8]])? {
        try timed("load") { () throws(JournalError) in try journal.load(id, from: from) }
    }

    func append(_ id: String, expected: Int, entries: [[UInt8]], limit: Int, ttl: Double?) throws(JournalError) -> JournalAppend {
        let outcome = try timed("append") { () throws(JournalError) in
            try journal.append(id, expected: expected, entries: entries, limit: limit, ttl: ttl)
        }
        if case .behind = outcome { metrics.recordStoreConflict() }
        return outcome
    }

    func delete(_ id: String) throws(JournalError) -> Bool {
        try timed("delete") { () throws(JournalError) in try journal.delete(id) }
    }

    func ping() -> Bool {
        (try? timed("ping") { () throws(JournalError) in journal.ping() }) ?? false
    }
}
