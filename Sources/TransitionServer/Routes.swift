/// One route of the service: the method and path pattern it answers, how caches may keep its
/// answers, and the handler that makes them.
struct Route: Sendable {
    typealias Handler = @Sendable (Application) -> (Application.RequestContext) throws -> HTTPResponse

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
        Route("GET", "/livez", livez),
        Route("GET", "/readyz", readyz),
        Route("GET", "/metrics", metricsText),
        Route("GET", "/openapi.yaml", caching: .fixed, openAPI),
        Route("GET", "/problems/{type}", caching: .fixed, problemType),
        Route("GET", "/viewer", caching: .fixed, viewer),
        Route("GET", "/viewer.js", caching: .fixed, viewerScript),
        Route("GET", "/v1/animators", caching: .fixed, listAnimators),
        Route("GET", "/v1/animators/{name}", caching: .fixed, showAnimator),
        Route("POST", "/v1/timing/sample", sampleTiming),
        Route("GET", "/v1/devices", caching: .fixed, listDevices),
        Route("POST", "/v1/sessions", createSession),
        Route("GET", "/v1/sessions/{id}", caching: .revalidate, showSession),
        Route("DELETE", "/v1/sessions/{id}", deleteSession),
        Route("POST", "/v1/sessions/{id}/actions", applyActions),
        Route("POST", "/v1/sessions/{id}/clock", advanceClock),
        Route("GET", "/v1/sessions/{id}/snapshot", caching: .revalidate, snapshot),
        Route("GET", "/v1/sessions/{id}/snapshots", caching: .revalidate, snapshots),
        Route("GET", "/v1/sessions/{id}/events", caching: .revalidate, events),
        Route("GET", "/v1/sessions/{id}/snapshot.svg", caching: .revalidate, snapshotSVG),
        Route("GET", "/v1/sessions/{id}/filmstrip.svg", caching: .revalidate, filmstripSVG),
        Route("GET", "/v1/sessions/{id}/scenario", caching: .revalidate, exportScenario),
        Route("POST", "/v1/sessions/{id}/compare", compareSession),
        Route("POST", "/v1/sessions/{id}/compare.svg", compareSessionSVG),
        Route("GET", "/v1/sessions/{id}/golden", caching: .revalidate, sessionGolden),
        Route("POST", "/v1/compare", compareRuns),
    ]
}
