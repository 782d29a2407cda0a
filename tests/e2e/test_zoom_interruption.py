"""Issue 29, item 6: the fluid zoom interrupted by the opposite operation of its controller
(docs/semantics.md § Zoom): the running transition completes at once and the next starts in the
same instant from what the screen showed, so the frames just before and just after are the same."""
import math

import pytest

from test_api import assert_problem, create
from test_zoom import CELL, SCENE, SCREEN, act, close, role, zooming

PRESENT = {"type": "present", "modalPresentationStyle": "fullScreen"}
BAR_LABELS = ("navigationTitle", "backButton", "largeTitle")


def screen(server, sid, t):
    """Every view of the frame at `t` by what it shows: the bar's labels by role and text (their
    ids follow the shown and the coming item, and change hands when one change completes), the
    others by controller and path."""
    flat = server.get(f"/v1/sessions/{sid}/snapshot", params={"t": t, "flat": "true"}).json()["views"]
    return {(v["role"], v.get("text")) if v.get("role") in BAR_LABELS else (v.get("viewController"), v["path"]): v for v in flat}


def assert_same_screen(before, after):
    assert before.keys() == after.keys()
    for key, a in before.items():
        b = after[key]
        assert close(a["windowFrame"], b["windowFrame"], 1e-9), (key, a["windowFrame"], b["windowFrame"])
        assert abs(a["alpha"] - b["alpha"]) < 1e-9 and a["hidden"] == b["hidden"], (key, a, b)
        assert all(abs(a["transform"][k] - b["transform"][k]) < 1e-9 for k in a["transform"]), (key, a["transform"], b["transform"])


def events_at(server, sid, t):
    return [(e["type"], e.get("viewController")) for e in server.get(f"/v1/sessions/{sid}/events").json()["events"] if e["time"] == t]


def seeded_settling(tau):
    """Seconds until the flight's spring (critically damped, response 0.33 s) settles within 0.001
    when it starts toward where the interrupted flight began, tau seconds into that flight: seeded
    with v0 = -p'/p, p = 1 - e^(-w tau)(1 + w tau), p' = w^2 tau e^(-w tau) (docs/semantics.md § Zoom)."""
    w = 2 * math.pi / 0.33
    p, rate = 1 - math.exp(-w * tau) * (1 + w * tau), w * w * tau * math.exp(-w * tau)
    b = -rate / p - w  # d(t) = e^(-w t)(-1 + b t), the distance left

    def unsettled(t):
        e = math.exp(-w * t)
        return abs(e * (-1 + b * t)) >= 1e-3 or abs(e * (b + w - w * b * t)) / w >= 1e-3

    return max(k * 1e-5 for k in range(300000) if unsettled(k * 1e-5))


def zoom_out(server, sid, present, at=1):
    """Zooms `detail` in at 0 (pushed, or presented full screen) and starts its zoom out at `at`."""
    act(server, sid, dict(PRESENT, viewController=zooming(), at=0) if present else {"type": "push", "viewController": zooming(), "at": 0})
    act(server, sid, {"type": "dismiss" if present else "pop", "at": at})


@pytest.mark.parametrize("present", [False, True])
def test_the_same_controller_during_its_zoom_out_zooms_back_in_from_where_it_is(server, present):
    sid = create(server, SCENE)
    zoom_out(server, sid, present)
    before = screen(server, sid, 1.1)
    clip = role(server, sid, 1.1, "zoomContainer")["windowFrame"]
    # On its way into the cell.
    assert CELL["width"] < clip["width"] < SCREEN["width"]
    # Presented again from the controller the dismissal returns to, which it still presents.
    again = dict(PRESENT, viewController=zooming(), at=1.1, **{"from": "nav"}) if present else {"type": "push", "viewController": zooming(), "at": 1.1}
    transition = act(server, sid, again)["transition"]
    assert (transition["operation"], transition["animator"], transition["begin"]) == ("present" if present else "push", "fluidZoom", 1.1)
    # The same frame just before and just after: clip, page, veil, cell and bar where they were.
    assert_same_screen(before, screen(server, sid, 1.1))
    # The zoom out completed first, with its callbacks, then the zoom in started.
    if present:
        assert events_at(server, sid, 1.1) == [
            ("completeTransition", "detail"), ("viewDidDisappear", "detail"), ("viewDidAppear", "nav"), ("viewDidAppear", "things"),
            ("animationControllerFor", "detail"), ("viewWillDisappear", "nav"), ("viewWillDisappear", "things"),
            ("viewWillAppear", "detail"), ("animateTransition", "detail")]
    else:
        assert events_at(server, sid, 1.1) == [
            ("completeTransition", "nav"), ("viewDidDisappear", "detail"), ("viewDidAppear", "things"), ("didShow", "nav"),
            ("viewWillDisappear", "things"), ("viewWillAppear", "detail"), ("willShow", "nav"),
            ("animationControllerFor", "nav"), ("animateTransition", "nav")]
    # A moment later it has gone on shrinking a little (it keeps the zoom out's velocity), then it
    # grows toward the screen and comes to rest filling it.
    later = role(server, sid, 1.101, "zoomContainer")["windowFrame"]
    assert close(later, clip, 3) and later["width"] < clip["width"]
    assert role(server, sid, 1.3, "zoomContainer")["windowFrame"]["width"] > clip["width"]
    end = screen(server, sid, 2)
    assert end[("detail", "")]["windowFrame"] == SCREEN and role(server, sid, 2, "zoomContainer") is None
    # It completes when its spring, seeded with v0 = -p'/p (p, p' the zoom out's progress and rate
    # 0.1 s in), settles, and zooms out again.
    act(server, sid, {"type": "dismiss" if present else "pop", "at": 2})
    done = [e for e in server.get(f"/v1/sessions/{sid}/events").json()["events"] if 1.1 < e["time"] < 2]
    assert done and all(abs(e["time"] - 1.1 - seeded_settling(0.1)) < 1e-3 for e in done)
    assert [(e["type"], e.get("viewController")) for e in done][:3] == [
        ("completeTransition", "detail" if present else "nav"), ("viewDidDisappear", "nav" if present else "things"),
        ("viewDidDisappear", "things") if present else ("viewDidAppear", "detail")]


def test_the_bar_goes_on_from_where_the_interrupted_change_left_it(server):
    """A pop during the zoom in: the push's bar change completes and the pop's starts at its
    progress, so no title or back button moves or fades at the instant."""
    sid = create(server, SCENE)
    act(server, sid, {"type": "push", "viewController": zooming(), "at": 0})
    before = screen(server, sid, 0.1)
    assert 0 < before[("navigationTitle", "Things")]["alpha"] < 1 and before[("navigationTitle", "Detail")]["alpha"] < 1
    act(server, sid, {"type": "pop", "at": 0.1})
    assert_same_screen(before, screen(server, sid, 0.1))
    end = screen(server, sid, 1)
    assert [k for k in end if k[0] in BAR_LABELS] == [("navigationTitle", "Things")] and end[("navigationTitle", "Things")]["alpha"] == 1


def test_interrupted_again_and_again_nothing_jumps(server):
    """Push, a pop 0.1 s in, a push 0.1 s later, a pop again: each change starts where the one
    it interrupts stood, the large-title bar's too (its later changes start part way)."""
    scene = dict(SCENE, root=dict(SCENE["root"], prefersLargeTitles=True))
    sid = create(server, scene)
    act(server, sid, {"type": "push", "viewController": zooming(), "at": 0})
    for at, body in ((0.1, {"type": "pop"}), (0.2, {"type": "push", "viewController": zooming()}), (0.25, {"type": "pop"})):
        before = screen(server, sid, at)
        assert act(server, sid, dict(body, at=at))["transition"]["animator"] == "fluidZoom"
        assert_same_screen(before, screen(server, sid, at))
    # The last pop lands in the cell, the bar at rest on the root's large title. Under a large-title
    # bar the grid's content starts below the whole bar (its adjusted content inset, the top inset
    # 20 + 96: docs/semantics.md § Large titles), so the cell is 116 pt lower than in SCENE.
    assert close(role(server, sid, 0.73, "zoomContainer")["windowFrame"], dict(CELL, y=CELL["y"] + 20 + 96), 0.5)
    end = screen(server, sid, 1)
    assert ("detail", "") not in end and end[("largeTitle", "Things")]["alpha"] == 1


@pytest.mark.parametrize("body", [
    {"type": "push", "viewController": {"id": "other"}},
    {"type": "push", "viewController": {"id": "detail"}},
    {"type": "push", "animator": "slide", "viewController": zooming()},
    {"type": "push", "animated": False, "viewController": zooming()},
])
def test_any_other_push_during_the_zoom_out_is_still_a_409(server, body):
    sid = create(server, SCENE)
    zoom_out(server, sid, present=False)
    problem = assert_problem(server.post(f"/v1/sessions/{sid}/actions", dict(body, at=1.1)), 409, "transition-in-progress")
    assert problem["transition"] == "t2"
    # The zoom out goes on, untouched.
    assert close(role(server, sid, 1.48, "zoomContainer")["windowFrame"], CELL, 0.5)


def test_another_presentation_during_the_zoom_out_dismissal_is_still_a_409(server):
    sid = create(server, SCENE)
    zoom_out(server, sid, present=True)
    for spec in ({"id": "other"}, {"id": "detail"}):
        assert_problem(server.post(f"/v1/sessions/{sid}/actions", dict(PRESENT, viewController=spec, at=1.1)), 409, "transition-in-progress")
    # Through the controller it returns to, which still presents the one leaving.
    assert_problem(server.post(f"/v1/sessions/{sid}/actions", dict(PRESENT, viewController={"id": "other"}, **{"from": "nav"}, at=1.1)),
                   409, "already-presenting")


def motion(server, sid, t):
    """The clip's window frame (its transform, the finger's offset, included) and the veil's alpha at `t`."""
    f = role(server, sid, t, "zoomContainer")["windowFrame"]
    return [f["x"], f["y"], f["width"], f["height"], role(server, sid, t, "dimming")["alpha"]]


def assert_same_rates(server, alone, sid, t, h=1e-4):
    """The numbers of `motion` change at the same rate just before `t` (a central difference on
    `alone`, the session left uninterrupted) and just after (a second-order one-sided difference on
    `sid`, interrupted at `t`). With h = 0.1 ms the differences err by about h² · x''' (x''' below
    ω³ · 300 pt ≈ 2·10⁶ pt/s³ for the release springs): 0.02 pt/s."""
    a, b = motion(server, alone, t - h), motion(server, alone, t + h)
    x0, x1, x2 = motion(server, sid, t), motion(server, sid, t + h), motion(server, sid, t + 2 * h)
    before = [(q - p) / (2 * h) for p, q in zip(a, b)]
    after = [(-3 * p + 4 * q - r) / (2 * h) for p, q, r in zip(x0, x1, x2)]
    for k, tolerance in enumerate((0.1, 0.1, 0.1, 0.1, 1e-5)):
        assert abs(before[k] - after[k]) < tolerance, (k, before, after)
    # Something moved: a rate the seed had to carry.
    assert max(abs(v) for v in before[:4]) > 50


def released_zoom_out(server, recognizer):
    """`detail` pushed at 0; at 1 a swipe down (120 pt, released at 1.2 moving down at 300 pt/s) or
    a pinch (to scale 0.4) zooms it out: committed past the threshold, settling on its spring."""
    sid = create(server, SCENE)
    act(server, sid, {"type": "push", "viewController": zooming(), "at": 0})
    if recognizer == "pinch":
        samples = [{"phase": "began", "scale": 1, "at": 1}, {"phase": "changed", "scale": 0.4, "at": 1.1},
                   {"phase": "ended", "scale": 0.4, "at": 1.2}]
    else:
        samples = [{"phase": "began", "at": 1}, {"phase": "changed", "translation": {"x": 30, "y": 120}, "at": 1.1},
                   {"phase": "ended", "translation": {"x": 30, "y": 120}, "velocity": {"x": 0, "y": 300}, "at": 1.2}]
    for s in samples:
        out = act(server, sid, dict(type="gesture", recognizer=recognizer, **s))
    assert out["transition"]["gesture"]["decision"] == "finish" and out["transition"]["phase"] == "finishing"
    return sid


@pytest.mark.parametrize("recognizer", ["pan", "pinch"])
def test_a_push_while_a_released_gesture_settles_zooms_back_in_without_a_jump(server, recognizer):
    """A swipe down or a pinch committed the zoom out, which settles on the release spring (the
    swipe's clip springing back from the finger's offset, its `transform`); a push of `detail` then
    zooms it back in: the same frame just before and just after, the clip's transform included,
    and the same rates (the release spring's velocity carried over, the offset going on springing)."""
    sid, alone = released_zoom_out(server, recognizer), released_zoom_out(server, recognizer)
    at = 1.25
    before = screen(server, sid, at)
    clip = role(server, sid, at, "zoomContainer")
    if recognizer == "pan":
        assert clip["transform"]["tx"] != 0 and clip["transform"]["ty"] != 0
    transition = act(server, sid, {"type": "push", "viewController": zooming(), "at": at})["transition"]
    assert (transition["operation"], transition["animator"], transition["begin"]) == ("push", "fluidZoom", at)
    assert_same_screen(before, screen(server, sid, at))
    assert_same_rates(server, alone, sid, at)
    assert events_at(server, sid, at)[:2] == [("completeTransition", "nav"), ("viewDidDisappear", "detail")]
    # It comes to rest full screen, the offset gone.
    server.post(f"/v1/sessions/{sid}/clock", {"to": 3})
    end = screen(server, sid, 3)
    assert end[("detail", "")]["windowFrame"] == SCREEN and role(server, sid, 3, "zoomContainer") is None
    assert server.get(f"/v1/sessions/{sid}/snapshot").json()["transition"]["diagnostics"] == []


@pytest.mark.parametrize("recognizer", ["pan", "pinch"])
def test_a_gesture_during_a_zoom_in_started_by_an_interruption_takes_it_from_where_it_is(server, recognizer):
    """Push at 0, pop at 0.1, push at 0.2 (a zoom in begun by an interruption); a dismissing gesture's
    `began` at 0.3 completes that zoom in and starts its zoom out where the page is."""
    sid = create(server, SCENE)
    act(server, sid, {"type": "push", "viewController": zooming(), "at": 0})
    act(server, sid, [{"type": "pop", "at": 0.1}, {"type": "push", "viewController": zooming(), "at": 0.2}])
    before = screen(server, sid, 0.3)
    began = act(server, sid, dict(type="gesture", recognizer=recognizer, phase="began", at=0.3, **({"scale": 1} if recognizer == "pinch" else {})))
    assert (began["transition"]["operation"], began["transition"]["phase"]) == ("pop", "interactive")
    assert_same_screen(before, screen(server, sid, 0.3))
    # Held under the finger until it moves.
    assert_same_screen(before, screen(server, sid, 0.4))
