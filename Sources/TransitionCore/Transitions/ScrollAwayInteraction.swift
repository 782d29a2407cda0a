/// How far a person's scrolling has minimized the floating tab bar, as UIKit's
/// `_UIScrollAwayInteraction` (iOS 26.1, UIKitCore) follows the content scroll view: a drag
/// first accumulates distance in the minimizing direction; past the activation distance the
/// progress grows by the further distance over the active distance, 1 being minimized; scrolling
/// back lowers it again, and reaching the top (scrolling further up) returns it to 0. When the
/// finger lifts, a progress short of 1 snaps back to 0 (`floor`). The app's own
/// `setContentOffset:` moves nothing: UIKit only records the offset while the scroll view is
/// neither tracking nor decelerating. Vertical scrolling only (the tab bar's interaction).
///
/// Content sizes are not simulated, so the content is taken as reaching far below the screen:
/// UIKit's rules at the content's end (scrolling on at the bottom expands the bar) never apply
/// (a **Decision**, docs/semantics.md § iOS 26).
struct ScrollAwayInteraction: Sendable, Equatable {
    /// Which scrolling minimizes: `.down` moves the content offset up the content (y grows).
    enum Direction: Sendable, Equatable { case down, up }

    /// UIKit's `state`: what the drag under way has done so far.
    enum Phase: Sendable, Equatable {
        /// A drag gathering distance in one direction, points, signed (positive: minimizing).
        case accumulating(Double)
        /// Past the activation distance: the progress follows the scrolling; the progress the
        /// tracking started from.
        case tracking(from: Double)
        /// No drag, or one that has ended.
        case idle
        /// The drag minimized the bar fully or took it back at the top: it moves it no more.
        case suspended
    }

    /// Distance a drag must scroll in the minimizing direction before the bar follows, points.
    /// *Estimate*: the 26.1 decompile reads it from the interaction's
    /// `activationDistanceThreshold`, whose initial value it does not show.
    static let activationDistance = 10.0
    /// Distance scrolled past the activation distance that takes the progress from 0 to 1,
    /// points. *Estimate*, for the same reason (`activeDistance`).
    static let activeDistance = 50.0

    var direction: Direction
    /// 0: expanded, 1: minimized.
    private(set) var progress = 0.0
    private(set) var phase = Phase.idle
    /// The vertical content offset UIKit last saw, points.
    private var lastOffset = 0.0
    /// Whether a finger is on the scroll view (`isTracking`).
    private(set) var isDragging = false

    init(direction: Direction) {
        self.direction = direction
    }

    /// Whether the bar counts as minimized: only a progress of exactly 1 is.
    var isMinimized: Bool { progress == 1 }

    /// `_observeScrollViewWillBeginDragging:`: a new drag starts accumulating from nothing, the
    /// scroll view at vertical offset `offset` (UIKit has recorded it on its last scroll).
    mutating func beginDragging(at offset: Double) {
        isDragging = true
        phase = .accumulating(0)
        lastOffset = offset
    }

    /// `_observeScrollViewDidEndDragging:willDecelerate: false`: the drag ends where it is (no
    /// deceleration is simulated) and a partial progress snaps back to 0.
    mutating func endDragging() {
        isDragging = false
        phase = .idle
        progress = progress.rounded(.down)
    }

    /// The provider's reset (`_UITabBarVisualProvider_Floating`): the drag no longer counts and
    /// the bar expands.
    mutating func reset() {
        isDragging = false
        phase = .idle
        progress = 0
    }

    /// `_observeScrollViewDidScroll:`: the scroll view's vertical offset is now `offset`, its
    /// content's top (`-adjustedContentInset.top`) at `top`, points.
    mutating func scrolled(to offset: Double, top: Double) {
        defer { lastOffset = offset }
        guard isDragging else { return }
        let amount: Double, start: Double
        switch phase {
        case .idle, .suspended:
            return
        case .tracking(let from):
            (amount, start) = (minimizing(offset, top: top), from)
        case .accumulating(let gathered):
            let step = minimizing(offset, top: top)
            // A change of direction starts the gathering over.
            let total = step.sign == gathered.sign ? gathered + step : step
            guard abs(total) >= Self.activationDistance else {
                phase = .accumulating(total)
                return
            }
            // Scrolling on towards the top while minimizing upwards takes the bar back.
            if direction == .up, step > 0, offset <= top, progress != 0 {
                (phase, progress) = (.suspended, 0)
                return
            }
            guard total >= Self.activationDistance else { return }
            phase = .tracking(from: progress)
            (amount, start) = (max(total - Self.activationDistance, 0), progress)
        }
        if direction == .down, offset <= top, amount < 0, start != 0 {
            // Back at the top while expanding: the bar expands at once.
            (phase, progress) = (.suspended, 0)
            return
        }
        guard progress != 1 else { return }
        let next = min(max(progress + amount / Self.activeDistance, 0), 1)
        if next == 1 { phase = .suspended }
        progress = next
    }

    /// The scrolled distance since the last offset, signed so that minimizing is positive;
    /// scrolling above the content's top counts only towards the top.
    private func minimizing(_ offset: Double, top: Double) -> Double {
        var delta = offset - lastOffset
        if offset < top { delta = min(delta, 0) }
        return direction == .down ? delta : -delta
    }
}
