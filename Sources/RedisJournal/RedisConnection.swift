import CHiredis
import Synchronization
import TransitionServer
#if canImport(Glibc)
import Glibc
#endif

/// Where Redis listens: `redis://HOST:PORT[/DB]`.
public struct RedisAddress: Sendable, Equatable {
    public var host: String
    public var port: Int32
    public var database: Int

    /// Parses `redis://HOST[:PORT][/DB]` (port 6379 and database 0 by default); nil if malformed.
    public init?(url: String) {
        guard url.hasPrefix("redis://") else { return nil }
        var rest = Substring(url.dropFirst("redis://".count))
        database = 0
        if let slash = rest.firstIndex(of: "/") {
            guard let db = Int(rest[rest.index(after: slash)...]), (0...15).contains(db) else { return nil }
            database = db
            rest = rest[..<slash]
        }
        port = 6379
        if let colon = rest.lastIndex(of: ":") {
            guard let p = Int32(rest[rest.index(after: colon)...]), (1...65535).contains(p) else { return nil }
            port = p
            rest = rest[..<colon]
        }
        guard !rest.isEmpty, rest.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" }) else { return nil }
        host = String(rest)
    }
}

/// One connection to Redis, used by one request at a time (hiredis contexts are not thread-safe).
/// It connects on first use and again after any failure, so a Redis restart heals by itself.
final class RedisConnection {
    private let address: RedisAddress
    private var context: UnsafeMutablePointer<redisContext>?
    /// The pool's generation when this connection was made (see `RedisPool`).
    var generation = 0
    /// How long to wait for a connection and for each reply.
    private static let timeout = timeval(tv_sec: 1, tv_usec: 0)

    init(address: RedisAddress) {
        self.address = address
    }

    deinit { disconnect() }

    func disconnect() {
        if let context { redisFree(context) }
        context = nil
    }

    private func connect() throws(JournalError) -> UnsafeMutablePointer<redisContext> {
        if let context { return context }
        guard let c = redisConnectWithTimeout(address.host, address.port, Self.timeout) else {
            throw .unavailable("cannot allocate a Redis context")
        }
        guard c.pointee.err == 0 else {
            let reason = Self.errorText(c)
            redisFree(c)
            throw .unavailable("cannot connect to redis://\(address.host):\(address.port): \(reason)")
        }
        redisSetTimeout(c, Self.timeout)
        context = c
        if address.database != 0 {
            _ = try command([Array("SELECT".utf8), Array(String(address.database).utf8)])
        }
        return c
    }

    /// Sends one command (binary-safe arguments) and waits for its reply.
    func command(_ arguments: [[UInt8]]) throws(JournalError) -> RedisValue {
        let c = try connect()
        // All arguments in one buffer, so that one pointer stays valid for the call.
        let joined = arguments.reduce(into: [UInt8]()) { $0.append(contentsOf: $1) } + [0]
        var lengths = arguments.map(\.count)
        let reply: UnsafeMutableRawPointer? = joined.withUnsafeBufferPointer { buffer in
            let base = UnsafeRawPointer(buffer.baseAddress!).assumingMemoryBound(to: CChar.self)
            var offset = 0
            var pointers: [UnsafePointer<CChar>?] = lengths.map { length in
                defer { offset += length }
                return base + offset
            }
            return redisCommandArgv(c, Int32(arguments.count), &pointers, &lengths)
        }
        guard let reply else {
            let reason = Self.errorText(c)
            disconnect()
            throw .unavailable("redis: \(reason)")
        }
        defer { freeReplyObject(reply) }
        return RedisValue(reply.assumingMemoryBound(to: redisReply.self))
    }

    private static func errorText(_ c: UnsafeMutablePointer<redisContext>) -> String {
        withUnsafeBytes(of: c.pointee.errstr) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}

/// A few connections, each behind its own lock; requests take them in turn.
final class RedisPool: Sendable {
    private final class Slot: Sendable {
        let connection: Mutex<RedisConnection>
        init(address: RedisAddress) { connection = Mutex(RedisConnection(address: address)) }
    }

    private let slots: [Slot]
    private let next = Atomic<Int>(0)
    /// Goes up whenever a connection fails: when one has, the others most likely broke the same
    /// way (Redis restarted), so each reconnects before its next command instead of failing a
    /// request of its own first.
    private let generation = Atomic<Int>(0)

    init(address: RedisAddress, size: Int) {
        slots = (0..<max(1, size)).map { _ in Slot(address: address) }
    }

    func command(_ arguments: [[UInt8]]) throws(JournalError) -> RedisValue {
        let i = next.wrappingAdd(1, ordering: .relaxed).oldValue % slots.count
        return try slots[i].connection.withLock { (connection: inout RedisConnection) throws(JournalError) -> RedisValue in
            let current = generation.load(ordering: .acquiring)
            if connection.generation != current {
                connection.disconnect()
                connection.generation = current
            }
            do throws(JournalError) {
                return try connection.command(arguments)
            } catch {
                generation.wrappingAdd(1, ordering: .releasing)
                throw error
            }
        }
    }
}
