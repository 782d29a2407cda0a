"""Large titles over HTTP (docs/semantics.md § Large titles): `prefersLargeTitles` on a
navigation controller, `largeTitleDisplayMode` on a controller, refused before the iOS versions
that have them.

The sessions run on a 320 × 568 pt iOS 17 screen with a 20 pt top inset, so a bar showing a
large title spans y 20 to 116 (44 + 52 pt), and a list filling the screen under it has UIKit's
adjusted content inset of 116 pt: at rest its content offset is −116 and its content starts at
y 116, below the whole bar."""
import copy

import pytest

from test_api import assert_problem, create


def scene(mode=None, ios=17, prefers=True, behavior=None):
    """Settings (a navigation controller over a scrolling list whose first row is at its content's top) with its modes."""
    things = {"id": "things", "title": "Settings", "view": {"id": "root", "kind": "scrollView", "children": [
        {"id": "row", "kind": "label", "text": "Wi-Fi", "frame": {"x": 16, "y": 0, "width": 288, "height": 44}}]}}
    if behavior:
        things["view"]["contentInsetAdjustmentBehavior"] = behavior
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
    # 30 pt from rest: the content offset is 30 − 116.
    r = server.post(actions, {"type": "scroll", "view": "", "contentOffset": {"x": 0, "y": -86}, "at": 1})
    assert r.status_code == 200, r.text
    bar, views = bar_of(server.get(f"/v1/sessions/{sid}/snapshot", params={"t": "1"}).json())
    assert bar["frame"]["height"] == 66 and views["nav.largeTitle"]["frame"]["y"] == 17
    assert views["nav.largeTitle"]["alpha"] == 1 and views["nav.navigationTitle"]["alpha"] == 0
    # 45 pt scrolled: 7 pt of extension remain, under the 10 pt threshold; the fade takes 150 ms.
    assert server.post(actions, {"type": "scroll", "view": "", "contentOffset": {"x": 0, "y": -71}, "at": 2}).status_code == 200
    shots = server.get(f"/v1/sessions/{sid}/snapshots", params={"t": "2,2.075,2.15"}).json()["snapshots"]
    alphas = [(views["nav.largeTitle"]["alpha"], views["nav.navigationTitle"]["alpha"]) for _, views in map(bar_of, shots)]
    for (large, inline), want in zip(alphas, [1, 0.5, 0]):
        assert abs(large - want) < 1e-9 and abs(inline - (1 - want)) < 1e-9, alphas
    assert all(bar["frame"]["height"] == 51 for bar, _ in map(bar_of, shots))
    # Pulled down 44 pt: the extension stretches to 96 pt, the title grows 3 % about its bottom-leading corner.
    assert server.post(actions, {"type": "scroll", "view": "", "contentOffset": {"x": 0, "y": -160}, "at": 3}).status_code == 200
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


# The content below the bar: UIKit's safe area and adjusted content inset -----------------------

def view_of(shot, controller, path):
    stack = [shot["root"]]
    while stack:
        node = stack.pop()
        if node.get("viewController") == controller and node.get("path") == path:
            return node
        stack.extend(node.get("children", []))
    return None


@pytest.mark.parametrize("screen, top", [({"width": 320, "height": 568, "scale": 2, "iOS": 17}, 20), ({"device": "iPhone 15"}, 59)])
def test_the_content_starts_below_the_whole_bar_and_its_top_tracks_the_bars_bottom(server, screen, top):
    body = scene()
    body["screen"] = screen
    sid = create(server, body)
    rest = top + 96  # the safe area's top under a large title: the adjusted inset
    shot = server.get(f"/v1/sessions/{sid}/snapshot").json()
    root, row = view_of(shot, "things", ""), view_of(shot, "things", "row")
    # The scroll view fills the screen and rests at content offset −inset; its row, at the content's top, shows below the bar.
    assert root["windowFrame"]["y"] == 0 and root["bounds"]["y"] == -rest
    assert row["frame"]["y"] == 0 and row["windowFrame"]["y"] == rest and bar_of(shot)[0]["frame"]["y"] + 96 == rest
    actions = f"/v1/sessions/{sid}/actions"
    for i, scrolled in enumerate([20, 52, 80, -40, 0]):
        assert server.post(actions, {"type": "scroll", "view": "", "contentOffset": {"x": 0, "y": scrolled - rest}, "at": i + 1}).status_code == 200
        shot = server.get(f"/v1/sessions/{sid}/snapshot", params={"t": str(i + 1.5)}).json()
        bar = bar_of(shot)[0]["frame"]
        row = view_of(shot, "things", "row")["windowFrame"]
        assert bar["y"] + bar["height"] == top + 44 + max(0, 52 - scrolled), scrolled
        assert row["y"] == rest - scrolled, scrolled
        if scrolled <= 52:  # until the bar is 44 pt, pulls included, the content's top is the bar's bottom
            assert row["y"] == bar["y"] + bar["height"], scrolled


def test_never_keeps_the_content_under_the_bar_and_scrolls_from_zero(server):
    sid = create(server, scene(behavior="never"))
    shot = server.get(f"/v1/sessions/{sid}/snapshot").json()
    assert view_of(shot, "things", "")["bounds"]["y"] == 0 and view_of(shot, "things", "row")["windowFrame"]["y"] == 0
    assert server.post(f"/v1/sessions/{sid}/actions", {"type": "scroll", "view": "", "contentOffset": {"x": 0, "y": 30}}).status_code == 200
    shot = server.get(f"/v1/sessions/{sid}/snapshot").json()
    assert bar_of(shot)[0]["frame"]["height"] == 66 and view_of(shot, "things", "row")["windowFrame"]["y"] == -30
    # A scenario keeps the member: its replay lays the content out the same.
    copy = server.post("/v1/sessions", {"scenario": server.get(f"/v1/sessions/{sid}/scenario").json()}).json()["id"]
    assert server.get(f"/v1/sessions/{copy}/snapshot").json()["root"] == shot["root"]
    # Without large titles nothing is adjusted, as before they existed: the same list rests at 0.
    shot = server.get(f"/v1/sessions/{create(server, scene(prefers=False))}/snapshot").json()
    assert view_of(shot, "things", "")["bounds"]["y"] == 0 and view_of(shot, "things", "row")["windowFrame"]["y"] == 0


def test_every_scroll_view_gets_the_safe_area_over_it_not_only_the_first(server):
    """A banner below the bar comes first, a list filling the screen second: the list's content starts
    below the 116 pt bar as well (it rested at 0, under the bar, when only the first was adjusted);
    a scroll view inside another is not adjusted."""
    body = scene()
    body["root"]["viewControllers"][0]["view"] = {"id": "root", "children": [
        {"id": "banner", "kind": "scrollView", "frame": {"x": 0, "y": 400, "width": 320, "height": 100}},
        {"id": "list", "kind": "table", "frame": {"x": 0, "y": 0, "width": 320, "height": 568}, "children": [
            {"id": "row", "kind": "label", "text": "Wi-Fi", "frame": {"x": 16, "y": 0, "width": 288, "height": 44}},
            {"id": "inner", "kind": "scrollView", "frame": {"x": 0, "y": 44, "width": 320, "height": 100}}]}]}
    sid = create(server, body)
    shot = server.get(f"/v1/sessions/{sid}/snapshot").json()
    assert view_of(shot, "things", "banner")["bounds"]["y"] == 0
    assert view_of(shot, "things", "list")["bounds"]["y"] == -116
    assert view_of(shot, "things", "list/row")["windowFrame"]["y"] == 116
    assert view_of(shot, "things", "list/inner")["bounds"]["y"] == 0
    # The list scrolls by UIKit's raw offset like the first one: 30 pt from rest is -86.
    r = server.post(f"/v1/sessions/{sid}/actions", {"type": "scroll", "view": "list", "contentOffset": {"x": 0, "y": -86}})
    assert r.status_code == 200
    shot = server.get(f"/v1/sessions/{sid}/snapshot").json()
    assert view_of(shot, "things", "list/row")["windowFrame"]["y"] == 86


def test_bad_content_inset_adjustment_behaviors_are_422s_at_their_member(server):
    for behavior, detail in [("scrollableAxes", "automatic, never"), (3, "expected a string")]:
        problem = assert_problem(server.post("/v1/sessions", scene(behavior=behavior)), 422, "invalid-request")
        assert problem["pointer"] == "/root/viewControllers/0/view/contentInsetAdjustmentBehavior" and detail in problem["detail"], problem
    # Only a scroll view has a content inset.
    body = scene()
    body["root"]["viewControllers"][0]["view"]["children"][0]["contentInsetAdjustmentBehavior"] = "never"
    problem = assert_problem(server.post("/v1/sessions", body), 422, "invalid-request")
    assert problem["pointer"] == "/root/viewControllers/0/view/children/0/contentInsetAdjustmentBehavior"
    assert "scrollView" in problem["detail"]
    # UIScrollView has it from iOS 11, checked as the controller is made, in a push too.
    problem = assert_problem(server.post("/v1/sessions", scene(ios=10, prefers=False, behavior="never")), 422, "invalid-request")
    assert problem["pointer"] == "/root/viewControllers/0/view/contentInsetAdjustmentBehavior"
    assert "iOS 11" in problem["detail"] and "iOS 10" in problem["detail"]
    sid = create(server, scene(ios=10, prefers=False))
    r = server.post(f"/v1/sessions/{sid}/actions", {"type": "push", "viewController": {"id": "d", "view": {
        "id": "root", "kind": "view", "children": [{"id": "list", "kind": "table", "contentInsetAdjustmentBehavior": "automatic"}]}}})
    problem = assert_problem(r, 422, "invalid-request")
    assert problem["pointer"] == "/viewController/view/children/0/contentInsetAdjustmentBehavior"
    create(server, scene(ios=11, behavior="automatic"))


@pytest.mark.parametrize("title, scale", [("Settings", 1.1), ("Network Settings!", 304 / 288)])
def test_a_pulled_large_title_grows_no_wider_than_the_bar(server, title, scale):
    body = scene()
    body["root"]["viewControllers"][0]["title"] = title
    sid = create(server, body)
    # Pulled 200 pt: the height alone would grow it 1 + 0.03 · 200 / 44 ≈ 1.14 times.
    assert server.post(f"/v1/sessions/{sid}/actions", {"type": "scroll", "view": "", "contentOffset": {"x": 0, "y": -316}}).status_code == 200
    large = bar_of(server.get(f"/v1/sessions/{sid}/snapshot").json())[1]["nav.largeTitle"]
    assert abs(large["transform"]["a"] - scale) < 1e-9 and abs(large["frame"]["x"] - 16) < 1e-9
    assert large["frame"]["x"] + large["frame"]["width"] <= 320 + 1e-9


# Flutter's expectations (docs/reference.md § Flutter cross-check) ---------------------------
# nav_bar_transition_test.dart's large-title cases at the cross-check's one revision (flutter/flutter's
# tree as stored in chingjun/flutter at 2bbcaf6be639c398108daa2ef557b20927e4cedd, as
# test_flutter_crosscheck.py's): each number and tolerance is Flutter's (a
# CupertinoSliverNavigationBar's large title in `setWindowToPortrait`'s 800 × 1000 pt window, no
# status bar: positions are in the bar's coordinates, as a snapshot's `frame` of a bar view is);
# the scenarios are ours. That revision has no test of the bar's height during the flight.
from test_flutter_crosscheck import NAV_BAR, SCREEN, Session, case, near

PORTRAIT = {**SCREEN, "height": 1000, "iOS": 17}  # setWindowToPortrait: 2400 × 3000 px at the test view's ratio 3


def large_push(server, bottom, top):
    """A bar preferring large titles over `bottom` = (title, mode), then a push of `top`."""
    def spec(name, title, mode):
        return {"id": name, **({"title": title} if title else {}), "largeTitleDisplayMode": mode}
    s = Session(server, {"screen": PORTRAIT, "root": {"type": "navigation", "id": "nav", "prefersLargeTitles": True,
                                                     "viewControllers": [spec("page-1", *bottom)]}})
    s.ok({"type": "push", "viewController": spec("page-2", *top)})
    return s


def bar_views(s, t):
    views = s.views(t)
    return next(v for v in views if v.get("role") == "navigationBar"), views


def near_flutter(view, what, value):
    """Flutter's tolerances: `checkOpacity`'s 0.001, `moreOrLessEquals`'s 0.01 on positions, and
    none on a position it compares with `expect(dy, 54.0)`."""
    if what == "opacity":
        near(view["alpha"], value, 0.001)
    else:
        near(view["frame"][what], value, 0 if value == 54.0 else 0.01)


FLY = [
    case(name, NAV_BAR, f"{which} {what} at {ms} ms", title, back, ms, which, what, value, differs=differs)
    for name, title, back in [("Bottom large title moves to top back label", "Page 1", "Page 1"),
                              ("Long title turns into the word back mid transition", "A title too long to fit", "Back")]
    for ms, which, what, value, differs in [
        (50, "large title", "opacity", 0.9280824661254883, "bar-fades"), (50, "back label", "opacity", 0.0, None),
        (50, "large title", "x", 17.3, "bar-timing"), (50, "large title", "y", 52.2, "large-title-box"),
        (50, "back label", "x", 17.3, "bar-timing"), (50, "back label", "y", 52.2, "large-title-box"),
        (250, "large title", "opacity", 0.0, None), (250, "back label", "opacity", 0.4604858811944723, "bar-fades"),
        (250, "large title", "x", 51.6, "chevron"), (250, "large title", "y", 11.5, "large-title-box"),
        (250, "back label", "x", 51.6, "chevron"), (250, "back label", "y", 11.5, "large-title-box")]]


@pytest.mark.parametrize("title, back, ms, which, what, value", FLY)
def test_flutter_the_large_title_flies_into_the_back_label(server, title, back, ms, which, what, value):
    s = large_push(server, (title, "always"), ("Page 2", "never"))
    _, views = bar_views(s, ms / 1000)
    view = next(v for v in views if (v.get("role"), v.get("text")) == (("largeTitle", title) if which == "large title" else ("backButton", back)))
    near_flutter(view, what, value)


TOP = [
    case("Top large title fades in and slides in from the right", NAV_BAR, f"{what} at {ms} ms", ms, what, value, differs=differs)
    for ms, what, value, differs in [
        (50, "opacity", 0.193, "bar-fades"), (50, "x", 661.64, "bar-timing"), (50, "y", 54.0, "text-metrics"),
        (200, "opacity", 0.899, "bar-fades"), (200, "x", 96.57, "bar-timing"), (200, "y", 54.0, "text-metrics")]]


@pytest.mark.parametrize("ms, what, value", TOP)
def test_flutter_the_top_large_title_slides_in_from_the_right(server, ms, what, value):
    s = large_push(server, (None, "never"), ("Page 2", "always"))
    _, views = bar_views(s, ms / 1000)
    view = next(v for v in views if v.get("role") == "largeTitle" and v.get("text") == "Page 2")
    near_flutter(view, what, value)


# Push, pop and the back swipe between the modes ------------------------------------------------

PAIRS = [  # (bottom mode, top mode, bar height under the bottom, under the top, top shows a large title)
    ("always", "never", 96, 44, False),
    ("never", "always", 44, 96, True),
    ("always", "always", 96, 96, True),
    ("always", "automatic", 96, 96, True),
    ("never", "automatic", 44, 44, False),
]


def pair_session(server, bottom, top):
    sid = create(server, scene(mode=bottom))
    r = server.post(f"/v1/sessions/{sid}/actions", {"type": "push", "viewController": {
        "id": "wifi", "title": "Wi-Fi", "largeTitleDisplayMode": top, "view": {"id": "root", "kind": "table", "children": [
            {"id": "row", "kind": "cell", "frame": {"x": 0, "y": 0, "width": 320, "height": 44}}]}}})
    assert r.status_code == 200, r.text
    return sid


def shots(server, sid, times):
    return server.get(f"/v1/sessions/{sid}/snapshots", params={"t": ",".join(map(str, times))}).json()["snapshots"]


def page_x(shot, controller):
    nav = next(child for child in shot["root"]["children"] if child.get("viewController") == "nav")
    stack = [nav]
    while stack:
        node = stack.pop()
        if node.get("viewController") == controller and node.get("path") == "":
            return node["windowFrame"]["x"]
        stack.extend(node.get("children", []))
    return None


@pytest.mark.parametrize("bottom, top, low, high, top_large", PAIRS)
def test_a_push_and_a_pop_move_the_bar_between_the_modes(server, bottom, top, low, high, top_large):
    sid = pair_session(server, bottom, top)
    times = [0, 0.05, 0.1, 0.2, 0.3, 0.45]
    heights, large_x = [], []
    for t, shot in zip(times, shots(server, sid, times)):
        bar, views = bar_of(shot)
        p = 1 - page_x(shot, "wifi") / 320  # the push's progress, read off the pushed page
        # The bar's height moves linearly in the progress from the bottom item's to the top's, its top edge staying.
        assert abs(bar["frame"]["height"] - (low + (high - low) * p)) < 1e-9 and abs(bar["frame"]["y"] - 20) < 1e-9, (t, bar["frame"])
        heights.append(bar["frame"]["height"])
        if bottom == "always":
            # Settings' large title shrinks towards the back button: 34 → 17 pt, its leading edge 16 → 27.
            settings = next(v for v in views.values() if v["role"] == "largeTitle" and v["text"] == "Settings")
            assert abs(settings["transform"]["a"] - (1 - 0.5 * p)) < 1e-9 and settings["fontSize"] == 34
            assert abs(settings["frame"]["x"] - (16 + 11 * p)) < 1e-9
            assert abs(settings["alpha"] - max(0, 1 - p / 0.6)) < 1e-9
        if top_large:
            # Wi-Fi's large title comes a whole bar's width from the trailing edge, fading in from 0.3.
            wifi = next(v for v in views.values() if v["role"] == "largeTitle" and v["text"] == "Wi-Fi")
            assert abs(wifi["frame"]["x"] - (16 + 320 * (1 - p))) < 1e-9
            assert abs(wifi["alpha"] - max(0, (p - 0.3) / 0.7)) < 1e-9
            large_x.append(wifi["frame"]["x"])
        # An inline title never shows beside its own large title.
        for v in views.values():
            if v["role"] == "navigationTitle" and v["alpha"] > 0:
                assert not any(w["role"] == "largeTitle" and w["text"] == v["text"] and w["alpha"] > 0 for w in views.values()), (t, v["text"])
    assert large_x == sorted(large_x, reverse=True)
    rest = bar_of(server.get(f"/v1/sessions/{sid}/snapshot", params={"t": "0.6"}).json())
    assert rest[0]["frame"]["height"] == high and ("nav.largeTitle" in rest[1]) == top_large
    assert rest[1]["nav.backButton"]["text"] == "Settings" and rest[1]["nav.backButton"]["frame"]["x"] == 27
    # The pop plays it back to the bar the session started with.
    assert server.post(f"/v1/sessions/{sid}/actions", {"type": "pop", "at": 1}).status_code == 200
    for t, shot in zip([1.05, 1.2], shots(server, sid, [1.05, 1.2])):
        q = page_x(shot, "wifi") / 320  # the pop's progress
        assert abs(bar_of(shot)[0]["frame"]["height"] - (high + (low - high) * q)) < 1e-9, t
    before = bar_of(shots(server, create(server, scene(mode=bottom)), [0])[0])
    after = bar_of(server.get(f"/v1/sessions/{sid}/snapshot", params={"t": "1.6"}).json())
    assert after[0]["frame"] == before[0]["frame"]
    assert {k: (v["frame"], v["alpha"], v.get("text")) for k, v in after[1].items()} == {
        k: (v["frame"], v["alpha"], v.get("text")) for k, v in before[1].items()}


@pytest.mark.parametrize("bottom, top, low, high, top_large", PAIRS[:3])
def test_the_back_swipe_drives_the_large_title_with_the_finger(server, bottom, top, low, high, top_large):
    sid = pair_session(server, bottom, top)
    actions = f"/v1/sessions/{sid}/actions"
    for x in [0, 80, 160]:
        phase = "began" if x == 0 else "changed"
        r = server.post(actions, {"type": "gesture", "recognizer": "edgePan", "phase": phase, "at": 1, "translation": {"x": x, "y": 0}})
        assert r.status_code == 200, r.text
        shot = server.get(f"/v1/sessions/{sid}/snapshot", params={"t": "1"}).json()
        q = page_x(shot, "wifi") / 320
        assert abs(q - x / 320) < 1e-9
        bar, views = bar_of(shot)
        # Linear while the finger tracks: the bar and the large titles follow the page.
        assert abs(bar["frame"]["height"] - (high + (low - high) * q)) < 1e-9, x
        if bottom == "always" and x:
            settings = next(v for v in views.values() if v["role"] == "largeTitle" and v["text"] == "Settings")
            assert abs(settings["transform"]["a"] - (0.5 + 0.5 * q)) < 1e-9


def test_frames_and_film_strips_draw_the_large_title_34_pt_bold_through_its_scale(server):
    sid = pair_session(server, "always", "never")
    strip = server.get(f"/v1/sessions/{sid}/filmstrip.svg", params={"t": "0,0.1,0.6"})
    assert strip.status_code == 200 and strip.headers["Content-Type"] == "image/svg+xml"
    texts = [line for line in strip.text.splitlines() if line.startswith("<text") and ">Settings<" in line and 'font-size="34"' in line]
    # At 0 s the large title at rest, at 0.1 s shrinking on its way to the back button (drawn
    # through a transform with its scale); at 0.6 s the push is over and "Settings" is the 17 pt back button.
    assert len(texts) == 2 and all('font-weight="600"' in t for t in texts)
    # At rest on the window at (16, 20 + 47); then scaled by 1 − 0.5 p about its box.
    assert 'transform="matrix(1 0 0 1 16 67)"' in texts[0]
    scale = float(texts[1].split('transform="matrix(')[1].split()[0])
    assert 0.5 < scale < 1
    assert sum('font-size="17"' in line and ">Settings<" in line for line in strip.text.splitlines()) >= 1


@pytest.mark.parametrize("bottom, top, low, high, top_large", PAIRS)
def test_each_page_of_a_push_and_a_pop_shows_its_content_below_its_own_bar(server, bottom, top, low, high, top_large):
    sid = pair_session(server, bottom, top)
    # Settings scrolled 10 pt before the push: covered, it keeps its offset, and the pop brings it back so.
    assert server.post(f"/v1/sessions/{sid}/actions", {"type": "scroll", "viewController": "things", "view": "",
                                                       "contentOffset": {"x": 0, "y": 10 - (20 + low)}}).status_code == 200
    for t, shot in zip([0.1, 0.6], shots(server, sid, [0.1, 0.6])):
        wifi = view_of(shot, "wifi", "")
        # The pushed table rests at minus its own bar's bottom, mid-push as at rest: its row slides in already below that bar.
        assert wifi["bounds"]["y"] == -(20 + high) and view_of(shot, "wifi", "row")["windowFrame"]["y"] == 20 + high, t
    assert server.post(f"/v1/sessions/{sid}/actions", {"type": "pop", "at": 1}).status_code == 200
    shot = server.get(f"/v1/sessions/{sid}/snapshot", params={"t": "1.6"}).json()
    assert view_of(shot, "things", "")["bounds"]["y"] == 10 - (20 + low)
    assert view_of(shot, "things", "row")["windowFrame"]["y"] == 20 + low - 10
    bar = bar_of(shot)[0]["frame"]
    assert bar["height"] == (86 if bottom == "always" else 44)
