import JSONCodec
import TransitionCore

/// What changed a session, in order: the session's truth. Because the simulation is
/// deterministic, a world is its session's creation replayed through these changes, so history
/// needs no full copy per step, and (later) a session can be stored and rebuilt elsewhere.
struct SessionLog: Sendable {
    enum Change: Sendable {
        /// One action as compact JSON, with the pointer it had in its request (errors raised
        /// later, by animators it installed, name that pointer).
        case action(json: [UInt8], pointer: String)
        /// The clock moved to this session time: a clock request, or a wall-clock session
        /// catching up with real time before a change.
        case clock(Double)
    }

    struct Entry: Sendable {
        var change: Change
        /// Session time right after the change.
        var time: Double
        /// For an action, what the state after it holds until the next action (a series is
        /// weighed on it); nil for a clock move, where no state starts (`position(before:)`).
        var census: CensusTrajectory?

        var isAction: Bool {
            if case .action = change { return true }
            return false
        }

        /// What the entry holds, in bytes, for budgets.
        var estimatedBytes: Int {
            switch change {
            case .action(let json, let pointer): 64 + json.count + pointer.utf8.count + (census?.estimatedBytes ?? 0)
            case .clock: 32
            }
        }
    }

    /// The entries after the base (the oldest state history keeps), oldest first.
    private(set) var entries: [Entry] = []
    /// Entries dropped from the front over the session's life: the absolute position of the base.
    private(set) var baseIndex = 0
    /// Bytes the entries hold (estimated).
    private(set) var bytes = 0
    /// The session's version: its creation body and every change since, in order, hashed
    /// (dropping old entries leaves it as it is). The simulation is deterministic, so equal
    /// versions mean equal states, on every replica and in every process of one build; a
    /// snapshot's ETag is derived from it (`Application.snapshotTag`).
    private(set) var version: UInt64

    /// The log of a session created by `creation` (its body, as compact JSON).
    init(creation: [UInt8]) {
        var digest = EntityTag.Derivation(seed: 0)
        digest.combine(creation)
        version = digest.value
    }

    /// Position after the last entry, counted from the session's creation.
    var endIndex: Int { baseIndex + entries.count }

    subscript(position: Int) -> Entry { entries[position - baseIndex] }

    mutating func append(_ entry: Entry) {
        var entry = entry
        if case .action(let json, let pointer) = entry.change {
            // The writer grows its buffer by doubling; the log keeps exactly the bytes.
            var exact: [UInt8] = []
            exact.reserveCapacity(json.count)
            exact.append(contentsOf: json)
            entry.change = .action(json: exact, pointer: pointer)
        }
        entries.append(entry)
        bytes += entry.estimatedBytes
        var digest = EntityTag.Derivation(seed: version)
        switch entry.change {
        case .action(let json, let pointer):
            // The JSON is the action as the writer prints it, here and on a replica that decoded it from the journal.
            digest.combine(1)
            digest.combine(json)
            digest.combine(Array(pointer.utf8))
        case .clock(let t):
            digest.combine(2)
            digest.combine(t)
        }
        version = digest.value
    }

    /// Forgets the entries before `position`, which becomes the new base.
    mutating func dropEntries(before position: Int) {
        let count = position - baseIndex
        guard count > 0 else { return }
        bytes -= entries[..<count].reduce(0) { $0 + $1.estimatedBytes }
        entries.removeFirst(count)
        baseIndex = position
    }

    /// The position of the state a snapshot at `t` starts from: just after the last action at or
    /// before `t`, or the base when there is none. (Clock moves between actions are replayed on
    /// the way there; the snapshot then advances that state to `t` itself.)
    func position(before t: Double) -> Int {
        // Entry times never decrease: binary search for the first entry after t.
        var low = 0, high = entries.count
        while low < high {
            let mid = (low + high) / 2
            if entries[mid].time <= t { low = mid + 1 } else { high = mid }
        }
        var i = low
        while i > 0, !entries[i - 1].isAction { i -= 1 }
        return baseIndex + i
    }
}

extension World {
    /// Replays one logged change: why it fails, in the words of the decoder or the simulation
    /// (an imported scenario may hold anything; a change this service logged never fails).
    mutating func replay(_ change: SessionLog.Change, limits: SceneLimits) throws(SimulationError) {
        switch change {
        case .clock(let t):
            guard t >= now else { throw SimulationError("", "the clock cannot move back to \(t) from \(now)") }
            advance(to: t)
        case .action(let json, let pointer):
            guard let parsed = try? JSONParser.parse(json, limits: limits.jsonBodyLimits) else {
                throw SimulationError(pointer, "a logged action is not JSON")
            }
            try apply(try Action.decode(parsed, at: pointer, limits: limits))
        }
    }
}
