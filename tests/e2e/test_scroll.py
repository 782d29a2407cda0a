"""Issue 29, item 5: the `scroll` action sets a scroll view's content offset, its bounds' origin,
so every view inside it moves on screen by minus the offset (docs/semantics.md § Scrolling)."""
from conftest import DETAIL, THINGS_SCENE
from test_api import assert_problem, create


def views(server, sid, t):
    flat = server.get(f"/v1/sessions/{sid}/snapshot", params={"t": t, "flat": "true"}).json()["views"]
    return {(v.get("viewController"), v["path"]): v for v in flat}


def test_a_scroll_moves_the_grid_and_the_cell_comes_back_scrolled_after_a_pop(server):
    sid = create(server, THINGS_SCENE)
    before = views(server, sid, 0)
    cell = before[("things", "cell-3")]["windowFrame"]
    scroll = {"type": "scroll", "view": "", "contentOffset": {"x": 0, "y": 40}, "animated": False}
    assert server.post(f"/v1/sessions/{sid}/actions", scroll).status_code == 200
    after = views(server, sid, 0)
    for path in ("cell-3", "cell-3/image", "cell-3/label"):
        old, new = before[("things", path)]["windowFrame"], after[("things", path)]["windowFrame"]
        assert (new["x"], new["y"]) == (old["x"], old["y"] - 40) and new["width"] == old["width"], path
    root = after[("things", "")]
    assert root["bounds"]["y"] == 40 and root["windowFrame"] == before[("things", "")]["windowFrame"]

    # Under a pushed page the grid scrolls on (an app keeping the cell it shows in view).
    server.post(f"/v1/sessions/{sid}/actions", {"type": "push", "viewController": DETAIL, "at": 1})
    scroll = {"type": "scroll", "viewController": "things", "view": "", "contentOffset": {"x": 0, "y": 100}, "at": 2}
    assert server.post(f"/v1/sessions/{sid}/actions", scroll).status_code == 200
    server.post(f"/v1/sessions/{sid}/actions", {"type": "pop", "at": 3})
    back = views(server, sid, 4)[("things", "cell-3")]["windowFrame"]
    assert (back["x"], back["y"]) == (cell["x"], cell["y"] - 100)

    # A scenario replays its scrolls.
    copy = server.post("/v1/sessions", {"scenario": server.get(f"/v1/sessions/{sid}/scenario").json()}).json()["id"]
    for t in (0, 2.5, 4):
        assert views(server, copy, t) == views(server, sid, t)


def test_what_does_not_scroll_is_refused_at_its_member(server):
    sid = create(server, THINGS_SCENE)
    act = f"/v1/sessions/{sid}/actions"
    for body, pointer in [({"view": "cell-3/label", "contentOffset": {"x": 0, "y": 1}}, "/view"),
                          ({"view": "cell-9", "contentOffset": {"x": 0, "y": 1}}, "/view"),
                          ({"view": "", "contentOffset": {"x": 0, "y": 1}, "animated": True}, "/animated"),
                          ({"view": "", "contentOffset": {"x": "zero", "y": 1}}, "/contentOffset/x"),
                          ({"view": ""}, "/contentOffset")]:
        problem = assert_problem(server.post(act, {"type": "scroll", **body}), 422, "invalid-request")
        assert problem["pointer"] == pointer, (body, problem)
    assert "label" in server.post(act, {"type": "scroll", "view": "cell-3/label", "contentOffset": {"x": 0, "y": 1}}).json()["detail"]
    problem = assert_problem(server.post(act, {"type": "scroll", "viewController": "nobody", "view": "", "contentOffset": {"x": 0, "y": 1}}),
                             409, "unknown-controller")
    assert problem["pointer"] == "/viewController"
    # Nothing was scrolled.
    assert views(server, sid, 0)[("things", "")]["bounds"]["y"] == 0


def test_a_scroll_while_a_transition_resizes_the_scroll_view_shows_at_once(server):
    """The pushed table's frame animates linearly from (60, 100, 200 x 300) to the screen over 1 s; a
    scroll at 0.5 s shows from that instant (UIKit's additive animations: the frame animation moves
    no bounds origin). The old offset showed until the transition ended."""
    sid = create(server, {"root": {"type": "navigation", "id": "nav", "viewControllers": [{"id": "list"}]}})
    push = {"type": "push", "viewController": {"id": "detail", "view": {"id": "root", "kind": "table", "children": [
        {"id": "row", "kind": "cell", "frame": {"x": 0, "y": 0, "width": 320, "height": 44}}]}},
        "animator": {"spec": {"duration": 1, "setup": [
            {"set": "to", "frame": {"x": 60, "y": 100, "width": 200, "height": 300}}, {"add": "to"}],
            "animations": [{"duration": 1, "curve": "linear", "changes": [{"view": "to", "frame": "final"}],
                            "completion": [{"completeTransition": True}]}]}}}
    assert server.post(f"/v1/sessions/{sid}/actions", push).status_code == 200
    scroll = {"type": "scroll", "at": 0.5, "viewController": "detail", "view": "", "contentOffset": {"x": 0, "y": 100}}
    assert server.post(f"/v1/sessions/{sid}/actions", scroll).status_code == 200
    for t in (0.5, 0.75):
        shot = views(server, sid, t)
        table, row = shot[("detail", "")], shot[("detail", "row")]
        assert abs(table["windowFrame"]["y"] - 100 * (1 - t)) < 1e-9 and abs(table["bounds"]["height"] - (300 + 268 * t)) < 1e-9
        assert table["bounds"]["y"] == 100
        assert abs(row["windowFrame"]["y"] - (100 * (1 - t) - 100)) < 1e-9
