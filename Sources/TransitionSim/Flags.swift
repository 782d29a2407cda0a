import RedisJournal
import TransitionServer
#if canImport(Glibc)
import Glibc
#endif

/// The command line: `transition-sim [flags]`, `transition-sim healthcheck [flags]`, `--version`.
/// Every flag has an environment variable; flags win.
struct Flags {
    struct Setting: Sendable {
        let flag: String
        let environment: String
        let help: String
        let apply: @Sendable (inout ServerConfiguration, String) -> Bool
        /// For a flag that may be given several times (each adds to a list): clears the list the
        /// environment made before the first flag, so that flags still win.
        let reset: (@Sendable (inout ServerConfiguration) -> Void)?

        init(flag: String, environment: String, help: String, reset: (@Sendable (inout ServerConfiguration) -> Void)? = nil,
             apply: @escaping @Sendable (inout ServerConfiguration, String) -> Bool) {
            self.flag = flag
            self.environment = environment
            self.help = help
            self.reset = reset
            self.apply = apply
        }

        /// A whole-number setting within `range`.
        static func integer(_ flag: String, _ environment: String, _ help: String, _ range: ClosedRange<Int>,
                            _ field: WritableKeyPath<ServerConfiguration, Int> & Sendable) -> Setting {
            Setting(flag: flag, environment: environment, help: help) { c, v in
                guard let n = Int(v), range.contains(n) else { return false }
                c[keyPath: field] = n
                return true
            }
        }

        /// A list: the flag repeated, or values separated by commas (spaces ignored); `parse`
        /// checks and normalizes each value (nil: invalid). Flags replace the environment's list.
        static func list(_ flag: String, _ environment: String, _ help: String,
                         _ field: WritableKeyPath<ServerConfiguration, [String]> & Sendable,
                         parse: @escaping @Sendable (String) -> String?) -> Setting {
            Setting(flag: flag, environment: environment, help: help, reset: { $0[keyPath: field] = [] }) { c, v in
                let values = v.split(separator: ",").map { parse(String($0.filter { $0 != " " })) }
                guard !values.isEmpty, !values.contains(nil) else { return false }
                c[keyPath: field] += values.compactMap { $0 }
                return true
            }
        }

        /// A size in bytes, with an optional K, M or G suffix, at least `minimum`.
        static func bytes(_ flag: String, _ environment: String, _ help: String, minimum: Int,
                          _ field: WritableKeyPath<ServerConfiguration, Int> & Sendable) -> Setting {
            Setting(flag: flag, environment: environment, help: help) { c, v in
                guard let n = byteCount(v), n >= minimum else { return false }
                c[keyPath: field] = n
                return true
            }
        }
    }

    static let settings: [Setting] = [
        Setting(flag: "--host", environment: "TRANSITION_SIM_HOST",
                help: "IPv4 or IPv6 address to bind; :: for both families (default 127.0.0.1; the container uses 0.0.0.0)") { c, v in
            guard ipFamily(v) != nil else { return false }
            c.host = v
            return true
        },
        Setting(flag: "--port", environment: "TRANSITION_SIM_PORT", help: "TCP port, 0 for any free one (default 8080)") { c, v in
            guard let p = UInt16(v) else { return false }
            c.port = p
            return true
        },
        .integer("--threads", "TRANSITION_SIM_THREADS", "libmicrohttpd worker threads (default 4)", 1...256, \.threads),
        .integer("--max-body", "TRANSITION_SIM_MAX_BODY", "largest request body in bytes (default 1048576)", 1...(64 << 20), \.maxBodyBytes),
        .integer("--max-sessions", "TRANSITION_SIM_MAX_SESSIONS", "live sessions at most (default 1000)", 1...1_000_000, \.maxSessions),
        Setting(flag: "--session-ttl", environment: "TRANSITION_SIM_SESSION_TTL", help: "seconds an idle session lives (default 900)") { c, v in
            guard let n = Double(v), n.isFinite, n > 0, n <= 31_536_000 else { return false }
            c.sessionTTL = n
            return true
        },
        Setting(flag: "--auth-token", environment: "TRANSITION_SIM_AUTH_TOKEN", help: "require Authorization: Bearer <token> (default: open)") { c, v in
            c.authToken = v.isEmpty ? nil : v
            return true
        },
        Setting(flag: "--log-level", environment: "TRANSITION_SIM_LOG_LEVEL", help: "trace, debug, info, notice, warning, error, critical (default info)") { c, v in
            guard let level = LogLevel(name: v) else { return false }
            c.logLevel = level
            return true
        },
        Setting(flag: "--log-format", environment: "TRANSITION_SIM_LOG_FORMAT", help: "logfmt or json: one line per event either way (default logfmt)") { c, v in
            guard let format = LogFormat(rawValue: v) else { return false }
            c.logFormat = format
            return true
        },
        .integer("--connection-limit", "TRANSITION_SIM_CONNECTION_LIMIT", "simultaneous connections (default 1024)", 1...100_000, \.connectionLimit),
        .integer("--connection-timeout", "TRANSITION_SIM_CONNECTION_TIMEOUT", "seconds an idle connection is kept (default 10)", 1...3600, \.connectionTimeout),
        .integer("--max-connections-per-ip", "TRANSITION_SIM_MAX_CONNECTIONS_PER_IP", "connections one client address may hold, 0 for no limit (default 64)",
                 0...100_000, \.maxConnectionsPerIP),
        .integer("--request-timeout", "TRANSITION_SIM_REQUEST_TIMEOUT", "seconds a client has to send a whole request, 0 for no limit (default 30)",
                 0...3600, \.requestTimeout),
        Setting(flag: "--probe-port", environment: "TRANSITION_SIM_PROBE_PORT", help: "second port answering only /livez and /readyz (default: none)") { c, v in
            guard let p = UInt16(v), p > 0 else { return false }
            c.probePort = p
            return true
        },
        .bytes("--max-memory", "TRANSITION_SIM_MAX_MEMORY",
               "bytes all sessions may hold, estimated; K, M, G suffixes (default: half the machine's or cgroup's memory)",
               minimum: 1 << 20, \.maxMemoryBytes),
        Setting(flag: "--store", environment: "TRANSITION_SIM_STORE",
                help: "where sessions live: memory (default) or redis://HOST:PORT[/DB], shared by replicas") { c, v in
            if v == "memory" {
                c.storeURL = nil
                return true
            }
            guard RedisAddress(url: v) != nil else { return false }
            c.storeURL = v
            return true
        },
        Setting(flag: "--scenarios", environment: "TRANSITION_SIM_SCENARIOS",
                help: "folder of scenario documents (*.json) loaded at start as sessions named after the files") { c, v in
            guard !v.isEmpty else { return false }
            c.scenariosFolder = v
            return true
        },
        Setting(flag: "--drain-seconds", environment: "TRANSITION_SIM_DRAIN_SECONDS",
                help: "seconds after SIGTERM during which requests are still served while readiness is false (default 5)") { c, v in
            guard let n = Double(v), n.isFinite, n >= 0, n <= 600 else { return false }
            c.drainSeconds = n
            return true
        },
        .bytes("--max-response-bytes", "TRANSITION_SIM_MAX_RESPONSE_BYTES", "largest response body; K, M, G suffixes (default 16M)",
               minimum: 64 << 10, \.maxResponseBytes),
        .list("--cors-origin", "TRANSITION_SIM_CORS_ORIGIN",
              "origin whose pages may call the service (https://app.example[:port]), or * for any; repeat or separate with commas (default: none)",
              \.corsOrigins, parse: CORSPolicy.origin),
        .list("--allowed-hosts", "TRANSITION_SIM_ALLOWED_HOSTS",
              "host names answered besides localhost, 127.0.0.1 and [::1], or * for any; repeat or separate with commas (default: on a loopback address loopback names only, elsewhere any)",
              \.allowedHosts, parse: HostNames.listedName),
    ]

    static var usage: String {
        var text = """
        transition-sim: simulates UIKit view-controller transitions over HTTP.

        usage: transition-sim [flags]
               transition-sim --version                           the version and the commit it was built from
               transition-sim healthcheck [the server's flags]     exit 0 when /livez answers 200 where that
                   server listens (its probe port, if any); without flags, the flags of PID 1
               transition-sim check GOLDEN.json [--update] [--tolerance position=0.5,alpha=0.01] [--report FILE]
                   replays a golden file's scenario and compares its frames: exit 0 match, 1 divergence, 2 bad file
               transition-sim golden SCENARIO.json --from S --to S [--fps N] -o GOLDEN.json   (or --t S,S,…)
                   writes a golden file of an exported scenario (docs/golden.md)

        flags (each also read from the environment variable shown; flags win):

        """
        for s in settings {
            text += "  " + s.flag + String(repeating: " ", count: max(1, 26 - s.flag.count)) + s.help + "\n"
            text += String(repeating: " ", count: 28) + "env " + s.environment + "\n"
        }
        return text
    }

    /// The configuration from the environment, then the flags; or an error message.
    static func parse(_ arguments: [String], environment: (String) -> String?) -> Result<ServerConfiguration, FlagError> {
        var configuration = ServerConfiguration()
        for s in settings {
            // An empty variable counts as unset (compose files often write `NAME=`).
            if let value = environment(s.environment), !value.isEmpty {
                guard s.apply(&configuration, value) else { return .failure(FlagError("invalid \(s.environment)=\(value)")) }
            }
        }
        var flagged = Set<String>()
        var i = 0
        while i < arguments.count {
            let argument = arguments[i]
            if argument == "--help" || argument == "-h" { return .failure(FlagError(help: true)) }
            if argument == "--version" { return .failure(FlagError(version: true)) }
            var name = argument
            var value: String?
            if let eq = argument.firstIndex(of: "=") {
                name = String(argument[..<eq])
                value = String(argument[argument.index(after: eq)...])
            }
            guard let s = settings.first(where: { $0.flag == name }) else {
                return .failure(FlagError("unknown flag \(argument)"))
            }
            if value == nil {
                i += 1
                guard i < arguments.count else { return .failure(FlagError("\(name) needs a value")) }
                value = arguments[i]
            }
            if flagged.insert(s.flag).inserted { s.reset?(&configuration) }
            guard s.apply(&configuration, value!) else { return .failure(FlagError("invalid value for \(name): \(value!)")) }
            i += 1
        }
        return .success(configuration)
    }
}

/// Why the flags do not make a configuration: a mistake, or a request for help or the version.
struct FlagError: Error {
    var message: String
    var help = false
    var version = false
    init(_ message: String) { self.message = message }
    init(help: Bool = false, version: Bool = false) {
        self.message = ""
        self.help = help
        self.version = version
    }
}

/// AF_INET for a dotted-quad IPv4 address, AF_INET6 for an IPv6 address (no brackets, no zone),
/// nil for anything else: the forms the daemon binds to.
func ipFamily(_ text: String) -> Int32? {
    var v4 = in_addr(), v6 = in6_addr()
    if inet_pton(AF_INET, text, &v4) == 1 { return AF_INET }
    if inet_pton(AF_INET6, text, &v6) == 1 { return AF_INET6 }
    return nil
}

func environmentValue(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
}

/// A NUL-terminated C buffer as a String.
func cText(_ buffer: [CChar]) -> String {
    String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

/// `1048576`, `512K`, `64M`, `2G` (binary multiples) as bytes; nil when malformed or absurd.
func byteCount(_ text: String) -> Int? {
    let units: [Character: Int] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30]
    var digits = Substring(text)
    var unit = 1
    if let last = digits.last?.uppercased().first, let u = units[last] {
        unit = u
        digits = digits.dropLast()
    }
    guard let n = Int(digits), n >= 0, n <= (1 << 50) / unit else { return nil }
    return n * unit
}
