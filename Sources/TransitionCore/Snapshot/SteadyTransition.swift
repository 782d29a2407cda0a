extension World {
    /// What of the snapshot's `transition` at `now` stays the same while only time moves, when
    /// every member but `elapsed` and `percentComplete` does (`SteadyTransition`); nil when there
    /// is no transition, or its object holds diagnostics or a gesture, which a read may add or
    /// move without any change to the session (a stuck transition is diagnosed at the read's time).
    public func steadyTransition() -> SteadyTransition? {
        transitions.currentPosition.flatMap(steadyTransition)
    }

    /// `elapsed` and `percentComplete` of the snapshot's `transition` at `now`, when its other
    /// members are those of `steady` (found in a world advanced from the same state); nil
    /// otherwise. The record is read in place: a copy retained and released about thirty
    /// references, and the object's strings a dozen more.
    public func transitionProgress(ifSteady steady: SteadyTransition) -> TransitionProgress? {
        guard let position = transitions.currentPosition, steadyTransition(position) == steady else { return nil }
        return transitions.progress(of: position, at: now)
    }

    private func steadyTransition(_ position: Int) -> SteadyTransition? {
        guard transitions[position].diagnostics.isEmpty, gestureTransition != transitions[position].id else { return nil }
        return SteadyTransition(id: transitions[position].id, phase: transitions[position].phase,
                                interactive: transitions[position].interactive, wasCancelled: transitions[position].wasCancelled,
                                completedAt: transitions[position].completedAt)
    }
}

/// The members of a snapshot's `transition` that move while only time moves.
public struct TransitionProgress: Sendable {
    /// Seconds since the transition began, up to its completion.
    public let elapsed: Double
    /// τ / duration, clamped to 0…1 (1 once completed).
    public let percentComplete: Double
}

/// Which transition a snapshot's `transition` is of, and its members that change only with the
/// session (an action or a completion run): in two worlds advanced from one state that have run
/// the same completions, equal values mean equal objects but for `elapsed` and `percentComplete`
/// (`World.steadyTransition`). A frame template writes the rest of the object once.
public struct SteadyTransition: Sendable, Equatable {
    let id: TransitionID
    let phase: TransitionPhase
    let interactive: Bool
    let wasCancelled: Bool
    let completedAt: Double?
}
