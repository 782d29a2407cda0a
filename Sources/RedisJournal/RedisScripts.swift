/// The journal's operations as Lua scripts: Redis runs each one atomically. Times come from
/// Redis (`TIME`), so replicas whose clocks differ agree on when sessions expire.
enum RedisScripts {
    /// Renews a session's idle time when it has one (fixtures have none). Expects the keys
    /// meta, log, sessions and the TTL in ms and the id at `ttlArg`, `idArg`.
    private static func renew(ttlArg: Int, idArg: Int) -> String {
        """
        local ttl = tonumber(ARGV[\(ttlArg)])
        if ttl > 0 and redis.call('PTTL', KEYS[1]) > 0 then
          local t = redis.call('TIME')
          local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
          redis.call('PEXPIRE', KEYS[1], ttl)
          redis.call('PEXPIRE', KEYS[2], ttl)
          redis.call('ZADD', KEYS[3], 'XX', now + ttl, ARGV[\(idArg)])
        end
        """
    }

    /// KEYS: sessions, meta, log. ARGV: max sessions, TTL ms (0: never), creation, created, id,
    /// first entries…. Returns 0 created, 1 exists, 2 full.
    static let create = """
        local t = redis.call('TIME')
        local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
        redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
        if redis.call('EXISTS', KEYS[2]) == 1 then return 1 end
        if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[1]) then return 2 end
        redis.call('DEL', KEYS[3])
        redis.call('HSET', KEYS[2], 'creation', ARGV[3], 'created', ARGV[4])
        if #ARGV > 5 then redis.call('RPUSH', KEYS[3], unpack(ARGV, 6)) end
        local ttl = tonumber(ARGV[2])
        if ttl > 0 then
          redis.call('PEXPIRE', KEYS[2], ttl)
          redis.call('PEXPIRE', KEYS[3], ttl)
          redis.call('ZADD', KEYS[1], now + ttl, ARGV[5])
        else
          redis.call('ZADD', KEYS[1], '+inf', ARGV[5])
        end
        return 0
        """

    /// KEYS: meta, log, sessions. ARGV: TTL ms, id. Returns the log's length, or -1 when gone.
    static let touch = """
        if redis.call('EXISTS', KEYS[1]) == 0 then return -1 end
        \(renew(ttlArg: 1, idArg: 2))
        return redis.call('LLEN', KEYS[2])
        """

    /// KEYS: meta, log. ARGV: first entry. Returns {creation, created, entries} or nil.
    static let load = """
        local m = redis.call('HMGET', KEYS[1], 'creation', 'created')
        if not m[1] then return nil end
        return {m[1], m[2], redis.call('LRANGE', KEYS[2], tonumber(ARGV[1]), -1)}
        """

    /// KEYS: meta, log, sessions. ARGV: expected length, limit, TTL ms, id, entries….
    /// Returns {0, length} appended, {1, length} behind, {2, length} full, {3, 0} gone.
    static let append = """
        if redis.call('EXISTS', KEYS[1]) == 0 then return {3, 0} end
        local n = redis.call('LLEN', KEYS[2])
        if n ~= tonumber(ARGV[1]) then return {1, n} end
        local count = #ARGV - 4
        if n + count > tonumber(ARGV[2]) then return {2, n} end
        if count > 0 then redis.call('RPUSH', KEYS[2], unpack(ARGV, 5)) end
        \(renew(ttlArg: 3, idArg: 4))
        return {0, n + count}
        """

    /// KEYS: meta, log, sessions. ARGV: id. Returns how many keys existed.
    static let delete = """
        local n = redis.call('DEL', KEYS[1], KEYS[2])
        redis.call('ZREM', KEYS[3], ARGV[1])
        return n
        """
}
