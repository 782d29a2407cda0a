"""Compares two replays of the request corpus (tests/corpus/replay.py) line by line.

    python3 tests/corpus/compare.py OLD.jsonl NEW.jsonl [OLD_AGAIN.jsonl]

Session ids that neither run could map (ids made inside a body) are masked, and so are ETags
over bodies that contain one. With a second replay of the old binary, answers that differ
between its own two runs (wall-clock sessions) are left out. Exit status 1 when any answer
differs, with the first few differences shown around their first differing byte.
"""
import json
import re
import sys

SESSION_ID = re.compile(r"[0-9a-f]{32}")


def normalized(line):
    response = json.loads(line)
    if SESSION_ID.search(response.get("body", "")):
        response["etag"] = None
    return SESSION_ID.sub("ID", json.dumps(response))


def load(path):
    with open(path) as f:
        return [normalized(line) for line in f]


def main(old_path, new_path, again_path=None, shown=5):
    old, new = load(old_path), load(new_path)
    if len(old) != len(new):
        print(f"{len(old)} answers against {len(new)}: the runs did not replay the same requests")
        return 1
    keep = range(len(old))
    if again_path:
        again = load(again_path)
        keep = [i for i in keep if old[i] == again[i]]
        print(f"{len(old) - len(keep)} answers differ between two runs of the old binary and are left out")
    differing = [i for i in keep if old[i] != new[i]]
    print(f"{len(keep) - len(differing)} of {len(keep)} answers byte-identical")
    for i in differing[:shown]:
        a, b = json.loads(old[i]), json.loads(new[i])
        print("---", a.get("request"), a.get("status"), "->", b.get("status"))
        x, y = a.get("body", ""), b.get("body", "")
        k = next((k for k in range(min(len(x), len(y))) if x[k] != y[k]), min(len(x), len(y)))
        print("  old:", x[max(0, k - 120):k + 120])
        print("  new:", y[max(0, k - 120):k + 120])
    return 1 if differing else 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:4]))
