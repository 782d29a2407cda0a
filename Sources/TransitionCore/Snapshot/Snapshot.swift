/// What the window shows at one session time: every view's presentation values, back to front,
/// the transition in effect and the controller hierarchy. Field names are the API's (openapi.yaml,
/// `Snapshot`).
public struct Snapshot: Sendable {
    public var time: Double
    public var transition: TransitionState?
    public var controllers: ControllerState
    public var root: SnapshotNode
}

/// One view as the screen shows it.
public struct SnapshotNode: Sendable {
    public var id: String
    public var kind: String
    public var viewController: String?
    public var path: String
    public var role: String?
    public var frame: Rect
    public var bounds: Rect
    public var center: Point
    public var transform: AffineTransform
    public var transform3D: Transform3D?
    public var alpha: Double
    public var hidden: Bool
    /// The bounding box of the view in window coordinates.
    public var windowFrame: Rect
    public var backgroundColor: Color?
    public var text: String?
    public var image: String?
    public var snapshotOf: String?
    /// The layer properties on screen (CALayer's defaults for most views).
    public var layer: LayerProperties = .defaults
    /// The part of `windowFrame` left by the ancestors that clip to their bounds, window
    /// coordinates; nil when no ancestor cuts anything off (docs/semantics.md § Layer properties).
    public var visibleRect: Rect?
    /// False when the view's own content is not drawn for a layer reason: it is turned away and
    /// not double-sided, or its ancestors' clipping leaves nothing of it. (`hidden` and `alpha`
    /// are reported as they are, not folded into this.)
    public var visible = true
    /// Back to front as drawn: subview order, stably sorted by `zPosition`.
    public var children: [SnapshotNode]
}

/// The transition object of snapshots and session state.
public struct TransitionState: Sendable {
    public var id: String
    public var operation: TransitionOperation
    public var phase: TransitionPhase
    public var container: String
    public var from: String
    public var to: String
    public var animator: String
    public var chosenBy: String
    public var duration: Double
    public var begin: Double
    public var elapsed: Double
    public var percentComplete: Double
    public var interactive: Bool
    public var wasCancelled: Bool
    public var completedAt: Double?
    public var diagnostics: [Diagnostic]
    /// The gesture driving it, when one does.
    public var gesture: GestureState?
}

/// A controller and, for containers, their children (the shape of `controllers`).
public struct ControllerState: Sendable {
    public var id: String
    public var type: String
    public var title: String?
    /// Navigation stack (bottom first) or tabs.
    public var viewControllers: [ControllerState]
    public var selectedIndex: Int?
    /// The top of a navigation stack.
    public var topViewController: String?
    public var visible: Bool
    /// The controller this one presents, and the style it was presented with.
    public var presented: [ControllerState]
    public var modalPresentationStyle: String?
    /// A presented sheet with detents: the detent it rests at (or is moving to).
    public var selectedDetent: String?
}

extension World {
    /// The snapshot at `t`, which must not be before `now` (advance a copy first).
    public func snapshot(at t: Double) -> Snapshot {
        let visible = Set(visibleControllers())
        return Snapshot(time: t, transition: currentTransition.map { transitionState($0, at: t) },
                        controllers: controllerState(rootController, visible: visible),
                        root: node(window, at: t, toWindow: .identity, clip: nil))
    }

    public func transitionState(_ tr: Transition, at t: Double) -> TransitionState {
        TransitionState(id: tr.id.description, operation: tr.operation, phase: tr.phase, container: tr.container.rawValue,
                        from: tr.from.rawValue, to: tr.to.rawValue, animator: tr.animator, chosenBy: tr.chosenBy, duration: tr.duration,
                        begin: tr.begin, elapsed: tr.elapsed(at: tr.completedAt.map { min($0, t) } ?? t),
                        percentComplete: tr.percentComplete(at: t), interactive: tr.interactive, wasCancelled: tr.wasCancelled,
                        completedAt: tr.completedAt, diagnostics: tr.diagnostics,
                        gesture: gesture.flatMap { $0.transition == tr.id ? $0 : nil })
    }

    public func controllerState(_ id: ControllerID, visible: Set<ControllerID>) -> ControllerState {
        let c = self[controller: id]
        return ControllerState(id: id.rawValue, type: c.kind.rawValue, title: c.title,
                               viewControllers: c.children.map { controllerState($0, visible: visible) },
                               selectedIndex: c.kind == .tabBar ? c.selectedIndex : nil,
                               topViewController: c.kind == .navigation ? c.children.last?.rawValue : nil,
                               visible: visible.contains(id),
                               presented: c.presented.map { [controllerState($0, visible: visible)] } ?? [],
                               modalPresentationStyle: c.presentedStyle?.rawValue,
                               selectedDetent: c.presentedStyle?.isSheet == true ? c.settings.sheet?.selected.rawValue : nil)
    }

    /// `toWindow` maps the superview's bounds coordinates to the window; `clip` is what the
    /// clipping ancestors leave visible, in window coordinates (nil: nothing clips).
    private func node(_ id: ViewID, at t: Double, toWindow parent: AffineTransform, clip: Rect?) -> SnapshotNode {
        let v = presentation(of: id, at: t)
        let layer = v.layer
        let frame = ViewGeometry.frame(bounds: v.bounds.size, center: v.center, transform: v.transform, transform3D: v.transform3D,
                                       anchorPoint: layer.anchorPoint)
        // Bounds coordinates → superview: shift so the anchor point is the origin, apply the
        // transform about that anchor, move to `center`.
        let anchor = v.anchorInBounds
        let toSuper = AffineTransform.translation(-anchor.x, -anchor.y)
            .concatenating(v.transform3D.map { $0.affine ?? .identity } ?? v.transform)
            .concatenating(.translation(v.center.x, v.center.y))
        let toWindow = toSuper.concatenating(parent)
        let windowFrame: Rect
        if let t3 = v.transform3D, t3.affine == nil {
            windowFrame = parent.boundingBox(of: frame)
        } else {
            windowFrame = toWindow.boundingBox(of: v.bounds)
        }
        let visibleRect = LayerGeometry.visibleRect(windowFrame, clip: clip)
        let clippedAway = visibleRect.map { LayerGeometry.area(windowFrame) > 0 && LayerGeometry.area($0) == 0 } ?? false
        let turnedAway = !layer.isDoubleSided && LayerGeometry.facesAway(v, toSuperview: parent)
        // A view that clips cuts its subviews to its own visible part.
        let childClip = layer.clipsToBounds ? (visibleRect ?? windowFrame) : clip
        var children = v.children.map { node($0, at: t, toWindow: toWindow, clip: childClip) }
        if children.contains(where: { $0.layer.zPosition != 0 }) {
            // Core Animation draws sublayers by zPosition, in subview order among equals.
            children = children.enumerated().sorted { ($0.element.layer.zPosition, $0.offset) < ($1.element.layer.zPosition, $1.offset) }.map(\.element)
        }
        return SnapshotNode(id: v.id, kind: v.kind, viewController: v.owner?.rawValue, path: v.path, role: v.role, frame: frame,
                            bounds: v.bounds, center: v.center, transform: v.transform, transform3D: v.transform3D,
                            alpha: v.alpha, hidden: v.hidden, windowFrame: windowFrame, backgroundColor: v.backgroundColor,
                            text: v.text, image: v.image, snapshotOf: v.snapshotOf, layer: layer, visibleRect: visibleRect,
                            visible: !(turnedAway || clippedAway), children: children)
    }
}
