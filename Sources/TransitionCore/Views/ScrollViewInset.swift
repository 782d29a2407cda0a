/// One of a controller's scroll views and what UIKit adds to its content inset for the safe area
/// (`adjustedContentInset`; docs/semantics.md § Large titles).
struct ScrollViewInset: Sendable, Equatable {
    let view: ViewID
    let behavior: ContentInsetAdjustmentBehavior
    /// Whether it lies inside another of the controller's scroll views, whose scrolling moves it
    /// through the safe area: it is not adjusted (a decision, docs/semantics.md § Large titles).
    let nested: Bool
    /// The safe area over its top and under its bottom, points: `adjustedContentInset.top` and
    /// `.bottom` (no `contentInset` of the app's own is simulated).
    var top = 0.0
    var bottom = 0.0
}
