/// What an animator's step asks of the container, UIKit's side of the transition context: the
/// step interpreter returns it instead of calling navigation code, and the world performs it
/// before the next step runs (later steps see the container's work done, as in UIKit, where
/// `completeTransition:` returns after the container has finished).
enum AnimatorEffect: Sendable, Equatable {
    /// `[transitionContext completeTransition:]` with its argument.
    case completeTransition(didComplete: Bool)
}

extension World {
    /// Runs a list of steps in order, performing each one's effect before the next.
    mutating func run(_ steps: StepList, transition id: TransitionID) throws(SimulationError) {
        for step in steps.value {
            if let effect = try run(step.value, transition: id) { perform(effect, transition: id) }
        }
    }

    mutating func perform(_ effect: AnimatorEffect, transition id: TransitionID) {
        switch effect {
        case .completeTransition(let didComplete): completeTransition(id, didComplete: didComplete)
        }
    }
}
