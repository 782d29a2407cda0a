"""Large titles over HTTP (docs/semantics.md § Large titles): `prefersLargeTitles` on a
navigation controller, `largeTitleDisplayMode` on a controller, refused before the iOS versions
that have them.

The sessions run on a 320 × 568 pt iOS 17 screen with a 20 pt top inset, so a bar showing a
large title spans y 20 to 116 (44 + 52 pt)."""
import copy

from test_api import assert_problem, create


def scene(mode=None, ios=17, prefers=True, detail_mode=None):
    """Settings (a navigation controller over a scrolling list) with its modes."""
    things = {"id": "things", "title": "Settings", "view": {"id": "root", "kind": "scrollView", "children": [
        {"id": "row", "kind": "label", "text": "Wi-Fi", "frame": {"x": 16, "y": 116, "width": 288, "height": 44}}]}}
    if mode:
        things["largeTitleDisplayMode"] = mode
    nav = {"type": "navigation", "id": "nav", "viewControllers": [things]}
    if prefers:
        nav["prefersLargeTitles"] = True
    return {"screen": {"width": 320, "height": 568, "scale": 2, "iOS": ios}, "root": nav}


def test_large_titles_are_refused_before_ios_11_at_their_member(server):
    r = server.post("/v1/sessions", scene(ios=10))
    problem = assert_problem(r, 422, "invalid-request")
    assert problem["pointer"] == "/root/prefersLargeTitles"
    assert "iOS 11" in problem["detail"] and "iOS 10" in problem["detail"]
    r = server.post("/v1/sessions", scene(mode="always", ios=10, prefers=False))
    problem = assert_problem(r, 422, "invalid-request")
    assert problem["pointer"] == "/root/viewControllers/0/largeTitleDisplayMode"
    assert "iOS 11" in problem["detail"]
    # `inline` is iOS 17's.
    r = server.post("/v1/sessions", scene(mode="inline", ios=16))
    problem = assert_problem(r, 422, "invalid-request")
    assert problem["pointer"] == "/root/viewControllers/0/largeTitleDisplayMode"
    assert "iOS 17" in problem["detail"]
    create(server, scene(mode="inline", ios=17))
    create(server, scene(mode="never", ios=11))


def test_an_unknown_mode_and_large_titles_off_a_navigation_controller_are_422s(server):
    problem = assert_problem(server.post("/v1/sessions", scene(mode="large")), 422, "invalid-request")
    assert problem["pointer"] == "/root/viewControllers/0/largeTitleDisplayMode"
    assert "automatic, always, never, inline" in problem["detail"]
    bad = scene()
    bad["root"]["viewControllers"][0]["prefersLargeTitles"] = True
    problem = assert_problem(server.post("/v1/sessions", bad), 422, "invalid-request")
    assert problem["pointer"] == "/root/viewControllers/0/prefersLargeTitles"
    # A pushed controller is checked as it is made: its pointer is under the action's.
    sid = create(server, scene(ios=11))
    r = server.post(f"/v1/sessions/{sid}/actions", {"type": "push", "viewController": {"id": "d", "largeTitleDisplayMode": "inline"}})
    problem = assert_problem(r, 422, "invalid-request")
    assert problem["pointer"] == "/viewController/largeTitleDisplayMode"
