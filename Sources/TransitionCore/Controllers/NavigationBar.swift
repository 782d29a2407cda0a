/// A navigation controller's bar and the views it draws its items with (`UINavigationBar`).
///
/// At rest the bar shows one item, the top controller's: its title and, above the root, the back
/// indicator and back button. A transition shows two, the item leaving and the one coming, so
/// the bar owns a second title and back button, detached while nothing moves; when a change
/// completes the two sets trade places, so a session creates these views once, whatever the
/// number of pushes and pops.
struct NavigationBar: Sendable {
    /// The bar itself (`role: navigationBar`).
    var bar: ViewID
    /// The chevron before the back button (`role: backIndicator`), shared by both items.
    var indicator: ViewID
    /// The shown item's title and back button (`role: navigationTitle`, `backButton`).
    var title: ViewID
    var backButton: ViewID
    /// The coming item's, during a transition.
    var incomingTitle: ViewID
    var incomingBackButton: ViewID
    /// The shown item's large title (`role: largeTitle`), made only for a bar that prefers large
    /// titles, so other sessions hold the views they always did.
    var largeTitle: ViewID?
    /// The coming item's, during a transition (made with `largeTitle`).
    var incomingLargeTitle: ViewID?

    /// Ids of the bar's views in snapshots: the shown item's are `<nav>.navigationTitle` and
    /// `<nav>.backButton`, the coming one's carry `.incoming`.
    static func id(_ role: ViewRole, of nav: ControllerID, incoming: Bool = false) -> String {
        "\(nav).\(role.rawValue)" + (incoming ? ".incoming" : "")
    }

    /// The views showing the two items (the chevron, titles, back buttons, large titles), which a
    /// change animates.
    var itemViews: [ViewID] {
        [indicator, title, backButton, incomingTitle, incomingBackButton] + [largeTitle, incomingLargeTitle].compactMap { $0 }
    }

    /// The coming item becomes the shown one (a completed change).
    mutating func promoteIncoming() {
        swap(&title, &incomingTitle)
        swap(&backButton, &incomingBackButton)
        swap(&largeTitle, &incomingLargeTitle)
    }
}
