/// Every route of the service: method, path pattern, and the handler it runs.
enum Endpoint: CaseIterable, Sendable {
    case livez, readyz, metrics, openAPI, problemType, viewer
    case listAnimators, showAnimator
    case sampleTiming
    case listDevices
    case createSession, showSession, deleteSession
    case applyActions, advanceClock
    case snapshot, snapshots, events
    case snapshotSVG, filmstripSVG
    case exportScenario

    var method: String {
        switch self {
        case .sampleTiming, .createSession, .applyActions, .advanceClock: "POST"
        case .deleteSession: "DELETE"
        default: "GET"
        }
    }

    var pattern: String {
        switch self {
        case .livez: "/livez"
        case .readyz: "/readyz"
        case .metrics: "/metrics"
        case .openAPI: "/openapi.yaml"
        case .problemType: "/problems/{type}"
        case .viewer: "/viewer"
        case .listAnimators: "/v1/animators"
        case .showAnimator: "/v1/animators/{name}"
        case .sampleTiming: "/v1/timing/sample"
        case .listDevices: "/v1/devices"
        case .createSession: "/v1/sessions"
        case .showSession, .deleteSession: "/v1/sessions/{id}"
        case .applyActions: "/v1/sessions/{id}/actions"
        case .advanceClock: "/v1/sessions/{id}/clock"
        case .snapshot: "/v1/sessions/{id}/snapshot"
        case .snapshots: "/v1/sessions/{id}/snapshots"
        case .events: "/v1/sessions/{id}/events"
        case .snapshotSVG: "/v1/sessions/{id}/snapshot.svg"
        case .filmstripSVG: "/v1/sessions/{id}/filmstrip.svg"
        case .exportScenario: "/v1/sessions/{id}/scenario"
        }
    }

    /// How caches may keep a 200 from this route (GET and HEAD only).
    var caching: Caching {
        switch self {
        case .snapshot, .snapshots, .snapshotSVG, .filmstripSVG, .events, .showSession, .exportScenario: .revalidate
        case .listAnimators, .showAnimator, .listDevices, .openAPI, .problemType, .viewer: .fixed
        default: .none
        }
    }
}

extension Application {
    func handle(_ endpoint: Endpoint, _ ctx: RequestContext) throws -> HTTPResponse {
        switch endpoint {
        case .livez: try livez(ctx)
        case .readyz: try readyz(ctx)
        case .metrics: try metricsText(ctx)
        case .openAPI: try openAPI(ctx)
        case .problemType: try problemType(ctx)
        case .viewer: try viewer(ctx)
        case .listAnimators: try listAnimators(ctx)
        case .showAnimator: try showAnimator(ctx)
        case .sampleTiming: try sampleTiming(ctx)
        case .listDevices: try listDevices(ctx)
        case .createSession: try createSession(ctx)
        case .showSession: try showSession(ctx)
        case .deleteSession: try deleteSession(ctx)
        case .applyActions: try applyActions(ctx)
        case .advanceClock: try advanceClock(ctx)
        case .snapshot: try snapshot(ctx)
        case .snapshots: try snapshots(ctx)
        case .events: try events(ctx)
        case .snapshotSVG: try snapshotSVG(ctx)
        case .filmstripSVG: try filmstripSVG(ctx)
        case .exportScenario: try exportScenario(ctx)
        }
    }
}
