import JSONCodec
import Synchronization
import TransitionCore
#if canImport(Glibc)
import Glibc
#endif

/// One client's simulation: its world now, the log of what changed it, and a lock, since
/// libmicrohttpd calls us from several threads.
///
/// History: a world only moves forward, deterministically, so the state at a past time t is the
/// state after the last action at or before t, advanced to t; and that state is the session's
/// base replayed through its log. Replaying from the base every time would be slow, so some
/// states along the log are kept as checkpoints (worlds share unchanged views, and checkpoints
/// drop the event log, which the session holds once). Checkpoints live within a byte budget;
/// when the log itself outgrows its budget, its oldest part is dropped and history starts later.
/// docs/semantics.md ("History") has the numbers and why.
final class Session: Sendable {
    let id: String
    let clockMode: ClockMode
    let created: ContinuousClock.Instant
    let limits: SceneLimits
    /// Loaded from `--scenarios`: kept until deleted, never expired.
    let pinned: Bool
    /// The creation body, as compact JSON: with the log, the whole session (`scenario()`).
    private let creation: [UInt8]
    /// The service-wide budget this session's bytes count against.
    private let memory: MemoryBudget
    /// Where the log is stored for other replicas and later processes (nil: this process only).
    private let journal: (any SessionJournal)?
    /// Idle seconds the journal keeps the session (nil: for ever).
    private let journalTTL: Double?
    private let state: Mutex<State>

    /// The log keeps at most this many entries and bytes; past either, its oldest part goes.
    static let logEntryLimit = 4096
    static let logByteLimit = 4 << 20
    /// Checkpoints besides the base: at most this many, estimated bytes at most this.
    static let checkpointLimit = 64
    static let checkpointByteBudget = 1 << 20
    /// Checkpoints stay only every this many changes from the base, besides the newest (which
    /// shares its views with the current world): a short session then holds two worlds rather
    /// than one per change, and a past state is at most this many replayed changes away.
    static let checkpointSpacing = 8

    struct Checkpoint {
        /// Log position: the state after this many entries since creation.
        var position: Int
        var world: World
        var bytes: Int
    }

    struct State {
        var log: SessionLog
        /// `[0]` is the base, where history starts; the rest are optional shortcuts, oldest first.
        var checkpoints: [Checkpoint]
        var current: World
        var lastAccess: ContinuousClock.Instant
        /// What the session holds, estimated: log, checkpoints and the current world.
        var bytes: Int
        /// Deleted or expired: no change may land any more (its bytes were given back).
        var closed = false
        /// Frame templates of the current state made by reads since the last change, oldest
        /// first; counted in `bytes`, dropped by every change (`FrameTemplate`).
        var templates: [FrameTemplate] = []
        /// Changes so far: a template made from a read's copy is kept only if none landed since.
        var generation = 0

        var checkpointBytes: Int { checkpoints.dropFirst().reduce(0) { $0 + $1.bytes } }

        /// Forgets the templates (before `bytes` is counted again without them) and starts a new generation.
        mutating func dropTemplates() {
            templates = []
            generation += 1
        }
    }

    /// Frame templates a session keeps at most (of its current state, the newest), and their
    /// bytes at most.
    static let templateLimit = 2
    static let templateByteBudget = 256 << 10

    /// A session created by `creation` (its body, as compact JSON), whose world is `world`, then
    /// replayed through `changes` (an imported scenario, or a stored log; empty for a new
    /// session). A change that fails is a 422 naming it under `changesPointer`. `created` is when
    /// its time began (a session restored from the journal); by default, now for a new session,
    /// or as long ago as its changes reach for a wall-clock scenario.
    init(id: String, creation: [UInt8], world: World, clockMode: ClockMode, pinned: Bool = false, changes: [SessionLog.Change] = [],
         changesPointer: String = "", created: ContinuousClock.Instant? = nil, limits: SceneLimits, memory: MemoryBudget,
         journal: (any SessionJournal)? = nil, journalTTL: Double? = nil, now: ContinuousClock.Instant) throws {
        self.id = id
        self.clockMode = clockMode
        self.pinned = pinned
        self.creation = creation
        self.limits = limits
        self.memory = memory
        self.journal = journal
        self.journalTTL = pinned ? nil : journalTTL
        let base = world.droppingEventLog()
        var s = State(log: SessionLog(creation: creation), checkpoints: [Checkpoint(position: 0, world: base, bytes: base.estimatedBytes)],
                      current: world, lastAccess: now, bytes: 0)
        for (i, change) in changes.enumerated() {
            var next = s.current
            do throws(SimulationError) {
                try next.replay(change, limits: limits)
            } catch {
                throw SimulationError("\(changesPointer)/\(i)", "this change cannot be replayed: \(error)")
            }
            s.current = next
            Self.appendReplayed(change, last: i == changes.count - 1, to: &s, limits: limits)
        }
        s.bytes = creation.count + s.log.bytes + s.checkpoints.reduce(0) { $0 + $1.bytes } + s.current.estimatedBytes
        // A wall-clock session's time goes on from where its scenario left it.
        let elapsed = clockMode == .wall ? s.current.now : 0
        self.created = created ?? now - .nanoseconds(Int64(elapsed * 1e9))
        state = Mutex(s)
        memory.add(s.bytes)
    }

    /// What every session of a service shares.
    struct Environment: Sendable {
        var limits: SceneLimits
        var memory: MemoryBudget
        var journal: (any SessionJournal)?
        /// Idle seconds before a session expires.
        var ttl: Double
    }

    /// A session from its creation body (compact JSON, at `pointer` in the request, for errors),
    /// replayed through `changes`.
    static func make(id: String, creation: [UInt8], at pointer: String, changes: [SessionLog.Change], changesAt: String,
                     pinned: Bool, created: ContinuousClock.Instant? = nil, in environment: Environment,
                     now: ContinuousClock.Instant) throws -> Session {
        let limits = environment.limits
        let body = try JSONParser.parse(creation, limits: limits.jsonBodyLimits)
        let scene: SceneSpec
        do throws(SimulationError) { scene = try SceneSpec.decode(body, limits: limits) } catch { throw error.inside(pointer) }
        let world = try World(scene: scene, limits: limits)
        return try Session(id: id, creation: creation, world: world, clockMode: scene.clock, pinned: pinned, changes: changes,
                           changesPointer: changesAt, created: created, limits: limits, memory: environment.memory,
                           journal: environment.journal, journalTTL: environment.ttl, now: now)
    }

    /// The journal's record of this session.
    func record(now: ContinuousClock.Instant) -> JournalRecord {
        let age = Application.seconds(now - created)
        return JournalRecord(id: id, creation: creation, createdEpochNanoseconds: Self.epochNanoseconds() - Int64(age * 1e9))
    }

    /// Wall-clock time, for the one thing that must agree across machines: when a wall-clock
    /// session's time began.
    static func epochNanoseconds() -> Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return Int64(ts.tv_sec) * 1_000_000_000 + Int64(ts.tv_nsec)
    }

    /// The session leaves the service: its bytes go back to the budget, and a change still in
    /// flight is refused.
    func close() {
        state.withLock { s in
            guard !s.closed else { return }
            s.closed = true
            memory.add(-s.bytes)
        }
    }

    var lastAccess: ContinuousClock.Instant { state.withLock { $0.lastAccess } }

    /// The oldest session time snapshots can still show.
    var historyStart: Double { state.withLock { $0.checkpoints[0].world.now } }

    /// Frame templates held (tests).
    var templateCount: Int { state.withLock { $0.templates.count } }

    /// Estimated bytes the session holds.
    var estimatedBytes: Int { state.withLock { $0.bytes } }

    /// Session time now for a wall-clock session (seconds since creation).
    private func wallTime(_ now: ContinuousClock.Instant) -> Double {
        let d = (now - created).components
        return Double(d.seconds) + Double(d.attoseconds) * 1e-18
    }

    /// One action of a request, decoded, with the JSON it came from (what the log keeps).
    struct LoggedAction {
        var action: Action
        var json: [UInt8]
    }

    /// What a change did: the world after it and the first event it caused.
    struct Outcome {
        var world: World
        var firstEvent: Int
    }

    /// Applies actions in order, atomically: all of them or none.
    func apply(_ actions: [LoggedAction], now: ContinuousClock.Instant) throws -> Outcome {
        try change(now: now) { (world: inout World, record: (SessionLog.Change, World) -> Void) throws in
            for item in actions {
                try world.apply(item.action)
                record(.action(json: item.json, pointer: item.action.pointer), world)
            }
        }
    }

    /// Moves the clock to `target(now)` (≥ now) and returns the world there.
    func advance(to target: (Double) -> Double, now: ContinuousClock.Instant) throws -> Outcome {
        try change(now: now) { (world: inout World, record: (SessionLog.Change, World) -> Void) throws in
            let t = target(world.now)
            guard t >= world.now else {
                throw SimulationError.timeInThePast(at: "/to", now: world.now)
            }
            guard t <= World.latestTime else {
                throw Problem.invalid(pointer: "/by", reason: "would move the clock to \(t), past the latest session time, \(Int(World.latestTime)) s")
            }
            world.advance(to: t)
            record(.clock(t), world)
        }
    }

    /// Runs a change on a copy of the current world (a wall-clock session first catches up with
    /// real time, logged as a clock move); on success the copy becomes current and every state
    /// the change recorded is appended to the log.
    private func change(now: ContinuousClock.Instant,
                        _ body: (inout World, (SessionLog.Change, World) -> Void) throws -> Void) throws -> Outcome {
        try state.withLock { (s: inout State) throws -> Outcome in
            guard !s.closed else { throw Problem.notFound("session '\(id)' was deleted or expired while this request waited") }
            guard memory.admitsGrowth else { throw Problem.memoryBudgetExhausted(limit: memory.limit) }
            s.lastAccess = now
            var attempts = 0
            while true {
                var world = s.current
                let firstEvent = world.events.nextSeq
                var recorded: [Recorded] = []
                let start = s.log.endIndex
                // Only the states that stay checkpoints are kept, and without their event log:
                // a kept state shares the working world's parts, and the next change to one of
                // them copies it, so keeping every state copied the event log and the view slots
                // once per action (issue 28).
                let record = { (change: SessionLog.Change, after: World) in
                    let keeps = Self.keepsCheckpoint(at: start + recorded.count + 1)
                    recorded.append(Recorded(change: change, time: after.now, checkpoint: keeps ? after.droppingEventLog() : nil))
                }
                if clockMode == .wall {
                    let t = wallTime(now)
                    if t > world.now {
                        world.advance(to: t)
                        record(.clock(t), world)
                    }
                }
                try body(&world, record)
                // The newest state is always a checkpoint; the last one recorded is `world`.
                if let last = recorded.indices.last, recorded[last].checkpoint == nil {
                    recorded[last].checkpoint = world.droppingEventLog()
                }
                if let journal {
                    // Stored before it is answered: a 2xx means every replica will see the change.
                    let outcome = try journal.append(id, expected: s.log.endIndex, entries: recorded.map(\.change.stored),
                                                     limit: Self.journalEntryLimit, ttl: journalTTL)
                    switch outcome {
                    case .appended:
                        break
                    case .behind:
                        // Another replica changed the session first: take its changes, then try
                        // this request again on top of them, as if it had arrived after them.
                        attempts += 1
                        guard attempts < Self.conflictRetries else {
                            throw Problem(.concurrentChange,
                                          detail: "other requests changed session '\(id)' \(attempts) times while this one was applied; send it again")
                        }
                        try catchUp(&s, fetching: journal)
                        continue
                    case .full:
                        throw Problem(.sessionLogFull,
                                      detail: "session '\(id)' has made \(Self.journalEntryLimit) changes, the most a stored session keeps; export it or start a new one")
                    case .gone:
                        throw Problem.notFound("session '\(id)' was deleted or expired")
                    }
                }
                let before = s.bytes
                s.current = world
                s.dropTemplates()
                for r in recorded { Self.append(r.change, time: r.time, checkpoint: r.checkpoint, to: &s, limits: limits) }
                s.bytes = creation.count + s.log.bytes + s.checkpoints.reduce(0) { $0 + $1.bytes } + s.current.estimatedBytes
                memory.add(s.bytes - before)
                return Outcome(world: world, firstEvent: firstEvent)
            }
        }
    }

    /// Changes a stored session keeps (a replica rebuilding it replays them all, so they are
    /// bounded: about a second of replay at most).
    static let journalEntryLimit = 16_384
    /// Times a change is tried again after other replicas' changes landed first.
    static let conflictRetries = 4

    /// Brings the session up to `length` stored entries, when the journal has more than it
    /// (another replica changed it).
    func catchUp(toStoredLength length: Int) throws {
        guard let journal else { return }
        try state.withLock { (s: inout State) throws in
            guard !s.closed, length > s.log.endIndex else { return }
            try catchUp(&s, fetching: journal)
        }
    }

    /// Replays the entries the journal has beyond this session's log.
    private func catchUp(_ s: inout State, fetching journal: any SessionJournal) throws {
        let loaded = try journal.load(id, from: s.log.endIndex)
        guard let entries = loaded?.entries else { throw Problem.notFound("session '\(id)' was deleted or expired") }
        let before = s.bytes
        s.dropTemplates()
        for (i, bytes) in entries.enumerated() {
            var next = s.current
            let change: SessionLog.Change = try .decode(stored: bytes, limits: limits)
            // It succeeded on the replica that stored it and the simulation is deterministic: a
            // failure here is a bug of ours (500), not the client's mistake.
            guard (try? next.replay(change, limits: limits)) != nil else { throw Problem.internalError() }
            s.current = next
            Self.appendReplayed(change, last: i == entries.count - 1, to: &s, limits: limits)
        }
        s.bytes = creation.count + s.log.bytes + s.checkpoints.reduce(0) { $0 + $1.bytes } + s.current.estimatedBytes
        memory.add(s.bytes - before)
    }

    /// The whole log as the journal stores it (a new session's: it starts at its creation).
    var storedEntries: [[UInt8]] { state.withLock { $0.log.entries.map(\.change.stored) } }

    /// Entries in the log since creation (what the journal's length is compared with).
    var logLength: Int { state.withLock { $0.log.endIndex } }

    /// A change a request made, with the session time after it and, when `keepsCheckpoint` says
    /// that state stays or it is the request's last, the state (without its event log).
    private struct Recorded {
        var change: SessionLog.Change
        var time: Double
        var checkpoint: World?
    }

    /// Whether the state after `position` log entries stays a checkpoint once a newer one exists.
    static func keepsCheckpoint(at position: Int) -> Bool { position % checkpointSpacing == 0 }

    /// Logs a change just replayed into `s.current`, the last of its batch or not.
    private static func appendReplayed(_ change: SessionLog.Change, last: Bool, to s: inout State, limits: SceneLimits) {
        let keeps = last || keepsCheckpoint(at: s.log.endIndex + 1)
        append(change, time: s.current.now, checkpoint: keeps ? s.current.droppingEventLog() : nil, to: &s, limits: limits)
    }

    /// Logs one change (the session time after it is `time`) and keeps `checkpoint`, the state
    /// after it without its event log, as the newest checkpoint (nil: a state `keepsCheckpoint`
    /// drops, not the request's last), then restores the budgets.
    private static func append(_ change: SessionLog.Change, time: Double, checkpoint: World?, to s: inout State, limits: SceneLimits) {
        s.log.append(SessionLog.Entry(change: change, time: time))
        if let checkpoint {
            s.checkpoints.append(Checkpoint(position: s.log.endIndex, world: checkpoint, bytes: checkpoint.estimatedBytes))
            let previous = s.checkpoints.count - 2
            if previous > 0, !keepsCheckpoint(at: s.checkpoints[previous].position) {
                s.checkpoints.remove(at: previous)
            }
        }
        while s.checkpoints.count > checkpointLimit + 1 || (s.checkpoints.count > 1 && s.checkpointBytes > checkpointByteBudget) {
            s.checkpoints.remove(at: thinningVictim(s.checkpoints))
        }
        if s.log.entries.count > logEntryLimit || s.log.bytes > logByteLimit {
            rebase(&s, limits: limits)
        }
    }

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
    private static func rebase(_ s: inout State, limits: SceneLimits) {
        let target = s.log.baseIndex + s.log.entries.count / 2
        // Prefer a checkpoint at or after the middle (no replay needed); else replay to it.
        let base: Checkpoint
        if let kept = s.checkpoints.dropFirst().first(where: { $0.position >= target }) {
            base = kept
        } else {
            // Unreachable in practice (the newest checkpoint is never thinned while others exist),
            // but replay covers it: the base replayed to the middle of the log.
            guard let world = try? world(at: target, from: s.checkpoints, log: s.log, limits: limits) else { return }
            let stripped = world.droppingEventLog()
            base = Checkpoint(position: target, world: stripped, bytes: stripped.estimatedBytes)
        }
        s.checkpoints.removeAll { $0.position <= base.position }
        s.checkpoints.insert(base, at: 0)
        s.log.dropEntries(before: base.position)
    }

    /// The state after `position` log entries: the nearest checkpoint at or before it, replayed.
    static func world(at position: Int, from checkpoints: [Checkpoint], log: SessionLog, limits: SceneLimits) throws -> World {
        let start = checkpoints.last(where: { $0.position <= position }) ?? checkpoints[0]
        var world = start.world
        for p in start.position..<position { try world.replay(log[p].change, limits: limits) }
        return world
    }

    /// The session as a scenario document: its creation body and its whole log. A log that
    /// outgrew its limit no longer starts at the creation, so it cannot be exported (409) unless
    /// the journal, which keeps every change, has it.
    func scenario() throws -> [UInt8] {
        let log = state.withLock { $0.log }
        if log.baseIndex > 0, let journal {
            let loaded = try journal.load(id, from: 0)
            guard let entries = loaded?.entries else { throw Problem.notFound("session '\(id)' was deleted or expired") }
            var changes: [SessionLog.Change] = []
            for bytes in entries {
                changes.append(try .decode(stored: bytes, limits: limits))
            }
            let session = (try? JSONParser.parse(creation, limits: limits.jsonBodyLimits)) ?? .null
            return Scenario(session: session, changes: changes).encode()
        }
        guard log.baseIndex == 0 else {
            throw Problem.historyTruncated("the session made more than \(Self.logEntryLimit) changes and its log dropped the oldest \(log.baseIndex); only a complete log exports exactly")
        }
        let session = (try? JSONParser.parse(creation, limits: limits.jsonBodyLimits)) ?? .null
        return Scenario(session: session, changes: log.entries.map(\.change)).encode()
    }

    /// The current world, brought up to real time for a wall-clock session (on a copy: reads
    /// change nothing).
    func current(now: ContinuousClock.Instant) -> World {
        var world = state.withLock { (s: inout State) -> World in
            s.lastAccess = now
            return s.current
        }
        if clockMode == .wall {
            let t = wallTime(now)
            if t > world.now { world.advance(to: t) }
        }
        return world
    }

    /// Snapshots at the given times (any order; each ≥ the start of history), in that order.
    func snapshots(at times: [Double], now: ContinuousClock.Instant) throws -> [Snapshot] {
        try history(now: now).snapshots(at: times)
    }

    /// What a read takes from the session under its lock: its history (caught up with real time
    /// for a wall-clock session) and the frame templates of its states.
    struct Read {
        let history: History
        let templates: [FrameTemplate]
        /// The session's generation then (`State.generation`).
        let generation: Int
    }

    func read(now: ContinuousClock.Instant) -> Read {
        // Made once under the lock and handed back as it is: a tuple taken apart and a history
        // passed through `caughtUp` copied the world and released the copy (docs/performance.md § Templates).
        let read = state.withLock { (s: inout State) in
            s.lastAccess = now
            return Read(history: History(checkpoints: s.checkpoints, log: s.log, current: s.current, caughtUp: false, limits: limits),
                        templates: s.templates, generation: s.generation)
        }
        guard clockMode == .wall else { return read }
        return Read(history: caughtUp(read.history, now: now), templates: read.templates, generation: read.generation)
    }

    /// Writes the snapshots at `times` (non-decreasing, each ≥ the start of history) one after
    /// the other into `encoder`, as `encoder.snapshot` would write each: by a template of its
    /// state when one holds, else in full, keeping the template of it for the frames and requests
    /// that follow (docs/performance.md § Templates). False as soon as the output outgrows `limit`.
    func writeSnapshots(_ read: Read, at times: [Double], into encoder: inout ResponseEncoder, limit: Int) throws -> Bool {
        var templates = read.templates
        var made: [FrameTemplate] = []
        var fits = true
        try read.history.forEachState(at: times) { _, position, world in
            guard fits else { return }
            if let template = templates.last(where: { $0.holds(for: world, position: position, in: encoder) }) {
                template.write(world, into: &encoder)
            } else if let template = FrameTemplate.writeAndMake(world, position: position, into: &encoder) {
                templates.append(template)
                made.append(template)
            }
            fits = encoder.writer.count <= limit
        }
        // Only templates of the current state are kept: one of a past state holds the views its
        // replay made, which nothing else holds (a read of the past would grow an idle session).
        for template in made.filter({ $0.position == .max }).suffix(Self.templateLimit) { keep(template, generation: read.generation) }
        return fits
    }

    /// The change-only batch (`ChangeBatch`) of the snapshots at `times` (non-decreasing, each ≥
    /// the start of history), the bytes `ChangeBatch.encode` writes for them; nil as soon as it
    /// outgrows `limit`. A frame that follows one of the same state whose moving views (a frame
    /// template's, `MovingViews`) it fits is computed and compared by those views alone (counted
    /// in `byMovingViews`, for tests); any other in full, starting a new run
    /// (docs/performance.md § Change-only batches cost). The first frame, written whole, is
    /// written as `writeSnapshots` writes a flat one: by a template of its state the session
    /// keeps, or making one of the current state (kept for the requests that follow), whose
    /// moving views its run then takes.
    func writeChangeBatch(_ read: Read, at times: [Double], precision: Int?, limit: Int) throws -> (body: MallocBytes, byMovingViews: Int)? {
        var batch = ChangeBatch(precision: precision)
        var run: (position: Int, moving: MovingViews?)?
        var fits = true, byMovingViews = 0
        var made: FrameTemplate?
        try read.history.forEachState(at: times) { _, position, world in
            guard fits else { return }
            if let run, run.position == position, let moving = run.moving, batch.takesMovingViews, world.fits(moving) {
                batch.add(world.movingFrame(moving), of: moving, time: world.now, transition: world.currentTransitionState(at: world.now))
                byMovingViews += 1
            } else if batch.isEmpty {
                let shot = world.snapshot(at: world.now)
                var moving: MovingViews?
                batch.addFirst(shot) { encoder in
                    if let template = read.templates.last(where: { $0.holds(for: world, position: position, in: encoder) }) {
                        template.write(world, into: &encoder)
                        moving = template.moving
                    } else if position == .max {
                        // Written whole either way; nil when no template holds (an animated `zPosition`, a large frame).
                        made = FrameTemplate.writeAndMake(world, position: position, into: &encoder)
                        moving = made?.moving ?? world.movingViews()
                    } else {
                        encoder.snapshot(shot)
                        moving = world.movingViews()
                    }
                }
                run = (position, moving)
            } else {
                batch.add(world.snapshot(at: world.now))
                // A kept template's moving views spare finding them again.
                let kept = read.templates.last { $0.position == position && world.fits($0.moving) }
                run = (position, kept?.moving ?? world.movingViews())
            }
            fits = batch.count <= limit
        }
        if let made { keep(made, generation: read.generation) }
        return fits ? (batch.finish(), byMovingViews) : nil
    }

    /// Keeps `template`, made from a read of generation `generation`, unless a change has landed
    /// since or the memory budget is spent; the oldest go past `templateLimit` or `templateByteBudget`.
    private func keep(_ template: FrameTemplate, generation: Int) {
        state.withLock { s in
            guard !s.closed, s.generation == generation, memory.admitsGrowth else { return }
            let before = s.bytes
            s.templates.append(template)
            s.bytes += template.estimatedBytes
            while s.templates.count > Self.templateLimit || s.templates.reduce(0, { $0 + $1.estimatedBytes }) > Self.templateByteBudget {
                s.bytes -= s.templates.removeFirst().estimatedBytes
            }
            memory.add(s.bytes - before)
        }
    }

    /// What reads of past and present states need, copied under the lock (cheap: worlds share
    /// their views), the current world brought up to real time for a wall-clock session.
    func history(now: ContinuousClock.Instant) -> History {
        read(now: now).history
    }

    /// `history` with its current world brought up to real time for a wall-clock session.
    private func caughtUp(_ history: History, now: ContinuousClock.Instant) -> History {
        guard clockMode == .wall else { return history }
        let t = wallTime(now)
        guard t > history.current.now else { return history }
        var current = history.current
        current.advance(to: t)
        return History(checkpoints: history.checkpoints, log: history.log, current: current, caughtUp: true, limits: limits)
    }

    /// The session's states as a read found them (`history(now:)`), replayed outside the lock.
    struct History {
        let checkpoints: [Checkpoint]
        let log: SessionLog
        let current: World
        /// `current` is the logged state advanced to real time (a wall-clock session whose
        /// clock moved since its last change): what it shows depends on that time, which no log
        /// entry holds.
        let caughtUp: Bool
        let limits: SceneLimits

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
            try forEachState(at: times) { i, _, world in try body(i, world) }
        }

        /// `forEachWorld`, each world with the log position of the state it was advanced from
        /// (`Int.max`: the current state).
        func forEachState(at times: [Double], _ body: (Int, Int, World) throws -> Void) throws {
            let oldest = checkpoints[0].world.now
            // One time (`GET …/snapshot`) is in order as it is: sorting it made an array.
            let order = times.count == 1 ? [0] : times.indices.sorted { times[$0] < times[$1] || (times[$0] == times[$1] && $0 < $1) }
            var replayed: (position: Int, world: World)?
            // The world that advances, and the position of its state (nil: none taken yet, it
            // is still `current` as copied). A plain local: an optional tuple moved the world
            // in and out of it for each time (docs/performance.md § Templates).
            var working = current
            var workingPosition: Int?
            for i in order {
                let t = times[i]
                guard t >= oldest else {
                    throw Problem.historyTruncated("t = \(t) is before the session's history, which starts at \(oldest)")
                }
                let position = t >= current.now ? Int.max : log.position(before: t)
                if workingPosition != position || working.now > t {
                    if position == Int.max {
                        if workingPosition != nil { working = current }
                    } else {
                        // Continue the replay when it is behind `position` and no checkpoint is closer.
                        let nearest = checkpoints.last(where: { $0.position <= position }) ?? checkpoints[0]
                        if var r = replayed, r.position <= position, r.position >= nearest.position {
                            for p in r.position..<position { try r.world.replay(log[p].change, limits: limits) }
                            r.position = position
                            replayed = r
                        } else {
                            replayed = (position, try Session.world(at: position, from: checkpoints, log: log, limits: limits))
                        }
                        working = replayed!.world
                    }
                    workingPosition = position
                }
                working.advance(to: t)
                try body(i, position, working)
            }
        }
    }
}
