/// One route of the service: the method and path pattern it answers, how caches may keep its
/// answers, and the handler that makes them.
struct Route: Sendable {
    /// The application and the request's context in, the answer out. A closure that captures
    /// nothing, so that calling it retains nothing: a method partially applied to the
    /// application made a closure holding it for every request.
    typealias Handler = @Sendable (Application, Application.RequestContext) throws -> HTTPResponse

    let method: String
    let pattern: String
    let caching: Caching
    let handler: Handler

    init(_ method: String, _ pattern: String, caching: Caching = .none, _ handler: @escaping Handler) {
        self.method = method
        self.pattern = pattern
        self.caching = caching
        self.handler = handler
    }
}

extension Application {
    /// Every route of the service, each with its handler. `.revalidate`: a session's answers,
    /// which change with every action; `.fixed`: the same bytes for as long as this binary runs.
    static let routes: [Route] = [
        Route("GET", "/livez") { try $0.livez($1) },
        Route("GET", "/readyz") { try $0.readyz($1) },
        Route("GET", "/metrics") { try $0.metricsText($1) },
        Route("GET", "/openapi.yaml", caching: .fixed) { try $0.openAPI($1) },
        Route("GET", "/problems/{type}", caching: .fixed) { try $0.problemType($1) },
        Route("GET", "/viewer", caching: .fixed) { try $0.viewer($1) },
        Route("GET", "/viewer.js", caching: .fixed) { try $0.viewerScript($1) },
        Route("GET", "/v1/animators", caching: .fixed) { try $0.listAnimators($1) },
        Route("GET", "/v1/animators/{name}", caching: .fixed) { try $0.showAnimator($1) },
        Route("POST", "/v1/timing/sample") { try $0.sampleTiming($1) },
        Route("GET", "/v1/devices", caching: .fixed) { try $0.listDevices($1) },
        Route("POST", "/v1/sessions") { try $0.createSession($1) },
        Route("GET", "/v1/sessions/{id}", caching: .revalidate) { try $0.showSession($1) },
        Route("DELETE", "/v1/sessions/{id}") { try $0.deleteSession($1) },
        Route("POST", "/v1/sessions/{id}/actions") { try $0.applyActions($1) },
        Route("POST", "/v1/sessions/{id}/clock") { try $0.advanceClock($1) },
        Route("GET", "/v1/sessions/{id}/snapshot", caching: .revalidate) { try $0.snapshot($1) },
        Route("GET", "/v1/sessions/{id}/snapshots", caching: .revalidate) { try $0.snapshots($1) },
        Route("GET", "/v1/sessions/{id}/events", caching: .revalidate) { try $0.events($1) },
        Route("GET", "/v1/sessions/{id}/snapshot.svg", caching: .revalidate) { try $0.snapshotSVG($1) },
        Route("GET", "/v1/sessions/{id}/filmstrip.svg", caching: .revalidate) { try $0.filmstripSVG($1) },
        Route("GET", "/v1/sessions/{id}/scenario", caching: .revalidate) { try $0.exportScenario($1) },
        Route("POST", "/v1/sessions/{id}/compare") { try $0.compareSession($1) },
        Route("POST", "/v1/sessions/{id}/compare.svg") { try $0.compareSessionSVG($1) },
        Route("GET", "/v1/sessions/{id}/golden", caching: .revalidate) { try $0.sessionGolden($1) },
        Route("POST", "/v1/compare") { try $0.compareRuns($1) },
    ]
}
