/// A point written as two expressions (a view's `center`).
struct PointValue: Sendable, Equatable {
    var x: Located<Expression>
    var y: Located<Expression>
}
