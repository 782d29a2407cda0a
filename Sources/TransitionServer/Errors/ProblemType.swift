/// Every problem type the service sends, with its status, title and documentation: the one
/// table `Problem` takes a type's status and title from and `GET /problems/<slug>` documents it
/// from. A problem's `type` is `/problems/<slug>` (an absolute path, RFC 9457 §3.1.1); a new type
/// is a case here, and the compiler asks for its row. TransitionCore's `Conflict` cases each map to
/// one of these (`Conflict.problemType`, an exhaustive switch).
public enum ProblemType: String, CaseIterable, Sendable {
    case badRequest = "bad-request"
    case malformedJSON = "malformed-json"
    case unauthorized
    case originNotAllowed = "origin-not-allowed"
    case notFound = "not-found"
    case methodNotAllowed = "method-not-allowed"
    case transitionInProgress = "transition-in-progress"
    case nothingToPop = "nothing-to-pop"
    case nothingPresented = "nothing-presented"
    case alreadyPresenting = "already-presenting"
    case noInteractiveTransition = "no-interactive-transition"
    case gestureInProgress = "gesture-in-progress"
    case noRunningTransition = "no-running-transition"
    case unknownController = "unknown-controller"
    case wrongContainer = "wrong-container"
    case notInContainer = "not-in-container"
    case controllerExists = "controller-exists"
    case timeInThePast = "time-in-the-past"
    case noInteraction = "no-interaction"
    case nothingToSelect = "nothing-to-select"
    case detentUnavailable = "detent-unavailable"
    case historyTruncated = "history-truncated"
    case concurrentChange = "concurrent-change"
    case sessionLogFull = "session-log-full"
    case sessionExists = "session-exists"
    case payloadTooLarge = "payload-too-large"
    case unsupportedMediaType = "unsupported-media-type"
    case hostNotAllowed = "host-not-allowed"
    case invalidRequest = "invalid-request"
    case limitExceeded = "limit-exceeded"
    case responseTooLarge = "response-too-large"
    case workBudgetExceeded = "work-budget-exceeded"
    case tooManySessions = "too-many-sessions"
    case internalError = "internal-error"
    case shuttingDown = "shutting-down"
    case busy
    case storeUnavailable = "store-unavailable"
    case memoryBudgetExhausted = "memory-budget-exhausted"

    struct Entry {
        let status: Int
        let title: String
        let text: String
    }

    static let prefix = "/problems/"

    var status: Int { entry.status }
    var title: String { entry.title }

    /// The page for the type, as Markdown.
    var page: String { "# \(title)\n\n`type`: `\(Self.prefix)\(rawValue)`, status \(status)\n\n\(entry.text)\n" }

    private var entry: Entry {
        switch self {
        case .badRequest: Entry(status: 400, title: "Bad request",
                            text: "The request is malformed: its framing (RFC 9112), its query string or a header the service reads. The detail says which. Framing errors close the connection.")
        case .malformedJSON: Entry(status: 400, title: "The body is not valid JSON",
                            text: "The body does not parse as JSON; `line` and `column` point at the mistake.")
        case .unauthorized: Entry(status: 401, title: "Authentication required",
                            text: "The service runs with `--auth-token`: send `Authorization: Bearer <token>`.")
        case .originNotAllowed: Entry(status: 403, title: "Cross-origin requests from this origin are not allowed",
                            text: "A CORS preflight, or a request that changes state (POST, DELETE) sent by a page of another origin, from an origin that `--cors-origin` does not list (or CORS is off). Clients that are not browsers send no `Origin` and are not affected (docs/security.md).")
        case .notFound: Entry(status: 404, title: "Not found",
                            text: "No route for the path, or no such session: it never existed, was deleted, or expired after its idle time.")
        case .methodNotAllowed: Entry(status: 405, title: "Method not allowed",
                            text: "The route exists but not for this method; `Allow` lists the ones it has.")
        case .transitionInProgress: Entry(status: 409, title: "A transition is already running",
                            text: "The action needs the container idle; `transition` and `expectedEnd` say what runs and when it should end. Move the clock past it, or send the action with a later `at`.")
        case .nothingToPop: Entry(status: 409, title: "Nothing to pop",
                            text: "The navigation controller holds only its root controller.")
        case .nothingPresented: Entry(status: 409, title: "Nothing presented",
                            text: "There is no presented controller to dismiss.")
        case .alreadyPresenting: Entry(status: 409, title: "Already presenting",
                            text: "The controller already presents another; present from the top of the chain.")
        case .noInteractiveTransition: Entry(status: 409, title: "No interactive transition",
                            text: "update, finish, cancel, pause or continue need an interactive transition running.")
        case .gestureInProgress: Entry(status: 409, title: "A gesture is in progress",
                            text: "A gesture's samples are still driving a transition; end it first.")
        case .noRunningTransition: Entry(status: 409, title: "No running transition",
                            text: "The action acts on a running transition and there is none.")
        case .unknownController: Entry(status: 409, title: "No such controller in the session",
                            text: "The action names a controller the session does not hold: never made, or gone (popped and dismissed controllers leave the session). `pointer` says where.")
        case .wrongContainer: Entry(status: 409, title: "No container of the kind the action needs",
                            text: "The action needs a navigation (or tab bar) controller: the one named is another kind, or none is on screen to address by default; or `alertAction` names a controller that is no alert, or `tapOutside` finds the front presented controller shown as something other than a popover. `pointer` says where.")
        case .notInContainer: Entry(status: 409, title: "Not in the container",
                            text: "The controller named is not in the navigation stack or among the tabs, or the tab index is out of range. `pointer` says where.")
        case .controllerExists: Entry(status: 409, title: "A controller with this id exists",
                            text: "A controller spec in the action, or the one a gesture's interaction pushes or presents, has the id of a controller the session holds; ids are unique in a session. `pointer` (or `interaction`) says where.")
        case .timeInThePast: Entry(status: 409, title: "The time is in the past",
                            text: "`at` or the clock's `to` is before the session clock (`now`); session time only moves forward.")
        case .noInteraction: Entry(status: 409, title: "No interaction for the gesture",
                            text: "No interaction for the gesture's recognizer is declared on the front controller or the session, and none of UIKit's own (the back swipe, a sheet's pull) applies now.")
        case .nothingToSelect: Entry(status: 409, title: "No tab to switch to",
                            text: "A gesture's interaction switches to a tab (`next`, `previous` or an index) that does not exist or is already selected. `interaction` points at the declaration.")
        case .detentUnavailable: Entry(status: 409, title: "The sheet has no such detent",
                            text: "`selectDetent` names a detent the sheet does not declare (`detents` lists the ones it has), or a controller that is not the front sheet with detents (presented as a page or form sheet on iOS 15 or later with `sheet.detents` in its spec). `pointer` says which.")
        case .historyTruncated: Entry(status: 409, title: "The history no longer starts at the session's creation",
                            text: "The session made more changes than its log keeps, so it cannot be exported as a scenario, and times before `historyStart` cannot be shown.")
        case .concurrentChange: Entry(status: 409, title: "Other replicas kept changing the session",
                            text: "With `--store redis://…`, the change lost every retry to changes from other replicas. Send it again.")
        case .sessionLogFull: Entry(status: 409, title: "The session's stored log is full",
                            text: "With `--store redis://…`, a stored session keeps at most 16,384 changes. Start a new session.")
        case .sessionExists: Entry(status: 409, title: "The session exists",
                            text: "A session with that id exists already.")
        case .payloadTooLarge: Entry(status: 413, title: "Request body too large",
                            text: "The body is larger than `--max-body`; `limit` says the limit.")
        case .unsupportedMediaType: Entry(status: 415, title: "Unsupported media type",
                            text: "Send the body as `application/json`, without a `Content-Encoding` (a compressed body's answer says so with `Accept-Encoding: identity`).")
        case .hostNotAllowed: Entry(status: 421, title: "The service does not answer for this host name",
                            text: "On a loopback address the service answers only `Host` names that mean loopback (`localhost`, `127.0.0.1`, `[::1]`, any port), and the names `--allowed-hosts` lists: another name may be a DNS rebinding attack (docs/security.md).")
        case .invalidRequest: Entry(status: 422, title: "The request is invalid",
                            text: "Well-formed but not valid: `pointer` is a JSON pointer to the mistake in the body, `parameter` names the query parameter at fault.")
        case .limitExceeded: Entry(status: 422, title: "A limit of the service was reached",
                            text: "The scene or request would exceed a limit (views, controllers, actions, timestamps); README lists them.")
        case .responseTooLarge: Entry(status: 422, title: "The answer would be too large",
                            text: "The answer would exceed `--max-response-bytes`; ask for fewer frames or timestamps per request.")
        case .workBudgetExceeded: Entry(status: 422, title: "The request would take too much work",
                            text: "A series of frames (`/snapshots`, `/filmstrip.svg`, a golden check) or a comparison (both runs of `/v1/compare`, three frames per frame with a time tolerance) would compute more than 30,000 views in all (the views in the window, summed over the frames); it is refused before any frame is computed. `limit` says the limit, and a comparison's `pointer` where its times are; ask for fewer frames or timestamps per request.")
        case .tooManySessions: Entry(status: 429, title: "Too many sessions",
                            text: "The service holds `--max-sessions` sessions; delete one or retry after idle ones expire (`Retry-After`).")
        case .internalError: Entry(status: 500, title: "Internal error",
                            text: "A bug in the service, never the client's mistake. Report it with the `requestId`.")
        case .shuttingDown: Entry(status: 503, title: "The service is shutting down",
                            text: "The process is draining before it stops; retry after `Retry-After`, on another replica.")
        case .busy: Entry(status: 503, title: "The service is busy with other costly requests",
                            text: "As many costly series (half the work budget or more) are being computed as the service runs at once, half its worker threads, so that other requests are still answered; retry after `Retry-After`.")
        case .storeUnavailable: Entry(status: 503, title: "The session store is unavailable",
                            text: "With `--store redis://…`, Redis does not answer; retry after `Retry-After`.")
        case .memoryBudgetExhausted: Entry(status: 507, title: "The service's memory budget is used up",
                            text: "The sessions hold `--max-memory`; reads and deletes still work, new work again once sessions are deleted or expire.")
        }
    }
}
