"""Replays the request corpus against a running server and writes one line per response.

    python3 tests/corpus/replay.py PORT OUT.jsonl [REQUESTS.jsonl.gz]

Requests are JSON lines: method, path, headers, body (latin-1 text) and, for a session
creation, `created`: the id the session had when the request was recorded. Later paths and
bodies name sessions by those ids; the replay maps them to the ids this server makes, and
maps them back in what it writes, so that runs of two binaries compare line by line.
"""
import gzip
import http.client
import json
import re
import sys
from pathlib import Path

SKIP = re.compile(r"^/(metrics|livez|readyz)")  # process figures, not simulation answers


def replay(port, out_path, requests_path):
    opener = gzip.open if str(requests_path).endswith(".gz") else open
    with opener(requests_path, "rt") as f:
        records = [json.loads(line) for line in f]
    ids = {}  # recorded id -> this server's id

    def connect():
        return http.client.HTTPConnection("127.0.0.1", port, timeout=30)

    conn = connect()
    with open(out_path, "w") as out:
        for i, rec in enumerate(records):
            path, body = rec["path"], rec["body"]
            if SKIP.match(path):
                continue
            for old, new in ids.items():
                path, body = path.replace(old, new), body.replace(old, new)
            headers = {k: v for k, v in rec["headers"].items() if k.lower() != "if-none-match"}
            headers.setdefault("X-Request-Id", f"corpus-{i}")
            for attempt in range(2):
                try:
                    conn.request(rec["method"], path, body=body.encode("latin-1") if body else None, headers=headers)
                    response = conn.getresponse()
                    raw = response.read()
                    break
                except (http.client.HTTPException, OSError):
                    conn.close()
                    conn = connect()
            else:
                out.write(json.dumps({"i": i, "error": "no answer"}) + "\n")
                continue
            if response.getheader("Connection", "").lower() == "close":
                conn.close()
                conn = connect()
            if rec.get("created") and response.status == 201:
                ids[rec["created"]] = json.loads(raw)["id"]
            text, location = raw.decode("latin-1"), response.getheader("Location") or ""
            for old, new in ids.items():
                text, location = text.replace(new, old), location.replace(new, old)
            # Tags are compared for consistency, not equality (compare.py): mapping ids back keeps it.
            etag = response.getheader("ETag")
            out.write(json.dumps({"i": i, "request": rec["method"] + " " + rec["path"], "status": response.status,
                                  "type": response.getheader("Content-Type"), "etag": etag,
                                  "location": location, "body": text}) + "\n")
    return len(records)


if __name__ == "__main__":
    default = Path(__file__).with_name("requests.jsonl.gz")
    replay(int(sys.argv[1]), sys.argv[2], sys.argv[3] if len(sys.argv) > 3 else default)
