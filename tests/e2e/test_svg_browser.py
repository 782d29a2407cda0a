"""Issue 13: snapshot.svg drawn by a real browser (headless Chromium through Selenium), its pixels
checked against colours predicted from the JSON snapshot at the same t.

The prediction re-does the geometry independently of the service (each view's bounds through the
chain of layer transforms, 3D ones projected and divided, docs/viewer.md § Geometry) and
composites the coloured views under a probe point back to front with group opacity. Probes are
kept 3 points away from every drawn edge, line and text, so antialiasing never decides a result.
Loopback only: the browser loads nothing but the service's SVG on 127.0.0.1.

scripts/test installs Debian's chromium and chromium-driver and selenium (tests/requirements.txt)
and sets TRANSITION_SIM_BROWSER_TESTS=required, so there these never skip.
"""
import os
import shutil
import struct
import zlib
from pathlib import Path

import pytest

from test_api import SCENE, create
from test_svg import push

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
DRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
MISSING = not (os.path.exists(CHROMIUM) and os.path.exists(DRIVER))
try:
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service
except ImportError:
    MISSING = True

pytestmark = pytest.mark.skipif(MISSING and os.environ.get("TRANSITION_SIM_BROWSER_TESTS") != "required",
                                reason="needs chromium, chromium-driver and selenium (scripts/test installs them)")

WINDOW = (320, 568)
PAGE = (320, 604)  # the window and its caption band
RED, BLUE, GREEN, ORANGE = "#ff0000", "#0000ff", "#00ff00", "#ff9900"


@pytest.fixture(scope="module")
def browser():
    options = Options()
    options.binary_location = CHROMIUM
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--force-device-scale-factor=1", "--force-color-profile=srgb", "--hide-scrollbars",
                 "--no-first-run", "--disable-extensions", "--disable-background-networking",
                 "--disable-component-update", "--disable-default-apps", "--disable-sync",
                 # Loopback only: no name resolves, and the pages use the address itself.
                 "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})  # the console, for the viewer's tests
    os.environ.setdefault("SE_OFFLINE", "true")  # Selenium Manager must not look for downloads
    driver = webdriver.Chrome(options=options, service=Service(executable_path=DRIVER))
    driver.set_page_load_timeout(15)
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": PAGE[0], "height": PAGE[1], "deviceScaleFactor": 1, "mobile": False})
    yield driver
    driver.quit()


@pytest.fixture(scope="module")
def screenshots(tmp_path_factory):
    """Where the PNGs go: TRANSITION_SIM_SCREENSHOTS to keep them, else a temporary folder."""
    kept = os.environ.get("TRANSITION_SIM_SCREENSHOTS")
    folder = Path(kept) if kept else tmp_path_factory.mktemp("screenshots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


# MARK: PNG

def decode_png(data):
    """8-bit RGB or RGBA, not interlaced (what Chromium writes) → (width, rows of RGB tuples' bytes)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat = 8, b""
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
    assert depth == 8 and colour in (2, 6) and interlace == 0, (depth, colour, interlace)
    bpp = 3 if colour == 2 else 4
    raw, stride = zlib.decompress(idat), width * bpp
    rows, previous = [], bytearray(stride)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0
            b, c = previous[x], previous[x - bpp] if x >= bpp else 0
            if kind == 1:
                line[x] = (line[x] + a) & 255
            elif kind == 2:
                line[x] = (line[x] + b) & 255
            elif kind == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line)
        previous = line
    return width, bpp, rows


def pixel(image, x, y):
    _, bpp, rows = image
    row = rows[int(y)]
    return tuple(row[int(x) * bpp:int(x) * bpp + 3])


# MARK: Prediction from the JSON snapshot

def mul(a, b):
    return [[sum(a[i][k] * b[k][j] for k in range(3)) for j in range(3)] for i in range(3)]


def translate(x, y):
    return [[1, 0, 0], [0, 1, 0], [x, y, 1]]


def to_superview(node):
    """Bounds → superview, row vectors: the bounds' centre to the origin, the layer transform on
    the plane z = 0 (x, y and w columns of the 4×4 kept, z dropped), then to the centre."""
    b, c = node["bounds"], node["center"]
    if "transform3D" in node:
        m = node["transform3D"]
        layer = [[m[0], m[1], m[3]], [m[4], m[5], m[7]], [m[12], m[13], m[15]]]
    else:
        t = node["transform"]
        layer = [[t["a"], t["b"], 0], [t["c"], t["d"], 0], [t["tx"], t["ty"], 1]]
    return mul(mul(translate(-(b["x"] + b["width"] / 2), -(b["y"] + b["height"] / 2)), layer),
               translate(c["x"], c["y"]))


def apply(m, x, y):
    w = x * m[0][2] + y * m[1][2] + m[2][2]
    return ((x * m[0][0] + y * m[1][0] + m[2][0]) / w, (x * m[0][1] + y * m[1][1] + m[2][1]) / w)


def rgb(hex_colour):
    return tuple(int(hex_colour[i:i + 2], 16) / 255 for i in (1, 3, 5)), \
        (int(hex_colour[7:9], 16) / 255 if len(hex_colour) == 9 else 1.0)


def image_colour(name):
    """docs/viewer.md § Drawing: FNV-1a 32 of the name's UTF-8, mod 360, as hsl(h 55% 60%)."""
    h = 0x811C9DC5
    for byte in name.encode():
        h = ((h ^ byte) * 0x01000193) & 0xFFFFFFFF
    hue, s, l = h % 360, 0.55, 0.6
    a = s * min(l, 1 - l)
    f = lambda n: l - a * max(-1, min((n + hue / 30) % 12 - 3, 9 - (n + hue / 30) % 12, 1))
    return (f(0), f(8), f(4))


class Scene:
    """The drawn views of a JSON snapshot with their on-screen quadrilaterals."""

    def __init__(self, shot):
        self.shot = shot
        self.root = self.layout(shot["root"], [[1, 0, 0], [0, 1, 0], [0, 0, 1]])

    def layout(self, node, parent):
        m = mul(to_superview(node), parent)
        b = node["bounds"]
        corners = [(b["x"], b["y"]), (b["x"] + b["width"], b["y"]),
                   (b["x"] + b["width"], b["y"] + b["height"]), (b["x"], b["y"] + b["height"])]
        return {"node": node, "quad": [apply(m, x, y) for x, y in corners],
                "children": [self.layout(c, m) for c in node["children"] if not c["hidden"]]}

    def all(self, v=None):
        v = v or self.root
        yield v
        for child in v["children"]:
            yield from self.all(child)

    def find(self, controller=None, path=None, role=None):
        for v in self.all():
            n = v["node"]
            if (role and n.get("role") == role) or (not role and n["viewController"] == controller and n["path"] == path):
                return v
        raise AssertionError(f"no view {controller}:{path} {role or ''}")

    @staticmethod
    def inside(quad, p):
        """Inside a convex quadrilateral, whichever way round it turns."""
        signs = []
        for (ax, ay), (bx, by) in zip(quad, quad[1:] + quad[:1]):
            signs.append((bx - ax) * (p[1] - ay) - (by - ay) * (p[0] - ax))
        return all(s > 0 for s in signs) or all(s < 0 for s in signs)

    @staticmethod
    def distance(p, a, b):
        (px, py), (ax, ay), (bx, by) = p, a, b
        dx, dy = bx - ax, by - ay
        length = dx * dx + dy * dy
        t = 0 if length == 0 else max(0, min(1, ((px - ax) * dx + (py - ay) * dy) / length))
        return ((px - ax - t * dx) ** 2 + (py - ay - t * dy) ** 2) ** 0.5

    def check_clear(self, p):
        """The probe is 3 points from every edge and image diagonal, and on no text."""
        for v in self.all():
            q, n = v["quad"], v["node"]
            lines = list(zip(q, q[1:] + q[:1])) + ([(q[0], q[2]), (q[1], q[3])] if n.get("image") else [])
            for a, b in lines:
                assert self.distance(p, a, b) >= 3, f"probe {p} is near an edge of {n['path']}"
            if self.inside(q, p):
                assert not n.get("text"), f"probe {p} is on the text of {n['path']}"
                if n.get("image"):
                    centre = (sum(x for x, _ in q) / 4, sum(y for _, y in q) / 4)
                    assert abs(p[0] - centre[0]) > 40 or abs(p[1] - centre[1]) > 10, "probe on the image's name"

    def colour_at(self, p):
        """Back to front with group opacity, over the white page: (r, g, b) in 0…255."""
        def over(dst, src):  # premultiplied
            return tuple(s + d * (1 - src[3]) for s, d in zip(src, dst[:3])) + (src[3] + dst[3] * (1 - src[3]),)

        def layer(v):
            acc = (0.0, 0.0, 0.0, 0.0)
            n = v["node"]
            if self.inside(v["quad"], p):
                if n.get("backgroundColor"):
                    (r, g, b), a = rgb(n["backgroundColor"])
                    acc = over(acc, (r * a, g * a, b * a, a))
                if n.get("image"):
                    acc = over(acc, image_colour(n["image"]) + (1.0,))
            for child in v["children"]:
                acc = over(acc, layer(child))
            alpha = n["alpha"]
            return tuple(c * alpha for c in acc)

        final = over((1.0, 1.0, 1.0, 1.0), layer(self.root))
        return tuple(round(c * 255) for c in final[:3])


def shoot(server, browser, screenshots, sid, t, name):
    browser.get(f"{server.base_url}/v1/sessions/{sid}/snapshot.svg?t={t}")
    png = browser.get_screenshot_as_png()
    (screenshots / f"{name}.png").write_bytes(png)
    image = decode_png(png)
    assert image[0] == PAGE[0], "the screenshot is the page's size"
    return image


def expect(image, scene, p, name, screenshots):
    scene.check_clear(p)
    want, got = scene.colour_at(p), pixel(image, *p)
    assert all(abs(a - b) <= 6 for a, b in zip(want, got)), \
        f"{name}: at {p} the browser shows {got}, the JSON snapshot predicts {want} ({screenshots / (name + '.png')})"
    return want


def scene_at(server, sid, t):
    r = server.get(f"/v1/sessions/{sid}/snapshot", params={"t": t})
    assert r.status_code == 200
    return Scene(r.json())


def coloured(colour, children=()):
    return {"id": "root", "backgroundColor": colour, "children": list(children)}


def navigation(colour):
    return {"root": {"type": "navigation", "id": "nav", "viewControllers": [
        {"id": "first", "title": "First", "view": coloured(colour)}]}}


def test_push_shows_the_to_view_sliding_over_the_dimmed_from_view(server, browser, screenshots):
    sid = create(server, navigation(RED))
    push(server, sid, None, {"id": "second", "title": "Second", "view": coloured(BLUE)})
    duration = server.get(f"/v1/sessions/{sid}").json()["transition"]["duration"]
    t = duration / 4
    scene, image = scene_at(server, sid, t), shoot(server, browser, screenshots, sid, t, "push")
    to, dim = scene.find("second", ""), scene.find(role="dimming")
    left = to["quad"][0][0]
    assert 40 < left < 300, "mid-push, the to view has come part of the way"
    assert expect(image, scene, ((left + WINDOW[0]) / 2, 300), "push", screenshots) == (0, 0, 255)
    under = (left / 2, 300)
    assert Scene.inside(dim["quad"], under) and 0 < dim["node"]["alpha"] < 1
    dimmed = expect(image, scene, under, "push", screenshots)
    assert dimmed[0] < 250 and dimmed[1:] == (0, 0), "the from view shows darkened by the dimming view"


def test_mid_zoom_shows_the_snapshot_flying_over_the_fading_detail(server, browser, screenshots):
    scene_body = dict(SCENE)
    scene_body["root"] = {"type": "navigation", "id": "nav", "viewControllers": [
        dict(SCENE["root"]["viewControllers"][0], view=dict(SCENE["root"]["viewControllers"][0]["view"], backgroundColor=ORANGE))]}
    sid = create(server, scene_body)
    detail = {"id": "detail", "title": "Detail", "view": coloured(BLUE, [
        {"id": "image", "kind": "imageView", "image": "thing-3", "frame": {"x": 20, "y": 84, "width": 280, "height": 280}}])}
    push(server, sid, {"name": "zoom", "sourceView": "cell-3/image", "targetView": "image"}, detail)
    scene, image = scene_at(server, sid, 0.15), shoot(server, browser, screenshots, sid, 0.15, "zoom")
    snap = scene.find(role="snapshot")
    (x0, y0), (x1, _), (_, y2) = snap["quad"][0], snap["quad"][1], snap["quad"][2]
    assert x1 - x0 > 100, "mid-zoom the snapshot has grown from the cell's 100 points"
    shown = expect(image, scene, (x0 + (x1 - x0) * 0.35, y0 + (y2 - y0) * 0.4), "zoom", screenshots)
    assert shown == tuple(round(c * 255) for c in image_colour("thing-3"))
    # Below the snapshot: the detail's blue, half faded in over the orange collection.
    blended = expect(image, scene, (160, 480), "zoom", screenshots)
    assert blended[2] > 60 and blended[0] > 60


def test_mid_flip_draws_a_trapezoid(server, browser, screenshots):
    sid = create(server, navigation(RED))
    push(server, sid, "flipFromLeft", {"id": "second", "title": "Second", "view": coloured(BLUE)})
    t = 0.2
    scene, image = scene_at(server, sid, t), shoot(server, browser, screenshots, sid, t, "flip")
    turning = scene.find("first", "")
    assert "transform3D" in turning["node"]
    q = turning["quad"]
    right_height, left_height = q[2][1] - q[1][1], q[3][1] - q[0][1]
    assert right_height < left_height - 20, "the receding edge is shorter: a trapezoid"
    # (The to view waits edge-on, a line at x = 160, for the second half.)
    assert expect(image, scene, (100, 300), "flip", screenshots) == (255, 0, 0)
    # Inside the flipped view's bounding box (its windowFrame), outside its trapezoid: under the
    # receding edge's bottom corner, where the window's black shows.
    frame = turning["node"]["windowFrame"]
    bottom = min(frame["y"] + frame["height"], WINDOW[1])
    corner = (q[2][0] - 4, (q[2][1] + bottom) / 2)
    assert bottom - q[2][1] > 10 and frame["x"] < corner[0] < frame["x"] + frame["width"] and not Scene.inside(q, corner)
    assert expect(image, scene, corner, "flip", screenshots) == (0, 0, 0)


def test_mid_overlay_shows_the_presented_view_fading_and_growing(server, browser, screenshots):
    sid = create(server, navigation(RED))
    r = server.post(f"/v1/sessions/{sid}/actions", {"type": "present", "modalPresentationStyle": "custom", "animator": "overlay",
                                                     "viewController": {"id": "toast", "view": coloured(GREEN)}})
    assert r.status_code == 200, r.text
    t = 0.15
    scene, image = scene_at(server, sid, t), shoot(server, browser, screenshots, sid, t, "overlay")
    toast = scene.find("toast", "")
    assert 0 < toast["node"]["alpha"] < 1
    (x0, y0), (x1, _), (_, y2) = toast["quad"][0], toast["quad"][1], toast["quad"][2]
    inside = expect(image, scene, ((x0 + x1) / 2, (y0 + y2) / 2 + 20), "overlay", screenshots)
    assert inside[0] > 0 and inside[1] > 0, "green, partly transparent over red"
    assert expect(image, scene, (x0 / 2, 450), "overlay", screenshots) == (255, 0, 0)
