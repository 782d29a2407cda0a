"""Issue 15, item 3: gzip and deflate answers (zlib) by Accept-Encoding, above a threshold, with Vary."""
import gzip
import json
import socket
import zlib

import requests

from test_api import DETAIL, create


def fetch(server, path, encoding, **headers):
    """(response, the bytes on the wire): requests would otherwise decompress them itself."""
    if encoding is not None:
        headers["Accept-Encoding"] = encoding
    r = requests.get(server.base_url + path, headers=headers, stream=True, timeout=10)
    # requests adds its own Accept-Encoding when none is given; an absent field is tested raw below.
    return r, r.raw.read(decode_content=False)


def series(server):
    sid = create(server)
    server.post(f"/v1/sessions/{sid}/actions", {"type": "push", "viewController": DETAIL})
    return f"/v1/sessions/{sid}/snapshots?from=0&to=3.9834&fps=60"


def test_a_240_frame_answer_shrinks_many_times_and_decompresses_to_the_same_bytes(server):
    path = series(server)
    plain, plain_bytes = fetch(server, path, "identity")
    assert "Content-Encoding" not in plain.headers and len(plain_bytes) > 100_000
    zipped, zipped_bytes = fetch(server, path, "gzip")
    assert zipped.headers["Content-Encoding"] == "gzip"
    assert int(zipped.headers["Content-Length"]) == len(zipped_bytes)
    assert gzip.decompress(zipped_bytes) == plain_bytes
    assert len(zipped_bytes) * 20 < len(plain_bytes), (len(zipped_bytes), len(plain_bytes))
    deflated, deflated_bytes = fetch(server, path, "deflate")
    assert deflated.headers["Content-Encoding"] == "deflate" and zlib.decompress(deflated_bytes) == plain_bytes
    for r in (plain, zipped, deflated):
        assert "Accept-Encoding" in [v.strip() for v in r.headers["Vary"].split(",")]
    # Same request, same bytes, compressed or not; each representation has its own strong tag.
    assert fetch(server, path, "gzip")[1] == zipped_bytes
    tags = {plain.headers["ETag"], zipped.headers["ETag"], deflated.headers["ETag"]}
    assert len(tags) == 3 and zipped.headers["ETag"] == plain.headers["ETag"][:-1] + '-gzip"'
    again, body = fetch(server, path, "gzip", **{"If-None-Match": zipped.headers["ETag"]})
    assert again.status_code == 304 and body == b""
    assert fetch(server, path, "identity", **{"If-None-Match": zipped.headers["ETag"]})[0].status_code == 200


def test_accept_encoding_weights(server):
    path = "/v1/animators"
    cases = {
        "gzip, deflate": "gzip", "deflate, gzip;q=0.5": "deflate", "gzip;q=0, deflate": "deflate", "x-gzip": "gzip",
        "*": "gzip", "*;q=0.3, gzip;q=0": "deflate", "br": None, "identity": None, "gzip;q=0": None,
        "gzip;q=abc": None, "gzip;q=2": None, "GZIP;Q=0.5": "gzip", ", ,;": None, "": None,
    }
    for field, expected in cases.items():
        r, body = fetch(server, path, field)
        assert r.status_code == 200 and r.headers.get("Content-Encoding") == expected, (field, r.headers.get("Content-Encoding"))


def test_no_field_and_small_answers_are_sent_as_they_are(server):
    with socket.create_connection(("127.0.0.1", server.port), timeout=5) as s:
        s.sendall(b"GET /v1/animators HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
        data = b""
        while chunk := s.recv(65536):
            data += chunk
    head = data.split(b"\r\n\r\n", 1)[0]
    assert b"Content-Encoding" not in head and b"Vary: Accept-Encoding" in head
    small, body = fetch(server, "/livez", "gzip")
    assert "Content-Encoding" not in small.headers and "Vary" not in small.headers and body == b'{"status":"ok"}'


def test_head_and_problems_are_compressed_like_gets(server):
    path = series(server)
    get, body = fetch(server, path, "gzip")
    head = requests.head(server.base_url + path, headers={"Accept-Encoding": "gzip"}, timeout=10)
    assert head.headers["Content-Encoding"] == "gzip" and head.headers["Content-Length"] == str(len(body))
    # A problem over the threshold (its detail repeats a 2,000-character id) is compressed too.
    r, raw = fetch(server, "/v1/sessions/" + "x" * 2000, "gzip")
    assert r.status_code == 404 and r.headers["Content-Encoding"] == "gzip"
    assert json.loads(gzip.decompress(raw))["type"] == "/problems/not-found"


def test_a_compressed_request_body_is_415_with_accept_encoding(server):
    # Issue 28, item 4: RFC 9110 §15.5.16 — the service reads bodies as sent, and says so.
    body = gzip.compress(json.dumps({"timing": "linear", "duration": 1, "times": [0.5]}).encode())
    r = server.post("/v1/timing/sample", data=body, headers={"Content-Type": "application/json", "Content-Encoding": "gzip"})
    assert r.status_code == 415, r.text
    assert r.headers["Content-Type"] == "application/problem+json"
    assert r.json()["type"] == "/problems/unsupported-media-type" and "gzip" in r.json()["detail"]
    assert r.headers["Accept-Encoding"] == "identity"
    # Without a coding, or with identity, the same body as sent is read.
    plain = json.dumps({"timing": "linear", "duration": 1, "times": [0.5]})
    for headers in ({}, {"Content-Encoding": "identity"}):
        r = server.post("/v1/timing/sample", data=plain, headers={"Content-Type": "application/json", **headers})
        assert r.status_code == 200, r.text
