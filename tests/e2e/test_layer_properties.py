"""Issue 11, item 2: layer properties end to end, from a view spec and an animator through the
snapshot JSON (docs/semantics.md § Layer properties)."""
import math

from test_api import DETAIL, SCENE, create, find

# A card flip written as UIKit code writes it: both faces not double-sided, the back face a half
# turn away, the front turning 0 → π and the back −π → 0 over 0.5 s, linearly; the back face's
# corners rounded from 0 to 20 on the way.
CARD_FLIP = {"spec": {
    "duration": 0.5,
    "setup": [
        {"add": "to"},
        {"set": "to", "frame": "final", "isDoubleSided": False, "transform3D": [{"rotate3d": ["-pi", 0, 1, 0]}]},
        {"set": "from", "isDoubleSided": False},
    ],
    "animations": [{"duration": "duration", "curve": "linear", "changes": [
        {"view": "from", "transform3D": [{"rotate3d": ["pi", 0, 1, 0]}]},
        {"view": "to", "transform3D": "identity", "cornerRadius": 20}],
        "completion": [{"completeTransition": "!cancelled"}]}],
}}


def snapshot(server, sid, t):
    r = server.get(f"/v1/sessions/{sid}/snapshot", params={"t": t})
    assert r.status_code == 200, r.text
    return r.json()["root"]


def test_a_card_flip_reports_the_face_turned_away_invisible(server):
    sid = create(server)
    r = server.post(f"/v1/sessions/{sid}/actions", {"type": "push", "viewController": DETAIL, "animator": CARD_FLIP})
    assert r.status_code == 200, r.text
    for t, front_shows in [(0.1, True), (0.2, True), (0.3, False), (0.4, False)]:
        root = snapshot(server, sid, t)
        front, back = find(root, "things", ""), find(root, "detail", "")
        # `visible` is written only when false; `hidden` stays the view's own property.
        assert ("visible" not in front) == front_shows and ("visible" not in back) == (not front_shows), t
        assert front["hidden"] is False and back["hidden"] is False
        assert front["isDoubleSided"] is False and back["isDoubleSided"] is False
        assert math.isclose(front["frame"]["width"], 320 * abs(math.cos(math.pi * t / 0.5)), abs_tol=1e-6)
        assert math.isclose(back["cornerRadius"], 20 * t / 0.5, abs_tol=1e-9), t
    # The defaults are not written: the navigation bar has no layer member at all.
    bar = snapshot(server, sid, 0.3)
    stack = [bar]
    while stack:
        node = stack.pop()
        stack.extend(node["children"])
        if node.get("role") == "navigationBar":
            assert not {"cornerRadius", "anchorPoint", "zPosition", "isDoubleSided", "visibleRect", "visible"} & node.keys()


def test_spec_layer_properties_round_trip_and_clip(server):
    scene = {**SCENE, "root": {"id": "things", "view": {"id": "root", "children": [
        {"id": "box", "frame": {"x": 10, "y": 100, "width": 100, "height": 100}, "clipsToBounds": True, "cornerRadius": 8,
         "anchorPoint": {"x": 0, "y": 0}, "shadowOffset": {"width": 2, "height": 2}, "children": [
            {"id": "across", "frame": {"x": 50, "y": 50, "width": 100, "height": 100}}]}]}}}
    sid = create(server, scene)
    root = snapshot(server, sid, 0)
    box, across = find(root, "things", "box"), find(root, "things", "box/across")
    assert box["frame"] == {"x": 10, "y": 100, "width": 100, "height": 100}
    assert box["center"] == {"x": 10, "y": 100}
    assert box["anchorPoint"] == {"x": 0, "y": 0} and box["clipsToBounds"] is True and box["cornerRadius"] == 8
    assert box["shadowOffset"] == {"width": 2, "height": 2}
    assert across["visibleRect"] == {"x": 60, "y": 150, "width": 50, "height": 50}
    r = server.post("/v1/sessions", {**scene, "root": {"id": "x", "view": {"id": "root", "cornerRadius": -1}}})
    assert r.status_code == 422 and "/root/view/cornerRadius" in r.text
