"""Issue 29, item 4: UIKit's own gestures zoom a zoomed page out (docs/semantics.md § Zoom): a
swipe down, an edge swipe (navigation only) and a pinch follow the finger and, released, commit
past their threshold or on a fling, else spring back, on springs seeded with the finger's speed.
Every expected number is computed here from the documented model and the catalogue's values."""
import math

import pytest

from test_api import assert_problem, create
from test_zoom import CELL, SCENE, SCREEN, act, close, role, views, zooming

# The catalogue's fluidZoom numbers (docs/reference.md § Zoom, estimates).
PAN, EDGE, PINCH, FLING = 0.1, 0.7, 0.5, 700
COMMIT, CANCEL = (0.42, 0.75), (0.29, 0.9)
W, H = SCREEN["width"], SCREEN["height"]


def spring(response, zeta, v0, t):
    """Progress of a spring released at rest-distance 1 with initial velocity v0 (distances/s)."""
    w = 2 * math.pi / response
    wd = w * math.sqrt(1 - zeta * zeta)
    return 1 + math.exp(-zeta * w * t) * (-math.cos(wd * t) + (v0 - zeta * w) / wd * math.sin(wd * t))


def path(p):
    """The clip's rect at progress p of the zoom out: the screen's rect moving to the cell's."""
    return {"x": CELL["x"] * p, "y": CELL["y"] * p, "width": W + (CELL["width"] - W) * p, "height": H + (CELL["height"] - H) * p}


def centred(rect, cx, cy):
    return dict(rect, x=cx - rect["width"] / 2, y=cy - rect["height"] / 2)


def pushed(server, present=False, **options):
    sid = create(server, SCENE)
    if present:
        act(server, sid, {"type": "present", "modalPresentationStyle": "fullScreen", "viewController": zooming(**options), "at": 0})
    else:
        act(server, sid, {"type": "push", "viewController": zooming(**options), "at": 0})
    return sid


def gesture(server, sid, recognizer, phase, at, **sample):
    return act(server, sid, dict(type="gesture", recognizer=recognizer, phase=phase, at=at, **sample))


def swipe(server, sid, recognizer, translation, velocity, release_at=1.2):
    """A swipe from t = 1 to `translation` at 1.1, released at `release_at`: its gesture object."""
    gesture(server, sid, recognizer, "began", 1)
    gesture(server, sid, recognizer, "changed", 1.1, translation=translation)
    return gesture(server, sid, recognizer, "ended", release_at, translation=translation, velocity=velocity)["transition"]["gesture"]


def events_after(server, sid, t):
    return [e for e in server.get(f"/v1/sessions/{sid}/events").json()["events"] if e["time"] >= t]


def finished(server, sid, t, committed):
    """The zoom out ended: gone into the cell (committed) or back at rest full screen."""
    server.post(f"/v1/sessions/{sid}/clock", {"to": t})
    # Clean: nothing left running on a view that left, nothing left hidden.
    assert server.get(f"/v1/sessions/{sid}/snapshot").json()["transition"]["diagnostics"] == []
    assert [e for e in events_after(server, sid, 0) if e["type"] == "diagnostic"] == []
    after = views(server, sid, t)
    assert role(server, sid, t, "zoomContainer") is None and role(server, sid, t, "dimming") is None
    if committed:
        assert ("detail", "") not in after and after[("things", "cell-3")]["hidden"] is False
    else:
        assert after[("detail", "")]["windowFrame"] == SCREEN and after[("detail", "")]["transform"]["a"] == 1


@pytest.mark.parametrize("dy, committed", [(50, False), (120, True)])
def test_a_swipe_down_follows_the_finger_and_commits_past_its_threshold(server, dy, committed):
    sid = pushed(server)
    began = gesture(server, sid, "pan", "began", 1)["transition"]
    assert (began["operation"], began["animator"], began["phase"]) == ("pop", "fluidZoom", "interactive")
    gesture(server, sid, "pan", "changed", 1.1, translation={"x": 30, "y": dy})
    p = dy / H
    # The clip has the size of p of the way into the cell, its centre where the finger took it.
    clip = role(server, sid, 1.1, "zoomContainer")["windowFrame"]
    assert close(clip, centred(path(p), 160 + 30, 284 + dy), 1e-6)
    assert abs(role(server, sid, 1.1, "dimming")["alpha"] - 0.15 * (1 - p)) < 1e-9
    # It holds there while the finger rests.
    assert close(role(server, sid, 1.15, "zoomContainer")["windowFrame"], clip, 1e-9)

    out = gesture(server, sid, "pan", "ended", 1.2, translation={"x": 30, "y": dy}, velocity={"x": 0, "y": 0})
    g = out["transition"]["gesture"]
    assert (g["decision"], g["reason"], abs(g["progress"] - p) < 1e-12) == ("finish" if committed else "cancel", "threshold", True)
    # The release rides the commit's or the cancel's spring from rest, the finger's offset with it.
    response, zeta = COMMIT if committed else CANCEL
    for dt in (0.02, 0.05):
        q = spring(response, zeta, 0, dt)
        assert q < 1
        progress = p + (1 - p) * q if committed else p * (1 - q)
        offset = (1 - q) * 30, (1 - q) * (284 + dy - (path(p)["y"] + path(p)["height"] / 2))
        rect = path(progress)
        expected = dict(rect, x=rect["x"] + offset[0], y=rect["y"] + offset[1])
        assert close(role(server, sid, 1.2 + dt, "zoomContainer")["windowFrame"], expected, 1e-6), dt
    finished(server, sid, 3, committed)
    kinds = [(e["type"], e.get("didComplete")) for e in events_after(server, sid, 1.2)]
    assert kinds[0][0] == ("finishInteractiveTransition" if committed else "cancelInteractiveTransition")
    assert ("completeTransition", committed) in kinds


def test_a_fling_down_commits_short_of_the_threshold_and_seeds_the_spring(server):
    sid = pushed(server)
    g = swipe(server, sid, "pan", {"x": 0, "y": 30}, {"x": 0, "y": 800}, release_at=1.12)
    assert (g["decision"], g["reason"]) == ("finish", "velocity") and 30 / H < PAN
    # The spring starts at the finger's speed: 800 pt/s is 800 / H of the way per second, over
    # the 1 − p left to go.
    p = 30 / H
    v0 = 800 / H / (1 - p)
    for dt in (0.01, 0.04):
        q = spring(*COMMIT, v0, dt)
        rect = path(p + (1 - p) * q)
        offset_y = (1 - q) * (284 + 30 - (path(p)["y"] + path(p)["height"] / 2))
        assert close(role(server, sid, 1.12 + dt, "zoomContainer")["windowFrame"], dict(rect, y=rect["y"] + offset_y), 1e-6)
    # Faster than from rest: the seeded spring is further along.
    assert spring(*COMMIT, v0, 0.01) > spring(*COMMIT, 0, 0.01)
    finished(server, sid, 3, True)
    # An exported scenario replays the gesture frame for frame.
    copy = server.post("/v1/sessions", {"scenario": server.get(f"/v1/sessions/{sid}/scenario").json()}).json()["id"]
    for t in (1.1, 1.13, 1.2, 1.5):
        assert views(server, copy, t) == views(server, sid, t)
    # A slow release at the same place springs back.
    sid = pushed(server)
    g = swipe(server, sid, "pan", {"x": 0, "y": 30}, {"x": 0, "y": 600}, release_at=1.12)
    assert (g["decision"], g["reason"]) == ("cancel", "threshold")
    finished(server, sid, 3, False)


@pytest.mark.parametrize("dx, committed", [(200, False), (240, True)])
def test_an_edge_swipe_zooms_a_pushed_page_out_past_its_threshold(server, dx, committed):
    sid = pushed(server)
    gesture(server, sid, "edgePan", "began", 1, edge="left")
    gesture(server, sid, "edgePan", "changed", 1.1, translation={"x": dx, "y": 0})
    p = dx / W
    assert close(role(server, sid, 1.1, "zoomContainer")["windowFrame"], centred(path(p), 160 + dx, 284), 1e-6)
    out = gesture(server, sid, "edgePan", "ended", 1.2, translation={"x": dx, "y": 0}, velocity={"x": 0, "y": 0})
    g = out["transition"]["gesture"]
    assert (g["recognizer"], g["decision"], g["reason"]) == ("edgePan", "finish" if committed else "cancel", "threshold")
    assert (p >= EDGE) == committed
    finished(server, sid, 3, committed)


@pytest.mark.parametrize("scale, committed", [(0.6, False), (0.4, True)])
def test_a_pinch_shrinks_the_page_in_place_and_commits_below_half_its_scale(server, scale, committed):
    sid = pushed(server)
    gesture(server, sid, "pinch", "began", 1, scale=1)
    gesture(server, sid, "pinch", "changed", 1.1, scale=scale)
    p = 1 - scale
    # A pinch carries nothing sideways: the clip is exactly p of the way into the cell.
    assert close(role(server, sid, 1.1, "zoomContainer")["windowFrame"], path(p), 1e-6)
    assert abs(role(server, sid, 1.1, "dimming")["alpha"] - 0.15 * (1 - p)) < 1e-9
    out = gesture(server, sid, "pinch", "ended", 1.2, scale=scale)
    assert out["transition"]["gesture"]["decision"] == ("finish" if committed else "cancel")
    response, zeta = COMMIT if committed else CANCEL
    q = spring(response, zeta, 0, 0.03)
    assert close(role(server, sid, 1.23, "zoomContainer")["windowFrame"], path(p + (1 - p) * q if committed else p * (1 - q)), 1e-6)
    finished(server, sid, 3, committed)


def test_a_swipe_down_dismisses_a_zoomed_presentation_and_an_edge_swipe_does_not(server):
    sid = pushed(server, present=True)
    problem = assert_problem(server.post(f"/v1/sessions/{sid}/actions", {"type": "gesture", "recognizer": "edgePan", "phase": "began", "at": 1}),
                             409, "no-interaction")
    assert problem["pointer"] == "/recognizer" and "edge" in problem["detail"]
    assert views(server, sid, 1)[("detail", "")]["windowFrame"] == SCREEN
    began = gesture(server, sid, "pan", "began", 1)["transition"]
    assert (began["operation"], began["animator"]) == ("dismiss", "fluidZoom")
    gesture(server, sid, "pan", "changed", 1.1, translation={"x": 0, "y": 150})
    assert close(role(server, sid, 1.1, "zoomContainer")["windowFrame"], centred(path(150 / H), 160, 284 + 150), 1e-6)
    gesture(server, sid, "pan", "ended", 1.2, translation={"x": 0, "y": 150})
    finished(server, sid, 3, True)
    assert server.get(f"/v1/sessions/{sid}/snapshot").json()["controllers"].get("presented") is None


def test_interactive_dismiss_false_refuses_the_gestures(server):
    sid = pushed(server, interactiveDismiss=False)
    for at, (recognizer, sample) in zip((1, 2, 3), (("pan", {"translation": {"x": 0, "y": 200}}), ("pinch", {"scale": 0.3}),
                                                    ("edgePan", {"translation": {"x": 250, "y": 0}}))):
        out = gesture(server, sid, recognizer, "began", at)
        # The last transition is still the push: none began.
        assert out["transition"]["operation"] == "push"
        gesture(server, sid, recognizer, "changed", at + 0.1, **sample)
        gesture(server, sid, recognizer, "ended", at + 0.2, **sample)
        # Nothing moved and nothing started.
        assert role(server, sid, at + 0.2, "zoomContainer") is None
        assert views(server, sid, at + 0.2)[("detail", "")]["windowFrame"] == SCREEN
    refused = [e for e in events_after(server, sid, 1) if e["type"] == "diagnostic"]
    assert [e["code"] for e in refused] == ["zoom-dismiss-refused"] * 3
    assert all("interactiveDismissShouldBegin" in e["message"] for e in refused)
    # The app can still pop it.
    assert act(server, sid, {"type": "pop", "at": 4})["transition"]["animator"] == "fluidZoom"


@pytest.mark.parametrize("present", [False, True])
def test_a_swipe_during_the_zoom_in_completes_it_and_takes_the_page_from_where_it_is(server, present):
    sid = pushed(server, present=present)
    before = role(server, sid, 0.1, "zoomContainer")["windowFrame"]
    veil = role(server, sid, 0.1, "dimming")["alpha"]
    out = gesture(server, sid, "pan", "began", 0.1)
    assert out["transition"]["operation"] == ("dismiss" if present else "pop") and out["transition"]["phase"] == "interactive"
    # The same frame just before and just after: the push completed, the pop holds its views.
    assert close(role(server, sid, 0.1, "zoomContainer")["windowFrame"], before, 1e-9)
    assert abs(role(server, sid, 0.1, "dimming")["alpha"] - veil) < 1e-9
    assert close(role(server, sid, 0.3, "zoomContainer")["windowFrame"], before, 1e-9)
    at = [(e["type"], e.get("viewController")) for e in events_after(server, sid, 0.1) if e["time"] == 0.1]
    assert at.index(("viewDidAppear", "detail")) < at.index(("viewWillDisappear", "detail"))
    # The finger then carries the clip from there.
    gesture(server, sid, "pan", "changed", 0.3, translation={"x": 0, "y": 80})
    moved = role(server, sid, 0.3, "zoomContainer")["windowFrame"]
    assert abs(moved["y"] + moved["height"] / 2 - (before["y"] + before["height"] / 2 + 80)) < 1e-6
    assert moved["width"] < before["width"]
    gesture(server, sid, "pan", "ended", 0.4, translation={"x": 0, "y": 80})
    finished(server, sid, 2, True)


def test_the_gesture_object_and_a_cancelled_recognizer(server):
    sid = pushed(server)
    gesture(server, sid, "pan", "began", 1)
    out = gesture(server, sid, "pan", "changed", 1.1, translation={"x": 0, "y": 284}, velocity={"x": 0, "y": 300})
    g = out["transition"]["gesture"]
    assert (g["recognizer"], g["phase"], g["progress"], g["velocity"], g["decision"]) == ("pan", "changed", 0.5, {"x": 0, "y": 300}, None)
    assert abs(out["transition"]["percentComplete"] - 0.5) < 1e-12
    # Far past the threshold, the recognizer's own cancellation springs the page back.
    out = gesture(server, sid, "pan", "cancelled", 1.2, translation={"x": 0, "y": 284})
    g = out["transition"]["gesture"]
    assert (g["phase"], g["decision"], g["reason"]) == ("cancelled", "cancel", "gesture-cancelled")
    finished(server, sid, 3, False)
    # UIKit's cancelled sequence: the pop's callbacks undone, the page shown again.
    kinds = [(e["type"], e.get("viewController")) for e in events_after(server, sid, 1.2)]
    assert kinds == [("cancelInteractiveTransition", "nav"), ("completeTransition", "nav"), ("viewWillDisappear", "things"),
                     ("viewDidDisappear", "things"), ("viewWillAppear", "detail"), ("viewDidAppear", "detail")]
    # A later sample of the ended gesture does nothing but say so.
    gesture(server, sid, "pan", "changed", 3.1, translation={"x": 0, "y": 100})
    assert [e["code"] for e in events_after(server, sid, 3.1) if e["type"] == "diagnostic"] == ["gesture-without-began"]


def test_an_edge_fling_commits_and_a_pinch_dismisses_a_presentation(server):
    sid = pushed(server)
    g = swipe(server, sid, "edgePan", {"x": 40, "y": 0}, {"x": 900, "y": 0})
    assert (g["decision"], g["reason"]) == ("finish", "velocity")
    finished(server, sid, 3, True)

    for scale, committed in ((0.7, False), (0.45, True)):
        sid = pushed(server, present=True)
        began = gesture(server, sid, "pinch", "began", 1, scale=1)["transition"]
        assert (began["operation"], began["animator"]) == ("dismiss", "fluidZoom")
        gesture(server, sid, "pinch", "changed", 1.1, scale=scale)
        assert close(role(server, sid, 1.1, "zoomContainer")["windowFrame"], path(1 - scale), 1e-6)
        gesture(server, sid, "pinch", "ended", 1.2, scale=scale)
        finished(server, sid, 3, committed)
        presented = server.get(f"/v1/sessions/{sid}/snapshot").json()["controllers"].get("presented")
        assert (presented or {}).get("id") == (None if committed else "detail")


@pytest.mark.parametrize("recognizer, translation, along", [("pan", {"x": 0, "y": 120}, "y"), ("edgePan", {"x": 250, "y": 0}, "x")])
@pytest.mark.parametrize("speed", [-800, -600])
def test_a_fling_against_the_swipe_cancels_past_the_threshold(server, recognizer, translation, along, speed):
    """Past its threshold, a swipe released moving back (up, or left for the edge swipe) faster
    than 700 pt/s cancels, its direction deciding as for a fling with it; slower, the progress
    decides and it commits. The cancel's spring is seeded with the flick's speed toward full
    screen: (speed / the swipe's distance) over the progress left to go back, p."""
    sid = pushed(server)
    distance = H if along == "y" else W
    p = translation[along] / distance
    assert p > (PAN if recognizer == "pan" else EDGE)
    g = swipe(server, sid, recognizer, translation, {"x": 0, "y": 0, along: speed})
    assert (g["decision"], g["reason"]) == (("cancel", "velocity") if -speed > FLING else ("finish", "threshold"))
    if -speed > FLING:
        v0 = -speed / distance / p
        finger = {"x": translation["x"], "y": translation["y"]}
        for dt in (0.01, 0.04):
            q = spring(*CANCEL, v0, dt)
            rect, held = path(p * (1 - q)), path(p)
            # The finger's offset from the clip's place on its way springs to nothing with it.
            ox = (1 - q) * (160 + finger["x"] - (held["x"] + held["width"] / 2))
            oy = (1 - q) * (284 + finger["y"] - (held["y"] + held["height"] / 2))
            assert close(role(server, sid, 1.2 + dt, "zoomContainer")["windowFrame"], dict(rect, x=rect["x"] + ox, y=rect["y"] + oy), 1e-6)
        # Faster back than from rest.
        assert spring(*CANCEL, v0, 0.01) > spring(*CANCEL, 0, 0.01)
    finished(server, sid, 3, -speed <= FLING)


# Caught springing back (docs/semantics.md § Zoom, the "Caught springing back" bullet): a dismissing gesture released short of its
# threshold springs the page back on the cancel's spring; a new gesture or a pop catches it there.

def spring_rate(response, zeta, v0, t):
    """d/dt of `spring`: its progress per second."""
    w = 2 * math.pi / response
    wd = w * math.sqrt(1 - zeta * zeta)
    b = (v0 - zeta * w) / wd
    e = math.exp(-zeta * w * t)
    return e * (-zeta * w * (-math.cos(wd * t) + b * math.sin(wd * t)) + wd * (math.sin(wd * t) + b * math.cos(wd * t)))


def flight(v0, t):
    """The zoom's flight spring (critically damped, response 0.33 s) from 0 to 1 seeded with v0."""
    w = 2 * math.pi / 0.33
    return 1 - math.exp(-w * t) * (1 + (w - v0) * t)


def springing_back(server, recognizer, present=False):
    """`detail` zoomed in, then swiped 40 pt down (20 pt sideways) or pinched to 0.8 from 1 to 1.2
    and released at rest: short of the threshold, it springs back from 1.2. Returns the session
    and p, the progress released."""
    sid = pushed(server, present=present)
    moved = {"scale": 0.8} if recognizer == "pinch" else {"translation": {"x": 20, "y": 40}, "velocity": {"x": 0, "y": 0}}
    gesture(server, sid, recognizer, "began", 1, scale=1)
    gesture(server, sid, recognizer, "changed", 1.1, **moved)
    g = gesture(server, sid, recognizer, "ended", 1.2, **moved)["transition"]["gesture"]
    assert g["decision"] == "cancel"
    return sid, (0.2 if recognizer == "pinch" else 40 / H)


def swipe_offset(p, dt):
    """The released swipe's offset of the clip dt after the release: the finger's offset from the
    clip's place on its way, springing to nothing on the cancel's spring."""
    held = path(p)
    return [(1 - spring(*CANCEL, 0, dt)) * d for d in (160 + 20 - (held["x"] + held["width"] / 2), 284 + 40 - (held["y"] + held["height"] / 2))]


CANCELLED_POP = [("completeTransition", "nav"), ("viewWillDisappear", "things"), ("viewDidDisappear", "things"),
                 ("viewWillAppear", "detail"), ("viewDidAppear", "detail")]
NEW_POP = [("viewWillDisappear", "detail"), ("viewWillAppear", "things"), ("willShow", "nav"), ("animationControllerFor", "nav"),
           ("animateTransition", "nav")]


def test_a_swipe_caught_during_its_spring_back_holds_the_page_and_follows_the_new_finger(server):
    from test_zoom_interruption import assert_same_screen, events_at, screen
    sid, p = springing_back(server, "pan")
    here = p * (1 - spring(*CANCEL, 0, 0.05))
    ox, oy = swipe_offset(p, 0.05)
    rect = path(here)
    caught = dict(rect, x=rect["x"] + ox, y=rect["y"] + oy)
    before = screen(server, sid, 1.25)
    assert close(role(server, sid, 1.25, "zoomContainer")["windowFrame"], caught, 1e-6)
    out = gesture(server, sid, "pan", "began", 1.25)["transition"]
    # The cancel ended at that instant (UIKit's cancelled callbacks), and a new zoom out holds the
    # page where it stood: its progress starts there.
    assert (out["operation"], out["animator"], out["phase"]) == ("pop", "fluidZoom", "interactive")
    assert abs(out["percentComplete"] - here) < 1e-9 and abs(out["gesture"]["progress"] - here) < 1e-9
    assert events_at(server, sid, 1.25) == CANCELLED_POP + NEW_POP + [("updateInteractiveTransition", "nav")]
    assert_same_screen(before, screen(server, sid, 1.25))
    # The finger holds it: nothing moves until it does, not even the swipe's offset.
    assert_same_screen(before, screen(server, sid, 1.3))
    # 60 pt further down: here + 60 / H of the way, the clip's centre 60 pt lower.
    out = gesture(server, sid, "pan", "changed", 1.3, translation={"x": 0, "y": 60})["transition"]
    progress = here + 60 / H
    assert abs(out["gesture"]["progress"] - progress) < 1e-9
    cx, cy = caught["x"] + caught["width"] / 2, caught["y"] + caught["height"] / 2
    assert close(role(server, sid, 1.3, "zoomContainer")["windowFrame"], centred(path(progress), cx, cy + 60), 1e-6)
    assert abs(role(server, sid, 1.3, "dimming")["alpha"] - 0.15 * (1 - progress)) < 1e-9
    # Past the threshold from there: it commits into the cell.
    g = gesture(server, sid, "pan", "ended", 1.35, translation={"x": 0, "y": 60}, velocity={"x": 0, "y": 0})["transition"]["gesture"]
    assert (g["decision"], g["reason"]) == ("finish", "threshold") and progress > PAN
    finished(server, sid, 3, True)


def test_a_pinch_caught_during_its_spring_back_goes_on_from_where_the_page_stood(server):
    from test_zoom_interruption import assert_same_screen, screen
    sid, p = springing_back(server, "pinch")
    here = p * (1 - spring(*CANCEL, 0, 0.05))
    assert close(role(server, sid, 1.25, "zoomContainer")["windowFrame"], path(here), 1e-6)
    before = screen(server, sid, 1.25)
    out = gesture(server, sid, "pinch", "began", 1.25, scale=1)["transition"]
    assert abs(out["gesture"]["progress"] - here) < 1e-9
    assert_same_screen(before, screen(server, sid, 1.25))
    # Pinched to half its scale at the new began: here + 0.5, past the threshold.
    out = gesture(server, sid, "pinch", "changed", 1.3, scale=0.5)["transition"]
    assert abs(out["gesture"]["progress"] - (here + 0.5)) < 1e-9 and abs(out["percentComplete"] - (here + 0.5)) < 1e-9
    assert close(role(server, sid, 1.3, "zoomContainer")["windowFrame"], path(here + 0.5), 1e-6)
    g = gesture(server, sid, "pinch", "ended", 1.35, scale=0.5)["transition"]["gesture"]
    assert g["decision"] == "finish"
    finished(server, sid, 3, True)


def test_a_pop_during_the_spring_back_zooms_out_from_there_with_its_velocity(server):
    from test_zoom_interruption import assert_same_screen, events_at, screen
    sid, p = springing_back(server, "pan")
    before = screen(server, sid, 1.25)
    out = act(server, sid, {"type": "pop", "at": 1.25})["transition"]
    assert (out["operation"], out["animator"], out["phase"]) == ("pop", "fluidZoom", "animating")
    assert events_at(server, sid, 1.25) == CANCELLED_POP + NEW_POP
    assert_same_screen(before, screen(server, sid, 1.25))
    # The page stood at here = p (1 - q) on its way back, moving at here' = -p q' (toward full
    # screen); the pop's spring starts at that speed over the way left: v0 = here' / (1 - here) < 0.
    here = p * (1 - spring(*CANCEL, 0, 0.05))
    v0 = -p * spring_rate(*CANCEL, 0, 0.05) / (1 - here)
    assert v0 < 0
    start = path(here)
    for dt in (0.005, 0.02, 0.1):
        q = flight(v0, dt)
        # Every number from where it stood toward the cell; the swipe's offset springs on apart.
        rect = {k: start[k] + (CELL[k] - start[k]) * q for k in start}
        ox, oy = swipe_offset(p, 0.05 + dt)
        assert close(role(server, sid, 1.25 + dt, "zoomContainer")["windowFrame"], dict(rect, x=rect["x"] + ox, y=rect["y"] + oy), 1e-6), dt
        assert abs(role(server, sid, 1.25 + dt, "dimming")["alpha"] - 0.15 * (1 - here) * (1 - q)) < 1e-9
    # Seeded backward: slower into the cell than from rest.
    assert flight(v0, 0.005) < flight(0, 0.005)
    finished(server, sid, 3, True)


def test_a_swipe_caught_during_the_zoom_in_and_released_short_springs_back_to_full_screen(server):
    """The push completes at the catch, so the zoom out the finger holds runs from full screen,
    held where the page stood: released short, the page springs back to full screen, with no jump
    at the catch, on the way or when the cancel ends (docs/semantics.md § Zoom, Gestures)."""
    from test_zoom_interruption import BAR_LABELS, assert_same_screen, screen
    sid = pushed(server)
    # 0.25 s into the zoom in the clip is `here` of the way from full screen back to the cell.
    here = 1 - flight(0, 0.25)
    assert close(role(server, sid, 0.25, "zoomContainer")["windowFrame"], path(here), 1e-6)
    before = screen(server, sid, 0.25)
    out = gesture(server, sid, "pan", "began", 0.25)["transition"]
    assert (out["operation"], out["phase"]) == ("pop", "interactive")
    assert abs(out["percentComplete"] - here) < 1e-9 and abs(out["gesture"]["progress"] - here) < 1e-9
    # Nothing jumps at the catch, the navigation bar's labels included.
    assert_same_screen(before, screen(server, sid, 0.25))
    drag = {"x": 0, "y": 10}
    gesture(server, sid, "pan", "changed", 0.28, translation=drag)
    released = here + 10 / H
    g = gesture(server, sid, "pan", "ended", 0.3, translation=drag, velocity={"x": 0, "y": 0})["transition"]["gesture"]
    assert (g["decision"], g["reason"]) == ("cancel", "threshold") and released < PAN

    def shown_width(t):
        clip = role(server, sid, t, "zoomContainer")
        return (clip or views(server, sid, t)[("detail", "")])["windowFrame"]["width"]

    # Every 10 ms from the release to well after the spring settled: on the cancel's spring from
    # `released` back to 0, each step no larger than the spring's own step, and full width at the end.
    times = [0.3 + i / 100 for i in range(101)]
    widths = [shown_width(t) for t in times]
    way = W - CELL["width"]
    for (t1, w1), (t2, w2) in zip(zip(times, widths), zip(times[1:], widths[1:])):
        step = way * released * abs(spring(*CANCEL, 0, t2 - 0.3) - spring(*CANCEL, 0, t1 - 0.3))
        assert abs(w2 - w1) <= step + 0.05, (t1, w1, t2, w2)
    assert abs(widths[0] - (W - way * released)) < 1e-6
    assert widths[-1] == W
    finished(server, sid, 1.5, False)
    # The bar went back to the page's item with the page: what it shows just before the cancel ends
    # is what it shows after (the bar at rest), to the spring's last 0.001.
    end = next(e["time"] for e in events_after(server, sid, 0.3) if e["type"] == "completeTransition")
    bar = [{k: v for k, v in screen(server, sid, t).items() if k[0] in BAR_LABELS and v["alpha"] > 0.01 and not v["hidden"]}
           for t in (end - 0.001, end)]
    assert bar[0].keys() == bar[1].keys() and ("navigationTitle", "Detail") in bar[1]
    for key, a in bar[0].items():
        assert close(a["windowFrame"], bar[1][key]["windowFrame"], 0.5) and abs(a["alpha"] - bar[1][key]["alpha"]) < 0.02, (key, a, bar[1][key])
    kinds = [(e["type"], e.get("viewController")) for e in events_after(server, sid, 0.3)]
    assert kinds == [("cancelInteractiveTransition", "nav"), ("completeTransition", "nav"), ("viewWillDisappear", "things"),
                     ("viewDidDisappear", "things"), ("viewWillAppear", "detail"), ("viewDidAppear", "detail")]
