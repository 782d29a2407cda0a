/// A fluid zoom interrupted by the opposite operation of its controller (docs/semantics.md
/// § Zoom): Apple's "Enhancing your app with fluid transitions" has the running transition
/// complete, not cancel, and the next one start in the same instant from where the page is.
extension World {
    /// A pop or dismissal of `zoomed` while its zoom in still runs in `container`: completes
    /// that transition at once (its completion runs: the page goes into the container and
    /// `viewDidAppear` fires) after noting where the zoom's views are, so that the zoom out
    /// starts there (`interruptedZoom`). Anything else is left to `ensureIdle`.
    mutating func completeZoomIn(of zoomed: ControllerID, in container: ControllerID) {
        if let t = runningZoom(of: zoomed, in: container, bringingIn: true) { completeAtOnce(t) }
    }

    /// A push or presentation of `zoomed` while its zoom out still runs in `container` (the
    /// navigation controller, or the presentation of `zoomed`): completes the zoom out at once
    /// (the controller leaves the stack or the presentation ends, `viewDidDisappear` fires), then
    /// runs `start`, the push or presentation, which then finds nothing running. Kept only when
    /// `start` began a fluid zoom in of `zoomed` (true); else, and when `start` fails, the world
    /// stays as it was (false) and the caller meets the running zoom out as before (409), so
    /// that every request but the one interrupting answers as it did.
    mutating func zoomBackIn(_ zoomed: ControllerID, in container: ControllerID,
                             _ start: (inout World) throws(SimulationError) -> Void) -> Bool {
        guard let running = runningZoom(of: zoomed, in: container, bringingIn: false) else { return false }
        return handOver(from: running, start) { $0.to == zoomed && $0.operation.bringsIn }
    }

    /// A `pop` or `dismiss` action, or a dismissing gesture's `began`, while a released zoom-out
    /// gesture's cancel springs the page back to full screen: that cancelled transition ends at
    /// once (UIKit's cancelled callbacks, as when it settles), then `start` runs, which then finds
    /// nothing running. Kept only when `start` began a fluid zoom out of the same controller the
    /// same way (for a gesture, `following`, one its finger holds; for an action, one that runs on
    /// its own, not interactive); else the world stays as it was (false) and the caller meets the
    /// spring-back as before (409), so that every other request answers as it did.
    mutating func catchSpringBack(following: Bool, _ start: (inout World) throws(SimulationError) -> Void) -> Bool {
        guard let back = runningTransition, back.phase == .cancelling, back.tracking == .zoomDismiss, case .fluidZoom? = back.platform else { return false }
        return handOver(from: back, start) { started in
            started.container == back.container && started.operation == back.operation && started.from == back.from
                && (following ? started.tracking == .zoomDismiss : started.phase == .animating)
        }
    }

    /// Ends `running` at once, then runs `start`; kept when `start` began a running fluid zoom that
    /// `fits` (true). Tried on a copy: a request that will not zoom (an animator on the action, a
    /// rule, a spec without the zoom, a failure) must find `running` untouched (false).
    private mutating func handOver(from running: Transition, _ start: (inout World) throws(SimulationError) -> Void,
                                   fits: (Transition) -> Bool) -> Bool {
        var attempt = self
        attempt.completeAtOnce(running)
        do throws(SimulationError) { try start(&attempt) } catch { return false }
        guard let started = attempt.transitions.last, started.id != running.id, started.phase.isRunning,
              case .fluidZoom? = started.platform, fits(started) else { return false }
        self = attempt
        return true
    }

    /// The fluid zoom that runs on its own clock (not held by a finger or an `update`) in
    /// `container`, bringing `zoomed` in or taking it away: animating, or a zoom out that UIKit's
    /// dismissing gesture committed and that settles on its release spring.
    private func runningZoom(of zoomed: ControllerID, in container: ControllerID, bringingIn: Bool) -> Transition? {
        guard let t = runningTransition, t.phase == .animating || (t.phase == .finishing && t.tracking == .zoomDismiss),
              t.container == container, t.operation.bringsIn == bringingIn,
              (bringingIn ? t.to : t.from) == zoomed, case .fluidZoom? = t.platform else { return nil }
        return t
    }

    /// Notes where zoom `t`'s views and its navigation bar's change are now, and how fast the clip
    /// moves (`ZoomPose`), then moves τ to the end of its animations (a cancel's: back to 0), so
    /// that their completions run at this instant.
    private mutating func completeAtOnce(_ t: Transition) {
        guard let clip = t.named["zoom"], let veil = t.named["zoomDimming"] else { return }
        let c = presentation(of: clip, at: now), page = presentation(of: t.operation.bringsIn ? t.toView : t.fromView, at: now)
        let covered = presentation(of: t.operation.bringsIn ? t.fromView : t.toView, at: now)
        // The clip's frame without the finger's offset, which goes on apart (`offset`).
        let frame = Rect(x: c.center.x - c.bounds.width / 2, y: c.center.y - c.bounds.height / 2, width: c.bounds.width, height: c.bounds.height)
        let centre = rate(of: .center, on: clip, t) ?? [0, 0], size = rate(of: .bounds, on: clip, t) ?? [0, 0, 0, 0]
        let velocity = Rect(x: centre[0] - size[2] / 2, y: centre[1] - size[3] / 2, width: size[2], height: size[3])
        self[transition: t.id].zoomPose = ZoomPose(clip: frame, clipVelocity: velocity, cornerRadius: c.layer.cornerRadius,
                                                   offset: tree[clip].transform,
                                                   offsetMotion: animations.animations(on: clip).filter { $0.property == .transform && $0.transition == nil },
                                                   pageCenter: page.center, pageTransform: page.transform, coveredTransform: covered.transform,
                                                   dimming: presentation(of: veil, at: now).alpha, barProgress: navigationBarProgress(of: t),
                                                   caught: t.phase == .cancelling)
        if t.phase == .cancelling {
            self[transition: t.id].timeline.change(at: now, to: .completing(target: 0, seconds: 0, curve: .linear, cancelled: true))
        } else {
            self[transition: t.id].timeline.jump(at: now, to: max(t.duration, animations.lastEnd(of: t.id)))
        }
        advance(to: now)
    }

    /// How fast `property` of `view` changes on screen now under transition `t`'s animation of it
    /// (its numbers per second of session time: the curve's rate times how fast `t`'s τ moves);
    /// nil when no animation of `t` moves it now.
    private func rate(of property: AnimatedProperty, on view: ViewID, _ t: Transition) -> [Double]? {
        let tau = t.timeline.tau(at: now)
        guard let a = animations.animations(on: view).last(where: { $0.property == property }), a.transition == t.id,
              a.path == .direct, tau > a.begin, tau < a.end,
              let from = a.from.components, let to = a.to.components else { return nil }
        let speed = a.curve.velocity(at: tau - a.begin, duration: a.duration) * t.timeline.rate(at: now)
        return zip(from, to).map { ($1 - $0) * speed }
    }

    /// How far the navigation bar's change beside `t` has come (0…1 of the whole change, in `t`'s
    /// own direction): the progress of the bar's animations, which all share the transition's
    /// curve and duration (`beginNavigationBarTransition`), through the knee they pass
    /// (`barStart`); nil when the bar does not change beside it.
    private func navigationBarProgress(of t: Transition) -> Double? {
        guard let bar = controllers[t.container]?.navigationBar else { return nil }
        guard let a = bar.itemViews.lazy.compactMap({ view in self.animations.animations(on: view).first { $0.transition == t.id } }).first else { return nil }
        guard a.duration > 0 else { return 1 }
        let tau = t.timeline.tau(at: now)
        let run = min(1, max(0, a.curve.value(at: min(a.duration, max(0, tau - a.begin)), duration: a.duration)))
        return t.barStart.progress(atRun: run)
    }

    /// Where the zoom that `t` interrupts left its views, if it did: the transition just before
    /// `t`, in the same container, ended at this instant with a pose: the other way (completed), or
    /// the same way (a cancel caught springing back, `catchSpringBack`).
    func interruptedZoom(before t: Transition) -> ZoomPose? {
        guard let previous = transitions.last(where: { $0.id != t.id }), previous.container == t.container,
              previous.completedAt == now, let pose = previous.zoomPose,
              (previous.operation.bringsIn == t.operation.bringsIn) == pose.caught else { return nil }
        return pose
    }

    /// A zoom out a finger starts by catching the page, during the zoom in (which completes) or
    /// while a cancelled zoom out springs it back, is the zoom out from full screen, held where the
    /// page stood (so that a release short of its threshold springs it back to full screen): the
    /// views are not put at the pose, but the timeline at `heldProgress`.
    func regrabs(_ t: Transition) -> Bool {
        t.tracking == .zoomDismiss && interruptedZoom(before: t) != nil
    }

    /// How far along its way to the source the page stood when a finger caught it (0 full screen
    /// … 1 the source), for the zoom out `t` that the finger now holds: nil unless `regrabs(t)`.
    func heldProgress(_ t: Transition) -> Double? {
        guard regrabs(t), let pose = interruptedZoom(before: t), case .fluidZoom(let zoom)? = t.platform else { return nil }
        return min(1, max(0, pose.progress(from: Rect(origin: .zero, size: tree[t.containerView].bounds.size), to: zoom.geometry.source)))
    }

    /// Where the navigation bar's change beside `t` stands part way (`Transition.barStart`): where
    /// the zoom `t` interrupts left the bar, the other way 1 − q of the q it showed, the same way
    /// (a caught cancel) q, from the start of its run; for a zoom out a finger holds from full
    /// screen after catching a zoom in (`regrabs`), 1 − q where its timeline is held (the bar's
    /// curve at `heldProgress`), so that a release short of the threshold takes the bar back to
    /// the page's item; none for one that caught a cancel (its timeline, held where the page
    /// stood, puts the bar there) and for any other transition.
    func zoomBarStart(_ t: Transition) -> NavigationBarTransition.Knee {
        let none = NavigationBarTransition.Knee(run: 0, progress: 0)
        guard let pose = interruptedZoom(before: t), let q = pose.barProgress else { return none }
        if pose.caught { return regrabs(t) ? none : NavigationBarTransition.Knee(run: 0, progress: q) }
        guard let held = heldProgress(t) else { return NavigationBarTransition.Knee(run: 0, progress: 1 - q) }
        return NavigationBarTransition.Knee(run: barCurve(t).value(at: held * t.duration, duration: t.duration), progress: 1 - q)
    }
}

/// Where the fluid zoom's views are at one instant, on screen: the next zoom, the other way,
/// starts from here.
struct ZoomPose: Sendable, Equatable {
    /// The clip's frame in the transition's container (points; without the finger's offset), how
    /// fast each of its numbers changes (points per second), and its corner radius.
    var clip: Rect
    var clipVelocity: Rect
    var cornerRadius: Double
    /// The clip's transform (the offset a swipe gave it) and, after a released swipe, its motion
    /// back to nothing on the session's clock, which goes on in the next zoom's clip.
    var offset: AffineTransform
    var offsetMotion: [PropertyAnimation]
    /// The page's centre in the clip (points) and its transform (a uniform scale).
    var pageCenter: Point
    var pageTransform: AffineTransform
    /// The covered page's transform (the scale it recedes to).
    var coveredTransform: AffineTransform
    /// The veil's alpha.
    var dimming: Double
    /// How far the navigation bar's change had come (0…1, the interrupted transition's way);
    /// nil when the bar did not change beside it (a presentation).
    var barProgress: Double?
    /// Taken from a cancelled zoom caught springing back (the next zoom goes the same way), not
    /// from one completed (the next goes the other way).
    var caught = false

    /// Where the clip stands on the line from `start` to `end` (0 at `start`, 1 at `end`): the
    /// least-squares fit of its frame (x, y, width, height) on that line, exact when it is on it;
    /// 0 when the two ends are one.
    func progress(from start: Rect, to end: Rect) -> Double {
        Self.fit(Rect(x: clip.minX - start.minX, y: clip.minY - start.minY, width: clip.width - start.width, height: clip.height - start.height),
                 onto: start, end)
    }

    /// The initial velocity (distances per second, UIKit's `initialSpringVelocity` unit) that
    /// makes the zoom starting from here toward the clip frame `end` go on at the speed the
    /// interrupted one had. Every view of the zoom moves on the one line between its value at the
    /// source and at full screen, so while the source stays put one number fits them all, the
    /// clip's frame velocity over the distance left: with A → B the interrupted motion, p′ its
    /// rate and C the frame now, v₀ = p′ · (B − A) / (end − C). Where the lines differ (a source
    /// that moved since the interrupted zoom looked it up) the frame's velocity is not along the
    /// new way: the least-squares fit of it over x, y, width and height is taken, and the part
    /// across the way is lost (docs/semantics.md § Zoom).
    func initialVelocity(toward end: Rect) -> Double {
        Self.fit(clipVelocity, onto: clip, end)
    }

    /// The least-squares multiple of the way from `start` to `end` that `vector` is (x, y, width
    /// and height as one vector of four numbers): exact when it lies along the way; 0 when there
    /// is no way.
    private static func fit(_ vector: Rect, onto start: Rect, _ end: Rect) -> Double {
        let way = [end.minX - start.minX, end.minY - start.minY, end.width - start.width, end.height - start.height]
        let norm = way.reduce(0) { $0 + $1 * $1 }
        return norm > 0 ? zip([vector.minX, vector.minY, vector.width, vector.height], way).reduce(0) { $0 + $1.0 * $1.1 } / norm : 0
    }
}
