"""Memory a session costs, measured as the server process's resident memory (issue 9's targets).

Each scenario runs on a fresh server, a few times over so that allocator noise averages out,
and the growth of VmRSS per session is compared with the documented budget
(docs/semantics.md, "History"). Deleting every session must give the memory back.
"""
import threading
import time

import pytest

from conftest import THINGS_SCENE, Server


def rss_kb(server):
    with open(f"/proc/{server.process.pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise AssertionError("no VmRSS")


def views(prefix, count):
    """A flat view tree of `count` views (a root and its subviews)."""
    children = [{"id": f"{prefix}{i}", "kind": "label", "text": f"row {i}",
                 "frame": {"x": 0, "y": 20 * i, "width": 320, "height": 20}} for i in range(count - 1)]
    return {"id": "root", "kind": "view", "children": children}


def push_pop_session(server):
    """A 500-view first controller, 150 non-animated pushes of 100-view controllers, 150 pops."""
    body = {"root": {"type": "navigation", "id": "nav", "viewControllers": [
        {"id": "first", "title": "First", "view": views("v", 500)}]}}
    r = server.post("/v1/sessions", body)
    assert r.status_code == 201, r.text
    sid = r.json()["id"]
    for i in range(150):
        r = server.post(f"/v1/sessions/{sid}/actions", {
            "type": "push", "animated": False,
            "viewController": {"id": f"c{i}", "title": f"C{i}", "view": views("w", 100)}})
        assert r.status_code == 200, r.text
    for _ in range(150):
        r = server.post(f"/v1/sessions/{sid}/actions", {"type": "pop", "animated": False})
        assert r.status_code == 200, r.text
    return sid


def tab_storm_session(server, after_each_request=lambda: None):
    """12 requests of 256 `selectTab` actions on a two-tab bar controller."""
    r = server.post("/v1/sessions", {"root": {"type": "tabBar", "id": "tabs", "viewControllers": [
        {"id": "a", "title": "A"}, {"id": "b", "title": "B"}]}})
    assert r.status_code == 201, r.text
    sid = r.json()["id"]
    for _ in range(12):
        batch = [{"type": "selectTab", "index": i % 2} for i in range(1, 257)]
        r = server.post(f"/v1/sessions/{sid}/actions", batch)
        assert r.status_code == 200, r.text
        after_each_request()
    return sid


README_SCENE = THINGS_SCENE


def readme_session(server):
    """The README walkthrough's first session: a zoom push, its completion, an interactive pop cancelled."""
    r = server.post("/v1/sessions", README_SCENE)
    assert r.status_code == 201, r.text
    sid = r.json()["id"]
    steps = [
        ("actions", {"type": "push", "viewController": {"id": "detail", "view": {"id": "root", "kind": "view", "children": [
            {"id": "image", "kind": "imageView", "image": "thing-3", "frame": {"x": 20, "y": 84, "width": 280, "height": 280}}]}},
            "animator": {"name": "zoom", "sourceView": "cell-3/image", "targetView": "image"}}),
        ("clock", {"by": 1}),
        ("actions", [{"type": "pop", "interactive": True, "animator": {"name": "zoom", "sourceView": "image", "targetView": "cell-3/image"}},
                     {"type": "update", "percent": 0.3, "at": 1.1}, {"type": "cancel", "at": 1.2}]),
        ("clock", {"to": 3}),
    ]
    for path, body in steps:
        r = server.post(f"/v1/sessions/{sid}/{path}", body)
        assert r.status_code == 200, r.text
    assert server.get(f"/v1/sessions/{sid}/snapshots?from=0&to=1.3&fps=20").status_code == 200
    return sid


SCENARIOS = [
    (push_pop_session, 3, 5 * 1024),
    (tab_storm_session, 3, 10 * 1024),
    (readme_session, 300, 64),
]


def measure(server, scenario, count):
    """KB of resident memory per session (after warm-up and the server's upkeep), and the ids."""
    for _ in range(2):  # warm up: code pages, allocator arenas, caches
        server.request("DELETE", f"/v1/sessions/{scenario(server)}")
    time.sleep(1.5)  # the server's once-a-second upkeep returns what the warm-up freed
    before = rss_kb(server)
    ids = [scenario(server) for _ in range(count)]
    time.sleep(1.5)  # and what building the sessions freed: what remains is what they hold
    return before, (rss_kb(server) - before) / count, ids


@pytest.mark.parametrize("scenario, count, budget_kb", SCENARIOS, ids=["push-pop", "select-tab-storm", "readme-idle"])
def test_session_memory_stays_within_its_budget_and_comes_back(scenario, count, budget_kb):
    server = Server()
    try:
        before, per_session, ids = measure(server, scenario, count)
        print(f"{scenario.__name__}: {per_session:.0f} KB per session (budget {budget_kb} KB)")
        assert per_session <= budget_kb, f"{per_session:.0f} KB per session, budget {budget_kb} KB"
        for sid in ids:
            assert server.request("DELETE", f"/v1/sessions/{sid}").status_code == 204
        # Freed memory goes back to the system (malloc_trim runs on the server's upkeep tick).
        deadline = time.monotonic() + 5
        while rss_kb(server) - before > max(0.2 * before, 2048) and time.monotonic() < deadline:
            time.sleep(0.2)
        after = rss_kb(server)
        assert after - before <= max(0.2 * before, 2048), f"RSS {before} KB before, {after} KB after deleting every session"
    finally:
        assert server.stop() == 0


class PeakSampler:
    """The server's VmRSS read every 10 ms on a thread of its own: the highest seen since the
    start, and since the last `mark()`."""

    def __init__(self, server):
        self.server = server
        self.start = rss_kb(server)
        self.peak = self.since_mark = self.start
        self.stopping = threading.Event()
        self.thread = threading.Thread(target=self.run)
        self.thread.start()

    def run(self):
        while not self.stopping.wait(0.01):
            rss = rss_kb(self.server)
            self.peak = max(self.peak, rss)
            self.since_mark = max(self.since_mark, rss)

    def mark(self):
        """The highest RSS since the previous mark, and a new mark."""
        highest, self.since_mark = self.since_mark, rss_kb(self.server)
        return highest

    def stop(self):
        self.stopping.set()
        self.thread.join()


def storm_peaks(server):
    """The select-tab storm on a warmed-up server: RSS before it, its peak, and the peak during
    each request (issue 28)."""
    server.request("DELETE", f"/v1/sessions/{tab_storm_session(server)}")  # code pages, arenas
    time.sleep(1.5)  # the upkeep returns what the warm-up freed
    sampler = PeakSampler(server)
    per_request = []
    try:
        tab_storm_session(server, after_each_request=lambda: per_request.append(sampler.mark()))
    finally:
        sampler.stop()
    return sampler.start, sampler.peak, per_request


STORM_PEAK_KB = 64 * 1024


def test_a_request_allocates_in_proportion_to_what_it_adds_not_to_the_history():
    """Each of the storm's requests used to copy the session's whole event log once per action:
    the RSS peaked 400 MB above the start, each request higher than the one before."""
    server = Server()
    try:
        start, peak, per_request = storm_peaks(server)
        print(f"start {start} KB, peak {peak} KB, per request {per_request}")
        assert peak - start <= STORM_PEAK_KB, f"RSS {start} KB before the storm, {peak} KB at its peak"
        # Flat: the last requests, with the longest history behind them, peak no higher than the
        # first ones (plus what the session keeps meanwhile, a few MB, and allocator noise).
        assert max(per_request[-3:]) <= max(per_request[:3]) + 16 * 1024, per_request
    finally:
        assert server.stop() == 0


if __name__ == "__main__":
    # scripts/bench: the same scenarios as figures (TRANSITION_SIM_BIN names the binary).
    for scenario, count, budget_kb in SCENARIOS:
        server = Server()
        try:
            _, per_session, _ = measure(server, scenario, count)
            print(f"  {scenario.__name__:<20} {per_session:8.0f} KB per session (target {budget_kb} KB)")
        finally:
            server.stop()
    server = Server()
    try:
        start, peak, _ = storm_peaks(server)
        print(f"  select-tab storm peak  {(peak - start) / 1024:8.1f} MB above the start (target {STORM_PEAK_KB // 1024} MB)")
    finally:
        server.stop()
