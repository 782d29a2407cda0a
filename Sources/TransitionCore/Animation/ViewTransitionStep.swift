import JSONCodec

/// `+[UIView transitionFromView:toView:duration:options:completion:]`'s transition options.
enum ViewTransitionKind: String, Sendable, CaseIterable {
    case flipFromLeft, flipFromRight, crossDissolve, curlUp, curlDown
}

/// A `transitionFromView:toView:` call: it puts `to` in `from`'s superview (above it; below it
/// for `curlUp`), plays the transition, removes `from` when it ends, then runs `completion`.
struct ViewTransitionStep: Sendable, Equatable {
    var kind: ViewTransitionKind
    var from: Located<ViewReference>
    var to: Located<ViewReference>
    var duration: Located<Expression>
    /// Timing JSON (default `easeInOut`, UIKit's default option curve).
    var curve: CurveSpec
    /// m34 of the flip's perspective (UIKit's value was not found: docs/reference.md § Flips and 3D).
    var perspective: Located<Expression>
    var completion: StepList
    /// The from view's removal, which UIKit makes before the completion runs: a `remove` step of
    /// this transition's own, so that the running list reports it as its step 0.
    var removal: Located<Step>

    /// The community's convention (docs/reference.md § Flips and 3D: m34 = −1/500).
    static let defaultPerspective = -1.0 / 500
}
