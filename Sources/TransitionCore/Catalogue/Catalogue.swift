import JSONCodec

/// The built-in animators, each written in the animator language (DESIGN §6) so that
/// `GET /v1/animators/{name}` shows exactly what runs and users can copy and change it.
public struct Catalogue: Sendable {
    public static let shared = Catalogue()

    public let definitions: [AnimatorDefinition]

    public var names: [String] { definitions.map(\.name) }

    init() {
        var list: [AnimatorDefinition] = []
        for source in Self.sources {
            let json = try! JSONParser.parse(Array(source.utf8))
            // The catalogue is ours and tested: a failure here is a programming error.
            list.append(try! AnimatorDefinition.decode(json, at: "", defaultName: ""))
        }
        list.insert(Self.makeDefault(from: list), at: 0)
        definitions = list
    }

    public func definition(named name: String) -> AnimatorDefinition? {
        definitions.first { $0.name == name }
    }

    /// UIKit's animator when nobody supplies one: push and pop slide; tab switches have none.
    public func platformDefault(for operation: TransitionOperation) -> AnimatorDefinition? {
        switch operation {
        case .push, .pop: definition(named: "slide")
        case .present, .dismiss, .selectTab: nil
        }
    }

    /// `default` is the platform default of each operation, spelled out in the language.
    static func makeDefault(from list: [AnimatorDefinition]) -> AnimatorDefinition {
        let slide = list.first { $0.name == "slide" }!
        var json = JSONObject()
        json["name"] = .string("default")
        json["summary"] = .string("UIKit's platform default for the operation: slide for push and pop.")
        json["source"] = .string("UIKit: UINavigationController's built-in push/pop when the delegate returns no animation controller.")
        json["parameters"] = .object(slide.parameters)
        let slideJSON = slide.json.objectValue!
        for op in ["push", "pop"] { json[op] = slideJSON[op] }
        return try! AnimatorDefinition.decode(.object(json), at: "", defaultName: "default")
    }

    static let sources = [slide]

    /// UIKit's push and pop. Numbers (REFERENCE.md, "UIKit defaults"): ≈0.5 s as measured by
    /// others (UIKit's constant was not found); the covered view moves by −30 % of the width,
    /// UIKit rounding 0.7·W; dimming black at 0.1 (Hero/Motion's value; UIKit's was not found);
    /// curve: Flutter's fastEaseInToSlowEaseOut, fitted to iOS 16.3 push frames.
    static let slide = #"""
    {
      "name": "slide",
      "summary": "UIKit's navigation push and pop: the new view slides in from the right edge while the covered view moves 30 % of the width the other way under a light dimming; pop reverses it.",
      "source": "UIKit default push/pop as measured by others (REFERENCE.md): about 0.5 s, covered view offset by W - round(0.7 W), dimming black at 0.1 (Hero/Motion), curve fastEaseInToSlowEaseOut (Flutter, fitted to iOS 16.3 frames).",
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
}
