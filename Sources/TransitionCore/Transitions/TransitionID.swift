/// A transition's serial number in its session, which clients see as `t1`, `t2`, …; it also
/// names the views its animator makes (`t1.snap`).
public struct TransitionID: Hashable, Sendable, CustomStringConvertible {
    let number: Int

    /// The id of the probe a body's duration is worked out on, before the transition exists.
    static let notStarted = TransitionID(number: 0)

    public var description: String { "t\(number)" }
}
