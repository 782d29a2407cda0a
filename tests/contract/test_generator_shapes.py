"""Issue 34: the shapes of openapi.yaml that the TypeScript, Java and Swift generators need,
checked on the document itself (fast, and naming the schema at fault, where
test_generated_{typescript,java,swift}.py only see a compile error or a member gone). A new action, controller kind or union must
follow them; each rule says which generated code breaks without it.
"""
import re
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
    goes under `then` (`if: {minItems: 2}`), where it means the same."""
    sets = [path for top, schema in SCHEMAS.items() for path, s in walk(schema, top)
            if s.get("type") == "array" and s.get("uniqueItems")]
    assert sets == []


# The rules the Swift generator (swift-openapi-generator 1.14, parsing with OpenAPIKit) needs. A
# rule under `if`/`then`/`else` is left to the server by every generator, so it may take any form.
CONDITIONAL = ("/if", "/then", "/else")
COMBINERS = ("allOf", "anyOf", "oneOf", "not")
# What a schema says about its own value, beside which OpenAPIKit reads a combiner alone.
STRUCTURE = {"type", "properties", "additionalProperties", "required", "items", "prefixItems", "enum", "const",
             "minItems", "maxItems", "uniqueItems", "minProperties", "maxProperties", "minimum", "maximum",
             "exclusiveMinimum", "exclusiveMaximum", "minLength", "maxLength", "pattern", "format"}


def unconditional():
    return [(path, s) for top, schema in SCHEMAS.items() for path, s in walk(schema, top)
            if not any(part in path for part in CONDITIONAL)]


def test_no_schema_says_not():
    """OpenAPIKit reads a schema holding `not` as that `not` alone, which the Swift generator
    skips, with every union and property holding it (a `not` in SelectTabAction once took
    `Action`, `ActionRequest` and the scenario's actions with it). Say it with `if`/`then`/`else`."""
    assert [path for path, s in unconditional() if "not" in s] == []


def test_no_combiner_beside_structure():
    """Beside `allOf`, `anyOf`, `oneOf` or `not`, OpenAPIKit drops the schema's own members: an
    array whose `uniqueItems` sat in an `allOf` lost its `items` (CornerMask read as untyped)."""
    mixed = [(path, sorted(STRUCTURE & set(s))) for path, s in unconditional()
             if any(k in s for k in COMBINERS) and STRUCTURE & set(s)]
    assert mixed == []


def test_no_union_holds_null():
    """The Swift generator drops a property whose union has a `{type: 'null'}` member (the
    gesture's decision, the transition's operation, a comparison's first divergence were gone,
    and with them every comparison, as its report allows no member the client does not know): a
    nullable value says `null` in its own `type` (and `enum`), which reads as an optional."""
    def is_null(member):
        types = member.get("type")
        return types == "null" or (isinstance(types, list) and "null" in types)
    held = [path for path, union in unions() for m in members(union) if is_null(m)]
    assert held == []


def test_a_nullable_enum_lists_null():
    """`type: [string, 'null']` with an `enum` must list `null` too (JSON Schema checks both), and
    the transition's operation lists the operations TransitionOperation does."""
    missing = [path for path, s in unconditional() if isinstance(s.get("type"), list) and "null" in s["type"]
               and "enum" in s and None not in s["enum"]]
    assert missing == []
    operation = SCHEMAS["Transition"]["properties"]["operation"]["enum"]
    assert operation == SCHEMAS["TransitionOperation"]["enum"] + [None]


def test_swift_convenience_names_every_event_type():
    """The Swift client's `Event.event` switches over the generated `Event`, one case per
    discriminator value: a type added to the mapping and not to the switch breaks the client's
    build (seen only by test_generated_swift.py, minutes later). Each value must be a case."""
    source = (ROOT / "clients/swift/Sources/TransitionSimClient/Convenience.swift").read_text()
    switch = source.split("public var event: any SessionEvent", 1)[1].split("\n    }\n", 1)[0]
    cases = set(re.findall(r"\.(\w+)\(let e\)", switch))
    mapping = SCHEMAS["Event"]["discriminator"]["mapping"]
    assert sorted(set(mapping) - cases) == [], "event types missing from Convenience.swift's Event.event switch"
    assert sorted(cases - set(mapping)) == [], "Event.event names types the Event mapping does not have"
    conforming = set(re.findall(r"extension Components\.Schemas\.(\w+): SessionEvent", source))
    assert sorted({name({"$ref": ref}) for ref in mapping.values()} - conforming) == []
