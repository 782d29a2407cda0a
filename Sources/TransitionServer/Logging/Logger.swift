#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One logfmt line per event on standard error, written with a single `write(2)` so that lines
/// from different threads never interleave. Timestamps appear here only, never in responses.
public struct Logger: Sendable {
    public let level: LogLevel

    public init(level: LogLevel) {
        self.level = level
    }

    /// Whether events at `level` are written; check it before building costly fields.
    @inlinable
    public func isEnabled(_ level: LogLevel) -> Bool { level >= self.level }

    public func log(_ level: LogLevel, _ message: String, _ fields: KeyValuePairs<String, String> = [:]) {
        guard level >= self.level else { return }
        var line = "ts=\(Self.timestamp()) level=\(level) msg=\(Self.quoted(message))"
        for (key, value) in fields { line += " \(key)=\(Self.quoted(value))" }
        line += "\n"
        Self.writeAll(Array(line.utf8))
    }

    public func debug(_ message: String, _ fields: KeyValuePairs<String, String> = [:]) { log(.debug, message, fields) }
    public func info(_ message: String, _ fields: KeyValuePairs<String, String> = [:]) { log(.info, message, fields) }
    public func warning(_ message: String, _ fields: KeyValuePairs<String, String> = [:]) { log(.warning, message, fields) }
    public func error(_ message: String, _ fields: KeyValuePairs<String, String> = [:]) { log(.error, message, fields) }

    /// Quotes a value when it is empty or holds spaces, quotes, `=`, backslashes or control
    /// characters, as logfmt readers expect; inside quotes `"` and `\` are escaped and control
    /// characters written as `\n`, `\r`, `\t` or `\u{XX}`, so one event is always one line.
    static func quoted(_ value: String) -> String {
        func plain(_ u: Unicode.Scalar) -> Bool { u.value > 0x20 && u.value != 0x7F && u != "\"" && u != "=" && u != "\\" }
        guard !value.isEmpty, !value.unicodeScalars.allSatisfy(plain) else { return value.isEmpty ? "\"\"" : value }
        var out = "\""
        for u in value.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where u.value < 0x20 || u.value == 0x7F: out += "\\u{" + String(u.value, radix: 16) + "}"
            default: out.unicodeScalars.append(u)
            }
        }
        return out + "\""
    }

    /// One write(2) per line (lines up to PIPE_BUF never interleave on a pipe); a short write or
    /// EINTR is continued.
    static func writeAll(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = write(2, buffer.baseAddress! + offset, buffer.count - offset)
                if n > 0 {
                    offset += n
                } else if n < 0 && errno == EINTR {
                    continue
                } else {
                    return
                }
            }
        }
    }

    /// UTC time as RFC 3339 with milliseconds.
    static func timestamp() -> String {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        var seconds = time_t(spec.tv_sec)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func pad(_ v: Int32, _ width: Int) -> String {
            let s = String(v)
            return String(repeating: "0", count: max(0, width - s.count)) + s
        }
        return "\(pad(parts.tm_year + 1900, 4))-\(pad(parts.tm_mon + 1, 2))-\(pad(parts.tm_mday, 2))T"
            + "\(pad(parts.tm_hour, 2)):\(pad(parts.tm_min, 2)):\(pad(parts.tm_sec, 2)).\(pad(Int32(spec.tv_nsec / 1_000_000), 3))Z"
    }
}
