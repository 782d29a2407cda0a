import JSONCodec

/// Every view of a session, attached to the window or not, in one value-typed store so that a
/// whole world can be copied cheaply (for snapshots of the future and for history).
public struct ViewTree: Sendable {
    private(set) var nodes: [ViewNode?] = []
    /// (owner, path) → view, for views that belong to a controller.
    private var owned: [OwnerPath: ViewID] = [:]
    /// How destroyed views were known (`controller:path` or id), for reports that outlive them.
    private(set) var destroyedNames: [ViewID: String] = [:]
    /// Views ever created in this tree; bounded by `limit`.
    public private(set) var created = 0
    public let limit: Int

    struct OwnerPath: Hashable, Sendable { var owner: String; var path: String }

    public init(limit: Int) { self.limit = limit }

    public subscript(id: ViewID) -> ViewNode {
        get { nodes[Int(id.raw)]! }
        set { nodes[Int(id.raw)] = newValue }
    }

    /// Storage slots in use (live and destroyed views): what a copy of this tree costs.
    public var storageCount: Int { nodes.count }

    public func exists(_ id: ViewID) -> Bool {
        Int(id.raw) < nodes.count && nodes[Int(id.raw)] != nil
    }

    /// Stores a detached view and returns its id.
    public mutating func create(_ node: ViewNode) throws(SimulationError) -> ViewID {
        guard created < limit else { throw .limitExceeded("a session holds at most \(limit) views over its lifetime") }
        created += 1
        let id = ViewID(Int32(nodes.count))
        var node = node
        node.parent = nil
        nodes.append(node)
        if let owner = node.owner { owned[OwnerPath(owner: owner, path: node.path)] = id }
        return id
    }

    /// The view a controller's spec named by `path` ("" is the root view).
    public func view(owner: String, path: String) -> ViewID? {
        owned[OwnerPath(owner: owner, path: path)]
    }

    /// `addSubview:`: moves `child` to the front of `parent`'s subviews.
    public mutating func addSubview(_ child: ViewID, to parent: ViewID) {
        detach(child)
        self[parent].children.append(child)
        self[child].parent = parent
    }

    /// `insertSubview:aboveSubview:` / `belowSubview:`; a sibling that is not a subview of
    /// `parent` puts the child on top, as UIKit does.
    public mutating func insertSubview(_ child: ViewID, in parent: ViewID, relativeTo sibling: ViewID, above: Bool) {
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
    public mutating func detach(_ child: ViewID) {
        guard let parent = self[child].parent else { return }
        self[parent].children.removeAll { $0 == child }
        self[child].parent = nil
    }

    /// Forgets a detached subtree for good (a controller that left the session).
    public mutating func destroy(_ root: ViewID) {
        guard exists(root) else { return }
        detach(root)
        var stack = [root]
        while let id = stack.popLast() {
            let node = self[id]
            stack.append(contentsOf: node.children)
            destroyedNames[id] = node.owner.map { node.path.isEmpty ? $0 : "\($0):\(node.path)" } ?? node.id
            if let owner = node.owner, owned[OwnerPath(owner: owner, path: node.path)] == id {
                owned[OwnerPath(owner: owner, path: node.path)] = nil
            }
            nodes[Int(id.raw)] = nil
        }
    }

    /// The chain from `id` up to its topmost ancestor, `id` first.
    public func ancestry(_ id: ViewID) -> [ViewID] {
        var chain = [id]
        var current = self[id].parent
        while let p = current {
            chain.append(p)
            current = self[p].parent
        }
        return chain
    }

    public func isDescendant(_ id: ViewID, of ancestor: ViewID) -> Bool {
        ancestry(id).contains(ancestor)
    }
}

/// Errors of the simulation itself, independent of HTTP. The server maps each case to a problem.
public enum SimulationError: Error, Sendable {
    /// The request names something that does not make sense (→ 422), with a JSON pointer.
    case invalid(SpecError)
    /// The operation conflicts with the current state (→ 409): a problem slug, a message, and
    /// extension members for the problem document (in this order).
    case conflict(type: String, detail: String, extras: [(key: String, value: JSONValue)] = [])
    /// A size bound was reached (→ 422 / 429).
    case limitExceeded(String)
}
