import JSONCodec

/// What a controller presented as a popover says of its anchor (`UIPopoverPresentationController`'s
/// `sourceView`, `sourceRect` and `permittedArrowDirections`) and of the views a tap outside it
/// reaches (`passthroughViews`): the spec's `popoverPresentation`.
struct PopoverPresentation: Sendable, Equatable {
    /// A view path in the presenting controller (or a controller it shows), resolved when the
    /// popover is presented.
    var sourceView: String?
    /// In `sourceView`'s coordinates, points; without a source view, in the window's. Nil: the
    /// source view's bounds (UIKit's default when `sourceRect` is left unset).
    var sourceRect: Rect?
    /// The sides the arrow may point from, in any order; UIKit's default is all (`.any`).
    var permittedArrowDirections: [PopoverArrowDirection]
    /// View paths, looked up as `sourceView` is, that a tap outside the popover reaches instead of
    /// dismissing it (`passthroughViews`; UIKit's default is none).
    var passthroughViews: [String] = []
    /// Where the member was written, for the errors of a source that is not there.
    var pointer: String

    /// Passthrough views one popover may name: a bound on the lookups a tap makes.
    static let maxPassthroughViews = 64

    /// The first iOS with `UIModalPresentationStyle.popover` (UIKit's reference: iOS 8.0).
    static let firstIOS = 8

    /// The popover a presentation with `style` popover and no `popoverPresentation` refers to.
    static func missing(at pointer: String) -> SimulationError {
        SimulationError(pointer, "a popover needs a source: popoverPresentation {\"sourceView\": path} or {\"sourceRect\": {x, y, width, height}} (UIKit raises without a sourceView or barButtonItem)")
    }

    static func decode(_ json: JSONValue, at pointer: String) throws(SimulationError) -> PopoverPresentation {
        var r = try SpecReader(json, at: pointer)
        var popover = PopoverPresentation(sourceView: try r.string("sourceView", maxLength: 256), sourceRect: nil,
                                          permittedArrowDirections: PopoverArrowDirection.allCases, pointer: pointer)
        if popover.sourceView?.isEmpty == true { throw SimulationError(r.path("sourceView"), "a view path in the presenting controller, such as 'toolbar/share'") }
        if let rect = r.value("sourceRect") {
            var a = try SpecReader(rect, at: r.path("sourceRect"))
            let limit = 1e6  // points, as the other coordinates a spec gives
            popover.sourceRect = Rect(x: try a.requiredNumber("x", in: -limit...limit), y: try a.requiredNumber("y", in: -limit...limit),
                                      width: try a.requiredNumber("width", in: 0...limit), height: try a.requiredNumber("height", in: 0...limit))
            try a.finish()
        }
        guard popover.sourceView != nil || popover.sourceRect != nil else { throw missing(at: pointer) }
        if let list = try r.array("permittedArrowDirections", maxCount: 4) {
            var directions: [PopoverArrowDirection] = []
            for (i, item) in list.enumerated() {
                guard let name = item.stringValue, let direction = PopoverArrowDirection(rawValue: name) else {
                    throw SimulationError(r.path("permittedArrowDirections") + "/\(i)", "one of \(PopoverArrowDirection.list)")
                }
                if !directions.contains(direction) { directions.append(direction) }
            }
            guard !directions.isEmpty else { throw SimulationError(r.path("permittedArrowDirections"), "at least one of \(PopoverArrowDirection.list) (UIKit's .unknown is no direction)") }
            popover.permittedArrowDirections = directions
        }
        if let list = try r.array("passthroughViews", maxCount: maxPassthroughViews) {
            for (i, item) in list.enumerated() {
                guard let path = item.stringValue, !path.isEmpty, path.utf8.count <= 256 else {
                    throw SimulationError(r.path("passthroughViews") + "/\(i)", "a view path in the presenting controller, such as 'toolbar/share' (at most 256 bytes)")
                }
                popover.passthroughViews.append(path)
            }
        }
        try r.finish()
        return popover
    }
}
