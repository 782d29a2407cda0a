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

/// The leaf index (`ComparedView.index(of:)`) of each set of members the service's views have
/// (`ServiceLeaves.members`: with their order fixed, the set says the leaves' names), made for
/// the first view that has it: a frame's views have a few sets among them, and the frames of
/// one run the same few.
struct LeafIndexes {
    private var byMembers: [UInt64: [String: Int]] = [:]

    init() {}

    mutating func index(of leaves: ServiceLeaves) -> [String: Int] {
        if let known = byMembers[leaves.members] { return known }
        let index = ComparedView.index(of: leaves.list)
        byMembers[leaves.members] = index
        return index
    }
}

extension ComparedView {
    /// The view at `p` and its subviews, back to front; `count` counts them as the flat list
    /// does (a view that does not read keeps its place in the count). Through a pointer, as the
    /// encoder walks them: a node passed by value is copied whole.
    fileprivate static func appendService(_ p: UnsafePointer<SnapshotNode>, count: inout Int, indexes: inout LeafIndexes,
                                          into views: inout [ComparedView]) {
        if let view = ComparedView(service: p, pointer: "/views/\(count)", indexes: &indexes) { views.append(view) }
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
    init?(service p: UnsafePointer<SnapshotNode>, pointer: String, indexes: inout LeafIndexes) {
        let m = ServiceLeaves.members
        var b = ServiceLeaves()
        b.whole(m.kind, .string(p.pointee.kind))
        if let role = p.pointee.role { b.whole(m.role, .string(role.rawValue)) }
        b.rect(m.frame, p.pointee.frame)
        b.rect(m.bounds, p.pointee.bounds)
        b.point(m.center, p.pointee.center)
        b.transform(m.transform, p.pointee.transform)
        if let t3 = p.pointee.transform3D { b.transform3D(m.transform3D, t3) }
        b.number(m.alpha, p.pointee.alpha)
        b.whole(m.hidden, .bool(p.pointee.hidden))
        b.rect(m.windowFrame, p.pointee.windowFrame)
        if let c = p.pointee.backgroundColor { b.whole(m.backgroundColor, .string(ResponseEncoder.hex(c))) }
        if let text = p.pointee.text { b.whole(m.text, .string(text)) }
        if let size = p.pointee.fontSize { b.number(m.fontSize, size) }
        if let image = p.pointee.image { b.whole(m.image, .string(image)) }
        if let source = p.pointee.snapshotOf { b.whole(m.snapshotOf, .string(source)) }
        let layer = p.pointee.layer
        if layer != .defaults { b.layer(layer, omittingDefaults: true) }
        if let r = p.pointee.visibleRect { b.rect(m.visibleRect, r) }
        if !p.pointee.visible { b.whole(m.visible, .bool(false)) }
        guard b.readable else { return nil }
        let index = indexes.index(of: b)
        let controller = p.pointee.viewController, path = p.pointee.path, id = p.pointee.id
        self.init(identity: controller.map { .path(viewController: $0, path: path) } ?? .id(id), id: id, viewController: controller,
                  path: path, leaves: b.list, index: index, pointer: pointer)
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

    init() { list.reserveCapacity(48) }

    /// A member's leaves, named and held to their tolerances (`ViewProperty.prototypes`), made
    /// once: a view's leaves are these with its values.
    struct Member {
        let leaves: [Leaf]
        let bit: UInt64
    }

    /// Every member, each with its own bit.
    struct Members {
        let kind, role, frame, bounds, center, transform, transform3D, alpha, hidden, windowFrame, backgroundColor, text, fontSize,
            image, snapshotOf, cornerRadius, maskedCorners, clipsToBounds, borderWidth, borderColor, shadowOpacity, shadowRadius,
            shadowOffset, shadowColor, anchorPoint, zPosition, isDoubleSided, visibleRect, visible: Member

        init() {
            var bits = 0
            func p(_ name: String) -> Member {
                defer { bits += 1 }
                return Member(leaves: ViewProperty.prototypes(of: name), bit: 1 << bits)
            }
            kind = p("kind"); role = p("role"); frame = p("frame"); bounds = p("bounds")
            center = p("center"); transform = p("transform"); transform3D = p("transform3D"); alpha = p("alpha")
            hidden = p("hidden"); windowFrame = p("windowFrame"); backgroundColor = p("backgroundColor"); text = p("text")
            fontSize = p("fontSize"); image = p("image"); snapshotOf = p("snapshotOf"); cornerRadius = p("cornerRadius")
            maskedCorners = p("maskedCorners"); clipsToBounds = p("clipsToBounds"); borderWidth = p("borderWidth"); borderColor = p("borderColor")
            shadowOpacity = p("shadowOpacity"); shadowRadius = p("shadowRadius"); shadowOffset = p("shadowOffset"); shadowColor = p("shadowColor")
            anchorPoint = p("anchorPoint"); zPosition = p("zPosition"); isDoubleSided = p("isDoubleSided"); visibleRect = p("visibleRect")
            visible = p("visible")
        }
    }

    static let members = Members()

    /// A number leaf: `n` as its JSON text reads back (-0 as 0); NaN and ±∞ make the view unreadable.
    @inline(__always)
    private mutating func number(_ prototype: Leaf, _ n: Double) {
        guard n.isFinite else {
            readable = false
            return
        }
        list.append(Leaf(name: prototype.name, value: .number(n == 0 ? 0 : n), tolerance: prototype.tolerance))
    }

    /// A member that is one number.
    mutating func number(_ member: Member, _ n: Double) {
        members |= member.bit
        number(member.leaves[0], n)
    }

    /// A member compared whole (a string, a boolean, `maskedCorners`).
    mutating func whole(_ member: Member, _ value: JSONValue) {
        members |= member.bit
        list.append(Leaf(name: member.leaves[0].name, value: .whole(value), tolerance: member.leaves[0].tolerance))
    }

    mutating func rect(_ member: Member, _ r: Rect) {
        members |= member.bit
        number(member.leaves[0], r.minX)
        number(member.leaves[1], r.minY)
        number(member.leaves[2], r.width)
        number(member.leaves[3], r.height)
    }

    mutating func point(_ member: Member, _ p: Point) {
        members |= member.bit
        number(member.leaves[0], p.x)
        number(member.leaves[1], p.y)
    }

    mutating func size(_ member: Member, _ s: Size) {
        members |= member.bit
        number(member.leaves[0], s.width)
        number(member.leaves[1], s.height)
    }

    mutating func transform(_ member: Member, _ t: AffineTransform) {
        members |= member.bit
        number(member.leaves[0], t.a)
        number(member.leaves[1], t.b)
        number(member.leaves[2], t.c)
        number(member.leaves[3], t.d)
        number(member.leaves[4], t.tx)
        number(member.leaves[5], t.ty)
    }

    /// The 16 entries row by row, a 2D transform's in its 3D form (as the encoder writes them).
    mutating func transform3D(_ member: Member, _ t: Transform3D) {
        members |= member.bit
        let entries = t.affine.map { a in [a.a, a.b, 0, 0, a.c, a.d, 0, 0, 0, 0, 1, 0, a.tx, a.ty, 0, 1] } ?? t.rowMajor
        for (i, n) in entries.enumerated() { number(member.leaves[i], n) }
    }

    /// The layer properties that differ from CALayer's defaults (`ResponseEncoder.layerFields`'s
    /// members and order), or every one with `omittingDefaults` false.
    mutating func layer(_ l: LayerProperties, omittingDefaults: Bool) {
        let m = Self.members
        let d: LayerProperties? = omittingDefaults ? .defaults : nil
        if l.cornerRadius != d?.cornerRadius { number(m.cornerRadius, l.cornerRadius) }
        if l.maskedCorners != d?.maskedCorners { whole(m.maskedCorners, .array(l.maskedCorners.cornerNames.map { .string($0) })) }
        if l.clipsToBounds != d?.clipsToBounds { whole(m.clipsToBounds, .bool(l.clipsToBounds)) }
        if l.borderWidth != d?.borderWidth { number(m.borderWidth, l.borderWidth) }
        if l.borderColor != d?.borderColor { whole(m.borderColor, .string(ResponseEncoder.hex(l.borderColor))) }
        if l.shadowOpacity != d?.shadowOpacity { number(m.shadowOpacity, l.shadowOpacity) }
        if l.shadowRadius != d?.shadowRadius { number(m.shadowRadius, l.shadowRadius) }
        if l.shadowOffset != d?.shadowOffset { size(m.shadowOffset, l.shadowOffset) }
        if l.shadowColor != d?.shadowColor { whole(m.shadowColor, .string(ResponseEncoder.hex(l.shadowColor))) }
        if l.anchorPoint != d?.anchorPoint { point(m.anchorPoint, l.anchorPoint) }
        if l.zPosition != d?.zPosition { number(m.zPosition, l.zPosition) }
        if l.isDoubleSided != d?.isDoubleSided { whole(m.isDoubleSided, .bool(l.isDoubleSided)) }
    }

    /// CALayer's defaults and `visible` (true), as leaves: what a view whose snapshot leaves them
    /// out has (ViewProperty.omitted).
    static let defaults: [String: Leaf.Value] = {
        var b = ServiceLeaves()
        b.layer(.defaults, omittingDefaults: false)
        b.whole(members.visible, .bool(true))
        return Dictionary(uniqueKeysWithValues: b.list.map { ($0.name, $0.value) })
    }()
}
