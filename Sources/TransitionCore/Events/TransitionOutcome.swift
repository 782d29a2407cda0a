/// A transition starting or ending, the way the service's metrics count transitions.
public struct TransitionOutcome: Sendable, Equatable {
    public enum Kind: String, Sendable { case started, completed, cancelled }

    public var operation: TransitionOperation
    public var kind: Kind
}

extension World {
    /// The transitions started and ended from event `seq` on, in order: what one request did.
    public func transitionOutcomes(since seq: Int) -> [TransitionOutcome] {
        events.filter { $0.seq >= seq }.compactMap(\.outcome)
    }
}
