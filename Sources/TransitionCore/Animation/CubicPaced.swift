/// `kCAAnimationCubicPaced` (`UIViewKeyframeAnimationOptionCalculationModeCubicPaced`): the keys'
/// times are ignored, a Catmull-Rom spline runs through the values (the `cubic` mode's spline
/// with the keys evenly spaced in its parameter), and progress moves along it at constant speed,
/// so equal fractions of the animation cover equal lengths of the curve (docs/animators.md § Keyframes).
///
/// The curve's length is measured on a fixed polyline of `samplesPerSegment` chords per segment
/// between keys, and progress is mapped to the spline's parameter by linear interpolation in that
/// table: the same keys always give the same values. Values without components (3D transforms)
/// fall back to `paced`.
enum CubicPaced {
    /// Chords per segment between two keys when measuring the curve's length: enough that the
    /// speed along the curve stays within about 0.1 % of constant for the turns keyframes make.
    static let samplesPerSegment = 48

    static func sample(_ keys: [KeyframeKey], at p: Double) -> AnimatedValue {
        guard keys.count > 1, let first = keys.first?.value.components,
              keys.allSatisfy({ $0.value.components?.count == first.count }) else {
            return PropertyAnimation.sample(keys, mode: .paced, at: p)
        }
        // The keys evenly spaced in the spline's parameter u ∈ [0, 1].
        let last = Double(keys.count - 1)
        let even = keys.indices.map { KeyframeKey(time: Double($0) / last, value: keys[$0].value) }
        func spline(_ u: Double) -> [Double] {
            PropertyAnimation.sample(even, mode: .cubic, at: u).components ?? first
        }
        // Cumulative chord length at u = k / n.
        let n = samplesPerSegment * (keys.count - 1)
        var lengths = [0.0]
        lengths.reserveCapacity(n + 1)
        var previous = spline(0)
        for k in 1...n {
            let point = spline(Double(k) / Double(n))
            let step = zip(previous, point).map { ($1 - $0) * ($1 - $0) }.reduce(0, +).squareRoot()
            lengths.append(lengths[k - 1] + step)
            previous = point
        }
        let total = lengths[n]
        guard total > 0 else { return keys[0].value }
        let target = min(1, max(0, p)) * total
        // The first table entry at or past the target (binary search), then linear within the chord.
        var lo = 0, hi = n
        while lo < hi {
            let mid = (lo + hi) / 2
            if lengths[mid] < target { lo = mid + 1 } else { hi = mid }
        }
        let u: Double
        if lo == 0 {
            u = 0
        } else {
            let chord = lengths[lo] - lengths[lo - 1]
            let within = chord > 0 ? (target - lengths[lo - 1]) / chord : 1
            u = (Double(lo - 1) + within) / Double(n)
        }
        return keys[0].value.with(components: spline(u))
    }
}
