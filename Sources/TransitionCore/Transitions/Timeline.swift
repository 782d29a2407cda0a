/// Maps session time to a transition's own animation time τ (seconds since its animations
/// began, as UIKit's layer time). Non-interactive transitions run at rate 1 from their start;
/// interactive ones sit still at p·D while a gesture drives them, then run to the end (finish)
/// or back to 0 (cancel). The map is a list of segments, each starting at a session time.
struct Timeline: Sendable, Equatable {
    enum Motion: Sendable, Equatable {
        /// τ advances one second per second.
        case running
        /// τ holds still (an interactive transition between updates).
        case paused
        /// τ moves from the segment's start value to `target` over `seconds`, shaped by `curve`
        /// (a percent-driven finish or cancel). Then a finish (`cancelled` false) goes on at rate 1,
        /// as animations may outlive the transition, and a cancel rests at `target`, its start.
        /// The direction is stated, not read from `target` against τ: a cancel released at 0 %
        /// has nowhere to go and must stay there.
        case completing(target: Double, seconds: Double, curve: TimingCurve, cancelled: Bool)
    }

    struct Segment: Sendable, Equatable {
        var start: Double
        var tau: Double
        var motion: Motion
    }

    private(set) var segments: [Segment]
    /// Session time at which τ was 0 and the transition began.
    let begin: Double

    /// A timeline whose τ is 0 at session time `start` and runs from there.
    init(start: Double) {
        begin = start
        segments = [Segment(start: start, tau: 0, motion: .running)]
    }

    /// τ at session time `t` (t before the start gives τ of the first segment).
    func tau(at t: Double) -> Double {
        let segment = segments.last(where: { $0.start <= t }) ?? segments[0]
        let dt = max(0, t - segment.start)
        switch segment.motion {
        case .running:
            return segment.tau + dt
        case .paused:
            return segment.tau
        case .completing(let target, let seconds, let curve, let cancelled):
            // The run ends at the session time `time(reaching:)` names, start + seconds: compared
            // as that sum, not as dt against seconds, whose subtraction can land a rounding error
            // short, where a spring (which settles within 0.001, not at 1) is not yet at its target.
            guard t < segment.start + seconds else { return cancelled ? target : target + (dt - seconds) }
            return segment.tau + (target - segment.tau) * curve.value(at: dt, duration: seconds)
        }
    }

    /// dτ/dt at session time `t`: 1 while running, 0 while held, the completion curve's rate
    /// (τ per second) while completing, and after it 1 for a finish, 0 for a cancel at rest.
    func rate(at t: Double) -> Double {
        let segment = segments.last(where: { $0.start <= t }) ?? segments[0]
        switch segment.motion {
        case .running:
            return 1
        case .paused:
            return 0
        case .completing(let target, let seconds, let curve, let cancelled):
            guard t < segment.start + seconds else { return cancelled ? 0 : 1 }
            return (target - segment.tau) * curve.velocity(at: max(0, t - segment.start), duration: seconds)
        }
    }

    /// Starts a new motion at session time `t` (≥ the last segment's start).
    mutating func change(at t: Double, to motion: Motion) {
        set(at: t, tau: tau(at: t), motion: motion)
    }

    /// Moves τ to `tau` at session time `t` and runs on from there (a zoom in that a pop
    /// completes at once: `World.completeZoomIn`).
    mutating func jump(at t: Double, to tau: Double) {
        set(at: t, tau: tau, motion: .running)
    }

    /// Holds τ at `tau` from session time `t` on (`updateInteractiveTransition:`).
    mutating func hold(at t: Double, tau: Double) {
        set(at: t, tau: tau, motion: .paused)
    }

    private mutating func set(at t: Double, tau: Double, motion: Motion) {
        // A later change at the same instant replaces the earlier one.
        if segments.count > 1, segments[segments.count - 1].start == t { segments.removeLast() }
        segments.append(Segment(start: t, tau: tau, motion: motion))
    }

    /// The first session time ≥ `after` at which τ reaches `target` moving forward, given the
    /// current last segment; nil when the timeline will not get there without new input.
    func time(reaching target: Double, after: Double) -> Double? {
        let last = segments[segments.count - 1]
        switch last.motion {
        case .running:
            return max(after, last.start + max(0, target - last.tau))
        case .paused:
            // While a gesture holds the timeline, no animation completes, even at 100 %:
            // UIKit's layers run at speed 0 and their completions wait (the classic hang).
            return nil
        case .completing(let end, let seconds, _, let cancelled):
            if !cancelled {
                if target <= last.tau { return max(after, last.start) }
                // A block ending at or after the run's end is due when the run ends (the curve
                // is flat there, so bisection would stop a hair early).
                if target >= end { return max(after, last.start + seconds + (target - end)) }
                // Forward: a block ends when τ passes its end; the completion curve is monotone
                // for the curves we accept, so bisection finds the crossing.
                var lo = last.start, hi = last.start + seconds
                for _ in 0..<80 {
                    let mid = (lo + hi) / 2
                    if tau(at: mid) >= target { hi = mid } else { lo = mid }
                }
                return max(after, hi)
            }
            // Backward (cancel): UIKit ends every reversed animation when τ is back at 0.
            return max(after, last.start + seconds)
        }
    }
}
