/// What a view the service or an animator made is for. Views from a controller's spec have none.
/// The raw value is the name snapshots write as `role` and drawings as `data-role`
/// (openapi.yaml, `SnapshotNode.role`).
public enum ViewRole: String, Sendable {
    /// The key window, the root of every snapshot.
    case window
    /// A container controller's content view, or the view a presentation runs in.
    case container
    /// A navigation controller's bar (`UINavigationBar`).
    case navigationBar
    /// The title of one of the bar's items.
    case navigationTitle
    /// The chevron before the back button.
    case backIndicator
    /// The back button's title, named after the controller below.
    case backButton
    /// The views drawing a controller's `rightBarButtonItems` in the bar: the group holding them
    /// (on iOS 26 their glass capsule) and each item, a label with its title or an image view.
    case barButtonGroup, barButtonItem
    /// The top item's title shown large under the bar (`prefersLargeTitles`).
    case largeTitle
    /// A tab bar controller's bar (`UITabBar`) and its items' titles.
    case tabBar, tabBarItem
    /// A plain view dimming what is under it: an animator's `dimming` or a sheet's veil.
    case dimming
    /// An animator's `snapshotViewAfterScreenUpdates:` image, and the copies of its source's
    /// subviews inside it.
    case snapshot, snapshotContent
    /// The rounded clip that holds a page while iOS 18's fluid zoom grows it from, or shrinks it
    /// into, its source view.
    case zoomContainer
    /// The capsule at the top of a sheet whose `prefersGrabberVisible` is set.
    case sheetGrabber
    /// An alert's rounded platter; an action sheet's group of buttons (with its title and
    /// message) and its separate cancel button's platter.
    case alertPlatter
    /// An alert's or action sheet's title and message labels.
    case alertTitle, alertMessage
    /// An alert's buttons, by `UIAlertActionStyle`: default, cancel and destructive.
    case alertAction, alertCancelAction, alertDestructiveAction
    /// A popover's chrome (`_UIPopoverView`): the rounded box holding the presented view and the
    /// arrow, the view that fades in and out.
    case popover
    /// The popover's arrow, named after the way it points (`UIPopoverArrowDirection`).
    case popoverArrowUp, popoverArrowDown, popoverArrowLeft, popoverArrowRight
}
