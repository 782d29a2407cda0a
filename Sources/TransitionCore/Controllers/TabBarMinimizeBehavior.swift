/// When the floating tab bar of iOS 26 shrinks to its selected tab as the content scrolls
/// (`UITabBarController.tabBarMinimizeBehavior`, iOS 26; docs/semantics.md § iOS 26).
enum TabBarMinimizeBehavior: String, Sendable, CaseIterable {
    /// The system's choice: on the iPhone the bar stays expanded (Apple's documentation of
    /// `.automatic`; UIKit's own apps opt in explicitly).
    case automatic
    /// The bar never minimizes.
    case never
    /// Scrolling the content down (towards its end) minimizes the bar.
    case onScrollDown
    /// Scrolling the content up (towards its start) minimizes the bar.
    case onScrollUp

    static let list = allCases.map(\.rawValue).joined(separator: ", ")

    /// The first iOS version with the property (Apple's `tabBarMinimizeBehavior`: iOS 26.0+).
    static let firstIOS = 26

    /// The direction whose scrolling minimizes the bar; nil when nothing does.
    var direction: ScrollAwayInteraction.Direction? {
        switch self {
        case .automatic, .never: nil
        case .onScrollDown: .down
        case .onScrollUp: .up
        }
    }
}
