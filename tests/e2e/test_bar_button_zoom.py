"""Bar button items in the navigation bar (docs/semantics.md § Bar button items), and iOS 26's
zoom out of one, `preferredTransition` with `sourceBarButtonItem`
(docs/semantics.md § The zoom out of a bar button)."""
import pytest

from test_api import assert_problem, create

# An iPhone 17 Pro (402 × 874, top inset 62) at iOS 26.
W, H, TOP = 402, 874, 62
SCREEN = {"x": 0, "y": 0, "width": W, "height": H}
# Layout (BarButtonLayout): 16 pt from the trailing edge, 8 pt apart, an image 44 wide, a title
# 8.5 pt a character (an estimate), each 44 tall; the first item at the trailing end.
COMPOSE = {"x": W - 16 - 44, "y": TOP, "width": 44, "height": 44}
EDIT = {"x": W - 16 - 44 - 8 - 34, "y": TOP, "width": 34, "height": 44}
GROUP = {"x": EDIT["x"], "y": TOP, "width": 86, "height": 44}
ITEMS = [{"id": "compose", "image": "square.and.pencil"}, {"id": "edit", "title": "Edit"}]


def scene(screen=None, items=ITEMS):
    return {"screen": screen or {"device": "iPhone 17 Pro"}, "clock": "virtual",
            "root": {"type": "navigation", "id": "nav", "viewControllers": [
                {"id": "inbox", "title": "Inbox", "rightBarButtonItems": items}]}}


def page(source="compose", **extra):
    return {"id": "draft", "title": "Draft", **extra,
            "preferredTransition": {"type": "zoom", "sourceBarButtonItem": source}}


def act(server, sid, body):
    r = server.post(f"/v1/sessions/{sid}/actions", body)
    assert r.status_code == 200, r.text
    return r.json()


def flat(server, sid, t):
    return server.get(f"/v1/sessions/{sid}/snapshot", params={"t": t, "flat": "true"}).json()["views"]


def by_id(server, sid, t):
    return {v["id"]: v for v in flat(server, sid, t)}


def clip(server, sid, t):
    found = [v for v in flat(server, sid, t) if v.get("role") == "zoomContainer"]
    return found[0] if found else None


def close(a, b, tolerance=1e-6):
    return all(abs(a[k] - b[k]) <= tolerance for k in ("x", "y", "width", "height"))


def test_the_items_are_drawn_at_the_trailing_edge_in_a_glass_capsule(server):
    sid = create(server, scene())
    views = by_id(server, sid, 0)
    group = views["inbox.rightBarButtonItems"]
    assert (group["role"], group["windowFrame"], group["cornerRadius"]) == ("barButtonGroup", GROUP, 22)
    compose, edit = views["inbox.rightBarButtonItems.compose"], views["inbox.rightBarButtonItems.edit"]
    assert (compose["role"], compose["kind"], compose["image"], compose["windowFrame"]) == ("barButtonItem", "imageView", "square.and.pencil", COMPOSE)
    assert (edit["role"], edit["kind"], edit["text"], edit["windowFrame"]) == ("barButtonItem", "label", "Edit", EDIT)
    # The picture draws them too.
    svg = server.get(f"/v1/sessions/{sid}/snapshot.svg").text
    assert 'data-role="barButtonItem"' in svg and 'data-role="barButtonGroup"' in svg


def test_on_ios_18_the_items_are_drawn_without_the_capsule(server):
    sid = create(server, scene({"width": 402, "height": 874, "iOS": 18}))
    group = by_id(server, sid, 0)["inbox.rightBarButtonItems"]
    assert group["windowFrame"]["x"] == GROUP["x"] and "cornerRadius" not in group and "backgroundColor" not in group


def test_the_items_fade_with_their_item_during_a_push_and_a_pop(server):
    sid = create(server, scene())
    act(server, sid, {"type": "push", "viewController": {"id": "next", "title": "Next", "rightBarButtonItems": [{"id": "done", "title": "Done"}]}, "at": 0})
    for t in (0.05, 0.1, 0.25):
        views = by_id(server, sid, t)
        old, new = views["inbox.rightBarButtonItems"], views["next.rightBarButtonItems"]
        # They fade as the bar's titles do (UIKit's fade-out and fade-in functions), in place.
        assert 0 < old["alpha"] < 1 and 0 < new["alpha"] < 1
        assert abs(old["alpha"] - views["nav.navigationTitle"]["alpha"]) < 1e-9
        assert abs(new["alpha"] - views["nav.navigationTitle.incoming"]["alpha"]) < 1e-9
        assert old["windowFrame"] == GROUP and new["windowFrame"] == {"x": W - 16 - 34, "y": TOP, "width": 34, "height": 44}
    views = by_id(server, sid, 2)
    assert "inbox.rightBarButtonItems" not in views and views["next.rightBarButtonItems"]["alpha"] == 1
    act(server, sid, {"type": "pop", "at": 3})
    mid = by_id(server, sid, 3.2)
    assert 0 < mid["inbox.rightBarButtonItems"]["alpha"] < 1 and 0 < mid["next.rightBarButtonItems"]["alpha"] < 1
    views = by_id(server, sid, 5)
    assert views["inbox.rightBarButtonItems"]["alpha"] == 1 and "next.rightBarButtonItems" not in views


def test_a_push_zooms_out_of_the_bar_button_and_the_pop_back_into_it(server):
    sid = create(server, scene())
    transition = act(server, sid, {"type": "push", "viewController": page(), "at": 0})["transition"]
    assert (transition["animator"], transition["chosenBy"]) == ("fluidZoom", "preferredTransition of draft")
    start = clip(server, sid, 0)
    # The clip starts as the button, a circle (its glass capsule; an estimate).
    assert start["windowFrame"] == COMPOSE and start["cornerRadius"] == 22
    assert by_id(server, sid, 0)["inbox.rightBarButtonItems.compose"]["hidden"] is True
    mid = clip(server, sid, 0.1)["windowFrame"]
    p = (mid["width"] - 44) / (W - 44)
    assert 0.2 < p < 0.95
    assert close(mid, {"x": COMPOSE["x"] * (1 - p), "y": TOP * (1 - p), "width": 44 + (W - 44) * p, "height": 44 + (H - 44) * p})
    assert clip(server, sid, 0.6) is None
    end = flat(server, sid, 0.6)
    assert next(v for v in end if (v.get("viewController"), v["path"]) == ("draft", ""))["windowFrame"] == SCREEN
    assert "inbox.rightBarButtonItems" not in {v["id"] for v in end}

    act(server, sid, {"type": "pop", "at": 1})
    assert clip(server, sid, 1)["windowFrame"] == SCREEN
    assert close(clip(server, sid, 1.48)["windowFrame"], COMPOSE, 1)
    back = by_id(server, sid, 2)
    assert back["inbox.rightBarButtonItems.compose"]["hidden"] is False
    assert back["inbox.rightBarButtonItems.compose"]["windowFrame"] == COMPOSE


def test_a_presentation_zooms_out_of_the_bar_button_and_the_dismissal_back(server):
    sid = create(server, scene())
    transition = act(server, sid, {"type": "present", "viewController": page(), "at": 0})["transition"]
    assert transition["animator"] == "fluidZoom" and transition["diagnostics"] == []
    assert clip(server, sid, 0)["windowFrame"] == COMPOSE
    mid = clip(server, sid, 0.1)["windowFrame"]
    assert COMPOSE["width"] < mid["width"] < W
    assert clip(server, sid, 0.6) is None
    act(server, sid, {"type": "dismiss", "at": 1})
    assert clip(server, sid, 1)["windowFrame"] == SCREEN
    assert close(clip(server, sid, 1.48)["windowFrame"], COMPOSE, 1)
    assert by_id(server, sid, 2)["inbox.rightBarButtonItems.compose"]["hidden"] is False


def test_a_title_item_is_a_source_too(server):
    sid = create(server, scene())
    act(server, sid, {"type": "push", "viewController": page("edit"), "at": 0})
    start = clip(server, sid, 0)
    assert start["windowFrame"] == EDIT and start["cornerRadius"] == 17


@pytest.mark.parametrize("preferred, pointer", [
    ({"type": "zoom", "sourceBarButtonItem": "nope"}, "/viewController/preferredTransition/sourceBarButtonItem"),
    ({"type": "zoom", "sourceBarButtonItem": "compose", "sourceView": "root"}, "/viewController/preferredTransition/sourceBarButtonItem"),
    ({"type": "zoom", "sourceBarButtonItem": "a b"}, "/viewController/preferredTransition/sourceBarButtonItem"),
    ({"type": "zoom"}, "/viewController/preferredTransition/sourceView"),
])
def test_a_bad_source_is_a_422_at_its_member(server, preferred, pointer):
    sid = create(server, scene())
    body = {"type": "push", "viewController": {"id": "draft", "preferredTransition": preferred}}
    problem = assert_problem(server.post(f"/v1/sessions/{sid}/actions", body), 422, "invalid-request")
    assert problem["pointer"] == pointer, problem
    # Nothing happened.
    assert server.get(f"/v1/sessions/{sid}/snapshot").json()["controllers"]["topViewController"] == "inbox"


def test_the_zoom_from_a_bar_button_needs_ios_26(server):
    sid = create(server, scene({"device": "iPhone 16 Pro"}))
    problem = assert_problem(server.post(f"/v1/sessions/{sid}/actions", {"type": "push", "viewController": page()}), 422, "invalid-request")
    assert problem["pointer"] == "/viewController/preferredTransition/sourceBarButtonItem" and "iOS 26" in problem["detail"]


@pytest.mark.parametrize("items, pointer", [
    ([{"id": f"i{n}", "image": "plus"} for n in range(7)], "/root/viewControllers/0/rightBarButtonItems"),
    ([{"id": "a", "title": "x" * 25}], "/root/viewControllers/0/rightBarButtonItems/0/title"),
    ([{"id": "a", "title": ""}], "/root/viewControllers/0/rightBarButtonItems/0/title"),
    ([{"id": "a", "title": "A", "image": "plus"}], "/root/viewControllers/0/rightBarButtonItems/0/image"),
    ([{"id": "a"}], "/root/viewControllers/0/rightBarButtonItems/0"),
    ([{"id": "a", "title": "A"}, {"id": "a", "image": "plus"}], "/root/viewControllers/0/rightBarButtonItems/1/id"),
    ([{"id": "a", "title": "A", "tint": "red"}], "/root/viewControllers/0/rightBarButtonItems/0/tint"),
    ({"id": "a"}, "/root/viewControllers/0/rightBarButtonItems"),
])
def test_bad_items_are_a_422_at_their_member(server, items, pointer):
    problem = assert_problem(server.post("/v1/sessions", scene(items=items)), 422, "invalid-request")
    assert problem["pointer"] == pointer, problem


def test_an_interrupted_zoom_and_a_cancelled_back_swipe_leave_the_right_items(server):
    sid = create(server, scene())
    act(server, sid, {"type": "push", "viewController": page(), "at": 0})
    # A pop while the page zooms in completes the push at once and zooms back into the button.
    assert act(server, sid, {"type": "pop", "at": 0.1})["transition"]["animator"] == "fluidZoom"
    assert close(clip(server, sid, 0.58)["windowFrame"], COMPOSE, 1)
    views = by_id(server, sid, 1)
    assert views["inbox.rightBarButtonItems"]["alpha"] == 1 and views["inbox.rightBarButtonItems.compose"]["hidden"] is False
    # An edge swipe that goes back: the bar shows the pushed page's item again, without the items.
    act(server, sid, {"type": "push", "viewController": {"id": "plain", "title": "Plain"}, "at": 2})
    samples = [("began", 3, 100), ("changed", 3.04, 80), ("changed", 3.08, 60), ("ended", 3.12, 40)]
    cancel = act(server, sid, [{"type": "gesture", "recognizer": "edgePan", "phase": phase, "at": t, "translation": {"x": x, "y": 0},
                                "velocity": {"x": -500, "y": 0}} for phase, t, x in samples])
    assert cancel["transition"]["gesture"]["decision"] == "cancel"
    assert 0 < by_id(server, sid, 3.04)["inbox.rightBarButtonItems"]["alpha"] < 1
    views = by_id(server, sid, 5)
    assert "inbox.rightBarButtonItems" not in views
    assert server.get(f"/v1/sessions/{sid}/snapshot", params={"t": 5}).json()["controllers"]["topViewController"] == "plain"
