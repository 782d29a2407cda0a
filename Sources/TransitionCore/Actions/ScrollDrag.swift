/// A `scroll` action made by a person's finger rather than by the app: UIKit's scroll view is
/// tracking, and its scroll observers (the floating tab bar's minimization) follow it.
enum ScrollDrag: String, Sendable, CaseIterable {
    /// The finger moved the content to the offset; the first move begins the drag
    /// (`scrollViewWillBeginDragging:` before it).
    case moved
    /// The finger moved the content to the offset and lifted there, without a fling
    /// (`scrollViewDidEndDragging:willDecelerate: false`; deceleration is not simulated).
    case ended

    static let list = allCases.map(\.rawValue).joined(separator: ", ")
}
