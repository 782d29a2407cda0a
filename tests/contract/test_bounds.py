"""Issue 12, items 3 and 4: the bounds openapi.yaml states are the server's. Each bound is read
from the document, and the server must take the value at it and refuse the one past it, so a
client built from the document neither sends what the server refuses nor is kept from what it
takes."""
import importlib.util
from pathlib import Path
from urllib.parse import quote

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
CONTRACT = yaml.safe_load((ROOT / "openapi.yaml").read_text())
SCHEMAS = CONTRACT["components"]["schemas"]
PARAMETERS = CONTRACT["components"]["parameters"]

_spec = importlib.util.spec_from_file_location("e2e_conftest", ROOT / "tests" / "e2e" / "conftest.py")
e2e = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(e2e)

SESSION = CONTRACT["paths"]["/v1/sessions"]["post"]["requestBody"]["content"]["application/json"]["example"]


def events_parameter(name):
    (p,) = [p for p in CONTRACT["paths"]["/v1/sessions/{id}/events"]["get"]["parameters"] if p["name"] == name]
    return p["schema"]


@pytest.fixture(scope="module")
def server():
    s = e2e.Server()
    yield s
    assert s.stop() == 0


@pytest.fixture(scope="module")
def session(server):
    answer = server.request("POST", "/v1/sessions", json=SESSION)
    assert answer.status_code == 201, answer.text
    return answer.json()["id"]


def test_fps_has_no_default_a_client_would_send_with_t(server, session):
    """Item 3: a documented default is one generated clients send, and fps is not allowed with t."""
    assert "default" not in PARAMETERS["FPS"]["schema"]
    frames = server.request("GET", f"/v1/sessions/{session}/snapshots", params={"from": 0, "to": 1})
    assert frames.status_code == 200 and len(frames.json()["snapshots"]) == 61  # 60 per second, both ends
    assert server.request("GET", f"/v1/sessions/{session}/snapshots", params={"t": 0, "fps": 60}).status_code == 422


def sample(server, spring):
    return server.request("POST", "/v1/timing/sample", json={"timing": {"spring": spring}, "duration": 1, "times": [0.5]})


def test_spring_bounds(server):
    """Item 4: dampingRatio's minimum and damping's exclusive minimum are the server's."""
    low = SCHEMAS["DampingRatioSpring"]["properties"]["dampingRatio"]["minimum"]
    assert sample(server, {"dampingRatio": low}).status_code == 200
    assert sample(server, {"dampingRatio": low * 0.9}).status_code == 422
    assert SCHEMAS["PhysicalSpring"]["properties"]["damping"]["exclusiveMinimum"] == 0
    assert sample(server, {"damping": 0}).status_code == 422
    assert sample(server, {"damping": 0.001}).status_code == 200


def test_event_filter_bounds(server, session):
    """Item 4: viewController's maxLength and after's maximum are the server's."""
    longest = events_parameter("viewController")["maxLength"]
    path = f"/v1/sessions/{session}/events"
    assert server.request("GET", path, params={"viewController": "x" * longest}).status_code == 200
    assert server.request("GET", path, params={"viewController": "x" * (longest + 1)}).status_code == 422
    largest = events_parameter("after")["maximum"]
    assert server.request("GET", path, params={"after": str(largest)}).status_code == 200
    assert server.request("GET", path, params={"after": str(largest + 1)}).status_code == 422


def test_the_longest_t_list_with_every_parameter_fits_the_query(server, session):
    """Item 4: t at its maxLength, %-escaped throughout, with every other parameter, is answered
    (here a 422 for more than 240 times), not refused as too long a query (400, 414)."""
    longest = PARAMETERS["Times"]["schema"]["maxLength"]
    t = ",".join(["1"] * (longest // 2))[:longest]
    escaped = "".join(f"%{b:02X}" for b in t.encode())
    query = f"t={escaped}&flat=true&precision={quote('6')}"
    answer = server.request("GET", f"/v1/sessions/{session}/snapshots?{query}")
    assert answer.status_code == 422 and answer.json()["parameter"] == "t", answer.text
