"""Reference decoder for change-only snapshot batches (format "changes/1").

GET /v1/sessions/{id}/snapshots?...&changes=true answers
{"format": "changes/1", "snapshots": [first, change, change, ...]}. The first frame is a whole
flat snapshot (as flat=true gives it). Each later frame holds its "time" and what differs from
the frame before; every other member is left out when empty:
  "set", "unset"   the snapshot's other members that changed, by dotted path
                   ("transition.elapsed"): objects are compared member by member, anything else
                   is set whole;
  "removed"        indices of views in the previous frame's list that are gone;
  "added"          [index, view] pairs: whole views, at their index in the new list (increasing);
  "viewSet"        {path: [[value, index, index, ...], ...]}: view members that changed, each
                   value with the views (indices in the new list) that take it;
  "viewUnset"      {path: [index, ...]}: view members that are gone;
  "views"          instead of the four above, the whole list (when they cannot say it).
The format is described in docs/performance.md § Change-only batches
"""
import copy

# A flat view's members, in the order written, each with the fields a change frame sets one by
# one ("frame.x"); none for a member set whole. The service's member table (ViewMembers) is
# checked against this list (ViewMemberTableTests): a path it does not name is an error here.
VIEW_MEMBERS = {
    "id": (),
    "kind": (),
    "viewController": (),
    "path": (),
    "role": (),
    "frame": ("x", "y", "width", "height"),
    "bounds": ("x", "y", "width", "height"),
    "center": ("x", "y"),
    "transform": ("a", "b", "c", "d", "tx", "ty"),
    "transform3D": (),
    "alpha": (),
    "hidden": (),
    "windowFrame": ("x", "y", "width", "height"),
    "backgroundColor": (),
    "text": (),
    "fontSize": (),
    "image": (),
    "snapshotOf": (),
    "cornerRadius": (),
    "maskedCorners": (),
    "clipsToBounds": (),
    "borderWidth": (),
    "borderColor": (),
    "shadowOpacity": (),
    "shadowRadius": (),
    "shadowOffset": ("width", "height"),
    "shadowColor": (),
    "anchorPoint": ("x", "y"),
    "zPosition": (),
    "isDoubleSided": (),
    "visibleRect": ("x", "y", "width", "height"),
    "visible": (),
    "parent": (),
}


def _view_path(path):
    """`path` if it names a view member or one of its fields, else a ValueError."""
    member, _, field = path.partition(".")
    if member not in VIEW_MEMBERS or (field and field not in VIEW_MEMBERS[member]):
        raise ValueError(f"unknown view member path {path!r}")
    return path


def _set(target, path, value):
    *parents, last = path.split(".")
    for name in parents:
        target = target[name]
    target[last] = value


def _unset(target, path):
    *parents, last = path.split(".")
    for name in parents:
        target = target[name]
    del target[last]


def decode(batch):
    """The full flat frames a change-only batch stands for."""
    if batch.get("format") != "changes/1":
        raise ValueError(f"unknown format {batch.get('format')!r}")
    frames = []
    for change in batch["snapshots"]:
        if not frames:
            frames.append(change)
            continue
        previous = frames[-1]
        frame = copy.deepcopy({name: value for name, value in previous.items() if name != "views"})
        frame["time"] = change["time"]
        for path, value in change.get("set", {}).items():
            _set(frame, path, value)
        for path in change.get("unset", []):
            _unset(frame, path)
        if "views" in change:
            frame["views"] = change["views"]
        else:
            removed = set(change.get("removed", []))
            views = [copy.deepcopy(v) for i, v in enumerate(previous["views"]) if i not in removed]
            for index, view in change.get("added", []):
                views.insert(index, view)
            for path, groups in change.get("viewSet", {}).items():
                _view_path(path)
                for value, *indices in groups:
                    for index in indices:
                        _set(views[index], path, copy.deepcopy(value))
            for path, indices in change.get("viewUnset", {}).items():
                _view_path(path)
                for index in indices:
                    _unset(views[index], path)
            frame["views"] = views
        frames.append(frame)
    return frames
