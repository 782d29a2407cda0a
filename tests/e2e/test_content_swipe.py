"""iOS 26's content back swipe over HTTP: a `contentPan` from anywhere in the page pops it as the
edge swipe does, on iOS 26 screens only, not leftward, not too steep, not over a view that
scrolls horizontally (docs/semantics.md § The content back swipe)."""
import pytest

from test_api import assert_problem, create

WIDTH = 402  # the iPhone 17's width (pt)


def scene(screen=None):
    page = {"id": "root", "kind": "view", "children": [
        {"id": "list", "kind": "table", "frame": {"x": 0, "y": 300, "width": WIDTH, "height": 400}, "children": [
            {"id": "row", "kind": "cell", "frame": {"x": 0, "y": 0, "width": WIDTH, "height": 44}}]},
        # A carousel: its cells reach past its width, so it scrolls horizontally.
        {"id": "carousel", "kind": "collection", "frame": {"x": 0, "y": 120, "width": WIDTH, "height": 150}, "children": [
            {"id": "card-0", "kind": "cell", "frame": {"x": 16, "y": 0, "width": 300, "height": 150}},
            {"id": "card-1", "kind": "cell", "frame": {"x": 332, "y": 0, "width": 300, "height": 150}}]},
        # The same kind of view whose one card fits: it does not scroll sideways.
        {"id": "strip", "kind": "collection", "frame": {"x": 0, "y": 700, "width": WIDTH, "height": 100}, "children": [
            {"id": "card", "kind": "cell", "frame": {"x": 16, "y": 0, "width": 300, "height": 100}}]}]}
    return {"screen": screen or {"device": "iPhone 17"},
            "root": {"type": "navigation", "id": "nav", "viewControllers": [
                {"id": "list-page", "title": "List"}, {"id": "detail", "title": "Detail", "view": page}]}}


def sample(phase, t, x, y=0, v=None, view=None, recognizer="contentPan"):
    s = {"type": "gesture", "recognizer": recognizer, "phase": phase, "at": t, "translation": {"x": x, "y": y}}
    if v is not None:
        s["velocity"] = {"x": v, "y": 0}
    if view is not None:
        s["view"] = view
    return s


def swipe(x, began=(0, 0), view=None, recognizer="contentPan"):
    """A drag from `began` (the translation when the recognizer begins) to a finger at rest at `x`."""
    return [sample("began", 1, *began, view=view, recognizer=recognizer),
            sample("changed", 1.05, x, v=0, recognizer=recognizer), sample("changed", 1.1, x, v=0, recognizer=recognizer),
            sample("ended", 1.15, x, v=0, recognizer=recognizer)]


def act(server, sid, body):
    r = server.post(f"/v1/sessions/{sid}/actions", body)
    assert r.status_code == 200, r.text
    return r.json()


def stack_after(server, sid, t=3):
    server.post(f"/v1/sessions/{sid}/clock", {"to": t})
    return [c["id"] for c in server.get(f"/v1/sessions/{sid}").json()["controllers"]["viewControllers"]]


def refusals(server, sid):
    events = server.get(f"/v1/sessions/{sid}/events", params={"type": "diagnostic"}).json()["events"]
    return [e for e in events if e["code"] == "content-swipe-refused"]


def test_a_drag_from_the_middle_of_the_page_pops_it_following_the_finger(server):
    sid = create(server, scene())
    act(server, sid, swipe(260, view="list/row")[:2])
    shot = server.get(f"/v1/sessions/{sid}/snapshot", params={"t": 1.05, "flat": "true"}).json()
    assert shot["transition"]["operation"] == "pop" and shot["transition"]["gesture"]["recognizer"] == "contentPan"
    detail = next(v for v in shot["views"] if v["viewController"] == "detail" and v["path"] == "")
    assert detail["windowFrame"]["x"] == 260  # the page is where the finger is
    t = act(server, sid, swipe(260)[2:])["transition"]
    assert (t["gesture"]["decision"], t["gesture"]["reason"]) == ("finish", "projection")
    assert stack_after(server, sid) == ["list-page"]
    assert refusals(server, sid) == []


def test_the_content_swipe_answers_the_edge_swipes_frames(server):
    """The same samples through either recognizer give the same frames: one handler, one decision."""
    answers = []
    for recognizer in ["contentPan", "edgePan"]:
        sid = create(server, scene())
        act(server, sid, swipe(230, recognizer=recognizer))
        shots = server.get(f"/v1/sessions/{sid}/snapshots", params={"t": "1,1.05,1.15,1.2,1.3,1.6", "flat": "true"}).json()
        answers.append(shots["snapshots"])
    content, edge = answers
    for a, b in zip(content, edge):
        assert a["views"] == b["views"]
        assert a["transition"]["gesture"]["recognizer"] == "contentPan" and b["transition"]["gesture"]["recognizer"] == "edgePan"
        a["transition"]["gesture"]["recognizer"] = "edgePan"
        assert a["transition"] == b["transition"]


@pytest.mark.parametrize("x, pops", [(185, False), (190, True)])
def test_the_release_decides_by_the_edge_swipes_projection(server, x, pops):
    # A still finger on a 402 pt screen: min(187.5 / 402, 0.5) of the width is 187.5 pt.
    sid = create(server, scene())
    t = act(server, sid, swipe(x, view="list"))["transition"]
    assert (t["gesture"]["decision"], t["gesture"]["reason"]) == ("finish" if pops else "cancel", "projection")
    assert stack_after(server, sid) == (["list-page"] if pops else ["list-page", "detail"])


def test_on_ios_18_the_content_swipe_does_not_exist(server):
    sid = create(server, scene({"device": "iPhone 16 Pro"}))
    problem = assert_problem(server.post(f"/v1/sessions/{sid}/actions", swipe(200)[0]), 422, "invalid-request")
    assert problem["pointer"] == "/recognizer" and "iOS 26" in problem["detail"]
    # The edge swipe pops there as before.
    act(server, sid, swipe(300, recognizer="edgePan"))
    assert stack_after(server, sid) == ["list-page"]


@pytest.mark.parametrize("view, refused", [("carousel/card-0", "carousel"), ("carousel", "carousel"),
                                           ("strip/card", None), ("list/row", None), ("", None)])
def test_a_view_that_scrolls_horizontally_under_the_finger_keeps_the_drag(server, view, refused):
    sid = create(server, scene())
    t = act(server, sid, swipe(300, view=view))["transition"]
    found = refusals(server, sid)
    if refused:
        assert t["operation"] is None and len(found) == 1
        assert found[0]["viewController"] == "detail" and f"'{refused}'" in found[0]["message"]
        assert stack_after(server, sid) == ["list-page", "detail"]
    else:
        assert t["gesture"]["decision"] == "finish" and found == []
        assert stack_after(server, sid) == ["list-page"]


def test_a_strip_scrolled_sideways_scrolls_horizontally(server):
    sid = create(server, scene())
    act(server, sid, {"type": "scroll", "viewController": "detail", "view": "strip", "contentOffset": {"x": 8, "y": 0}})
    act(server, sid, swipe(300, view="strip/card"))
    assert len(refusals(server, sid)) == 1 and stack_after(server, sid) == ["list-page", "detail"]


@pytest.mark.parametrize("began, refused", [((-1, 0), True), ((0, 0), False), ((30, 0), False),
                                            ((0, 9), False), ((0, 10), True), ((40, 24), False), ((40, 25), True)])
def test_it_begins_only_on_a_rightward_drag_that_stays_level(server, began, refused):
    # Leftward: gestureRecognizerShouldBegin: wants translation.x >= 0. Steep: the recognizer
    # fails when |y| reaches min(25, 10 + 0.8 |x|).
    sid = create(server, scene())
    act(server, sid, swipe(300, began=began))
    found = refusals(server, sid)
    assert len(found) == (1 if refused else 0)
    assert stack_after(server, sid) == (["list-page", "detail"] if refused else ["list-page"])
    if refused:
        assert ("left" if began[0] < 0 else "rising") in found[0]["message"]


def test_a_refused_swipes_later_samples_move_nothing(server):
    sid = create(server, scene())
    before = server.get(f"/v1/sessions/{sid}/snapshot", params={"t": 1, "flat": "true"}).json()["views"]
    act(server, sid, swipe(300, began=(-40, 0)))
    assert server.get(f"/v1/sessions/{sid}/snapshot", params={"t": 1.1, "flat": "true"}).json()["views"] == before
    events = server.get(f"/v1/sessions/{sid}/events").json()["events"]
    assert [e["code"] for e in events if e["type"] == "diagnostic"] == ["content-swipe-refused"]


def test_bad_content_swipes_are_problems_at_their_member(server):
    sid = create(server, scene())
    problem = assert_problem(server.post(f"/v1/sessions/{sid}/actions", sample("began", 1, 0, view="nowhere")), 422, "invalid-request")
    assert problem["pointer"] == "/view" and "'nowhere'" in problem["detail"]
    problem = assert_problem(server.post(f"/v1/sessions/{sid}/actions", sample("began", 1, 0, view="list", recognizer="edgePan")),
                             422, "invalid-request")
    assert problem["pointer"] == "/view"
    problem = assert_problem(server.post(f"/v1/sessions/{sid}/actions", sample("began", 1, 0, recognizer="swipe")), 422, "invalid-request")
    assert problem["pointer"] == "/recognizer" and "contentPan" in problem["detail"]
    # No interaction declares UIKit's own content swipe.
    declared = scene()
    declared["interactions"] = [{"recognizer": "contentPan"}]
    problem = assert_problem(server.post("/v1/sessions", declared), 422, "invalid-request")
    assert problem["pointer"] == "/interactions/0/recognizer"
    # Nothing to pop on the root page.
    root = create(server, {"screen": {"device": "iPhone 17"}, "root": {"type": "navigation", "id": "nav", "viewControllers": [{"id": "only"}]}})
    assert_problem(server.post(f"/v1/sessions/{root}/actions", sample("began", 1, 0)), 409, "nothing-to-pop")


def test_a_scenario_replays_refused_and_begun_content_swipes(server):
    sid = create(server, scene())
    act(server, sid, swipe(300, view="carousel/card-1"))
    act(server, sid, [dict(s, at=s["at"] + 1) for s in swipe(300, view="list")])
    copy = create(server, {"scenario": server.get(f"/v1/sessions/{sid}/scenario").json()})
    assert server.get(f"/v1/sessions/{copy}/events").content == server.get(f"/v1/sessions/{sid}/events").content
    for t in [2.05, 2.3]:
        params = {"t": t, "flat": "true"}
        assert server.get(f"/v1/sessions/{copy}/snapshot", params=params).content == server.get(f"/v1/sessions/{sid}/snapshot", params=params).content
