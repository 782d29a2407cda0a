import CHiredis

/// A Redis reply as a value, copied out of hiredis's reply tree (which is freed at once).
enum RedisValue: Equatable {
    case string([UInt8])
    case integer(Int)
    case array([RedisValue])
    case null
    case status(String)
    case error(String)

    init(_ reply: UnsafePointer<redisReply>) {
        let r = reply.pointee
        func bytes() -> [UInt8] {
            guard let str = r.str else { return [] }
            return Array(UnsafeRawBufferPointer(start: str, count: r.len))
        }
        switch r.type {
        case REDIS_REPLY_STRING: self = .string(bytes())
        case REDIS_REPLY_INTEGER: self = .integer(Int(r.integer))
        case REDIS_REPLY_ARRAY:
            self = .array((0..<r.elements).map { i in r.element[i].map { RedisValue(UnsafePointer($0)) } ?? .null })
        case REDIS_REPLY_STATUS: self = .status(String(decoding: bytes(), as: UTF8.self))
        case REDIS_REPLY_ERROR: self = .error(String(decoding: bytes(), as: UTF8.self))
        default: self = .null
        }
    }

    var integer: Int? {
        if case .integer(let n) = self { return n }
        return nil
    }

    var array: [RedisValue]? {
        if case .array(let a) = self { return a }
        return nil
    }

    var bytes: [UInt8]? {
        if case .string(let b) = self { return b }
        return nil
    }
}
