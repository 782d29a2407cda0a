import Testing
@testable import TransitionCore

/// What docs/semantics.md § The default push against Flutter's Cupertino route
/// quotes, so that the section cannot go stale silently: the service's default push on a 320 pt screen, and
/// Flutter's `CupertinoPageRoute` model of the same push evaluated with the service's own
/// implementations of Flutter's curves (CubicBezierTests checks fastEaseInToSlowEaseOut against
/// Flutter's table; the cubics are Flutter's control points).
@Suite struct CupertinoCrossCheckTests {
    /// (t, incoming page x, covered page x, dimming) as the section quotes them, for the service
    /// and for Flutter.
    static let quoted: [(t: Double, service: (Double, Double, Double), flutter: (Double, Double, Double))] = [
        (0.1, (145.13, -52.46, 0.0546), (145.13, -54.75, 0.0278)),
        (0.2, (38.34, -84.50, 0.0880), (38.34, -90.70, 0.0642)),
        (0.3, (8.68, -93.40, 0.0973), (8.68, -102.02, 0.0833)),
        (0.4, (1.83, -95.45, 0.0994), (1.83, -105.35, 0.0918)),
    ]

    @Test func theServicesDefaultPushIsWhatTheSectionQuotes() throws {
        var world = try thingsScene()
        try world.apply(try action(detailPush))
        for q in Self.quoted {
            let shot = world.shot(q.t)
            #expect(shot.transition?.animator == "slide")
            let incoming = try #require(shot.root.find("detail", "")).frame.minX
            let covered = try #require(shot.root.find("things", "")).frame.minX
            let dimming = try #require(shot.root.find(role: .dimming)).alpha
            #expect(abs(incoming - q.service.0) <= 0.005, "incoming at \(q.t): \(incoming)")
            #expect(abs(covered - q.service.1) <= 0.005, "covered at \(q.t): \(covered)")
            #expect(abs(dimming - q.service.2) <= 0.00005, "dimming at \(q.t): \(dimming)")
            // One curve drives both pages: the covered page has always gone 0.3 of the incoming
            // page's way (96 of 320 pt, UIKit's W − round(0.7 W)).
            #expect(abs(covered / (incoming - 320) - 96.0 / 320) < 1e-12)
        }
    }

    @Test func flutterModelIsWhatTheSectionQuotes() {
        // cupertino/route.dart at the cross-check's revision (flutter/flutter's tree as stored in
        // chingjun/flutter at 2bbcaf6be639c398108daa2ef557b20927e4cedd,
        // docs/reference.md § Flutter cross-check): 500 ms (`kTransitionDuration`); the incoming page on fastEaseInToSlowEaseOut
        // from W to 0, the covered page on linearToEaseOut from 0 to −W/3 (`_kMiddleLeftTween`), the
        // barrier 0x18000000 (24/255 black) along ModalRoute's default barrierCurve, Curves.ease =
        // cubic (0.25, 0.1, 0.25, 1).
        for q in Self.quoted {
            let p = q.t / 0.5
            let incoming = 320 * (1 - ThreePointCubic.fastEaseInToSlowEaseOut.solve(p))
            let covered = -320.0 / 3 * CubicBezier.linearToEaseOut.solve(p)
            let barrier = 24.0 / 255 * CubicBezier(0.25, 0.1, 0.25, 1).solve(p)
            #expect(abs(incoming - q.flutter.0) <= 0.005, "incoming at \(q.t): \(incoming)")
            #expect(abs(covered - q.flutter.1) <= 0.005, "covered at \(q.t): \(covered)")
            #expect(abs(barrier - q.flutter.2) <= 0.00005, "barrier at \(q.t): \(barrier)")
        }
    }
}
