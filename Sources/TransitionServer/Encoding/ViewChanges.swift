import JSONCodec
import TransitionCore

/// The `viewSet` and `viewUnset` of one change frame (`ChangeBatch`), found by comparing the
/// views' values as the flat form would write them, member by member in `ResponseEncoder`'s
/// order (`nodeFields`, then `parent`), without writing or reading back the views that did not
/// change: a rect, point, size or the 2D transform changes by its numbers (`frame.x`), anything
/// else (a string, a 3D transform's entries, the masked corners) whole; a member a view gains
/// is set whole, one it loses is unset.
struct ViewChanges {
    /// Each changed path in the order first met, with its values' groups as a chain through
    /// `groups` (first and last), in the order first met, and the group its latest value joined
    /// (`recent`). One set of lists for all paths, kept from frame to frame (`reset`): a frame
    /// changes a few dozen numbers, and arrays made per path, value or frame cost more than
    /// comparing them.
    private var set: [(path: ViewPath, first: Int, last: Int, recent: Int)] = []
    /// Each value a path takes, with the indices (in the new list) of the views that take it
    /// as a chain through `indices`, and the position of the path's next group (-1: none).
    private var groups: [Group] = []
    /// The values of the groups that are not numbers.
    private var values: [MemberValue] = []
    /// Each view index a group or an unset path holds, and the position of the next one (-1: none).
    private var indices: [(index: Int, next: Int)] = []
    /// Each path views lost, in the order first met, with their indices as a chain through `indices`.
    private var unset: [(path: ViewPath, first: Int, last: Int)] = []
    /// A path's position in `set` and `unset` (-1: not there yet), by `ViewPath.rawValue`.
    private var setSlot = [Int](repeating: -1, count: ViewPath.count)
    private var unsetSlot = [Int](repeating: -1, count: ViewPath.count)

    /// A value a path takes: a number, most changes, held as it is (no `MemberValue` to copy,
    /// compare or destroy), or another value, `values[value]`.
    private struct Group {
        var number: Double
        /// -1: a number.
        var value: Int
        var first: Int
        var last: Int
        var next = -1
    }
    let rounding: NumberRounding
    /// What the member table's rows are read from while two views are compared: the views,
    /// their places and layer properties, the new view's index and the row being read.
    private var views: (UnsafePointer<SnapshotNode>, UnsafePointer<SnapshotNode>)?
    /// Not optional: each place row would copy an optional pair whole to unwrap it.
    private var places = (MovingFrame.Place(windowFrame: .zero, visibleRect: nil, visible: true),
                          MovingFrame.Place(windowFrame: .zero, visibleRect: nil, visible: true))
    private var layers = (LayerProperties.defaults, LayerProperties.defaults)
    private var index = 0
    private var row = 0
    /// Where the place groups start in the table (`ViewMemberRow`), held here: read from the
    /// table's statics, each read would first ask whether they are made, for every view.
    private let windowRow = ViewMemberRow.windowStart
    private let clipRow = ViewMemberRow.clipStart
    private let layerCount = ViewMemberRow.layerCount

    init(rounding: NumberRounding) {
        self.rounding = rounding
    }

    /// No changes, for the next frame, the lists' storage kept.
    mutating func reset() {
        for entry in set { setSlot[Int(entry.path.rawValue)] = -1 }
        for entry in unset { unsetSlot[Int(entry.path.rawValue)] = -1 }
        set.removeAll(keepingCapacity: true)
        groups.removeAll(keepingCapacity: true)
        values.removeAll(keepingCapacity: true)
        indices.removeAll(keepingCapacity: true)
        unset.removeAll(keepingCapacity: true)
    }

    /// Records what differs between `old` (its superview's key `oldParent`) and `new`, the view
    /// at `index` in the new list, member by member as the member table lists them
    /// (`ViewMembers`). Through pointers, as the encoder reads views: a node copied is a few
    /// hundred bytes and four references.
    mutating func compare(_ old: UnsafePointer<SnapshotNode>, parent oldParent: String?, _ new: UnsafePointer<SnapshotNode>,
                          parent newParent: String?, index: Int) {
        views = (old, new)
        places = (old.pointee.place, new.pointee.place)
        self.index = index
        row = 0
        ViewMembers.all(&self)
        if oldParent != newParent { add(ViewPath.parent, newParent.changeValue, index) }
    }

    /// `compare` for a view only its ancestors move (`MovingViews`), now at `new`: of its
    /// members only its place's can differ.
    mutating func comparePlace(_ old: UnsafePointer<SnapshotNode>, _ new: UnsafePointer<MovingFrame.Place>, index: Int) {
        places = (old.pointee.place, new.pointee)
        self.index = index
        row = windowRow
        ViewMembers.window(&self)
        row = clipRow
        ViewMembers.clip(&self)
    }

    /// A member both views have: what differs, as its type says (`ViewMemberType.diff`).
    @inline(__always)
    private mutating func kept<T: ViewMemberType>(_ a: T, _ b: T) {
        T.diff(a, b, ViewPath(row: row), into: &self)
    }

    /// A member a view may lack: gained, it is set whole; lost, unset.
    @inline(__always)
    private mutating func optional<T: ViewMemberType>(_ a: T?, _ b: T?) {
        // Unwrapped one at a time: a switch on the pair copies both whole first (a 3D
        // transform's 128 bytes each, for every view).
        guard let b else {
            if a != nil { addUnset(ViewPath(row: row), index) }
            return
        }
        guard let a else { return add(ViewPath(row: row), b.changeValue, index) }
        T.diff(a, b, ViewPath(row: row), into: &self)
    }

    /// A change of `path` to `value` in the view being compared.
    @inline(__always)
    mutating func set(_ path: ViewPath, _ value: MemberValue) {
        add(path, value, index)
    }

    /// A number of the view being compared, changed unless written alike.
    @inline(__always)
    mutating func number(_ path: ViewPath, _ a: Double, _ b: Double) {
        if !rounding.writesSame(a, b) { add(path, number: b, index) }
    }

    private mutating func add(_ path: ViewPath, _ value: MemberValue, _ index: Int) {
        if case .number(let number) = value { return add(path, number: number, index) }
        let slot = setSlot[Int(path.rawValue)]
        guard slot >= 0 else { return addGroup(path, value: value, index) }
        var group = set[slot].first
        while group >= 0 {
            let v = groups[group].value
            if v >= 0, values[v].writesSame(as: value, rounding) { return addIndex(index, group: group, slot: slot) }
            group = groups[group].next
        }
        addGroup(path, value: value, index, slot: slot)
    }

    /// `add` for a number, the most common change. Of a path's groups at most one is written as
    /// `number` is (`writesSame` is an equivalence, and a group is made only for a value no other
    /// is written as), so the group the path's previous view joined, asked first, is the one
    /// the scan would find when it matches (a slide gives a cell and its subviews one `x`).
    private mutating func add(_ path: ViewPath, number: Double, _ index: Int) {
        let slot = setSlot[Int(path.rawValue)]
        guard slot >= 0 else { return addGroup(path, number: number, index) }
        let recent = set[slot].recent
        if groups[recent].value < 0, rounding.writesSame(groups[recent].number, number) { return addIndex(index, group: recent, slot: slot) }
        var group = set[slot].first
        while group >= 0 {
            if groups[group].value < 0, rounding.writesSame(groups[group].number, number) { return addIndex(index, group: group, slot: slot) }
            group = groups[group].next
        }
        addGroup(path, number: number, index, slot: slot)
    }

    /// `addGroup` of a value that is not a number.
    private mutating func addGroup(_ path: ViewPath, value: MemberValue, _ index: Int, slot: Int? = nil) {
        values.append(value)
        addGroup(path, Group(number: 0, value: values.count - 1, first: indices.count, last: indices.count), index, slot: slot)
    }

    private mutating func addGroup(_ path: ViewPath, number: Double, _ index: Int, slot: Int? = nil) {
        addGroup(path, Group(number: number, value: -1, first: indices.count, last: indices.count), index, slot: slot)
    }

    /// A new group, taken by the view at `index`, after the last of `set[slot]` (none: the
    /// path's first).
    private mutating func addGroup(_ path: ViewPath, _ group: Group, _ index: Int, slot: Int?) {
        let position = groups.count
        if let slot {
            groups[set[slot].last].next = position
            set[slot].last = position
            set[slot].recent = position
        } else {
            setSlot[Int(path.rawValue)] = set.count
            set.append((path, position, position, position))
        }
        groups.append(group)
        indices.append((index, -1))
    }

    private mutating func addIndex(_ index: Int, group: Int, slot: Int) {
        indices[groups[group].last].next = indices.count
        groups[group].last = indices.count
        set[slot].recent = group
        indices.append((index, -1))
    }

    private mutating func addUnset(_ path: ViewPath, _ index: Int) {
        let slot = unsetSlot[Int(path.rawValue)]
        guard slot >= 0 else {
            unsetSlot[Int(path.rawValue)] = unset.count
            unset.append((path, indices.count, indices.count))
            indices.append((index, -1))
            return
        }
        indices[unset[slot].last].next = indices.count
        unset[slot].last = indices.count
        indices.append((index, -1))
    }

    /// Writes the indices of the chain that starts at `first`.
    private func writeIndices(from first: Int, into writer: inout JSONWriter) {
        var next = first
        while next >= 0 {
            writer.integer(indices[next].index)
            next = indices[next].next
        }
    }

    /// `viewSet` and `viewUnset`, each left out when empty.
    func write(into encoder: inout ResponseEncoder) {
        if !set.isEmpty {
            encoder.writer.key("viewSet")
            encoder.writer.beginObject()
            for (path, first, _, _) in set {
                encoder.writer.key(path.name)
                encoder.writer.beginArray()
                var group = first
                while group >= 0 {
                    encoder.writer.beginArray()
                    let value = groups[group].value
                    if value < 0 { encoder.writer.number(groups[group].number) } else { values[value].write(into: &encoder) }
                    writeIndices(from: groups[group].first, into: &encoder.writer)
                    encoder.writer.endArray()
                    group = groups[group].next
                }
                encoder.writer.endArray()
            }
            encoder.writer.endObject()
        }
        if !unset.isEmpty {
            encoder.writer.key("viewUnset")
            encoder.writer.beginObject()
            for (path, first, _) in unset {
                encoder.writer.key(path.name)
                encoder.writer.beginArray()
                writeIndices(from: first, into: &encoder.writer)
                encoder.writer.endArray()
            }
            encoder.writer.endObject()
        }
    }
}

/// A member (`frame`, by its row in the member table) or a member of one (`frame.x`, field 1):
/// a small number, so that a frame's changes are grouped by path without hashing strings.
struct ViewPath {
    let rawValue: UInt16

    /// Unchecked: every row and field fits (`count`, checked once).
    @inline(__always)
    init(row: Int, field: Int = 0) {
        rawValue = UInt16(truncatingIfNeeded: row) &* 8 &+ UInt16(truncatingIfNeeded: field)
    }

    /// Field `field` (from 1) of this member.
    @inline(__always)
    func field(_ field: Int) -> ViewPath { ViewPath(rawValue: rawValue &+ UInt16(truncatingIfNeeded: field)) }

    private init(rawValue: UInt16) { self.rawValue = rawValue }

    /// A flat view's `parent`, after the table's members (its place in the tree, not a member).
    static let parent = ViewPath(row: ViewMemberRow.all.count)

    static let count: Int = {
        let count = (ViewMemberRow.all.count + 1) * 8
        precondition(count <= Int(UInt16.max) && ViewMemberRow.all.allSatisfy { $0.shape.objectFields.count < 8 }, "a path fits in 16 bits")
        return count
    }()

    /// The dotted path, by `rawValue`.
    static let names: [String] = {
        var names = [String](repeating: "", count: count)
        for (row, member) in ViewMemberRow.all.enumerated() {
            names[Int(ViewPath(row: row).rawValue)] = member.name
            for (i, field) in member.shape.objectFields.enumerated() { names[Int(ViewPath(row: row, field: i + 1).rawValue)] = member.name + "." + field }
        }
        names[Int(parent.rawValue)] = "parent"
        return names
    }()

    var name: String { Self.names[Int(rawValue)] }
}

/// A view member's value, as a change frame writes it whole.
enum MemberValue {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case color(Color)
    case rect(Rect)
    case point(Point)
    case size(Size)
    case transform(AffineTransform)
    /// Out of line: inline, its 128 bytes would be copied with every number.
    indirect case transform3D(Transform3D)
    case corners(CornerMask)

    /// Whether the two are written as the same bytes.
    func writesSame(as other: MemberValue, _ rounding: NumberRounding) -> Bool {
        // Numbers first, without the pair of copies the switch below makes.
        if case .number(let a) = self, case .number(let b) = other { return rounding.writesSame(a, b) }
        return switch (self, other) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.number(let a), .number(let b)): rounding.writesSame(a, b)
        case (.string(let a), .string(let b)): a == b
        case (.color(let a), .color(let b)): Color.writesSame(a, b, rounding)
        case (.rect(let a), .rect(let b)): Rect.writesSame(a, b, rounding)
        case (.point(let a), .point(let b)): Point.writesSame(a, b, rounding)
        case (.size(let a), .size(let b)): Size.writesSame(a, b, rounding)
        case (.transform(let a), .transform(let b)): AffineTransform.writesSame(a, b, rounding)
        case (.transform3D(let a), .transform3D(let b)): Transform3D.writesSame(a, b, rounding)
        case (.corners(let a), .corners(let b)): a == b
        default: false
        }
    }

    func write(into encoder: inout ResponseEncoder) {
        switch self {
        case .null: encoder.writer.null()
        case .bool(let b): encoder.writer.bool(b)
        case .number(let n): encoder.writer.number(n)
        case .string(let s): encoder.writer.string(s)
        case .color(let c): ResponseEncoder.withHex(c) { encoder.writer.string(utf8: $0) }
        case .rect(let r): encoder.rect(r)
        case .point(let p): encoder.point(p)
        case .size(let s): encoder.size(s)
        case .transform(let t): encoder.transform(t)
        case .transform3D(let t): encoder.transform3D(t)
        case .corners(let c): encoder.corners(c)
        }
    }
}

extension ViewChanges: ViewMemberVisitor {
    @inline(__always)
    mutating func readsLayer() -> Bool {
        guard views!.0.pointee.hasLayerProperties || views!.1.pointee.hasLayerProperties else { return false }
        layers = (views!.0.pointee.layer, views!.1.pointee.layer)
        return true
    }

    @inline(__always)
    mutating func skipsLayer() {
        row &+= layerCount
    }

    @inline(__always)
    mutating func member<T: ViewMemberType>(_ name: StaticString, _ value: (UnsafePointer<SnapshotNode>) -> T, _ comparison: MemberComparison) {
        kept(value(views!.0), value(views!.1))
        row &+= 1
    }

    @inline(__always)
    mutating func optional<T: ViewMemberType>(_ name: StaticString, _ value: (UnsafePointer<SnapshotNode>) -> T?, _ comparison: MemberComparison) {
        optional(value(views!.0), value(views!.1))
        row &+= 1
    }

    /// Present only when not CALayer's default (`ResponseEncoder.layerFields`).
    @inline(__always)
    mutating func layer<T: ViewMemberType & Equatable>(_ name: StaticString, _ value: (LayerProperties) -> T,
                                                      _ comparison: MemberComparison) {
        let d = value(.defaults), a = value(layers.0), b = value(layers.1)
        optional(a == d ? nil : a, b == d ? nil : b)
        row &+= 1
    }

    @inline(__always)
    mutating func place<T: ViewMemberType>(_ name: StaticString, _ value: (MovingFrame.Place) -> T, _ comparison: MemberComparison) {
        kept(value(places.0), value(places.1))
        row &+= 1
    }

    @inline(__always)
    mutating func optionalPlace<T: ViewMemberType>(_ name: StaticString, _ value: (MovingFrame.Place) -> T?,
                                                  _ comparison: MemberComparison) {
        optional(value(places.0), value(places.1))
        row &+= 1
    }
}
