import JSONCodec
import TransitionCore

/// A compared leaf by number: the leaves of every member the member table (`ViewMemberRow.all`)
/// compares, numbered in the table's order, each member's in its shape's order (`windowFrame.x`,
/// `.y`, `.width`, `.height`). A view finds its values by this number, an array's index, rather
/// than by the dotted name (docs/golden.md § Cost): a golden check of 60 frames looks up some
/// 100,000 values.
struct LeafKey: Hashable, Sendable {
    let index: Int

    /// Its dotted name (`windowFrame.width`; a member compared whole: its name).
    var name: String { Self.table.names[index] }
    /// The tolerance it is held to (`MemberComparison.tolerance(of:)`).
    var tolerance: Tolerance.Class { Self.table.tolerances[index] }
    /// Its place in the order a frame's divergences of equal weight are reported in
    /// (`ViewProperty.rank`): its member's, then its own among the member's leaves.
    var rank: (member: Int, leaf: Int) { Self.table.ranks[index] }

    /// How many leaves there are: a view holds each at most once.
    static var count: Int { table.names.count }

    /// The leaf of that dotted name.
    static func named(_ name: String) -> LeafKey? { table.byName[name] }

    /// A compared member of the table: its shape and where its leaves' numbers start. A class,
    /// made once a row: a view's reader looks one up for every member it reads, and a struct of
    /// four arrays and a string was four retains a copy.
    final class Member: Sendable {
        let name: String
        let shape: ViewProperty.Shape
        let first: LeafKey
        /// Its leaves' names below it (`shape.leaves`, made once).
        let leaves: [String]
        /// Its name's and its leaves' names' UTF-8, for a reader matching names as written.
        let nameBytes: [UInt8]
        let leafBytes: [[UInt8]]

        init(name: String, shape: ViewProperty.Shape, first: LeafKey) {
            self.name = name
            self.shape = shape
            self.first = first
            leaves = shape.leaves
            nameBytes = Array(name.utf8)
            leafBytes = leaves.map { Array($0.utf8) }
        }

        /// Its leaf `i` (in `shape.leaves`' order; 0 for a member compared whole).
        func leaf(_ i: Int) -> LeafKey { LeafKey(index: first.index + i) }
    }

    /// Each row of the member table as a compared member; nil for the view's identity (`id`,
    /// `viewController`, `path`), which names the view and is not compared.
    static var members: [Member?] { table.members }

    /// The compared member named `name`, looked for in the few rows from `hint` on (a view's
    /// JSON lists its members in the table's order, so the next one is usually a row or two on:
    /// a string comparison or two rather than a hash), then among all.
    static func member(named name: String, from hint: inout Int) -> Member? {
        let rows = table.members
        var row = hint
        while row < min(rows.count, hint + 8) {
            if let member = rows[row], member.name == name {
                hint = row + 1
                return member
            }
            row += 1
        }
        guard let found = table.rowByName[name] else { return nil }
        hint = found + 1
        return rows[found]
    }

    /// The same for a name given as its UTF-8 bytes (`JSONCursor.name()`), compared as bytes
    /// with each row's from `hint` on, then from the first row: a name the table does not have
    /// is an error, so no `String` is made of any name.
    static func member(named name: UnsafeBufferPointer<UInt8>, from hint: inout Int) -> Member? {
        let rows = table.members
        for i in 0 ..< rows.count {
            let row = (hint + i) % rows.count
            if let member = rows[row], name.spells(member.nameBytes) {
                hint = row + 1
                return member
            }
        }
        return nil
    }

    private struct Table {
        var names: [String] = []
        var tolerances: [Tolerance.Class] = []
        var ranks: [(member: Int, leaf: Int)] = []
        var byName: [String: LeafKey] = [:]
        var members: [Member?] = []
        var rowByName: [String: Int] = [:]
    }

    private static let table: Table = {
        var t = Table()
        for row in ViewMemberRow.all {
            guard row.comparison != .identity else {
                t.members.append(nil)
                continue
            }
            let first = LeafKey(index: t.names.count)
            t.rowByName[row.name] = t.members.count
            t.members.append(Member(name: row.name, shape: row.shape, first: first))
            let memberRank = ViewProperty.rank[row.name] ?? ViewProperty.rank.count
            let subs = row.shape.leaves.isEmpty ? [""] : row.shape.leaves
            for (i, sub) in subs.enumerated() {
                let name = sub.isEmpty ? row.name : "\(row.name).\(sub)"
                t.byName[name] = LeafKey(index: t.names.count)
                t.names.append(name)
                t.tolerances.append(row.comparison.tolerance(of: sub))
                t.ranks.append((memberRank, i))
            }
        }
        return t
    }()
}

/// Where each leaf a view gives stands in its list of leaves (the first, for a leaf given twice),
/// by `LeafKey`, so that a view's value is an array's index away. Views with the same leaves in
/// the same order may share one (LeafIndexes).
struct LeafPositions: Sendable {
    private var slots: [Int32]

    init(_ leaves: [Leaf]) {
        slots = [Int32](repeating: -1, count: LeafKey.count)
        for (i, leaf) in leaves.enumerated().reversed() { slots[leaf.key.index] = Int32(i) }
    }

    /// The position of `key`'s leaf, or nil when the view does not give it.
    @inline(__always)
    subscript(key: LeafKey) -> Int? {
        let slot = slots[key.index]
        return slot < 0 ? nil : Int(slot)
    }
}
