"""Issue 34: the shapes of openapi.yaml that the TypeScript and Java generators need, checked on
the document itself (fast, and naming the schema at fault, where test_generated_typescript.py and
test_generated_java.py only see a compile error). A new action, controller kind or union must
follow them; each rule says which generated code breaks without it.
"""
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]
SCHEMAS = yaml.safe_load((ROOT / "openapi.yaml").read_text())["components"]["schemas"]


def name(ref):
    return ref["$ref"].rsplit("/", 1)[1]


def members(schema):
    return schema.get("oneOf", []) + schema.get("anyOf", [])


def walk(schema, path):
    """Every schema object inside `schema` (itself included), with where it is."""
    if isinstance(schema, dict):
        yield path, schema
        for key, value in schema.items():
            yield from walk(value, f"{path}/{key}")
    elif isinstance(schema, list):
        for i, value in enumerate(schema):
            yield from walk(value, f"{path}/{i}")


def unions():
    return [(path, s) for top, schema in SCHEMAS.items() for path, s in walk(schema, top) if members(s)]


def test_no_union_has_an_inline_array():
    """An inline array in a union is `List<Action>.class` in Java and an `Array` without its type
    in typescript-fetch: a list is a named schema made a model (`x-generate-alias-as-model`)."""
    inline = [path for path, union in unions() for m in members(union) if m.get("type") == "array"]
    assert inline == []
    aliases = [name(m) for _, union in unions() for m in members(union)
               if "$ref" in m and SCHEMAS[name(m)].get("type") == "array"]
    assert aliases and [a for a in aliases if not SCHEMAS[a].get("x-generate-alias-as-model")] == []


def test_no_union_without_discriminator_has_a_union_member():
    """typescript-fetch checks such a union's members with their `instanceOf…` functions, which a
    union does not have (it does not compile): list the inner union's members instead."""
    nested = [(path, name(m)) for path, union in unions() if "discriminator" not in union
              for m in members(union) if "$ref" in m and members(SCHEMAS[name(m)])]
    assert nested == []


def test_enum_members_sort_after_object_members():
    """typescript-fetch checks a union's members in name order and casts the value to each; a
    string enum cast while an object member is left unchecked does not compile."""
    wrong = []
    for path, union in unions():
        refs = [name(m) for m in members(union) if "$ref" in m]
        enums = [r for r in refs if "enum" in SCHEMAS[r]]
        others = [r for r in refs if SCHEMAS[r].get("type") in ("object", "array")]
        wrong += [(path, e, o) for e in enums for o in others if e < o]
    assert wrong == []


def test_the_actions_body_lists_every_action_then_the_array():
    """ActionRequest stands for Action or a list of them; its array model, whose typescript-fetch
    check accepts anything, must sort after every action or a single action is sent unconverted."""
    actions = [name(m) for m in SCHEMAS["Action"]["oneOf"]]
    body = [name(m) for m in SCHEMAS["ActionRequest"]["oneOf"]]
    assert sorted(body) == sorted(actions + ["VectorOfActions"])
    assert [a for a in actions if a > "VectorOfActions"] == []
    assert SCHEMAS["VectorOfActions"]["items"] == {"$ref": "#/components/schemas/Action"}


def test_a_stack_entry_is_an_id_or_any_controller_spec():
    entries = [name(m) for m in SCHEMAS["StackEntry"]["oneOf"] if "$ref" in m]
    assert sorted(entries) == sorted(name(m) for m in SCHEMAS["ControllerSpec"]["oneOf"])


def test_no_top_level_unique_items():
    """A uniqueItems array is a set in the generated clients: Java iterates a Set of an enum as
    String (does not compile), and TypeScript sends a Set it has not converted as `{}`. The rule
    goes inside `allOf`, where it means the same."""
    sets = [path for top, schema in SCHEMAS.items() for path, s in walk(schema, top)
            if s.get("type") == "array" and s.get("uniqueItems")]
    assert sets == []
