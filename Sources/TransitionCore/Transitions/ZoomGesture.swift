import JSONCodec

/// UIKit's own gestures on a page iOS 18's fluid zoom brought in: a swipe down, an edge swipe
/// (navigation only) and a pinch zoom it out, the page following the finger, and the release
/// settles on a spring seeded with the finger's velocity (docs/semantics.md § Zoom).
extension World {
    /// The page UIKit's zoom-out gestures act on now, if one is: the top of the front navigation
    /// stack when popping it would zoom, else the top-most presented controller when dismissing
    /// it would (a full-screen presentation, or a sheet shown full screen because it zooms). A
    /// page whose pop or dismissal has an animator of the app's does not zoom out, so UIKit
    /// installs no zoom gestures on it.
    func zoomedPage() -> (page: ControllerID, operation: TransitionOperation, options: ZoomOptions)? {
        if let nav = frontChain().last(where: { controllers[$0]?.kind == .navigation }) {
            let stack = self[controller: nav].children
            if stack.count > 1, let top = stack.last, let options = self[controller: top].settings.preferredTransition.zoom,
               chooseAnimator(.pop, from: top, to: stack[stack.count - 2], actionChoice: nil).choice == nil {
                return (top, .pop, options)
            }
        }
        if let top = presentationChain().last, let presenting = self[controller: top].presenting,
           self[controller: top].presentedStyle == .fullScreen, let options = self[controller: top].settings.preferredTransition.zoom,
           chooseAnimator(.dismiss, from: top, to: presenting, actionChoice: nil).choice == nil {
            return (top, .dismiss, options)
        }
        return nil
    }

    /// UIKit's zoom-out gesture that a `began` sample starts, if the front page was zoomed in:
    /// a swipe down, a swipe from the left edge of a pushed page, or a pinch. An edge swipe on a
    /// zoomed presentation is refused: UIKit dismisses none by the edge.
    func zoomInteraction(for s: GestureAction, pointer: String) throws(SimulationError) -> Interaction? {
        guard let zoomed = zoomedPage() else { return nil }
        if s.recognizer == .edgePan {
            guard zoomed.operation == .pop else {
                throw .conflict(.noInteraction, detail: "'\(zoomed.page)' was presented with the fluid zoom: UIKit's edge swipe zooms out only a pushed page (a swipe down or a pinch dismisses it)",
                                pointer: pointer + "/recognizer")
            }
            guard s.edge == nil || s.edge == .left else { return nil }
        }
        return .zoomDismiss(s.recognizer, operation: zoomed.operation, zoom: Catalogue.shared.fluidZoomParameters)
    }

    /// `interactiveDismissShouldBegin` answering no (`"interactiveDismiss": false`): the zoom-out
    /// gesture does not begin, nothing moves, and its later samples do nothing. True when it
    /// refused.
    mutating func refuseZoomDismissal() -> Bool {
        guard let zoomed = zoomedPage(), !zoomed.options.interactiveDismiss else { return false }
        emit(.diagnostic, zoomed.page, ["code": .string(DiagnosticCode.zoomDismissRefused.rawValue),
                                         "message": .string("'\(zoomed.page)' answers no to interactiveDismissShouldBegin (\"interactiveDismiss\": false): UIKit does not begin the zoom out, and the gesture's later samples move nothing")])
        return true
    }

    /// Where the zoom's clip is when the gesture begins (its centre as shown, with the offset a
    /// swipe it caught had given it, points, in the transition's container): the finger's
    /// translation counts from there.
    func zoomAnchor(_ t: Transition) -> Point? {
        guard let clip = t.named["zoom"], tree.exists(clip) else { return nil }
        let shown = presentation(of: clip, at: now)
        return Point(x: shown.center.x + shown.transform.tx, y: shown.center.y + shown.transform.ty)
    }

    /// A `changed` sample: the timeline already holds the zoom out at the gesture's progress, so
    /// the clip has the size and corners of that point of the way and the veil its alpha; a swipe
    /// also carries the clip with the finger, a translation putting its centre at the anchor plus
    /// the finger's translation. A pinch moves nothing by itself: the page shrinks in place
    /// along the way to its source.
    mutating func moveZoomWithFinger(_ t: Transition, _ g: GestureState, _ s: GestureAction) {
        guard let clip = t.named["zoom"], tree.exists(clip), let anchor = g.anchor, g.recognizer != .pinch else { return }
        let finger = s.translation ?? .zero
        let centre = presentation(of: clip, at: now).center
        animations.removeAnimations(on: clip) { $0.property == .transform }
        tree[clip].transform = .translation(anchor.x + finger.x - g.startTranslation.x - centre.x,
                                            anchor.y + finger.y - g.startTranslation.y - centre.y)
    }

    /// The release: the zoom out commits (`finish`) or springs back, on the commit's or the
    /// cancel's spring seeded with the finger's velocity along the gesture (points per second over
    /// the gesture's distance: progress per second), over the progress left to go, so that the
    /// views leave the finger at its speed. The finger's offset springs to nothing on the same
    /// motion, so the clip's centre runs straight from where the finger left it to where it
    /// settles. A pinch's velocity (a scale rate) is not in its samples: its spring starts at rest.
    mutating func releaseZoom(_ t: Transition, _ g: GestureState, finish: Bool, velocity: Point) {
        guard case .fluidZoom(let zoom)? = t.platform else { preconditionFailure("a zoom gesture drives transition \(t.id), which is no fluid zoom") }
        let percent = t.duration > 0 ? min(1, max(0, t.timeline.tau(at: now) / t.duration)) : 1
        let left = finish ? 1 - percent : percent
        let along = g.recognizer == .pinch ? 0 : (g.recognizer == .pan ? velocity.y : velocity.x) / g.distance
        let spring = zoom.releaseSpring(commit: finish, velocity: left > 0 ? (finish ? along : -along) / left : 0)
        // Released where it would settle, nothing moves and the transition ends at once.
        let seconds = left > 0 ? spring.settlingDuration : 0
        release(t.id, finish: finish, speed: seconds > 0 ? t.duration * left / seconds : 1, settling: (seconds, .spring(spring)), percentDriven: false)
        guard let clip = t.named["zoom"], tree.exists(clip) else { return }
        let offset = presentation(of: clip, at: now).transform
        tree[clip].transform = .identity
        guard seconds > 0, offset != .identity else { return }
        animations.install(PropertyAnimation(property: .transform, from: .affine(offset), to: .affine(.identity), transition: nil,
                                             begin: now, duration: seconds, curve: .spring(spring)), on: clip)
    }
}
