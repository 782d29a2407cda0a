import Testing
@testable import TransitionCore

/// The quadrilaterals views make on screen (docs/viewer.md § Geometry).
@Suite struct ProjectionTests {
    /// A 100 × 50 view centred at (50, 25), turned `angle` about its vertical axis and seen with
    /// perspective −1/500, as the flips turn a view.
    func flipped(_ angle: Double) -> SnapshotNode {
        let turn = Transform3D.rotation(angle: angle, x: 0, y: 1, z: 0).concatenating(.perspective(-1 / 500))
        return SnapshotNode(id: "v", kind: "view", path: "v", frame: .zero, bounds: Rect(x: 0, y: 0, width: 100, height: 50),
                            center: Point(x: 50, y: 25), transform: .identity, transform3D: turn, alpha: 1, hidden: false,
                            windowFrame: .zero, children: [])
    }

    /// Where a corner (x, y) relative to the centre lands: turned about y, x becomes x·cos θ and
    /// z becomes −x·sin θ; the divide is by w = 1 − z/500 = 1 + x·sin θ/500.
    func expected(_ x: Double, _ y: Double, angle: Double) -> Point {
        let w = 1 + x * sin(angle) / 500
        return Point(x: 50 + x * cos(angle) / w, y: 25 + y / w)
    }

    @Test(arguments: [0, Double.pi / 6, Double.pi / 3, Double.pi / 2, 2 * Double.pi / 3, -Double.pi / 4])
    func cornersOfAFlipAreProjectedThenDivided(angle: Double) throws {
        let quad = try #require(flipped(angle).quad(toWindow: flipped(angle).toSuperview))
        let corners = [(-50.0, -25.0), (50, -25), (50, 25), (-50, 25)].map { expected($0.0, $0.1, angle: angle) }
        for (got, want) in zip(quad, corners) {
            #expect(abs(got.x - want.x) < 1e-9 && abs(got.y - want.y) < 1e-9, "\(got) ≠ \(want) at \(angle)")
        }
    }

    @Test func aFlipAtSixtyDegreesIsATrapezoid() throws {
        let quad = try #require(flipped(.pi / 3).quad(toWindow: flipped(.pi / 3).toSuperview))
        // The left edge comes toward the eye and grows; the right one recedes and shrinks.
        let left = quad[3].y - quad[0].y, right = quad[2].y - quad[1].y
        #expect(left > 50 && right < 50)
        #expect(abs(left - 50 / (1 - 25 * 3.squareRoot() / 500)) < 1e-9)
        // Edge-on at 90°: no width at all.
        let edgeOn = try #require(flipped(.pi / 2).quad(toWindow: flipped(.pi / 2).toSuperview))
        #expect(edgeOn.allSatisfy { abs($0.x - 50) < 1e-9 })
    }

    @Test func theBoundingBoxOfTheQuadIsUIKitsFrame() throws {
        let view = flipped(.pi / 3)
        let frame = ViewGeometry.frame(bounds: view.bounds.size, center: view.center, transform: .identity, transform3D: view.transform3D)
        let box = Rect.bounding(try #require(view.quad(toWindow: view.toSuperview)))
        #expect(abs(box.minX - frame.minX) < 1e-9 && abs(box.maxX - frame.maxX) < 1e-9)
        #expect(abs(box.minY - frame.minY) < 1e-9 && abs(box.maxY - frame.maxY) < 1e-9)
    }

    @Test func aSubviewLiesOnItsFlippedSuperviewsPlane() throws {
        let parent = flipped(.pi / 3)
        var child = parent
        child.transform3D = nil
        child.bounds = Rect(x: 0, y: 0, width: 50, height: 50)
        child.center = Point(x: 25, y: 25)  // the superview's left half
        let quad = try #require(child.quad(toWindow: child.toSuperview.concatenating(parent.toSuperview)))
        let leftHalf = [(-50.0, -25.0), (0, -25), (0, 25), (-50, 25)].map { expected($0.0, $0.1, angle: .pi / 3) }
        for (got, want) in zip(quad, leftHalf) { #expect(abs(got.x - want.x) < 1e-9 && abs(got.y - want.y) < 1e-9) }
    }

    @Test func aCornerBehindTheEyeLeavesNoQuad() {
        // With the eye 50 points away, a 100-point-wide view turned 80° puts its near edge behind it.
        var view = flipped(0)
        view.transform3D = Transform3D.rotation(angle: 80 * .pi / 180, x: 0, y: 1, z: 0).concatenating(.perspective(-1 / 40))
        #expect(view.quad(toWindow: view.toSuperview) == nil)
    }

    @Test func affineChainsGiveTheWindowFramesExactly() throws {
        var world = try thingsScene()
        try world.apply(action(String(detailPush.dropLast()) + #", "animator": {"name": "zoom", "sourceView": "cell-3/image", "targetView": "image"}}"#))
        let shot = world.shot(0.15)
        func check(_ n: SnapshotNode, _ parent: ProjectiveTransform) throws {
            let toWindow = n.toSuperview.concatenating(parent)
            let quad = try #require(n.quad(toWindow: toWindow))
            #expect(Rect.bounding(quad) == n.windowFrame, "\(n.path)")
            for child in n.children { try check(child, toWindow) }
        }
        try check(shot.root, .identity)
    }

    @Test func theAffineApproximationAgreesAtItsPoint() throws {
        let view = flipped(.pi / 3)
        let map = view.toSuperview
        let centre = view.bounds.center
        let approximation = try #require(map.affineApproximation(at: centre))
        let exact = try #require(map.apply(to: centre))
        let near = approximation.apply(to: centre)
        #expect(abs(near.x - exact.x) < 1e-12 && abs(near.y - exact.y) < 1e-12)
        // To first order: a small step from the centre lands where the projection puts it.
        let step = Point(x: centre.x + 1e-4, y: centre.y + 1e-4)
        let a = approximation.apply(to: step), b = try #require(map.apply(to: step))
        #expect(abs(a.x - b.x) < 1e-9 && abs(a.y - b.y) < 1e-9)
        // Affine maps are their own approximation.
        #expect(ProjectiveTransform(AffineTransform.rotation(0.3)).affineApproximation(at: centre) == .rotation(0.3))
    }
}
