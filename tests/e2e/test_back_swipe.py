"""UIKit's own back swipe through HTTP gesture samples: the release projects the last samples'
motion against min(187.5 / width, 0.5) and settles no slower than the finger
(docs/semantics.md § UIKit's back swipe)."""
import pytest


def session(server, width):
    scene = {"screen": {"width": width, "height": 1000, "scale": 2},
             "root": {"type": "navigation", "id": "nav", "viewControllers": [{"id": "one"}, {"id": "two"}]}}
    r = server.post("/v1/sessions", scene)
    assert r.status_code == 201, r.text
    return r.json()["id"]


def swipe(server, sid, samples):
    body = []
    for phase, t, x, v in samples:
        sample = {"type": "gesture", "recognizer": "edgePan", "phase": phase, "at": t, "translation": {"x": x, "y": 0}}
        if v is not None:
            sample["velocity"] = {"x": v, "y": 0}
        body.append(sample)
    r = server.post(f"/v1/sessions/{sid}/actions", body)
    assert r.status_code == 200, r.text
    return r.json()["transition"]


def stack_after(server, sid, t):
    server.post(f"/v1/sessions/{sid}/clock", {"to": t})
    return [c["id"] for c in server.get(f"/v1/sessions/{sid}").json()["controllers"]["viewControllers"]]


def moving(x, v):
    """A finger at `x` points moving at `v` pt/s, sampled every 40 ms up to its release."""
    return [("began", 1, x - 3 * 0.04 * v, v), ("changed", 1.04, x - 2 * 0.04 * v, v),
            ("changed", 1.08, x - 0.04 * v, v), ("ended", 1.12, x, v)]


@pytest.mark.parametrize("width, pops", [(820, True), (320, False)])
def test_thirty_percent_with_the_finger_moving_pops_on_an_ipad_only(server, width, pops):
    sid = session(server, width)
    t = swipe(server, sid, moving(0.3 * width, 60))
    assert t["gesture"]["decision"] == ("finish" if pops else "cancel") and t["gesture"]["reason"] == "projection"
    assert stack_after(server, sid, 3) == (["one"] if pops else ["one", "two"])


@pytest.mark.parametrize("width, x, pops", [(320, 156, False), (320, 164, True), (820, 185, False), (820, 190, True)])
def test_a_still_finger_commits_beyond_min_of_187_5_points_and_half_the_width(server, width, x, pops):
    sid = session(server, width)
    t = swipe(server, sid, [("began", 1, 0, 0), ("changed", 1.05, x, 0), ("changed", 1.1, x, 0), ("ended", 1.15, x, 0)])
    assert t["gesture"]["decision"] == ("finish" if pops else "cancel")
    # Let go at rest, the settle takes 350 ms either way.
    server.post(f"/v1/sessions/{sid}/clock", {"to": 3})
    events = server.get(f"/v1/sessions/{sid}/events").json()["events"]
    complete = [e for e in events if e["type"] == "completeTransition"][-1]
    assert abs(complete["time"] - 1.5) < 1e-9


def test_fewer_than_three_samples_pop_when_the_finger_moves_toward_the_pop(server):
    sid = session(server, 320)
    # The ended sample 3 ms after a changed in the same place is dropped: two samples.
    t = swipe(server, sid, [("began", 1, 0, 500), ("changed", 1.005, 40, 500), ("ended", 1.008, 40, 500)])
    assert (t["gesture"]["decision"], t["gesture"]["reason"]) == ("finish", "velocity")
    sid = session(server, 320)
    t = swipe(server, sid, [("began", 1, 300, -500), ("changed", 1.005, 288, -500), ("ended", 1.008, 288, -500)])
    assert (t["gesture"]["decision"], t["gesture"]["reason"]) == ("cancel", "velocity")


def test_the_samples_times_give_the_velocity_and_a_fast_release_settles_sooner(server):
    sid = session(server, 320)
    # No velocity members: 20 pt every 20 ms is 1000 pt/s; the timeline stands at the last
    # changed, 76 pt, and 244 pt are left at 1000 pt/s: 244 ms instead of 350.
    t = swipe(server, sid, [("began", 1, 36, None), ("changed", 1.02, 56, None), ("changed", 1.04, 76, None), ("ended", 1.06, 96, None)])
    assert (t["gesture"]["decision"], t["gesture"]["reason"]) == ("finish", "projection")
    assert abs(t["gesture"]["progress"] - 76 / 320) < 1e-12
    server.post(f"/v1/sessions/{sid}/clock", {"to": 3})
    events = server.get(f"/v1/sessions/{sid}/events").json()["events"]
    complete = [e for e in events if e["type"] == "completeTransition"][-1]
    assert abs(complete["time"] - (1.06 + 0.244)) < 1e-9
    assert stack_after(server, sid, 3) == ["one"]


def test_a_declared_edge_pan_keeps_half_the_width(server):
    scene = {"screen": {"width": 820, "height": 1000, "scale": 2}, "interactions": [{"recognizer": "edgePan"}],
             "root": {"type": "navigation", "id": "nav", "viewControllers": [{"id": "one"}, {"id": "two"}]}}
    sid = server.post("/v1/sessions", scene).json()["id"]
    t = swipe(server, sid, moving(0.3 * 820, 60))
    assert (t["gesture"]["decision"], t["gesture"]["reason"]) == ("cancel", "threshold")


def test_a_push_during_the_settle_waits_for_the_swipe_to_end(server):
    sid = session(server, 320)
    swipe(server, sid, [("began", 1, 0, 0), ("changed", 1.05, 200, 0), ("ended", 1.1, 200, 0)])
    r = server.post(f"/v1/sessions/{sid}/actions", {"type": "push", "at": 1.2, "viewController": {"id": "three"}})
    assert r.status_code == 200, r.text
    assert r.json()["transition"]["operation"] == "pop" and r.json()["transition"]["phase"] == "finishing"
    shot = server.get(f"/v1/sessions/{sid}/snapshot", params={"t": 1.6}).json()
    assert shot["transition"]["operation"] == "push" and abs(shot["transition"]["begin"] - 1.45) < 1e-9
    assert stack_after(server, sid, 3) == ["one", "three"]
    # A second push while one waits is still a conflict.
    sid = session(server, 320)
    swipe(server, sid, [("began", 1, 0, 0), ("changed", 1.05, 200, 0), ("ended", 1.1, 200, 0)])
    assert server.post(f"/v1/sessions/{sid}/actions", {"type": "push", "at": 1.2, "viewController": {"id": "three"}}).status_code == 200
    r = server.post(f"/v1/sessions/{sid}/actions", {"type": "push", "at": 1.25, "viewController": {"id": "four"}})
    assert r.status_code == 409 and r.json()["type"].endswith("transition-in-progress")
