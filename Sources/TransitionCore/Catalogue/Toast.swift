/// Seed 002 (the Toast article): push/pop flips and the overlay present/dismiss pair.
extension Catalogue {
    /// 0.5 s and the two flip options: seed 002's navigation delegate (flip from the right for a
    /// push, from the left for a pop, duration 0.5). The seed completes with YES; the catalogue
    /// passes `!transitionWasCancelled` and puts the from view back when cancelled.
    static let flip = #"""
    {
      "name": "flip",
      "summary": "Seed 002's push and pop: transitionFromView flipping from the right for a push and from the left for a pop.",
      "source": "Seed 002: duration 0.5 s, UIViewAnimationOptionTransitionFlipFromRight for push and FlipFromLeft for pop, the to view at its final frame first. Curve easeInOut: UIKit's default (docs/reference.md § UIKit defaults); perspective m34 = -1/500: the community convention (docs/reference.md § Flips and 3D; UIKit's value not found).",
      "parameters": {"duration": 0.5, "curve": "easeInOut", "perspective": -0.002},
      "push": {
        "duration": "duration",
        "setup": [
          {"set": "to", "frame": "final"},
          {"transition": "flipFromRight", "from": "from", "to": "to", "duration": "duration", "curve": "@curve", "perspective": "perspective",
           "completion": [
             {"if": "cancelled", "then": [{"add": "from", "below": "to"}]},
             {"completeTransition": "!cancelled"}
           ]}
        ]
      },
      "pop": {
        "duration": "duration",
        "setup": [
          {"set": "to", "frame": "final"},
          {"transition": "flipFromLeft", "from": "from", "to": "to", "duration": "duration", "curve": "@curve", "perspective": "perspective",
           "completion": [
             {"if": "cancelled", "then": [{"add": "from", "below": "to"}]},
             {"completeTransition": "!cancelled"}
           ]}
        ]
      }
    }
    """#

    /// Seed 002's overlay. Present: D = 0.5; frame = container bounds inset 40/40/200/40 (top,
    /// left, bottom, right); alpha 0 → 1 over D/2 with UIView.animate's default curve; scale
    /// 0.3 → 1 over D with a UIKit spring, damping 0.55 and initial velocity 1/0.55, whose
    /// completion completes the transition. Dismiss: D = 0.2; alpha → 0 over 3D/4 after D/4,
    /// easeIn, then the view is removed and the transition completed; scale → 0.3 over 2D with a
    /// spring of damping 1 and initial velocity −15, still running after completion (declared
    /// with `outlivesTransition`).
    static let overlay = #"""
    {
      "name": "overlay",
      "summary": "Seed 002's overlay: present insets the presented view in the container, fades it in over half the duration and springs its scale from 0.3 to 1; dismiss fades it out after a quarter of the duration with ease-in while a spring shrinks it to 0.3, a spring that runs on after the transition completes. Use a custom (or overFullScreen) presentation so the presenting view stays.",
      "source": "Seed 002: present 0.5 s, frame = container bounds inset top 40 left 40 bottom 200 right 40, alpha 0 to 1 over D/2 (default curve, easeInOut per docs/reference.md § UIKit defaults), scale 0.3 to 1 over D with a spring of damping 0.55 and initial velocity 1/0.55 whose completion completes; dismiss 0.2 s, alpha to 0 over 3D/4 after a delay of D/4 with easeIn then remove the view and complete, scale to 0.3 over 2D with a spring of damping 1.0 and initial velocity -15.",
      "parameters": {
        "presentDuration": 0.5, "dismissDuration": 0.2,
        "insetTop": 40, "insetLeft": 40, "insetBottom": 200, "insetRight": 40,
        "scale": 0.3, "damping": 0.55, "dismissDamping": 1, "dismissVelocity": -15
      },
      "present": {
        "duration": "presentDuration",
        "setup": [
          {"set": "to", "frame": {"inset": "container", "top": "insetTop", "left": "insetLeft", "bottom": "insetBottom", "right": "insetRight"}},
          {"add": "to"},
          {"set": "to", "alpha": 0, "transform": [{"scale": "scale"}]}
        ],
        "animations": [
          {"duration": "duration / 2", "changes": [{"view": "to", "alpha": 1}]},
          {"duration": "duration",
           "curve": {"spring": {"dampingRatio": "damping", "initialVelocity": "1 / damping"}},
           "changes": [{"view": "to", "transform": "identity"}],
           "completion": [{"completeTransition": "!cancelled"}]}
        ]
      },
      "dismiss": {
        "duration": "dismissDuration",
        "animations": [
          {"delay": "duration / 4", "duration": "3 * duration / 4", "curve": "easeIn",
           "changes": [{"view": "from", "alpha": 0}],
           "completion": [
             {"if": "cancelled", "then": [{"set": "from", "alpha": 1, "transform": "identity"}], "else": [{"remove": "from"}]},
             {"completeTransition": "!cancelled"}
           ]},
          {"duration": "2 * duration",
           "curve": {"spring": {"dampingRatio": "dismissDamping", "initialVelocity": "dismissVelocity"}},
           "changes": [{"view": "from", "transform": [{"scale": "scale"}]}],
           "outlivesTransition": true}
        ]
      }
    }
    """#
}
