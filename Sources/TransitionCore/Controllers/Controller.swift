import JSONCodec

/// The kinds of controller a scene is built from.
public enum ControllerKind: String, Sendable {
    case viewController
    case navigation
    case tabBar
    /// A `UIAlertController`: an alert or an action sheet, drawn by UIKit from its title,
    /// message and actions.
    case alert
}

/// Modal presentation styles (`UIModalPresentationStyle`).
enum PresentationStyle: String, Sendable, CaseIterable {
    case automatic, fullScreen, overFullScreen, pageSheet, formSheet, custom, popover

    static let list = allCases.map(\.rawValue).joined(separator: ", ")

    /// A card over the presenting view, dismissed by a pull (iOS 13 and later).
    var isSheet: Bool { self == .pageSheet || self == .formSheet }

    /// What UIKit presents with on `iOS`: `.automatic` is `.pageSheet` since iOS 13
    /// (docs/reference.md § UIKit defaults), `.fullScreen` before; sheets are full-screen covers
    /// before iOS 13, where they did not exist on the iPhone as cards. A popover stays one in
    /// regular width and adapts in compact width (`regularWidth` false): to a form sheet from
    /// iOS 13 (Apple's `UIModalPresentationStyle.popover` reference), which compact width shows
    /// as the phone's card, and to full screen before.
    func resolved(iOS: Int, regularWidth: Bool) -> PresentationStyle {
        switch self {
        case .automatic: iOS >= 13 ? .pageSheet : .fullScreen
        case .pageSheet, .formSheet: iOS >= 13 ? self : .fullScreen
        case .popover: regularWidth ? .popover : PresentationStyle.formSheet.resolved(iOS: iOS, regularWidth: false)
        default: self
        }
    }
}

/// A view controller in the session: its identity, its view, and for containers their children.
struct Controller: Sendable {
    let id: ControllerID
    var title: String?
    let kind: ControllerKind
    /// Navigation stack (bottom first) or tab children.
    var children: [ControllerID] = []
    var selectedIndex = 0
    /// The container controller holding this one.
    var parent: ControllerID?
    /// The controller's root view.
    var view: ViewID
    /// A container's content view (the navigation transition view, the tab content view).
    var contentView: ViewID?
    /// A navigation bar or tab bar view.
    var barView: ViewID?
    /// A navigation controller's bar and the views it draws its items with.
    var navigationBar: NavigationBar?
    /// The group of views drawing this controller's `rightBarButtonItems` in its navigation
    /// controller's bar (none without items).
    var barButtonGroup: ViewID?
    /// A tab bar controller's minimizing floating bar: how far scrolling has minimized it
    /// (iOS 26 iPhones, with `onScrollDown` or `onScrollUp`).
    var scrollAway: ScrollAwayInteraction?

    /// What its spec said: animators, presentation, container requests and gestures.
    var settings = ControllerSettings()
    /// Its scroll views, depth first from its root view (the first is the one a large-title bar
    /// tracks), with the insets the safe area adds to them: in a navigation controller that
    /// prefers large titles, none elsewhere (docs/semantics.md § Large titles).
    var scrollViews: [ScrollViewInset] = []

    /// The controller this one presents (`presentedViewController`).
    var presented: ControllerID?
    /// The controller that presented this one (`presentingViewController`).
    var presenting: ControllerID?
    /// The window-level container holding this controller's view while it is presented.
    var presentationContainer: ViewID?
    /// The style it was presented with.
    var presentedStyle: PresentationStyle?
    /// An alert's message, buttons and style.
    var alert: AlertSpec?
    /// The index of the alert's action whose button dismissed it, while it is dismissed.
    var triggeringAction: Int?
}

extension Controller {
    /// The child a container shows: the top of a navigation stack, the selected tab.
    var visibleChild: ControllerID? {
        switch kind {
        case .viewController, .alert: nil
        case .navigation: children.last
        case .tabBar: children.indices.contains(selectedIndex) ? children[selectedIndex] : nil
        }
    }
}
