import JSONCodec
import TransitionCore

/// The service's frames a comparison reads: a session's, or a scenario's replayed in process
/// into a session no service holds (a read: nothing is registered, nothing changes).
extension Session {
    /// The session a scenario document makes, replayed, outside any service (errors point into
    /// the document at `pointer`).
    static func replaying(_ scenario: Scenario, at pointer: String, limits: SceneLimits) throws -> Session {
        let environment = Environment(limits: limits, memory: MemoryBudget(limit: .max), journal: nil, ttl: 0)
        return try make(id: "replay", creation: JSONWriter.encode(scenario.session), at: "\(pointer)/session", changes: scenario.changes,
                        changesAt: "\(pointer)/changes", pinned: false, in: environment, now: .now)
    }
}

extension Application {
    /// The frames of `session` at `times` (each named by `pointers` for errors), and when the
    /// time tolerance is not 0 the frames that far either side of each (clamped to its history).
    func serviceFrames(_ session: Session, at times: [Double], pointers: [String], timeTolerance: Double,
                       now: ContinuousClock.Instant) throws -> (frames: [ComparedFrame], around: [[ComparedFrame]]) {
        let start = session.historyStart
        for (t, pointer) in zip(times, pointers) where t < start {
            throw Problem(.historyTruncated, detail: "\(pointer): \(t) is before the session's history, which starts at \(start)",
                          extensions: [("pointer", .string(pointer))])
        }
        var all = times
        if timeTolerance > 0 {
            for t in times { all += [max(start, t - timeTolerance), min(World.latestTime, t + timeTolerance)] }
        }
        let shots = try series(session.history(now: now), at: all, form: .comparison) { $0 }
        let frames = shots.map(ComparedFrame.init)
        let around = timeTolerance > 0 ? times.indices.map { i in [frames[times.count + 2 * i], frames[times.count + 2 * i + 1]] } : []
        return (Array(frames.prefix(times.count)), around)
    }

    /// The service's frames at the expected frames' times, compared with them.
    func compare(_ expected: ExpectedFrames, settings: ComparisonSettings, in session: Session,
                 now: ContinuousClock.Instant) throws -> ComparisonReport {
        let (frames, around) = try serviceFrames(session, at: expected.frames.map(\.time), pointers: expected.frames.map { "\($0.pointer)/time" },
                                                 timeTolerance: settings.tolerance.time, now: now)
        return try FrameComparer(settings: settings).compare(expected, with: frames, around: around)
    }
}
