"""Many clients at once against one server: a shared session, private sessions, and deletes racing
requests. Bounded: a fixed number of operations per thread and a deadline, loopback only.

What must hold under any interleaving: no 5xx, only the statuses the contract allows for each
request, JSON bodies, and for the shared session an event log whose sequence numbers run 1, 2, 3, …
without gaps, each event reported by exactly one successful request (actions are atomic)."""
import collections
import json
import random
import threading
import time

import requests

from test_api import DETAIL, SCENE

THREADS = 20
OPS_PER_THREAD = 30
DEADLINE_SECONDS = 20  # far above the usual run (a few seconds); a hang fails instead of blocking

ZOOM_PUSH = {"name": "zoom", "sourceView": "cell-3/image", "targetView": "image"}
ZOOM_POP = {"name": "zoom", "sourceView": "image", "targetView": "cell-3/image"}

# What each kind of request may answer. 404: the session was deleted by another thread.
# 409: valid, but not in the session's state now (a transition is running, or none is for
# update/cancel; a time in the past or before history). 422: invalid in any state (an animator's
# spec that fails on the views it finds, a bound).
ALLOWED = {
    "create": {201},
    "show": {200, 404},
    "act": {200, 404, 409, 422},
    "clock": {200, 404, 409, 422},
    "snapshot": {200, 404, 409, 422},
    "snapshots": {200, 404, 409, 422},
    "events": {200, 404},
    "delete": {204, 404},
}


class Client:
    """One thread's keep-alive connection, recording every answer it gets."""

    def __init__(self, base_url, failures, shared_events, statuses):
        self.base = base_url
        self.statuses = statuses
        self.http = requests.Session()
        self.failures = failures
        self.shared_events = shared_events

    def call(self, kind, method, path, body=None, params=None):
        r = self.http.request(method, self.base + path, json=body, params=params, timeout=15)
        self.statuses[(kind, r.status_code)] += 1
        where = f"{kind} {method} {path} {params or ''} {json.dumps(body)[:120] if body else ''}"
        if r.status_code not in ALLOWED[kind]:
            self.failures.append(f"{where}: unexpected {r.status_code} {r.text[:300]}")
            return r, None
        if r.status_code == 204:
            if r.content:
                self.failures.append(f"{where}: 204 with a body")
            return r, None
        try:
            data = r.json()
        except ValueError:
            self.failures.append(f"{where}: {r.status_code} body is not JSON: {r.text[:200]!r}")
            return r, None
        if r.status_code >= 400:
            ctype = r.headers.get("Content-Type", "")
            if not ctype.startswith("application/problem+json") or data.get("status") != r.status_code:
                self.failures.append(f"{where}: {r.status_code} is not a problem+json: {ctype} {r.text[:200]}")
            return r, None
        return r, data

    def mutate(self, sid, kind, path, body, shared):
        r, data = self.call(kind, "POST", f"/v1/sessions/{sid}/{path}", body)
        if shared and r.status_code == 200 and data is not None:
            self.shared_events.append([e["seq"] for e in data["events"]])
        return r, data


def walkthrough_step(c, sid, rng, shared, tag):
    """One random step of the README's walkthrough on session `sid`."""
    step = rng.randrange(11)
    if step == 0:
        c.mutate(sid, "act", "actions", {"type": "push", "animator": ZOOM_PUSH,
                                         "viewController": dict(DETAIL, id=f"detail-{tag}")}, shared)
    elif step == 1:
        c.mutate(sid, "act", "actions", {"type": "pop", "animator": ZOOM_POP}, shared)
    elif step == 2:
        c.mutate(sid, "act", "actions", [
            {"type": "pop", "interactive": True, "animator": ZOOM_POP},
            {"type": "update", "percent": round(rng.random(), 2)},
            {"type": rng.choice(["cancel", "finish"])}], shared)
    elif step == 3:
        c.mutate(sid, "act", "actions", {"type": "update", "percent": round(rng.random(), 2)}, shared)
    elif step == 4:
        c.mutate(sid, "act", "actions", [
            {"type": "gesture", "recognizer": "edgePan", "phase": "began", "translation": {"x": 0, "y": 0}},
            {"type": "gesture", "recognizer": "edgePan", "phase": "changed", "translation": {"x": rng.randrange(320), "y": 0}},
            {"type": "gesture", "recognizer": "edgePan", "phase": "ended", "translation": {"x": rng.randrange(320), "y": 0},
             "velocity": {"x": rng.randrange(-500, 500), "y": 0}}], shared)
    elif step in (5, 6):
        c.mutate(sid, "clock", "clock", {"by": rng.choice([0, 0.05, 0.2, 0.6, 1])}, shared)
    elif step == 7:
        r, state = c.call("show", "GET", f"/v1/sessions/{sid}")
        if state is not None:
            t = state["time"]
            c.call("snapshot", "GET", f"/v1/sessions/{sid}/snapshot",
                   params={"t": round(t + rng.random(), 3), "flat": rng.choice(["true", "false"]), "precision": 2})
    elif step == 8:
        r, state = c.call("show", "GET", f"/v1/sessions/{sid}")
        if state is not None:
            t = max(state["time"] - 0.5, state.get("historyStart", 0))
            c.call("snapshots", "GET", f"/v1/sessions/{sid}/snapshots",
                   params={"from": round(t, 3), "to": round(t + 1, 3), "fps": 20})
    elif step == 9:
        c.call("snapshots", "GET", f"/v1/sessions/{sid}/snapshots", params={"t": "0,0.1,0.2,0.3,5,100"})
    else:
        c.call("events", "GET", f"/v1/sessions/{sid}/events", params={"after": rng.randrange(20)})


def worker(index, base_url, shared_sid, victims, failures, shared_events, statuses, deadline):
    rng = random.Random(index)
    c = Client(base_url, failures, shared_events, statuses)
    own = None
    try:
        for i in range(OPS_PER_THREAD):
            if time.monotonic() > deadline:
                failures.append(f"thread {index}: deadline passed after {i} operations")
                return
            roll = rng.random()
            if roll < 0.45:
                walkthrough_step(c, shared_sid, rng, True, f"{index}-{i}")
            elif roll < 0.75:
                if own is None:
                    r, data = c.call("create", "POST", "/v1/sessions", SCENE)
                    own = data["id"] if data else None
                elif rng.random() < 0.15:
                    c.call("delete", "DELETE", f"/v1/sessions/{own}")
                    r, _ = c.call("show", "GET", f"/v1/sessions/{own}")
                    if r.status_code != 404:
                        failures.append(f"thread {index}: session {own} still answers {r.status_code} after its delete")
                    own = None
                else:
                    walkthrough_step(c, own, rng, False, f"{index}-{i}")
            elif roll < 0.9:
                # Sessions that other threads are deleting right now.
                walkthrough_step(c, rng.choice(victims), rng, False, f"{index}-{i}")
            else:
                c.call("delete", "DELETE", f"/v1/sessions/{rng.choice(victims)}")
        if own is not None:
            c.call("delete", "DELETE", f"/v1/sessions/{own}")
    except Exception as e:  # a dropped connection or a timeout is a failure, not a crash of the test
        failures.append(f"thread {index}: {type(e).__name__}: {e}")
    finally:
        c.http.close()


def test_concurrent_clients_on_shared_and_private_sessions(make_server):
    server = make_server("--threads", "4")
    created = server.post("/v1/sessions", SCENE).json()
    shared, initial_events = created["id"], created["eventCount"]
    victims = [server.post("/v1/sessions", SCENE).json()["id"] for _ in range(6)]
    failures, shared_events, statuses = [], [], collections.Counter()
    deadline = time.monotonic() + DEADLINE_SECONDS
    threads = [threading.Thread(target=worker, args=(i, server.base_url, shared, victims, failures, shared_events, statuses, deadline))
               for i in range(THREADS)]
    started = time.monotonic()
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=max(1, deadline - time.monotonic() + 5))
    assert not any(t.is_alive() for t in threads), "threads still running after the deadline"
    assert not failures, f"{len(failures)} failures, e.g.:\n" + "\n".join(failures[:15])
    print("statuses:", dict(sorted(statuses.items())))
    # The mix really happened: successful changes to the shared session, and requests that lost
    # the race against a delete.
    assert statuses[("act", 200)] + statuses[("clock", 200)] >= 20 and len(shared_events) >= 10
    assert sum(n for (kind, status), n in statuses.items() if status == 404) >= 5
    assert server.process.poll() is None, "the server died"

    # The shared session's log: 1, 2, 3, … lastSeq, in order, no gaps, nothing twice.
    log = server.get(f"/v1/sessions/{shared}/events").json()
    seqs = [e["seq"] for e in log["events"]]
    assert seqs, "the shared session recorded no events"
    assert len(seqs) < 10_000, "the log was truncated: lower OPS_PER_THREAD for this check"
    assert seqs == list(range(1, log["lastSeq"] + 1)), f"gaps or disorder: {seqs[:50]}…"
    times = [e["time"] for e in log["events"]]
    assert times == sorted(times), "event times go back"
    # Each later event was reported by exactly one successful request: actions are atomic.
    reported = sorted(s for batch in shared_events for s in batch)
    assert reported == seqs[initial_events:], "events reported by the requests differ from the log (lost or duplicated)"
    for batch in shared_events:
        assert batch == list(range(batch[0], batch[0] + len(batch))) if batch else True, f"a request's events interleave: {batch}"
    assert time.monotonic() - started < DEADLINE_SECONDS

    # Still healthy and answering.
    assert server.get("/livez").status_code == 200
    assert server.get(f"/v1/sessions/{shared}").status_code == 200
