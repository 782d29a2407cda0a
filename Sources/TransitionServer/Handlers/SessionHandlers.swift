import JSONCodec
import TransitionCore

extension Application {
    /// Actions one request may carry.
    static let maxActionsPerRequest = 256

    /// A session from a creation body, or from `{"scenario": …}` (an exported session, replayed
    /// once weighed, as a comparison's scenarios are).
    func createSession(_ ctx: RequestContext) throws -> HTTPResponse {
        guard isReady else {
            throw Problem.unavailable("the service is draining before it stops, and a session created now would stop with it; create it again in a moment (on another replica)")
        }
        let body = try jsonBody(ctx)
        let session: Session
        if let object = body.objectValue, object["scenario"] != nil {
            guard object.entries.count == 1 else {
                throw Problem.invalid(pointer: "", reason: "a scenario import has only the member 'scenario'")
            }
            let scenario = try Scenario.decode(object["scenario"]!, at: "/scenario")
            session = try weighedReplay([(scenario, "/scenario")], comparison: false) {
                try makeSession(scenario.session, at: "/scenario/session", changes: scenario.changes, changesAt: "/scenario/changes", now: ctx.now)
            }
        } else {
            session = try makeSession(body, at: "", now: ctx.now)
        }
        var encoder = ResponseEncoder()
        encoder.sessionState(id: session.id, clock: session.clockMode, world: session.current(now: ctx.now), historyStart: session.historyStart)
        return Self.json(201, encoder.writer.bytes, headers: [("Location", "/v1/sessions/\(session.id)")])
    }

    /// Builds and registers a session from its creation body (at `pointer` in the request),
    /// replayed through `changes` (at `changesAt`, for errors); `id` fixes its id (scenario fixtures).
    func makeSession(_ body: JSONValue, at pointer: String, changes: [SessionLog.Change] = [], changesAt: String = "", id: String? = nil,
                     pinned: Bool = false, now: ContinuousClock.Instant) throws -> Session {
        try sessions.create(id: id, pinned: pinned, now: now) { (id, environment) throws in
            try Session.make(id: id, creation: body, at: pointer, changes: changes, changesAt: changesAt, pinned: pinned,
                             in: environment, now: now)
        }
    }

    /// The session as a scenario document (`POST /v1/sessions {"scenario": …}` replays it).
    func exportScenario(_ ctx: RequestContext) throws -> HTTPResponse {
        let session = try session(ctx)
        return Self.json(200, try session.scenario())
    }

    func showSession(_ ctx: RequestContext) throws -> HTTPResponse {
        let session = try session(ctx)
        let world = session.current(now: ctx.now)
        var encoder = ResponseEncoder()
        encoder.sessionState(id: session.id, clock: session.clockMode, world: world, historyStart: session.historyStart)
        return Self.json(200, encoder.writer.bytes)
    }

    func deleteSession(_ ctx: RequestContext) throws -> HTTPResponse {
        let session = try session(ctx)
        try sessions.delete(session.id)
        return HTTPResponse(status: 204)
    }

    /// One action object, or an array of them applied in order, all or nothing.
    func applyActions(_ ctx: RequestContext) throws -> HTTPResponse {
        let session = try session(ctx)
        let body = try jsonBody(ctx)
        var actions: [Session.LoggedAction] = []
        let items: [(json: JSONValue, pointer: String)]
        if let list = body.arrayValue {
            guard !list.isEmpty else { throw SimulationError("", "the list of actions is empty") }
            guard list.count <= Self.maxActionsPerRequest else {
                throw SimulationError("", "at most \(Self.maxActionsPerRequest) actions per request")
            }
            items = list.enumerated().map { ($1, "/\($0)") }
        } else {
            items = [(body, "")]
        }
        for item in items {
            let action = try Action.decode(item.json, at: item.pointer, limits: limits)
            actions.append(Session.LoggedAction(action: action, json: JSONWriter.encode(item.json)))
        }
        let outcome = try session.apply(actions, now: ctx.now)
        recordTransitions(outcome.world, since: outcome.firstEvent)
        var encoder = ResponseEncoder()
        encoder.outcome(world: outcome.world, firstEvent: outcome.firstEvent, applied: actions.count)
        return Self.json(200, encoder.writer.bytes)
    }

    /// `{"by": seconds}` or `{"to": time}`.
    func advanceClock(_ ctx: RequestContext) throws -> HTTPResponse {
        let session = try session(ctx)
        let body = try jsonBody(ctx)
        var r = try SpecReader(body, at: "")
        let by = try r.number("by", in: 0...86_400)
        let to = try r.number("to", in: 0...World.latestTime)
        try r.finish()
        guard (by == nil) != (to == nil) else { throw SimulationError("", "give exactly one of 'by' (seconds) or 'to' (a session time)") }
        let outcome = try session.advance(to: { now in to ?? (now + by!) }, now: ctx.now)
        recordTransitions(outcome.world, since: outcome.firstEvent)
        var encoder = ResponseEncoder()
        encoder.outcome(world: outcome.world, firstEvent: outcome.firstEvent, applied: nil)
        return Self.json(200, encoder.writer.bytes)
    }

    /// Counts the transitions one request started and ended.
    func recordTransitions(_ world: World, since firstEvent: Int) {
        for outcome in world.transitionOutcomes(since: firstEvent) {
            metrics.recordTransition(operation: outcome.operation.rawValue, outcome: outcome.kind.rawValue)
        }
    }
}

extension Application {
    /// Loads a scenario document as a session with a fixed id that never expires (`--scenarios`
    /// fixtures); a problem says what is wrong with it.
    public func loadFixture(id: String, document: [UInt8]) throws {
        guard ViewSpec.isValidID(id) else {
            throw Problem.invalid(pointer: "", reason: "'\(id)' is not a session id: 1–64 letters, digits, '-', '_' or '.'")
        }
        let json = try JSONParser.parse(document, limits: limits.jsonBodyLimits)
        let scenario = try Scenario.decode(json, at: "")
        do {
            _ = try makeSession(scenario.session, at: "/session", changes: scenario.changes, changesAt: "/changes", id: id, pinned: true, now: .now)
        } catch let error as Problem where error.type == .sessionExists && sessions.journal != nil {
            // Another replica (or an earlier run) stored it already; it may have changed since,
            // and the stored session is the one that counts.
        }
    }
}
