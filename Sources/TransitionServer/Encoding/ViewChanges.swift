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
    /// at `index` in the new list. Through pointers, as the encoder reads views: a node copied
    /// is a few hundred bytes and four references.
    mutating func compare(_ old: UnsafePointer<SnapshotNode>, parent oldParent: String?, _ new: UnsafePointer<SnapshotNode>,
                          parent newParent: String?, index: Int) {
        let (a, b) = (old, new)
        string(.id, a.pointee.id, b.pointee.id, index)
        string(.kind, a.pointee.kind, b.pointee.kind, index)
        nullable(.viewController, a.pointee.viewController, b.pointee.viewController, index)
        string(.path, a.pointee.path, b.pointee.path, index)
        optional(.role, a.pointee.role, b.pointee.role, index, same: ==) { .string($0.rawValue) }
        rect(.frame, a.pointee.frame, b.pointee.frame, index)
        rect(.bounds, a.pointee.bounds, b.pointee.bounds, index)
        point(.center, a.pointee.center, b.pointee.center, index)
        transform(a.pointee.transform, b.pointee.transform, index)
        optional(.transform3D, a.pointee.transform3D, b.pointee.transform3D, index, same: { [rounding] in MemberValue.sameEntries($0, $1, rounding) },
                 MemberValue.transform3D)
        number(ViewPath(.alpha), a.pointee.alpha, b.pointee.alpha, index)
        if a.pointee.hidden != b.pointee.hidden { add(ViewPath(.hidden), .bool(b.pointee.hidden), index) }
        rect(.windowFrame, a.pointee.windowFrame, b.pointee.windowFrame, index)
        optional(.backgroundColor, a.pointee.backgroundColor, b.pointee.backgroundColor, index, same: MemberValue.sameHex, MemberValue.color)
        optional(.text, a.pointee.text, b.pointee.text, index, same: ==, MemberValue.string)
        optional(.fontSize, a.pointee.fontSize, b.pointee.fontSize, index, same: rounding.writesSame, MemberValue.number)
        optional(.image, a.pointee.image, b.pointee.image, index, same: ==, MemberValue.string)
        optional(.snapshotOf, a.pointee.snapshotOf, b.pointee.snapshotOf, index, same: ==, MemberValue.string)
        let (la, lb) = (a.pointee.layer, b.pointee.layer)
        if la != .defaults || lb != .defaults { layer(la, lb, index) }
        if a.pointee.visibleRect != nil || b.pointee.visibleRect != nil {
            optional(.visibleRect, a.pointee.visibleRect.map(MemberValue.rect), b.pointee.visibleRect.map(MemberValue.rect), index)
        }
        if a.pointee.visible != b.pointee.visible {
            if b.pointee.visible { addUnset(ViewPath(.visible), index) } else { add(ViewPath(.visible), .bool(false), index) }
        }
        nullable(.parent, oldParent, newParent, index)
    }

    /// `compare` for a view only its ancestors move (`MovingViews`), now at `new`: of its
    /// members only `windowFrame`, `visibleRect` and `visible` can differ, compared as `compare`
    /// compares them, in its order.
    mutating func comparePlace(_ old: UnsafePointer<SnapshotNode>, _ new: MovingFrame.Place, index: Int) {
        rect(.windowFrame, old.pointee.windowFrame, new.windowFrame, index)
        switch (old.pointee.visibleRect, new.visibleRect) {
        case (nil, nil): break
        // As `optional` compares two rects, without making their `MemberValue`s.
        case (let a?, let b?): rect(.visibleRect, a, b, index)
        case (let a, let b): optional(.visibleRect, a.map(MemberValue.rect), b.map(MemberValue.rect), index)
        }
        if old.pointee.visible != new.visible {
            if new.visible { addUnset(ViewPath(.visible), index) } else { add(ViewPath(.visible), .bool(false), index) }
        }
    }

    /// The layer members, each written only when it is not CALayer's default
    /// (`ResponseEncoder.layerFields`).
    private mutating func layer(_ a: LayerProperties, _ b: LayerProperties, _ index: Int) {
        let d = LayerProperties.defaults
        func present<T: Equatable>(_ l: LayerProperties, _ value: KeyPath<LayerProperties, T>, _ leaf: (T) -> MemberValue) -> MemberValue? {
            l[keyPath: value] == d[keyPath: value] ? nil : leaf(l[keyPath: value])
        }
        func member<T: Equatable>(_ m: ViewMember, _ value: KeyPath<LayerProperties, T>, _ leaf: (T) -> MemberValue) {
            optional(m, present(a, value, leaf), present(b, value, leaf), index)
        }
        member(.cornerRadius, \.cornerRadius, MemberValue.number)
        member(.maskedCorners, \.maskedCorners, MemberValue.corners)
        member(.clipsToBounds, \.clipsToBounds, MemberValue.bool)
        member(.borderWidth, \.borderWidth, MemberValue.number)
        member(.borderColor, \.borderColor, MemberValue.color)
        member(.shadowOpacity, \.shadowOpacity, MemberValue.number)
        member(.shadowRadius, \.shadowRadius, MemberValue.number)
        member(.shadowOffset, \.shadowOffset, MemberValue.size)
        member(.shadowColor, \.shadowColor, MemberValue.color)
        member(.anchorPoint, \.anchorPoint, MemberValue.point)
        member(.zPosition, \.zPosition, MemberValue.number)
        member(.isDoubleSided, \.isDoubleSided, MemberValue.bool)
    }

    /// A member a view may lack, compared by `same`: gained, it is set whole; lost, unset.
    private mutating func optional<T>(_ m: ViewMember, _ a: T?, _ b: T?, _ index: Int, same: (T, T) -> Bool,
                                      _ value: (T) -> MemberValue) {
        switch (a, b) {
        case (nil, nil): return
        case (_?, nil): addUnset(ViewPath(m), index)
        case (nil, let b?): add(ViewPath(m), value(b), index)
        case (let a?, let b?): if !same(a, b) { add(ViewPath(m), value(b), index) }
        }
    }

    /// `optional` for the layer members and `visibleRect`: an object kept is compared by its numbers.
    private mutating func optional(_ m: ViewMember, _ a: MemberValue?, _ b: MemberValue?, _ index: Int) {
        switch (a, b) {
        case (.rect(let x)?, .rect(let y)?): rect(m, x, y, index)
        case (.point(let x)?, .point(let y)?): point(m, x, y, index)
        case (.size(let x)?, .size(let y)?):
            number(ViewPath(m, 1), x.width, y.width, index)
            number(ViewPath(m, 2), x.height, y.height, index)
        default: optional(m, a, b, index, same: { [rounding] in $0.writesSame(as: $1, rounding) }, { $0 })
        }
    }

    /// A member written as a string or `null`.
    private mutating func nullable(_ m: ViewMember, _ a: String?, _ b: String?, _ index: Int) {
        if a != b { add(ViewPath(m), b.map(MemberValue.string) ?? .null, index) }
    }

    private mutating func string(_ m: ViewMember, _ a: String, _ b: String, _ index: Int) {
        if a != b { add(ViewPath(m), .string(b), index) }
    }

    private mutating func number(_ path: ViewPath, _ a: Double, _ b: Double, _ index: Int) {
        if !rounding.writesSame(a, b) { add(path, number: b, index) }
    }

    /// `x`, `y`, `width`, `height`, as `ResponseEncoder.rect` writes them.
    private mutating func rect(_ m: ViewMember, _ a: Rect, _ b: Rect, _ index: Int) {
        number(ViewPath(m, 1), a.minX, b.minX, index)
        number(ViewPath(m, 2), a.minY, b.minY, index)
        number(ViewPath(m, 3), a.width, b.width, index)
        number(ViewPath(m, 4), a.height, b.height, index)
    }

    private mutating func point(_ m: ViewMember, _ a: Point, _ b: Point, _ index: Int) {
        number(ViewPath(m, 1), a.x, b.x, index)
        number(ViewPath(m, 2), a.y, b.y, index)
    }

    /// The identity is written as one constant, with the numbers it holds (±0 alike).
    private mutating func transform(_ a: AffineTransform, _ b: AffineTransform, _ index: Int) {
        guard a != b else { return }
        number(ViewPath(.transform, 1), a.a, b.a, index)
        number(ViewPath(.transform, 2), a.b, b.b, index)
        number(ViewPath(.transform, 3), a.c, b.c, index)
        number(ViewPath(.transform, 4), a.d, b.d, index)
        number(ViewPath(.transform, 5), a.tx, b.tx, index)
        number(ViewPath(.transform, 6), a.ty, b.ty, index)
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

/// A view's members in the flat form, named as written.
enum ViewMember: UInt8, CaseIterable {
    case id, kind, viewController, path, role, frame, bounds, center, transform, transform3D, alpha, hidden, windowFrame
    case backgroundColor, text, fontSize, image, snapshotOf
    case cornerRadius, maskedCorners, clipsToBounds, borderWidth, borderColor, shadowOpacity, shadowRadius, shadowOffset
    case shadowColor, anchorPoint, zPosition, isDoubleSided
    case visibleRect, visible, parent

    /// Its name as written: a literal, since `"\(member)"` finds it by reflection (about two
    /// million instructions the first time a process writes a change frame).
    var name: String {
        switch self {
        case .id: "id"
        case .kind: "kind"
        case .viewController: "viewController"
        case .path: "path"
        case .role: "role"
        case .frame: "frame"
        case .bounds: "bounds"
        case .center: "center"
        case .transform: "transform"
        case .transform3D: "transform3D"
        case .alpha: "alpha"
        case .hidden: "hidden"
        case .windowFrame: "windowFrame"
        case .backgroundColor: "backgroundColor"
        case .text: "text"
        case .fontSize: "fontSize"
        case .image: "image"
        case .snapshotOf: "snapshotOf"
        case .cornerRadius: "cornerRadius"
        case .maskedCorners: "maskedCorners"
        case .clipsToBounds: "clipsToBounds"
        case .borderWidth: "borderWidth"
        case .borderColor: "borderColor"
        case .shadowOpacity: "shadowOpacity"
        case .shadowRadius: "shadowRadius"
        case .shadowOffset: "shadowOffset"
        case .shadowColor: "shadowColor"
        case .anchorPoint: "anchorPoint"
        case .zPosition: "zPosition"
        case .isDoubleSided: "isDoubleSided"
        case .visibleRect: "visibleRect"
        case .visible: "visible"
        case .parent: "parent"
        }
    }

    /// The members of an object member, in the order written; none for the rest.
    var fields: [String] {
        switch self {
        case .frame, .bounds, .windowFrame, .visibleRect: ["x", "y", "width", "height"]
        case .center, .anchorPoint: ["x", "y"]
        case .shadowOffset: ["width", "height"]
        case .transform: ["a", "b", "c", "d", "tx", "ty"]
        default: []
        }
    }
}

/// A member (`frame`) or a member of one (`frame.x`, field 1): a small number, so that a
/// frame's changes are grouped by path without hashing strings.
struct ViewPath {
    let rawValue: UInt16

    init(_ member: ViewMember, _ field: Int = 0) {
        rawValue = UInt16(member.rawValue) * 8 + UInt16(field)
    }

    static let count = ViewMember.allCases.count * 8

    /// The dotted path, by `rawValue`.
    static let names: [String] = {
        var names = [String](repeating: "", count: count)
        for member in ViewMember.allCases {
            names[Int(ViewPath(member).rawValue)] = member.name
            for (i, field) in member.fields.enumerated() { names[Int(ViewPath(member, i + 1).rawValue)] = member.name + "." + field }
        }
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
        case (.color(let a), .color(let b)): Self.sameHex(a, b)
        case (.rect(let a), .rect(let b)):
            rounding.writesSame(a.minX, b.minX) && rounding.writesSame(a.minY, b.minY)
                && rounding.writesSame(a.width, b.width) && rounding.writesSame(a.height, b.height)
        case (.point(let a), .point(let b)): rounding.writesSame(a.x, b.x) && rounding.writesSame(a.y, b.y)
        case (.size(let a), .size(let b)): rounding.writesSame(a.width, b.width) && rounding.writesSame(a.height, b.height)
        case (.transform3D(let a), .transform3D(let b)): Self.sameEntries(a, b, rounding)
        case (.corners(let a), .corners(let b)): a == b
        default: false
        }
    }

    /// Entry by entry: a 2D transform's constant entries are written as the numbers they are.
    static func sameEntries(_ a: Transform3D, _ b: Transform3D, _ rounding: NumberRounding) -> Bool {
        a == b || zip(a.rowMajor, b.rowMajor).allSatisfy { rounding.writesSame($0, $1) }
    }

    /// Colours are written as bytes (`ResponseEncoder.hex`): two close ones may be written alike.
    static func sameHex(_ a: Color, _ b: Color) -> Bool {
        a == b || ResponseEncoder.hex(a) == ResponseEncoder.hex(b)
    }

    func write(into encoder: inout ResponseEncoder) {
        switch self {
        case .null: encoder.writer.null()
        case .bool(let b): encoder.writer.bool(b)
        case .number(let n): encoder.writer.number(n)
        case .string(let s): encoder.writer.string(s)
        case .color(let c): encoder.writer.string(ResponseEncoder.hex(c))
        case .rect(let r): encoder.rect(r)
        case .point(let p): encoder.point(p)
        case .size(let s): encoder.size(s)
        case .transform3D(let t): encoder.transform3D(t)
        case .corners(let c): encoder.corners(c)
        }
    }
}
