/// iOS 13+ page and form sheets on an iPhone, as Flutter's reproduction of iOS 18 sheets measures
/// them (each constant marked *approximate* there; docs/reference.md § Sheets): the card rests
/// `top` × H below the top of the screen and slides up from below over 0.5 s along
/// fastEaseInToSlowEaseOut (down along the same curve flipped); the covered page shrinks to
/// `coveredScale` about its top centre and moves down `coveredShift` × H while a black veil over
/// it goes to `dimming`, along linearToEaseOut (easeInToLinear when the sheet leaves).
extension Catalogue {
    static let sheet = #"""
    {
      "name": "sheet",
      "summary": "UIKit's page and form sheets on an iPhone (iOS 13 and later): the card slides up to rest below the top of the screen while the covered page shrinks back under a dark veil; dismissing lowers the card and restores the page.",
      "source": "Flutter's cupertino/sheet.dart, fitted to an iOS 18 simulator (iPhone 16 Pro) and marked approximate there (docs/reference.md § Sheets): card top 0.08 H, 0.5 s fastEaseInToSlowEaseOut (flipped on dismiss); covered page scaled 0.9165 (1 - 0.0835) about its top centre and moved down 0.07 H, veil black to 0.10, along linearToEaseOut (easeInToLinear on dismiss).",
      "parameters": {"duration": 0.5, "top": 0.08, "coveredScale": 0.9165, "coveredShift": 0.07, "dimming": 0.1,
                     "curve": "fastEaseInToSlowEaseOut", "dismissCurve": "fastEaseInToSlowEaseOutFlipped",
                     "coveredCurve": "linearToEaseOut", "coveredDismissCurve": "easeInToLinear"},
      "present": {
        "duration": "duration",
        "setup": [
          {"dimming": "veil", "frame": "container", "color": "#000000", "alpha": 0, "keep": true},
          {"set": "to", "frame": {"x": 0, "y": "container.height", "width": "container.width", "height": "container.height * (1 - top)"}},
          {"add": "to"}
        ],
        "animations": [
          {"duration": "duration", "curve": "@curve",
           "changes": [{"view": "to", "frame": {"x": 0, "y": "container.height * top", "width": "container.width", "height": "container.height * (1 - top)"}}],
           "completion": [
             {"if": "cancelled", "then": [{"remove": "$veil"}, {"set": "from", "transform": "identity"}]},
             {"completeTransition": "!cancelled"}
           ]},
          {"duration": "duration", "curve": "@coveredCurve",
           "changes": [
             {"view": "$veil", "alpha": "dimming"},
             {"view": "from", "transform": [{"scale": "coveredScale"}, {"translate": [0, "container.height * (coveredShift - (1 - coveredScale) / 2)"]}]}
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
              "then": [{"remove": "$veil"}, {"remove": "from"}],
              "else": [
                {"set": "from", "frame": {"x": 0, "y": "container.height * top", "width": "container.width", "height": "container.height * (1 - top)"}},
                {"set": "$veil", "alpha": "dimming"},
                {"set": "to", "transform": [{"scale": "coveredScale"}, {"translate": [0, "container.height * (coveredShift - (1 - coveredScale) / 2)"]}]}
              ]},
             {"completeTransition": "!cancelled"}
           ]},
          {"duration": "duration", "curve": "@coveredDismissCurve",
           "changes": [{"view": "$veil", "alpha": 0}, {"view": "to", "transform": "identity"}]}
        ]
      }
    }
    """#
}
