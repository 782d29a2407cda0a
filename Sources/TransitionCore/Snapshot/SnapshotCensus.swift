/// What a snapshot of a world holds, counted from the model without computing it, so that a
/// series of frames can be weighed before any frame is: the views in the window (a
/// snapshot has a node for each, animations change their values but never which they are) and
/// the bytes of the names every encoding writes for each.
public struct SnapshotCensus: Sendable, Equatable {
    /// Views in the window's tree, the window included.
    public var views = 0
    /// UTF-8 bytes of their ids, kinds and paths.
    public var nameBytes = 0
    /// Those of them that a drawing shows: no hidden view (itself or above it) on their way from
    /// the window. (`hidden` is a model value: animations never change it.)
    public var shownViews = 0
    /// UTF-8 bytes of the shown views' kinds and paths.
    public var shownNameBytes = 0

    public init() {}
}

extension World {
    /// The census of `snapshot(at: now)`.
    public func snapshotCensus() -> SnapshotCensus {
        var census = SnapshotCensus()
        var stack = [(view: window, shown: true)]
        // Each value read from the tree where it is stored: a copy of a whole view (its names,
        // layers and geometry) for each would cost more than the count. Every state a session
        // makes is counted so (`censusTrajectory`).
        while let (id, shownAbove) = stack.popLast() {
            let names = tree[id].kind.utf8.count + tree[id].path.utf8.count
            census.views += 1
            census.nameBytes += names + tree[id].id.utf8.count
            let shown = shownAbove && !tree[id].hidden
            if shown {
                census.shownViews += 1
                census.shownNameBytes += names
            }
            for child in tree[id].children { stack.append((child, shown)) }
        }
        return census
    }
}
