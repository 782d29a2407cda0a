/// What the snapshots of one state hold at every later time until new input (an action, a
/// gesture sample) changes it, known when the state is made: its census at its own time and
/// after each completion that changes the census. Animations move views but never change which
/// views a snapshot holds (`SnapshotCensus`); only completions do (a transition completing
/// removes the views it leaves and adds the ones a deferred push brings), so a series is weighed
/// by a binary search of each of its times here, with no world replayed and no frame computed.
public struct CensusTrajectory: Sendable, Equatable {
    /// Session times (s), increasing: from each on, the census at the same index holds until the
    /// next. The first is the state's own time.
    public fileprivate(set) var times: [Double]
    public fileprivate(set) var censuses: [SnapshotCensus]

    /// A state at session time `start` (s) whose census is `census` then.
    init(start: Double, _ census: SnapshotCensus) {
        times = [start]
        censuses = [census]
    }

    /// The census of the state advanced to session time `t` (not before the state's own time).
    public func census(at t: Double) -> SnapshotCensus {
        // The last time at or before t: a completion due at t has run in a world advanced to t.
        var low = 1, high = times.count
        while low < high {
            let mid = (low + high) / 2
            if times[mid] <= t { low = mid + 1 } else { high = mid }
        }
        return censuses[low - 1]
    }

    /// What it holds, in bytes, for memory budgets.
    public var estimatedBytes: Int { 64 + times.count * (MemoryLayout<Double>.stride + MemoryLayout<SnapshotCensus>.stride) }
}

extension World {
    /// The census of this world advanced to any later time without new input: the world is
    /// copied and advanced from completion to completion (the first due, then the next), each
    /// census counted after its completions ran. A completion waiting on a paused timeline (a
    /// gesture holding its transition) never falls due without new input, so it ends the search.
    public func censusTrajectory() -> CensusTrajectory {
        var world = self
        // Completions already due at `now` run in any world advanced to `now` or later.
        world.advance(to: now)
        var trajectory = CensusTrajectory(start: now, world.snapshotCensus())
        while let due = world.nextCompletionTime {
            world.advance(to: due)
            let census = world.snapshotCensus()
            guard census != trajectory.censuses[trajectory.censuses.count - 1] else { continue }
            trajectory.times.append(due)
            trajectory.censuses.append(census)
        }
        return trajectory
    }

    /// The session time (s) the next completion falls due at, if one does without new input by
    /// the latest time anything may reach.
    var nextCompletionTime: Double? {
        animations.nextDue(after: now, until: World.latestTime, timeline: { transitions.timeline(of: $0) })?.time
    }
}
