import JSONCodec

/// What a controller's `preferredTransition` of type `zoom` says (UIKit's
/// `UIViewController.Transition.zoom(options:sourceViewProvider:)`, or
/// `zoom(options:sourceBarButtonItemProvider:)`, with `UIZoomTransitionOptions`).
struct ZoomOptions: Sendable, Equatable {
    /// What the zoom grows out of and shrinks back into, in the controller it zooms from (the
    /// one below it in the stack, or the content controller the presenting controller shows),
    /// resolved when the zoom starts and again when it zooms back, as UIKit calls the provider
    /// each time.
    enum Source: Sendable, Equatable {
        /// `sourceViewProvider`: a view path in that controller's view tree.
        case view(String)
        /// `sourceBarButtonItemProvider` (iOS 26): the id of one of that controller's
        /// `rightBarButtonItems`, drawn in its navigation controller's bar.
        case barButtonItem(String)
    }

    /// The first iOS with `preferredTransition` (UIKit's documentation: iOS 18.0+).
    static let firstIOS = 18
    /// The first iOS whose zoom starts from a bar button item (UIKit's documentation of
    /// `zoomWithOptions:sourceBarButtonItemProvider:`: iOS 26.0+).
    static let firstBarButtonIOS = 26
    var source: Source
    /// The rect of the zoomed controller's view, in its own coordinates (points), that meets the
    /// source (`alignmentRectProvider`); nil: the whole view.
    var alignmentRect: Rect?
    /// The veil over the covered page; nil: the catalogue's (black at `dimming`).
    var dimmingColor: Color?
    var dimmingAlpha: Double?
    /// `interactiveDismissShouldBegin`'s answer: false refuses UIKit's dismissing gestures.
    var interactiveDismiss: Bool
    /// Where the source was written, for the errors of a source that is not there.
    var pointer: String

    /// The smallest `alignmentRect` width and height (points): a hundredth of a point, far below
    /// one pixel of any screen (scale 1 to 3), so that no alignment a page can show is refused,
    /// while the page's scale at the source end (the source's size over this, a source being at
    /// most 1e6 points) stays at most 1e8 and every frame, center and transform it makes finite.
    static let minimumAlignment = 0.01

    static func decode(_ r: inout SpecReader) throws(SimulationError) -> ZoomOptions {
        let view = try r.string("sourceView"), item = try r.string("sourceBarButtonItem", maxLength: 64)
        let source: Source, key: String
        switch (view, item) {
        case (let path?, nil):
            guard !path.isEmpty else { throw SimulationError(r.path("sourceView"), "a view path in the controller it zooms from, such as 'grid/cell-3'") }
            (source, key) = (.view(path), "sourceView")
        case (nil, let id?):
            guard ViewSpec.isValidID(id) else {
                throw SimulationError(r.path("sourceBarButtonItem"), "the id of a bar button item of the controller it zooms from, such as 'add'")
            }
            (source, key) = (.barButtonItem(id), "sourceBarButtonItem")
        case (.some, .some):
            throw SimulationError(r.path("sourceBarButtonItem"), "a zoom has one source: 'sourceView' or 'sourceBarButtonItem', not both")
        case (nil, nil):
            throw SimulationError(r.path("sourceView"), "is required")
        }
        var options = ZoomOptions(source: source, interactiveDismiss: try r.bool("interactiveDismiss") ?? true, pointer: r.path(key))
        if let rect = r.value("alignmentRect") {
            var a = try SpecReader(rect, at: r.path("alignmentRect"))
            let limit = 1e6  // points, as the other coordinates a spec gives (SpecReader.point)
            // The page's scale at the source end divides by the size: at least `minimumAlignment`.
            let size = minimumAlignment...limit
            options.alignmentRect = Rect(x: try a.requiredNumber("x", in: -limit...limit), y: try a.requiredNumber("y", in: -limit...limit),
                                         width: try a.requiredNumber("width", in: size), height: try a.requiredNumber("height", in: size))
            try a.finish()
        }
        if let text = try r.string("dimmingColor", maxLength: 9) {
            guard let color = ViewSpec.parseColor(text) else { throw SimulationError(r.path("dimmingColor"), "expected #rrggbb or #rrggbbaa") }
            options.dimmingColor = color
        }
        options.dimmingAlpha = try r.number("dimmingAlpha", in: 0...1)
        return options
    }

    /// The bar button item's id, when the zoom starts from one.
    var barButtonItem: String? {
        guard case .barButtonItem(let id) = source else { return nil }
        return id
    }
}
