"""Issue 15, item 8 (the parts done): a query parameter's error names it in `parameter`, a body's
error in `pointer`; every 503 says when to retry (shutting-down: test_drain.py; store-unavailable:
test_store.py)."""
from test_api import assert_problem, create


def test_query_parameter_errors_name_the_parameter(server):
    sid = create(server)
    for query, name in [("fps=0&from=0&to=1", "fps"), ("t=abc", "t"), ("t=0&bogus=1", "bogus"), ("from=1&to=0", "to"),
                        ("t=0&precision=99", "precision")]:
        body = assert_problem(server.get(f"/v1/sessions/{sid}/snapshots?{query}"), 422, "invalid-request")
        assert body["parameter"] == name and "pointer" not in body, (query, body)
        assert f"'{name}'" in body["detail"]
    body = assert_problem(server.get(f"/v1/sessions/{sid}/events?after=-1"), 422, "invalid-request")
    assert body["parameter"] == "after"
    # A mistake in a body is still a JSON pointer.
    body = assert_problem(server.post(f"/v1/sessions/{sid}/clock", {"by": -1}), 422, "invalid-request")
    assert body["pointer"] == "/by" and "parameter" not in body
