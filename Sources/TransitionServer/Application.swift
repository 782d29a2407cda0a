import JSONCodec
import Synchronization
import TransitionCore

/// The whole service behind one function: the HTTP layer hands every request to
/// `respond(to:)` (from any of its threads) and queues what it returns.
public final class Application: Sendable {
    public let configuration: ServerConfiguration
    let sessions: SessionManager
    let metrics: Metrics
    public let logger: Logger
    let limits = SceneLimits()
    let cors: CORSPolicy
    let hosts: HostNames
    private let router: Router<Route>
    /// Costly series compute on at most half the worker threads (SeriesBudget.swift).
    let costlySeries: CostlyWorkGate
    private let shuttingDown = Atomic<Bool>(false)
    /// What every derived ETag starts from: this build and the options that shape bodies (`tagSeed(build:configuration:)`).
    let tagSeed: UInt64

    /// What a handler gets: the request, its path parameters and its query.
    struct RequestContext {
        var request: HTTPRequest
        var parameters: RouteParameters
        var query: QueryParameters
        var now: ContinuousClock.Instant
    }

    /// The service; with a `journal`, sessions are stored there and shared by every replica on it.
    public init(configuration: ServerConfiguration, journal: (any SessionJournal)? = nil, build: BuildInfo = .unknown) {
        self.configuration = configuration
        self.logger = Logger(level: configuration.logLevel, format: configuration.logFormat)
        self.cors = CORSPolicy(origins: configuration.corsOrigins)
        self.costlySeries = CostlyWorkGate(slots: max(1, configuration.threads / 2))
        self.hosts = HostNames(bindAddress: configuration.host, allowed: configuration.allowedHosts)
        self.tagSeed = Self.tagSeed(build: build, configuration: configuration)
        let metrics = Metrics(stored: journal != nil, build: build)
        self.metrics = metrics
        self.sessions = SessionManager(maxSessions: configuration.maxSessions, ttl: configuration.sessionTTL,
                                       maxMemory: configuration.maxMemoryBytes, limits: limits,
                                       journal: journal.map { TimedJournal(journal: $0, metrics: metrics) }, metrics: metrics)
        var router = Router<Route>()
        for route in Self.routes { router.add(route.method, route.pattern, route) }
        self.router = router
    }

    /// Paths that answer without the bearer token (probes, scrapers, and the viewer page and its
    /// script, which a browser loads without one; the page then asks for it).
    static let openPaths: Set<String> = ["/livez", "/readyz", "/metrics", "/viewer", "/viewer.js"]

    /// The paths the probe listener answers (`--probe-port`); everything else there is 404.
    /// Two: compared, not hashed (every request asks).
    static let probePaths = ["/livez", "/readyz"]

    /// Answers one request. Never throws, never traps on client input.
    ///
    /// The request is taken, not lent: it moves into the handler's context, where a copy
    /// retained and released every string and array in it.
    public func respond(to request: consuming HTTPRequest) -> HTTPResponse {
        let start = ContinuousClock.now
        var ctx = RequestContext(request: request, parameters: RouteParameters(), query: QueryParameters(), now: start)
        let givenID = ctx.request.header("x-request-id")
        let requestID = givenID.flatMap(RequestID.accepted) ?? RequestID.make()
        var pattern = "unmatched"
        var caching = Caching.none
        var response: HTTPResponse
        do {
            // Framing the HTTP layer reported (413 for a body over the limit, 400 for RFC 9112 errors).
            if let problem = ctx.request.framingProblem(maxBodyBytes: configuration.maxBodyBytes) { throw problem }
            if let givenID, RequestID.accepted(givenID) == nil {
                throw Problem.badRequest("X-Request-Id must be 1 to \(RequestID.maxLength) visible ASCII characters other than '\"' and '\\', sent once; this answer's id is made by the service")
            }
            let isProbe = Self.probePaths.contains(ctx.request.path)
            if ctx.request.probe && !isProbe {
                throw Problem.notFound("the probe port serves only /livez and /readyz")
            }
            // Probes name whatever address they reach the service by, and their answers tell nothing.
            if !isProbe && !hosts.allows(ctx.request.header("host")) {
                throw Problem.hostNotAllowed()
            }
            if let refusal = crossOriginWrite(ctx.request) { throw refusal }
            // OPTIONS needs no token: browsers send preflights without one.
            if let token = configuration.authToken, ctx.request.method != "OPTIONS", !Self.openPaths.contains(ctx.request.path) {
                guard let given = ctx.request.authorization.flatMap(Self.bearerCredentials), Self.constantTimeEquals(given, token) else {
                    throw Problem.unauthorized()
                }
            }
            // HEAD is GET without the body (RFC 9110 §9.3.2): the handler answers as for GET, and
            // libmicrohttpd sends the headers (Content-Length included) but never the body.
            switch router.match(method: ctx.request.method == "HEAD" ? "GET" : ctx.request.method, path: ctx.request.path) {
            case .notFound:
                throw Problem.notFound("no route for \(ctx.request.path)")
            case .methodNotAllowed(let allowed, let p):
                pattern = p
                let methods = Self.allMethods(allowed)
                guard ctx.request.method == "OPTIONS" else { throw Problem.methodNotAllowed(allowed: methods) }
                response = try options(ctx.request, methods: methods)
            case .found(let route, let parameters, let p):
                pattern = p
                ctx.query = try QueryParameters(ctx.request.query)
                ctx.parameters = parameters
                caching = route.caching
                response = try route.handler(self, ctx)
            }
        } catch {
            response = Problem(error).response(instance: ctx.request.path, requestID: requestID)
        }
        if response.bodyCount > configuration.maxResponseBytes {
            response = Problem.responseTooLarge(limit: configuration.maxResponseBytes).response(instance: ctx.request.path, requestID: requestID)
        }
        response = represent(response, caching: caching, request: ctx.request)
        response.headers += ContentSecurity.headers(for: response.mediaType)
        let cross = cors.headers(for: ctx.request.header("origin"))
        response.headers += cross.headers
        Self.gatherVary(&response.headers, adding: cross.vary)
        response.headers.append(("X-Request-Id", requestID))
        if !isReady { response.headers.append(("Connection", "close")) }
        let seconds = Self.seconds(ContinuousClock.now - start)
        metrics.recordRequest(route: pattern, method: ctx.request.method, status: response.status, seconds: seconds)
        let sent = ctx.request.method == "HEAD" || response.status == 304 ? 0 : response.bodyCount
        if logger.writesAccess(status: response.status) {
            logger.access(AccessEntry(method: ctx.request.method, route: pattern, path: ctx.request.path, query: ctx.request.query,
                                      status: response.status, bytes: sent, seconds: seconds, remote: ctx.request.clientAddress,
                                      requestID: requestID, traceparent: RequestID.traceparent(ctx.request.header("traceparent"))))
        }
        return response
    }

    /// Moves every `Vary` field to one at the end, their values joined with `extra`'s. (The one
    /// `Vary` of a large answer is moved without building the arrays a general join needs.)
    static func gatherVary(_ headers: inout [(name: String, value: String)], adding extra: [String]) {
        if extra.isEmpty {
            // Most answers: none, or the one a large body adds (found without an array of indices).
            guard let first = headers.firstIndex(where: { $0.name == "Vary" }) else { return }
            if !headers[(first + 1)...].contains(where: { $0.name == "Vary" }) {
                headers.append(headers.remove(at: first))
                return
            }
        }
        let vary = headers.filter { $0.name == "Vary" }.map(\.value) + extra
        headers.removeAll { $0.name == "Vary" }
        headers.append(("Vary", vary.joined(separator: ", ")))
    }

    /// Upkeep to run about once a second from a thread of its own: expires idle sessions
    /// without waiting for a request, and returns freed memory to the system.
    public func maintain() {
        sessions.maintain(now: ContinuousClock.now)
    }

    /// The drain begins: readiness turns false, new sessions are refused (they live in this
    /// process and would be lost with it), and every answer closes its connection so keep-alive
    /// clients reconnect to a replica that stays; other requests are served as before.
    public func beginShutdown() {
        shuttingDown.store(true, ordering: .sequentiallyConsistent)
    }

    /// A route's methods as `Allow` lists them: HEAD wherever GET is, and OPTIONS everywhere.
    static func allMethods(_ methods: [String]) -> [String] {
        Set(methods + (methods.contains("GET") ? ["HEAD", "OPTIONS"] : ["OPTIONS"])).sorted()
    }

    var isReady: Bool { !shuttingDown.load(ordering: .sequentiallyConsistent) }

    static func seconds(_ d: Duration) -> Double {
        Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
    }

    /// The token of `Authorization: Bearer <token>`, the scheme in any case (RFC 9110 §11.1) and
    /// followed by one or more spaces (§11.4); nil for another scheme.
    static func bearerCredentials(_ field: String) -> String? {
        let parts = field.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        return String(parts[1].drop { $0 == " " })
    }

    /// Compares without an early exit, so the token cannot be guessed byte by byte from timings.
    static func constantTimeEquals(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        var diff = UInt8(x.count == y.count ? 0 : 1)
        for i in 0..<max(x.count, y.count) {
            diff |= (i < x.count ? x[i] : 0) ^ (i < y.count ? y[i] : 0)
        }
        return diff == 0
    }

    // MARK: Helpers for handlers

    static func json(_ status: Int = 200, _ bytes: [UInt8], headers: [(name: String, value: String)] = []) -> HTTPResponse {
        HTTPResponse(status: status, mediaType: .json, headers: headers, body: bytes)
    }

    /// The request body as JSON: coding and content type checked, parsed with limits.
    func jsonBody(_ ctx: RequestContext) throws -> JSONValue {
        try JSONParser.parse(try jsonBodyBytes(ctx), limits: limits.jsonBodyLimits)
    }

    /// The request body's bytes, once its coding and content type are those of JSON.
    func jsonBodyBytes(_ ctx: RequestContext) throws -> [UInt8] {
        if let coding = ctx.request.header("content-encoding"), coding.trimmingSpaces().lowercased() != "identity" {
            throw Problem.unsupportedContentCoding(coding)
        }
        if let type = ctx.request.contentType {
            let essence = type.split(separator: ";").first.map { String($0).trimmingSpaces().lowercased() } ?? ""
            // curl's `-d` sends form encoding; the walkthrough relies on it, so a JSON body is read as JSON.
            let accepted = essence == "application/json" || (essence.hasPrefix("application/") && essence.hasSuffix("+json"))
                || essence == "application/x-www-form-urlencoded"
            guard accepted else { throw Problem.unsupportedMediaType(type) }
        }
        guard !ctx.request.body.isEmpty else { throw Problem.badRequest("a JSON body is required") }
        return ctx.request.body
    }

    func session(_ ctx: RequestContext) throws -> Session {
        let id = ctx.parameters["id"] ?? ""
        guard let session = try sessions.session(id, now: ctx.now) else {
            throw Problem.notFound("no session '\(id)': it never existed, was deleted or expired after \(Int(configuration.sessionTTL)) s idle")
        }
        return session
    }
}

extension SceneLimits {
    /// How request bodies are parsed: deep enough for a view tree at the deepest nesting the
    /// scene limits allow, inside any controller (each view level is an object and a `children`
    /// array: two JSON levels), and no deeper.
    var jsonBodyLimits: JSONParser.Limits { JSONParser.Limits(maxDepth: 2 * treeDepth + 16) }
}

extension String {
    func trimmingSpaces() -> String {
        var s = Substring(self)
        while s.first == " " || s.first == "\t" { s.removeFirst() }
        while s.last == " " || s.last == "\t" { s.removeLast() }
        return String(s)
    }
}
