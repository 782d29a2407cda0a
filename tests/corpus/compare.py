"""Compares two replays of the request corpus (tests/corpus/replay.py) line by line.

    python3 tests/corpus/compare.py OLD.jsonl NEW.jsonl [OLD_AGAIN.jsonl]

Session ids that neither run could map (ids made inside a body) are masked. With a second
replay of the old binary, answers that differ between its own two runs (wall-clock sessions)
are left out. Exit status 1 when any answer differs, with the first few differences shown around
their first differing byte, or when the new run's ETags are inconsistent.

ETags are not compared byte for byte: the snapshot routes derive theirs from what determines the
bytes (docs/performance.md § The HTTP path), so they differ between builds by design. Instead
both runs must give a tag to the same answers, and the new run's tags must be consistent: a tag
names one body (two answers with one tag have the same bytes), and one request answered with the
same bytes while its session did not change has one tag (wall-clock sessions, whose time moves
on its own, are left out of the second rule).
"""
import gzip
import json
import re
import sys
from pathlib import Path

SESSION_ID = re.compile(r"[0-9a-f]{32}")
READS = {"GET", "HEAD", "OPTIONS"}


def normalized(response):
    response = dict(response, etag=response.get("etag") is not None)
    return SESSION_ID.sub("ID", json.dumps(response))


def load(path):
    with open(path) as f:
        return [json.loads(line) for line in f]


def corpus_sessions(requests_path):
    """For each recorded request (by index): its session's id and how many changes had been sent
    to that session before it; and the ids of the wall-clock sessions."""
    with gzip.open(requests_path, "rt") as f:
        records = [json.loads(line) for line in f]
    changes, wall, state = {}, set(), []
    for rec in records:
        match = SESSION_ID.search(rec["path"]) if rec["path"].startswith("/v1/sessions/") else None
        sid = match.group(0) if match else None
        state.append((sid, changes.get(sid, 0)))
        if sid is not None and rec["method"] not in READS:
            changes[sid] = changes.get(sid, 0) + 1
        if rec.get("created") and re.search(r'"clock"\s*:\s*"wall"', rec["body"]):
            wall.add(rec["created"])
    return state, wall


def tag_faults(run, requests_path):
    """Where a run's ETags break the two rules above."""
    state, wall = corpus_sessions(requests_path)
    faults, body_of_tag, tag_of_read = [], {}, {}
    for answer in run:
        tag = answer.get("etag")
        if tag is None or not answer["request"].startswith("GET "):
            continue  # a HEAD's tag is the GET's, over a body it does not send
        body = (answer.get("type"), answer.get("body"))
        first = body_of_tag.setdefault(tag, (answer["i"], body))
        if first[1] != body:
            faults.append(f"tag {tag} names two bodies: answers {first[0]} and {answer['i']}")
        sid, version = state[answer["i"]]
        if sid in wall:
            continue
        key = (answer["request"], version, body)
        seen = tag_of_read.setdefault(key, (answer["i"], tag))
        if seen[1] != tag:
            faults.append(f"{answer['request']}: the same bytes with tags {seen[1]} and {tag} (answers {seen[0]}, {answer['i']})")
    return faults


def main(old_path, new_path, again_path=None, shown=5, requests_path=Path(__file__).with_name("requests.jsonl.gz")):
    old_run, new_run = load(old_path), load(new_path)
    old, new = [normalized(r) for r in old_run], [normalized(r) for r in new_run]
    if len(old) != len(new):
        print(f"{len(old)} answers against {len(new)}: the runs did not replay the same requests")
        return 1
    keep = range(len(old))
    if again_path:
        again = [normalized(r) for r in load(again_path)]
        keep = [i for i in keep if old[i] == again[i]]
        print(f"{len(old) - len(keep)} answers differ between two runs of the old binary and are left out")
    differing = [i for i in keep if old[i] != new[i]]
    print(f"{len(keep) - len(differing)} of {len(keep)} answers byte-identical (ETags: present in both or neither)")
    for i in differing[:shown]:
        a, b = json.loads(old[i]), json.loads(new[i])
        print("---", a.get("request"), a.get("status"), "->", b.get("status"), "etag:", a.get("etag"), "->", b.get("etag"))
        x, y = a.get("body", ""), b.get("body", "")
        k = next((k for k in range(min(len(x), len(y))) if x[k] != y[k]), min(len(x), len(y)))
        print("  old:", x[max(0, k - 120):k + 120])
        print("  new:", y[max(0, k - 120):k + 120])
    faults = tag_faults(new_run, requests_path)
    tagged = sum(r.get("etag") is not None for r in new_run)
    print(f"{tagged} tagged answers in the new run, {len(faults)} inconsistent")
    for fault in faults[:shown]:
        print("  ", fault)
    return 1 if differing or faults else 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:4]))
