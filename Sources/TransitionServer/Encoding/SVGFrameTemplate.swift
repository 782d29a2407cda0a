import TransitionCore

/// A frame of a drawing (`filmstrip.svg`) between two changes of a session, made once: the bytes
/// of one frame with slots where what moves with `t` is drawn (the frame's group with its
/// `data-time` and place in the strip, the caption, and each view that moves: `MovingViews`). A
/// frame at another `t` is the fixed bytes around those parts, each drawn afresh by the encoder's
/// own functions (`SVGEncoder.openFrame`, `openView`, `closeView`, `caption`) from the moving
/// views' values alone (`World.movingFrame`), so the bytes are the full encoder's
/// (docs/performance.md § Templates).
///
/// A view that moves is drawn whole but for its subviews: its group's opening (its `opacity`),
/// shadow, shape, content and clip before them, its border and the group's end after them, all
/// under its map to the window, which its ancestors' motion changes; the group's opening of a
/// view only its ancestors move is its model's, fixed bytes. A view that stands still is
/// fixed bytes, unless its drawing numbers a layer's clip path or shadow filter (`layer-3`: the
/// number runs on through a film strip's frames): then its opening is drawn afresh from its kept
/// node. It holds for a world advanced from the same state that `fits` its moving views, in the
/// precision it was made in; made for one request, it is not kept.
final class SVGFrameTemplate {
    /// The session's log position of the state it was made in (`Int.max`: the current state).
    let position: Int
    let precision: Int?
    let moving: MovingViews
    /// The frame it was made from, as drawn, from its group's opening.
    let bytes: [UInt8]
    /// The parts drawn afresh, in order.
    let slots: [Slot]
    /// The views drawn afresh.
    let views: [View]
    /// The nodes of those without animations of their own, as the template's frame holds them:
    /// every value the drawing reads but `visible` stays its model's.
    let keptNodes: [SnapshotNode]
    /// The window's height, which the caption sits under (the window's group stands still).
    let windowHeight: Double

    /// A part drawn afresh for each frame: where it is in the template's bytes.
    struct Slot {
        let start: Int
        let end: Int
        let part: Part
    }

    enum Part {
        /// The frame's group opening.
        case frame
        /// The opening of `views[i]`, with what it draws under its subviews.
        case open(Int)
        /// What `views[i]` draws over its subviews, and its group's end.
        case close(Int)
        /// The caption and the frame's end.
        case caption
    }

    /// A view drawn afresh, and where its values come from.
    struct View {
        /// Its node's index in `MovingFrame.nodes` when it has animations of its own, else -1.
        let animated: Int
        /// Its index in `MovingFrame.places` when only its ancestors move it (its `visible`
        /// follows them), else -1.
        let carried: Int
        /// Its node's index in `keptNodes` when it has no animations of its own, else -1.
        let kept: Int
        /// The view in `views` that is its superview when that moves too, else -1.
        let parent: Int
        /// The superview's bounds → window when it stands still.
        let parentToWindow: ProjectiveTransform
        /// Its group's opening is fixed bytes (a view only its ancestors move: its names and
        /// `opacity` are its model's), and its slot starts after it (`SVGEncoder.drawOwn`).
        let groupFixed: Bool
    }

    private init(position: Int, precision: Int?, moving: MovingViews, bytes: [UInt8], slots: [Slot], views: [View], keptNodes: [SnapshotNode],
                 windowHeight: Double) {
        self.position = position
        self.precision = precision
        self.moving = moving
        self.bytes = bytes
        self.slots = slots
        self.views = views
        self.keptNodes = keptNodes
        self.windowHeight = windowHeight
    }

    /// Whether it draws `world` (advanced from the state at `position`) in `encoder`'s precision.
    func holds(for world: World, position: Int, in encoder: borrowing SVGEncoder) -> Bool {
        self.position == position && precision == encoder.writer.precision && world.fits(moving)
    }

    /// Draws `world`'s frame at its `now`, its window's left edge `x` points from the document's:
    /// the bytes `encoder.frame(world.snapshot(at: world.now), x: x)` writes. `holds` must be true.
    func draw(_ world: World, x: Double, into encoder: inout SVGEncoder) {
        let moved = world.movingFrame(moving)
        var drawn = [SVGEncoder.DrawnView](repeating: SVGEncoder.DrawnView(toWindow: .identity, onScreen: false, clips: false), count: views.count)
        // Views and nodes read in place: a copy of each would retain and release its references.
        bytes.withUnsafeBufferPointer { fixed in
            views.withUnsafeBufferPointer { views in
                moved.nodes.withUnsafeBufferPointer { nodes in keptNodes.withUnsafeBufferPointer { kept in
                    // A view's node and whether it shows: its own animated node, or its kept one
                    // with the `visible` its moving ancestors give it.
                    func source(_ view: UnsafePointer<View>) -> (node: UnsafePointer<SnapshotNode>, visible: Bool) {
                        if view.pointee.animated >= 0 {
                            let node = nodes.baseAddress! + view.pointee.animated
                            return (node, node.pointee.visible)
                        }
                        let node = kept.baseAddress! + view.pointee.kept
                        return (node, view.pointee.carried >= 0 ? moved.places[view.pointee.carried].visible : node.pointee.visible)
                    }
                    var from = 0
                    for slot in slots {
                        encoder.writer.raw(bytes: UnsafeBufferPointer(rebasing: fixed[from..<slot.start]))
                        from = slot.end
                        switch slot.part {
                        case .frame:
                            encoder.openFrame(time: world.now, x: x)
                        case .caption:
                            encoder.caption(time: world.now, transition: world.currentTransitionState(at: world.now), below: windowHeight)
                            encoder.writer.raw("</g>\n")
                        case .open(let i):
                            let view = views.baseAddress! + i
                            let parent = view.pointee.parent < 0 ? view.pointee.parentToWindow : drawn[view.pointee.parent].toWindow
                            let (node, visible) = source(view)
                            drawn[i] = view.pointee.groupFixed ? encoder.drawOwn(node.pointee, toWindow: parent, visible: visible)
                                                               : encoder.openView(node.pointee, toWindow: parent, visible: visible)
                        case .close(let i):
                            let (node, visible) = source(views.baseAddress! + i)
                            encoder.closeView(node.pointee, drawn[i], visible: visible)
                        }
                    }
                    encoder.writer.raw(bytes: UnsafeBufferPointer(rebasing: fixed[from...]))
                } }
            }
        }
    }

    /// Draws `world`'s frame at its `now` in full (`shot`, its snapshot), as `encoder.frame(shot,
    /// x: x)` does, and makes the template of it: nil when none holds (an animated `zPosition`, a
    /// window that moves, a drawing whose moving views are not what `World.movingViews` found).
    /// The template is checked once against what was just drawn.
    static func drawAndMake(_ world: World, _ shot: Snapshot, position: Int, x: Double, into encoder: inout SVGEncoder) -> SVGFrameTemplate? {
        // The window's own group is fixed bytes, and the caption's place is its height.
        guard let moving = world.movingViews(), moving.order.first != 0 else {
            encoder.frame(shot, x: x)
            return nil
        }
        let start = encoder.writer.count, firstLayerID = encoder.nextLayerID
        var maker = Maker(moving: moving, origin: start)
        maker.slot(.frame, &encoder) { $0.openFrame(time: shot.time, x: x) }
        maker.draw(shot.root, parent: .identity, parentView: -1, &encoder)
        maker.slot(.caption, &encoder) {
            $0.caption(time: shot.time, transition: shot.transition, below: SVGEncoder.windowSize(shot).height)
            $0.writer.raw("</g>\n")
        }
        guard maker.consistent, maker.nextEntry == moving.count else { return nil }
        let written = encoder.writer.bytes(from: start)
        let template = SVGFrameTemplate(position: position, precision: encoder.writer.precision, moving: moving, bytes: written, slots: maker.slots, views: maker.views,
                                        keptNodes: maker.keptNodes,
                                        windowHeight: SVGEncoder.windowSize(shot).height)
        var check = SVGEncoder(precision: encoder.writer.precision)
        check.nextLayerID = firstLayerID
        template.draw(world, x: x, into: &check)
        return sameBytes(check.writer.bytes, written[...]) && check.nextLayerID == encoder.nextLayerID ? template : nil
    }

    /// What drawing the template's frame notes: the slots, the views drawn afresh, and where it
    /// is among the moving views.
    private struct Maker {
        let moving: MovingViews
        let origin: Int
        /// Each moving entry's index in `MovingFrame.nodes` (its animated entries, in order).
        let nodeIndex: [Int]
        var slots: [Slot] = []
        var views: [View] = []
        var keptNodes: [SnapshotNode] = []
        /// The next view's index among the snapshot's views in drawing order (hidden ones too).
        var index = 0
        var nextEntry = 0
        /// False when a subview of a moving view is not among the moving views.
        var consistent = true

        init(moving: MovingViews, origin: Int) {
            self.moving = moving
            self.origin = origin
            var next = 0
            nodeIndex = moving.animatedEntries.map { animated in
                defer { if animated { next += 1 } }
                return animated ? next : -1
            }
        }

        mutating func slot(_ part: Part, _ encoder: inout SVGEncoder, _ body: (inout SVGEncoder) -> Void) {
            let start = encoder.writer.count - origin
            body(&encoder)
            slots.append(Slot(start: start, end: encoder.writer.count - origin, part: part))
        }

        /// `SVGEncoder.view`, noting what moves.
        mutating func draw(_ n: SnapshotNode, parent: ProjectiveTransform, parentView: Int, _ encoder: inout SVGEncoder) {
            let me = index
            index += 1
            guard !n.hidden else {
                index += Self.descendants(n)
                return
            }
            // Moving views under a hidden view are not drawn.
            while nextEntry < moving.count, moving.order[nextEntry] < me { nextEntry += 1 }
            var entry = -1
            if nextEntry < moving.count, moving.order[nextEntry] == me {
                entry = nextEntry
                nextEntry += 1
            }
            if parentView >= 0, entry < 0 { consistent = false }
            let opening = encoder.writer.count - origin, layerIDs = encoder.nextLayerID
            encoder.openGroup(n)
            let own = encoder.writer.count - origin
            let drawn = encoder.drawOwn(n, toWindow: parent, visible: n.visible)
            var view = -1
            if entry >= 0 || encoder.nextLayerID != layerIDs {
                let animated = entry >= 0 && moving.animatedEntries[entry]
                let groupFixed = entry >= 0 && !animated
                let start = groupFixed ? own : opening
                if !animated { keptNodes.append(n) }
                views.append(View(animated: animated ? nodeIndex[entry] : -1, carried: entry >= 0 && !animated ? entry : -1,
                                  kept: animated ? -1 : keptNodes.count - 1, parent: parentView, parentToWindow: parent,
                                  groupFixed: groupFixed))
                view = views.count - 1
                slots.append(Slot(start: start, end: encoder.writer.count - origin, part: .open(view)))
            }
            // The subviews of a moving view are placed afresh from its map; those of a view that
            // stands still from its fixed one.
            let moves = entry >= 0
            for child in n.children { draw(child, parent: drawn.toWindow, parentView: moves ? view : -1, &encoder) }
            let closing = encoder.writer.count - origin
            encoder.closeView(n, drawn, visible: n.visible)
            if moves { slots.append(Slot(start: closing, end: encoder.writer.count - origin, part: .close(view))) }
        }

        static func descendants(_ n: SnapshotNode) -> Int {
            n.children.reduce(n.children.count) { $0 + descendants($1) }
        }
    }
}
