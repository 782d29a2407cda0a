import TransitionCore

/// A session's states, past and present, as values: its log since the base (the oldest state it
/// keeps), checkpoints along the log, and the current world. No lock: the session holds one
/// under its own, and reads share one copy of it per state (`SharedState`; cheap: worlds
/// share unchanged views), which they replay outside the lock.
///
/// A world only moves forward, deterministically, so the state at a past time t is the state
/// after the last action at or before t, advanced to t; and that state is the base replayed
/// through the log. Replaying from the base every time would be slow, so some states along the
/// log are kept as checkpoints (without their event log, which the current world holds once).
/// Checkpoints live within a byte budget; when the log itself outgrows its budget, its oldest
/// half is dropped and history starts later. docs/semantics.md ("History") has the numbers and why.
struct SessionHistory: Sendable {
    /// The log keeps at most this many entries and bytes; past either, its oldest half goes.
    static let logEntryLimit = 4096
    static let logByteLimit = 4 << 20
    /// Checkpoints besides the base: at most this many, estimated bytes at most this.
    static let checkpointLimit = 64
    static let checkpointByteBudget = 1 << 20
    /// Checkpoints stay only every this many changes from the base, besides the newest (which
    /// shares its views with the current world): a short session then holds two worlds rather
    /// than one per change, and a past state is at most this many replayed changes away.
    static let checkpointSpacing = 8

    struct Checkpoint: Sendable {
        /// Log position: the state after this many entries since creation.
        var position: Int
        var world: World
        /// Estimated, for the checkpoints' budget.
        var bytes: Int
    }

    private(set) var log: SessionLog
    /// `[0]` is the base, where history starts; the rest are shortcuts, oldest first.
    private(set) var checkpoints: [Checkpoint]
    private(set) var current: World
    /// What the base holds until the first action after it (the census of each action's state
    /// is on its log entry).
    private(set) var baseCensus: CensusTrajectory
    /// `current` is the logged state advanced to real time (a wall-clock session whose clock
    /// moved since its last change, `caughtUp(to:)`): what it shows depends on that time, which
    /// no log entry holds.
    private(set) var caughtUp = false
    let limits: SceneLimits

    /// The history of a session created by `creation` (its body, as compact JSON) as `world`.
    init(creation: [UInt8], world: World, limits: SceneLimits) {
        let base = world.droppingEventLog()
        log = SessionLog(creation: creation)
        checkpoints = [Checkpoint(position: 0, world: base, bytes: base.estimatedBytes)]
        current = world
        baseCensus = world.censusTrajectory()
        self.limits = limits
    }

    /// The oldest session time snapshots can still show.
    var start: Double { checkpoints[0].world.now }

    /// What it holds, estimated: the log, the checkpoints and the current world.
    var estimatedBytes: Int { log.bytes + checkpoints.reduce(0) { $0 + $1.bytes } + current.estimatedBytes + baseCensus.estimatedBytes }

    /// Whether the state after `position` log entries stays a checkpoint once a newer one exists.
    static func keepsCheckpoint(at position: Int) -> Bool { position % checkpointSpacing == 0 }

    /// Replays `change` on the current world and logs it (`last`: the last of its batch, whose
    /// state stays a checkpoint); on failure nothing changes.
    mutating func replay(_ change: SessionLog.Change, last: Bool) throws(SimulationError) {
        var next = current
        try next.replay(change, limits: limits)
        current = next
        let keeps = last || Self.keepsCheckpoint(at: log.endIndex + 1)
        append(Recorded(change, after: current, checkpoint: keeps))
    }

    /// A change a request made on a copy of the current world: the change, the session time
    /// after it, for an action what the state after it holds (`SessionLog.Entry.census`) and,
    /// when `keepsCheckpoint` says that state stays or it is the request's last, the state
    /// (without its event log).
    struct Recorded {
        var change: SessionLog.Change
        var time: Double
        var census: CensusTrajectory?
        var checkpoint: World?

        /// `change`, which made `world`, kept as a checkpoint when `checkpoint` says so.
        init(_ change: SessionLog.Change, after world: World, checkpoint: Bool) {
            self.change = change
            time = world.now
            if case .action = change { census = world.censusTrajectory() }
            self.checkpoint = checkpoint ? world.droppingEventLog() : nil
        }
    }

    /// Makes `world` current, the state after `recorded`, which are logged in order.
    mutating func commit(_ world: World, recorded: [Recorded]) {
        current = world
        for r in recorded { append(r) }
    }

    /// Logs one change and keeps its checkpoint, the state after it without its event log, as
    /// the newest checkpoint (nil: a state `keepsCheckpoint` drops, not the request's last),
    /// then restores the budgets.
    private mutating func append(_ recorded: Recorded) {
        log.append(SessionLog.Entry(change: recorded.change, time: recorded.time, census: recorded.census))
        let checkpoint = recorded.checkpoint
        if let checkpoint {
            checkpoints.append(Checkpoint(position: log.endIndex, world: checkpoint, bytes: checkpoint.estimatedBytes))
            let previous = checkpoints.count - 2
            if previous > 0, !Self.keepsCheckpoint(at: checkpoints[previous].position) {
                checkpoints.remove(at: previous)
            }
        }
        while checkpoints.count > Self.checkpointLimit + 1 || (checkpoints.count > 1 && checkpointBytes > Self.checkpointByteBudget) {
            checkpoints.remove(at: Self.thinningVictim(checkpoints))
        }
        if log.entries.count > Self.logEntryLimit || log.bytes > Self.logByteLimit {
            rebase()
        }
    }

    /// The checkpoints' bytes besides the base's.
    private var checkpointBytes: Int { checkpoints.dropFirst().reduce(0) { $0 + $1.bytes } }

    /// The checkpoint to give up when over budget: among those between the base and the newest,
    /// the one whose neighbours are closest, so that the rest stay evenly spread over the log
    /// (any state is then a short replay away); the newest goes only when it is the only one.
    static func thinningVictim(_ checkpoints: [Checkpoint]) -> Int {
        guard checkpoints.count > 2 else { return checkpoints.count - 1 }
        var victim = 1
        var smallest = Int.max
        for i in 1..<(checkpoints.count - 1) {
            let gap = checkpoints[i + 1].position - checkpoints[i - 1].position
            if gap < smallest { smallest = gap; victim = i }
        }
        return victim
    }

    /// Drops the older half of the log: the state in its middle becomes the base.
    private mutating func rebase() {
        let target = log.baseIndex + log.entries.count / 2
        // Prefer a checkpoint at or after the middle (no replay needed); else replay to it.
        let base: Checkpoint
        if let kept = checkpoints.dropFirst().first(where: { $0.position >= target }) {
            base = kept
        } else {
            // Unreachable in practice (the newest checkpoint is never thinned while others exist),
            // but replay covers it: the base replayed to the middle of the log.
            guard let replayed = try? world(at: target) else { return }
            let stripped = replayed.droppingEventLog()
            base = Checkpoint(position: target, world: stripped, bytes: stripped.estimatedBytes)
        }
        checkpoints.removeAll { $0.position <= base.position }
        checkpoints.insert(base, at: 0)
        baseCensus = base.world.censusTrajectory()
        log.dropEntries(before: base.position)
    }

    /// The state after `position` log entries: the nearest checkpoint at or before it, replayed.
    func world(at position: Int) throws -> World {
        let start = checkpoints.last(where: { $0.position <= position }) ?? checkpoints[0]
        var world = start.world
        for p in start.position..<position { try world.replay(log[p].change, limits: limits) }
        return world
    }

    /// This history with its current world advanced to session time `t` (a wall-clock session's
    /// real time), when that is later.
    func caughtUp(to t: Double) -> SessionHistory {
        guard t > current.now else { return self }
        var history = self
        history.current.advance(to: t)
        history.caughtUp = true
        return history
    }

    /// Snapshots at the given times (any order; each ≥ the start of history), in that order.
    func snapshots(at times: [Double]) throws -> [Snapshot] {
        var result = [Snapshot?](repeating: nil, count: times.count)
        try forEachWorld(at: times) { i, world in result[i] = world.snapshot(at: world.now) }
        return result.map { $0! }
    }

    /// Calls `body` with the index of each of `times` (any order; each ≥ the start of history)
    /// and the world at that time, in increasing order of time, so that replay only moves
    /// forward and one advancing copy serves every time that starts from the same state; a
    /// series is weighed on them before its snapshots are computed.
    func forEachWorld(at times: [Double], _ body: (Int, World) throws -> Void) throws {
        var settled = SettledWorlds()
        try forEachState(at: times, settled: &settled) { i, _, world in try body(i, world) }
    }

    /// `forEachWorld`, each world with the log position of the state it was advanced from
    /// (`Int.max`: the current state). A time of the current state that the advancing world has
    /// not reached yet starts from `settled`, the worlds the current state reaches by running its
    /// completions (the session keeps them, `ReadCache`), and adds those it runs on the way.
    func forEachState(at times: [Double], settled: inout SettledWorlds, _ body: (Int, Int, World) throws -> Void) throws {
        let oldest = start
        // The replay of a past state, made only when one is asked.
        var replayed: PastState?
        // The world that advances, and the position of its state (nil: none taken yet, it
        // is still `current` as copied). A plain local: an optional tuple moved the world
        // in and out of it for each time (docs/performance.md § Templates).
        var working = current
        var workingPosition: Int?
        for i in Self.order(of: times) {
            let t = times[i]
            guard t >= oldest else { throw Self.truncated(at: t, start: oldest) }
            let position = t >= current.now ? Int.max : log.position(before: t)
            var fromCurrent = false
            if workingPosition != position || working.now > t {
                if position == Int.max {
                    if workingPosition != nil { working = current }
                    fromCurrent = true
                } else {
                    // Continue the replay when it is behind `position` and no checkpoint is closer.
                    let nearest = checkpoints.last(where: { $0.position <= position }) ?? checkpoints[0]
                    let r: PastState
                    if let kept = replayed, kept.position <= position, kept.position >= nearest.position {
                        r = kept
                        for p in r.position..<position { try r.world.replay(log[p].change, limits: limits) }
                        r.position = position
                    } else {
                        r = PastState(position: position, world: try world(at: position))
                        replayed = r
                    }
                    working = r.world
                }
                workingPosition = position
            }
            if fromCurrent { settled.advance(&working, to: t) } else { working.advance(to: t) }
            try body(i, position, working)
        }
    }

    /// A past state `forEachState` replays forward from time to time: the state after `position`
    /// log entries. A class, so that a read that asks no past state holds a nil reference
    /// rather than an optional world inline (about 4 KB, zeroed at every call).
    private final class PastState {
        var position: Int
        var world: World

        init(position: Int, world: World) {
            self.position = position
            self.world = world
        }
    }

    /// The indexes of `times` in increasing order of time (equal times in the order asked): the
    /// order `forEachWorld` and `forEachCensus` go in.
    static func order(of times: [Double]) -> [Int] {
        // One time (`GET …/snapshot`) is in order as it is: sorting it made an array.
        times.count == 1 ? [0] : times.indices.sorted { times[$0] < times[$1] || (times[$0] == times[$1] && $0 < $1) }
    }

    static func truncated(at t: Double, start: Double) -> Problem {
        Problem.historyTruncated("t = \(t) is before the session's history, which starts at \(start)")
    }

    /// Calls `body` with the index of each of `times` and the census of the world there
    /// (`World.snapshotCensus()`), in `forEachWorld`'s order and with its errors, read off the
    /// census trajectory of the state each time starts from: no world is replayed or advanced.
    func forEachCensus(at times: [Double], _ body: (Int, SnapshotCensus) throws -> Void) throws {
        let oldest = start
        for i in Self.order(of: times) {
            let t = times[i]
            guard t >= oldest else { throw Self.truncated(at: t, start: oldest) }
            try body(i, trajectory(before: t).census(at: t))
        }
    }

    /// What the state a snapshot at `t` starts from holds (`SessionLog.position(before:)`): the
    /// base's, or the one on the last action at or before `t`.
    private func trajectory(before t: Double) -> CensusTrajectory {
        let position = log.position(before: t)
        guard position > log.baseIndex else { return baseCensus }
        // `position(before:)` ends just after an action, and every action's entry has one.
        return log[position - 1].census!
    }
}
