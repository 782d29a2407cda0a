/// A fluid zoom interrupted while it zooms in (docs/semantics.md § Zoom): Apple's "Enhancing
/// your app with fluid transitions" has the push complete, not cancel, and the pop start in the
/// same instant from where the page is.
extension World {
    /// A pop or dismissal of `zoomed` while its zoom in still runs in `container`: completes
    /// that transition at once (its completion runs: the page goes into the container and
    /// `viewDidAppear` fires) after noting where the zoom's views are, so that the zoom out
    /// starts there (`interruptedZoom`). Anything else is left to `ensureIdle`.
    mutating func completeZoomIn(of zoomed: ControllerID, in container: ControllerID) {
        guard let t = runningTransition, t.phase == .animating, t.container == container, t.to == zoomed,
              t.operation.bringsIn, case .fluidZoom? = t.platform,
              let clip = t.named["zoom"], let veil = t.named["zoomDimming"] else { return }
        let c = presentation(of: clip, at: now), page = presentation(of: t.toView, at: now)
        self[transition: t.id].zoomPose = ZoomPose(clip: c.frame, cornerRadius: c.layer.cornerRadius, pageCenter: page.center,
                                                   pageTransform: page.transform, dimming: presentation(of: veil, at: now).alpha)
        // τ jumps to the end of the zoom's animations: their completions are due now.
        self[transition: t.id].timeline.jump(at: now, to: max(t.duration, animations.lastEnd(of: t.id)))
        advance(to: now)
    }

    /// Where the zoom in that a zoom out of `t` interrupts left its views, if one did: the
    /// transition of the same container that completed at this instant with a pose.
    func interruptedZoom(before t: Transition) -> ZoomPose? {
        transitions.last { $0.id != t.id && $0.container == t.container && $0.completedAt == now && $0.zoomPose != nil }?.zoomPose
    }
}

/// Where the fluid zoom's views are at one instant, on screen.
struct ZoomPose: Sendable, Equatable {
    /// The clip's frame in the transition's container (points) and its corner radius.
    var clip: Rect
    var cornerRadius: Double
    /// The page's centre in the clip (points) and its transform (a uniform scale).
    var pageCenter: Point
    var pageTransform: AffineTransform
    /// The veil's alpha.
    var dimming: Double
}
