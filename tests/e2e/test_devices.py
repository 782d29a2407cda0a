"""Device profiles over HTTP: the list, a session on a profile, and its bars."""
from test_api import assert_problem


def test_devices_are_listed_and_a_session_takes_one(server):
    devices = server.get("/v1/devices").json()["devices"]
    by_name = {d["name"]: d for d in devices}
    assert by_name["iPhone 15"]["screen"] == {"device": "iPhone 15", "width": 393, "height": 852, "scale": 3,
                                               "safeAreaInsets": {"top": 59, "left": 0, "bottom": 34, "right": 0}, "iOS": 17}
    assert by_name["iPad (10th)"]["idiom"] == "pad"

    scene = {"screen": {"device": "iPhone 15"}, "root": {"type": "tabBar", "id": "tabs", "viewControllers": [
        {"type": "navigation", "id": "nav", "viewControllers": [{"id": "a", "title": "A"}]}, {"id": "b"}]}}
    created = server.post("/v1/sessions", scene)
    assert created.status_code == 201
    assert created.json()["screen"] == by_name["iPhone 15"]["screen"]
    views = server.get(f"/v1/sessions/{created.json()['id']}/snapshot", params={"flat": "true"}).json()["views"]
    frames = {v["role"]: v["windowFrame"] for v in views if v.get("role") in ("navigationBar", "tabBar")}
    assert frames == {"navigationBar": {"x": 0, "y": 59, "width": 393, "height": 44},
                      "tabBar": {"x": 0, "y": 769, "width": 393, "height": 83}}

    plain = server.post("/v1/sessions", {"root": {"id": "a"}}).json()["screen"]
    assert plain == {"device": None, "width": 320, "height": 568, "scale": 2,
                     "safeAreaInsets": {"top": 20, "left": 0, "bottom": 0, "right": 0}, "iOS": 7}
    assert_problem(server.post("/v1/sessions", {"screen": {"device": "iPhone 99"}, "root": {"id": "a"}}), 422, "invalid-request")
    assert_problem(server.post("/v1/sessions", {"screen": {"width": 320, "height": 568, "iOS": 19}, "root": {"id": "a"}}), 422,
                   "invalid-request")
