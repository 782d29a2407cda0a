/// Seed 003 (the short guide): the fade-in of the to view.
extension Catalogue {
    /// 0.35 s: the guide's `transitionDuration` and its animation's duration; UIView.animate's
    /// default curve (easeInOut, docs/reference.md § UIKit defaults). The guide's code sets the to
    /// view's alpha to 0 and animates it to 1; the catalogue also adds the to view at its final
    /// frame, which the guide's prose requires. Dismiss, which the guide lacks, fades the presented
    /// view out.
    static let fade = #"""
    {
      "name": "fade",
      "summary": "Seed 003: the to view, at its final frame on top of the container, fades in from alpha 0 to 1. For dismiss, the presented view fades out.",
      "source": "Seed 003: transitionDuration 0.35 s and a 0.35 s UIView.animate of the to view's alpha from 0 to 1, default curve (easeInOut, docs/reference.md § UIKit defaults). The dismiss body is its mirror (not in the seed).",
      "parameters": {"duration": 0.35, "curve": "easeInOut"},
      "push": {
        "duration": "duration",
        "setup": [{"set": "to", "frame": "final", "alpha": 0}, {"add": "to"}],
        "animations": [{"duration": "duration", "curve": "@curve", "changes": [{"view": "to", "alpha": 1}],
                        "completion": [{"completeTransition": "!cancelled"}]}]
      },
      "pop": {
        "duration": "duration",
        "setup": [{"set": "to", "frame": "final", "alpha": 0}, {"add": "to"}],
        "animations": [{"duration": "duration", "curve": "@curve", "changes": [{"view": "to", "alpha": 1}],
                        "completion": [{"completeTransition": "!cancelled"}]}]
      },
      "selectTab": {
        "duration": "duration",
        "setup": [{"set": "to", "frame": "final", "alpha": 0}, {"add": "to"}],
        "animations": [{"duration": "duration", "curve": "@curve", "changes": [{"view": "to", "alpha": 1}],
                        "completion": [{"completeTransition": "!cancelled"}]}]
      },
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
    }
    """#
}
