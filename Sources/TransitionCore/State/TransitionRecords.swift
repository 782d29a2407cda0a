/// The transitions a world still holds, oldest first: those that run, those whose animations or
/// completions are still due, and the latest (what snapshots report), each under its id. Ids are
/// numbered here, in the order transitions start.
struct TransitionRecords: Sendable, RandomAccessCollection {
    private var records: [Transition] = []
    /// Transitions started so far in the session.
    private var started = 0

    var startIndex: Int { records.startIndex }
    var endIndex: Int { records.endIndex }
    /// Borrowed, so that reading one member of a record does not copy the record (a score of
    /// references, each retained and released).
    subscript(position: Int) -> Transition {
        _read { yield records[position] }
    }

    /// The transition with this id, if still held: completions and animations may outlive
    /// their transition's record (`prune`).
    func find(_ id: TransitionID) -> Transition? { first { $0.id == id } }

    /// Its timeline alone, without copying the record: snapshots read it for every animated view.
    func timeline(of id: TransitionID) -> Timeline? {
        records.firstIndex { $0.id == id }.map { records[$0].timeline }
    }

    /// A transition that is running or has just run, which the world holds until the next
    /// `prune`; a missing one is a bug in the simulation.
    subscript(id: TransitionID) -> Transition {
        get { records[position(of: id)] }
        set { records[position(of: id)] = newValue }
    }

    private func position(of id: TransitionID) -> Int {
        guard let index = records.firstIndex(where: { $0.id == id }) else { preconditionFailure("transition \(id) is not in the world") }
        return index
    }

    /// The id the next transition gets (`start` takes it).
    var nextID: TransitionID { TransitionID(number: started + 1) }

    /// Records a transition that starts now; its id must be `nextID`.
    mutating func start(_ transition: Transition) {
        precondition(transition.id == nextID, "transitions are numbered in the order they start")
        started += 1
        records.append(transition)
    }

    /// The last transition that runs, if any: the one that owns the container now.
    var running: Transition? {
        runningPosition.map { records[$0] }
    }

    /// The position of the transition in effect: the last that runs, else the latest (a
    /// snapshot lends it in place through the subscript).
    var currentPosition: Int? { runningPosition ?? records.indices.last }

    private var runningPosition: Int? { records.lastIndex { $0.phase.isRunning } }

    /// τ of each transition held, at session time `t`, oldest first, read in place (`map` over
    /// the records copied each).
    func taus(at t: Double) -> [(id: TransitionID, tau: Double)] {
        records.indices.map { (records[$0].id, records[$0].timeline.tau(at: t)) }
    }

    /// `Transition.progress(at:)` of the record at `position`, its values read in place: a
    /// method called on the record copied it whole (about thirty references).
    func progress(of position: Int, at t: Double) -> TransitionProgress {
        Transition.progress(begin: records[position].timeline.begin, duration: records[position].duration, phase: records[position].phase,
                            completedAt: records[position].completedAt, tau: records[position].timeline.tau(at: t), at: t)
    }

    /// The phase and clock of a transition still held, without copying its record (prune reads
    /// them for every animation).
    func clock(of id: TransitionID) -> (phase: TransitionPhase, timeline: Timeline)? {
        records.firstIndex { $0.id == id }.map { (records[$0].phase, records[$0].timeline) }
    }

    /// Forgets the transitions that no longer run, are not `live` (no animation or completion
    /// still due) and are not the latest. Unchanged records are not copied (earlier worlds share them).
    mutating func prune(keeping live: (TransitionID) -> Bool) {
        let latest = records.last?.id
        func dropped(_ t: Transition) -> Bool { !t.phase.isRunning && t.id != latest && !live(t.id) }
        guard records.contains(where: dropped) else { return }
        records.removeAll(where: dropped)
    }
}
