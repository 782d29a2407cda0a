"""Every operation's examples in openapi.yaml are what the running server does.

The examples are the README walkthrough's requests and answers. This test sends each operation's
request example (its parameters' examples and its body's) to the real binary, in the
walkthrough's order, and checks the answer against the operation's response example: the exact
answer, with the example session id standing for the one the server made, except where the
answer cannot be fixed in a document (EXCERPTS).
"""
import importlib.util
import json
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
CONTRACT = yaml.safe_load((ROOT / "openapi.yaml").read_text())

_spec = importlib.util.spec_from_file_location("e2e_conftest", ROOT / "tests" / "e2e" / "conftest.py")
e2e = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(e2e)

# The walkthrough's order: the session's operations see the state the ones before them made.
ORDER = ["livez", "readyz", "metrics", "openapi", "problemType", "viewer", "listAnimators", "showAnimator",
         "sampleTiming", "listDevices", "createSession", "applyActions", "snapshot", "snapshots",
         "snapshotSVG", "filmstripSVG", "advanceClock", "events", "showSession", "exportScenario",
         "deleteSession"]


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
        status = min(code for code in op["responses"] if code.startswith("2"))
        for media in op["responses"][status].get("content", {}).values():
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
