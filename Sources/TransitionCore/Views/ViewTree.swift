import JSONCodec

/// Every view of a session, attached to the window or not.
///
/// A world is copied for every snapshot of the future and kept at points of its history, so a
/// copy must cost little and share what did not change: each view lives in its own
/// copy-on-write box, and a copy of the tree copies one reference per view (8 bytes), never the
/// views themselves. Changing a view copies its box only when another tree still shares it.
struct ViewTree: Sendable {
    /// One slot per view ever created, indexed by `ViewID`.
    private var slots: [Slot] = []
    /// owner → (path → view), for views that belong to a controller. Nested so that a copy of
    /// the tree shares each controller's table until that controller's views change.
    private var owned: [ControllerID: [String: ViewID]] = [:]
    /// Views ever created in this tree; bounded by `limit`.
    private(set) var created = 0
    /// Views not destroyed.
    private(set) var liveCount = 0
    let limit: Int

    private enum Slot {
        case live(NodeBox)
        /// A destroyed view keeps only how it was known (`controller:path` or id), for reports
        /// that outlive it; the views destroyed together share one record.
        case destroyed(Tombstone)
        /// Transient, while a box is checked for uniqueness in `subscript._modify`.
        case vacant
    }

    init(limit: Int) { self.limit = limit }

    subscript(id: ViewID) -> ViewNode {
        // A borrow of the stored view: reading one of its values copies only that value.
        _read {
            guard case .live(let box) = slots[Int(id.raw)] else { preconditionFailure("view \(id.raw) was destroyed") }
            yield box.node
        }
        _modify {
            let i = Int(id.raw)
            guard case .live(var box) = slots[i] else { preconditionFailure("view \(id.raw) was destroyed") }
            // Drop the slot's reference so that the box is uniquely ours if no other tree shares it.
            slots[i] = .vacant
            if !isKnownUniquelyReferenced(&box) { box = NodeBox(box.node) }
            defer { slots[i] = .live(box) }
            yield &box.node
        }
    }

    /// Whether this tree and `other`, both alive, share their storage, and so hold the same views
    /// with the same values: a change to a view first writes its slot, which copies storage that
    /// another tree shares, so shared storage is storage neither changed.
    func sharesStorage(with other: ViewTree) -> Bool {
        slots.withUnsafeBufferPointer { mine in other.slots.withUnsafeBufferPointer { $0.baseAddress == mine.baseAddress } }
    }

    /// Storage slots in use (live and destroyed views).
    var storageCount: Int { slots.count }

    func exists(_ id: ViewID) -> Bool {
        guard Int(id.raw) < slots.count, case .live = slots[Int(id.raw)] else { return false }
        return true
    }

    /// How a destroyed view was known, or nil if it was never destroyed.
    func destroyedName(_ id: ViewID) -> String? {
        guard Int(id.raw) < slots.count, case .destroyed(let tombstone) = slots[Int(id.raw)] else { return nil }
        return tombstone.names[id]
    }

    /// Stores a detached view and returns its id.
    mutating func create(_ node: ViewNode) throws(SimulationError) -> ViewID {
        guard created < limit else { throw .limitExceeded("a session holds at most \(limit) views over its lifetime") }
        created += 1
        liveCount += 1
        let id = ViewID(Int32(slots.count))
        var node = node
        node.parent = nil
        slots.append(.live(NodeBox(node)))
        if let owner = node.owner { owned[owner, default: [:]][node.path] = id }
        return id
    }

    /// The view a controller's spec named by `path` ("" is the root view).
    func view(owner: ControllerID, path: String) -> ViewID? {
        owned[owner]?[path]
    }

    /// `addSubview:`: moves `child` to the front of `parent`'s subviews.
    mutating func addSubview(_ child: ViewID, to parent: ViewID) {
        detach(child)
        self[parent].children.append(child)
        self[child].parent = parent
    }

    /// `insertSubview:aboveSubview:` / `belowSubview:`; a sibling that is not a subview of
    /// `parent` puts the child on top, as UIKit does.
    mutating func insertSubview(_ child: ViewID, in parent: ViewID, relativeTo sibling: ViewID, above: Bool) {
        detach(child)
        var siblings = self[parent].children
        if let index = siblings.firstIndex(of: sibling) {
            siblings.insert(child, at: above ? index + 1 : index)
        } else {
            siblings.append(child)
        }
        self[parent].children = siblings
        self[child].parent = parent
    }

    /// `removeFromSuperview`.
    mutating func detach(_ child: ViewID) {
        guard let parent = self[child].parent else { return }
        self[parent].children.removeAll { $0 == child }
        self[child].parent = nil
    }

    /// Forgets a detached subtree for good (a controller that left the session).
    mutating func destroy(_ root: ViewID) {
        guard exists(root) else { return }
        detach(root)
        var names: [ViewID: String] = [:]
        var stack = [root]
        while let id = stack.popLast() {
            let node = self[id]
            stack.append(contentsOf: node.children)
            if let owner = node.owner, owned[owner]?[node.path] == id {
                owned[owner]![node.path] = nil
                if owned[owner]!.isEmpty { owned[owner] = nil }
            }
            names[id] = node.owner.map { node.path.isEmpty ? $0.rawValue : "\($0):\(node.path)" } ?? node.id
        }
        // One record for the whole subtree: a controller's worth of views costs one allocation.
        let tombstone = Tombstone(names: names)
        for id in names.keys { slots[Int(id.raw)] = .destroyed(tombstone) }
        liveCount -= names.count
    }

    /// The chain from `id` up to its topmost ancestor, `id` first.
    func ancestry(_ id: ViewID) -> [ViewID] {
        var chain = [id]
        var current = self[id].parent
        while let p = current {
            chain.append(p)
            current = self[p].parent
        }
        return chain
    }

    /// A view's frame (model values) in the coordinates of `stop`, or of its topmost ancestor
    /// when `stop` is not above it; and the ancestor reached (nil: `stop`).
    func frameInAncestor(_ id: ViewID, stoppingAt stop: ViewID?) -> (Rect, ViewID?) {
        let node = self[id]
        var rect = node.frame
        var parent = node.parent
        while let p = parent, p != stop {
            let pn = self[p]
            let anchor = pn.anchorInBounds
            let local = rect.offsetBy(dx: -anchor.x, dy: -anchor.y)
            rect = pn.transform.boundingBox(of: local).offsetBy(dx: pn.center.x, dy: pn.center.y)
            parent = pn.parent
        }
        return (rect, parent)
    }

    func isDescendant(_ id: ViewID, of ancestor: ViewID) -> Bool {
        ancestry(id).contains(ancestor)
    }

    /// Whether the view exists and `root` (the window) is its topmost ancestor.
    func isAttached(_ id: ViewID, to root: ViewID) -> Bool {
        exists(id) && ancestry(id).last == root
    }

    /// `controller:path` for a controller's view, the id for a service view, and the last name
    /// of one destroyed since.
    func describe(_ view: ViewID) -> String {
        guard exists(view) else { return destroyedName(view) ?? "removed" }
        let node = self[view]
        if let owner = node.owner { return node.path.isEmpty ? owner.rawValue : "\(owner):\(node.path)" }
        return node.id
    }
}

/// A view's storage: shared between trees until one of them changes the view.
/// `@unchecked Sendable`: a box is mutated only through `ViewTree.subscript._modify`, and only
/// when uniquely referenced, so a box that two trees (or threads) can see is never written.
/// For the same reason no read of `node` can overlap a write: the run-time exclusivity check
/// Swift makes on every access to a class's stored property (a snapshot reads every view's) is
/// left out.
private final class NodeBox: @unchecked Sendable {
    @exclusivity(unchecked) var node: ViewNode
    init(_ node: ViewNode) { self.node = node }
}

/// What remains of a destroyed subtree: how each of its views was known.
private final class Tombstone: Sendable {
    let names: [ViewID: String]
    init(names: [ViewID: String]) { self.names = names }
}
