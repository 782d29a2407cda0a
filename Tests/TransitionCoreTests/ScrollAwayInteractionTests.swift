import Testing
@testable import TransitionCore

/// `_UIScrollAwayInteraction` (iOS 26.1): a drag's distance past the activation distance, over
/// the active distance, minimizes the bar; a drag that ends short of it snaps back; the top
/// takes it back (docs/semantics.md § iOS 26).
@Suite struct ScrollAwayInteractionTests {
    let activation = ScrollAwayInteraction.activationDistance
    let active = ScrollAwayInteraction.activeDistance

    /// A drag from offset 0 through `offsets`, the finger still down.
    func drag(_ offsets: [Double], direction: ScrollAwayInteraction.Direction = .down, from start: Double = 0,
              top: Double = 0) -> ScrollAwayInteraction {
        var s = ScrollAwayInteraction(direction: direction)
        s.beginDragging(at: start)
        for y in offsets { s.scrolled(to: y, top: top) }
        return s
    }

    @Test func nothingMovesBeforeTheActivationDistance() {
        let s = drag([activation - 1])
        #expect(s.progress == 0)
        #expect(s.phase == .accumulating(activation - 1))
    }

    @Test func pastTheActivationDistanceTheProgressIsTheFurtherDistanceOverTheActiveDistance() {
        var s = drag([activation + 20])
        #expect(s.progress == 20 / active)
        #expect(s.phase == .tracking(from: 0))
        s.scrolled(to: activation + 30, top: 0)
        #expect(abs(s.progress - 30 / active) < 1e-12)
        #expect(!s.isMinimized)
        s.scrolled(to: activation + active + 5, top: 0)
        #expect(s.progress == 1 && s.isMinimized)
        #expect(s.phase == .suspended, "fully minimized, the drag moves it no more")
        s.scrolled(to: 0, top: 0)
        #expect(s.progress == 1, "scrolling back after minimizing keeps it minimized")
    }

    @Test func scrollingBackLowersTheProgress() {
        var s = drag([activation + 30])
        s.scrolled(to: activation + 10, top: 0)
        #expect(abs(s.progress - 10 / active) < 1e-12)
    }

    @Test func aDragThatEndsShortOfMinimizedSnapsBack() {
        var s = drag([activation + active - 1])
        #expect(s.progress > 0.9)
        s.endDragging()
        #expect(s.progress == 0 && s.phase == .idle)
        var full = drag([activation + active])
        full.endDragging()
        #expect(full.progress == 1, "a minimized bar stays minimized")
    }

    @Test func theAppsOwnScrollingMovesNothing() {
        var s = ScrollAwayInteraction(direction: .down)
        s.scrolled(to: 500, top: 0)
        #expect(s.progress == 0 && s.phase == .idle)
    }

    @Test func aChangeOfDirectionStartsTheGatheringOver() {
        // 8 down, 5 up, 8 down: never 10 in one direction.
        let s = drag([8, 3, 11])
        #expect(s.progress == 0)
        #expect(s.phase == .accumulating(8))
    }

    @Test func reachingTheTopWhileExpandingExpandsAtOnce() {
        // A second drag that starts minimizing from a partly minimized bar, then goes back to the top.
        var s = drag([activation + 25], from: 0, top: -100)
        #expect(s.progress == 0.5)
        // A new drag, the finger down again at the same place, starts tracking from 0.5.
        s.beginDragging(at: activation + 25)
        s.scrolled(to: 2 * activation + 25, top: -100)
        #expect(s.phase == .tracking(from: 0.5))
        s.scrolled(to: -120, top: -100)
        #expect(s.progress == 0 && s.phase == .suspended)
    }

    @Test func onScrollUpMinimizesScrollingTowardsTheStart() {
        let s = drag([400 - activation - 25], direction: .up, from: 400)
        #expect(s.progress == 0.5)
        let down = drag([400 + activation + 25], direction: .up, from: 400)
        #expect(down.progress == 0)
    }

    @Test func pullingPastTheTopCountsOnlyTowardsTheTop() {
        // Below the top (offset < top) a move downwards the content is not counted.
        let s = drag([-50, -20], from: -60, top: 0)
        #expect(s.progress == 0)
    }
}
