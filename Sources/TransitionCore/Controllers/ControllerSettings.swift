import JSONCodec

/// What a controller spec says about how the controller takes part in transitions: its
/// animators, how it is presented, what it asks of its containers, and its gestures. Written
/// by the client once, carried unchanged from the spec to the session's controller.
struct ControllerSettings: Sendable {
    var pushAnimator: AnimatorChoice?
    var popAnimator: AnimatorChoice?
    var presentAnimator: AnimatorChoice?
    var dismissAnimator: AnimatorChoice?
    var modalPresentationStyle: PresentationStyle?
    /// `isModalInPresentation`: presented as a sheet, it refuses the pull-down.
    var isModalInPresentation = false
    /// Pushed in a navigation controller inside a tab bar controller, it takes the tab bar away.
    var hidesBottomBarWhenPushed = false
    /// On top of a navigation stack, it hides the navigation bar (UIKit's controllers set
    /// `navigationController.navigationBarHidden` as they appear; this says so per controller).
    var navigationBarHidden = false
    /// A navigation controller's bar shows large titles (`UINavigationBar.prefersLargeTitles`,
    /// iOS 11+) for the items whose mode allows them.
    var prefersLargeTitles = false
    /// When this controller's item shows a large title (`UINavigationItem.largeTitleDisplayMode`);
    /// nil: `automatic`, UIKit's default.
    var largeTitleDisplayMode: LargeTitleDisplayMode?
    /// The sheet's detents when it is presented as one (iOS 15+).
    var sheet: SheetDetents?
    /// Its popover's anchor when it is presented as one (`popoverPresentationController`).
    var popover: PopoverPresentation?
    /// `preferredContentSize`, points: a popover's content size (0 in a dimension: UIKit's
    /// default in that dimension); nil: not set.
    var preferredContentSize: Size?
    /// `preferredTransition` (iOS 18): the transition UIKit runs for this controller's push and
    /// pop, or presentation and dismissal, when the app supplies no animator.
    var preferredTransition = PreferredTransition.automatic
    /// Gestures that drive this controller's interactive transitions (tried before the session's).
    var interactions: [Interaction] = []
    /// A tab bar controller's `tabBarMinimizeBehavior` (iOS 26); nil: not given (`automatic`).
    var tabBarMinimizeBehavior: TabBarMinimizeBehavior?
    /// Its navigation item's `rightBarButtonItems`, first at the trailing edge: drawn in the
    /// navigation bar while this controller is on top of a stack.
    var rightBarButtonItems: [BarButtonItem] = []

    /// The animator choices these settings write, those of the controllers their interactions
    /// declare included, checked when the controller is made (`World.check(_:)`).
    var animatorChoices: [AnimatorChoice?] {
        [pushAnimator, popAnimator, presentAnimator, dismissAnimator] + interactions.flatMap(\.animatorChoices)
    }

    /// Reads the settings' members of a controller spec nested `depth` deep; the reader checks
    /// the other members.
    static func decode(from r: inout SpecReader, limits: SceneLimits, depth: Int) throws(SimulationError) -> ControllerSettings {
        var settings = ControllerSettings()
        func animator(_ key: String) throws(SimulationError) -> AnimatorChoice? {
            guard let value = r.value(key) else { return nil }
            return try AnimatorChoice.decode(value, at: r.path(key))
        }
        settings.pushAnimator = try animator("pushAnimator")
        settings.popAnimator = try animator("popAnimator")
        settings.presentAnimator = try animator("presentAnimator")
        settings.dismissAnimator = try animator("dismissAnimator")
        if let style = try r.string("modalPresentationStyle", maxLength: 32) {
            guard let parsed = PresentationStyle(rawValue: style) else {
                throw SimulationError(r.path("modalPresentationStyle"), "one of \(PresentationStyle.list)")
            }
            settings.modalPresentationStyle = parsed
        }
        settings.isModalInPresentation = try r.bool("isModalInPresentation") ?? false
        settings.hidesBottomBarWhenPushed = try r.bool("hidesBottomBarWhenPushed") ?? false
        settings.navigationBarHidden = try r.bool("navigationBarHidden") ?? false
        settings.prefersLargeTitles = try r.bool("prefersLargeTitles") ?? false
        if let mode = try r.string("largeTitleDisplayMode", maxLength: 32) {
            guard let parsed = LargeTitleDisplayMode(rawValue: mode) else {
                throw SimulationError(r.path("largeTitleDisplayMode"), "unknown mode '\(mode)'; one of \(LargeTitleDisplayMode.list)")
            }
            settings.largeTitleDisplayMode = parsed
        }
        if let sheet = r.value("sheet") { settings.sheet = try SheetDetents.decode(sheet, at: r.path("sheet")) }
        if let popover = r.value("popoverPresentation") {
            settings.popover = try PopoverPresentation.decode(popover, at: r.path("popoverPresentation"))
        }
        if settings.modalPresentationStyle == .popover, settings.popover == nil {
            throw PopoverPresentation.missing(at: r.path("popoverPresentation"))
        }
        if let size = r.value("preferredContentSize") {
            var s = try SpecReader(size, at: r.path("preferredContentSize"))
            settings.preferredContentSize = Size(width: try s.requiredNumber("width", in: 0...10_000), height: try s.requiredNumber("height", in: 0...10_000))
            try s.finish()
        }
        if let preferred = r.value("preferredTransition") {
            settings.preferredTransition = try PreferredTransition.decode(preferred, at: r.path("preferredTransition"))
        }
        if let behavior = try r.string("tabBarMinimizeBehavior", maxLength: 32) {
            guard let parsed = TabBarMinimizeBehavior(rawValue: behavior) else {
                throw SimulationError(r.path("tabBarMinimizeBehavior"), "unknown behavior '\(behavior)'; one of \(TabBarMinimizeBehavior.list)")
            }
            settings.tabBarMinimizeBehavior = parsed
        }
        settings.rightBarButtonItems = try BarButtonItem.decodeList(r.value("rightBarButtonItems"), at: r.path("rightBarButtonItems"))
        settings.interactions = try Interaction.decodeList(r.value("interactions"), at: r.path("interactions"), limits: limits, depth: depth)
        return settings
    }

    /// Refuses what the session's iOS version does not have, at the member's pointer below
    /// the controller spec's `pointer`: large titles before iOS 11, the `inline` mode before 17, the
    /// fluid zoom before 18, the zoom from a bar button item and the minimizing tab bar before 26.
    func checkAvailable(iOS: Int, at pointer: String) throws(SimulationError) {
        if prefersLargeTitles, iOS < LargeTitleDisplayMode.firstIOS {
            throw SimulationError(pointer + "/prefersLargeTitles", "large titles exist from iOS \(LargeTitleDisplayMode.firstIOS) (UINavigationBar.prefersLargeTitles); the session's screen is iOS \(iOS)")
        }
        if preferredTransition.zoom != nil, iOS < ZoomOptions.firstIOS {
            throw SimulationError(pointer + "/preferredTransition", "the fluid zoom exists from iOS \(ZoomOptions.firstIOS) (UIViewController.preferredTransition); the session's screen is iOS \(iOS)")
        }
        if preferredTransition.zoom?.barButtonItem != nil, iOS < ZoomOptions.firstBarButtonIOS {
            throw SimulationError(pointer + "/preferredTransition/sourceBarButtonItem", "the zoom from a bar button item exists from iOS \(ZoomOptions.firstBarButtonIOS) (UIViewController.Transition.zoom(options:sourceBarButtonItemProvider:)); the session's screen is iOS \(iOS)")
        }
        if tabBarMinimizeBehavior != nil, iOS < TabBarMinimizeBehavior.firstIOS {
            throw SimulationError(pointer + "/tabBarMinimizeBehavior", "tabBarMinimizeBehavior exists from iOS \(TabBarMinimizeBehavior.firstIOS) (UITabBarController); the session's screen is iOS \(iOS)")
        }
        if modalPresentationStyle == .popover, iOS < PopoverPresentation.firstIOS {
            throw SimulationError(pointer + "/modalPresentationStyle", "the popover style exists from iOS \(PopoverPresentation.firstIOS) (UIModalPresentationPopover); the session's screen is iOS \(iOS)")
        }
        if let mode = largeTitleDisplayMode, iOS < mode.firstIOS {
            throw SimulationError(pointer + "/largeTitleDisplayMode", "largeTitleDisplayMode '\(mode.rawValue)' exists from iOS \(mode.firstIOS); the session's screen is iOS \(iOS)")
        }
    }
}
