/// iOS 13+ page and form sheets on an iPhone, as Flutter's reproduction of iOS 18 sheets measures
/// them (each constant marked *approximate* there; docs/reference.md § Sheets): the card rests
/// `top` × H below the top of the screen and slides up from below over 0.5 s along
/// fastEaseInToSlowEaseOut (down along the same curve flipped); the covered page shrinks to
/// `coveredScale` about its top centre and moves down `coveredShift` × H while a black veil over
/// it goes to `dimming`, along linearToEaseOut (easeInToLinear when the sheet leaves). The card's
/// top corners are rounded `cornerRadius` (clipped); the covered view's corners go from
/// `deviceCornerRadius` (the screen's, filled in by the server) to `coveredCornerRadius` with its
/// shrink, and are `uncoveredCornerRadius` once the sheet is gone.
extension Catalogue {
    static let sheet = #"""
    {
      "name": "sheet",
      "summary": "UIKit's page and form sheets on an iPhone (iOS 13 and later): the card slides up to rest below the top of the screen while the covered page shrinks back under a dark veil; dismissing lowers the card and restores the page.",
      "source": "Flutter's cupertino/sheet.dart, fitted to an iOS 18 simulator (iPhone 16 Pro) and marked approximate there (docs/reference.md § Sheets): card top 0.08 H, 0.5 s fastEaseInToSlowEaseOut (flipped on dismiss); covered page scaled 0.9165 (1 - 0.0835) about its top centre and moved down 0.07 H, veil black to 0.10, along linearToEaseOut (easeInToLinear on dismiss); the card's top corners rounded 12 pt, the covered page's corners from the device's (0.9 x the top safe-area inset when over 20 pt, else 0) to 12 pt.",
      "parameters": {"duration": 0.5, "top": 0.08, "coveredScale": 0.9165, "coveredShift": 0.07, "dimming": 0.1,
                     "curve": "fastEaseInToSlowEaseOut", "dismissCurve": "fastEaseInToSlowEaseOutFlipped",
                     "coveredCurve": "linearToEaseOut", "coveredDismissCurve": "easeInToLinear",
                     "cornerRadius": 12, "coveredCornerRadius": 12, "deviceCornerRadius": 0, "uncoveredCornerRadius": 0},
      "present": {
        "duration": "duration",
        "setup": [
          {"dimming": "veil", "frame": "container", "color": "#000000", "alpha": 0, "keep": true},
          {"set": "to", "frame": {"x": 0, "y": "container.height", "width": "container.width", "height": "container.height * (1 - top)"},
           "cornerRadius": "cornerRadius", "maskedCorners": ["minXMinY", "maxXMinY"], "clipsToBounds": true},
          {"set": "from", "cornerRadius": "deviceCornerRadius"},
          {"add": "to"}
        ],
        "animations": [
          {"duration": "duration", "curve": "@curve",
           "changes": [{"view": "to", "frame": {"x": 0, "y": "container.height * top", "width": "container.width", "height": "container.height * (1 - top)"}}],
           "completion": [
             {"if": "cancelled", "then": [{"remove": "$veil"}, {"set": "from", "transform": "identity", "cornerRadius": "uncoveredCornerRadius"}]},
             {"completeTransition": "!cancelled"}
           ]},
          {"duration": "duration", "curve": "@coveredCurve",
           "changes": [
             {"view": "$veil", "alpha": "dimming"},
             {"view": "from", "transform": [{"scale": "coveredScale"}, {"translate": [0, "container.height * (coveredShift - (1 - coveredScale) / 2)"]}],
              "cornerRadius": "coveredCornerRadius"}
           ]}
        ]
      },
      "dismiss": {
        "duration": "duration",
        "setup": [{"find": "veil"}],
        "animations": [
          {"duration": "duration", "curve": "@dismissCurve",
           "changes": [{"view": "from", "frame": {"x": 0, "y": "container.height", "width": "container.width", "height": "container.height * (1 - top)"}}],
           "completion": [
             {"if": "!cancelled",
              "then": [{"remove": "$veil"}, {"remove": "from"}, {"set": "to", "cornerRadius": "uncoveredCornerRadius"}],
              "else": [
                {"set": "from", "frame": {"x": 0, "y": "container.height * top", "width": "container.width", "height": "container.height * (1 - top)"}},
                {"set": "$veil", "alpha": "dimming"},
                {"set": "to", "transform": [{"scale": "coveredScale"}, {"translate": [0, "container.height * (coveredShift - (1 - coveredScale) / 2)"]}],
                 "cornerRadius": "coveredCornerRadius"}
              ]},
             {"completeTransition": "!cancelled"}
           ]},
          {"duration": "duration", "curve": "@coveredDismissCurve",
           "changes": [{"view": "$veil", "alpha": 0}, {"view": "to", "transform": "identity", "cornerRadius": "deviceCornerRadius"}]}
        ]
      }
    }
    """#
}
