import TransitionCore

/// One row of the member table (`ViewMembers`) as data: what the cold readers need (the golden
/// comparer's names, shapes and tolerances, a change path's name, the schema checks), read
/// once from the table.
struct ViewMemberRow: Sendable {
    /// When a view's JSON leaves the member out.
    enum Presence: Sendable {
        /// Never: every view has it.
        case always
        /// When the view has no such value.
        case whenNil
        /// When it is CALayer's default.
        case whenDefault
    }

    let name: String
    let shape: ViewProperty.Shape
    let presence: Presence
    let comparison: MemberComparison

    /// Every row, in the order written (a row's position is its `ViewPath` member).
    static let all: [ViewMemberRow] = {
        var rows = Rows()
        ViewMembers.all(&rows)
        return rows.list
    }()

    /// Where the groups that are visited apart start in `all`, and how many layer rows there are.
    static let windowStart = start { ViewMembers.window(&$0) }
    static let clipStart = start { ViewMembers.clip(&$0) }
    static let layerStart = start { ViewMembers.layer(&$0) }
    static let layerCount = count { ViewMembers.layer(&$0) }

    /// The row named `name`, by position.
    static func index(of name: String) -> Int? { all.firstIndex { $0.name == name } }

    private static func count(_ group: (inout Rows) -> Void) -> Int {
        var rows = Rows()
        group(&rows)
        return rows.list.count
    }

    private static func start(_ group: (inout Rows) -> Void) -> Int {
        var rows = Rows()
        group(&rows)
        return index(of: rows.list[0].name)!
    }

    /// The visitor that lists the rows.
    private struct Rows: ViewMemberVisitor {
        var list: [ViewMemberRow] = []

        mutating func add<T: ViewMemberType>(_ name: StaticString, _ type: T.Type, _ presence: Presence, _ comparison: MemberComparison) {
            list.append(ViewMemberRow(name: "\(name)", shape: T.shape, presence: presence, comparison: comparison))
        }

        mutating func member<T: ViewMemberType>(_ name: StaticString, _ value: (UnsafePointer<SnapshotNode>) -> T, _ comparison: MemberComparison) {
            add(name, T.self, .always, comparison)
        }

        mutating func optional<T: ViewMemberType>(_ name: StaticString, _ value: (UnsafePointer<SnapshotNode>) -> T?, _ comparison: MemberComparison) {
            add(name, T.self, .whenNil, comparison)
        }

        mutating func layer<T: ViewMemberType & Equatable>(_ name: StaticString, _ value: (LayerProperties) -> T,
                                                          _ comparison: MemberComparison) {
            add(name, T.self, .whenDefault, comparison)
        }

        mutating func place<T: ViewMemberType>(_ name: StaticString, _ value: (MovingFrame.Place) -> T, _ comparison: MemberComparison) {
            add(name, T.self, .always, comparison)
        }

        mutating func optionalPlace<T: ViewMemberType>(_ name: StaticString, _ value: (MovingFrame.Place) -> T?,
                                                      _ comparison: MemberComparison) {
            add(name, T.self, .whenNil, comparison)
        }

        func readsLayer() -> Bool { true }
        func skipsLayer() {}
    }
}
