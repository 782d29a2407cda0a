"""A harness on iOS 17: a plain present is a sheet; pulled down a little it comes back."""


def test_present_pull_and_cancel_a_sheet_on_ios_17(server):
    scene = {"screen": {"device": "iPhone 15"},
             "root": {"type": "navigation", "id": "nav", "viewControllers": [{"id": "a", "title": "A"}]}}
    sid = server.post("/v1/sessions", scene).json()["id"]
    out = server.post(f"/v1/sessions/{sid}/actions", {"type": "present", "viewController": {"id": "s"}}).json()
    assert out["transition"]["animator"] == "sheet"

    def frames(t):
        views = server.get(f"/v1/sessions/{sid}/snapshot", params={"t": t, "flat": "true"}).json()["views"]
        return {v.get("viewController") or v.get("role"): v for v in views if v["path"] == "" or v.get("role") == "dimming"}

    rest = frames(1)
    assert abs(rest["s"]["windowFrame"]["y"] - 0.08 * 852) < 1e-6
    assert abs(rest["nav"]["windowFrame"]["y"] - 0.07 * 852) < 1e-6 and rest["dimming"]["alpha"] == 0.1
    assert server.get(f"/v1/sessions/{sid}").json()["controllers"]["presented"]["modalPresentationStyle"] == "pageSheet"

    pull = [{"type": "gesture", "recognizer": "pan", "phase": phase, "at": t, "translation": {"x": 0, "y": dy},
             "velocity": {"x": 0, "y": 40}} for phase, t, dy in [("began", 1, 0), ("changed", 1.1, 200), ("ended", 1.2, 200)]]
    assert server.post(f"/v1/sessions/{sid}/actions", pull).status_code == 200
    assert abs(frames(1.15)["s"]["windowFrame"]["y"] - (0.08 * 852 + 200)) < 1e-6
    server.post(f"/v1/sessions/{sid}/clock", {"to": 2})
    assert abs(frames(2)["s"]["windowFrame"]["y"] - 0.08 * 852) < 1e-6
    types = [e["type"] for e in server.get(f"/v1/sessions/{sid}/events").json()["events"]]
    assert "presentationControllerWillDismiss" in types and "presentationControllerDidDismiss" not in types
    assert types.count("cancelInteractiveTransition") == 1
