import JSONCodec
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// How log lines are written (`--log-format`).
public enum LogFormat: String, Sendable, CaseIterable {
    /// `ts=… level=info msg=request method=GET …`: for people and for logfmt parsers.
    case logfmt
    /// One JSON object per line, the same members: for log collectors.
    case json
}

/// One line per event on standard error, written with a single `write(2)` so that lines from
/// different threads never interleave. Timestamps appear here only, never in responses.
public struct Logger: Sendable {
    public let level: LogLevel
    public let format: LogFormat

    public init(level: LogLevel, format: LogFormat = .logfmt) {
        self.level = level
        self.format = format
    }

    /// A field's value: JSON lines keep numbers numbers.
    enum Value {
        case string(String)
        case integer(Int)
        case number(Double)
    }

    /// Whether events at `level` are written; check it before building costly fields.
    @inlinable
    public func isEnabled(_ level: LogLevel) -> Bool { level >= self.level }

    public func log(_ level: LogLevel, _ message: String, _ fields: KeyValuePairs<String, String> = [:]) {
        guard level >= self.level else { return }
        emit(level, message, fields.map { ($0.key, .string($0.value)) })
    }

    public func debug(_ message: String, _ fields: KeyValuePairs<String, String> = [:]) { log(.debug, message, fields) }
    public func info(_ message: String, _ fields: KeyValuePairs<String, String> = [:]) { log(.info, message, fields) }
    public func warning(_ message: String, _ fields: KeyValuePairs<String, String> = [:]) { log(.warning, message, fields) }
    public func error(_ message: String, _ fields: KeyValuePairs<String, String> = [:]) { log(.error, message, fields) }

    /// Writes one line in the configured format (the caller has checked the level).
    func emit(_ level: LogLevel, _ message: String, _ fields: [(key: String, value: Value)]) {
        switch format {
        case .logfmt:
            var line = "ts=\(Self.timestamp()) level=\(level) msg=\(Self.quoted(message))"
            for (key, value) in fields {
                switch value {
                case .string(let s): line += " \(key)=\(Self.quoted(s))"
                case .integer(let n): line += " \(key)=\(n)"
                case .number(let x): line += " \(key)=\(x)"
                }
            }
            line += "\n"
            Self.writeAll(Array(line.utf8))
        case .json:
            var w = JSONWriter(reservingCapacity: 256)
            w.beginObject()
            w.key("ts"); w.string(Self.timestamp())
            w.key("level"); w.string("\(level)")
            w.key("msg"); w.encoded(Array(("\"" + Self.escaped(message) + "\"").utf8))
            for (key, value) in fields {
                w.key(key)
                switch value {
                case .string(let s): w.encoded(Array(("\"" + Self.escaped(s) + "\"").utf8))
                case .integer(let n): w.integer(n)
                case .number(let x): w.number(x)
                }
            }
            w.endObject()
            Self.writeAll(w.bytes + [UInt8(ascii: "\n")])
        }
    }

    /// Quotes a value when it is empty or holds spaces, quotes, `=`, backslashes or characters
    /// `escaped` escapes, as logfmt readers expect; inside the quotes it is `escaped`.
    static func quoted(_ value: String) -> String {
        func plain(_ u: Unicode.Scalar) -> Bool { u.value > 0x20 && u != "\"" && u != "=" && u != "\\" && !hidden(u) }
        guard !value.isEmpty, !value.unicodeScalars.allSatisfy(plain) else { return value.isEmpty ? "\"\"" : value }
        return "\"" + escaped(value) + "\""
    }

    /// A value's characters between quotes, escaped as JSON escapes them (RFC 8259 §7), which is
    /// also what logfmt readers unquote (go-logfmt reads JSON's escapes): `\"`, `\\`, `\n`, `\r`,
    /// `\t`, and `\u001b` (UTF-16 pairs above the BMP) for every character `hidden` names, so one
    /// event is one line, read as written.
    public static func escaped(_ value: String) -> String {
        var out = ""
        for u in value.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where hidden(u):
                for unit in String(u).utf16 {
                    let hex = String(unit, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                }
            default: out.unicodeScalars.append(u)
            }
        }
        return out
    }

    /// Characters that would end a line or change how it reads without showing themselves:
    /// controls (C0, DEL, C1), format characters (general category Cf: the bidi overrides and
    /// isolates of "Trojan Source", CVE-2021-42574, zero-width characters) and the line and
    /// paragraph separators.
    static func hidden(_ u: Unicode.Scalar) -> Bool {
        switch u.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator: true
        default: false
        }
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
