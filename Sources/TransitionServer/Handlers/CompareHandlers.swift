import JSONCodec
import TransitionCore

/// Comparisons over HTTP (docs/golden.md): a session against expected frames (a report, or its
/// first divergence drawn), and two sessions or scenarios against each other.
extension Application {
    /// `POST …/compare {"expected": FRAMES, "tolerance", "budget", "properties"}`.
    func compareSession(_ ctx: RequestContext) throws -> HTTPResponse {
        let session = try session(ctx)
        try Self.rejectUnknown(ctx.query, allowed: [])
        return Self.json(200, try sessionComparison(try jsonBodyBytes(ctx), in: session, now: ctx.now).encoded)
    }

    /// `POST …/compare.svg`, the same body: the first divergence drawn (ComparisonPicture), or the
    /// first frame when all match.
    func compareSessionSVG(_ ctx: RequestContext) throws -> HTTPResponse {
        let session = try session(ctx)
        try Self.rejectUnknown(ctx.query, allowed: [])
        let (json, settings) = try comparisonBody(ctx)
        let (expected, report) = try compare(json, at: "/expected", settings: settings, in: session, now: ctx.now)
        let frame = expected.frames[report.first?.frame ?? 0]
        var encoder = SVGEncoder(precision: nil)
        encoder.comparison(expected: frame, service: try session.history(now: ctx.now).snapshots(at: [frame.time])[0], divergence: report.first)
        return HTTPResponse(status: 200, mediaType: .svg, body: encoder.writer.bytes)
    }

    /// The expected frames and the settings of a session's comparison (ComparisonBody.read).
    private func comparisonBody(_ ctx: RequestContext) throws -> (ExpectedFrames.Source, ComparisonSettings) {
        try ComparisonBody.read(try jsonBodyBytes(ctx), limits: limits.jsonBodyLimits)
    }

    /// `POST /v1/compare {"a": SIDE, "b": SIDE, "times": TIMES, "tolerance", "budget", "properties"}`:
    /// each side a session (`{"session": ID}`) or a scenario document replayed in process
    /// (`{"scenario": DOC}`, held to a session creation's limits and closed when answered); `a`
    /// is the reference, `b` is compared with it. Both scenarios are weighed before either is
    /// replayed, and the frames of both sides together before any is computed.
    func compareRuns(_ ctx: RequestContext) throws -> HTTPResponse {
        try Self.rejectUnknown(ctx.query, allowed: [])
        var r = try SpecReader(try jsonBody(ctx), at: "")
        let sides = [try side(r.value("a"), at: r.path("a"), now: ctx.now), try side(r.value("b"), at: r.path("b"), now: ctx.now)]
        guard let timesValue = r.value("times") else {
            throw SimulationError("/times", "is required: {\"from\", \"to\", \"fps\"} or {\"t\": [seconds, …]}")
        }
        let times = try Self.frameTimes(timesValue, at: r.path("times"))
        let settings = try ComparisonSettings.read(&r)
        try r.finish()
        var replayed: [Session] = []
        defer {
            for session in replayed {
                session.close()
                sessions.endReplay()
            }
        }
        let (a, b) = try sessionsOf(sides, replayed: &replayed)
        let pointers = times.indices.map { "/times/\($0)" }
        let reference = try comparedRun(a, at: times, pointers: pointers, timeTolerance: 0, now: ctx.now)
        let compared = try comparedRun(b, at: times, pointers: pointers, timeTolerance: settings.tolerance.time, now: ctx.now)
        let report = try comparing([reference, compared], pointer: "/times") {
            let expected = ExpectedFrames(frames: try frames(of: reference).frames, complete: true)
            let (actual, around) = try frames(of: compared)
            return try FrameComparer(settings: settings).compare(expected, with: actual, around: around)
        }
        return Self.json(200, report.encoded)
    }

    /// One side of `POST /v1/compare`: a session, or a scenario to replay (at `pointer`).
    private enum Side {
        case session(Session)
        case scenario(Scenario, pointer: String)
    }

    private func side(_ value: JSONValue?, at pointer: String, now: ContinuousClock.Instant) throws -> Side {
        guard let value else { throw SimulationError(pointer, "is required: {\"session\": ID} or {\"scenario\": DOC}") }
        var r = try SpecReader(value, at: pointer)
        let id = try r.string("session", maxLength: 64)
        let document = r.value("scenario")
        try r.finish()
        switch (id, document) {
        case (let id?, nil):
            guard let session = try sessions.session(id, now: now) else { throw Problem.notFound("no session '\(id)' (\(pointer)/session)") }
            return .session(session)
        case (nil, let document?):
            return .scenario(try Scenario.decode(document, at: r.path("scenario")), pointer: r.path("scenario"))
        default:
            throw SimulationError(pointer, "give 'session' (an id) or 'scenario' (an exported scenario document), one of them")
        }
    }

    /// The sessions of both sides, the scenarios replayed (added to `replayed`) once weighed
    /// together (`maxReplayWork`): each replay a creation for `--max-sessions` and the memory
    /// budget, both in a costly-series slot when they are costly together.
    private func sessionsOf(_ sides: [Side], replayed: inout [Session]) throws -> (Session, Session) {
        var scenarios: [(scenario: Scenario, pointer: String)] = []
        for case .scenario(let scenario, let pointer) in sides { scenarios.append((scenario, pointer)) }
        func replay(_ replayed: inout [Session]) throws -> [Session] {
            try sides.map { side in
                switch side {
                case .session(let session):
                    return session
                case .scenario(let scenario, let pointer):
                    try sessions.beginReplay()
                    do {
                        let session = try replaying(scenario, at: pointer)
                        replayed.append(session)
                        return session
                    } catch {
                        sessions.endReplay()
                        throw error
                    }
                }
            }
        }
        let both = try weighedReplay(scenarios, comparison: true) { try replay(&replayed) }
        return (both[0], both[1])
    }

    /// `{"from", "to", "fps"}` (fps default 60) or `{"t": [seconds, …]}`, as the series routes
    /// take them in their query.
    static func frameTimes(_ value: JSONValue, at pointer: String) throws(SimulationError) -> [Double] {
        var r = try SpecReader(value, at: pointer)
        let list = try r.array("t", maxCount: maxTimestamps)
        let from = try r.number("from", in: 0...World.latestTime), to = try r.number("to", in: 0...World.latestTime)
        let fps = try r.number("fps", in: 0.001...1000)
        try r.finish()
        if let list {
            guard from == nil, to == nil, fps == nil else { throw SimulationError(pointer, "give either 't' or 'from', 'to' and 'fps'") }
            guard !list.isEmpty else { throw SimulationError(r.path("t"), "holds no time") }
            var times: [Double] = []
            for (i, item) in list.enumerated() {
                guard let t = item.numberValue, t.isFinite, t >= 0, t <= World.latestTime else {
                    throw SimulationError("\(r.path("t"))/\(i)", "expected a session time (seconds, 0 to \(Int(World.latestTime)))")
                }
                times.append(t)
            }
            return times
        }
        guard let from, let to else { throw SimulationError(pointer, "give 't' (a list of times) or 'from' and 'to' (and 'fps', default 60)") }
        guard to >= from else { throw SimulationError(r.path("to"), "must not be before from") }
        let count = frameCount(from: from, to: to, fps: fps ?? 60)
        guard count <= maxTimestamps else { throw SimulationError(r.path("fps"), "\(count) frames requested; at most \(maxTimestamps)") }
        return frameTimes(from: from, count: count, fps: fps ?? 60)
    }
}
