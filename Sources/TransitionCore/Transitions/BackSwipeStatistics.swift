/// What UIKit's own back swipe remembers of the finger's motion, and the release rule it reads it
/// with: `_UINavigationInteractiveTransitionBase -_updateStatistics:firstSample:finalSample:` and
/// `-popGesture:withRemainingDuration:shouldPopWithVelocity:`, the same in the iOS 18.2 and 26.1
/// decompiles (docs/semantics.md § UIKit's back swipe). Displacements are in container widths,
/// velocities in widths per second, accelerations in widths per second².
struct BackSwipeStatistics: Sendable, Equatable {
    /// How many samples the statistics kept: the `began` sample and every later one the filter let through.
    private(set) var count = 1
    /// The last three kept samples' velocities and accelerations, at index count % 3.
    private var velocities: [Double]
    private var accelerations = [0.0, 0, 0]
    /// The mean of the (up to) three last kept velocities and accelerations.
    private(set) var averageVelocity: Double
    private(set) var averageAcceleration = 0.0
    /// The last kept sample's velocity (widths/s), which a release after three or more samples
    /// reports as its speed, and its acceleration, from which the next one may differ by 5 widths/s² at most.
    private(set) var previousVelocity: Double
    private var previousAcceleration = 0.0
    private var previousDisplacement: Double
    /// Session time of the last kept sample, and of the last sample seen (kept or not).
    private var previousTime: Double
    private var lastSeenTime: Double
    /// The last sample's translation (points) and velocity (points/s), which the next sample's
    /// velocity is derived from when it names none.
    private var lastTranslation: Double
    private(set) var lastVelocity: Double

    /// A sample closer than this to the one before (seconds) is dropped, unless the finger moved
    /// and it is more than `minimumInterval` later.
    static let keptInterval = 0.01
    static let minimumInterval = 0.001
    /// The most a kept sample's acceleration differs from the one before (widths/s²).
    static let accelerationStep = 5.0
    /// The projection commits beyond min(`commitDistance` / width, `maximumCommit`) (points, fraction).
    static let commitDistance = 187.5
    static let maximumCommit = 0.5

    /// The `began` sample: at `time`, the finger `translation` points along the swipe, moving at
    /// `velocity` points/s (0 when the sample names none), in a container `width` points wide.
    init(time: Double, translation: Double, velocity: Double?, width: Double) {
        let v = velocity ?? 0
        velocities = [v / width, 0, 0]
        averageVelocity = v / width
        previousVelocity = v / width
        previousDisplacement = max(0, translation) / width
        previousTime = time
        lastSeenTime = time
        lastTranslation = translation
        lastVelocity = v
    }

    /// A later sample. Its velocity is the sample's own (the recognizer's `velocityInView:`), else
    /// the change of translation over the time since the sample before, else (no time passed) the
    /// one before's. UIKit keeps it when 10 ms or more passed since the last sample, or more than
    /// 1 ms and the finger moved. **Decision**: a sample at the very instant of the one before
    /// (a harness's untimed samples; UIKit never gets two at once) is kept too, with the
    /// acceleration unchanged, so that untimed samples are a finger at rest at each position.
    mutating func add(time: Double, translation: Double, velocity: Double?, width: Double) {
        let sinceSeen = time - lastSeenTime
        let v = velocity ?? (sinceSeen > 0 ? (translation - lastTranslation) / sinceSeen : lastVelocity)
        lastSeenTime = time
        lastTranslation = translation
        lastVelocity = v
        let displacement = max(0, translation) / width
        guard sinceSeen == 0 || sinceSeen >= Self.keptInterval || (sinceSeen > Self.minimumInterval && displacement != previousDisplacement) else { return }
        let velocityInWidths = v / width
        let interval = time - previousTime
        var acceleration = interval > 0 ? (velocityInWidths - previousVelocity) / interval : previousAcceleration
        if abs(acceleration - previousAcceleration) > Self.accelerationStep {
            acceleration = previousAcceleration + (acceleration > previousAcceleration ? Self.accelerationStep : -Self.accelerationStep)
        }
        let slot = count % 3
        if count > 2 {
            averageVelocity = (velocityInWidths + averageVelocity * 3 - velocities[slot]) / 3
            averageAcceleration = (acceleration + averageAcceleration * 3 - accelerations[slot]) / 3
        } else {
            averageVelocity = (velocityInWidths + averageVelocity * Double(count)) / Double(count + 1)
            averageAcceleration = (acceleration + averageAcceleration * Double(count)) / Double(count + 1)
        }
        velocities[slot] = velocityInWidths
        accelerations[slot] = acceleration
        previousAcceleration = acceleration
        previousVelocity = velocityInWidths
        previousDisplacement = displacement
        previousTime = time
        count += 1
    }

    /// Whether the release pops, and the finger's speed it reports (points/s), for a swipe at
    /// `progress` (the last `changed` sample's) of a transition lasting `duration` seconds in a
    /// container `width` points wide. `dragged`: a `changed` sample came. With three samples or
    /// more the progress projected `duration` ahead, p + v̄·D + ½·ā·D², must exceed
    /// min(187.5 / width, 0.5), and the speed is the last kept sample's; with fewer, the swipe
    /// pops when v̄ > 0 and a `changed` came, and the speed is the release sample's.
    func release(progress: Double, duration: Double, width: Double, dragged: Bool) -> (pops: Bool, projected: Bool, speed: Double) {
        if count >= 3, dragged {
            let projection = progress + averageVelocity * duration + 0.5 * averageAcceleration * duration * duration
            return (projection > min(Self.commitDistance / width, Self.maximumCommit), true, width * previousVelocity)
        }
        return (dragged && averageVelocity > 0, false, lastVelocity)
    }
}
