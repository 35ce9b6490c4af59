"""Completion: type names in scope, error names in errors:, module names in imports:."""
from lsprotocol import types

from conftest import change_doc, open_doc
from test_navigation import SHOP, USER, write_set


async def complete(client, uri, text, needle):
    """Completion at the end of the first occurrence of `needle` in `text`."""
    offset = text.index(needle) + len(needle)
    line = text.count("\n", 0, offset)
    start = text.rfind("\n", 0, offset) + 1
    result = await client.text_document_completion_async(types.CompletionParams(
        text_document=types.TextDocumentIdentifier(uri=uri),
        position=types.Position(line=line, character=len(text[start:offset].encode("utf-16-le")) // 2)))
    items = result.items if isinstance(result, types.CompletionList) else result
    return sorted(item.label for item in items)


async def test_type_names_in_scope(client, tmp_path):
    write_set(tmp_path)
    shop = await open_doc(client, tmp_path / "shop.bridge.yaml")
    labels = await complete(client, shop, SHOP, "returns: ")
    assert labels == sorted(["string", "int", "double", "bool", "any", "list<>", "map<>", "user.UserInfo"])
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
