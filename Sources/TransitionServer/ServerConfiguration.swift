/// Every setting of the service, with its default. The executable fills it from flags and
/// environment variables; tests build it directly.
public struct ServerConfiguration: Sendable {
    /// Address to bind. Loopback by default; the container passes 0.0.0.0.
    public var host = "127.0.0.1"
    public var port: UInt16 = 8080
    /// libmicrohttpd worker threads (its internal thread pool).
    public var threads = 4
    /// Largest request body accepted, in bytes; larger bodies get 413 before they are read.
    public var maxBodyBytes = 1 << 20
    /// Live sessions at most; creating one more answers 429.
    public var maxSessions = 1000
    /// Seconds a session may stay idle before it expires.
    public var sessionTTL: Double = 900
    /// When set, every request except `/livez`, `/readyz`, `/metrics` and the `/viewer` page and its
    /// script needs `Authorization: Bearer <token>`.
    public var authToken: String?
    public var logLevel: LogLevel = .info
    public var logFormat: LogFormat = .logfmt
    /// Simultaneous connections libmicrohttpd accepts.
    public var connectionLimit = 1024
    /// Seconds an idle connection is kept (libmicrohttpd's only timeout: it restarts on every byte).
    public var connectionTimeout = 10
    /// Connections one client address may hold; 0 for no limit. Slow clients from one address
    /// cannot take every connection.
    public var maxConnectionsPerIP = 64
    /// Seconds a client has from the moment it may send a request (connection accepted, or the
    /// previous response done) to the request's last byte; 0 for no deadline.
    public var requestTimeout = 30
    /// A second listener answering only `/livez` and `/readyz`, which clients of the main port
    /// cannot fill; nil for none.
    public var probePort: UInt16?
    /// Estimated bytes all sessions may hold together (history, logs, worlds); past it, new
    /// sessions and changes get 507 while reads and deletes go on. Default: half of the
    /// machine's or the container's memory.
    public var maxMemoryBytes = MemoryBudget.defaultLimit()
    /// Largest response body; a request whose answer would be larger gets a 422 problem.
    public var maxResponseBytes = 16 << 20
    /// Where sessions are stored: nil keeps them in this process (`--store memory`); a
    /// `redis://HOST:PORT[/DB]` URL shares them, through Redis, with every replica using it.
    public var storeURL: String?
    /// A folder of scenario documents loaded at start as sessions named after their files.
    public var scenariosFolder: String?
    /// Seconds between SIGTERM and closing the listener: readiness is false and requests are
    /// still served, so a load balancer has time to stop sending any.
    public var drainSeconds: Double = 5
    /// Origins whose pages may call the service (CORS), or `*` for any; empty: none.
    public var corsOrigins: [String] = []
    /// Host names answered besides the loopback ones (`*`: any). Empty: on a loopback address
    /// only loopback names, elsewhere any (HostNames).
    public var allowedHosts: [String] = []

    public init() {}
}

/// Log verbosity, lowest first.
public enum LogLevel: Int, Sendable, Comparable, CaseIterable {
    case trace, debug, info, notice, warning, error, critical

    public init?(name: String) {
        guard let level = Self.allCases.first(where: { "\($0)" == name.lowercased() }) else { return nil }
        self = level
    }

    public static func < (lhs: LogLevel, rhs: LogLevel) -> Bool { lhs.rawValue < rhs.rawValue }
}
