"""Containers, routing, misuse and interactive transitions over HTTP, with complete event sequences."""
import pytest

from test_api import DETAIL, SCENE, assert_problem, create, find


def act(server, sid, body, status=200):
    r = server.post(f"/v1/sessions/{sid}/actions", body)
    assert r.status_code == status, r.text
    return r.json()


def events(server, sid, after=0):
    return [(e["type"], e["viewController"]) for e in server.get(f"/v1/sessions/{sid}/events", params={"after": after}).json()["events"]]


def last_seq(server, sid):
    return server.get(f"/v1/sessions/{sid}/events").json()["lastSeq"]


TABS = {"root": {"type": "tabBar", "id": "tabs", "viewControllers": [
    {"type": "navigation", "id": "nav", "title": "A", "viewControllers": [{"id": "a"}]},
    {"id": "b", "title": "B"}]}}


def test_tab_switch_and_nested_navigation(server):
    sid = create(server, TABS)
    seq = last_seq(server, sid)
    out = act(server, sid, {"type": "selectTab", "viewController": "b"})
    assert out["controllers"]["selectedIndex"] == 1
    # The tab's navigation controller forwards the callbacks to its top controller.
    assert events(server, sid, seq) == [("shouldSelect", "tabs"), ("viewWillAppear", "b"), ("viewWillDisappear", "nav"),
                                        ("viewWillDisappear", "a"), ("viewDidDisappear", "nav"), ("viewDidDisappear", "a"),
                                        ("viewDidAppear", "b"), ("didSelect", "tabs")]
    assert_problem(server.post(f"/v1/sessions/{sid}/actions", {"type": "selectTab", "index": 5}), 409, "not-in-container")
    act(server, sid, {"type": "selectTab", "index": 0})
    act(server, sid, {"type": "push", "animated": False, "viewController": {"id": "a2"}})
    state = server.get(f"/v1/sessions/{sid}").json()
    assert [c["id"] for c in state["controllers"]["viewControllers"][0]["viewControllers"]] == ["a", "a2"]


def test_full_screen_present_and_dismiss_with_uikits_default(server):
    sid = create(server, {"root": {"id": "home"}})
    seq = last_seq(server, sid)
    out = act(server, sid, {"type": "present", "viewController": {"id": "sheet"}})
    assert out["transition"]["animator"] == "coverVertical" and out["transition"]["chosenBy"] == "default"
    server.post(f"/v1/sessions/{sid}/clock", {"by": 1})
    shot = server.get(f"/v1/sessions/{sid}/snapshot").json()
    assert find(shot["root"], "home", "") is None and find(shot["root"], "sheet", "")["frame"]["y"] == 0
    assert shot["controllers"]["presented"]["id"] == "sheet"
    assert events(server, sid, seq) == [("animationControllerFor", "sheet"), ("viewWillDisappear", "home"), ("viewWillAppear", "sheet"),
                                        ("animateTransition", "sheet"), ("completeTransition", "sheet"),
                                        ("viewDidDisappear", "home"), ("viewDidAppear", "sheet")]
    seq = last_seq(server, sid)
    act(server, sid, {"type": "dismiss", "at": 1})
    server.post(f"/v1/sessions/{sid}/clock", {"by": 1})
    assert events(server, sid, seq) == [("animationControllerFor", "sheet"), ("viewWillDisappear", "sheet"), ("viewWillAppear", "home"),
                                        ("animateTransition", "sheet"), ("completeTransition", "sheet"),
                                        ("viewDidDisappear", "sheet"), ("viewDidAppear", "home")]
    assert "presented" not in server.get(f"/v1/sessions/{sid}").json()["controllers"]


def test_custom_overlay_keeps_the_presenting_view_and_its_callbacks_quiet(server):
    sid = create(server, {"root": {"id": "home"}})
    seq = last_seq(server, sid)
    act(server, sid, [{"type": "present", "modalPresentationStyle": "custom", "animator": "overlay", "viewController": {"id": "toast"}},
                      {"type": "dismiss", "at": 1, "animator": "overlay"}])
    server.post(f"/v1/sessions/{sid}/clock", {"to": 3})
    got = events(server, sid, seq)
    assert ("viewWillDisappear", "home") not in got and ("viewDidAppear", "home") not in got
    assert [e for e in got if e[0] in ("viewWillAppear", "viewDidAppear", "viewWillDisappear", "viewDidDisappear", "completeTransition")] == [
        ("viewWillAppear", "toast"), ("completeTransition", "toast"), ("viewDidAppear", "toast"),
        ("viewWillDisappear", "toast"), ("completeTransition", "toast"), ("viewDidDisappear", "toast")]
    # 002's dismiss spring outlives the transition by design: the catalogue reports nothing.
    shot = server.get(f"/v1/sessions/{sid}/snapshot").json()
    assert shot["transition"]["diagnostics"] == []


def test_routing_rules_and_per_controller_animators(server):
    scene = dict(SCENE, rules=[{"operation": "push", "from": "things", "to": "detail", "animator": "fade"}])
    sid = create(server, scene)
    out = act(server, sid, {"type": "push", "viewController": DETAIL})
    assert out["transition"]["animator"] == "fade" and out["transition"]["chosenBy"] == "rules[0]"
    sid = create(server)
    out = act(server, sid, {"type": "push", "viewController": dict(DETAIL, pushAnimator="flip", popAnimator="flip")})
    assert out["transition"]["animator"] == "flip" and out["transition"]["chosenBy"] == "pushAnimator of detail"
    out = act(server, sid, {"type": "pop", "at": 1})
    assert out["transition"]["chosenBy"] == "popAnimator of detail"
    sid = create(server, {"root": {"id": "home"}})
    out = act(server, sid, {"type": "present", "viewController": {"id": "prefs", "modalPresentationStyle": "custom",
                                                                  "presentAnimator": "sidePanel", "dismissAnimator": "sidePanel"}})
    assert out["transition"]["animator"] == "sidePanel" and out["transition"]["chosenBy"] == "presentAnimator of prefs"


def test_misuse_is_a_clear_problem(server):
    sid = create(server)
    assert_problem(server.post(f"/v1/sessions/{sid}/actions", {"type": "pop"}), 409, "nothing-to-pop")
    assert_problem(server.post(f"/v1/sessions/{sid}/actions", {"type": "popTo", "viewController": "ghost"}), 409, "not-in-container")
    assert_problem(server.post(f"/v1/sessions/{sid}/actions", {"type": "dismiss"}), 409, "nothing-presented")
    act(server, sid, {"type": "present", "animated": False, "viewController": {"id": "m"}})
    assert_problem(server.post(f"/v1/sessions/{sid}/actions", {"type": "present", "from": "nav", "animated": False,
                                                               "viewController": {"id": "n"}}), 409, "already-presenting")
    assert_problem(server.post(f"/v1/sessions/{sid}/actions", {"type": "update", "percent": 0.5}), 409, "no-interactive-transition")
    assert_problem(server.post(f"/v1/sessions/{sid}/actions", {"type": "push", "at": 0, "viewController": {"id": "m"}}), 409, "wrong-container")


def zoom_session(server):
    sid = create(server)
    detail = dict(DETAIL, popAnimator={"name": "zoom", "sourceView": "image", "targetView": "cell-3/image"})
    act(server, sid, {"type": "push", "viewController": detail,
                      "animator": {"name": "zoom", "sourceView": "cell-3/image", "targetView": "image"}})
    server.post(f"/v1/sessions/{sid}/clock", {"to": 1})
    return sid


@pytest.mark.parametrize("released, finishes", [(0.4, False), (0.6, True)])
def test_edge_pan_zoom_pop_released_at_40_and_60_percent(server, released, finishes):
    sid = zoom_session(server)
    seq = last_seq(server, sid)
    x = released * 320
    # The finger comes to rest before it lets go: UIKit's own swipe projects the samples'
    # velocities, so without them the 50 ms drags would be fast enough to pop from 40 %.
    still = {"x": 0, "y": 0}
    act(server, sid, [
        {"type": "gesture", "recognizer": "edgePan", "phase": "began", "at": 2.0, "translation": {"x": 0, "y": 0}, "velocity": still},
        {"type": "gesture", "recognizer": "edgePan", "phase": "changed", "at": 2.05, "translation": {"x": x, "y": 0}, "velocity": still},
        {"type": "gesture", "recognizer": "edgePan", "phase": "ended", "at": 2.1, "translation": {"x": x, "y": 0}, "velocity": still}])
    during = server.get(f"/v1/sessions/{sid}/snapshot", params={"t": 2.07}).json()
    assert during["transition"]["animator"] == "zoom" and during["transition"]["phase"] == "interactive"
    assert abs(during["transition"]["percentComplete"] - released) < 1e-12
    detail_alpha = find(during["root"], "detail", "")["alpha"]
    assert 0 < detail_alpha < 1
    running_shot = server.get(f"/v1/sessions/{sid}/snapshot", params={"t": 2.15}).json()
    running = running_shot["transition"]
    assert running["phase"] == ("finishing" if finishes else "cancelling")
    # The completion run moves the frames on (the detail view fades out as the pop advances)
    # or back (it fades in again as the cancel runs to 0).
    running_alpha = find(running_shot["root"], "detail", "")["alpha"]
    assert (running_alpha < detail_alpha) if finishes else (running_alpha > detail_alpha)
    assert (running["percentComplete"] > released) if finishes else (running["percentComplete"] < released)
    assert running["gesture"]["decision"] == ("finish" if finishes else "cancel") and running["gesture"]["reason"] == "projection"
    server.post(f"/v1/sessions/{sid}/clock", {"to": 3})
    state = server.get(f"/v1/sessions/{sid}").json()
    assert [c["id"] for c in state["controllers"]["viewControllers"]] == (["things"] if finishes else ["things", "detail"])
    got = [e for e in events(server, sid, seq) if not e[0].endswith("InteractiveTransition")]
    common = [("viewWillDisappear", "detail"), ("viewWillAppear", "things"), ("willShow", "nav"), ("animationControllerFor", "nav"),
              ("interactionControllerFor", "nav"), ("animateTransition", "nav"), ("completeTransition", "nav")]
    if finishes:
        assert got == common + [("viewDidDisappear", "detail"), ("viewDidAppear", "things"), ("didShow", "nav")]
    else:
        assert got == common + [("viewWillDisappear", "things"), ("viewDidDisappear", "things"),
                                ("viewWillAppear", "detail"), ("viewDidAppear", "detail")]
    shot = server.get(f"/v1/sessions/{sid}/snapshot").json()
    assert shot["transition"]["diagnostics"] == []


def test_seed_003_formula_and_a_fling_that_finishes_below_half(server):
    sid = create(server, dict(SCENE, interactions=[{"recognizer": "pan", "input": "location", "distance": 300, "clamp": [0, 0.99]}]))
    act(server, sid, {"type": "push", "viewController": DETAIL})
    server.post(f"/v1/sessions/{sid}/clock", {"to": 1})
    out = act(server, sid, [{"type": "gesture", "recognizer": "pan", "phase": "began", "at": 2, "location": {"x": 0, "y": 100}},
                            {"type": "gesture", "recognizer": "pan", "phase": "changed", "at": 2.1, "location": {"x": 400, "y": 100}}])
    assert out["transition"]["gesture"]["progress"] == 0.99
    sid = create(server, dict(SCENE, interactions=[{"recognizer": "edgePan", "velocity": {"rule": "fling"}}]))
    act(server, sid, {"type": "push", "viewController": DETAIL})
    server.post(f"/v1/sessions/{sid}/clock", {"to": 1})
    out = act(server, sid, [{"type": "gesture", "recognizer": "edgePan", "phase": "began", "at": 2, "translation": {"x": 0, "y": 0}},
                            {"type": "gesture", "recognizer": "edgePan", "phase": "changed", "at": 2.05, "translation": {"x": 80, "y": 0}},
                            {"type": "gesture", "recognizer": "edgePan", "phase": "ended", "at": 2.1, "translation": {"x": 90, "y": 0},
                             "velocity": {"x": 900, "y": 0}}])
    assert out["transition"]["gesture"]["decision"] == "finish" and out["transition"]["gesture"]["reason"] == "velocity"


def test_pinch_dismiss_and_interactive_tab_switch(server):
    sid = create(server, {"root": {"id": "home"}})
    act(server, sid, {"type": "present", "animated": False, "modalPresentationStyle": "overFullScreen",
                      "viewController": {"id": "photo", "interactions": [{"recognizer": "pinch", "operation": "dismiss", "animator": "fade"}]}})
    act(server, sid, [{"type": "gesture", "recognizer": "pinch", "phase": "began", "at": 1, "scale": 1},
                      {"type": "gesture", "recognizer": "pinch", "phase": "changed", "at": 1.1, "scale": 0.3},
                      {"type": "gesture", "recognizer": "pinch", "phase": "ended", "at": 1.2, "scale": 0.3}])
    server.post(f"/v1/sessions/{sid}/clock", {"to": 3})
    assert "presented" not in server.get(f"/v1/sessions/{sid}").json()["controllers"]

    sid = create(server, dict(TABS, rules=[{"operation": "selectTab", "animator": "crossDissolve"}]))
    act(server, sid, [{"type": "selectTab", "index": 1, "interactive": True}, {"type": "update", "percent": 0.5, "at": 0.1}])
    mid = server.get(f"/v1/sessions/{sid}/snapshot", params={"t": 0.2}).json()
    assert mid["transition"]["phase"] == "interactive" and abs(mid["transition"]["percentComplete"] - 0.5) < 1e-12
    act(server, sid, {"type": "finish", "at": 0.3})
    server.post(f"/v1/sessions/{sid}/clock", {"to": 2})
    state = server.get(f"/v1/sessions/{sid}").json()
    assert state["controllers"]["selectedIndex"] == 1 and state["transition"]["phase"] == "completed"


def test_wall_clock_and_idle_expiry(make_server):
    import time
    s = make_server("--session-ttl", "1")
    sid = create(s, dict(SCENE, clock="wall"))
    time.sleep(0.3)
    assert s.get(f"/v1/sessions/{sid}").json()["time"] >= 0.25
    idle = create(s)
    time.sleep(1.3)
    assert_problem(s.get(f"/v1/sessions/{idle}"), 404, "not-found")


def test_gestures_start_push_present_and_tab_switch(server):
    """docs/semantics.md § Gestures that start a transition: the declaration decides the operation."""
    detail = {"id": "gdetail", "title": "Detail"}
    sid = create(server, {"root": {"type": "tabBar", "id": "tabs", "viewControllers": [
        {"type": "navigation", "id": "nav", "viewControllers": [{"id": "a", "interactions": [
            {"recognizer": "edgePan", "edge": "right", "operation": "push", "viewController": detail},
            {"recognizer": "edgePan", "edge": "bottom", "operation": "present", "viewController": {"id": "modal"}}]}]},
        {"id": "b"}]},
        "interactions": [{"recognizer": "pan", "operation": "selectTab", "tab": "next", "animator": "crossDissolve"}]})
    seq = last_seq(server, sid)
    # An edge pan from the right pushes: 80 pt to the left of 320 is 25 %, released past half it finishes.
    out = act(server, sid, [
        {"type": "gesture", "recognizer": "edgePan", "edge": "right", "phase": "began", "translation": {"x": 0, "y": 0}},
        {"type": "gesture", "recognizer": "edgePan", "edge": "right", "phase": "changed", "at": 0.1, "translation": {"x": -80, "y": 0}}])
    assert out["transition"]["operation"] == "push" and out["transition"]["to"] == "gdetail"
    assert out["transition"]["phase"] == "interactive" and out["transition"]["percentComplete"] == 0.25
    assert events(server, sid, seq)[:6] == [("viewWillDisappear", "a"), ("viewWillAppear", "gdetail"), ("willShow", "nav"),
                                            ("animationControllerFor", "nav"), ("animateTransition", "nav"),
                                            ("updateInteractiveTransition", "nav")]
    out = act(server, sid, {"type": "gesture", "recognizer": "edgePan", "edge": "right", "phase": "ended", "at": 0.2,
                            "translation": {"x": -200, "y": 0}})
    assert out["transition"]["gesture"]["decision"] == "finish"
    server.post(f"/v1/sessions/{sid}/clock", {"to": 2})
    state = server.get(f"/v1/sessions/{sid}").json()
    assert [c["id"] for c in state["controllers"]["viewControllers"][0]["viewControllers"]] == ["a", "gdetail"]
    # `gdetail` declares nothing, so the session's pan switches to the next tab.
    act(server, sid, [{"type": "gesture", "recognizer": "pan", "phase": "began", "at": 2, "translation": {"x": 0, "y": 0}},
                      {"type": "gesture", "recognizer": "pan", "phase": "ended", "at": 2.1, "translation": {"x": 300, "y": 0}}])
    server.post(f"/v1/sessions/{sid}/clock", {"to": 4})
    assert server.get(f"/v1/sessions/{sid}").json()["controllers"]["selectedIndex"] == 1
    # From the last tab there is no next one: a 409 that names the declaration.
    r = server.post(f"/v1/sessions/{sid}/actions", {"type": "gesture", "recognizer": "pan", "phase": "began",
                                                    "translation": {"x": 0, "y": 0}})
    problem = assert_problem(r, 409, "nothing-to-select")
    assert problem["interaction"] == "/interactions/0" and "/interactions/0" in problem["detail"]
    # An unknown operation or a push without its controller is refused when the session is made.
    bad = server.post("/v1/sessions", {"root": {"id": "x", "interactions": [{"recognizer": "pan", "operation": "push"}]}})
    assert assert_problem(bad, 422, "invalid-request")["pointer"] == "/root/interactions/0/viewController"
