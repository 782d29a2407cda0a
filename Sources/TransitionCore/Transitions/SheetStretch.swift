/// Pulling a sheet up past its resting top: the card stretches by the finger's travel, at most
/// 0.008 · H, its bottom staying, and springs back over 180 ms easeOut on release (Flutter's fit
/// of iOS 18 sheets, `_kStretchedTopGapRatio`; *approximate*, docs/reference.md § Sheets). The
/// stretch is the card's `transform` (a vertical scale about its bottom edge), which the `sheet`
/// animator leaves alone, so it shows over the pull's transition held at 0 %.
extension World {
    /// The largest stretch as a fraction of the screen's height.
    static let sheetStretchLimit = 0.008
    static let sheetStretchRelease = (seconds: 0.18, curve: TimingCurve.easeOut)

    /// The card stretched by `travel` points upwards (0: at rest): a vertical scale about its
    /// bottom edge, so that its top rises by `travel` and its bottom stays.
    func stretchTransform(of card: ViewID, travel: Double) -> AffineTransform {
        let height = tree[card].bounds.height
        guard travel > 0, height > 0 else { return .identity }
        let k = 1 + travel / height
        return AffineTransform(a: 1, b: 0, c: 0, d: k, tx: 0, ty: -(k - 1) * height * (1 - tree[card].layer.anchorPoint.y))
    }

    /// A `changed` sample of the pull: the card stretches by the finger's upward travel, capped.
    mutating func stretchSheet(_ card: ViewID, translationY: Double) {
        let travel = min(max(0, -translationY), Self.sheetStretchLimit * screen.height)
        animations.removeAnimations(on: card) { $0.property == .transform }
        tree[card].transform = stretchTransform(of: card, travel: travel)
    }

    /// The pull is released: a stretched card springs back to its rest on the session clock.
    mutating func releaseStretch(_ card: ViewID) {
        let shown = presentation(of: card, at: now).transform
        guard shown != .identity else { return }
        tree[card].transform = .identity
        let release = Self.sheetStretchRelease
        animations.install(PropertyAnimation(property: .transform, from: .affine(shown), to: .affine(.identity), transition: nil,
                                             begin: now, duration: release.seconds, curve: release.curve), on: card)
    }
}
