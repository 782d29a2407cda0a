import Testing
@testable import TransitionCore

func maxDifference(_ a: Transform3D, _ b: Transform3D) -> Double {
    zip(a.rowMajor, b.rowMajor).map { abs($0 - $1) }.max()!
}

@Suite struct Transform3DTests {
    @Test func concatenationAppliesTheFirstTransformFirst() {
        let scale = Transform3D.scale(x: 2, y: 2, z: 1), move = Transform3D.translation(x: 10, y: 0, z: 0)
        #expect(scale.concatenating(move).project(Point(x: 1, y: 1)) == Point(x: 12, y: 2))
        #expect(move.concatenating(scale).project(Point(x: 1, y: 1)) == Point(x: 22, y: 2))
    }

    @Test func rotationAboutZIsTheAffineRotation() {
        let t = Transform3D.rotation(angle: 0.6, x: 0, y: 0, z: 1)
        let a = AffineTransform.rotation(0.6)
        let affine = try! #require(t.affine)
        #expect(abs(affine.a - a.a) < 1e-15 && abs(affine.b - a.b) < 1e-15 && abs(affine.c - a.c) < 1e-15 && abs(affine.d - a.d) < 1e-15)
        #expect(Transform3D(AffineTransform.scale(2, 3)).affine == .scale(2, 3))
        #expect(Transform3D.perspective(-0.002).affine == nil)
    }

    @Test func rotationAboutYWithPerspectiveForeshortens() {
        // A quarter turn about y leaves a 100-point-wide layer edge-on: zero width.
        let edgeOn = Transform3D.layerFrame(bounds: Size(width: 100, height: 50), position: Point(x: 50, y: 25),
                                            anchorPoint: Point(x: 0.5, y: 0.5),
                                            transform: Transform3D.rotation(angle: .pi / 2, x: 0, y: 1, z: 0).concatenating(.perspective(-1 / 500)))
        #expect(abs(edgeOn.width) < 1e-9)
        // At 60° the near edge grows and the far one shrinks: the frame is taller than the layer.
        let tilted = Transform3D.layerFrame(bounds: Size(width: 100, height: 50), position: Point(x: 50, y: 25),
                                            anchorPoint: Point(x: 0.5, y: 0.5),
                                            transform: Transform3D.rotation(angle: .pi / 3, x: 0, y: 1, z: 0).concatenating(.perspective(-1 / 500)))
        #expect(tilted.height > 50)
        #expect(abs(tilted.width - 50) < 3)
    }

    @Test func decompositionRoundTrips() {
        let p = Transform3D.perspective(-1 / 500)
        for t in [Transform3D.rotation(angle: 1, x: 0, y: 1, z: 0).concatenating(p),
                  .rotation(angle: 0.7, x: 1, y: 1, z: 0),
                  Transform3D.scale(x: 0.3, y: 0.3, z: 1).concatenating(.translation(x: 10, y: 20, z: 0)),
                  Transform3D.rotation(angle: 0.7, x: 0, y: 0, z: 1).concatenating(.scale(x: 2, y: 0.5, z: 1))] {
            #expect(maxDifference(t.interpolate(to: .identity, fraction: 0), t) < 1e-12)
            #expect(maxDifference(Transform3D.identity.interpolate(to: t, fraction: 1), t) < 1e-12)
        }
    }

    @Test func interpolatingRotationsGivesTheIntermediateAngle() {
        let a = Transform3D.rotation(angle: 0, x: 0, y: 1, z: 0), b = Transform3D.rotation(angle: .pi / 2, x: 0, y: 1, z: 0)
        #expect(maxDifference(a.interpolate(to: b, fraction: 0.5), .rotation(angle: .pi / 4, x: 0, y: 1, z: 0)) < 1e-12)
        let z1 = Transform3D.rotation(angle: 0.2, x: 0, y: 0, z: 1), z2 = Transform3D.rotation(angle: 1, x: 0, y: 0, z: 1)
        #expect(maxDifference(z1.interpolate(to: z2, fraction: 0.25), .rotation(angle: 0.4, x: 0, y: 0, z: 1)) < 1e-12)
    }

    @Test func layerFrameOfAnAffineTransformIsTheTwoDimensionalFrame() {
        let affine = AffineTransform.rotation(0.5).concatenating(.scale(1.5, 0.8))
        let frame3D = Transform3D.layerFrame(bounds: Size(width: 120, height: 60), position: Point(x: 100, y: 200),
                                             anchorPoint: Point(x: 0.5, y: 0.5), transform: Transform3D(affine))
        let frame2D = ViewGeometry.frame(bounds: Size(width: 120, height: 60), center: Point(x: 100, y: 200), transform: affine, transform3D: nil)
        #expect(abs(frame3D.minX - frame2D.minX) < 1e-9 && abs(frame3D.minY - frame2D.minY) < 1e-9)
        #expect(abs(frame3D.width - frame2D.width) < 1e-9 && abs(frame3D.height - frame2D.height) < 1e-9)
    }
}
