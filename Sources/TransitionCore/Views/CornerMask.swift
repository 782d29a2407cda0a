import JSONCodec

/// Which corners `cornerRadius` rounds, as `CALayer.maskedCorners` (a `CACornerMask`, iOS 11):
/// by default all four (CALayer.h: "Defaults to all four corners"). A sheet's card rounds only
/// its top two. In UIKit's coordinates y grows downwards, so `minY` corners are the top ones.
public struct CornerMask: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// `layerMinXMinYCorner`: top left.
    public static let minXMinY = CornerMask(rawValue: 1)
    /// `layerMaxXMinYCorner`: top right.
    public static let maxXMinY = CornerMask(rawValue: 2)
    /// `layerMinXMaxYCorner`: bottom left.
    public static let minXMaxY = CornerMask(rawValue: 4)
    /// `layerMaxXMaxYCorner`: bottom right.
    public static let maxXMaxY = CornerMask(rawValue: 8)

    public static let all: CornerMask = [.minXMinY, .maxXMinY, .minXMaxY, .maxXMaxY]
    public static let top: CornerMask = [.minXMinY, .maxXMinY]

    /// The corners by their JSON names (CACornerMask's constants without `layer` and `Corner`),
    /// in the order they are written: CACornerMask's bit order.
    public static let names: [(name: String, corner: CornerMask)] = [
        ("minXMinY", .minXMinY), ("maxXMinY", .maxXMinY), ("minXMaxY", .minXMaxY), ("maxXMaxY", .maxXMaxY),
    ]

    /// The names of the corners in the mask, in bit order.
    public var cornerNames: [String] { Self.names.filter { contains($0.corner) }.map(\.name) }

    /// `["minXMinY", "maxXMinY"]`: a list of distinct corner names, possibly empty (no corner rounded).
    static func decode(_ json: JSONValue, at pointer: String) throws(SimulationError) -> CornerMask {
        guard let list = json.arrayValue else { throw SimulationError(pointer, "a list of corner names: minXMinY, maxXMinY, minXMaxY, maxXMaxY") }
        guard list.count <= names.count else { throw SimulationError(pointer, "at most \(names.count) corners") }
        var mask: CornerMask = []
        for (i, item) in list.enumerated() {
            guard let name = item.stringValue, let corner = names.first(where: { $0.name == name })?.corner else {
                throw SimulationError("\(pointer)/\(i)", "a corner name: minXMinY, maxXMinY, minXMaxY or maxXMaxY")
            }
            guard !mask.contains(corner) else { throw SimulationError("\(pointer)/\(i)", "'\(name)' is listed twice") }
            mask.insert(corner)
        }
        return mask
    }
}
