import JSONCodec
import TransitionCore

/// The service's frames a comparison reads: a session's, or a scenario's replayed in process
/// into a session no service holds (a read: nothing is registered, nothing changes). Both are
/// held to a snapshot series' rules (docs/golden.md § Bounds and errors): a replay is a session
/// creation for the memory budget, the frames of the whole request are weighed together before
/// any is computed, a costly comparison runs in a costly-series slot, and what its frames hold
/// while it runs counts against the memory budget.
extension Application {
    /// Bytes one compared view holds while a comparison runs, estimated: its snapshot node and
    /// the leaves it is read into, with their index, rounded up from the peak resident memory of
    /// large comparisons (docs/golden.md § Cost).
    static let comparedViewBytes = 2_500

    /// The session a scenario document makes, replayed, registered nowhere: a creation, so
    /// refused (507) when the sessions hold the memory budget, and counted in it until `close()`
    /// (errors point into the document at `pointer`).
    func replaying(_ scenario: Scenario, at pointer: String) throws -> Session {
        try sessions.admitGrowth()
        let environment = Session.Environment(limits: limits, memory: sessions.memory, journal: nil, ttl: 0)
        return try Session.make(id: "replay", creation: scenario.session, at: "\(pointer)/session", changes: scenario.changes,
                                changesAt: "\(pointer)/changes", pinned: false, in: environment, now: .now)
    }

    /// One run a comparison reads: its history, and the times it is read at: the compared
    /// frames' (`count`), then with a time tolerance the two around each.
    struct ComparedRun {
        var history: SessionHistory
        var times: [Double]
        var count: Int
    }

    /// The run of `session` at `times` (each named by `pointers` for errors), and when the time
    /// tolerance is not 0 the times that far either side of each (clamped to its history).
    func comparedRun(_ session: Session, at times: [Double], pointers: [String], timeTolerance: Double,
                     now: ContinuousClock.Instant) throws -> ComparedRun {
        try comparedRun(session.history(now: now), start: session.historyStart, at: times, pointers: pointers, timeTolerance: timeTolerance)
    }

    /// `comparedRun` of a history read already (`start`: its session's history start).
    func comparedRun(_ history: SessionHistory, start: Double, at times: [Double], pointers: [String], timeTolerance: Double) throws -> ComparedRun {
        for (t, pointer) in zip(times, pointers) where t < start {
            throw Problem(.historyTruncated, detail: "\(pointer): \(t) is before the session's history, which starts at \(start)",
                          extensions: [("pointer", .string(pointer))])
        }
        var all = times
        if timeTolerance > 0 {
            for t in times { all += [max(start, t - timeTolerance), min(World.latestTime, t + timeTolerance)] }
        }
        return ComparedRun(history: history, times: all, count: times.count)
    }

    /// `body` once the frames of every run are weighed together with `expectedViews` (the views
    /// of the expected frames a comparison reads from its request, counted before they are read),
    /// `work-budget-exceeded` naming `pointer`, where the request gives the times; in a
    /// costly-series slot when costly, with the views' bytes (`comparedViewBytes` a view, both
    /// sides') counted in the memory budget while it runs.
    func comparing<Result>(_ runs: [ComparedRun], expectedViews: Int = 0, pointer: String, _ body: () throws -> Result) throws -> Result {
        var weight = SeriesWeight(work: expectedViews, expected: expectedViews)
        let asked = runs.reduce(0) { $0 + $1.times.count }
        do {
            guard expectedViews <= Self.maxSeriesWork else {
                throw Problem.workBudgetExceeded(limit: Self.maxSeriesWork, frames: 0, of: asked, views: expectedViews, expected: expectedViews)
            }
            for run in runs { try weigh(run.history, at: run.times, form: .comparison, asked: asked, into: &weight) }
        } catch var problem as Problem where problem.type == .workBudgetExceeded {
            problem.extensions.append(("pointer", .string(pointer)))
            throw problem
        }
        try sessions.admitGrowth()
        return try computeWeighed(weight) {
            let bytes = weight.work * Self.comparedViewBytes
            sessions.memory.add(bytes)
            defer { sessions.memory.add(-bytes) }
            return try body()
        }
    }

    /// The frames of a run, and the frames around each (empty without a time tolerance). Each
    /// world is read into its compared frame at once, so no run holds its snapshots besides.
    func frames(of run: ComparedRun) throws -> (frames: [ComparedFrame], around: [[ComparedFrame]]) {
        var read = [ComparedFrame?](repeating: nil, count: run.times.count)
        var indexes = LeafIndexes()
        try run.history.forEachWorld(at: run.times) { i, world in read[i] = ComparedFrame(world.snapshot(at: world.now), indexes: &indexes) }
        let frames = read.map { $0! }
        let around = run.times.count > run.count ? (0..<run.count).map { i in [frames[run.count + 2 * i], frames[run.count + 2 * i + 1]] } : []
        return (Array(frames.prefix(run.count)), around)
    }

    /// The service's frames at the times of the expected frames `source` (at `pointer`, a
    /// request's), compared with them. Expected frames given as JSON are weighed from their
    /// structure first, with the service's, and read only then, in the comparison's slot and
    /// memory charge; frames read already are weighed as read.
    func compare(_ source: ExpectedFrames.Source, at pointer: String, settings: ComparisonSettings, in session: Session,
                 now: ContinuousClock.Instant, bounds: FrameBounds = FrameBounds()) throws -> (expected: ExpectedFrames, report: ComparisonReport) {
        let census = try source.census(at: pointer, bounds: bounds)
        let run = try comparedRun(session, at: census.times, pointers: census.timePointers, timeTolerance: settings.tolerance.time, now: now)
        return try comparing([run], expectedViews: census.views, pointer: pointer) {
            let expected = try source.read(at: pointer, bounds: bounds)
            let (actual, around) = try frames(of: run)
            return (expected, try FrameComparer(settings: settings).compare(expected, with: actual, around: around))
        }
    }

    /// The service's frames at the expected frames' times, compared with them: a golden file's,
    /// read already and bounded by what a golden holds (`FrameBounds.goldenFile`), so that only
    /// the service's frames are weighed (`transition-sim check`).
    func compare(_ expected: ExpectedFrames, settings: ComparisonSettings, in session: Session,
                 now: ContinuousClock.Instant) throws -> ComparisonReport {
        let run = try comparedRun(session, at: expected.frames.map(\.time), pointers: expected.frames.map { "\($0.pointer)/time" },
                                  timeTolerance: settings.tolerance.time, now: now)
        return try comparing([run], pointer: "/expected") {
            let (actual, around) = try frames(of: run)
            return try FrameComparer(settings: settings).compare(expected, with: actual, around: around)
        }
    }
}
