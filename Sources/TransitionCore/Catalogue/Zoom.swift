/// Seeds 000/001 (one article in two formats): the selected cell's image flies to the detail
/// image while the detail view fades in, and the reverse for pop.
extension Catalogue {
    /// 0.3 s: the seed's `transitionDuration:`; easeInOut: the seed animates with UIView.animate's
    /// default curve (docs/reference.md § UIKit defaults). The seed shows only the push; the pop
    /// is its mirror, as the article says to build it ("the same exercise"). Done right: the
    /// catalogue unhides the image view it hid (the seed unhides the cell), and a cancelled pop
    /// restores the alpha it faded.
    static let zoom = #"""
    {
      "name": "zoom",
      "summary": "Seeds 000/001: push snapshots the source image view, hides it and the target image view, and flies the snapshot onto the target's frame while the to view fades in over it; pop flies the snapshot back while the from view fades out. sourceView is a path in the from controller, targetView in the to controller.",
      "source": "Seeds 000/001: transitionDuration 0.3 s; one UIView.animate block with the default curve (easeInOut, docs/reference.md § UIKit defaults); snapshot frame converted into the container; completion unhides and removes the snapshot, then completeTransition(!transitionWasCancelled). The pop is the push's mirror (000/001 describe it as the same exercise).",
      "parameters": {"duration": 0.3, "curve": "easeInOut", "sourceView": "", "targetView": ""},
      "push": {
        "duration": "duration",
        "setup": [
          {"snapshot": "image", "of": "source"},
          {"set": "source", "hidden": true},
          {"set": "to", "frame": "final", "alpha": 0},
          {"set": "target", "hidden": true},
          {"add": "to"},
          {"add": "$image"}
        ],
        "animations": [{
          "duration": "duration",
          "curve": "@curve",
          "changes": [
            {"view": "to", "alpha": 1},
            {"view": "$image", "frame": {"frameOf": "target"}}
          ],
          "completion": [
            {"set": "target", "hidden": false},
            {"set": "source", "hidden": false},
            {"remove": "$image"},
            {"completeTransition": "!cancelled"}
          ]
        }]
      },
      "pop": {
        "duration": "duration",
        "setup": [
          {"snapshot": "image", "of": "source"},
          {"set": "source", "hidden": true},
          {"set": "to", "frame": "final"},
          {"set": "target", "hidden": true},
          {"add": "to", "below": "from"},
          {"add": "$image"}
        ],
        "animations": [{
          "duration": "duration",
          "curve": "@curve",
          "changes": [
            {"view": "from", "alpha": 0},
            {"view": "$image", "frame": {"frameOf": "target"}}
          ],
          "completion": [
            {"set": "target", "hidden": false},
            {"set": "source", "hidden": false},
            {"remove": "$image"},
            {"if": "cancelled", "then": [{"set": "from", "alpha": 1}]},
            {"completeTransition": "!cancelled"}
          ]
        }]
      }
    }
    """#
}
