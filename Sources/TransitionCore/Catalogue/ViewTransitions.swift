/// The `transitionFromView:toView:duration:options:` family: cross dissolve, flips and curls,
/// for the operations whose two views share the container (push, pop, tab switches), and for
/// present and dismiss through a snapshot of the presenting view.
extension Catalogue {
    /// One body of a view-transition animator: the to view takes its final frame, the view
    /// transition swaps the two views; cancelled (interactive), the from view comes back, since
    /// the view transition took it out.
    static func viewTransitionBody(_ kind: String, perspective: Bool) -> String {
        """
        {
            "duration": "duration",
            "setup": [
              {"set": "to", "frame": "final"},
              {"transition": "\(kind)", "from": "from", "to": "to", "duration": "duration", "curve": "@curve",\(perspective ? #" "perspective": "perspective","# : "")
               "completion": [
                 {"if": "cancelled", "then": [{"add": "from", "below": "to"}]},
                 {"completeTransition": "!cancelled"}
               ]}
            ]
          }
        """
    }

    /// Present and dismiss bodies for a view transition (issue 11, item 5). The presenting view
    /// lives outside the presentation's container, and `transitionFromView:` puts the to view in
    /// the from view's superview and takes the from view out, so the presenting side is played by
    /// a snapshot in the container: on present the snapshot of the presenting view turns (or
    /// curls) away to the presented view, which stays; on dismiss the presented view turns away to
    /// a snapshot of the presenting view, which goes when the transition ends (UIKit shows the
    /// presenting view itself from then on). Cancelled, the dismissed view comes back.
    static func viewTransitionPresentationBodies(_ kind: String, perspective: Bool) -> String {
        let depth = perspective ? #" "perspective": "perspective","# : ""
        return """
        ,
          "present": {
            "duration": "duration",
            "setup": [
              {"set": "to", "frame": "final"},
              {"snapshot": "front", "of": "from"},
              {"transition": "\(kind)", "from": "$front", "to": "to", "duration": "duration", "curve": "@curve",\(depth)
               "completion": [{"completeTransition": "!cancelled"}]}
            ]
          },
          "dismiss": {
            "duration": "duration",
            "setup": [
              {"snapshot": "back", "of": "to"},
              {"transition": "\(kind)", "from": "from", "to": "$back", "duration": "duration", "curve": "@curve",\(depth)
               "completion": [
                 {"if": "cancelled", "then": [{"add": "from", "below": "$back"}]},
                 {"remove": "$back"},
                 {"completeTransition": "!cancelled"}
               ]}
            ]
          }
        """
    }

    static func viewTransitionAnimator(_ name: String, summary: String, source: String, parameters: String, perspective: Bool,
                                       extraBodies: String = "") -> String {
        let body = viewTransitionBody(name, perspective: perspective)
        return """
        {
          "name": "\(name)",
          "summary": "\(summary)",
          "source": "\(source)",
          "parameters": \(parameters),
          "push": \(body),
          "pop": \(body),
          "selectTab": \(body)\(extraBodies)
        }
        """
    }

    /// 0.5 s: seed 002's tab change (its simple animation controller with the cross-dissolve
    /// option and a duration of 0.5); easeInOut: UIKit's default option curve
    /// (docs/reference.md § UIKit defaults).
    static let crossDissolve = viewTransitionAnimator(
        "crossDissolve",
        summary: "transitionFromView with the cross-dissolve option: the from view fades out as the to view fades in. For present and dismiss (UIModalTransitionStyleCrossDissolve) the presented view fades in, and out.",
        source: "UIViewAnimationOptionTransitionCrossDissolve. duration 0.5 s: seed 002's tab change; curve easeInOut: UIKit's default animation curve (UIKit header, docs/reference.md § UIKit defaults).",
        parameters: #"{"duration": 0.5, "curve": "easeInOut"}"#, perspective: false,
        extraBodies: #"""
        ,
          "present": {
            "duration": "duration",
            "setup": [{"set": "to", "frame": "final", "alpha": 0}, {"add": "to"}],
            "animations": [{"duration": "duration", "curve": "@curve", "changes": [{"view": "to", "alpha": 1}],
                            "completion": [{"completeTransition": "!cancelled"}]}]
          },
          "dismiss": {
            "duration": "duration",
            "animations": [{"duration": "duration", "curve": "@curve", "changes": [{"view": "from", "alpha": 0}],
                            "completion": [{"if": "cancelled", "then": [{"set": "from", "alpha": 1}]},
                                           {"completeTransition": "!cancelled"}]}]
          }
        """#)

    /// 0.5 s: seed 002's flips; m34 = −1/500: the community's perspective
    /// (docs/reference.md § Flips and 3D; UIKit's own value was not found).
    static let flipParameters = #"{"duration": 0.5, "curve": "easeInOut", "perspective": -0.002}"#
    static let flipSource = "duration 0.5 s: seed 002's push/pop flips; curve easeInOut: UIKit's default animation curve (docs/reference.md § UIKit defaults); perspective m34 = -1/500: the community convention (docs/reference.md § Flips and 3D; UIKit's own value was not found)."

    static let flipFromLeft = viewTransitionAnimator(
        "flipFromLeft",
        summary: "transitionFromView with UIViewAnimationOptionTransitionFlipFromLeft: a half turn about the vertical axis, left edge toward the viewer; the from view turns edge-on in the first half, the to view turns in during the second.",
        source: "UIViewAnimationOptionTransitionFlipFromLeft. " + flipSource,
        parameters: flipParameters, perspective: true, extraBodies: viewTransitionPresentationBodies("flipFromLeft", perspective: true))

    static let flipFromRight = viewTransitionAnimator(
        "flipFromRight",
        summary: "transitionFromView with UIViewAnimationOptionTransitionFlipFromRight: a half turn about the vertical axis, right edge toward the viewer; the from view turns edge-on in the first half, the to view turns in during the second.",
        source: "UIViewAnimationOptionTransitionFlipFromRight. " + flipSource,
        parameters: flipParameters, perspective: true, extraBodies: viewTransitionPresentationBodies("flipFromRight", perspective: true))

    /// 0.5 s: seed 002 suggests page curls in place of its 0.5 s flips.
    static let curlSource = "duration 0.5 s: seed 002, whose flip example suggests trying page curls instead (same controller, same 0.5 s); curve easeInOut: UIKit's default animation curve (docs/reference.md § UIKit defaults). The curl is drawn as a fold about the top edge (docs/animators.md)."

    static let curlUp = viewTransitionAnimator(
        "curlUp",
        summary: "transitionFromView with UIViewAnimationOptionTransitionCurlUp: the from view folds up about its top edge, uncovering the to view beneath it.",
        source: "UIViewAnimationOptionTransitionCurlUp. " + curlSource,
        parameters: #"{"duration": 0.5, "curve": "easeInOut"}"#, perspective: false,
        extraBodies: viewTransitionPresentationBodies("curlUp", perspective: false))

    static let curlDown = viewTransitionAnimator(
        "curlDown",
        summary: "transitionFromView with UIViewAnimationOptionTransitionCurlDown: the to view unfolds down from its top edge over the from view.",
        source: "UIViewAnimationOptionTransitionCurlDown. " + curlSource,
        parameters: #"{"duration": 0.5, "curve": "easeInOut"}"#, perspective: false,
        extraBodies: viewTransitionPresentationBodies("curlDown", perspective: false))
}
