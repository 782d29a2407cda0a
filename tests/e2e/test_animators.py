"""The animator language and the built-in catalogue, end to end against the real binary.

Every catalogue name works through HTTP for each of its operations, what
`GET /v1/animators/{name}` serves posted back inline gives byte-identical snapshots, and bad
inline specs are 422 problems with a JSON pointer. Plain HTTP (urllib), the way curl would.
"""

import json
import os
import urllib.error
import urllib.request

import pytest

from conftest import DETAIL, THINGS_SCENE

PINNED = ["default", "slide", "coverVertical", "crossDissolve", "flipFromLeft", "flipFromRight",
          "curlUp", "curlDown", "zoom", "flip", "overlay", "fade", "sidePanel", "sheet", "formSheet", "alert", "actionSheet",
          "popover"]


class Api:
    def __init__(self, base):
        self.base = base.rstrip("/")

    def request(self, method, path, body=None, content_type="application/json"):
        data = None
        headers = {}
        if body is not None:
            data = body if isinstance(body, bytes) else json.dumps(body).encode()
            headers["Content-Type"] = content_type
        req = urllib.request.Request(self.base + path, data=data, method=method, headers=headers)
        try:
            with urllib.request.urlopen(req, timeout=30) as r:
                return r.status, dict(r.headers), r.read()
        except urllib.error.HTTPError as e:
            return e.code, dict(e.headers), e.read()

    def json(self, method, path, body=None, expect=200):
        status, headers, raw = self.request(method, path, body)
        assert status == expect, f"{method} {path}: {status} {raw[:500]!r}"
        return json.loads(raw) if raw else None


@pytest.fixture(scope="module")
def api(base_url):
    """The server conftest.py starts (the real binary on loopback), spoken to in plain HTTP."""
    return Api(base_url)


# ----------------------------------------------------------------------------------------------
# Scenes and operations

THINGS = THINGS_SCENE
HOME = {"screen": {"width": 320, "height": 568}, "root": {"id": "home", "title": "Home"}}
TABS = {"screen": {"width": 320, "height": 568}, "root": {"type": "tabBar", "id": "tabs", "viewControllers": [
    {"id": "a", "title": "A"}, {"id": "b", "title": "B"}, {"id": "c", "title": "C"}]}}

# A popover points at a view: an iPad showing `home` with the button `share`.
IPAD = {"screen": {"device": "iPad (10th)"}, "root": {"id": "home", "view": {"id": "root", "children": [
    {"id": "share", "frame": {"x": 400, "y": 100, "width": 40, "height": 40}}]}}}
POPOVER = {"id": "sheet", "modalPresentationStyle": "popover", "popoverPresentation": {"sourceView": "share"}}

ZOOM_PUSH = {"sourceView": "cell-3/image", "targetView": "image"}
ZOOM_POP = {"sourceView": "image", "targetView": "cell-3/image"}
CUSTOM = {"overlay", "sidePanel", "alert", "actionSheet"}


def operations(name):
    """(operation, parameters) for each operation the animator has, as CatalogueTests exercise them."""
    table = {
        "default": ["push", "pop", "present", "dismiss"],
        "slide": ["push", "pop"],
        "coverVertical": ["present", "dismiss"],
        "crossDissolve": ["push", "pop", "present", "dismiss", "selectTab"],
        "flipFromLeft": ["push", "pop", "present", "dismiss", "selectTab"],
        "flipFromRight": ["push", "pop", "present", "dismiss", "selectTab"],
        "curlUp": ["push", "pop", "present", "dismiss", "selectTab"],
        "curlDown": ["push", "pop", "present", "dismiss", "selectTab"],
        "zoom": ["push", "pop"], "flip": ["push", "pop"],
        "overlay": ["present", "dismiss"], "sidePanel": ["present", "dismiss"], "sheet": ["present", "dismiss"],
        "formSheet": ["present", "dismiss"], "popover": ["present", "dismiss"],
        "alert": ["present", "dismiss"], "actionSheet": ["present", "dismiss"],
        "fade": ["push", "pop", "present", "dismiss", "selectTab"],
    }
    return table[name]


def choice(name, operation):
    if name == "zoom":
        return dict({"name": "zoom"}, **(ZOOM_PUSH if operation == "push" else ZOOM_POP))
    return name


def run(api, name, operation, animator, checked=True):
    """Creates a session, prepares it, runs `operation` at t = 2 with `animator`; the session id
    (and, when not `checked`, the status and body of the actions request)."""
    style = "custom" if name in CUSTOM else "popover" if name == "popover" else "fullScreen"
    presented = POPOVER if name == "popover" else {"id": "sheet"}
    scene = {"push": THINGS, "pop": THINGS, "selectTab": TABS}.get(operation, IPAD if name == "popover" else HOME)
    sid = api.json("POST", "/v1/sessions", scene, expect=201)["id"]
    before = []
    if operation == "pop":
        before.append({"type": "push", "viewController": DETAIL, "animator": choice(name, "push")})
    if operation == "dismiss":
        before.append({"type": "present", "modalPresentationStyle": style, "viewController": presented,
                       "animator": {"name": name}})
    action = {
        "push": {"type": "push", "viewController": DETAIL},
        "pop": {"type": "pop"},
        "selectTab": {"type": "selectTab", "index": 1},
        "present": {"type": "present", "modalPresentationStyle": style, "viewController": presented},
        "dismiss": {"type": "dismiss"},
    }[operation]
    action = dict(action, at=2, animator=animator)
    if not checked:
        status, _, raw = api.request("POST", f"/v1/sessions/{sid}/actions", before + [action])
        return sid, status, raw
    api.json("POST", f"/v1/sessions/{sid}/actions", before + [action])
    return sid


TIMES = "2,2.05,2.1,2.15,2.2,2.3,2.4,2.5,2.75,3,4"


def inline(api, name, operation):
    """The served spec, with the named choice's parameter overrides written into its defaults."""
    spec = api.json("GET", f"/v1/animators/{name}")
    named = choice(name, operation)
    if isinstance(named, dict):
        for key, value in named.items():
            if key != "name":
                spec["parameters"][key] = value
    return {"spec": spec}


# ----------------------------------------------------------------------------------------------
# Tests


def test_catalogue_lists_the_pinned_names_with_what_each_needs(api):
    listed = api.json("GET", "/v1/animators")["animators"]
    assert [a["name"] for a in listed] == PINNED
    for a in listed:
        assert a["operations"] == operations(a["name"]), a["name"]
        assert isinstance(a["parameters"], dict) and a["summary"] and a["source"]
    overlay = next(a for a in listed if a["name"] == "overlay")
    assert overlay["parameters"]["presentDuration"] == 0.5 and overlay["parameters"]["dismissDuration"] == 0.2
    assert overlay["parameters"]["damping"] == 0.55 and overlay["parameters"]["dismissVelocity"] == -15
    assert next(a for a in listed if a["name"] == "zoom")["parameters"]["duration"] == 0.3
    assert next(a for a in listed if a["name"] == "fade")["parameters"]["duration"] == 0.35


def test_each_animator_is_served_in_the_language(api):
    for name in PINNED:
        spec = api.json("GET", f"/v1/animators/{name}")
        assert spec["name"] == name and "parameters" in spec
        assert any(op in spec for op in ("push", "pop", "present", "dismiss", "selectTab"))
    status, headers, raw = api.request("GET", "/v1/animators/wobble")
    assert status == 404
    assert headers.get("Content-Type", "").startswith("application/problem+json")


@pytest.mark.parametrize("name", PINNED)
def test_every_catalogue_animator_runs_each_operation_over_http(api, name):
    for operation in operations(name):
        sid = run(api, name, operation, choice(name, operation))
        shot = api.json("GET", f"/v1/sessions/{sid}/snapshot?t=2.1")
        assert shot["transition"]["operation"] == operation
        assert shot["transition"]["phase"] in ("animating", "completed"), (name, operation)
        done = api.json("GET", f"/v1/sessions/{sid}/snapshot?t=5")
        assert done["transition"]["phase"] == "completed", (name, operation)
        assert done["transition"]["diagnostics"] == [], (name, operation, done["transition"]["diagnostics"])
        api.request("DELETE", f"/v1/sessions/{sid}")


@pytest.mark.parametrize("name", PINNED)
def test_served_spec_posted_back_inline_gives_byte_identical_snapshots(api, name):
    for operation in operations(name):
        a = run(api, name, operation, choice(name, operation))
        b = run(api, name, operation, inline(api, name, operation))
        status_a, _, body_a = api.request("GET", f"/v1/sessions/{a}/snapshots?t={TIMES}")
        status_b, _, body_b = api.request("GET", f"/v1/sessions/{b}/snapshots?t={TIMES}")
        assert status_a == status_b == 200
        assert body_a == body_b, (name, operation)
        api.request("DELETE", f"/v1/sessions/{a}")
        api.request("DELETE", f"/v1/sessions/{b}")


def test_zoom_as_the_design_walkthrough_writes_it(api):
    sid = api.json("POST", "/v1/sessions", THINGS, expect=201)["id"]
    api.json("POST", f"/v1/sessions/{sid}/actions",
             {"type": "push", "viewController": DETAIL, "animator": dict({"name": "zoom"}, **ZOOM_PUSH)})
    frames = api.json("GET", f"/v1/sessions/{sid}/snapshots?t=0,0.15,0.3&flat=true")["snapshots"]
    snapshots = [[v for v in f["views"] if v.get("role") == "snapshot"] for f in frames]
    assert snapshots[0][0]["frame"] == {"x": 110, "y": 80, "width": 100, "height": 100}
    assert snapshots[1][0]["frame"] == {"x": 65, "y": 82, "width": 190, "height": 190}   # easeInOut is symmetric
    assert snapshots[2] == []
    assert frames[2]["transition"]["completedAt"] == 0.3


def test_bad_inline_specs_are_422_problems_with_a_pointer(api):
    sid = api.json("POST", "/v1/sessions", THINGS, expect=201)["id"]
    cases = [
        ({"duration": 0.3, "setup": [{"set": "$ghost", "alpha": 1}]}, "/animator/spec/setup/0/set"),
        ({"duration": 0.3, "animations": [{"duration": 0.3, "changes": [{"view": "to", "hidden": True}]}]},
         "/animator/spec/animations/0/changes/0/hidden"),
        ({"duration": 0.3, "animations": [{"duration": -1}]}, "/animator/spec/animations/0/duration"),
        ({"duration": 0.3, "setup": [{"set": "to", "alpha": "speed * 2"}]}, "/animator/spec/setup/0/alpha"),
        ({"duration": 0.3, "setup": [{"transition": "spin"}]}, "/animator/spec/setup/0/transition"),
    ]
    for spec, pointer in cases:
        status, headers, raw = api.request("POST", f"/v1/sessions/{sid}/actions",
                                           {"type": "push", "viewController": DETAIL, "animator": {"spec": spec}})
        assert status == 422, raw
        assert headers.get("Content-Type", "").startswith("application/problem+json")
        problem = json.loads(raw)
        assert problem["pointer"] == pointer, problem
        assert problem["status"] == 422 and problem["detail"]
    # An unknown parameter, in an array of actions: the pointer says which action.
    status, _, raw = api.request("POST", f"/v1/sessions/{sid}/actions",
                                 [{"type": "push", "viewController": DETAIL, "animator": {"name": "fade", "speed": 2}}])
    assert status == 422 and json.loads(raw)["pointer"] == "/0/animator/speed"
    # The session is untouched by the refused requests.
    assert api.json("GET", f"/v1/sessions/{sid}")["controllers"]["topViewController"] == "things"


def test_session_animators_and_parameter_overrides(api):
    mine = {"parameters": {"duration": 0.25},
            "duration": "duration",
            "setup": [{"set": "to", "frame": "final", "alpha": 0}, {"add": "to"}],
            "animations": [{"duration": "duration", "curve": "linear", "changes": [{"view": "to", "alpha": 1}],
                            "completion": [{"completeTransition": "!cancelled"}]}]}
    scene = dict(THINGS, animators={"mine": mine})
    sid = api.json("POST", "/v1/sessions", scene, expect=201)["id"]
    api.json("POST", f"/v1/sessions/{sid}/actions",
             {"type": "push", "viewController": DETAIL, "animator": {"name": "mine", "duration": 0.5}})
    shot = api.json("GET", f"/v1/sessions/{sid}/snapshot?t=0.25&flat=true")
    assert shot["transition"]["animator"] == "mine" and shot["transition"]["duration"] == 0.5
    detail = next(v for v in shot["views"] if v.get("viewController") == "detail" and v["path"] == "")
    assert detail["alpha"] == 0.5


def test_a_flip_shows_its_3d_transform(api):
    sid = run(api, "flip", "push", "flip")
    shot = api.json("GET", f"/v1/sessions/{sid}/snapshot?t=2.1&flat=true")
    things = next(v for v in shot["views"] if v.get("viewController") == "things" and v["path"] == "")
    assert len(things["transform3D"]) == 16
    assert things["transform3D"][11] == -0.002 * things["transform3D"][10]   # m34 = m33 · (−1/500)
    done = api.json("GET", f"/v1/sessions/{sid}/snapshot?t=3&flat=true")
    detail = next(v for v in done["views"] if v.get("viewController") == "detail" and v["path"] == "")
    assert "transform3D" not in detail


def test_literal_000_001_push_reports_the_hidden_image_view(api):
    literal = {"duration": 0.3,
               "setup": [{"snapshot": "snap", "of": "from/cell-3/image"}, {"set": "from/cell-3/image", "hidden": True},
                         {"set": "to", "frame": "final", "alpha": 0}, {"set": "to/image", "hidden": True},
                         {"add": "to"}, {"add": "$snap"}],
               "animations": [{"duration": "duration",
                               "changes": [{"view": "to", "alpha": 1}, {"view": "$snap", "frame": {"frameOf": "to/image"}}],
                               "completion": [{"set": "to/image", "hidden": False}, {"set": "from/cell-3", "hidden": False},
                                              {"remove": "$snap"}, {"completeTransition": "!cancelled"}]}]}
    sid = api.json("POST", "/v1/sessions", THINGS, expect=201)["id"]
    api.json("POST", f"/v1/sessions/{sid}/actions", {"type": "push", "viewController": DETAIL, "animator": {"spec": literal}})
    diagnostics = api.json("GET", f"/v1/sessions/{sid}/snapshot?t=1")["transition"]["diagnostics"]
    assert [d["code"] for d in diagnostics] == ["view-left-hidden"]
    assert diagnostics[0]["view"] == "things:cell-3/image"


HOSTILE = [0, -1, 1e308, -1e308, 1e-320, "1 / 0", "pi * 1e300", "$nobody", "from/missing", "container", "@nothing",
           [], {}, None, True, "x" * 300, "((((((((((1))))))))))", -0.0, 600.5, "to.finalFrame.depth", 0.001, 2, "to",
           "from", "source", "easeIn", {"spring": {"dampingRatio": 0.1, "initialVelocity": 50}}, "-1 / 3"]


def _mutations(spec, rng):
    """A copy of a spec with one to three of its values replaced by hostile ones."""
    spec = json.loads(json.dumps(spec))
    paths = []

    def walk(value, path):
        if isinstance(value, dict):
            for k, v in value.items():
                paths.append(path + [k])
                walk(v, path + [k])
        elif isinstance(value, list):
            for i, v in enumerate(value):
                paths.append(path + [i])
                walk(v, path + [i])
    walk(spec, [])
    for _ in range(rng.randint(1, 3)):
        path = rng.choice(paths)
        target = spec
        try:
            for key in path[:-1]:
                target = target[key]
            target[path[-1]] = rng.choice(HOSTILE)
        except (KeyError, IndexError, TypeError):
            pass
    return spec


def test_hostile_variations_of_every_animator_never_break_the_service(api):
    import random
    rng = random.Random(int(os.environ.get("HOSTILE_SEED", "5")))
    statuses = set()
    for _ in range(int(os.environ.get("HOSTILE_ROUNDS", "8"))):
        for name in PINNED:
            for operation in operations(name):
                spec = inline(api, name, operation)["spec"]
                sid, status, raw = run(api, name, operation, {"spec": _mutations(spec, rng)}, checked=False)
                statuses.add(status)
                assert status in (200, 422), (name, operation, status, raw[:300])
                shots = api.request("GET", f"/v1/sessions/{sid}/snapshots?t=2,2.1,2.3,3,9")
                assert shots[0] == 200, (name, operation, shots[0], shots[2][:300])
                api.request("DELETE", f"/v1/sessions/{sid}")
    assert statuses == {200, 422}
    assert api.request("GET", "/livez")[0] == 200


def test_inline_spec_overrides_and_choices_checked_at_creation(api):
    """docs/animators.md § Choosing an animator: overrides beside an inline spec, and a bad name or
    override is a 422 at its member when the session or request is made, not when it runs."""
    fade = {"parameters": {"duration": 0.4},
            "duration": "duration",
            "setup": [{"set": "to", "frame": "final", "alpha": 0}, {"add": "to"}],
            "animations": [{"duration": "duration", "curve": "linear", "changes": [{"view": "to", "alpha": 1}],
                            "completion": [{"completeTransition": "!cancelled"}]}]}
    sid = api.json("POST", "/v1/sessions", THINGS, expect=201)["id"]
    api.json("POST", f"/v1/sessions/{sid}/actions",
             {"type": "push", "viewController": DETAIL, "animator": {"spec": fade, "duration": 0.8}})
    shot = api.json("GET", f"/v1/sessions/{sid}/snapshot?t=0.2&flat=true")
    assert shot["transition"]["duration"] == 0.8
    detail = next(v for v in shot["views"] if v.get("viewController") == "detail" and v["path"] == "")
    assert abs(detail["alpha"] - 0.25) < 1e-9   # linear over 0.8 s, not 0.5 as over the default 0.4 s
    api.request("DELETE", f"/v1/sessions/{sid}")

    def problem(status, raw, pointer):
        assert status == 422, raw
        body = json.loads(raw)
        assert body["pointer"] == pointer, body
        return body

    # In a session: a controller's unknown animator, an override it does not declare, a rule's name.
    nav = THINGS["root"]
    things = dict(nav["viewControllers"][0], pushAnimator={"name": "zoom", "durations": 1})
    status, _, raw = api.request("POST", "/v1/sessions", dict(THINGS, root=dict(nav, viewControllers=[things])))
    problem(status, raw, "/root/viewControllers/0/pushAnimator/durations")
    status, _, raw = api.request("POST", "/v1/sessions", dict(THINGS, rules=[{"operation": "pop", "animator": "slid"}]))
    assert "unknown animator 'slid'" in problem(status, raw, "/rules/0/animator")["detail"]
    # In a request: nothing runs, the session is untouched.
    sid = api.json("POST", "/v1/sessions", THINGS, expect=201)["id"]
    for animator, pointer in [({"spec": fade, "duration": "long"}, "/0/animator/duration"),
                              ({"spec": fade, "speed": 2}, "/0/animator/speed"),
                              ({"name": "slide", "curve": "wobbly"}, "/0/animator/curve"),
                              ({"name": "zom"}, "/0/animator/name")]:
        status, _, raw = api.request("POST", f"/v1/sessions/{sid}/actions",
                                     [{"type": "push", "viewController": DETAIL, "animator": animator}])
        problem(status, raw, pointer)
    # A presented controller's own choices are checked when it is presented, not when it is dismissed.
    status, _, raw = api.request("POST", f"/v1/sessions/{sid}/actions",
                                 {"type": "present", "viewController": dict(DETAIL, dismissAnimator="fadez")})
    problem(status, raw, "/viewController/dismissAnimator")
    assert api.json("GET", f"/v1/sessions/{sid}")["controllers"]["topViewController"] == "things"
    api.request("DELETE", f"/v1/sessions/{sid}")


def test_the_full_screen_cover_rides_uikits_curve_seven(server):
    """The default full-screen presentation (`coverVertical`) on UIKit's curve 7: the system
    spring, critically damped (ω₀ = √(1000/3)), stopped at 0.5 s
    (docs/reference.md § Cover vertical); the dismissal the same way down."""
    import math

    def fallen(t):
        w = math.sqrt(1000 / 3)
        return math.exp(-w * t) * (1 + w * t)

    sid = server.post("/v1/sessions", {"screen": {"width": 320, "height": 568, "scale": 2},
                                       "root": {"id": "home", "title": "Home"}}).json()["id"]
    r = server.post(f"/v1/sessions/{sid}/actions", {"type": "present", "viewController": {"id": "sheet"}})
    assert r.status_code == 200 and r.json()["transition"]["animator"] == "coverVertical"

    def top(t):
        flat = server.get(f"/v1/sessions/{sid}/snapshot", params={"t": t, "flat": "true"}).json()["views"]
        found = [v for v in flat if v.get("viewController") == "sheet" and v["path"] == ""]
        return found[0]["windowFrame"]["y"] if found else None

    for t in (0, 0.05, 0.1, 0.25, 0.499):
        assert abs(top(t) - 568 * fallen(t)) < 1e-6, t
    assert abs(top(0.1) - 258.57) < 0.01 and top(0.5) == 0
    server.post(f"/v1/sessions/{sid}/actions", {"type": "dismiss", "at": 1})
    for t in (0, 0.1, 0.3):
        assert abs(top(1 + t) - 568 * (1 - fallen(t))) < 1e-6, t
    assert top(1.5) is None
