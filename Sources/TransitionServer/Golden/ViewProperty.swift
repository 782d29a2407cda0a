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

    /// How each of those is compared (`ViewMembers`).
    private static let comparisons: [String: MemberComparison] = Dictionary(uniqueKeysWithValues: ViewMemberRow.all.map { ($0.name, $0.comparison) })

    /// The order a frame's divergences of equal weight are reported in: what the screen shows
    /// first (where the view is, how opaque, how turned), then what it is made of. Not the
    /// member table's: that is the order a view is written in, and this one a reader's.
    static let rank: [String: Int] = Dictionary(uniqueKeysWithValues: [
        "windowFrame", "alpha", "transform", "transform3D", "hidden", "visible", "visibleRect", "frame", "bounds", "center",
    ].enumerated().map { ($1, $0) })

    /// A leaf's place in that order: its member's, then its own among the member's leaves
    /// (`x`, `y`, `width`, `height`), whatever order the document gave them in.
    static func rank(of leaf: String) -> (member: Int, leaf: Int) {
        let name = member(of: leaf)
        let sub = leaf.dropFirst(name.count + 1)
        return (rank[name] ?? rank.count, shapes[name]?.leaves.firstIndex { $0 == sub } ?? 0)
    }

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

    /// Which tolerance a leaf (`sub` of member `member`) is held to: the member's row says
    /// (`MemberComparison`).
    static func toleranceClass(member: String, sub: String) -> Tolerance.Class {
        comparisons[member]?.tolerance(of: sub) ?? .exact
    }

    /// Each member's leaves' dotted names, made once rather than for every value read.
    private static let leafNames: [String: [String]] = Dictionary(uniqueKeysWithValues: shapes.map { name, shape in
        (name, shape.leaves.map { "\(name).\($0)" })
    })

    private static func leaf(_ member: String, _ index: Int, shape: Shape, _ value: Leaf.Value) -> Leaf {
        Leaf(name: leafNames[member]![index], value: value, tolerance: toleranceClass(member: member, sub: shape.leaves[index]))
    }

    /// Member `name`'s leaves in order, named and held to their tolerances as `leaves` makes
    /// them, each holding 0 (what the service's views are made of: ServiceLeaves).
    static func prototypes(of name: String) -> [Leaf] {
        let shape = shapes[name]!
        guard !shape.leaves.isEmpty else { return [Leaf(name: name, value: .number(0), tolerance: toleranceClass(member: name, sub: ""))] }
        return shape.leaves.indices.map { leaf(name, $0, shape: shape, .number(0)) }
    }

    /// The leaves of member `name` holding `value`, in order, each a number or a whole value;
    /// an error names the member at `pointer` when the value has not the member's shape. A
    /// member given in part (`"windowFrame": {"width": 280}`) has only the leaves given. The
    /// pointer is made only for an error: a golden check reads some 100,000 members.
    static func leaves(_ name: String, _ value: JSONValue, at pointer: @autoclosure () -> String, into list: inout [Leaf]) throws(SimulationError) {
        guard let shape = shapes[name] else {
            throw SimulationError(pointer(), "unknown property '\(name)'; known: \(shapes.keys.sorted().joined(separator: ", "))")
        }
        switch shape {
        case .number:
            guard let n = value.numberValue else { throw SimulationError(pointer(), "expected a number, found \(value.typeName)") }
            list.append(Leaf(name: name, value: .number(n), tolerance: toleranceClass(member: name, sub: "")))
        case .bool:
            guard value.boolValue != nil else { throw SimulationError(pointer(), "expected true or false, found \(value.typeName)") }
            list.append(Leaf(name: name, value: .whole(value), tolerance: .exact))
        case .string:
            guard value.stringValue != nil else { throw SimulationError(pointer(), "expected a string, found \(value.typeName)") }
            list.append(Leaf(name: name, value: .whole(value), tolerance: .exact))
        case .strings:
            guard let items = value.arrayValue, items.allSatisfy({ $0.stringValue != nil }) else {
                throw SimulationError(pointer(), "expected an array of strings, found \(value.typeName)")
            }
            list.append(Leaf(name: name, value: .whole(value), tolerance: .exact))
        case .matrix, .transform:
            // A transform may also be given as its six numbers in order, as harnesses often hold it.
            if let items = value.arrayValue {
                guard items.count == shape.leaves.count else {
                    throw SimulationError(pointer(), "expected \(shape.leaves.count) numbers, found \(items.count)")
                }
                for (i, item) in items.enumerated() {
                    guard let n = item.numberValue else { throw SimulationError("\(pointer())/\(i)", "expected a number, found \(item.typeName)") }
                    list.append(leaf(name, i, shape: shape, .number(n)))
                }
                return
            }
            guard shape == .transform else { throw SimulationError(pointer(), "expected an array of 16 numbers, found \(value.typeName)") }
            try objectLeaves(name, value, shape: shape, at: pointer, into: &list)
        case .nullableString:
            throw SimulationError(pointer(), "'\(name)' names the view and is not compared")
        case .rect, .point, .size:
            try objectLeaves(name, value, shape: shape, at: pointer, into: &list)
        }
    }

    private static func objectLeaves(_ name: String, _ value: JSONValue, shape: Shape, at pointer: () -> String,
                                     into list: inout [Leaf]) throws(SimulationError) {
        guard let object = value.objectValue else { throw SimulationError(pointer(), "expected an object, found \(value.typeName)") }
        for (key, item) in object.entries {
            guard let index = shape.leaves.firstIndex(of: key) else {
                throw SimulationError(SpecReader.child(pointer(), key), "unknown property '\(name).\(key)'; \(name) has \(shape.leaves.joined(separator: ", "))")
            }
            guard let n = item.numberValue else { throw SimulationError(SpecReader.child(pointer(), key), "expected a number, found \(item.typeName)") }
            list.append(leaf(name, index, shape: shape, .number(n)))
        }
    }

    /// The value a view has for a leaf the snapshot leaves out: CALayer's defaults (the encoder
    /// writes a layer property only when it differs), `visible` true, `visibleRect` the window
    /// frame (nothing clipped), a 2D transform's 3D form. Nil: the view has no such value.
    static func omitted(_ leaf: String, in view: ComparedView) -> Leaf.Value? {
        if let value = ServiceLeaves.defaults[leaf] { return value }
        let member = member(of: leaf)
        let sub = leaf.dropFirst(member.count + 1)
        switch member {
        case "visibleRect":
            return view.value(of: "windowFrame.\(sub)")
        case "transform3D":
            guard let i = Int(sub) else { return nil }
            // Row-major, as the encoder writes a 2D transform in 3D form.
            let entries: [String: String] = ["0": "a", "1": "b", "4": "c", "5": "d", "12": "tx", "13": "ty"]
            if let name = entries[String(i)] { return view.value(of: "transform.\(name)") }
            return .number(i == 10 || i == 15 ? 1 : 0)
        default:
            return nil
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

    var name: String
    var value: Value
    var tolerance: Tolerance.Class
}
