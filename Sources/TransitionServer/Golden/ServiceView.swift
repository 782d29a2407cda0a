import JSONCodec
import TransitionCore

extension ComparedFrame {
    /// The service's own frame: its views in the flat batch's order (each before its subviews),
    /// each with the values a comparison reads from the `/snapshots` answer (`ComparedView(service:)`),
    /// taken from the snapshot's nodes without writing and parsing that JSON. `indexes`: the
    /// leaf indexes made for the frames read before, kept for the next.
    init(_ snapshot: Snapshot, indexes: inout LeafIndexes) {
        var views: [ComparedView] = []
        var count = 0
        withUnsafePointer(to: snapshot.root) { ComparedView.appendService($0, count: &count, indexes: &indexes, into: &views) }
        self.init(time: snapshot.time, views: views, pointer: "")
    }
}

/// The leaf positions (`LeafPositions`) of each set of members the service's views have
/// (`ServiceLeaves.members`: with their order fixed, the set says the leaves), made for the
/// first view that has it: a frame's views have a few sets among them, and the frames of one
/// run the same few.
struct LeafIndexes {
    private var byMembers: [UInt64: LeafPositions] = [:]

    init() {}

    mutating func positions(of leaves: ServiceLeaves) -> LeafPositions {
        if let known = byMembers[leaves.members] { return known }
        let positions = LeafPositions(leaves.list)
        byMembers[leaves.members] = positions
        return positions
    }
}

extension ComparedView {
    /// The view at `p` and its subviews, back to front; `count` counts them as the flat list
    /// does (a view that does not read keeps its place in the count). Through a pointer, as the
    /// encoder walks them: a node passed by value is copied whole.
    fileprivate static func appendService(_ p: UnsafePointer<SnapshotNode>, count: inout Int, indexes: inout LeafIndexes,
                                          into views: inout [ComparedView]) {
        if let view = ComparedView(service: p, place: ViewPlace(list: "/views", index: count), indexes: &indexes) { views.append(view) }
        count += 1
        p.pointee.children.withUnsafeBufferPointer { children in
            for i in children.indices { appendService(children.baseAddress! + i, count: &count, indexes: &indexes, into: &views) }
        }
    }

    /// A view of the service's snapshot with exactly the leaves the flat batch's JSON of it reads
    /// as (ComparedView.read): the members `ResponseEncoder.nodeFields` writes, in its order and
    /// with its omissions (a layer property only when it is not CALayer's default, `visibleRect`
    /// only when something clips, `visible` only when false), colours as its `#rrggbbaa`, and
    /// each number as the double its text reads back as: itself (the writer's text is the
    /// shortest that reads back as the same double), but -0 as 0 (written `0`). Nil for a view
    /// holding a number JSON cannot (NaN, ±∞: the answer writes `null`, which no member reads
    /// as), as such a view of a `/snapshots` answer does not read.
    init?(service p: UnsafePointer<SnapshotNode>, place: ViewPlace, indexes: inout LeafIndexes) {
        var b = ServiceLeaves()
        b.view = p
        b.place = p.pointee.place
        ViewMembers.all(&b)
        guard b.readable else { return nil }
        let positions = indexes.positions(of: b)
        let controller = p.pointee.viewController, path = p.pointee.path, id = p.pointee.id
        self.init(identity: controller.map { .path(viewController: $0, path: path) } ?? .id(id), id: id, viewController: controller,
                  path: path, leaves: b.list, positions: positions, place: place)
    }
}

/// The leaves of one of the service's views, added member by member as the flat batch writes
/// them (ComparedView(service:)); also CALayer's defaults as leaves (ViewProperty.omitted).
struct ServiceLeaves {
    private(set) var list: [Leaf] = []
    /// False once a number JSON cannot hold was given (it is left out).
    private(set) var readable = true
    /// Which members were given, a bit each (`Member.bit`): with their order fixed, what names
    /// the leaves have.
    private(set) var members: UInt64 = 0
    /// What the member table's rows are read from (`ViewMembers`): the view, its place and layer
    /// properties, the row being read, and whether layer properties are read even when CALayer's
    /// defaults.
    fileprivate var view: UnsafePointer<SnapshotNode>?
    fileprivate var place: MovingFrame.Place?
    fileprivate var layer = LayerProperties.defaults
    fileprivate var row = 0
    fileprivate var readsDefaults = false

    init() { list.reserveCapacity(48) }

    /// A member's first leaf (`LeafKey.Member`; a view's identity has none) and its bit.
    struct Member {
        let first: LeafKey
        let bit: UInt64

        /// Its leaf `i`, in its shape's order.
        @inline(__always)
        func leaf(_ i: Int) -> LeafKey { LeafKey(index: first.index + i) }
    }

    /// Every row's member (`ViewMemberRow.all`), each with its own bit.
    static let members: [Member] = LeafKey.members.enumerated().map { row, member in
        Member(first: member?.first ?? LeafKey(index: -1), bit: 1 << row)
    }

    /// A number leaf: `n` as its JSON text reads back (-0 as 0); NaN and ±∞ make the view unreadable.
    @inline(__always)
    private mutating func number(_ key: LeafKey, _ n: Double) {
        guard n.isFinite else {
            readable = false
            return
        }
        list.append(Leaf(key: key, value: .number(n == 0 ? 0 : n)))
    }

    /// A member that is one number.
    mutating func number(_ member: Member, _ n: Double) {
        members |= member.bit
        number(member.first, n)
    }

    /// A member compared whole (a string, a boolean, `maskedCorners`).
    mutating func whole(_ member: Member, _ value: JSONValue) {
        members |= member.bit
        list.append(Leaf(key: member.first, value: .whole(value)))
    }

    mutating func rect(_ member: Member, _ r: Rect) {
        members |= member.bit
        number(member.leaf(0), r.minX)
        number(member.leaf(1), r.minY)
        number(member.leaf(2), r.width)
        number(member.leaf(3), r.height)
    }

    mutating func point(_ member: Member, _ p: Point) {
        members |= member.bit
        number(member.leaf(0), p.x)
        number(member.leaf(1), p.y)
    }

    mutating func size(_ member: Member, _ s: Size) {
        members |= member.bit
        number(member.leaf(0), s.width)
        number(member.leaf(1), s.height)
    }

    mutating func transform(_ member: Member, _ t: AffineTransform) {
        members |= member.bit
        number(member.leaf(0), t.a)
        number(member.leaf(1), t.b)
        number(member.leaf(2), t.c)
        number(member.leaf(3), t.d)
        number(member.leaf(4), t.tx)
        number(member.leaf(5), t.ty)
    }

    /// The 16 entries row by row, a 2D transform's in its 3D form (as the encoder writes them).
    mutating func transform3D(_ member: Member, _ t: Transform3D) {
        members |= member.bit
        let entries = t.affine.map { a in [a.a, a.b, 0, 0, a.c, a.d, 0, 0, 0, 0, 1, 0, a.tx, a.ty, 0, 1] } ?? t.rowMajor
        for (i, n) in entries.enumerated() { number(member.leaf(i), n) }
    }

    /// CALayer's defaults and `visible` (true), as leaves: what a view whose snapshot leaves them
    /// out has (ViewProperty.omitted).
    static let defaults: [Leaf] = {
        var b = ServiceLeaves()
        b.readsDefaults = true
        b.row = ViewMemberRow.layerStart
        ViewMembers.layer(&b)
        b.whole(members[ViewMemberRow.index(of: "visible")!], .bool(true))
        return b.list
    }()
}

extension ServiceLeaves: ViewMemberVisitor {
    mutating func readsLayer() -> Bool {
        guard view!.pointee.hasLayerProperties else { return false }
        layer = view!.pointee.layer
        return true
    }

    mutating func skipsLayer() {
        row += ViewMemberRow.layerCount
    }

    /// The row's value's leaves, unless the row is the view's identity.
    private mutating func read<T: ViewMemberType>(_ value: T?, _ comparison: MemberComparison) {
        if comparison != .identity, let value { value.leaves(Self.members[row], into: &self) }
        row += 1
    }

    mutating func member<T: ViewMemberType>(_ name: StaticString, _ value: (UnsafePointer<SnapshotNode>) -> T, _ comparison: MemberComparison) {
        read(value(view!), comparison)
    }

    mutating func optional<T: ViewMemberType>(_ name: StaticString, _ value: (UnsafePointer<SnapshotNode>) -> T?, _ comparison: MemberComparison) {
        read(value(view!), comparison)
    }

    mutating func layer<T: ViewMemberType & Equatable>(_ name: StaticString, _ value: (LayerProperties) -> T,
                                                      _ comparison: MemberComparison) {
        let v = value(layer)
        read(readsDefaults || v != value(.defaults) ? v : nil, comparison)
    }

    mutating func place<T: ViewMemberType>(_ name: StaticString, _ value: (MovingFrame.Place) -> T, _ comparison: MemberComparison) {
        read(value(place!), comparison)
    }

    mutating func optionalPlace<T: ViewMemberType>(_ name: StaticString, _ value: (MovingFrame.Place) -> T?,
                                                  _ comparison: MemberComparison) {
        read(value(place!), comparison)
    }
}
