/// The views of a snapshot that move while only `t` moves, between two changes of the world: the
/// views with animations in flight and every subview of one (whose `windowFrame`, `visibleRect`
/// and `visible` follow their ancestors'), in the snapshot's drawing order. Every other view, and
/// the names and content of these, are the same at every `t` until the world changes: a frame
/// template (docs/performance.md § Templates) writes them once and computes only these.
///
/// Found in one world (`World.movingViews()`), it holds for another (`World.fits(_:)`) advanced
/// from the same state that has run the same completions, holds the same views (one storage) and
/// animates the same views: their controllers, their views' values and the drawing order are
/// then the same, and only the animations' values at `t` differ.
public struct MovingViews: Sendable {
    struct Entry: Sendable {
        let view: ViewID
        /// The entry of the view's superview when it moves too, else -1.
        let parent: Int
        /// When the superview stands still: its bounds coordinates → window, and the clip it
        /// passes to its subviews (unused otherwise).
        let toWindow: AffineTransform
        let clip: Rect?
        /// It has animations of its own (else only its ancestors move it).
        let animated: Bool
        /// For a view only its ancestors move: what of its place its own values make.
        let shape: ViewShape?
    }

    let entries: [Entry]
    /// Each entry's index among the snapshot's views in drawing order (the flat form's order).
    public let order: [Int]
    /// Whether each entry has animations of its own: all its values move. The others, subviews
    /// of a view that moves, keep their values; only `windowFrame`, `visibleRect` and `visible` move.
    public let animatedEntries: [Bool]
    /// The views they were found in: a world whose tree shares this storage holds the same views.
    let tree: ViewTree
    /// The animated views, by increasing id.
    let animated: [ViewID]
    /// `AnimationTimeline.taken` of the world they were found in.
    let completionsTaken: Int

    /// How many views move.
    public var count: Int { entries.count }

    /// Bytes held, estimated: the entries and the tree's slots (its views' boxes are the world's).
    public var estimatedBytes: Int { entries.count * 96 + animated.count * 4 + tree.storageCount * 8 }
}

extension World {
    /// The views that move in `snapshot(at: now)` while only time moves; nil when an animation
    /// of `zPosition` may reorder the views between frames (a template does not hold then).
    public func movingViews() -> MovingViews? {
        let frame = animations.frame(at: now, clocks: transitions)
        guard !frame.animates(.zPosition) else { return nil }
        var entries: [MovingViews.Entry] = []
        var order: [Int] = []
        var index = 0
        // Depth first in drawing order, as `snapshot(at:)` visits the views.
        func visit(_ id: ViewID, parent: Int, toWindow: AffineTransform, clip: Rect?) {
            var v = tree[id]
            let animations = frame.animations(on: id)
            if let animations { frame.apply(animations, to: &v) }
            var me = -1
            if parent >= 0 || animations != nil {
                entries.append(MovingViews.Entry(view: id, parent: parent, toWindow: toWindow, clip: clip, animated: animations != nil,
                                                 shape: animations == nil ? ViewShape(v) : nil))
                order.append(index)
                me = entries.count - 1
            }
            index += 1
            let place = ScreenPlacement(v, toWindow: toWindow, clip: clip)
            // No zPosition is animated, so the model's order is the presentation's.
            let children = v.children.enumerated().sorted { (tree[$0.element].layer.zPosition, $0.offset) < (tree[$1.element].layer.zPosition, $1.offset) }
            for child in children { visit(child.element, parent: me, toWindow: place.toWindow, clip: place.childClip) }
        }
        visit(window, parent: -1, toWindow: .identity, clip: nil)
        return MovingViews(entries: entries, order: order, animatedEntries: entries.map(\.animated), tree: tree, animated: frame.animated.map(\.view), completionsTaken: animations.taken)
    }

    /// Whether `moving`, found in a world advanced from the same state as this one, holds here:
    /// the same completions have run, the views are the same storage and the same views are
    /// animated (with no `zPosition` among their animations).
    public func fits(_ moving: MovingViews) -> Bool {
        guard animations.taken == moving.completionsTaken, tree.sharesStorage(with: moving.tree) else { return false }
        var count = 0
        // The lists read where they are, by index: iterating the dictionary retained and
        // released each list, and `contains(where:)` copied each animation whole.
        for i in animations.byView.indices where !animations.byView.values[i].isEmpty {
            count += 1
            guard Self.contains(moving.animated, animations.byView.keys[i]) else { return false }
            for j in animations.byView.values[i].indices where animations.byView.values[i][j].property == .zPosition { return false }
        }
        return count == moving.animated.count
    }

    private static func contains(_ sorted: [ViewID], _ id: ViewID) -> Bool {
        var lo = 0, hi = sorted.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if sorted[mid] < id { lo = mid + 1 } else { hi = mid }
        }
        return lo < sorted.count && sorted[lo] == id
    }

    /// What the moving views show at `now` (which `fits(moving)` must accept): exactly what
    /// `snapshot(at: now)` holds for them.
    ///
    /// Entries are read in place and the places written into the result's memory: a loop over
    /// `moving.entries` copied each entry (about 240 bytes) and appended to three arrays.
    public func movingFrame(_ moving: MovingViews) -> MovingFrame {
        let frame = animations.frame(at: now, clocks: transitions)
        let count = moving.entries.count
        // What each entry passes its subviews: its bounds → window map and the clip they get.
        let passed = UnsafeMutablePointer<(toWindow: AffineTransform, clip: Rect?)>.allocate(capacity: count)
        defer { passed.deallocate() }
        var places: [MovingFrame.Place] = []
        let nodes = [SnapshotNode](unsafeUninitializedCapacity: moving.animated.count) { nodes, made in
            places = [MovingFrame.Place](unsafeUninitializedCapacity: count) { places, initialized in
                moving.entries.withUnsafeBufferPointer { entries in
                    for i in 0..<count {
                        let e = entries.baseAddress! + i
                        let parent = e.pointee.parent
                        let toWindow = parent < 0 ? e.pointee.toWindow : passed[parent].toWindow
                        let clip = parent < 0 ? e.pointee.clip : passed[parent].clip
                        let place: ScreenPlacement
                        if e.pointee.animated {
                            // Its node made in place from its model's values, then animated there:
                            // a copy of the view retained and released its identity and subview
                            // list too, and a node made aside was copied into the array.
                            let node = nodes.baseAddress! + made
                            node.initialize(to: SnapshotNode(model: tree[e.pointee.view]))
                            made += 1
                            if let list = frame.animations(on: e.pointee.view) { frame.apply(list, to: &node.pointee) }
                            let shape = ViewShape(bounds: node.pointee.bounds, center: node.pointee.center, transform: node.pointee.transform,
                                                  transform3D: node.pointee.transform3D, layer: node.pointee.layer)
                            place = ScreenPlacement(shape, toWindow: toWindow, clip: clip)
                            node.pointee.frame = place.frame
                            node.pointee.windowFrame = place.windowFrame
                            node.pointee.visibleRect = place.visibleRect
                            node.pointee.visible = place.visible
                        } else {
                            // Its own values are its model's, the same in every frame.
                            place = ScreenPlacement(e.pointee.shape!, toWindow: toWindow, clip: clip)
                        }
                        (passed + i).initialize(to: (place.toWindow, place.childClip))
                        (places.baseAddress! + i).initialize(to: MovingFrame.Place(windowFrame: place.windowFrame, visibleRect: place.visibleRect,
                                                                                   visible: place.visible))
                    }
                }
                initialized = count
            }
        }
        return MovingFrame(nodes: nodes, places: places)
    }
}

/// The moving views at one time (`World.movingFrame(_:)`).
public struct MovingFrame: Sendable {
    /// Where a view is in the window: what moves of a view that only its ancestors move.
    public struct Place: Sendable {
        @inlinable public init(windowFrame: Rect, visibleRect: Rect?, visible: Bool) {
            self.windowFrame = windowFrame
            self.visibleRect = visibleRect
            self.visible = visible
        }

        public var windowFrame: Rect
        public var visibleRect: Rect?
        public var visible: Bool
    }

    /// The nodes of the animated entries (`MovingViews.animatedEntries`), in entry order,
    /// without their subviews.
    public var nodes: [SnapshotNode]
    /// Every entry's place, in entry order.
    public var places: [Place]
}

extension SnapshotNode {
    /// The node of a view showing its model values `v`, without subviews, its place on screen
    /// not set yet (zero, visible).
    @inline(__always)
    init(model v: borrowing ViewNode) {
        let unset = Rect(x: 0, y: 0, width: 0, height: 0)
        self.init(identity: v.identityStorage, frame: unset, bounds: v.bounds, center: v.center, transform: v.transform,
                  transform3DStorage: v.transform3DStorage, alpha: v.alpha, hidden: v.hidden, windowFrame: unset,
                  backgroundColor: v.backgroundColor, layerStorage: v.layerStorage, visibleRect: nil, visible: true, children: [])
    }

    /// Where the view is in the window: the members its ancestors move with it.
    @inlinable public var place: MovingFrame.Place {
        MovingFrame.Place(windowFrame: windowFrame, visibleRect: visibleRect, visible: visible)
    }
}
