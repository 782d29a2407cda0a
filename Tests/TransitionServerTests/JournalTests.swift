import JSONCodec
import Synchronization
import Testing
@testable import TransitionCore
@testable import TransitionServer

/// A journal in memory with Redis's semantics (what `RedisJournal` does in Lua), so that replicas
/// sharing sessions are tested in-process; `tests/e2e/test_store.py` runs the real one.
final class FakeJournal: SessionJournal {
    struct Stored {
        var record: JournalRecord
        var entries: [[UInt8]]
    }

    let sessions = Mutex<[String: Stored]>([:])
    let reachable = Atomic<Bool>(true)
    /// Runs once, just before the next append: another replica's change landing first.
    let interloper = Mutex<(@Sendable () -> Void)?>(nil)

    private func check() throws(JournalError) {
        guard reachable.load(ordering: .relaxed) else { throw .unavailable("fake: unreachable") }
    }

    func create(_ record: JournalRecord, entries: [[UInt8]], ttl: Double?, maxSessions: Int) throws(JournalError) -> JournalCreation {
        try check()
        return sessions.withLock { all in
            if all[record.id] != nil { return .exists }
            if all.count >= maxSessions { return .full }
            all[record.id] = Stored(record: record, entries: entries)
            return .created
        }
    }

    func touch(_ id: String, ttl: Double?) throws(JournalError) -> Int? {
        try check()
        return sessions.withLock { $0[id]?.entries.count }
    }

    func load(_ id: String, from: Int) throws(JournalError) -> (record: JournalRecord, entries: [[UInt8]])? {
        try check()
        return sessions.withLock { all in all[id].map { ($0.record, Array($0.entries[from...])) } }
    }

    func append(_ id: String, expected: Int, entries: [[UInt8]], limit: Int, ttl: Double?) throws(JournalError) -> JournalAppend {
        try check()
        if let other = interloper.withLock({ (hook: inout (@Sendable () -> Void)?) in defer { hook = nil }; return hook }) { other() }
        return sessions.withLock { all in
            guard var stored = all[id] else { return .gone }
            guard stored.entries.count == expected else { return .behind(stored.entries.count) }
            guard expected + entries.count <= limit else { return .full }
            stored.entries += entries
            all[id] = stored
            return .appended
        }
    }

    func delete(_ id: String) throws(JournalError) -> Bool {
        try check()
        return sessions.withLock { $0.removeValue(forKey: id) != nil }
    }

    func ping() -> Bool { reachable.load(ordering: .relaxed) }
}

@Suite struct JournalTests {
    /// Two replicas on one journal.
    func replicas() -> (FakeJournal, Client, Client) {
        let journal = FakeJournal()
        return (journal, Client(journal: journal), Client(journal: journal))
    }

    func body(_ r: (status: Int, json: JSONValue?, response: HTTPResponse)) -> String {
        String(decoding: r.response.body, as: UTF8.self)
    }

    @Test func aSessionMadeOnOneReplicaIsServedByAnother() throws {
        let (_, a, b) = replicas()
        let id = try a.createSession()
        #expect(b.send("POST", "/v1/sessions/\(id)/actions", #"{"type": "push", "viewController": {"id": "d"}}"#).status == 200)
        #expect(a.send("POST", "/v1/sessions/\(id)/clock", #"{"by": 0.2}"#).status == 200)
        for target in ["", "/snapshot?t=0.1", "/snapshots?from=0&to=0.6&fps=10", "/events", "/scenario"] {
            #expect(body(a.send("GET", "/v1/sessions/\(id)\(target)")) == body(b.send("GET", "/v1/sessions/\(id)\(target)")), "\(target)")
        }
        #expect(a.send("GET", "/v1/sessions/\(id)").json?["controllers"]?["topViewController"] == .string("d"))
    }

    @Test func aChangeThatLostARaceIsAppliedAfterTheWinner() throws {
        let (journal, a, b) = replicas()
        let id = try a.createSession()
        #expect(b.send("GET", "/v1/sessions/\(id)").status == 200)  // b holds it now
        // While b applies its push, a's clock move is stored first: b's push lands after it, at t = 1.
        journal.interloper.withLock { $0 = { #expect(a.send("POST", "/v1/sessions/\(id)/clock", #"{"by": 1}"#).status == 200) } }
        let push = b.send("POST", "/v1/sessions/\(id)/actions", #"{"type": "push", "viewController": {"id": "d"}}"#)
        #expect(push.status == 200)
        #expect(push.json?["transition"]?["begin"] == .number(1))
        #expect(journal.sessions.withLock { $0[id]?.entries.count } == 2)
        // A change that the winner's made impossible is refused as it would be in that order.
        journal.interloper.withLock { $0 = { #expect(a.send("POST", "/v1/sessions/\(id)/clock", #"{"to": 2}"#).status == 200) } }
        let late = b.send("POST", "/v1/sessions/\(id)/clock", #"{"to": 1.5}"#)
        #expect(late.status == 409 && late.json?["type"] == .string("/problems/time-in-the-past"))
        #expect(late.json?["detail"]?.stringValue?.contains("in the past") == true)
        #expect(body(a.send("GET", "/v1/sessions/\(id)/scenario")) == body(b.send("GET", "/v1/sessions/\(id)/scenario")))
        let metrics = String(decoding: b.send("GET", "/metrics").response.body, as: UTF8.self)
        #expect(metrics.contains("transition_sim_store_conflicts_total 2\n"))
    }

    @Test func importsAndDeletesReachEveryReplica() throws {
        let (_, a, b) = replicas()
        let original = try a.createSession()
        #expect(a.send("POST", "/v1/sessions/\(original)/actions", #"{"type": "push", "viewController": {"id": "d"}}"#).status == 200)
        let document = body(a.send("GET", "/v1/sessions/\(original)/scenario"))
        let imported = try #require(a.send("POST", "/v1/sessions", #"{"scenario": \#(document)}"#).json?["id"]?.stringValue)
        #expect(body(b.send("GET", "/v1/sessions/\(imported)/scenario")) == document)
        #expect(b.send("DELETE", "/v1/sessions/\(imported)").status == 204)
        #expect(a.send("GET", "/v1/sessions/\(imported)").status == 404)
        #expect(a.send("POST", "/v1/sessions/\(imported)/actions", #"{"type": "pop", "at": 1}"#).status == 404)
    }

    @Test func aStoredSessionExportsItsWholeLogAfterHistoryMovedOn() throws {
        let (_, a, _) = replicas()
        let id = try a.createSession()
        try a.outgrowTheLog(of: id)
        #expect(try #require(a.send("GET", "/v1/sessions/\(id)").json?["historyStart"]?.numberValue) > 0)
        let exported = a.send("GET", "/v1/sessions/\(id)/scenario")
        #expect(exported.status == 200)
        #expect(exported.json?["changes"]?.arrayValue?.count == 256 * ((SessionHistory.logEntryLimit / 256) + 1))
    }

    @Test func anUnreachableStoreIsA503UntilItAnswers() throws {
        let (journal, a, _) = replicas()
        let id = try a.createSession()
        journal.reachable.store(false, ordering: .relaxed)
        for (method, target) in [("GET", "/readyz"), ("GET", "/v1/sessions/\(id)"), ("POST", "/v1/sessions"), ("DELETE", "/v1/sessions/\(id)")] {
            let r = a.send(method, target, method == "POST" ? Client.scene : nil)
            #expect(r.status == 503, "\(method) \(target)")
            #expect(r.json?["type"] == .string("/problems/store-unavailable"))
            #expect(r.response.headers.contains { $0.name == "Retry-After" && $0.value == "1" })
        }
        #expect(a.send("GET", "/livez").status == 200)
        journal.reachable.store(true, ordering: .relaxed)
        #expect(a.send("GET", "/readyz").status == 200)
        #expect(a.send("GET", "/v1/sessions/\(id)").status == 200)
    }

    @Test func theSessionLimitCountsTheWholeJournal() throws {
        let journal = FakeJournal()
        let a = Client(journal: journal) { $0.maxSessions = 2 }
        let b = Client(journal: journal) { $0.maxSessions = 2 }
        _ = try a.createSession()
        _ = try b.createSession()
        #expect(a.send("POST", "/v1/sessions", Client.scene).status == 429)
    }
}
