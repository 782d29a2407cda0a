import TransitionCore

/// A session's changes: each runs as one transaction under the session's lock, on a copy of the
/// current world, and lands whole (stored in the journal first, when there is one) or not at all.
extension Session {
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
    /// real time, logged as a clock move); on success, once the journal stored it, the copy
    /// becomes current and every state the change recorded is appended to the history. When
    /// another replica changed the session first, its changes are taken and the change runs
    /// again on top of them (`Session.store`).
    private func change(now: ContinuousClock.Instant,
                        _ body: (inout World, (SessionLog.Change, World) -> Void) throws -> Void) throws -> Outcome {
        try state.withLock { (s: inout State) throws -> Outcome in
            guard !s.closed else { throw Problem.notFound("session '\(id)' was deleted or expired while this request waited") }
            guard memory.admitsGrowth else { throw Problem.memoryBudgetExhausted(limit: memory.limit) }
            s.lastAccess = now
            var attempts = 0
            while true {
                var world = s.history.current
                let firstEvent = world.events.nextSeq
                var recorded: [SessionHistory.Recorded] = []
                let start = s.history.log.endIndex
                // Only the states that stay checkpoints are kept, and without their event log:
                // a kept state shares the working world's parts, and the next change to one of
                // them copies it, so keeping every state would copy the event log and the view
                // slots once per action.
                let record = { (change: SessionLog.Change, after: World) in
                    let keeps = SessionHistory.keepsCheckpoint(at: start + recorded.count + 1)
                    recorded.append(.init(change, after: after, checkpoint: keeps))
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
                guard try store(recorded, attempts: &attempts, in: &s) else { continue }
                let before = s.bytes
                s.history.commit(world, recorded: recorded)
                s.historyChanged(creation: creation.count)
                memory.add(s.bytes - before)
                return Outcome(world: world, firstEvent: firstEvent)
            }
        }
    }
}
