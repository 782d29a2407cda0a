import TransitionServer

/// The session journal on Redis. Per session, a hash `tsim:{id}:meta` (the creation body and
/// when the session's time began) and a list `tsim:{id}:log` (one stored change per element);
/// `tsim:sessions` is a sorted set of live ids scored by when they expire, which counts sessions
/// across replicas. Each operation is one Lua script, so it is atomic: an append checks the
/// log's length and pushes in one step, and two replicas can neither lose nor reorder a change.
/// Idle expiry is Redis's own (`PEXPIRE`, renewed on every touch and append); sessions created
/// without a TTL (fixtures) never expire. The braces keep a session's keys in one Redis Cluster
/// slot; the sorted set is shared, so the journal needs one primary, not a cluster.
public struct RedisJournal: SessionJournal {
    private let pool: RedisPool

    /// `connections`: how many requests may talk to Redis at once (one per server thread fits).
    public init(address: RedisAddress, connections: Int) {
        pool = RedisPool(address: address, size: connections)
    }

    private static let sessions = Array("tsim:sessions".utf8)
    private static func meta(_ id: String) -> [UInt8] { Array("tsim:{\(id)}:meta".utf8) }
    private static func log(_ id: String) -> [UInt8] { Array("tsim:{\(id)}:log".utf8) }
    private static func text(_ s: String) -> [UInt8] { Array(s.utf8) }
    private static func milliseconds(_ ttl: Double?) -> [UInt8] { text(String(ttl.map { max(1, Int(($0 * 1000).rounded())) } ?? 0)) }

    /// Runs one script with its keys and arguments; an error reply is the store failing.
    private func eval(_ script: String, keys: [[UInt8]], arguments: [[UInt8]]) throws(JournalError) -> RedisValue {
        let reply = try pool.command([Self.text("EVAL"), Self.text(script), Self.text(String(keys.count))] + keys + arguments)
        if case .error(let message) = reply { throw .unavailable("redis: \(message)") }
        return reply
    }

    public func create(_ record: JournalRecord, entries: [[UInt8]], ttl: Double?, maxSessions: Int) throws(JournalError) -> JournalCreation {
        let reply = try eval(RedisScripts.create, keys: [Self.sessions, Self.meta(record.id), Self.log(record.id)],
                             arguments: [Self.text(String(maxSessions)), Self.milliseconds(ttl), record.creation,
                                         Self.text(String(record.createdEpochNanoseconds)), Self.text(record.id)] + entries)
        switch reply.integer {
        case 0: return .created
        case 1: return .exists
        case 2: return .full
        default: throw .unavailable("redis: unexpected answer to create")
        }
    }

    public func touch(_ id: String, ttl: Double?) throws(JournalError) -> Int? {
        let reply = try eval(RedisScripts.touch, keys: [Self.meta(id), Self.log(id), Self.sessions],
                             arguments: [Self.milliseconds(ttl), Self.text(id)])
        guard let length = reply.integer else { throw .unavailable("redis: unexpected answer to touch") }
        return length < 0 ? nil : length
    }

    public func load(_ id: String, from: Int) throws(JournalError) -> (record: JournalRecord, entries: [[UInt8]])? {
        let reply = try eval(RedisScripts.load, keys: [Self.meta(id), Self.log(id)], arguments: [Self.text(String(from))])
        if reply == .null { return nil }
        guard let parts = reply.array, parts.count == 3, let creation = parts[0].bytes, let created = parts[1].bytes,
              let nanoseconds = Int64(String(decoding: created, as: UTF8.self)), let list = parts[2].array else {
            throw .unavailable("redis: unexpected answer to load")
        }
        var entries: [[UInt8]] = []
        entries.reserveCapacity(list.count)
        for item in list {
            guard let bytes = item.bytes else { throw .unavailable("redis: a log entry is not a string") }
            entries.append(bytes)
        }
        return (JournalRecord(id: id, creation: creation, createdEpochNanoseconds: nanoseconds), entries)
    }

    public func append(_ id: String, expected: Int, entries: [[UInt8]], limit: Int, ttl: Double?) throws(JournalError) -> JournalAppend {
        let reply = try eval(RedisScripts.append, keys: [Self.meta(id), Self.log(id), Self.sessions],
                             arguments: [Self.text(String(expected)), Self.text(String(limit)), Self.milliseconds(ttl), Self.text(id)] + entries)
        guard let parts = reply.array, parts.count == 2, let status = parts[0].integer, let length = parts[1].integer else {
            throw .unavailable("redis: unexpected answer to append")
        }
        switch status {
        case 0: return .appended
        case 1: return .behind(length)
        case 2: return .full
        case 3: return .gone
        default: throw .unavailable("redis: unexpected answer to append")
        }
    }

    public func delete(_ id: String) throws(JournalError) -> Bool {
        let reply = try eval(RedisScripts.delete, keys: [Self.meta(id), Self.log(id), Self.sessions], arguments: [Self.text(id)])
        guard let removed = reply.integer else { throw .unavailable("redis: unexpected answer to delete") }
        return removed > 0
    }

    public func ping() -> Bool {
        (try? pool.command([Self.text("PING")])) == .status("PONG")
    }
}
