"""Completion: keys valid at the cursor (schemas and configs), type names in scope, enum cases
in defaults, error names in errors:, module names in imports:."""
import pytest
from lsprotocol import types

from conftest import change_doc, open_doc
from test_navigation import SHOP, USER, write_set


async def labels_at(client, uri, text, offset, newline="\n"):
    """The labels completion offers at character `offset` of `text`, in the server's order."""
    start = text.rfind(newline, 0, offset) + 1
    result = await client.text_document_completion_async(types.CompletionParams(
        text_document=types.TextDocumentIdentifier(uri=uri),
        position=types.Position(line=text.count(newline, 0, offset), character=len(text[start:offset].encode("utf-16-le")) // 2)))
    items = result.items if isinstance(result, types.CompletionList) else result
    return [item.label for item in items]


async def complete(client, uri, text, needle):
    """Completion at the end of the first occurrence of `needle` in `text`, sorted."""
    return sorted(await labels_at(client, uri, text, text.index(needle) + len(needle)))


async def test_type_names_in_scope(client, tmp_path):
    write_set(tmp_path)
    shop = await open_doc(client, tmp_path / "shop.bridge.yaml")
    labels = await complete(client, shop, SHOP, "returns: ")
    assert labels == sorted(["string", "int", "double", "bool", "bytes", "any", "list<>", "map<>", "user.UserInfo"])
    user = await open_doc(client, tmp_path / "user.bridge.yaml")
    labels = await complete(client, user, USER, "    returns: ")
    assert "UserInfo" in labels and "user.UserInfo" not in labels


async def test_error_and_module_names(client, tmp_path):
    write_set(tmp_path)
    user = await open_doc(client, tmp_path / "user.bridge.yaml")
    assert await complete(client, user, USER, "errors: [") == ["notFound"]
    shop_path = tmp_path / "shop.bridge.yaml"
    shop = await open_doc(client, shop_path)
    assert await complete(client, shop, SHOP, "imports: [") == ["admin", "user"]


async def test_nothing_outside_a_value_that_names_something(client, tmp_path):
    write_set(tmp_path)
    user = await open_doc(client, tmp_path / "user.bridge.yaml")
    assert await complete(client, user, USER, "doc: \"Ünïcødé") == []
    assert await complete(client, user, USER, "    kind: ") == []


async def complete_marked(client, path, marked, newline="\n"):
    """Writes `marked` less its '‸' to `path`, opens it and completes where the '‸' was."""
    text = marked.replace("‸", "")
    path.write_bytes(text.encode("utf-8"))
    uri = await open_doc(client, path)
    return await labels_at(client, uri, text, marked.index("‸"), newline)


KEYS = """bridgegen: 1
module: shop
doc: "Grüße 😀"
types:
  Item:
    fields:
      price:
        type: int
        {field}
      mood: {{doc: "😀, {{not: a key}}", type: Mood, {flow}}}
    {type}
  Mood:
    cases: {{calm: {{doc: Calm., {case}}}, sad: null}}
methods:
  get:
    kind: request
    {method}
    returns:
      {returns}
{top}
"""

SLOTS = ("field", "flow", "type", "case", "method", "returns", "top")


@pytest.mark.parametrize("slot,expected", [
    ("field", ["doc", "default", "deprecated"]),
    ("flow", ["default", "deprecated"]),
    # The type has `fields:`: a struct, so neither `cases:` nor a union's keys belong.
    ("type", ["doc", "deprecated"]),
    ("case", ["wire", "deprecated"]),
    ("method", ["wire", "doc", "params", "errors", "deprecated", "access"]),
    ("returns", ["type", "doc"]),
    ("top", ["errors", "events", "pageMethods", "imports", "access"]),
])
async def test_keys_valid_at_the_cursor_and_not_yet_written(client, tmp_path, slot, expected):
    marked = KEYS.format(**{s: ("‸" if s == slot else "") for s in SLOTS})
    labels = await complete_marked(client, tmp_path / "shop.bridge.yaml", marked)
    assert sorted(labels) == sorted(expected)


async def test_a_partly_typed_key_and_where_no_key_belongs(client, tmp_path):
    marked = KEYS.format(**{s: "" for s in SLOTS}).replace("    kind: request\n", "    kind: request\n    para‸\n")
    assert "params" in await complete_marked(client, tmp_path / "shop.bridge.yaml", marked)
    # Under 'types:' the keys are names the user chooses; after a closed mapping nothing is due.
    names = KEYS.format(**{s: "" for s in SLOTS}).replace("types:\n", "types:\n  ‸\n")
    assert await complete_marked(client, tmp_path / "shop.bridge.yaml", names) == []
    closed = KEYS.format(**{s: "" for s in SLOTS}).replace("type: Mood, }", "type: Mood}‸")
    assert await complete_marked(client, tmp_path / "shop.bridge.yaml", closed) == []


async def test_config_keys_include_the_targets_sections(client, tmp_path):
    (tmp_path / "shop.bridge.yaml").write_text("bridgegen: 1\nmodule: shop\n", encoding="utf-8")
    top = await complete_marked(client, tmp_path / "bridgegen.yaml", "bridgegen: 1\ntransport: reply\n‸\n")
    assert {"callbackChannel", "origin", "console", "swift", "typescript"} <= set(top) and "transport" not in top
    origin = await complete_marked(client, tmp_path / "bridgegen.yaml", "bridgegen: 1\norigin:\n  trustedHosts: [a.com]\n  ‸\n")
    assert sorted(origin) == ["mainFrameOnly", "trustedSchemes"]


ENUMS = """bridgegen: 1
module: pins
types:
  Mood:
    cases: {happy: null, sad: null, "calm": {doc: Quiet.}}
  Holder:
    fields:
      one: {type: Mood, default: ‸1}
      many:
        type: "list<Mood>?"
        default: ‸2
"""


async def test_enum_cases_in_defaults_in_order(client, tmp_path):
    for slot in ("1", "2"):
        marked = ENUMS.replace("‸" + slot, "‸").replace("‸1", "").replace("‸2", "")
        assert await complete_marked(client, tmp_path / "pins.bridge.yaml", marked) == ["happy", "sad", "calm"]
    (tmp_path / "pins.bridge.yaml").write_text(ENUMS.replace("‸1", "").replace("‸2", ""), encoding="utf-8")
    other = "bridgegen: 1\nmodule: other\nimports: [pins]\nevents:\n  felt:\n    payload:\n      mood: {type: pins.Mood, default: ‸}\n"
    assert await complete_marked(client, tmp_path / "other.bridge.yaml", other) == ["happy", "sad", "calm"]
    not_enum = ENUMS.replace("type: Mood, default: ‸1", "type: string, default: ‸").replace("‸2", "")
    assert await complete_marked(client, tmp_path / "pins.bridge.yaml", not_enum) == []


async def test_a_methods_kind_decides_its_keys_and_yields_takes_a_type(client, tmp_path):
    base = KEYS.format(**{s: ("‸" if s == "method" else "") for s in SLOTS})
    keys = lambda kind: complete_marked(client, tmp_path / "shop.bridge.yaml", base.replace("kind: request", kind))
    assert "yields" in await keys("kind: stream") and "yields" not in await keys("kind: request")
    send = await keys("kind: send")
    assert "yields" not in send and "errors" not in send and "params" in send
    unwritten = await keys("kind:")
    assert "yields" in unwritten and "errors" in unwritten
    typed = base.replace("‸", "yields: ‸")
    assert {"string", "bytes", "Item", "Mood"} <= set(await complete_marked(client, tmp_path / "shop.bridge.yaml", typed))


async def test_a_key_written_after_the_cursor_is_not_offered_again(client, tmp_path):
    marked = KEYS.format(**{s: "" for s in SLOTS}).replace("        type: int\n", "        type: int\n        ‸doc: The price.\n")
    assert sorted(await complete_marked(client, tmp_path / "shop.bridge.yaml", marked)) == ["default", "deprecated"]


async def test_keys_in_a_file_whose_lines_end_in_carriage_returns(client, tmp_path):
    # The protocol breaks lines at CR too (old Mac files); the nesting is read per protocol line.
    marked = KEYS.format(**{s: ("‸" if s == "field" else "") for s in SLOTS}).replace("\n", "\r")
    assert sorted(await complete_marked(client, tmp_path / "shop.bridge.yaml", marked, newline="\r")) == ["default", "deprecated", "doc"]


SHORTHAND = """bridgegen: 1
module: shop
imports: [user]
types:
  Item:
    fields:
      name: {type: string}
      note: ‸block
  Pair: {fields: {left: int, right: ‸flow}}
errors:
  gone: {code: 1, data: {since: ‸data}}
events:
  changed:
    payload: {who: ‸payload}
methods:
  get:
    kind: request
    params:
      id: ‸param
"""

TYPES_IN_SCOPE = sorted(["string", "int", "double", "bool", "bytes", "any", "list<>", "map<>", "Item", "Pair", "user.UserInfo"])


@pytest.mark.parametrize("slot", ["block", "flow", "data", "payload", "param"])
@pytest.mark.parametrize("typed", ["", "Str", "user.Us"])
async def test_types_after_a_fields_name_the_shorthand_of_type(client, tmp_path, slot, typed):
    """`note: Str|`: a field written as its name and its type, in block and flow style, in a
    struct, an error's data, an event's payload and a method's params."""
    (tmp_path / "user.bridge.yaml").write_text(USER, encoding="utf-8")
    marked = SHORTHAND
    for other in ("block", "flow", "data", "payload", "param"):
        marked = marked.replace("‸" + other, (typed + "‸") if other == slot else "string")
    assert sorted(await complete_marked(client, tmp_path / "shop.bridge.yaml", marked)) == TYPES_IN_SCOPE


async def test_a_type_completion_replaces_the_name_typed_so_far(client, tmp_path):
    (tmp_path / "user.bridge.yaml").write_text(USER, encoding="utf-8")
    text = "bridgegen: 1\nmodule: shop\nimports: [user]\nevents:\n  changed:\n    payload: {who: user.Us, why: string}\n"
    path = tmp_path / "shop.bridge.yaml"
    path.write_text(text, encoding="utf-8")
    uri = await open_doc(client, path)
    result = await client.text_document_completion_async(types.CompletionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=5, character=26)))
    items = result.items if isinstance(result, types.CompletionList) else result
    user_info = next(item for item in items if item.label == "user.UserInfo")
    assert user_info.text_edit.new_text == "user.UserInfo"
    assert (user_info.text_edit.range.start, user_info.text_edit.range.end) == (
        types.Position(line=5, character=19), types.Position(line=5, character=26))


async def test_types_while_the_yaml_is_half_typed(client, tmp_path):
    """An unclosed `{` is no YAML: the module's types are those of the buffer's last version
    that could be read."""
    (tmp_path / "user.bridge.yaml").write_text(USER, encoding="utf-8")
    path = tmp_path / "shop.bridge.yaml"
    text = "bridgegen: 1\nmodule: shop\nimports: [user]\ntypes:\n  Item:\n    fields: {name: string}\n  Pair: {fields: {left: int}}\n"
    path.write_text(text, encoding="utf-8")
    uri = await open_doc(client, path)
    typing = text.replace("{fields: {left: int}}", "{fields: {left: int, right: Str")
    await change_doc(client, uri, 2, typing)
    assert any(d.severity == types.DiagnosticSeverity.Error for d in client.diagnostics[uri]), "the YAML must be broken"
    assert sorted(await labels_at(client, uri, typing, len(typing) - 1)) == TYPES_IN_SCOPE
