/// The animations in flight, per view, and the completion blocks waiting for their animations
/// to end: what moves on screen without anyone acting.
///
/// Each animation and completion runs on its transition's clock (τ, seconds, from
/// `Timeline`), which pauses, reverses and changes speed with the transition; this value never
/// reads the transitions itself, it is given their timelines. A motion that belongs to no
/// transition (a sheet moving to another detent) runs on the session clock: its animations name
/// no transition and their τ is session time (docs/semantics.md § The core's parts).
struct AnimationTimeline: Sendable {
    /// Completion steps of an animation block, due when its transition's τ reaches `endTau`.
    struct Completion: Sendable {
        var transition: TransitionID
        var endTau: Double
        var steps: [Located<Step>]
        /// Issue order: completions that fall due together run in it.
        var seq: Int
    }

    /// Animations per view, oldest first (at most one per property). A list may stay empty
    /// once its animations are taken off; it is the same as no list.
    private(set) var byView: [ViewID: [PropertyAnimation]] = [:]
    private(set) var completions: [Completion] = []
    /// Animation blocks issued so far.
    private var issued = 0
    /// Completions that have fallen due and been taken so far: two worlds advanced from one state
    /// with the same count have run the same completions (they are taken in due order).
    private(set) var taken = 0

    /// The animations on `view`, oldest first.
    func animations(on view: ViewID) -> [PropertyAnimation] { byView[view] ?? [] }

    /// The view as the screen shows it at session time `t`: its model values in `tree` with the
    /// animations in flight applied, each at τ of its transition's clock in `clocks` (session
    /// time for a motion outside any transition).
    func presentation(of id: ViewID, in tree: ViewTree, at t: Double, clocks: TransitionRecords) -> ViewNode {
        var node = tree[id]
        Self.apply(animations(on: id), to: &node) { transition in transition.map { clocks.timeline(of: $0)?.tau(at: t) } ?? t }
        return node
    }

    /// Applies `list` to `node`, each animation at the τ `tau` gives for its transition (nil
    /// when that transition is gone: its animation shows nothing).
    ///
    /// Each animation is read in place (`PropertyAnimation.value(of:atTau:)`).
    private static func apply(_ list: borrowing [PropertyAnimation], to node: inout some PresentationValues, tau: (TransitionID?) -> Double?) {
        list.withUnsafeBufferPointer { animations in
            for i in animations.indices {
                let animation = animations.baseAddress! + i
                guard let tau = tau(animation.pointee.transition) else { continue }
                let value = PropertyAnimation.value(of: animation, atTau: tau)
                if animation.pointee.property == .bounds, case .rect(let shown) = value, case .rect(let end) = animation.pointee.to,
                   node.bounds.origin != end.origin {
                    node.bounds = Self.additiveOrigin(shown, end: end, model: node.bounds.origin)
                } else {
                    node.apply(value, to: animation.pointee.property)
                }
            }
        }
    }

    /// What a bounds animation shows once the model's `bounds.origin` (a scroll view's content
    /// offset) has been set away from the animation's end: the size it animates, and the origin
    /// the model has moved by, offset as much as the animation's own origin still is from its
    /// end. UIKit's view animations are additive (iOS 8 and later), so the offset a `scroll`
    /// sets shows at once while a transition resizes the scroll view, whose frame animation
    /// moves no origin (docs/semantics.md § Scrolling).
    private static func additiveOrigin(_ shown: Rect, end: Rect, model: Point) -> Rect {
        Rect(x: model.x + (shown.minX - end.minX), y: model.y + (shown.minY - end.minY), width: shown.width, height: shown.height)
    }

    /// The animations in flight at session time `t`, arranged for a snapshot, which asks for
    /// every view in the window: the animated views sorted by id (found by a binary search, not
    /// a hash per view) and each transition's τ computed once, not once per animation.
    ///
    /// The lists stay where they are and are read there (`Frame.Lists`): copied out, each was
    /// retained and released once here and once for every view that reads it, and the worker
    /// threads reading one session share them.
    func frame(at t: Double, clocks: TransitionRecords) -> Frame {
        var animated: [(view: ViewID, list: Frame.Lists.Index)] = []
        animated.reserveCapacity(byView.count)
        for i in byView.indices where !byView.values[i].isEmpty { animated.append((byView.keys[i], i)) }
        animated.sort { $0.view < $1.view }
        return Frame(t: t, lists: byView, animated: animated, taus: clocks.taus(at: t))
    }

    /// What `frame(at:clocks:)` gives.
    struct Frame {
        typealias Lists = [ViewID: [PropertyAnimation]]
        let t: Double
        /// The timeline's animations by view (one reference to its storage).
        let lists: Lists
        /// The views with animations, by increasing id, and where their list is in `lists`.
        let animated: [(view: ViewID, list: Lists.Index)]
        /// τ of each transition held at `t`.
        let taus: [(id: TransitionID, tau: Double)]

        /// Where the animations on `view` are; nil when it has none (its presentation is its model).
        func animations(on view: ViewID) -> Lists.Index? {
            var lo = 0, hi = animated.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if animated[mid].view < view { lo = mid + 1 } else { hi = mid }
            }
            return lo < animated.count && animated[lo].view == view ? animated[lo].list : nil
        }

        /// Whether any animation in flight moves `property`.
        func animates(_ property: AnimatedProperty) -> Bool {
            animated.contains { entry in lists.values[entry.list].contains { $0.property == property } }
        }

        /// Applies a view's animations at `t` (`list`, from `animations(on:)`) to its model
        /// values (`AnimationTimeline.presentation(of:in:at:clocks:)`).
        func apply(_ list: Lists.Index, to node: inout some PresentationValues) {
            AnimationTimeline.apply(lists.values[list], to: &node) { transition in
                guard let transition else { return t }
                return taus.first { $0.id == transition }?.tau
            }
        }
    }

    /// Replaces any animation of `animation.property` on `view` by `animation` (UIKit: a new
    /// animation of a property overrides the one in flight, starting from what is on screen);
    /// a 2D and a 3D transform replace each other.
    mutating func install(_ animation: PropertyAnimation, on view: ViewID) {
        byView[view, default: []].removeAll {
            $0.property == animation.property || ($0.property == .transform3D && animation.property == .transform)
                || ($0.property == .transform && animation.property == .transform3D)
        }
        byView[view, default: []].append(animation)
    }

    /// Takes the animations of `view` that `remove` picks off it.
    mutating func removeAnimations(on view: ViewID, where remove: (PropertyAnimation) -> Bool) {
        byView[view]?.removeAll(where: remove)
    }

    /// Takes every animation off `view`.
    mutating func removeAnimations(on view: ViewID) {
        byView[view] = nil
    }

    /// Schedules a block's completion steps for when its transition's τ reaches `endTau`.
    mutating func schedule(_ steps: [Located<Step>], transition: TransitionID, endTau: Double) {
        issued += 1
        completions.append(Completion(transition: transition, endTau: endTau, steps: steps, seq: issued))
    }

    /// Takes the completion that falls due first after session time `now` and by `t`, with
    /// the session time it falls due at; ties go in issue order. `timeline` gives each
    /// transition's clock (nil once the transition is gone: its completions never fall due).
    mutating func takeNextDue(after now: Double, until t: Double, timeline: (TransitionID) -> Timeline?) -> (Completion, Double)? {
        guard let next = nextDue(after: now, until: t, timeline: timeline) else { return nil }
        taken += 1
        return (completions.remove(at: next.index), next.time)
    }

    /// Which completion `takeNextDue` would take (its index in `completions`) and when, leaving it.
    func nextDue(after now: Double, until t: Double, timeline: (TransitionID) -> Timeline?) -> (index: Int, time: Double)? {
        var best: (index: Int, time: Double, seq: Int)?
        // Each completion read in place: copied out, its steps were retained and released by
        // every read of the session.
        for i in completions.indices {
            let seq = completions[i].seq
            guard let due = timeline(completions[i].transition)?.time(reaching: completions[i].endTau, after: now), due <= t else { continue }
            // Earliest first; at one time, in issue order.
            if let b = best, (b.time, b.seq) <= (due, seq) { continue }
            best = (i, due, seq)
        }
        return best.map { ($0.index, $0.time) }
    }

    /// Whether a completion of `transition` is still to run.
    func hasCompletions(of transition: TransitionID) -> Bool {
        completions.contains { $0.transition == transition }
    }

    /// The latest τ at which an animation of `transition` ends (0 with none).
    func lastEnd(of transition: TransitionID) -> Double {
        byView.values.joined().filter { $0.transition == transition }.map(\.end).max() ?? 0
    }

    /// Keeps the animations `keep` accepts, asked with each one's transition and end (τ).
    /// Asked with those two fields rather than the animation: passed whole, each animation
    /// was copied (about 370 bytes) for every read of the session, which prunes.
    mutating func prune(keeping keep: (_ transition: TransitionID?, _ end: Double) -> Bool) {
        // Lists with nothing to drop stay as they are, unchanged and uncopied: the world's
        // earlier copies (history checkpoints) keep sharing them, and a snapshot's advance
        // (which usually drops nothing) allocates nothing.
        for (view, list) in byView where !list.indices.allSatisfy({ keep(list[$0].transition, list[$0].end) }) {
            let kept = list.filter { keep($0.transition, $0.end) }
            byView[view] = kept.isEmpty ? nil : kept
        }
    }

    /// Whether an animation or completion of `transition` is still here.
    func drives(_ transition: TransitionID) -> Bool {
        completions.contains { $0.transition == transition } || byView.values.contains { $0.contains { $0.transition == transition } }
    }

    /// Animations and completions held, for memory estimates.
    var animationCount: Int { byView.values.reduce(0) { $0 + $1.count } }
    var completionCount: Int { completions.count }
}
