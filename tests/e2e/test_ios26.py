"""iOS 26's first slice over HTTP: the iPhone 17 profiles, `iOS: 26`, the floating tab bar and
the tab bar that minimizes as a person drags the content (docs/semantics.md § iOS 26)."""
import xml.etree.ElementTree as ET

from test_api import assert_problem, create

# The core's parameters (ScrollAwayInteraction, FloatingTabBarLayout): estimates, see docs.
ACTIVATION, ACTIVE = 10, 50
MARGIN, HEIGHT = 21, 62


def scene(screen, behavior="onScrollDown"):
    tabs = {"type": "tabBar", "id": "tabs", "viewControllers": [
        {"type": "navigation", "id": "nav", "title": "A", "viewControllers": [
            {"id": "a", "title": "A", "view": {"id": "list", "kind": "table"}}]},
        {"id": "b", "title": "B"}]}
    if behavior:
        tabs["tabBarMinimizeBehavior"] = behavior
    return {"screen": screen, "root": tabs}


def drag(server, sid, y, phase="moved"):
    r = server.post(f"/v1/sessions/{sid}/actions", {"type": "scroll", "viewController": "a", "view": "",
                                                   "contentOffset": {"x": 0, "y": y}, "drag": phase})
    assert r.status_code == 200, r.text


def tab_bar(server, sid):
    shot = server.get(f"/v1/sessions/{sid}/snapshot", params={"flat": "true"}).json()
    bar = next(v for v in shot["views"] if v.get("role") == "tabBar")
    items = [v for v in shot["views"] if v.get("role") == "tabBarItem"]
    return shot["controllers"].get("tabBar"), bar, items


def test_the_iphone_17_profiles_are_listed_with_their_corner_radius(server):
    devices = {d["name"]: d for d in server.get("/v1/devices").json()["devices"]}
    assert devices["iPhone 17 Pro Max"] == {
        "name": "iPhone 17 Pro Max", "idiom": "phone",
        "screen": {"device": "iPhone 17 Pro Max", "width": 440, "height": 956, "scale": 3,
                   "safeAreaInsets": {"top": 62, "left": 0, "bottom": 34, "right": 0}, "iOS": 26},
        "displayCornerRadius": 62}
    assert devices["iPhone Air"]["screen"]["width"] == 420 and devices["iPhone Air"]["screen"]["safeAreaInsets"]["top"] == 68
    assert {n for n, d in devices.items() if d["screen"]["iOS"] == 26} == {"iPhone 17", "iPhone Air", "iPhone 17 Pro", "iPhone 17 Pro Max"}
    # Earlier profiles give no radius, and answer as before.
    assert "displayCornerRadius" not in devices["iPhone 16 Pro"]
    # iOS 26 on a screen given by its size; the default screen is unchanged.
    sized = server.post("/v1/sessions", {"screen": {"width": 400, "height": 800, "iOS": 26}, "root": {"id": "a"}}).json()["screen"]
    assert sized["iOS"] == 26
    assert server.post("/v1/sessions", {"root": {"id": "a"}}).json()["screen"]["iOS"] == 7


def test_the_floating_bar_minimizes_past_the_thresholds_and_snaps_back_between(server):
    sid = create(server, scene({"device": "iPhone 17 Pro"}))
    state, bar, items = tab_bar(server, sid)
    assert state == {"minimizeBehavior": "onScrollDown", "state": "expanded", "progress": 0}
    assert bar["windowFrame"] == {"x": MARGIN, "y": 874 - MARGIN - HEIGHT, "width": 402 - 2 * MARGIN, "height": HEIGHT}
    assert bar["cornerRadius"] == HEIGHT / 2
    after = server.get(f"/v1/sessions/{sid}").json()["eventCount"]

    # Short of the activation distance: nothing moves, no event.
    drag(server, sid, ACTIVATION - 1)
    assert tab_bar(server, sid)[0]["progress"] == 0
    # Past it: the further distance over the active distance.
    drag(server, sid, ACTIVATION + ACTIVE / 2)
    state, bar, _ = tab_bar(server, sid)
    assert state == {"minimizeBehavior": "onScrollDown", "state": "expanded", "progress": 0.5}
    assert bar["windowFrame"]["width"] == (402 - 2 * MARGIN + HEIGHT) / 2
    # Lifted between: it snaps back.
    drag(server, sid, ACTIVATION + ACTIVE / 2, "ended")
    assert tab_bar(server, sid)[0]["progress"] == 0
    events = server.get(f"/v1/sessions/{sid}/events", params={"after": after}).json()["events"]
    assert [(e["type"], e["viewController"], e["progress"], e["tracking"], e["state"]) for e in events] == [
        ("tabBarMinimizeProgressDidChange", "tabs", 0.5, True, "expanded"),
        ("tabBarMinimizeProgressDidChange", "tabs", 0, False, "expanded")]

    # A new drag the whole way: minimized, a circle holding the selected tab; it stays so when lifted.
    start = ACTIVATION + ACTIVE / 2
    drag(server, sid, start + ACTIVATION + ACTIVE + 5)
    drag(server, sid, start + ACTIVATION + ACTIVE + 5, "ended")
    state, bar, items = tab_bar(server, sid)
    assert state == {"minimizeBehavior": "onScrollDown", "state": "minimized", "progress": 1}
    assert bar["windowFrame"] == {"x": MARGIN, "y": 874 - MARGIN - HEIGHT, "width": HEIGHT, "height": HEIGHT}
    assert [i["hidden"] for i in items] == [False, True]

    # A later drag back to the top expands it.
    drag(server, sid, 500)
    drag(server, sid, -10)
    assert tab_bar(server, sid)[0] == {"minimizeBehavior": "onScrollDown", "state": "expanded", "progress": 0}

    # A scenario replays the drags.
    copy = server.post("/v1/sessions", {"scenario": server.get(f"/v1/sessions/{sid}/scenario").json()}).json()["id"]
    assert tab_bar(server, copy) == tab_bar(server, sid)
    assert server.get(f"/v1/sessions/{copy}/events").json() == server.get(f"/v1/sessions/{sid}/events").json()

    # The picture draws the capsule round, with no hairline on top.
    svg = server.get(f"/v1/sessions/{sid}/snapshot.svg").content
    group = next(g for g in ET.fromstring(svg).iter() if g.get("data-role") == "tabBar")
    assert group[0].tag.endswith("rect") and float(group[0].get("rx")) == HEIGHT / 2
    assert "line" not in [c.tag.split("}")[1] for c in group]


def test_the_apps_own_scroll_and_never_leave_it_expanded(server):
    sid = create(server, scene({"device": "iPhone 17"}))
    r = server.post(f"/v1/sessions/{sid}/actions", {"type": "scroll", "viewController": "a", "view": "", "contentOffset": {"x": 0, "y": 400}})
    assert r.status_code == 200 and tab_bar(server, sid)[0]["progress"] == 0
    sid = create(server, scene({"device": "iPhone 17"}, behavior="never"))
    drag(server, sid, 400)
    assert tab_bar(server, sid)[0] == {"minimizeBehavior": "never", "state": "expanded", "progress": 0}


def test_ios_18_on_the_same_device_answers_as_before(server):
    sid = create(server, scene({"device": "iPhone 17 Pro", "iOS": 18}, behavior=None))
    state, bar, _ = tab_bar(server, sid)
    assert state is None and "cornerRadius" not in bar
    assert bar["windowFrame"] == {"x": 0, "y": 874 - 83, "width": 402, "height": 83}
    drag(server, sid, 400, "ended")
    assert tab_bar(server, sid)[1]["windowFrame"] == bar["windowFrame"]


def test_bad_inputs_are_problems_at_their_member(server):
    for body, pointer in [
        (scene({"device": "iPhone 17", "iOS": 27}), "/screen/iOS"),
        (scene({"device": "iPhone 17", "iOS": 21}), "/screen/iOS"),
        (scene({"device": "iPhone 17"}, behavior="sometimes"), "/root/tabBarMinimizeBehavior"),
        (scene({"device": "iPhone 16 Pro"}), "/root/tabBarMinimizeBehavior"),
        ({"screen": {"device": "iPhone 17"}, "root": {"id": "a", "tabBarMinimizeBehavior": "never"}}, "/root/tabBarMinimizeBehavior"),
    ]:
        problem = assert_problem(server.post("/v1/sessions", body), 422, "invalid-request")
        assert problem["pointer"] == pointer, (body, problem)
    sid = create(server, scene({"device": "iPhone 17"}))
    r = server.post(f"/v1/sessions/{sid}/actions", {"type": "scroll", "view": "", "viewController": "a", "contentOffset": {"x": 0, "y": 1}, "drag": "flung"})
    assert assert_problem(r, 422, "invalid-request")["pointer"] == "/drag"
