/// UIKit's own transitions: the navigation slide and the modal cover-vertical.
extension Catalogue {
    /// UIKit's push and pop. Numbers (docs/reference.md § UIKit defaults): ≈0.5 s as measured by
    /// others (UIKit's constant was not found); the covered view moves by −30 % of the width,
    /// UIKit rounding 0.7·W; dimming black at 0.1, UIKit's own default dimming colour
    /// (docs/semantics.md § Navigation slide numbers; the `source`
    /// string below is served as is, so it keeps its older wording until a deliberate change);
    /// curve: Flutter's fastEaseInToSlowEaseOut, fitted to iOS 16.3 push frames.
    static let slide = #"""
    {
      "name": "slide",
      "summary": "UIKit's navigation push and pop: the new view slides in from the right edge while the covered view moves 30 % of the width the other way under a light dimming; pop reverses it.",
      "source": "UIKit default push/pop as measured by others (docs/reference.md § UIKit defaults): about 0.5 s (UIKit's constant not found); covered view moved by parallax 0.3 of the width, as UIKit's own offset round(0.7 W) (offset W - round(0.7 W)); dimming black at 0.1, UIKit's own default dimming colour (both from a public decompile of UIKitCore, docs/semantics.md § Navigation slide numbers); curve fastEaseInToSlowEaseOut (Flutter, fitted to iOS 16.3 push frames).",
      "parameters": {"duration": 0.5, "parallax": 0.3, "dimming": 0.1, "curve": "fastEaseInToSlowEaseOut"},
      "push": {
        "duration": "duration",
        "setup": [
          {"dimming": "dim", "alpha": 0, "above": "from"},
          {"add": "to", "above": "$dim"},
          {"set": "to", "frame": {"offset": "final", "dx": "container.width"}}
        ],
        "animations": [{
          "duration": "duration",
          "curve": "@curve",
          "changes": [
            {"view": "to", "frame": "final"},
            {"view": "from", "frame": {"offset": "container", "dx": "round((1 - parallax) * container.width) - container.width"}},
            {"view": "$dim", "alpha": "dimming"}
          ],
          "completion": [
            {"remove": "$dim"},
            {"set": "from", "frame": "container"},
            {"completeTransition": "!cancelled"}
          ]
        }]
      },
      "pop": {
        "duration": "duration",
        "setup": [
          {"add": "to", "below": "from"},
          {"set": "to", "frame": {"offset": "final", "dx": "round((1 - parallax) * container.width) - container.width"}},
          {"dimming": "dim", "alpha": "dimming", "above": "to"}
        ],
        "animations": [{
          "duration": "duration",
          "curve": "@curve",
          "changes": [
            {"view": "to", "frame": "final"},
            {"view": "from", "frame": {"offset": "container", "dx": "container.width"}},
            {"view": "$dim", "alpha": 0}
          ],
          "completion": [
            {"remove": "$dim"},
            {"set": "from", "frame": "container"},
            {"completeTransition": "!cancelled"}
          ]
        }]
      }
    }
    """#

    /// UIKit's default modal transition (`UIModalTransitionStyleCoverVertical`). *Approximate*:
    /// UIKit's modal duration and curve were not found; React Navigation's
    /// `ModalSlideFromBottomIOS` uses the very spec of its iOS push (TransitionIOSSpec), so we use
    /// slide's numbers (docs/reference.md § UIKit defaults): 0.5 s, measured by others for push,
    /// and fastEaseInToSlowEaseOut (Flutter, fitted to iOS 16.3 push frames).
    static let coverVertical = #"""
    {
      "name": "coverVertical",
      "summary": "UIKit's default modal transition: the presented view rises from below the screen to cover it; dismissing lowers it back out.",
      "source": "UIModalTransitionStyleCoverVertical, UIKit's default modal transition style. Approximate numbers: UIKit's modal duration and curve were not found; React Navigation's ModalSlideFromBottomIOS uses the same spec as its iOS push, so these are slide's (docs/reference.md § UIKit defaults): 0.5 s and fastEaseInToSlowEaseOut.",
      "parameters": {"duration": 0.5, "curve": "fastEaseInToSlowEaseOut"},
      "present": {
        "duration": "duration",
        "setup": [
          {"set": "to", "frame": {"offset": "final", "dy": "container.height"}},
          {"add": "to"}
        ],
        "animations": [{
          "duration": "duration",
          "curve": "@curve",
          "changes": [{"view": "to", "frame": "final"}],
          "completion": [{"completeTransition": "!cancelled"}]
        }]
      },
      "dismiss": {
        "duration": "duration",
        "animations": [{
          "duration": "duration",
          "curve": "@curve",
          "changes": [{"view": "from", "frame": {"offset": "container", "dy": "container.height"}}],
          "completion": [
            {"if": "cancelled", "then": [{"set": "from", "frame": "container"}]},
            {"completeTransition": "!cancelled"}
          ]
        }]
      }
    }
    """#
}
