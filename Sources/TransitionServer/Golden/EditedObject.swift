import JSONCodec
import TransitionCore

/// A JSON object edited through dotted paths (`frame.x`), each member found by its name in
/// constant time: the edits of a change-only batch cost what they name plus, once, the members
/// of each object they reach, whereas `JSONObject` searches its members in order (an object of
/// n members edited n times would cost n²). The members keep `JSONObject`'s order: one set
/// again stays where it was, one removed and set again comes last.
final class EditedObject {
    private enum Member {
        case value(JSONValue)
        case object(EditedObject)

        var json: JSONValue {
            switch self {
            case .value(let value): value
            case .object(let object): .object(object.json)
            }
        }
    }

    /// The members in order; nil where one was removed.
    private var members: [(key: String, value: Member)?]
    /// Where each member's name stands in `members` (the first, for a name given twice, as
    /// `JSONObject`'s subscript finds it).
    private var index: [String: Int]

    /// The object `object`, with the count of the members indexed so far across a rebuild in
    /// `indexed` (each object an edit reaches is indexed once).
    init(_ object: JSONObject, indexed: inout Int) {
        members = object.entries.map { ($0.key, .value($0.value)) }
        index = Dictionary(object.entries.enumerated().map { ($1.key, $0) }, uniquingKeysWith: { first, _ in first })
        indexed += members.count
    }

    /// The object as JSON, its members in order.
    var json: JSONObject {
        JSONObject(members.compactMap { member in member.map { ($0.key, $0.value.json) } })
    }

    /// Sets (or, with nil, removes) the member named `name`.
    func set(_ name: String, _ value: JSONValue?) {
        if let i = index[name] {
            if let value {
                members[i]!.value = .value(value)
            } else {
                members[i] = nil
                index[name] = nil
            }
        } else if let value {
            index[name] = members.count
            members.append((name, .value(value)))
        }
    }

    /// Sets (or, with nil, removes) the member at a dotted path, whose parents must be objects
    /// (errors at `pointer`).
    func assign(_ value: JSONValue?, to path: String, at pointer: String, indexed: inout Int) throws(SimulationError) {
        let parts = path.split(separator: ".", maxSplits: 1).map(String.init)
        guard let name = parts.first, !name.isEmpty else { throw SimulationError(pointer, "'\(path)' is not a dotted path") }
        guard parts.count == 2 else {
            set(name, value)
            return
        }
        let child: EditedObject
        switch index[name].flatMap({ members[$0]?.value }) {
        case .object(let object)?:
            child = object
        case .value(.object(let object))?:
            child = EditedObject(object, indexed: &indexed)
            members[index[name]!]!.value = .object(child)
        default:
            throw SimulationError(pointer, "'\(name)' is not an object of the frame before")
        }
        try child.assign(value, to: parts[1], at: pointer, indexed: &indexed)
    }
}
