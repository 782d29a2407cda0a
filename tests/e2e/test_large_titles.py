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


def bar_of(shot):
    """The bar and its views by id."""
    nav = next(child for child in shot["root"]["children"] if child.get("viewController") == "nav")
    bar = next(child for child in nav["children"] if child.get("role") == "navigationBar")
    return bar, {view["id"]: view for view in bar.get("children", [])}


def test_a_bar_showing_a_large_title_is_96_pt_with_the_title_at_the_leading_margin(server):
    sid = create(server, scene())
    bar, views = bar_of(server.get(f"/v1/sessions/{sid}/snapshot").json())
    assert bar["frame"] == {"x": 0, "y": 20, "width": 320, "height": 96}
    large = views["nav.largeTitle"]
    # 8 characters at half an em of 34 pt; one 41 pt line whose bottom is 8 pt above the bar's.
    assert large["role"] == "largeTitle" and large["text"] == "Settings" and large["fontSize"] == 34
    assert large["frame"] == {"x": 16, "y": 47, "width": 136, "height": 41} and large["alpha"] == 1
    svg = server.get(f"/v1/sessions/{sid}/snapshot.svg").text
    text = next(line for line in svg.splitlines() if line.startswith("<text") and ">Settings<" in line and 'font-size="34"' in line)
    assert 'font-weight="600"' in text and "text-anchor" not in text
    title = views["nav.navigationTitle"]
    assert title["alpha"] == 0 and title["fontSize"] == 17 and title["frame"]["height"] == 44
    # The same controller with `never`, or a bar that does not prefer large titles: 44 pt, no large title.
    for other in [scene(mode="never"), scene(prefers=False)]:
        bar, views = bar_of(server.get(f"/v1/sessions/{create(server, other)}/snapshot").json())
        assert bar["frame"]["height"] == 44 and "nav.largeTitle" not in views
        assert views["nav.navigationTitle"]["alpha"] == 1
    # Without large titles the labels say no size, as before large titles existed.
    assert "fontSize" not in views["nav.navigationTitle"]
