"""Issue 13: snapshot.svg and filmstrip.svg end to end, read back as XML and checked against the
JSON snapshot at the same t (docs/viewer.md)."""
import gzip
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from test_api import DETAIL, SCENE, create

SVG = "{http://www.w3.org/2000/svg}"
ZOOM = {"name": "zoom", "sourceView": "cell-3/image", "targetView": "image"}


def push(server, sid, animator=None, controller=DETAIL):
    action = {"type": "push", "viewController": controller}
    if animator:
        action["animator"] = animator
    r = server.post(f"/v1/sessions/{sid}/actions", action)
    assert r.status_code == 200, r.text


def svg_at(server, sid, t, **query):
    r = server.get(f"/v1/sessions/{sid}/snapshot.svg", params={"t": t, **query})
    assert r.status_code == 200, r.text
    assert r.headers["Content-Type"] == "image/svg+xml"
    return ET.fromstring(r.content)


def json_at(server, sid, t, **query):
    r = server.get(f"/v1/sessions/{sid}/snapshot", params={"t": t, **query})
    assert r.status_code == 200, r.text
    return r.json()


def view_groups(group):
    return [child for child in group if child.tag == SVG + "g"]


def quad(group):
    """The view's own shape: the first element of its group, a polygon of four corners."""
    shape = group[0]
    assert shape.tag == SVG + "polygon", shape.tag
    return [tuple(float(v) for v in pair.split(",")) for pair in shape.get("points").split()]


def window_group(svg):
    frame = svg.find(f"{SVG}g[@class='frame']")
    window = view_groups(frame)[0]
    assert window.get("data-role") == "window"
    return window


def walk(node, group, affine=True):
    """Pairs every drawn JSON view with its group, checking the structure on the way; yields
    (node, group, whether the chain to the window is affine)."""
    assert group.get("data-path") == node["path"]
    assert group.get("data-view-controller") == node["viewController"]
    assert group.get("data-role") == node.get("role")
    assert group.get("data-kind") == node["kind"]
    assert float(group.get("opacity", "1")) == pytest.approx(node["alpha"])
    affine = affine and "transform3D" not in node
    yield node, group, affine
    shown = [child for child in node["children"] if not child["hidden"]]
    groups = view_groups(group)
    assert [g.get("data-path") for g in groups] == [child["path"] for child in shown]
    for child, child_group in zip(shown, groups):
        yield from walk(child, child_group, affine)


def corners(rect):
    x, y, w, h = rect["x"], rect["y"], rect["width"], rect["height"]
    return [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]


def box(points):
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return {"x": min(xs), "y": min(ys), "width": max(xs) - min(xs), "height": max(ys) - min(ys)}


def test_every_view_is_a_group_whose_quad_is_its_window_frame(server):
    sid = create(server)
    push(server, sid, ZOOM)
    for t in (0, 0.12, 0.3):
        shot, svg = json_at(server, sid, t), svg_at(server, sid, t)
        drawn = list(walk(shot["root"], window_group(svg)))
        assert len(drawn) >= 7
        for node, group, affine in drawn:
            points = quad(group)
            identity = node["transform"] == {"a": 1, "b": 0, "c": 0, "d": 1, "tx": 0, "ty": 0}
            if affine and identity:
                assert points == corners(node["windowFrame"]), node["path"]
            elif affine:
                assert box(points) == pytest.approx(node["windowFrame"], abs=1e-9), node["path"]
            colour = node.get("backgroundColor")
            shape = group[0]
            if colour:
                assert shape.get("fill") == colour[:7]
            else:
                assert shape.get("fill") == "none" and shape.get("stroke")
    # Mid-zoom: the snapshot of the cell's image is drawn, marked, with the image's name on it.
    mid = svg_at(server, sid, 0.15)
    snap = mid.find(f".//{SVG}g[@data-role='snapshot']")
    assert snap is not None and "thing-3" in [e.text for e in snap.iter(SVG + "text")]
    assert "snapshot" in [e.text for e in snap.iter(SVG + "text")]
    caption = "".join(mid.find(f".//{SVG}text[@class='caption']").itertext())
    assert caption == "t = 0.15 s · push (zoom)animating · percentComplete 0.5"


def test_a_flipped_view_is_a_trapezoid_bounded_by_its_window_frame(server):
    sid = create(server)
    push(server, sid, "flipFromLeft", {"id": "back", "view": {"id": "root", "backgroundColor": "#0000ff"}})
    shot, svg = json_at(server, sid, 0.1), svg_at(server, sid, 0.1)
    flipped = [(n, g) for n, g, _ in walk(shot["root"], window_group(svg)) if "transform3D" in n]
    assert flipped
    for node, group in flipped:
        points = quad(group)
        assert box(points) == pytest.approx(node["windowFrame"], abs=1e-6)
        left, right = points[3][1] - points[0][1], points[2][1] - points[1][1]
        assert abs(left - right) > 1, "perspective makes one edge longer than the other"


def test_precision_and_determinism(server):
    sid = create(server)
    push(server, sid, ZOOM)
    url = f"/v1/sessions/{sid}/snapshot.svg?t=0.1234&precision=2"
    first, second = server.get(url), server.get(url)
    assert first.content == second.content
    for polygon in ET.fromstring(first.content).iter(SVG + "polygon"):
        for number in polygon.get("points").replace(",", " ").split():
            assert len(number.partition(".")[2]) <= 2


def test_film_strip_frames_side_by_side_with_their_times(server):
    sid = create(server)
    push(server, sid, ZOOM)
    svg = ET.fromstring(server.get(f"/v1/sessions/{sid}/filmstrip.svg?from=0&to=0.3&fps=10").content)
    frames = svg.findall(f"{SVG}g[@class='frame']")
    assert [float(f.get("data-time")) for f in frames] == pytest.approx([0, 0.1, 0.2, 0.3])
    assert float(svg.get("width")) == 4 * 320 + 3 * 16
    for i, frame in enumerate(frames[1:], 1):
        assert frame.get("transform") == f"translate({i * 336} 0)"
    listed = ET.fromstring(server.get(f"/v1/sessions/{sid}/filmstrip.svg?t=0.2,0").content)
    assert [f.get("data-time") for f in listed.findall(f"{SVG}g[@class='frame']")] == ["0.2", "0"]


@pytest.mark.parametrize("query, parameter", [
    ("snapshot.svg?t=-1", "t"), ("snapshot.svg?flat=true", "flat"), ("snapshot.svg?precision=x", "precision"),
    ("filmstrip.svg", "t"), ("filmstrip.svg?t=0&from=0", "t"), ("filmstrip.svg?from=0&to=5&fps=100", "fps"),
])
def test_bad_queries_are_problems_naming_the_parameter(server, query, parameter):
    sid = create(server)
    r = server.get(f"/v1/sessions/{sid}/{query}")
    assert r.status_code == 422
    assert r.headers["Content-Type"] == "application/problem+json"
    assert r.json()["parameter"] == parameter


def test_too_large_and_unknown_are_problems(make_server):
    s = make_server("--max-response-bytes", "65536")
    sid = create(s)
    r = s.get(f"/v1/sessions/{sid}/filmstrip.svg?from=0&to=3&fps=60")
    assert r.status_code == 422 and r.json()["type"] == "/problems/response-too-large"
    assert s.get("/v1/sessions/0123456789abcdef0123456789abcdef/snapshot.svg").status_code == 404


def test_the_shared_http_conventions_apply(make_server):
    origin = "http://app.example"
    s = make_server("--cors-origin", origin)
    sid = create(s)
    for path in (f"/v1/sessions/{sid}/snapshot.svg?t=0.1", f"/v1/sessions/{sid}/filmstrip.svg?t=0,0.1"):
        get = s.get(path, headers={"Origin": origin, "Accept-Encoding": "identity"})
        assert get.status_code == 200 and get.headers["Access-Control-Allow-Origin"] == origin
        assert get.headers["Cache-Control"] == "no-cache"
        head = s.request("HEAD", path, headers={"Accept-Encoding": "identity"})
        assert head.status_code == 200 and head.content == b""
        assert head.headers["Content-Length"] == get.headers["Content-Length"]
        again = s.get(path, headers={"If-None-Match": get.headers["ETag"], "Accept-Encoding": "identity"})
        assert again.status_code == 304 and again.content == b""
        zipped = s.get(path, headers={"Accept-Encoding": "gzip"}, stream=True)
        assert zipped.headers["Content-Encoding"] == "gzip"
        assert gzip.decompress(zipped.raw.read()) == get.content


@pytest.mark.parametrize("picture, times, drawn, frames_showing", [
    # The seeds' zoom: the grid's cell until the 0.3 s push completes and the grid leaves the window.
    ("zoom-push.svg", ["0", "0.1", "0.2", "0.3"], ".//{SVG}g[@data-path='cell-3']", 3),
    # iOS 18's fluid zoom: its clip (role zoomContainer), in every frame of the 0.49 s push.
    ("fluid-zoom.svg", ["0", "0.05", "0.1", "0.2"], ".//{SVG}g[@data-role='zoomContainer']", 4),
])
def test_the_readme_pictures_are_the_walkthroughs_film_strips(picture, times, drawn, frames_showing):
    """scripts/readme-picture makes them; the README shows them."""
    root = Path(__file__).resolve().parents[2]
    assert f"](docs/images/{picture})" in (root / "README.md").read_text()
    svg = ET.parse(root / "docs" / "images" / picture).getroot()
    frames = svg.findall(f"{SVG}g[@class='frame']")
    assert [f.get("data-time") for f in frames] == times
    assert all(f.find(drawn.format(SVG=SVG)) is not None for f in frames[:frames_showing])


def test_drawings_run_no_script_and_nothing_is_sniffed(server):
    # Issue 28, item 4: an SVG opened directly is a document at the service's origin.
    sid = create(server)
    for path in (f"/v1/sessions/{sid}/snapshot.svg", f"/v1/sessions/{sid}/filmstrip.svg?t=0,0.1"):
        for method in ("GET", "HEAD"):
            r = server.request(method, path)
            assert r.status_code == 200
            assert r.headers["Content-Security-Policy"] == "default-src 'none'; style-src 'unsafe-inline'"
            assert r.headers["X-Content-Type-Options"] == "nosniff"
    # Every other answer says nosniff too, problems and 304s included, and carries no policy.
    for r in (server.get("/v1/animators"), server.get("/nowhere"), server.get(f"/v1/sessions/{sid}"),
              server.get(f"/v1/sessions/{sid}", headers={"If-None-Match": server.get(f"/v1/sessions/{sid}").headers["ETag"]})):
        assert r.headers["X-Content-Type-Options"] == "nosniff", r.status_code
        assert "Content-Security-Policy" not in r.headers
