import JSONCodec

/// What `animateTransition:` does for one operation: its duration, the setup run at the start,
/// and the animation blocks it issues.
struct AnimatorBody: Sendable, Equatable {
    /// `transitionDuration:`, seconds.
    var duration: Located<Expression>
    var setup: StepList
    var animations: [AnimationBlock]

    static let maxBlocks = 32
    static let members = ["duration", "setup", "animations"]

    /// Decodes the body written at `pointer` (an object of its own). Its nodes are located
    /// relative to it; its errors point into the whole document.
    static func decode(_ json: JSONValue, at pointer: String) throws(SimulationError) -> AnimatorBody {
        do throws(SimulationError) {
            var r = try SpecReader(json, at: "")
            let body = try decodeMembers(&r)
            try r.finish()
            return body
        } catch {
            throw error.inside(pointer)
        }
    }

    /// Decodes the body written among the members of the definition at `pointer` (the
    /// definition refuses the members that are neither its own nor the body's).
    static func decode(membersOf json: JSONValue, at pointer: String) throws(SimulationError) -> AnimatorBody {
        do throws(SimulationError) {
            var r = try SpecReader(json, at: "")
            return try decodeMembers(&r)
        } catch {
            throw error.inside(pointer)
        }
    }

    static func decodeMembers(_ r: inout SpecReader) throws(SimulationError) -> AnimatorBody {
        let duration = try expr(&r, "duration", default: nil)
        let setup = try Step.decodeList(r.value("setup"), at: r.path("setup"), depth: 1)
        var blocks: [AnimationBlock] = []
        for (i, item) in (try r.array("animations", maxCount: maxBlocks) ?? []).enumerated() {
            blocks.append(try AnimationBlock.decode(item, at: SpecReader.child(r.path("animations"), String(i))))
        }
        return AnimatorBody(duration: duration, setup: setup, animations: blocks)
    }
}
