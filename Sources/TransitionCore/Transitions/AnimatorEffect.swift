/// What an animator's step asks of the world: the interpreter returns it instead of calling
/// navigation code, and the world performs it before the next step runs (later steps see the
/// container's work done, as in UIKit, where `completeTransition:` returns after the container
/// has finished).
enum AnimatorEffect: Sendable {
    /// `[transitionContext completeTransition:]` with its argument: UIKit's side of the
    /// transition context takes over.
    case completeTransition(didComplete: Bool)
    /// The branch a conditional chose: its steps run like any others, one at a time, each
    /// effect performed before the next step.
    case runBranch(StepList)
}

extension World {
    /// Lends the view tree and the animation timeline to an interpreter for transition `id`, and
    /// takes them back, with what it recorded on the transition, whether `work` returns or throws.
    /// The parts move rather than being copied, so the interpreter's changes copy no storage.
    mutating func interpret<Result>(_ id: TransitionID, _ work: (inout AnimatorInterpreter) throws(SimulationError) -> Result) throws(SimulationError) -> Result {
        var interpreter = AnimatorInterpreter(tree: ViewTree(limit: 0), animations: AnimationTimeline(), transition: self[transition: id],
                                              transitions: transitions, window: window, now: now, iOS: display.iOS)
        swap(&interpreter.tree, &tree)
        swap(&interpreter.animations, &animations)
        defer {
            swap(&interpreter.tree, &tree)
            swap(&interpreter.animations, &animations)
            self[transition: id] = interpreter.transition
            // A step may have resized a container controller's view (a presented navigation
            // controller's card): its views follow, in the step's animation if it has one.
            layOutContainers()
        }
        return try work(&interpreter)
    }

    /// An interpreter that only reads, for a transition not started yet (its duration is
    /// worked out before it exists).
    func reader(for transition: Transition) -> AnimatorInterpreter {
        AnimatorInterpreter(tree: tree, animations: animations, transition: transition, transitions: transitions, window: window, now: now, iOS: display.iOS)
    }

    /// Runs a list of steps in order, performing each one's effect before the next.
    mutating func run(_ steps: StepList, transition id: TransitionID) throws(SimulationError) {
        for step in steps.value {
            if let effect = try interpret(id, { (i) throws(SimulationError) in try i.run(step.value) }) { try perform(effect, transition: id) }
        }
    }

    mutating func perform(_ effect: AnimatorEffect, transition id: TransitionID) throws(SimulationError) {
        switch effect {
        case .completeTransition(let didComplete): completeTransition(id, didComplete: didComplete)
        case .runBranch(let steps): try run(steps, transition: id)
        }
    }

    /// Runs a block's completion steps (`finished` is always YES here). A failing step is
    /// reported by its place in the list that ran, not in the body (docs/animators.md § Validation).
    mutating func runCompletion(_ p: AnimationTimeline.Completion) {
        guard transitions.find(p.transition) != nil else { return }
        for (i, step) in p.steps.enumerated() {
            do throws(SimulationError) {
                if let effect = try interpret(p.transition, { (interpreter) throws(SimulationError) in try interpreter.run(step.value) }) {
                    try perform(effect, transition: p.transition)
                }
            } catch {
                diagnose(p.transition, .stepFailed, "a completion step failed: \(error.moved(from: step.pointer, to: SpecReader.child("", String(i))).description)", view: nil)
                break
            }
        }
        checkAfterCompletion(p.transition)
    }
}
