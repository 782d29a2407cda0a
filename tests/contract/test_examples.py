"""Every operation's examples in openapi.yaml are what the running server does.

The examples are the README walkthrough's requests and answers. This test sends each operation's
request example (its parameters' examples and its body's) to the real binary, in the
walkthrough's order, and checks the answer against the operation's response example: the exact
answer, with the example session id standing for the one the server made, except where the
answer cannot be fixed in a document (EXCERPTS). Every problem answer an operation declares has
an example too (one per status, components/responses), and PROBLEMS provokes each from a server
started with the flags that make it happen.
"""
import importlib.util
import json
import signal
import time
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
CONTRACT = yaml.safe_load((ROOT / "openapi.yaml").read_text())

_spec = importlib.util.spec_from_file_location("e2e_conftest", ROOT / "tests" / "e2e" / "conftest.py")
e2e = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(e2e)

# The walkthrough's order: the session's operations see the state the ones before them made.
ORDER = ["livez", "readyz", "metrics", "openapi", "problemType", "viewer", "viewerScript", "listAnimators", "showAnimator",
         "sampleTiming", "listDevices", "createSession", "applyActions", "snapshot", "snapshots",
         "snapshotSVG", "filmstripSVG", "advanceClock", "events", "showSession", "exportScenario",
         "compareSession", "compareSessionSVG", "sessionGolden", "compareRuns", "deleteSession"]


def contains(answer, excerpt):
    """Every member of `excerpt` is in `answer` with a value that contains it; a list's items are
    among the answer's."""
    if isinstance(excerpt, dict):
        return isinstance(answer, dict) and all(k in answer and contains(answer[k], v) for k, v in excerpt.items())
    if isinstance(excerpt, list):
        return isinstance(answer, list) and all(item in answer for item in excerpt)
    return answer == excerpt


# Answers that change with every request or with every edit of the service: their examples are
# excerpts, and how the answer must contain each one.
EXCERPTS = {
    "metrics": lambda text, ex: set(ex.splitlines()) <= set(text.splitlines()),  # counts change
    "openapi": lambda text, ex: contains(yaml.safe_load(text), ex),  # the document holds itself
    "viewer": lambda text, ex: text.startswith(ex),  # a whole page
    "viewerScript": lambda text, ex: text.startswith(ex),  # a whole script
    "listAnimators": lambda text, ex: contains(json.loads(text), ex),  # the whole catalogue
}


def operations():
    for path, item in CONTRACT["paths"].items():
        shared = item.get("parameters", [])
        for method, op in item.items():
            if method != "parameters":
                yield op["operationId"], path, method, shared + op.get("parameters", [])


def deref(node):
    ref = node.get("$ref")
    if ref is None:
        return node
    target = CONTRACT
    for part in ref.removeprefix("#/").split("/"):
        target = target[part]
    return target


SESSION_EXAMPLE = deref({"$ref": "#/components/parameters/SessionID"})["example"]


def test_every_operation_is_in_the_walkthrough_order():
    assert sorted(op for op, *_ in operations()) == sorted(ORDER)


def test_every_operation_has_examples():
    missing = []
    for op_id, path, method, parameters in operations():
        op = CONTRACT["paths"][path][method]
        for p in map(deref, parameters):
            if p["in"] == "path" and "example" not in p:
                missing.append(f"{op_id}: path parameter {p['name']}")
        body = op.get("requestBody")
        if body is not None and "example" not in body["content"]["application/json"]:
            missing.append(f"{op_id}: request body")
        for status, response in op["responses"].items():
            for media in deref(response).get("content", {}).values():
                if "example" not in media:
                    missing.append(f"{op_id}: {status} answer")
    assert missing == []


@pytest.fixture(scope="module")
def server():
    s = e2e.Server()
    yield s
    s.stop()


def test_examples_are_the_servers_answers(server):
    by_id = {op_id: (path, method, parameters) for op_id, path, method, parameters in operations()}
    session = None
    for op_id in ORDER:
        path, method, parameters = by_id[op_id]
        op = CONTRACT["paths"][path][method]
        query = {}
        for p in map(deref, parameters):
            if "example" not in p:
                continue
            value = p["example"]
            if p["in"] == "path":
                value = session if p["name"] == "id" else value
                path = path.replace("{" + p["name"] + "}", str(value))
            elif p["in"] == "query":
                query[p["name"]] = json.dumps(value) if isinstance(value, bool) else str(value)
        body = op.get("requestBody", {}).get("content", {}).get("application/json", {}).get("example")
        answer = server.request(method.upper(), path, params=query, json=body)
        status = min(code for code in op["responses"] if code.startswith("2"))
        assert answer.status_code == int(status), (op_id, answer.text)
        if op_id == "createSession":
            session = answer.json()["id"]
        media = op["responses"][status].get("content")
        if not media:
            assert answer.content == b"", op_id
            continue
        (media_type, spec), = media.items()
        assert answer.headers["Content-Type"].split(";")[0] == media_type, op_id
        text = answer.text.replace(session, SESSION_EXAMPLE) if session else answer.text
        example = spec["example"]
        if op_id in EXCERPTS:
            assert EXCERPTS[op_id](text, example), (op_id, text[:2000])
        elif media_type.endswith("json"):
            assert json.loads(text) == example, op_id
        else:
            assert text == example, op_id


# How to make each declared problem answer happen: the server's flags, then the request (given the
# server and a fresh session made from createSession's example). The request id is the examples'.
REQUEST_ID = {"X-Request-Id": "example-request"}
JSON = {**REQUEST_ID, "Content-Type": "application/json"}


def until_refused(server, session):
    """Sessions until the memory budget refuses one (a 1 MiB budget holds a few dozen)."""
    body = CONTRACT["paths"]["/v1/sessions"]["post"]["requestBody"]["content"]["application/json"]["example"]
    for _ in range(1000):
        answer = server.request("POST", "/v1/sessions", json=body, headers=REQUEST_ID)
        if answer.status_code != 201:
            return answer
    raise AssertionError("a 1 MiB memory budget took 1,000 sessions")


def draining(server, session):
    server.process.send_signal(signal.SIGTERM)
    deadline = time.monotonic() + 5
    while (answer := server.request("GET", "/readyz", headers=REQUEST_ID)).status_code == 200 and time.monotonic() < deadline:
        time.sleep(0.02)
    return answer


PROBLEMS = {
    "BadRequest": ((), lambda s, id: s.request("POST", "/v1/sessions", data="{", headers=JSON)),
    "Unauthorized": (("--auth-token", "example-token"), lambda s, id: s.request("GET", "/v1/animators", headers=REQUEST_ID)),
    "CrossOriginWrite": ((), lambda s, id: s.request("POST", f"/v1/sessions/{id}/clock", json={"by": 1},
                                                     headers={**JSON, "Origin": "https://evil.example"})),
    "MisdirectedRequest": ((), lambda s, id: s.request("GET", "/v1/animators", headers={**REQUEST_ID, "Host": "evil.example"})),
    "NotFound": ((), lambda s, id: s.request("GET", f"/v1/sessions/{SESSION_EXAMPLE}", headers=REQUEST_ID)),
    "Conflict": ((), lambda s, id: s.request("POST", f"/v1/sessions/{id}/actions", json={"type": "pop"}, headers=REQUEST_ID)),
    "PayloadTooLarge": ((), lambda s, id: s.request("POST", "/v1/timing/sample", data="x" * (1048576 + 1), headers=JSON)),
    "UnsupportedMediaType": ((), lambda s, id: s.request("POST", "/v1/timing/sample", data="{}",
                                                        headers={**REQUEST_ID, "Content-Type": "text/plain"})),
    "Invalid": ((), lambda s, id: s.request("GET", f"/v1/sessions/{id}/snapshots", params={"t": "0", "fps": "60"},
                                            headers=REQUEST_ID)),
    "TooManySessions": (("--max-sessions", "1"), lambda s, id: until_refused(s, id)),
    "Unavailable": (("--drain-seconds", "5"), draining),
    "InsufficientStorage": (("--max-memory", "1M"), until_refused),
}


def test_every_problem_answer_is_provoked():
    declared = {name for name, response in CONTRACT["components"]["responses"].items()
                if "application/problem+json" in response.get("content", {})}
    assert declared == set(PROBLEMS)


@pytest.mark.parametrize("name", sorted(PROBLEMS))
def test_problem_examples_are_the_servers_answers(name):
    flags, provoke = PROBLEMS[name]
    s = e2e.Server(*flags)
    try:
        body = CONTRACT["paths"]["/v1/sessions"]["post"]["requestBody"]["content"]["application/json"]["example"]
        # The token is ignored by servers that need none.
        session = s.request("POST", "/v1/sessions", json=body, headers={"Authorization": "Bearer example-token"}).json()["id"]
        answer = provoke(s, session)
        assert answer.headers["Content-Type"] == "application/problem+json", answer.text
        example = CONTRACT["components"]["responses"][name]["content"]["application/problem+json"]["example"]
        assert json.loads(answer.text.replace(session, SESSION_EXAMPLE)) == example
    finally:
        assert s.stop() == 0
