import JSONCodec

/// How an action, a rule, an interaction or a controller names an animator: a built-in or
/// session animator by name, or a definition inline (`{"spec": …}`), either with overrides of
/// the parameters the animator declares beside it (docs/animators.md § Choosing an animator).
struct AnimatorChoice: Sendable {
    var name: String?
    var overrides: JSONObject
    var inline: AnimatorDefinition?
    /// Where the choice was written, for errors raised when it is resolved.
    var pointer: String

    /// Where the name was written: the choice itself for a plain name, its `name` member otherwise.
    var namePointer: String

    /// It names `default`, UIKit's own transition for whichever operation runs: none for a tab
    /// switch, which UIKit does not animate.
    var namesPlatformDefault: Bool { inline == nil && name == "default" }

    /// Decodes a name, `{"name": …, parameter: value…}` or `{"spec": {…}, parameter: value…}`.
    /// An inline definition's overrides are checked here, against the parameters it declares; a
    /// name's wait for the session's animators (`World.check(_:)`).
    static func decode(_ json: JSONValue, at pointer: String) throws(SimulationError) -> AnimatorChoice {
        if let name = json.stringValue {
            guard ViewSpec.isValidID(name) else { throw SimulationError(pointer, "'\(name)' is not an animator name") }
            return AnimatorChoice(name: name, overrides: JSONObject(), inline: nil, pointer: pointer, namePointer: pointer)
        }
        guard var object = json.objectValue else {
            throw SimulationError(pointer, "expected an animator name, {\"name\": …, parameters…} or {\"spec\": {…}, parameters…}")
        }
        if let spec = object["spec"] {
            guard object["name"] == nil else {
                throw SimulationError(pointer + "/name", "an inline animator is named inside its spec; beside 'spec' go only parameter overrides")
            }
            let definition = try AnimatorDefinition.decode(spec, at: pointer + "/spec", defaultName: "inline")
            object["spec"] = nil
            let choice = AnimatorChoice(name: nil, overrides: object, inline: definition, pointer: pointer, namePointer: pointer + "/spec")
            try choice.checkOverrides(against: definition)
            return choice
        }
        guard let name = object["name"]?.stringValue, ViewSpec.isValidID(name) else {
            throw SimulationError(pointer + "/name", "is required: the animator's name")
        }
        object["name"] = nil
        return AnimatorChoice(name: name, overrides: object, inline: nil, pointer: pointer, namePointer: pointer + "/name")
    }

    /// Refuses overrides of parameters `definition` does not declare, of another kind than the
    /// default, or out of range, each at its own member.
    func checkOverrides(against definition: AnimatorDefinition) throws(SimulationError) {
        _ = try definition.resolvedParameters(overrides, at: pointer)
    }
}

extension World {
    /// Resolves a choice's name against the session's and the catalogue's animators and checks
    /// its overrides, when the session or the request naming it is made, so that a misspelt name
    /// or parameter is a 422 at once rather than when a transition later starts.
    func check(_ choice: AnimatorChoice?) throws(SimulationError) {
        guard let choice, choice.inline == nil else { return }
        try choice.checkOverrides(against: definition(for: choice))
    }
}
