"""iOS 26's floating sheet on an iPhone 17 (docs/semantics.md § iOS 26): below full height the
card floats 8 pt off the left, right and bottom edges with corners concentric with the display's
(62 − 8 = 54 pt); within 10.2 pt of full height it is edge to edge; the page under it does not
recede; a pull between detents blends the inset and the radius. iOS 18 is unchanged."""
import pytest

W, H, BOTTOM = 402, 874, 34
LARGE_TOP = 0.08 * H
FULL = H - LARGE_TOP            # the large card's height
MAXIMUM = FULL - BOTTOM         # the largest custom detent value (above the bottom safe area)
MEDIUM_TOP = H - FULL / 2


def session(server, ios=26):
    scene = {"screen": {"device": "iPhone 17", "iOS": ios},
             "root": {"type": "navigation", "id": "nav", "viewControllers": [{"id": "a", "title": "A"}]}}
    return server.post("/v1/sessions", scene).json()["id"]


def present(server, sid, sheet, animated=False):
    out = server.post(f"/v1/sessions/{sid}/actions",
                      {"type": "present", "animated": animated, "viewController": {"id": "s", "sheet": sheet}})
    assert out.status_code == 200, out.text
    return out


def node(server, sid, t, controller):
    views = server.get(f"/v1/sessions/{sid}/snapshot", params={"t": t, "flat": "true"}).json()["views"]
    return next(v for v in views if v.get("viewController") == controller and v["path"] == "")


def close(a, b):
    return abs(a - b) < 1e-6


def test_a_medium_sheet_floats_inset_with_concentric_corners(server):
    sid = session(server)
    present(server, sid, {"detents": ["medium", "large"]})
    card = node(server, sid, 0, "s")
    f = card["windowFrame"]
    assert (f["x"], f["width"]) == (8, W - 16)
    assert close(f["y"], MEDIUM_TOP) and close(f["y"] + f["height"], H - 8)
    # All four corners rounded (the default mask, which the snapshot leaves out).
    assert card["cornerRadius"] == 54 and "maskedCorners" not in card
    page = node(server, sid, 0, "nav")
    assert page["windowFrame"] == {"x": 0, "y": 0, "width": W, "height": H}, "the page does not recede"
    assert page.get("cornerRadius", 0) == 0
    # The picture draws the card as a rounded rect at its inset frame.
    svg = server.get(f"/v1/sessions/{sid}/snapshot.svg", params={"t": 0}).text
    assert f'width="{W - 16}" height="{f["height"]}" rx="54" ry="54" transform="matrix(1 0 0 1 8 {f["y"]})"' in svg


def test_the_large_sheet_is_edge_to_edge(server):
    sid = session(server)
    present(server, sid, {"detents": ["medium", "large"], "selectedDetent": "large"})
    card = node(server, sid, 0, "s")
    assert card["windowFrame"] == {"x": 0, "y": pytest.approx(LARGE_TOP), "width": W, "height": pytest.approx(FULL)}
    assert card["cornerRadius"] == 10
    assert node(server, sid, 0, "nav")["windowFrame"] == {"x": 0, "y": 0, "width": W, "height": H}


@pytest.mark.parametrize("short, floats", [(10, False), (11, True)])
def test_a_custom_detent_near_full_height(server, short, floats):
    """montage-ios #520: within 10.2 pt of the maximum the sheet fills edge to edge."""
    sid = session(server)
    present(server, sid, {"detents": [{"identifier": "tall", "height": MAXIMUM - short}]})
    card = node(server, sid, 0, "s")
    f = card["windowFrame"]
    inset = 8 if floats else 0
    assert close(f["x"], inset) and close(f["width"], W - 2 * inset)
    assert close(f["y"], LARGE_TOP + short) and close(f["y"] + f["height"], H - inset)
    assert card["cornerRadius"] == (54 if floats else 10)
    state = server.get(f"/v1/sessions/{sid}").json()["controllers"]["presented"]
    assert state["selectedDetent"] == "tall"


def test_the_same_requests_on_ios_18_keep_the_edge_attached_card(server):
    sid = session(server, ios=18)
    present(server, sid, {"detents": ["medium", "large"]})
    card = node(server, sid, 0, "s")
    assert card["windowFrame"]["x"] == 0 and card["windowFrame"]["width"] == W
    assert card["cornerRadius"] == 10 and card["maskedCorners"] == ["minXMinY", "maxXMinY"]
    assert node(server, sid, 0, "nav")["windowFrame"]["width"] < W, "the dimmed page recedes"


def test_a_drag_between_detents_interpolates(server):
    sid = session(server)
    present(server, sid, {"detents": ["medium", "large"]})
    travel = MEDIUM_TOP - LARGE_TOP
    samples = [{"type": "gesture", "recognizer": "pan", "phase": phase, "at": t, "translation": {"x": 0, "y": dy},
                "velocity": {"x": 0, "y": 0}} for phase, t, dy in [("began", 1, 0), ("changed", 1.1, -travel / 2)]]
    assert server.post(f"/v1/sessions/{sid}/actions", samples).status_code == 200
    card = node(server, sid, 1.1, "s")
    f = card["windowFrame"]
    # Halfway: half the inset, the radius halfway between 54 and 10.
    assert close(f["x"], 4) and close(f["width"], W - 8) and close(f["y"], MEDIUM_TOP - travel / 2)
    assert close(card["cornerRadius"], 32)
    # Flung up it settles at large, edge to edge, and the delegate hears of it.
    end = {"type": "gesture", "recognizer": "pan", "phase": "ended", "at": 1.2, "translation": {"x": 0, "y": -travel / 2},
           "velocity": {"x": 0, "y": -1500}}
    assert server.post(f"/v1/sessions/{sid}/actions", end).status_code == 200
    server.post(f"/v1/sessions/{sid}/clock", {"to": 3})
    card = node(server, sid, 3, "s")
    assert card["windowFrame"]["x"] == 0 and card["cornerRadius"] == 10
    events = [e.get("detent") for e in server.get(f"/v1/sessions/{sid}/events").json()["events"]
              if e["type"] == "sheetPresentationControllerDidChangeSelectedDetentIdentifier"]
    assert events == ["large"]


def test_the_presentation_rises_to_the_floating_frame(server):
    sid = session(server)
    present(server, sid, {"detents": ["medium"]}, animated=True)
    start, end = node(server, sid, 0, "s"), node(server, sid, 2, "s")
    assert start["windowFrame"]["x"] == 8 and close(start["windowFrame"]["y"], H)
    assert end["windowFrame"]["x"] == 8 and close(end["windowFrame"]["y"], MEDIUM_TOP)


def test_custom_detent_problems(server):
    old = server.post("/v1/sessions", {"screen": {"device": "iPhone 8", "iOS": 15},
                                       "root": {"type": "navigation", "id": "nav", "viewControllers": [{"id": "a"}]}}).json()["id"]
    refused = server.post(f"/v1/sessions/{old}/actions", {"type": "present", "viewController": {
        "id": "s", "sheet": {"detents": ["medium", {"identifier": "tall", "height": 500}]}}})
    assert refused.status_code == 422 and refused.json()["pointer"] == "/viewController/sheet/detents/1"
    sid = session(server)
    for bad, pointer in [({"identifier": "large", "height": 500}, "/viewController/sheet/detents/0/identifier"),
                         ({"identifier": "tall", "height": 0}, "/viewController/sheet/detents/0/height"),
                         ({"identifier": "tall"}, "/viewController/sheet/detents/0/height")]:
        out = server.post(f"/v1/sessions/{sid}/actions", {"type": "present", "viewController": {"id": "s", "sheet": {"detents": [bad]}}})
        assert out.status_code == 422 and out.json()["pointer"] == pointer, out.text
    present(server, sid, {"detents": [{"identifier": "peek", "height": 200}, "large"]})
    unknown = server.post(f"/v1/sessions/{sid}/actions", {"type": "selectDetent", "viewController": "s", "detent": "tall"})
    assert unknown.status_code == 422 and unknown.json()["pointer"] == "/detent" and "'peek'" in unknown.json()["detail"]
    ok = server.post(f"/v1/sessions/{sid}/actions", {"type": "selectDetent", "viewController": "s", "detent": "large", "at": 1})
    assert ok.status_code == 200
