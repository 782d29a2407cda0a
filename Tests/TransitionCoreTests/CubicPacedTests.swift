import Testing
@testable import TransitionCore

/// `calculationMode: cubicPaced` (kCAAnimationCubicPaced): a Catmull-Rom spline through the keys,
/// travelled at constant speed, key times ignored.
@Suite struct CubicPacedTests {
    /// The detail view's centre goes (0, 0) → (100, 0) → (100, 100) over 1 s, linearly in time,
    /// with key times that are deliberately uneven (0.1 and 0.9) so that ignoring them shows.
    func corner(_ mode: String) throws -> World {
        try pushed(with: #"""
        {"duration": 1, "setup": [{"add": "to"}, {"set": "to", "frame": {"x": -10, "y": -10, "width": 20, "height": 20}}],
         "animations": [{"duration": "duration", "curve": "linear", "calculationMode": "\#(mode)", "keyframes": [
            {"start": 0, "duration": 0.1, "changes": [{"view": "to", "center": {"x": 100, "y": 0}}]},
            {"start": 0.1, "duration": 0.9, "changes": [{"view": "to", "center": {"x": 100, "y": 100}}]}],
           "completion": [{"completeTransition": "!cancelled"}]}]}
        """#)
    }

    func center(_ world: World, _ t: Double) throws -> Point {
        try #require(world.shot(t).root.find("detail", "")).center
    }

    @Test func halfTheTimeIsHalfTheCurve() throws {
        let world = try corner("cubicPaced")
        // The path is symmetric about the corner key (reflection (x, y) → (100 − y, 100 − x)
        // swaps its ends), so half its length is reached exactly at the corner, whatever the
        // key times say (linear keyframes would be at (100, 44.4) by then).
        let mid = try center(world, 0.5)
        #expect(abs(mid.x - 100) < 1e-9 && abs(mid.y) < 1e-9, "\(mid)")
        #expect(try center(world, 0) == Point(x: 0, y: 0))
        #expect(try center(world, 1) == Point(x: 100, y: 100))
    }

    @Test func theSpeedAlongTheCurveIsConstant() throws {
        let world = try corner("cubicPaced")
        var points: [Point] = []
        for k in 0...20 { points.append(try center(world, Double(k) / 20)) }
        let chords = zip(points, points.dropFirst()).map { a, b in ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot() }
        let mean = chords.reduce(0, +) / Double(chords.count)
        // Chords of equal arcs differ by the curvature only: within 1 % here, where linear
        // keyframes with these key times would differ 9 to 1.
        for c in chords { #expect(abs(c - mean) / mean < 0.01, "\(chords)") }
    }

    @Test func theCurveIsTheCubicSplineNotStraightLines() throws {
        // Catmull-Rom through the corner bows outward: below y = 0 on the first leg, where
        // `paced` keeps to the straight line.
        let cubic = try center(try corner("cubicPaced"), 0.25)
        let paced = try center(try corner("paced"), 0.25)
        #expect(cubic.y < -1)
        #expect(abs(paced.x - 50) < 1e-9 && paced.y == 0)
    }
}
