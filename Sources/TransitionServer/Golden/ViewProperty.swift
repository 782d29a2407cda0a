import JSONCodec
import TransitionCore

/// A member of a snapshot's view that a comparison reads (docs/golden.md § Expected frames): its
/// shape says which dotted leaves it has (`windowFrame.width`, `transform.tx`, `transform3D.12`)
/// and which tolerance each leaf is held to.
enum ViewProperty {
    enum Shape {
        case rect, point, size, transform, matrix, number, bool, string, strings
        /// A string or `null` (a view's `viewController`, which names it: never compared).
        case nullableString

        /// The leaves' names below the member; empty for a member compared whole.
        var leaves: [String] {
            switch self {
            case .rect: ["x", "y", "width", "height"]
            case .point: ["x", "y"]
            case .size: ["width", "height"]
            case .transform: ["a", "b", "c", "d", "tx", "ty"]
            case .matrix: (0..<16).map(String.init)
            case .number, .bool, .string, .strings, .nullableString: []
            }
        }

        /// The members of an object, in the order written, which a change frame sets one by one
        /// (`frame.x`); none for a value set whole.
        var objectFields: [String] {
            switch self {
            case .rect, .point, .size, .transform: leaves
            case .matrix, .number, .bool, .string, .strings, .nullableString: []
            }
        }
    }

    /// Every view member but its identity (`id`, `viewController`, `path`) and its place in the
    /// tree (`parent`, `children`), by the name the snapshot gives it (`ViewMembers`).
    static let shapes: [String: Shape] = Dictionary(uniqueKeysWithValues: ViewMemberRow.all.compactMap { row in
        row.comparison == .identity ? nil : (row.name, row.shape)
    })

    /// The order a frame's divergences of equal weight are reported in: what the screen shows
    /// first (where the view is, how opaque, how turned), then what it is made of. Not the
    /// member table's: that is the order a view is written in, and this one a reader's
    /// (`LeafKey.rank`: a leaf's place is its member's, then its own among the member's leaves).
    static let rank: [String: Int] = Dictionary(uniqueKeysWithValues: [
        "windowFrame", "alpha", "transform", "transform3D", "hidden", "visible", "visibleRect", "frame", "bounds", "center",
    ].enumerated().map { ($1, $0) })

    /// The member a dotted leaf belongs to (`windowFrame` for `windowFrame.x`).
    static func member(of leaf: String) -> String {
        leaf.split(separator: ".", maxSplits: 1).first.map(String.init) ?? leaf
    }

    /// Whether `name` is a member or one of its leaves (what `properties` may list).
    static func isKnown(_ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard let shape = shapes[String(parts[0])] else { return false }
        return parts.count == 1 || (parts.count == 2 && shape.leaves.contains(String(parts[1])))
    }

    /// The leaves of member `name` holding `value`, in order (`leaves(_:_:at:into:)`); an unknown
    /// name is an error at `pointer`.
    static func leaves(_ name: String, _ value: JSONValue, at pointer: @autoclosure () -> String, into list: inout [Leaf]) throws(SimulationError) {
        var hint = 0
        guard let member = LeafKey.member(named: name, from: &hint) else { throw unknown(name, at: pointer()) }
        try leaves(member, value, at: pointer(), into: &list)
    }

    /// The error for a member no view has.
    static func unknown(_ name: String, at pointer: String) -> SimulationError {
        SimulationError(pointer, "unknown property '\(name)'; known: \(shapes.keys.sorted().joined(separator: ", "))")
    }

    /// The leaves of `member` holding `value`, in order, each a number or a whole value; an
    /// error names the member at `pointer` when the value has not the member's shape. A member
    /// given in part (`"windowFrame": {"width": 280}`) has only the leaves given. The pointer is
    /// made only for an error: a golden check reads some 100,000 members.
    static func leaves(_ member: LeafKey.Member, _ value: JSONValue, at pointer: @autoclosure () -> String,
                       into list: inout [Leaf]) throws(SimulationError) {
        let name = member.name, shape = member.shape
        switch shape {
        case .number:
            guard let n = value.numberValue else { throw SimulationError(pointer(), "expected a number, found \(value.typeName)") }
            list.append(Leaf(key: member.first, value: .number(n)))
        case .bool:
            guard value.boolValue != nil else { throw SimulationError(pointer(), "expected true or false, found \(value.typeName)") }
            list.append(Leaf(key: member.first, value: .whole(value)))
        case .string:
            guard value.stringValue != nil else { throw SimulationError(pointer(), "expected a string, found \(value.typeName)") }
            list.append(Leaf(key: member.first, value: .whole(value)))
        case .strings:
            guard let items = value.arrayValue, items.allSatisfy({ $0.stringValue != nil }) else {
                throw SimulationError(pointer(), "expected an array of strings, found \(value.typeName)")
            }
            list.append(Leaf(key: member.first, value: .whole(value)))
        case .matrix, .transform:
            // A transform may also be given as its six numbers in order, as harnesses often hold it.
            if let items = value.arrayValue {
                guard items.count == member.leaves.count else {
                    throw SimulationError(pointer(), "expected \(member.leaves.count) numbers, found \(items.count)")
                }
                for (i, item) in items.enumerated() {
                    guard let n = item.numberValue else { throw SimulationError("\(pointer())/\(i)", "expected a number, found \(item.typeName)") }
                    list.append(Leaf(key: member.leaf(i), value: .number(n)))
                }
                return
            }
            guard shape == .transform else { throw SimulationError(pointer(), "expected an array of 16 numbers, found \(value.typeName)") }
            try objectLeaves(member, value, at: pointer, into: &list)
        case .nullableString:
            throw SimulationError(pointer(), "'\(name)' names the view and is not compared")
        case .rect, .point, .size:
            try objectLeaves(member, value, at: pointer, into: &list)
        }
    }

    private static func objectLeaves(_ member: LeafKey.Member, _ value: JSONValue, at pointer: () -> String,
                                     into list: inout [Leaf]) throws(SimulationError) {
        let name = member.name
        guard let object = value.objectValue else { throw SimulationError(pointer(), "expected an object, found \(value.typeName)") }
        // The leaf after the last one is tried first: the leaves are usually in their order.
        var next = 0
        for (key, item) in object.entries {
            let leaves = member.leaves
            guard let index = next < leaves.count && leaves[next] == key ? next : leaves.firstIndex(of: key) else {
                throw SimulationError(SpecReader.child(pointer(), key), "unknown property '\(name).\(key)'; \(name) has \(member.leaves.joined(separator: ", "))")
            }
            guard let n = item.numberValue else { throw SimulationError(SpecReader.child(pointer(), key), "expected a number, found \(item.typeName)") }
            list.append(Leaf(key: member.leaf(index), value: .number(n)))
            next = index + 1
        }
    }

    /// What a view has for a leaf its snapshot leaves out (`omitted(_:in:)`), by `LeafKey`.
    private enum Omission {
        /// Nothing: the view has no such value.
        case none
        case value(Leaf.Value)
        /// The view's value of another leaf.
        case leaf(LeafKey)
    }

    /// Each leaf's omission: CALayer's defaults (the encoder writes a layer property only when
    /// it differs), `visible` true, `visibleRect` the window frame (nothing clipped), a 2D
    /// transform's 3D form.
    private static let omissions: [Omission] = (0..<LeafKey.count).map { index in
        let key = LeafKey(index: index)
        if let value = ServiceLeaves.defaults.first(where: { $0.key == key })?.value { return .value(value) }
        let leaf = key.name
        let member = member(of: leaf)
        let sub = String(leaf.dropFirst(member.count + 1))
        switch member {
        case "visibleRect":
            return LeafKey.named("windowFrame.\(sub)").map(Omission.leaf) ?? .none
        case "transform3D":
            guard let i = Int(sub) else { return .none }
            // Row-major, as the encoder writes a 2D transform in 3D form.
            let entries: [Int: String] = [0: "a", 1: "b", 4: "c", 5: "d", 12: "tx", 13: "ty"]
            if let name = entries[i] { return LeafKey.named("transform.\(name)").map(Omission.leaf) ?? .none }
            return .value(.number(i == 10 || i == 15 ? 1 : 0))
        default:
            return .none
        }
    }

    /// The value a view has for a leaf the snapshot leaves out. Nil: the view has no such value.
    static func omitted(_ key: LeafKey, in view: ComparedView) -> Leaf.Value? {
        switch omissions[key.index] {
        case .none: nil
        case .value(let value): value
        case .leaf(let other): view.value(of: other)
        }
    }
}

/// One compared value of a view: a number, compared within a tolerance, or any other value,
/// compared whole.
struct Leaf: Sendable {
    enum Value: Sendable, Equatable {
        case number(Double)
        case whole(JSONValue)

        var json: JSONValue {
            switch self {
            case .number(let n): .number(n)
            case .whole(let v): v
            }
        }
    }

    var key: LeafKey
    var value: Value

    /// Its dotted name (`windowFrame.width`).
    var name: String { key.name }
    var tolerance: Tolerance.Class { key.tolerance }
}
