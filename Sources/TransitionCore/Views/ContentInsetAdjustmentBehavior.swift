/// Whether UIKit adds the safe area to a scroll view's content inset
/// (`UIScrollView.ContentInsetAdjustmentBehavior`; docs/semantics.md § Large titles). Of UIKit's
/// four cases the two whose effect does not depend on the content size are simulated.
enum ContentInsetAdjustmentBehavior: String, Sendable, CaseIterable {
    /// UIKit's default: the scroll view's `adjustedContentInset` includes the part of the safe
    /// area over it, so its content starts below the bars (Apple: "Content is always adjusted
    /// vertically when the scroll view is the content view of a view controller that is currently
    /// displayed by a navigation or tab bar controller").
    case automatic
    /// No adjustment: the content starts at the scroll view's top, under the bars.
    case never

    static let list = allCases.map(\.rawValue).joined(separator: ", ")

    /// The first iOS version with the property (Apple's UIScrollView
    /// `contentInsetAdjustmentBehavior`: iOS 11.0+).
    static let firstIOS = 11
}
