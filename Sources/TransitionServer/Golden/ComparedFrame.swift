import JSONCodec
import TransitionCore

/// One view of a compared frame: who it is and the leaves it gives.
struct ComparedView: Sendable {
    /// How it is found on the other side: by controller and path, or (a view the service makes,
    /// or a harness's view named only by id) by id.
    enum Identity: Sendable, Hashable {
        case path(viewController: String, path: String)
        case id(String)
    }

    var identity: Identity
    var id: String?
    var viewController: String?
    var path: String?
    var leaves: [Leaf]
    /// Where each leaf stands in `leaves`.
    private let positions: LeafPositions
    /// Where the view stands in the document it was read from.
    var place: ViewPlace

    /// Its JSON pointer in the document it was read from (errors, reports).
    var pointer: String { place.pointer }

    init(identity: Identity, id: String?, viewController: String?, path: String?, leaves: [Leaf], place: ViewPlace) {
        self.init(identity: identity, id: id, viewController: viewController, path: path, leaves: leaves, positions: LeafPositions(leaves),
                  place: place)
    }

    /// `positions` is `LeafPositions(leaves)`, made once for the views whose leaves are the same.
    init(identity: Identity, id: String?, viewController: String?, path: String?, leaves: [Leaf], positions: LeafPositions, place: ViewPlace) {
        self.identity = identity
        self.id = id
        self.viewController = viewController
        self.path = path
        self.leaves = leaves
        self.positions = positions
        self.place = place
    }

    /// Whether the view gives the leaf (rather than leaving it to its default).
    @inline(__always)
    func gives(_ leaf: LeafKey) -> Bool { positions[leaf] != nil }

    /// The view's value for a leaf, given or omitted by the snapshot (ViewProperty.omitted).
    @inline(__always)
    func value(of leaf: LeafKey) -> Leaf.Value? {
        if let i = positions[leaf] { return leaves[i].value }
        return ViewProperty.omitted(leaf, in: self)
    }

    /// Reads a view of a snapshot (tree or flat) or of the minimal form at `place`: its identity
    /// members, then every other member as a property (`parent` and `children` are its place).
    static func read(_ json: JSONValue, at place: ViewPlace, counting values: inout Int, bounds: FrameBounds) throws(SimulationError) -> ComparedView {
        guard let object = json.objectValue else { throw SimulationError(place.pointer, "expected a view object, found \(json.typeName)") }
        var id: String?, controller: String?, path: String?
        var leaves: [Leaf] = []
        leaves.reserveCapacity(2 * object.entries.count)
        // The member table's row after the last member read: the next is usually a few rows on.
        var hint = 0
        for (name, value) in object.entries {
            if let member = LeafKey.member(named: name, from: &hint) {
                // The member's pointer only for an error (ViewProperty.leaves).
                try ViewProperty.leaves(member, value, at: SpecReader.child(place.pointer, name), into: &leaves)
                continue
            }
            switch name {
            case "id", "path":
                guard let s = value.stringValue else { throw SimulationError(SpecReader.child(place.pointer, name), "expected a string, found \(value.typeName)") }
                if name == "id" { id = s } else { path = s }
            case "viewController":
                guard value.isNull || value.stringValue != nil else {
                    throw SimulationError(SpecReader.child(place.pointer, name), "expected a string or null, found \(value.typeName)")
                }
                controller = value.stringValue
            case "parent", "children":
                continue
            default:
                throw ViewProperty.unknown(name, at: SpecReader.child(place.pointer, name))
            }
        }
        values += leaves.count
        guard values <= bounds.values else {
            throw SimulationError.limitExceeded("\(place.pointer): the expected frames hold more than \(bounds.values) values, the most one comparison reads")
        }
        let identity: Identity
        if let controller {
            guard let path else { throw SimulationError(SpecReader.child(place.pointer, "path"), "is required with viewController: the view's ids below the controller's root view, \"\" for the root view") }
            identity = .path(viewController: controller, path: path)
        } else if let id {
            identity = .id(id)
        } else {
            throw SimulationError(place.pointer, "a view is named by 'viewController' and 'path', or by 'id'")
        }
        return ComparedView(identity: identity, id: id, viewController: controller, path: path, leaves: leaves, place: place)
    }
}

/// Where a compared view stands in the document it was read from: an element of a list (a
/// flat frame's `views`, its pointer shared by the frame's views) or a pointer of its own (a
/// view of a tree). Its JSON pointer is made only when asked for (errors, reports).
struct ViewPlace: Sendable {
    var list: String
    var index: Int?

    init(list: String, index: Int) {
        self.list = list
        self.index = index
    }

    init(pointer: String) {
        list = pointer
        index = nil
    }

    var pointer: String { index.map { "\(list)/\($0)" } ?? list }
}

/// The bounds of one comparison's expected frames, each refused early by name.
struct FrameBounds: Sendable {
    /// As many frames as a series request answers.
    var frames = Application.maxTimestamps
    var viewsPerFrame = 2_000
    /// Compared values in all: 60 frames of 60 views of 50 values, with room to spare.
    var values = 500_000

    /// A golden file's (`transition-sim check`): whatever frames the service writes into one,
    /// which the work budget bounds (`Application.maxSeriesWork` views in all, each of at most
    /// 100 values): a request body's bounds would refuse the goldens of more than about 20,000
    /// views that `GET …/golden` and `transition-sim golden` write (24 values a view of labels).
    static let goldenFile = FrameBounds(viewsPerFrame: Application.maxSeriesWork, values: Application.maxSeriesWork * 100)
}

/// One frame: its time and its views, back to front.
struct ComparedFrame: Sendable {
    var time: Double
    var views: [ComparedView]
    var pointer: String

    init(time: Double, views: [ComparedView], pointer: String) {
        self.time = time
        self.views = views
        self.pointer = pointer
    }
}
