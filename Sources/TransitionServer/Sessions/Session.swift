import Synchronization
import TransitionCore

/// One client's simulation: the world, its history, and a lock, since libmicrohttpd calls us
/// from several threads.
///
/// History: the world is kept as it was right after every action (a checkpoint). Because a
/// world only moves forward deterministically, the state at any time t since the oldest
/// checkpoint is that checkpoint advanced to t — so snapshots of the past are exact too.
final class Session: Sendable {
    let id: String
    let clockMode: ClockMode
    let created: ContinuousClock.Instant
    private let state: Mutex<State>

    /// Checkpoints kept per session; older ones are forgotten (their times become unreadable).
    static let historyLimit = 512
    /// View slots all checkpoints may hold together (each checkpoint owns its copy of the tree),
    /// so that a session with a large scene keeps a shorter history instead of unbounded memory.
    static let historyViewBudget = 200_000

    struct State {
        var checkpoints: [World]
        var current: World
        var lastAccess: ContinuousClock.Instant
    }

    init(id: String, world: World, clockMode: ClockMode, now: ContinuousClock.Instant) {
        self.id = id
        self.clockMode = clockMode
        self.created = now
        state = Mutex(State(checkpoints: [world], current: world, lastAccess: now))
    }

    var lastAccess: ContinuousClock.Instant { state.withLock { $0.lastAccess } }

    /// The oldest session time snapshots can still show.
    var historyStart: Double { state.withLock { $0.checkpoints[0].now } }

    /// Session time now for a wall-clock session (seconds since creation).
    private func wallTime(_ now: ContinuousClock.Instant) -> Double {
        let d = (now - created).components
        return Double(d.seconds) + Double(d.attoseconds) * 1e-18
    }

    /// Runs `body` on the locked state after bringing a wall-clock session up to date.
    func withState<R>(now: ContinuousClock.Instant, _ body: (inout State) throws(SimulationError) -> R) throws(SimulationError) -> R {
        try state.withLock { (s: inout State) throws(SimulationError) -> R in
            s.lastAccess = now
            if clockMode == .wall {
                let t = wallTime(now)
                if t > s.current.now { s.current.advance(to: t) }
            }
            return try body(&s)
        }
    }

    /// Applies actions in order, atomically: all of them or none.
    func apply(_ actions: [Action], now: ContinuousClock.Instant) throws(SimulationError) -> (world: World, firstEvent: Int) {
        try withState(now: now) { (s: inout State) throws(SimulationError) -> (world: World, firstEvent: Int) in
            var world = s.current
            let firstEvent = world.nextEventSeq
            var checkpoints: [World] = []
            for action in actions {
                try world.apply(action)
                checkpoints.append(world)
            }
            s.current = world
            s.checkpoints.append(contentsOf: checkpoints)
            if s.checkpoints.count > Self.historyLimit { s.checkpoints.removeFirst(s.checkpoints.count - Self.historyLimit) }
            var views = s.checkpoints.reduce(0) { $0 + $1.tree.storageCount }
            while views > Self.historyViewBudget, s.checkpoints.count > 1 {
                views -= s.checkpoints.removeFirst().tree.storageCount
            }
            return (world, firstEvent)
        }
    }

    /// Moves the clock to `target(now)` (≥ now) and returns the world there.
    func advance(to target: (Double) -> Double, now: ContinuousClock.Instant) throws(SimulationError) -> (world: World, firstEvent: Int) {
        try withState(now: now) { (s: inout State) throws(SimulationError) -> (world: World, firstEvent: Int) in
            let t = target(s.current.now)
            guard t >= s.current.now else {
                throw .invalid(SpecError("/to", "is in the past: the session clock is at \(s.current.now)"))
            }
            let first = s.current.nextEventSeq
            s.current.advance(to: t)
            return (s.current, first)
        }
    }

    func current(now: ContinuousClock.Instant) -> World {
        (try? withState(now: now) { (s: inout State) throws(SimulationError) -> World in s.current }) ?? state.withLock { $0.current }
    }

    /// Snapshots at the given times (any order; each ≥ the oldest checkpoint), in that order.
    /// The worlds are copied under the lock and advanced outside it.
    func snapshots(at times: [Double], now: ContinuousClock.Instant) throws(SimulationError) -> [Snapshot] {
        let (checkpoints, current) = try withState(now: now) { (s: inout State) throws(SimulationError) -> ([World], World) in
            (s.checkpoints, s.current)
        }
        let oldest = checkpoints[0].now
        var result = [Snapshot?](repeating: nil, count: times.count)
        // Visit times in increasing order so that one copy per checkpoint advances through them.
        let order = times.indices.sorted { times[$0] < times[$1] || (times[$0] == times[$1] && $0 < $1) }
        var working: (source: Int, world: World)?
        for i in order {
            let t = times[i]
            guard t >= oldest else {
                throw .invalid(SpecError("", "t = \(t) is before the session's history, which starts at \(oldest)"))
            }
            let source: Int
            let base: World
            if t >= current.now {
                source = -1
                base = current
            } else {
                source = checkpoints.lastIndex(where: { $0.now <= t })!
                base = checkpoints[source]
            }
            if working == nil || working!.source != source || working!.world.now > t {
                working = (source, base)
            }
            working!.world.advance(to: t)
            result[i] = working!.world.snapshot(at: t)
        }
        return result.map { $0! }
    }
}
