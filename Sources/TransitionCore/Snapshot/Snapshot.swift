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
///
/// What the view's copies share is held by reference (its names and content, a 3D transform,
/// layer properties other than the defaults), so that making, passing and releasing a node
/// costs four references rather than a dozen strings and every layer value. Its members are
/// set by the memberwise initializer (the one for tests is an extension's): a hand-written one
/// made the optimizer build each node aside and copy it into place, a quarter of a snapshot's
/// compute (docs/performance.md § Compute).
public struct SnapshotNode: Sendable {
    @usableFromInline let identity: IdentityStorage
    public var frame: Rect
    public var bounds: Rect
    public var center: Point
    public var transform: AffineTransform
    @usableFromInline var transform3DStorage: Transform3DStorage?
    public var alpha: Double
    public var hidden: Bool
    /// The bounding box of the view in window coordinates.
    public var windowFrame: Rect
    public var backgroundColor: Color?
    /// Nil while every layer property is CALayer's default.
    @usableFromInline var layerStorage: LayerStorage?
    /// The part of `windowFrame` left by the ancestors that clip to their bounds, window
    /// coordinates; nil when no ancestor cuts anything off (docs/semantics.md § Layer properties).
    public var visibleRect: Rect?
    /// False when the view's own content is not drawn for a layer reason: it is turned away and
    /// not double-sided, or its ancestors' clipping leaves nothing of it. (`hidden` and `alpha`
    /// are reported as they are, not folded into this.)
    public var visible: Bool
    /// Back to front as drawn: subview order, stably sorted by `zPosition`.
    public var children: [SnapshotNode]
}

extension SnapshotNode {
    /// A node made from its values one by one (tests).
    public init(id: String, kind: String, viewController: String? = nil, path: String, role: ViewRole? = nil, frame: Rect, bounds: Rect,
                center: Point, transform: AffineTransform, transform3D: Transform3D? = nil, alpha: Double, hidden: Bool,
                windowFrame: Rect, backgroundColor: Color? = nil, text: String? = nil, image: String? = nil, snapshotOf: String? = nil,
                layer: LayerProperties = .defaults, visibleRect: Rect? = nil, visible: Bool = true, children: [SnapshotNode]) {
        self.init(identity: IdentityStorage(ViewIdentity(id: id, kind: kind, owner: viewController.map { ControllerID($0) }, path: path,
                                                         role: role, text: text, image: image, snapshotOf: snapshotOf)),
                  frame: frame, bounds: bounds, center: center, transform: transform, transform3DStorage: transform3D.map(Transform3DStorage.init),
                  alpha: alpha, hidden: hidden, windowFrame: windowFrame, backgroundColor: backgroundColor,
                  layerStorage: layer == .defaults ? nil : LayerStorage(layer), visibleRect: visibleRect, visible: visible, children: children)
    }

    @inlinable public var id: String { identity.value.id }
    @inlinable public var kind: String { identity.value.kind }
    @inlinable public var viewController: String? { identity.value.owner?.rawValue }
    @inlinable public var path: String { identity.value.path }
    // `role`, `transform3D` and `fontSize` always inlined: called, a getter takes the node whole,
    // and a reader holding only its pointer copies the node (288 bytes) to call it.
    @inlinable @inline(__always) public var role: ViewRole? { identity.value.role }
    @inlinable public var transform3D: Transform3D? {
        @inline(__always) get { transform3DStorage?.value }
        set { transform3DStorage = newValue.map(Transform3DStorage.init) }
    }
    @inlinable public var text: String? { identity.value.text }
    @inlinable public var image: String? { identity.value.image }
    /// The text's size in points, when the view sets one (a large-title bar's labels).
    @inlinable @inline(__always) public var fontSize: Double? { identity.value.fontSize }
    @inlinable public var snapshotOf: String? { identity.value.snapshotOf }
    /// The layer properties on screen (CALayer's defaults for most views).
    @inlinable public var layer: LayerProperties {
        get { layerStorage?.value ?? .defaults }
        set { layerStorage = newValue == .defaults ? nil : LayerStorage(newValue) }
    }
    /// Whether any layer property differs from CALayer's default (the properties are stored
    /// only then): asked without making and comparing the properties.
    @inlinable public var hasLayerProperties: Bool { layerStorage != nil }
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
    /// What kind of controller it is: the snapshot's `type`.
    public var kind: ControllerKind
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
    /// A tab bar controller's floating bar (iOS 26 iPhones).
    public var tabBar: FloatingTabBarState?
}

/// The floating tab bar's minimization, as a tab bar controller's snapshot shows it.
public struct FloatingTabBarState: Sendable {
    /// `tabBarMinimizeBehavior`: automatic, never, onScrollDown or onScrollUp.
    public var minimizeBehavior: String
    /// `minimized` once the progress reaches 1, else `expanded`.
    public var state: String
    /// 0: expanded, 1: minimized; in between while a drag is moving it.
    public var progress: Double
}

extension World {
    /// The snapshot at `t`, which must not be before `now` (advance a copy first).
    public func snapshot(at t: Double) -> Snapshot {
        Snapshot(time: t, transition: currentTransitionState(at: t), controllers: controllerState(),
                 root: node(window, frame: animations.frame(at: t, clocks: transitions), toWindow: .identity, clip: nil))
    }

    /// The snapshot's `transition` at `t`: the transition in effect, if any.
    public func currentTransitionState(at t: Double) -> TransitionState? {
        // The record lent in place (`TransitionRecords.subscript`), not copied out.
        transitions.currentPosition.map { transitionState(transitions[$0], at: t) }
    }

    public func transitionState(_ tr: Transition, at t: Double) -> TransitionState {
        let progress = tr.progress(at: t)
        return TransitionState(id: tr.id.description, operation: tr.operation, phase: tr.phase, container: tr.container.rawValue,
                               from: tr.from.rawValue, to: tr.to.rawValue, animator: tr.animator, chosenBy: tr.chosenBy, duration: tr.duration,
                               begin: tr.begin, elapsed: progress.elapsed, percentComplete: progress.percentComplete,
                               interactive: tr.interactive, wasCancelled: tr.wasCancelled, completedAt: tr.completedAt,
                               diagnostics: tr.diagnostics, gesture: gesture.flatMap { $0.transition == tr.id ? $0 : nil })
    }

    /// The controller hierarchy from the root, each marked visible when `visibleControllers()`
    /// lists it (found on the way down rather than by looking each up in that list).
    public func controllerState() -> ControllerState {
        controllerState(rootController, visible: true, heads: true)
    }

    /// `visible`: the controller is on screen; `heads`: it is the root or presented from it, one
    /// by one (the presentation chain), so that what it presents is on screen too. A container's
    /// child is on screen when the container is and shows that child.
    private func controllerState(_ id: ControllerID, visible: Bool, heads: Bool) -> ControllerState {
        let c = self[controller: id]
        let shown = visible ? c.visibleChild : nil
        return ControllerState(id: id.rawValue, kind: c.kind, title: c.title,
                               viewControllers: c.children.map { controllerState($0, visible: $0 == shown, heads: false) },
                               selectedIndex: c.kind == .tabBar ? c.selectedIndex : nil,
                               topViewController: c.kind == .navigation ? c.children.last?.rawValue : nil,
                               visible: visible,
                               presented: c.presented.map { [controllerState($0, visible: heads, heads: heads)] } ?? [],
                               modalPresentationStyle: c.presentedStyle?.rawValue,
                               selectedDetent: c.presentedStyle?.isSheet == true ? c.settings.sheet?.selected.identifier : nil,
                               tabBar: c.kind == .tabBar && display.hasFloatingTabBar ? floatingTabBarState(c) : nil)
    }

    private func floatingTabBarState(_ c: Controller) -> FloatingTabBarState {
        let progress = c.scrollAway?.progress ?? 0
        return FloatingTabBarState(minimizeBehavior: (c.settings.tabBarMinimizeBehavior ?? .automatic).rawValue,
                                   state: c.scrollAway?.isMinimized == true ? "minimized" : "expanded", progress: progress)
    }

    /// `toWindow` maps the superview's bounds coordinates to the window; `clip` is what the
    /// clipping ancestors leave visible, in window coordinates (nil: nothing clips).
    private func node(_ id: ViewID, frame animated: AnimationTimeline.Frame, toWindow parent: AffineTransform, clip: Rect?) -> SnapshotNode {
        if let list = animated.animations(on: id) {
            var v = tree[id]
            animated.apply(list, to: &v)
            return node(v, frame: animated, toWindow: parent, clip: clip)
        }
        // A view no animation touches shows its model values, read through the tree's borrow.
        return node(tree[id], frame: animated, toWindow: parent, clip: clip)
    }

    /// The node of a view whose presentation values are `v`.
    private func node(_ v: ViewNode, frame animated: AnimationTimeline.Frame, toWindow parent: AffineTransform, clip: Rect?) -> SnapshotNode {
        let place = ScreenPlacement(v, toWindow: parent, clip: clip)
        var children = v.children.map { node($0, frame: animated, toWindow: place.toWindow, clip: place.childClip) }
        if children.contains(where: { $0.layer.zPosition != 0 }) {
            // Core Animation draws sublayers by zPosition, in subview order among equals.
            children = children.enumerated().sorted { ($0.element.layer.zPosition, $0.offset) < ($1.element.layer.zPosition, $1.offset) }.map(\.element)
        }
        return SnapshotNode(identity: v.identityStorage, frame: place.frame, bounds: v.bounds, center: v.center, transform: v.transform,
                            transform3DStorage: v.transform3DStorage, alpha: v.alpha, hidden: v.hidden, windowFrame: place.windowFrame,
                            backgroundColor: v.backgroundColor, layerStorage: v.layerStorage, visibleRect: place.visibleRect,
                            visible: place.visible, children: children)
    }
}

/// What of a view's place on screen follows from its own presentation values alone: the same
/// wherever its superview is (`MovingViews` keeps it for the views only their ancestors move).
struct ViewShape: Sendable {
    let frame: Rect
    let bounds: Rect
    /// Bounds coordinates → superview: shift so the anchor point is the origin, apply the
    /// transform about that anchor, move to `center`.
    let toSuper: AffineTransform
    /// A 3D transform that is not a 2D one: the window frame is the frame's box through the
    /// superview's map (the flattened map would lose the perspective).
    let projected: Bool
    /// Nil for a double-sided view (never turned away); else twice the signed area of its
    /// projected corners, negative when they wind backwards (`LayerGeometry.facesAway`).
    let windingArea: Double?
    let clipsToBounds: Bool

    @inline(__always)
    init(_ v: borrowing some PresentationValues) {
        self.init(bounds: v.bounds, center: v.center, transform: v.transform, transform3D: v.transform3D, layer: v.layer)
    }

    /// From the values one by one: a node read in place through a pointer is handed no whole
    /// (the optimizer copied it, retaining and releasing each of its references).
    @inline(__always)
    init(bounds: Rect, center: Point, transform: AffineTransform, transform3D: Transform3D?, layer: LayerProperties) {
        frame = ViewGeometry.frame(bounds: bounds.size, center: center, transform: transform, transform3D: transform3D,
                                   anchorPoint: layer.anchorPoint)
        self.bounds = bounds
        let anchor = bounds.point(atUnit: layer.anchorPoint)
        toSuper = AffineTransform.translation(-anchor.x, -anchor.y)
            .concatenating(transform3D.map { $0.affine ?? .identity } ?? transform)
            .concatenating(.translation(center.x, center.y))
        if let t3 = transform3D, t3.affine == nil { projected = true } else { projected = false }
        windingArea = layer.isDoubleSided ? nil : LayerGeometry.windingArea(bounds: bounds, anchor: anchor, transform: transform, transform3D: transform3D)
        clipsToBounds = layer.clipsToBounds
    }
}

/// Where a view is on screen, from its presentation values and its superview's map to the
/// window: what a snapshot's node holds besides the view's own values, and what its subviews
/// need (`MovingViews` computes it for the views that move, without the rest).
struct ScreenPlacement {
    var frame: Rect
    /// The bounding box in window coordinates.
    var windowFrame: Rect
    var visibleRect: Rect?
    var visible: Bool
    /// The view's bounds coordinates → window coordinates.
    var toWindow: AffineTransform
    /// What the view's subviews are clipped to, in window coordinates (nil: nothing clips).
    var childClip: Rect?

    /// `parent` maps the superview's bounds coordinates to the window; `clip` is what the
    /// clipping ancestors leave visible (nil: nothing clips).
    @inline(__always)
    init(_ v: borrowing some PresentationValues, toWindow parent: AffineTransform, clip: Rect?) {
        self.init(ViewShape(v), toWindow: parent, clip: clip)
    }

    @inline(__always)
    init(_ shape: ViewShape, toWindow parent: AffineTransform, clip: Rect?) {
        let toWindow = shape.toSuper.concatenating(parent)
        let windowFrame = shape.projected ? parent.boundingBox(of: shape.frame) : toWindow.boundingBox(of: shape.bounds)
        let visibleRect = LayerGeometry.visibleRect(windowFrame, clip: clip)
        let clippedAway = visibleRect.map { LayerGeometry.area(windowFrame) > 0 && LayerGeometry.area($0) == 0 } ?? false
        let turnedAway = shape.windingArea.map { LayerGeometry.facesAway(windingArea: $0, toSuperview: parent) } ?? false
        frame = shape.frame
        self.windowFrame = windowFrame
        self.visibleRect = visibleRect
        visible = !(turnedAway || clippedAway)
        self.toWindow = toWindow
        // A view that clips cuts its subviews to its own visible part.
        childClip = shape.clipsToBounds ? (visibleRect ?? windowFrame) : clip
    }
}
