import JSONCodec
import Synchronization
import TransitionCore
#if canImport(Glibc)
import Glibc
#endif

/// What the reads of one state of a session share: its history, and what earlier reads kept of
/// that state (`ReadCache`). Made once by the first read after a change or a keep, held by
/// reference, never changed: a read takes one reference under the session's lock, where a copy
/// of the cache beside it took one for each of its arrays, on objects every reading thread shares.
final class SharedState: Sendable {
    let history: SessionHistory
    let cache: ReadCache

    init(_ history: SessionHistory, cache: ReadCache) {
        self.history = history
        self.cache = cache
    }
}

/// One client's simulation: its history (`SessionHistory`), what reads keep of its current state
/// (`ReadCache`), its bytes in the service's budget, and a lock, since libmicrohttpd calls us
/// from several threads. Changes are made by `apply` and `advance` (SessionChanges.swift), the
/// scenario it is exported as by `scenario()` (SessionExport.swift); reads take a `Read` and
/// compute outside the lock.
final class Session: Sendable {
    let id: String
    let clockMode: ClockMode
    let created: ContinuousClock.Instant
    let limits: SceneLimits
    /// Loaded from `--scenarios`: kept until deleted, never expired.
    let pinned: Bool
    /// The creation body, as compact JSON: with the log, the whole session (`scenario()`).
    let creation: [UInt8]
    /// The service-wide budget this session's bytes count against.
    let memory: MemoryBudget
    /// Where the log is stored for other replicas and later processes (nil: this process only).
    let journal: (any SessionJournal)?
    /// Idle seconds the journal keeps the session (nil: for ever).
    let journalTTL: Double?
    /// Held only under its lock: by reads for a moment, by a change for its whole transaction.
    let state: Mutex<State>

    struct State {
        /// The session's states. A change goes through here, which first lets go of `shared`,
        /// so that the change does not copy the storage that reads' copy shares with it.
        var history: SessionHistory {
            _read { yield storedHistory }
            _modify {
                shared = nil
                yield &storedHistory
            }
        }
        private var storedHistory: SessionHistory
        /// `history` and `cache` as reads share them, made by the first read after either
        /// changed (`readable()`).
        private var shared: SharedState?
        var lastAccess: ContinuousClock.Instant
        /// What the session holds, estimated: its creation, its history and `cache`.
        var bytes: Int
        /// Deleted or expired: no change may land any more (its bytes were given back).
        var closed = false
        /// What reads made of the current state for the reads that follow; counted in `bytes`,
        /// dropped by every change. Changed through here, which lets go of `shared`.
        var cache: ReadCache {
            _read { yield storedCache }
            _modify {
                shared = nil
                yield &storedCache
            }
        }
        private var storedCache = ReadCache()
        /// Changes so far: what a read made is kept only if none landed since.
        var generation = 0

        init(history: SessionHistory, lastAccess: ContinuousClock.Instant, bytes: Int) {
            storedHistory = history
            self.lastAccess = lastAccess
            self.bytes = bytes
        }

        /// The history and cache for a read: one reference to a copy made once per state (and
        /// per keep), where a copy for every read (a world of a few kilobytes and a score of
        /// references, each retained and released by every thread that reads) was most of the
        /// time the lock was held.
        mutating func readable() -> SharedState {
            if let shared { return shared }
            let made = SharedState(storedHistory, cache: storedCache)
            shared = made
            return made
        }

        /// `history` changed: the cache goes (a new generation starts) and `bytes` is counted
        /// again for `creation` bytes of creation body.
        mutating func historyChanged(creation: Int) {
            cache = ReadCache()
            generation += 1
            bytes = creation + history.estimatedBytes
        }
    }

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
        var history = SessionHistory(creation: creation, world: world, limits: limits)
        for (i, change) in changes.enumerated() {
            do throws(SimulationError) {
                try history.replay(change, last: i == changes.count - 1)
            } catch {
                throw SimulationError("\(changesPointer)/\(i)", "this change cannot be replayed: \(error)")
            }
        }
        let bytes = creation.count + history.estimatedBytes
        // A wall-clock session's time goes on from where its scenario left it.
        let elapsed = clockMode == .wall ? history.current.now : 0
        self.created = created ?? now - .nanoseconds(Int64(elapsed * 1e9))
        state = Mutex(State(history: history, lastAccess: now, bytes: bytes))
        memory.add(bytes)
    }

    /// What every session of a service shares.
    struct Environment: Sendable {
        var limits: SceneLimits
        var memory: MemoryBudget
        var journal: (any SessionJournal)?
        /// Idle seconds before a session expires.
        var ttl: Double
    }

    /// A session from its creation body as read (at `pointer` in the request, for errors; kept
    /// as compact JSON), replayed through `changes`.
    static func make(id: String, creation body: JSONValue, at pointer: String, changes: [SessionLog.Change], changesAt: String,
                     pinned: Bool, created: ContinuousClock.Instant? = nil, in environment: Environment,
                     now: ContinuousClock.Instant) throws -> Session {
        let limits = environment.limits
        let scene: SceneSpec
        do throws(SimulationError) { scene = try SceneSpec.decode(body, limits: limits) } catch { throw error.inside(pointer) }
        let world = try World(scene: scene, limits: limits)
        return try Session(id: id, creation: JSONWriter.encode(body), world: world, clockMode: scene.clock, pinned: pinned, changes: changes,
                           changesPointer: changesAt, created: created, limits: limits, memory: environment.memory,
                           journal: environment.journal, journalTTL: environment.ttl, now: now)
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
    var historyStart: Double { state.withLock { $0.history.start } }

    /// Estimated bytes the session holds.
    var estimatedBytes: Int { state.withLock { $0.bytes } }

    /// Session time now for a wall-clock session (seconds since creation).
    func wallTime(_ now: ContinuousClock.Instant) -> Double {
        let d = (now - created).components
        return Double(d.seconds) + Double(d.attoseconds) * 1e-18
    }

    /// The current world, brought up to real time for a wall-clock session (on a copy: reads
    /// change nothing).
    func current(now: ContinuousClock.Instant) -> World {
        read(now: now).history.current
    }

    /// What a read takes from the session under its lock: its history (caught up with real time
    /// for a wall-clock session) and what earlier reads kept of its current state.
    struct Read {
        private let shared: SharedState
        /// The session's generation then (`State.generation`).
        let generation: Int
        let session: Session

        init(_ shared: SharedState, generation: Int, session: Session) {
            self.shared = shared
            self.generation = generation
            self.session = session
        }

        /// The session's history as the read found it, borrowed from the shared copy.
        var history: SessionHistory {
            _read { yield shared.history }
        }

        /// What earlier reads kept of the current state, borrowed from the shared copy.
        var cache: ReadCache {
            _read { yield shared.cache }
        }

        /// Lets `update` add to the session's cache what this read made of the current state,
        /// unless a change has landed since or the memory budget is spent.
        func keep(_ update: (inout ReadCache) -> Void) {
            session.keep(generation: generation, update)
        }
    }

    func read(now: ContinuousClock.Instant) -> Read {
        // Made once under the lock and handed back as it is: a tuple taken apart and a history
        // passed through `caughtUp` copied the world and released the copy (docs/performance.md § Templates).
        let read = state.withLock { (s: inout State) in
            s.lastAccess = now
            return Read(s.readable(), generation: s.generation, session: self)
        }
        guard clockMode == .wall else { return read }
        return Read(SharedState(read.history.caughtUp(to: wallTime(now)), cache: read.cache), generation: read.generation, session: self)
    }

    /// What reads of past and present states need (`read(now:)`'s history).
    func history(now: ContinuousClock.Instant) -> SessionHistory {
        read(now: now).history
    }

    private func keep(generation: Int, _ update: (inout ReadCache) -> Void) {
        state.withLock { s in
            guard !s.closed, s.generation == generation, memory.admitsGrowth else { return }
            let before = s.cache.estimatedBytes
            update(&s.cache)
            let grown = s.cache.estimatedBytes - before
            s.bytes += grown
            memory.add(grown)
        }
    }
}
