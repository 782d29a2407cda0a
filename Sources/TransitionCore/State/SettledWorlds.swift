/// Worlds that one state reaches by running the completions falling due up to some time
/// (`World.runCompletions(until:)`), kept so that advancing that state past a completion starts
/// from the world that ran it instead of running it again. Besides the completion's own cost,
/// every run of a completion copies the views it changes, and a frame template holds only for
/// worlds that share their views' storage (`World.fits`): a world taken from here shares it with
/// every other read that starts from the same kept world.
///
/// The state is a session's current world, which changes only with the session (whose holder
/// drops this value then) or, for a wall-clock session, by moving forward in time: a state is
/// known by its `now` and the completions it has taken, and worlds reached from another state
/// are forgotten.
public struct SettledWorlds: Sendable {
    /// Worlds kept at most: the latest in time.
    static let limit = 2

    /// The state the worlds were reached from: its time and `AnimationTimeline.taken`.
    private var origin: (now: Double, taken: Int)?
    /// By increasing `now`: each is the state with one or more completions run, `now` at the due
    /// time of the last one.
    private var worlds: [World] = []
    /// Worlds this value has been given so far: a holder keeps a copy that grew.
    public private(set) var added = 0

    public init() {}

    /// Bytes held, estimated for a memory budget (the parts shared with the state counted in full).
    public var estimatedBytes: Int { worlds.reduce(0) { $0 + $1.estimatedBytes } }

    /// Advances `world`, a copy of the state not advanced yet, to `t` (≥ its `now`): the result
    /// is `world.advance(to: t)`'s. It starts from the latest kept world at or before `t`, and
    /// keeps the world reached when completions run on the way.
    public mutating func advance(_ world: inout World, to t: Double) {
        let state = (now: world.now, taken: world.animations.taken)
        if origin?.now != state.now || origin?.taken != state.taken {
            origin = state
            worlds = []
        }
        if let start = worlds.last(where: { $0.now <= t }) { world = start }
        let taken = world.animations.taken
        world.runCompletions(until: t)
        if world.animations.taken > taken {
            worlds.insert(world, at: worlds.firstIndex { $0.now > world.now } ?? worlds.endIndex)
            if worlds.count > Self.limit { worlds.removeFirst() }
            added += 1
        }
        world.arrive(at: t)
    }
}
