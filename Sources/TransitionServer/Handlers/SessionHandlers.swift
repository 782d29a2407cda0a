import JSONCodec
import TransitionCore

extension Application {
    /// Actions one request may carry.
    static let maxActionsPerRequest = 256

    func createSession(_ ctx: RequestContext) throws(Problem) -> HTTPResponse {
        let body = try jsonBody(ctx)
        let scene: SceneSpec
        let world: World
        do {
            scene = try SceneSpec.decode(body, limits: limits)
            world = try World(scene: scene, limits: limits)
        } catch let error as SpecError {
            throw Problem(error)
        } catch let error as SimulationError {
            throw Problem(error)
        } catch {
            throw Problem.internalError()
        }
        let session = try sessions.create(world: world, clockMode: scene.clock, now: ctx.now)
        var encoder = SnapshotEncoder(precision: nil, flat: false)
        encoder.sessionState(id: session.id, clock: scene.clock, world: world, historyStart: 0)
        return Self.json(201, encoder.writer.bytes, headers: [("Location", "/v1/sessions/\(session.id)")])
    }

    func showSession(_ ctx: RequestContext) throws(Problem) -> HTTPResponse {
        let session = try session(ctx)
        let world = session.current(now: ctx.now)
        var encoder = SnapshotEncoder(precision: nil, flat: false)
        encoder.sessionState(id: session.id, clock: session.clockMode, world: world, historyStart: session.historyStart)
        return Self.json(200, encoder.writer.bytes)
    }

    func deleteSession(_ ctx: RequestContext) throws(Problem) -> HTTPResponse {
        let session = try session(ctx)
        sessions.delete(session.id)
        return HTTPResponse(status: 204)
    }

    /// One action object, or an array of them applied in order, all or nothing.
    func applyActions(_ ctx: RequestContext) throws(Problem) -> HTTPResponse {
        let session = try session(ctx)
        let body = try jsonBody(ctx)
        var actions: [Session.LoggedAction] = []
        do throws(SpecError) {
            let items: [(json: JSONValue, pointer: String)]
            if let list = body.arrayValue {
                guard !list.isEmpty else { throw SpecError("", "the list of actions is empty") }
                guard list.count <= Self.maxActionsPerRequest else {
                    throw SpecError("", "at most \(Self.maxActionsPerRequest) actions per request")
                }
                items = list.enumerated().map { ($1, "/\($0)") }
            } else {
                items = [(body, "")]
            }
            for item in items {
                let action = try Action.decode(item.json, at: item.pointer, limits: limits)
                actions.append(Session.LoggedAction(action: action, json: JSONWriter.encode(item.json)))
            }
        } catch {
            throw Problem(error)
        }
        let outcome = try session.apply(actions, now: ctx.now)
        recordTransitions(outcome.world, since: outcome.firstEvent)
        var encoder = SnapshotEncoder(precision: nil, flat: false)
        encoder.outcome(world: outcome.world, firstEvent: outcome.firstEvent, applied: actions.count)
        return Self.json(200, encoder.writer.bytes)
    }

    /// `{"by": seconds}` or `{"to": time}`.
    func advanceClock(_ ctx: RequestContext) throws(Problem) -> HTTPResponse {
        let session = try session(ctx)
        let body = try jsonBody(ctx)
        let by: Double?, to: Double?
        do throws(SpecError) {
            var r = try SpecReader(body, at: "")
            by = try r.number("by", in: 0...86_400)
            to = try r.number("to", in: 0...World.latestTime)
            try r.finish()
            guard (by == nil) != (to == nil) else { throw SpecError("", "give exactly one of 'by' (seconds) or 'to' (a session time)") }
        } catch {
            throw Problem(error)
        }
        let outcome = try session.advance(to: { now in to ?? (now + by!) }, now: ctx.now)
        recordTransitions(outcome.world, since: outcome.firstEvent)
        var encoder = SnapshotEncoder(precision: nil, flat: false)
        encoder.outcome(world: outcome.world, firstEvent: outcome.firstEvent, applied: nil)
        return Self.json(200, encoder.writer.bytes)
    }

    /// Counts transitions started and ended, from the events of one request.
    func recordTransitions(_ world: World, since firstEvent: Int) {
        for e in world.events where e.seq >= firstEvent {
            switch e.type {
            case "animateTransition":
                metrics.recordTransition(operation: operationName(e, world), outcome: "started")
            case "completeTransition":
                let done = e.arguments.first { $0.key == "didComplete" }?.value.boolValue ?? false
                metrics.recordTransition(operation: operationName(e, world), outcome: done ? "completed" : "cancelled")
            default: break
            }
        }
    }

    private func operationName(_ e: Event, _ world: World) -> String {
        let id = e.arguments.first { $0.key == "transition" }?.value.stringValue
        return world.transitions.first { $0.id == id }?.operation.rawValue ?? "unknown"
    }
}
