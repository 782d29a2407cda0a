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


def test_scrolling_collapses_the_bar_and_the_titles_trade_places_over_150_ms(server):
    sid = create(server, scene())
    actions = f"/v1/sessions/{sid}/actions"
    r = server.post(actions, {"type": "scroll", "view": "", "contentOffset": {"x": 0, "y": 30}, "at": 1})
    assert r.status_code == 200, r.text
    bar, views = bar_of(server.get(f"/v1/sessions/{sid}/snapshot", params={"t": "1"}).json())
    assert bar["frame"]["height"] == 66 and views["nav.largeTitle"]["frame"]["y"] == 17
    assert views["nav.largeTitle"]["alpha"] == 1 and views["nav.navigationTitle"]["alpha"] == 0
    # 45 pt scrolled: 7 pt of extension remain, under the 10 pt threshold; the fade takes 150 ms.
    assert server.post(actions, {"type": "scroll", "view": "", "contentOffset": {"x": 0, "y": 45}, "at": 2}).status_code == 200
    shots = server.get(f"/v1/sessions/{sid}/snapshots", params={"t": "2,2.075,2.15"}).json()["snapshots"]
    alphas = [(views["nav.largeTitle"]["alpha"], views["nav.navigationTitle"]["alpha"]) for _, views in map(bar_of, shots)]
    for (large, inline), want in zip(alphas, [1, 0.5, 0]):
        assert abs(large - want) < 1e-9 and abs(inline - (1 - want)) < 1e-9, alphas
    assert all(bar["frame"]["height"] == 51 for bar, _ in map(bar_of, shots))
    # Pulled down 44 pt: the extension stretches to 96 pt, the title grows 3 % about its bottom-leading corner.
    assert server.post(actions, {"type": "scroll", "view": "", "contentOffset": {"x": 0, "y": -44}, "at": 3}).status_code == 200
    bar, views = bar_of(server.get(f"/v1/sessions/{sid}/snapshot", params={"t": "3.5"}).json())
    large = views["nav.largeTitle"]
    assert bar["frame"]["height"] == 140 and large["transform"]["a"] == 1.03
    assert abs(large["frame"]["x"] - 16) < 1e-9 and abs(large["frame"]["y"] + large["frame"]["height"] - 132) < 1e-9


def test_scrolling_a_view_that_does_not_scroll_is_a_422_at_view(server):
    sid = create(server, scene())
    r = server.post(f"/v1/sessions/{sid}/actions", {"type": "scroll", "view": "row", "contentOffset": {"x": 0, "y": 30}})
    problem = assert_problem(r, 422, "invalid-request")
    assert problem["pointer"] == "/view" and "does not scroll" in problem["detail"]
    bar, _ = bar_of(server.get(f"/v1/sessions/{sid}/snapshot").json())
    assert bar["frame"]["height"] == 96
