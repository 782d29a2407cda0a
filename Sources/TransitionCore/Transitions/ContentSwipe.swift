import JSONCodec

/// UIKit's content back swipe (iOS 26): `UINavigationController.interactiveContentPopGestureRecognizer`,
/// the recognizer named "UINavigationController.contentSwipe" (UIKitCore, iOS 26.1:
/// `_UINavigationInteractiveTransition -_configureNavigationGesture` and
/// `_UINavigationInteractiveTransitionBase -_createContentSwipeGestureRecognizer`). It begins a
/// pop from anywhere in the page; once begun it is the edge swipe, whose handler
/// (`-handleNavigationTransition:`) it shares: the same page following, decision
/// (`BackSwipeStatistics`), settle and bar flight. What it adds are the reasons it does not begin
/// (docs/semantics.md § The content back swipe).
enum ContentSwipe {
    /// The first iOS with the recognizer (Apple's documentation of
    /// `interactiveContentPopGestureRecognizer`: iOS 26.0).
    static let firstIOS = 26
    /// Points the finger moves along the swipe before the recognizer begins, its hysteresis for a
    /// touch (`_UIParallaxTransitionPanGestureRecognizer -_shouldTryToBeginWithEvent:`, iOS 26.1),
    /// which sets how fast the rise it tolerates grows.
    static let hysteresis = 30.0
    /// The rise (points across the swipe, up or down) at which the recognizer fails as vertical
    /// ("exceededYTranslation"): `baseRise` plus (`hysteresis` − `baseRise`) / `riseRun` per point
    /// along the swipe, at most `maximumRise` (the same method).
    static let baseRise = 10.0
    static let riseRun = 25.0
    static let maximumRise = 25.0

    /// Why a content swipe does not begin.
    enum Refusal: Equatable {
        /// Its translation when it would begin points left: `gestureRecognizerShouldBegin:` begins
        /// the pop only for translation.x ≥ 0 (leading to trailing, left to right).
        case leftward
        /// It rose too steeply for a horizontal pan: the recognizer fails.
        case vertical
        /// A scroll view under the finger (its path in the page) scrolls horizontally: its own pan
        /// takes the drag.
        case horizontalScroll(path: String)
    }

    /// The refusal the finger's direction gives, from its `translation` (points) when the
    /// recognizer would begin; nil when it begins.
    static func refusal(translation: Point) -> Refusal? {
        if translation.x < 0 { return .leftward }
        let tolerated = min(maximumRise, baseRise + (hysteresis - baseRise) / riseRun * abs(translation.x))
        return abs(translation.y) >= tolerated ? .vertical : nil
    }

    /// Whether a scroll view with `bounds` (its content offset the origin, points) scrolls
    /// horizontally, UIScrollView's `_canScrollX`: its content is wider than it. The service keeps
    /// no content size, so the content is what the views inside it cover, out to `contentMaxX`
    /// (the largest right edge of their frames); a scroll view already scrolled sideways scrolls
    /// horizontally too.
    static func scrollsHorizontally(bounds: Rect, contentMaxX: Double) -> Bool {
        bounds.origin.x != 0 || contentMaxX > bounds.size.width
    }

    /// The diagnostic's words for a refusal.
    static func message(_ refusal: Refusal, page: ControllerID) -> String {
        switch refusal {
        case .leftward:
            return "the content swipe began moving left: UIKit's gestureRecognizerShouldBegin: begins the pop only on a drag toward the right, so '\(page)' stays and the gesture's later samples move nothing"
        case .vertical:
            return "the content swipe began rising more than a horizontal pan allows (min(\(maximumRise), \(baseRise) + \((hysteresis - baseRise) / riseRun) × |x|) pt): the recognizer fails, so '\(page)' stays and the gesture's later samples move nothing"
        case .horizontalScroll(let path):
            return "the scroll view at '\(path)' under the finger scrolls horizontally and takes the drag: '\(page)' stays and the gesture's later samples move nothing"
        }
    }
}

extension World {
    /// UIKit's own content swipe, for a `contentPan` sample: on screens of iOS 26 and later only
    /// (before, the recognizer does not exist: a 422 at `recognizer`), and not over a page the
    /// fluid zoom brought in, whose own gestures zoom it out (not simulated: a 409).
    func contentPopInteraction(pointer: String) throws(SimulationError) -> Interaction {
        guard display.iOS >= ContentSwipe.firstIOS else {
            throw SimulationError(pointer + "/recognizer", "contentPan is iOS 26's content back swipe (UINavigationController.interactiveContentPopGestureRecognizer); the session's screen is iOS \(display.iOS): swipe from the edge (edgePan)")
        }
        if let zoomed = zoomedPage() {
            throw .conflict(.noInteraction, detail: "'\(zoomed.page)' was brought in by the fluid zoom, whose own gestures zoom it out (a swipe down, an edge pan, a pinch); a content swipe over it is not simulated",
                            pointer: pointer + "/recognizer")
        }
        return .defaultContentPop
    }

    /// A content swipe's `began` sample that does not begin the pop: it records a
    /// `content-swipe-refused` diagnostic on the page and answers true. The page is the top of
    /// the navigation controller the sample addresses; its view at the sample's `view` path (a 422
    /// there when it has none) is where the finger starts.
    mutating func refuseContentSwipe(_ s: GestureAction, pointer: String) throws(SimulationError) -> Bool {
        let nav = try navigationController(named: s.container, pointer: pointer + "/container")
        guard let page = self[controller: nav].children.last else { return false }
        let path = s.view ?? ""
        guard let start = tree.view(owner: page, path: path) else {
            throw SimulationError(pointer + "/view", "controller '\(page)', the page the swipe would pop, has no view at path '\(path)'")
        }
        guard let refusal = ContentSwipe.refusal(translation: s.translation ?? .zero) ?? horizontalScroller(from: start, in: page) else {
            return false
        }
        emit(.diagnostic, page, ["code": .string(DiagnosticCode.contentSwipeRefused.rawValue),
                                 "message": .string(ContentSwipe.message(refusal, page: page))])
        return true
    }

    /// The nearest scroll view at or above `view`, up to `page`'s root view, that scrolls horizontally.
    private func horizontalScroller(from view: ViewID, in page: ControllerID) -> ContentSwipe.Refusal? {
        let root = self[controller: page].view
        var current: ViewID? = view
        while let v = current {
            let node = tree[v]
            if ViewKind(rawValue: node.kind)?.scrolls == true {
                let contentMaxX = node.children.map { tree[$0].frame.maxX }.max() ?? 0
                if ContentSwipe.scrollsHorizontally(bounds: node.bounds, contentMaxX: contentMaxX) { return .horizontalScroll(path: node.path) }
            }
            current = v == root ? nil : node.parent
        }
        return nil
    }
}
