import JSONCodec
import TransitionCore

/// A type a view member holds (`ViewMembers`), and the one place it says how such a value is
/// written, how two of them differ in a change frame and which leaves a comparison reads of it.
protocol ViewMemberType {
    /// Its JSON shape, which names its leaves (`ViewProperty.Shape.leaves`).
    static var shape: ViewProperty.Shape { get }
    /// Writes it as the snapshot does.
    func write(into encoder: inout ResponseEncoder)
    /// It whole, as a change frame sets it (`viewSet`).
    var changeValue: MemberValue { get }
    /// Whether two are written as the same bytes.
    static func writesSame(_ a: Self, _ b: Self, _ rounding: NumberRounding) -> Bool
    /// What differs between `a` and `b`, a view's values before and after, as a change frame
    /// says it: an object by its numbers (`frame.x`), anything else whole.
    static func diff(_ a: Self, _ b: Self, _ path: ViewPath, into changes: inout ViewChanges)
    /// Its leaves (`member`: the member's, named and held to their tolerances).
    func leaves(_ member: ServiceLeaves.Member, into leaves: inout ServiceLeaves)
}

extension ViewMemberType {
    @inline(__always)
    static func diff(_ a: Self, _ b: Self, _ path: ViewPath, into changes: inout ViewChanges) {
        if !writesSame(a, b, changes.rounding) { changes.set(path, b.changeValue) }
    }
}

extension String: ViewMemberType {
    static var shape: ViewProperty.Shape { .string }
    @inline(__always) func write(into encoder: inout ResponseEncoder) { encoder.writer.string(self) }
    var changeValue: MemberValue { .string(self) }
    @inline(__always) static func writesSame(_ a: String, _ b: String, _ rounding: NumberRounding) -> Bool { a == b }
    func leaves(_ member: ServiceLeaves.Member, into leaves: inout ServiceLeaves) { leaves.whole(member, .string(self)) }
}

/// A string written `null` when there is none (`viewController`).
extension Optional: ViewMemberType where Wrapped == String {
    static var shape: ViewProperty.Shape { .nullableString }
    @inline(__always) func write(into encoder: inout ResponseEncoder) {
        if let s = self { encoder.writer.string(s) } else { encoder.writer.null() }
    }
    var changeValue: MemberValue { map(MemberValue.string) ?? .null }
    @inline(__always) static func writesSame(_ a: String?, _ b: String?, _ rounding: NumberRounding) -> Bool { a == b }
    func leaves(_ member: ServiceLeaves.Member, into leaves: inout ServiceLeaves) { leaves.whole(member, map { .string($0) } ?? .null) }
}

extension ViewRole: ViewMemberType {
    static var shape: ViewProperty.Shape { .string }
    @inline(__always) func write(into encoder: inout ResponseEncoder) { encoder.writer.string(rawValue) }
    var changeValue: MemberValue { .string(rawValue) }
    @inline(__always) static func writesSame(_ a: ViewRole, _ b: ViewRole, _ rounding: NumberRounding) -> Bool { a == b }
    func leaves(_ member: ServiceLeaves.Member, into leaves: inout ServiceLeaves) { leaves.whole(member, .string(rawValue)) }
}

extension Double: ViewMemberType {
    static var shape: ViewProperty.Shape { .number }
    @inline(__always) func write(into encoder: inout ResponseEncoder) { encoder.writer.number(self) }
    var changeValue: MemberValue { .number(self) }
    @inline(__always) static func writesSame(_ a: Double, _ b: Double, _ rounding: NumberRounding) -> Bool { rounding.writesSame(a, b) }
    @inline(__always) static func diff(_ a: Double, _ b: Double, _ path: ViewPath, into changes: inout ViewChanges) {
        changes.number(path, a, b)
    }
    func leaves(_ member: ServiceLeaves.Member, into leaves: inout ServiceLeaves) { leaves.number(member, self) }
}

extension Bool: ViewMemberType {
    static var shape: ViewProperty.Shape { .bool }
    @inline(__always) func write(into encoder: inout ResponseEncoder) { encoder.writer.bool(self) }
    var changeValue: MemberValue { .bool(self) }
    @inline(__always) static func writesSame(_ a: Bool, _ b: Bool, _ rounding: NumberRounding) -> Bool { a == b }
    func leaves(_ member: ServiceLeaves.Member, into leaves: inout ServiceLeaves) { leaves.whole(member, .bool(self)) }
}

/// Written `#rrggbbaa` (`ResponseEncoder.hex`): two close colours may be written alike.
extension Color: ViewMemberType {
    static var shape: ViewProperty.Shape { .string }
    @inline(__always) func write(into encoder: inout ResponseEncoder) { ResponseEncoder.withHex(self) { encoder.writer.string(utf8: $0) } }
    var changeValue: MemberValue { .color(self) }
    static func writesSame(_ a: Color, _ b: Color, _ rounding: NumberRounding) -> Bool {
        a == b || ResponseEncoder.withHex(a) { x in ResponseEncoder.withHex(b) { y in x.elementsEqual(y) } }
    }
    func leaves(_ member: ServiceLeaves.Member, into leaves: inout ServiceLeaves) { leaves.whole(member, .string(ResponseEncoder.hex(self))) }
}

/// The corners by name, in bit order.
extension CornerMask: ViewMemberType {
    static var shape: ViewProperty.Shape { .strings }
    func write(into encoder: inout ResponseEncoder) { encoder.corners(self) }
    var changeValue: MemberValue { .corners(self) }
    static func writesSame(_ a: CornerMask, _ b: CornerMask, _ rounding: NumberRounding) -> Bool { a == b }
    func leaves(_ member: ServiceLeaves.Member, into leaves: inout ServiceLeaves) {
        leaves.whole(member, .array(cornerNames.map { .string($0) }))
    }
}

/// `x`, `y`, `width`, `height`, points.
extension Rect: ViewMemberType {
    static var shape: ViewProperty.Shape { .rect }
    @inline(__always) func write(into encoder: inout ResponseEncoder) { encoder.rect(self) }
    var changeValue: MemberValue { .rect(self) }
    static func writesSame(_ a: Rect, _ b: Rect, _ rounding: NumberRounding) -> Bool {
        rounding.writesSame(a.minX, b.minX) && rounding.writesSame(a.minY, b.minY)
            && rounding.writesSame(a.width, b.width) && rounding.writesSame(a.height, b.height)
    }
    @inline(__always) static func diff(_ a: Rect, _ b: Rect, _ path: ViewPath, into changes: inout ViewChanges) {
        changes.number(path.field(1), a.minX, b.minX)
        changes.number(path.field(2), a.minY, b.minY)
        changes.number(path.field(3), a.width, b.width)
        changes.number(path.field(4), a.height, b.height)
    }
    func leaves(_ member: ServiceLeaves.Member, into leaves: inout ServiceLeaves) { leaves.rect(member, self) }
}

extension Point: ViewMemberType {
    static var shape: ViewProperty.Shape { .point }
    @inline(__always) func write(into encoder: inout ResponseEncoder) { encoder.point(self) }
    var changeValue: MemberValue { .point(self) }
    static func writesSame(_ a: Point, _ b: Point, _ rounding: NumberRounding) -> Bool {
        rounding.writesSame(a.x, b.x) && rounding.writesSame(a.y, b.y)
    }
    @inline(__always) static func diff(_ a: Point, _ b: Point, _ path: ViewPath, into changes: inout ViewChanges) {
        changes.number(path.field(1), a.x, b.x)
        changes.number(path.field(2), a.y, b.y)
    }
    func leaves(_ member: ServiceLeaves.Member, into leaves: inout ServiceLeaves) { leaves.point(member, self) }
}

extension Size: ViewMemberType {
    static var shape: ViewProperty.Shape { .size }
    func write(into encoder: inout ResponseEncoder) { encoder.size(self) }
    var changeValue: MemberValue { .size(self) }
    static func writesSame(_ a: Size, _ b: Size, _ rounding: NumberRounding) -> Bool {
        rounding.writesSame(a.width, b.width) && rounding.writesSame(a.height, b.height)
    }
    static func diff(_ a: Size, _ b: Size, _ path: ViewPath, into changes: inout ViewChanges) {
        changes.number(path.field(1), a.width, b.width)
        changes.number(path.field(2), a.height, b.height)
    }
    func leaves(_ member: ServiceLeaves.Member, into leaves: inout ServiceLeaves) { leaves.size(member, self) }
}

/// `a`, `b`, `c`, `d`, `tx`, `ty`; the identity is written as one constant, with the numbers it holds (±0 alike).
extension AffineTransform: ViewMemberType {
    static var shape: ViewProperty.Shape { .transform }
    @inline(__always) func write(into encoder: inout ResponseEncoder) { encoder.transform(self) }
    var changeValue: MemberValue { .transform(self) }
    static func writesSame(_ a: AffineTransform, _ b: AffineTransform, _ rounding: NumberRounding) -> Bool {
        rounding.writesSame(a.a, b.a) && rounding.writesSame(a.b, b.b) && rounding.writesSame(a.c, b.c)
            && rounding.writesSame(a.d, b.d) && rounding.writesSame(a.tx, b.tx) && rounding.writesSame(a.ty, b.ty)
    }
    @inline(__always) static func diff(_ a: AffineTransform, _ b: AffineTransform, _ path: ViewPath, into changes: inout ViewChanges) {
        guard a != b else { return }
        changes.number(path.field(1), a.a, b.a)
        changes.number(path.field(2), a.b, b.b)
        changes.number(path.field(3), a.c, b.c)
        changes.number(path.field(4), a.d, b.d)
        changes.number(path.field(5), a.tx, b.tx)
        changes.number(path.field(6), a.ty, b.ty)
    }
    func leaves(_ member: ServiceLeaves.Member, into leaves: inout ServiceLeaves) { leaves.transform(member, self) }
}

/// The 16 entries row by row; compared entry by entry (a 2D transform's constant entries are
/// written as the numbers they are), set whole.
extension Transform3D: ViewMemberType {
    static var shape: ViewProperty.Shape { .matrix }
    func write(into encoder: inout ResponseEncoder) { encoder.transform3D(self) }
    var changeValue: MemberValue { .transform3D(self) }
    static func writesSame(_ a: Transform3D, _ b: Transform3D, _ rounding: NumberRounding) -> Bool {
        a == b || zip(a.rowMajor, b.rowMajor).allSatisfy { rounding.writesSame($0, $1) }
    }
    func leaves(_ member: ServiceLeaves.Member, into leaves: inout ServiceLeaves) { leaves.transform3D(member, self) }
}
