/// Which way a popover's arrow points (`UIPopoverArrowDirection`): `up` points up at a source
/// above the popover, which hangs below it.
enum PopoverArrowDirection: String, Sendable, CaseIterable {
    case up, down, left, right

    static let list = allCases.map(\.rawValue).joined(separator: ", ")

    /// The order `-[_UIPopoverLayoutInfo _updateOutputs]` tries the permitted directions in
    /// (iOS 18.2, without `preferLandscapeOrientations`): above the source, right of it, below
    /// it, left of it; a later one wins only with a strictly larger visible area.
    static let tryOrder: [PopoverArrowDirection] = [.down, .left, .up, .right]

    /// Whether the arrow is on the popover's top or bottom edge (it then adds to the height).
    var isVertical: Bool { self == .up || self == .down }

    /// The role of the arrow's view in snapshots.
    var role: ViewRole {
        switch self {
        case .up: .popoverArrowUp
        case .down: .popoverArrowDown
        case .left: .popoverArrowLeft
        case .right: .popoverArrowRight
        }
    }
}
