/// One `addKeyframeWithRelativeStartTime:relativeDuration:animations:` of a keyframe block.
struct Keyframe: Sendable, Equatable {
    /// Fractions of the block's duration, 0…1.
    var start: Located<Expression>
    var duration: Located<Expression>
    var changes: [PropertyChanges]
}

/// `UIViewKeyframeAnimationOptionCalculationMode…`: how a keyframe track moves between its values.
enum KeyframeCalculationMode: String, Sendable, CaseIterable {
    /// Straight lines between keys (UIKit's default).
    case linear
    /// Each value holds until the next keyframe starts.
    case discrete
    /// A Catmull-Rom spline through the keys (numbers, points and rects).
    case cubic
    /// Constant speed along the values, key times ignored (kCAAnimationPaced): the distance is
    /// Euclidean over the value's components (points, rects, alpha, colours, transforms).
    case paced
    /// Constant speed along a Catmull-Rom spline through the values, key times ignored
    /// (kCAAnimationCubicPaced): CubicPaced.swift.
    case cubicPaced
}
