import JSONCodec
import Testing
@testable import TransitionCore

/// Animator choices (docs/animators.md § Choosing an animator): overrides beside a name or an
/// inline spec, checked when the session or the request is made, at the offending member.
@Suite struct AnimatorChoiceTests {
    /// An inline definition whose duration is its `duration` parameter (0.4 by default).
    static let fade = #"{"parameters": {"duration": 0.4, "curve": "linear"}, "duration": "duration", "setup": [{"add": "to"}, {"set": "to", "frame": "final", "alpha": 0}], "animations": [{"duration": "duration", "curve": "@curve", "changes": [{"view": "to", "alpha": 1}], "completion": [{"completeTransition": "!cancelled"}]}]}"#

    func choiceError(_ text: String) -> SimulationError? {
        do {
            _ = try AnimatorChoice.decode(json(text), at: "/animator")
            return nil
        } catch let e as SimulationError {
            return e
        } catch {
            return SimulationError("?", "\(error)")
        }
    }

    func pushError(_ choice: String) throws -> SimulationError? {
        let world = try thingsScene()
        let push = try action(String(detailPush.dropLast()) + #", "animator": \#(choice)}"#)
        return runError(world) { try $0.apply(push) }
    }

    func sceneError(_ text: String) -> SimulationError? {
        do {
            _ = try World(scene: SceneSpec.decode(json(text), limits: SceneLimits()))
            return nil
        } catch let e as SimulationError {
            return e
        } catch {
            return SimulationError("?", "\(error)")
        }
    }

    @Test func overridesBesideAnInlineSpecChangeItsParameters() throws {
        var world = try thingsScene()
        try world.apply(try action(String(detailPush.dropLast()) + #", "animator": {"spec": \#(Self.fade), "duration": 0.8}}"#))
        let start = try #require(world.events.first { $0.type == .animateTransition })
        #expect(start.arguments.first { $0.key == "duration" }?.value == .number(0.8))
        // Linear alpha 0 → 1 over 0.8 s: 0.25 at 0.2 s (it would be 0.5 with the default 0.4 s).
        let alpha = try #require(world.shot(0.2).root.find("detail", "")?.alpha)
        #expect(abs(alpha - 0.25) < 1e-9)
    }

    @Test func inlineOverridesAreCheckedWhenDecoded() throws {
        #expect(choiceError(#"{"spec": \#(Self.fade), "speed": 2}"#)?.pointer == "/animator/speed")
        #expect(choiceError(#"{"spec": \#(Self.fade), "duration": "slow"}"#)?.pointer == "/animator/duration")
        #expect(choiceError(#"{"spec": \#(Self.fade), "curve": "wobbly"}"#)?.pointer == "/animator/curve")
        #expect(choiceError(#"{"spec": \#(Self.fade), "curve": 3}"#)?.pointer == "/animator/curve")
        #expect(choiceError(#"{"spec": \#(Self.fade), "name": "fade"}"#)?.pointer == "/animator/name")
        #expect(choiceError(#"{"spec": \#(Self.fade), "curve": "easeIn", "duration": 1}"#) == nil)
    }

    @Test func namedChoicesAreCheckedBeforeTheActionRuns() throws {
        #expect(try pushError(#""zoomz""#)?.pointer == "/animator")
        #expect(try pushError(#"{"name": "zoomz"}"#)?.pointer == "/animator/name")
        #expect(try pushError(#"{"name": "slide", "paralax": 0.5}"#)?.pointer == "/animator/paralax")
        #expect(try pushError(#"{"name": "slide", "dimming": "dark"}"#)?.pointer == "/animator/dimming")
        #expect(try pushError(#"{"name": "slide", "curve": {"spring": {"response": 0.5, "dampingRatio": 0}}}"#)?.pointer
                == "/animator/curve/spring/dampingRatio")
        #expect(try pushError(#"{"name": "slide", "parallax": 0.5}"#) == nil)
    }

    @Test func unknownNamesAndOverridesInASceneFailItsCreation() {
        let nav = #""root": {"type": "navigation", "id": "nav", "viewControllers": [{"id": "a"#
        #expect(sceneError(#"{\#(nav)", "pushAnimator": "nope"}]}}"#)?.pointer == "/root/viewControllers/0/pushAnimator")
        #expect(sceneError(#"{\#(nav)", "popAnimator": {"name": "slide", "bogus": 1}}]}}"#)?.pointer
                == "/root/viewControllers/0/popAnimator/bogus")
        #expect(sceneError(#"{\#(nav)"}]}, "rules": [{"operation": "push", "animator": "nope"}]}"#)?.pointer == "/rules/0/animator")
        #expect(sceneError(#"{\#(nav)"}]}, "interactions": [{"recognizer": "edgePan", "animator": {"name": "zoom", "duration": "x"}}]}"#)?.pointer
                == "/interactions/0/animator/duration")
        // A session animator's name is known to the session's own choices.
        #expect(sceneError(#"{\#(nav)", "pushAnimator": {"name": "mine", "duration": 1}}]}, "animators": {"mine": \#(Self.fade)}}"#) == nil)
    }
}
