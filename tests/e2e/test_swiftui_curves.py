"""SwiftUI's curve names through POST /v1/timing/sample, each against the closed form of the
spring Apple's pages describe (docs/timing.md § SwiftUI's names): Spring(duration: d, bounce: b)
is ω₀ = 2π / d and ζ = 1 − b, from rest."""
import math

import pytest

TIMES = [0, 0.05, 0.1, 0.2, 0.3, 0.5, 0.8]


def closed_form(t, duration, bounce):
    w0, zeta = 2 * math.pi / duration, 1 - bounce
    if zeta == 1:
        return 1 - math.exp(-w0 * t) * (1 + w0 * t)
    wd = w0 * math.sqrt(1 - zeta * zeta)
    return 1 - math.exp(-zeta * w0 * t) * (math.cos(wd * t) + zeta * w0 / wd * math.sin(wd * t))


def sample(server, timing, **extra):
    return server.post("/v1/timing/sample", {"timing": timing, "times": TIMES, **extra})


@pytest.mark.parametrize("timing, duration, bounce", [
    ("smooth", 0.5, 0), ("snappy", 0.5, 0.15), ("bouncy", 0.5, 0.3), ("interactiveSpring", 0.15, 0.14), ("spring", 0.5, 0),
    ({"snappy": {"duration": 0.4, "extraBounce": 0.1}}, 0.4, 0.25), ({"bouncy": {"extraBounce": -0.1}}, 0.5, 0.2),
    ({"smooth": {"duration": 0.3}}, 0.3, 0), ({"spring": {"duration": 0.4}}, 0.4, 0), ({"spring": {"bounce": 0.2}}, 0.5, 0.2),
])
def test_each_name_is_its_spring(server, timing, duration, bounce):
    out = sample(server, timing)
    assert out.status_code == 200, out.text
    body = out.json()
    for t, v in zip(TIMES, body["values"]):
        assert abs(v - closed_form(t, duration, bounce)) < 1e-9, (timing, t)
    # A spring runs until it settles: longer than its perceptual duration when it bounces.
    assert body["duration"] > 0.5 * duration


def test_swiftui_default_changed_in_ios_17(server):
    before = sample(server, "swiftUIDefault", iOS=16).json()
    ease = sample(server, "easeInOut", duration=0.35).json()
    assert before["duration"] == 0.35 and before["values"] == ease["values"]
    for extra in ({"iOS": 17}, {"iOS": 26}, {}):
        after = sample(server, "swiftUIDefault", **extra).json()
        for t, v in zip(TIMES, after["values"]):
            assert abs(v - closed_form(t, 0.55, 0)) < 1e-9, (extra, t)
    # Core Animation's "default" is still kCAMediaTimingFunctionDefault.
    assert sample(server, "default", duration=1).json()["values"][2] != after["values"][2]


def test_an_animator_curve_takes_a_swiftui_name(server):
    scene = {"screen": {"device": "iPhone 15"}, "root": {"type": "navigation", "id": "nav", "viewControllers": [{"id": "a"}]}}
    sid = server.post("/v1/sessions", scene).json()["id"]
    out = server.post(f"/v1/sessions/{sid}/actions",
                      {"type": "push", "viewController": {"id": "b"}, "animator": {"name": "fade", "curve": "snappy"}})
    assert out.status_code == 200, out.text
    alpha = next(v for v in server.get(f"/v1/sessions/{sid}/snapshot", params={"t": 0.1, "flat": "true"}).json()["views"]
                 if v.get("viewController") == "b" and v["path"] == "")["alpha"]
    assert abs(alpha - min(1, closed_form(0.1, 0.5, 0.15))) < 1e-9


@pytest.mark.parametrize("timing, pointer", [
    ("snapy", "/timing"),
    ({"snapy": {}}, "/timing/snapy"),
    ({"snappy": {"duration": 0}}, "/timing/snappy/duration"),
    ({"snappy": {"extraBounce": 0.9}}, "/timing/snappy/extraBounce"),
    ({"snappy": {"bounce": 0.2}}, "/timing/snappy/bounce"),
])
def test_a_bad_name_is_a_422_at_its_member(server, timing, pointer):
    out = sample(server, timing)
    assert out.status_code == 422 and out.headers["Content-Type"].startswith("application/problem+json")
    assert out.json()["pointer"] == pointer


def test_an_ios_the_service_does_not_model_is_refused(server):
    out = sample(server, "swiftUIDefault", iOS=19)
    assert out.status_code == 422 and out.json()["pointer"] == "/iOS"
