import Testing
@testable import TransitionCore

/// A world is copied by every read (and cleared where an optional one is made), so its inline
/// size is a cost of every snapshot: large, seldom-set members are held out of line (`OutOfLine`).
@Suite struct WorldLayoutTests {
    @Test func worldStaysSmallInline() {
        #expect(MemoryLayout<World>.size <= 512, "World is \(MemoryLayout<World>.size) bytes inline")
        #expect(MemoryLayout<OutOfLine<GestureState?>>.size == MemoryLayout<Int>.size)
    }

    /// Out of line is still a value: a copy never sees a change made to the other.
    @Test func outOfLineMembersAreValues() {
        var a = OutOfLine<[Int]>(wrappedValue: [1])
        let b = a
        a.wrappedValue.append(2)
        #expect(a.wrappedValue == [1, 2] && b.wrappedValue == [1])
    }
}
