/// Seed 004 (the settings panel): a panel sliding in from the left over a dimming overlay.
extension Catalogue {
    /// Present: 1 s, UIView.animate's default curve (easeInOut,
    /// docs/reference.md § UIKit defaults); an overlay the size of the container goes from
    /// alpha 0 to 0.8 while the presented view's center moves from (−midX, midY) to
    /// (−midX + 200, midY). Dismiss: 0.4 s easeOut, the center back to (−midX, midY), the overlay
    /// to alpha 0, then both are removed. The seed finds its overlay again by tag in the
    /// dismissal: here the present keeps it (`keep`) and the dismiss `find`s it. The overlay's
    /// colour and starting alpha are not in the seed (its helper is not shown): black, starting at
    /// 0 (the animation's start), is our choice.
    static let sidePanel = #"""
    {
      "name": "sidePanel",
      "summary": "Seed 004's settings panel: present adds a dimming overlay over the container and the presented view left of the screen, then fades the overlay to 0.8 while the panel slides 200 pt in from the left; dismiss slides it back out with ease-out while the overlay fades, then removes both. Use a custom (or overFullScreen) presentation so the presenting view stays.",
      "source": "Seed 004: present 1 s with the default curve (easeInOut, docs/reference.md § UIKit defaults), overlay alpha 0 to 0.8, center from (-midX, midY) to (-midX + 200, midY) of the container; dismiss 0.4 s easeOut, center back to (-midX, midY), overlay alpha to 0, then remove the overlay and the view. Overlay colour black: our choice (the seed's helper is not shown).",
      "parameters": {"presentDuration": 1, "dismissDuration": 0.4, "overlayAlpha": 0.8, "panelOffset": 200},
      "present": {
        "duration": "presentDuration",
        "setup": [
          {"dimming": "overlay", "frame": "container", "color": "#000000", "alpha": 0, "keep": true},
          {"set": "to", "center": {"x": "-container.midX", "y": "container.midY"}},
          {"add": "to"}
        ],
        "animations": [{
          "duration": "duration",
          "changes": [
            {"view": "$overlay", "alpha": "overlayAlpha"},
            {"view": "to", "center": {"x": "to.midX + panelOffset", "y": "container.midY"}}
          ],
          "completion": [{"completeTransition": "!cancelled"}]
        }]
      },
      "dismiss": {
        "duration": "dismissDuration",
        "setup": [{"find": "overlay"}],
        "animations": [{
          "duration": "duration",
          "curve": "easeOut",
          "changes": [
            {"view": "from", "center": {"x": "-container.midX", "y": "container.midY"}},
            {"view": "$overlay", "alpha": 0}
          ],
          "completion": [
            {"if": "!cancelled",
             "then": [{"remove": "$overlay"}, {"remove": "from"}],
             "else": [{"set": "$overlay", "alpha": "overlayAlpha"}, {"set": "from", "center": {"x": "-container.midX + panelOffset", "y": "container.midY"}}]},
            {"completeTransition": "!cancelled"}
          ]
        }]
      }
    }
    """#
}
