"""Rename of a type across three modules leaves `bridgegen check` clean; wire names are refused."""
import pathlib

import pytest
from lsprotocol import types
from pygls.exceptions import JsonRpcException

from conftest import check_json, open_doc
from test_navigation import ADMIN, position_of, write_set


def apply(path, edits):
    text = path.read_text(encoding="utf-8")
    lines = text.split("\n")
    for edit in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True):
        units = lines[edit.range.start.line].encode("utf-16-le")
        lines[edit.range.start.line] = (units[:2 * edit.range.start.character].decode("utf-16-le") + edit.new_text
                                        + units[2 * edit.range.end.character:].decode("utf-16-le"))
    path.write_text("\n".join(lines), encoding="utf-8")


async def test_rename_a_type_across_three_modules(client, tmp_path):
    write_set(tmp_path)
    admin = await open_doc(client, tmp_path / "admin.bridge.yaml")
    edit = await client.text_document_rename_async(types.RenameParams(
        text_document=types.TextDocumentIdentifier(uri=admin), position=position_of(ADMIN, "user.UserInfo", delta=8),
        new_name="Account"))
    assert sorted(pathlib.Path(u).name for u in edit.changes) == ["admin.bridge.yaml", "shop.bridge.yaml", "user.bridge.yaml"]
    assert sum(len(e) for e in edit.changes.values()) == 5
    for uri, edits in edit.changes.items():
        apply(pathlib.Path(uri.removeprefix("file://")), edits)
    assert check_json(tmp_path) == []
    texts = "".join(p.read_text(encoding="utf-8") for p in tmp_path.glob("*.bridge.yaml"))
    assert "UserInfo" not in texts and texts.count("user.Account") == 3


async def test_renaming_a_method_or_to_a_non_name_is_refused(client, tmp_path):
    write_set(tmp_path)
    user_text = (tmp_path / "user.bridge.yaml").read_text(encoding="utf-8")
    user = await open_doc(client, tmp_path / "user.bridge.yaml")
    with pytest.raises(JsonRpcException, match="wire"):
        await client.text_document_rename_async(types.RenameParams(
            text_document=types.TextDocumentIdentifier(uri=user), position=position_of(user_text, "  get:", delta=3),
            new_name="fetch"))
    with pytest.raises(JsonRpcException, match="not a name"):
        await client.text_document_rename_async(types.RenameParams(
            text_document=types.TextDocumentIdentifier(uri=user), position=position_of(user_text, "UserInfo:", delta=1),
            new_name="Bad Name"))
