"""Definition, references, document and workspace symbols across modules."""
import pathlib

from lsprotocol import types

from conftest import check_json, open_doc

USER = """bridgegen: 1
module: user
doc: "Ünïcødé 😀"
types:
  UserInfo:
    fields: {name: string}
errors:
  notFound: {code: 1}
methods:
  get:
    kind: request
    returns: UserInfo
    errors: [notFound]
"""
SHOP = """bridgegen: 1
module: shop
imports: [user]
methods:
  owner: {kind: request, doc: "Grüße 😀😀", returns: user.UserInfo}
  owners:
    kind: request
    params: {ids: list<string>}
    returns: "list<user.UserInfo>"
"""
ADMIN = """bridgegen: 1
module: admin
imports: [user]
events:
  changed:
    payload: {who: {type: "user.UserInfo?", doc: "名前"}}
"""


def write_set(tmp_path):
    (tmp_path / "bridgegen.yaml").write_text("bridgegen: 1\n", encoding="utf-8")
    for name, text in (("user", USER), ("shop", SHOP), ("admin", ADMIN)):
        (tmp_path / f"{name}.bridge.yaml").write_text(text, encoding="utf-8")
    assert check_json(tmp_path) == [], "the set must be clean"


def position_of(text, needle, nth=0, delta=0):
    """The protocol position of the `nth` occurrence of `needle`, in UTF-16 units."""
    offset = -1
    for _ in range(nth + 1):
        offset = text.index(needle, offset + 1)
    offset += delta
    line = text.count("\n", 0, offset)
    start = text.rfind("\n", 0, offset) + 1
    return types.Position(line=line, character=len(text[start:offset].encode("utf-16-le")) // 2)


def text_at(path, range_):
    line = pathlib.Path(path).read_text(encoding="utf-8").split("\n")[range_.start.line]
    units = line.encode("utf-16-le")
    return units[2 * range_.start.character:2 * range_.end.character].decode("utf-16-le")


async def test_definition_of_an_imported_type_after_astral_characters(client, tmp_path):
    write_set(tmp_path)
    shop = await open_doc(client, tmp_path / "shop.bridge.yaml")
    result = await client.text_document_definition_async(types.DefinitionParams(
        text_document=types.TextDocumentIdentifier(uri=shop), position=position_of(SHOP, "user.UserInfo", delta=12)))
    location = result if isinstance(result, types.Location) else result[0]
    assert location.uri == (tmp_path / "user.bridge.yaml").as_uri()
    assert location.range.start.line == 4
    assert text_at(tmp_path / "user.bridge.yaml", location.range) == "UserInfo"


async def test_definition_of_a_module_in_imports_and_of_an_error(client, tmp_path):
    write_set(tmp_path)
    shop = await open_doc(client, tmp_path / "shop.bridge.yaml")
    result = await client.text_document_definition_async(types.DefinitionParams(
        text_document=types.TextDocumentIdentifier(uri=shop), position=position_of(SHOP, "[user]", delta=2)))
    location = result if isinstance(result, types.Location) else result[0]
    assert location.uri.endswith("/user.bridge.yaml") and location.range.start.line == 1
    user = await open_doc(client, tmp_path / "user.bridge.yaml")
    result = await client.text_document_definition_async(types.DefinitionParams(
        text_document=types.TextDocumentIdentifier(uri=user), position=position_of(USER, "[notFound]", delta=3)))
    location = result if isinstance(result, types.Location) else result[0]
    assert location.range.start.line == 7 and text_at(tmp_path / "user.bridge.yaml", location.range) == "notFound"


async def test_references_across_three_modules(client, tmp_path):
    write_set(tmp_path)
    user = await open_doc(client, tmp_path / "user.bridge.yaml")
    result = await client.text_document_references_async(types.ReferenceParams(
        text_document=types.TextDocumentIdentifier(uri=user), position=position_of(USER, "UserInfo:", delta=1),
        context=types.ReferenceContext(include_declaration=True)))
    found = sorted((pathlib.Path(l.uri.removeprefix("file://")).name, l.range.start.line, text_at(l.uri.removeprefix("file://"), l.range))
                   for l in result)
    assert found == [
        ("admin.bridge.yaml", 5, "user.UserInfo"),
        ("shop.bridge.yaml", 4, "user.UserInfo"),
        ("shop.bridge.yaml", 8, "user.UserInfo"),
        ("user.bridge.yaml", 4, "UserInfo"),
        ("user.bridge.yaml", 11, "UserInfo"),
    ]
    without = await client.text_document_references_async(types.ReferenceParams(
        text_document=types.TextDocumentIdentifier(uri=user), position=position_of(USER, "UserInfo:", delta=1),
        context=types.ReferenceContext(include_declaration=False)))
    assert len(without) == 4


async def test_document_symbols_outline(client, tmp_path):
    write_set(tmp_path)
    user = await open_doc(client, tmp_path / "user.bridge.yaml")
    [module] = await client.text_document_document_symbol_async(
        types.DocumentSymbolParams(text_document=types.TextDocumentIdentifier(uri=user)))
    assert module.name == "user" and module.kind == types.SymbolKind.Module
    assert [(c.name, c.kind) for c in module.children] == [
        ("UserInfo", types.SymbolKind.Struct), ("get", types.SymbolKind.Method), ("notFound", types.SymbolKind.Constant)]
    assert [f.name for f in module.children[0].children] == ["name"]
    assert text_at(tmp_path / "user.bridge.yaml", module.children[1].selection_range) == "get"


async def test_workspace_symbols(client, tmp_path):
    write_set(tmp_path)
    await open_doc(client, tmp_path / "shop.bridge.yaml")
    result = await client.workspace_symbol_async(types.WorkspaceSymbolParams(query="userinf"))
    assert [(s.name, s.container_name, s.location.uri.rsplit("/", 1)[1]) for s in result] == [("UserInfo", "user", "user.bridge.yaml")]
    result = await client.workspace_symbol_async(types.WorkspaceSymbolParams(query="nomatchatall"))
    assert result == []
