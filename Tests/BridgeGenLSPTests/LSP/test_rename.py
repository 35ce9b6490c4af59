"""Rename across the schema set: every edit applied leaves `bridgegen check` clean, and what
`bridgegen diff` says of the result matches what the server said of the wire."""
import pathlib
import shutil

import pytest
from lsprotocol import types
from pygls.exceptions import JsonRpcException

from conftest import check_json, diff_reports, open_doc, sync
from test_navigation import ADMIN, USER, position_of, write_set


def apply(path, edits):
    text = path.read_text(encoding="utf-8")
    lines = text.split("\n")
    for edit in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True):
        assert edit.range.start.line == edit.range.end.line
        units = lines[edit.range.start.line].encode("utf-16-le")
        lines[edit.range.start.line] = (units[:2 * edit.range.start.character].decode("utf-16-le") + edit.new_text
                                        + units[2 * edit.range.end.character:].decode("utf-16-le"))
    path.write_text("\n".join(lines), encoding="utf-8")


def apply_all(edit, keep=lambda e: True):
    """Applies a WorkspaceEdit in either form; `keep` picks the annotated edits to apply."""
    if edit.changes:
        for uri, edits in edit.changes.items():
            apply(pathlib.Path(uri.removeprefix("file://")), edits)
    for change in edit.document_changes or []:
        apply(pathlib.Path(change.text_document.uri.removeprefix("file://")), [e for e in change.edits if keep(e)])


async def rename(client, tmp_path, file, text, needle, new_name, delta=0):
    uri = await open_doc(client, tmp_path / file)
    edit = await client.text_document_rename_async(types.RenameParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=position_of(text, needle, delta=delta), new_name=new_name))
    await sync(client, uri)
    return edit


def snapshot(tmp_path):
    old = tmp_path.parent / (tmp_path.name + "-old")
    shutil.copytree(tmp_path, old)
    return old


async def test_rename_a_type_across_three_modules(client, tmp_path):
    write_set(tmp_path)
    edit = await rename(client, tmp_path, "admin.bridge.yaml", ADMIN, "user.UserInfo", "Account", delta=8)
    assert sorted(pathlib.Path(u).name for u in edit.changes) == ["admin.bridge.yaml", "shop.bridge.yaml", "user.bridge.yaml"]
    assert sum(len(e) for e in edit.changes.values()) == 5
    apply_all(edit)
    assert check_json(tmp_path) == []
    texts = "".join(p.read_text(encoding="utf-8") for p in tmp_path.glob("*.bridge.yaml"))
    assert "UserInfo" not in texts and texts.count("user.Account") == 3
    assert client.messages == []


# Every form a method, event or enum case is written in, with what its pin must turn it into.
PINNED = """bridgegen: 1
module: pins
types:
  Mood:
    cases:
      happy:
      sad: Not happy, at all.
      odd: "Grüße 😀, \\"quoted\\""
      calm: {doc: Quiet.}
      'null': null
  Holder:
    fields:
      mood: {type: Mood, default: happy}
      moods: {type: "list<Mood>", default: [happy, sad, odd, calm]}
methods:
  block:
    # a comment above the first key
    kind: request
    returns: Mood
  flow: {kind: send, doc: "😀😀"}
events:
  nothing:
  empty: {}
  inline: {doc: "名前 😀", payload: {x: int}}
pageMethods:
  ask: null
"""


@pytest.mark.parametrize("needle,new_name,pinned", [
    ("  block:", "fetch", "fetch:\n    # a comment above the first key\n    wire: block\n    kind: request"),
    ("  flow:", "push", "push: {wire: flow, kind: send"),
    ("  nothing:", "nada", "nada: {wire: nothing}\n"),
    ("  empty:", "vacant", "vacant: {wire: empty}"),
    ("  inline:", "online", "online: {wire: inline, doc:"),
    ("  ask:", "query", "query: {wire: ask}"),
    ("      happy:", "glad", "glad: {wire: happy}"),
    ("      sad:", "down", "down: {doc: \"Not happy, at all.\", wire: sad}"),
    ("      odd:", "strange", "strange: {doc: \"Grüße 😀, \\\"quoted\\\"\", wire: odd}"),
    ("      calm:", "still", "still: {wire: calm, doc: Quiet.}"),
    ("      'null'", "nothing", "'nothing': {wire: \"null\"}"),
])
async def test_a_rename_that_would_change_a_wire_name_pins_the_old_one(client, tmp_path, needle, new_name, pinned):
    (tmp_path / "pins.bridge.yaml").write_text(PINNED, encoding="utf-8")
    assert check_json(tmp_path) == []
    old = snapshot(tmp_path)
    delta = len(needle) - len(needle.lstrip(" ")) + (1 if "'" in needle else 0)
    edit = await rename(client, tmp_path, "pins.bridge.yaml", PINNED, needle, new_name, delta=delta)
    apply_all(edit)
    text = (tmp_path / "pins.bridge.yaml").read_text(encoding="utf-8")
    assert pinned in text
    assert check_json(tmp_path) == []
    assert diff_reports(old, tmp_path) == ([], 0)
    [message] = client.messages
    assert message.type == types.MessageType.Info and "wire name stays" in message.message


async def test_defaults_follow_a_renamed_enum_case_across_modules(client, tmp_path):
    (tmp_path / "pins.bridge.yaml").write_text(PINNED, encoding="utf-8")
    (tmp_path / "other.bridge.yaml").write_text(
        "bridgegen: 1\nmodule: other\nimports: [pins]\nevents:\n  felt:\n"
        "    payload: {mood: {type: pins.Mood?, default: happy}, all: {type: 'map<pins.Mood>', default: {a: happy, b: sad}}}\n",
        encoding="utf-8")
    assert check_json(tmp_path) == []
    edit = await rename(client, tmp_path, "pins.bridge.yaml", PINNED, "happy:", "glad")
    assert sum(len(e) for e in edit.changes.values()) == 6  # the case, four defaults, the pin
    apply_all(edit)
    assert check_json(tmp_path) == []
    other = (tmp_path / "other.bridge.yaml").read_text(encoding="utf-8")
    assert "default: glad" in other and "{a: glad, b: sad}" in other


async def test_an_annotating_client_is_offered_the_pin_to_confirm(annotating_client, tmp_path):
    (tmp_path / "pins.bridge.yaml").write_text(PINNED, encoding="utf-8")
    old = snapshot(tmp_path)
    edit = await rename(annotating_client, tmp_path, "pins.bridge.yaml", PINNED, "  block:", "fetch", delta=2)
    assert edit.changes is None
    assert edit.change_annotations["pin"].needs_confirmation is True
    assert "Keep the wire name 'block'" == edit.change_annotations["pin"].label
    assert edit.change_annotations["rename"].needs_confirmation is False
    [change] = edit.document_changes
    assert change.text_document.version == 1
    assert sorted(e.annotation_id for e in change.edits) == ["pin", "rename"]
    # The user declines the pin: the wire name changes, and diff says it breaks.
    apply_all(edit, keep=lambda e: e.annotation_id != "pin")
    assert check_json(tmp_path) == []
    ids, status = diff_reports(old, tmp_path)
    assert status == 1 and ids and all(i.startswith("breaking.") for i in ids), ids


async def test_a_method_already_pinned_keeps_its_wire(client, tmp_path):
    text = "bridgegen: 1\nmodule: m\nmethods:\n  close:\n    wire: close-page\n    kind: send\n"
    (tmp_path / "m.bridge.yaml").write_text(text, encoding="utf-8")
    old = snapshot(tmp_path)
    edit = await rename(client, tmp_path, "m.bridge.yaml", text, "close:", "dismiss")
    assert sum(len(e) for e in edit.changes.values()) == 1
    apply_all(edit)
    assert diff_reports(old, tmp_path) == ([], 0)
    assert "its 'wire:' gives" in client.messages[0].message


@pytest.mark.parametrize("file,needle,new_name,what,breaks", [
    ("user.bridge.yaml", "{name: string}", "fullName", "field", True),
    ("shop.bridge.yaml", "{ids: list", "keys", "parameter", True),
    # Optional: old readers silently miss it, and diff does not call that a break.
    ("admin.bridge.yaml", "{who:", "whom", "payload field", False),
])
async def test_renaming_a_field_warns_that_the_wire_changes(client, tmp_path, file, needle, new_name, what, breaks):
    write_set(tmp_path)
    old = snapshot(tmp_path)
    text = (tmp_path / file).read_text(encoding="utf-8")
    edit = await rename(client, tmp_path, file, text, needle, new_name, delta=1)
    apply_all(edit)
    assert check_json(tmp_path) == []
    ids, status = diff_reports(old, tmp_path)
    assert (status == 1 and len(ids) == 2) if breaks else (ids, status) == ([], 0), ids
    [message] = client.messages
    assert message.type == types.MessageType.Warning
    assert f"Renamed {what} " in message.message and "cannot be pinned" in message.message


async def test_renaming_an_error_renames_its_uses(client, tmp_path):
    write_set(tmp_path)
    old = snapshot(tmp_path)
    edit = await rename(client, tmp_path, "user.bridge.yaml", USER, "notFound:", "missing")
    assert sum(len(e) for e in edit.changes.values()) == 2
    apply_all(edit)
    assert check_json(tmp_path) == []
    assert "errors: [missing]" in (tmp_path / "user.bridge.yaml").read_text(encoding="utf-8")
    assert diff_reports(old, tmp_path) == ([], 0)
    assert "code travels" in client.messages[0].message


@pytest.mark.parametrize("needle,new_name,delta,reason", [
    ("  get:", "fetch-", 2, "invalid method name"),  # the checker's own rule
    ("UserInfo:", "Bad Name", 0, "not a name"),
    ("module: user", "people", 8, "module's name"),
    ("bridgegen: 1", "x", 0, "nothing to rename"),
    ("get:", "get", 0, "already"),
])
async def test_refusals_say_why(client, tmp_path, needle, new_name, delta, reason):
    write_set(tmp_path)
    user = await open_doc(client, tmp_path / "user.bridge.yaml")
    with pytest.raises(JsonRpcException, match=reason):
        await client.text_document_rename_async(types.RenameParams(
            text_document=types.TextDocumentIdentifier(uri=user), position=position_of(USER, needle, delta=delta),
            new_name=new_name))


async def test_a_rename_onto_a_taken_name_is_refused_with_the_clash(client, tmp_path):
    text = USER.replace("    fields: {name: string}\n", "    fields: {name: string}\n  Other:\n    fields: {x: int}\n")
    (tmp_path / "user.bridge.yaml").write_text(text, encoding="utf-8")
    assert check_json(tmp_path) == []
    uri = await open_doc(client, tmp_path / "user.bridge.yaml")
    with pytest.raises(JsonRpcException, match=r"would leave the set with an error: .*\[duplicate"):
        await client.text_document_rename_async(types.RenameParams(
            text_document=types.TextDocumentIdentifier(uri=uri), position=position_of(text, "Other:"), new_name="UserInfo"))


async def test_prepare_rename_gives_the_name_and_refuses_a_module(client, tmp_path):
    write_set(tmp_path)
    admin = await open_doc(client, tmp_path / "admin.bridge.yaml")
    result = await client.text_document_prepare_rename_async(types.PrepareRenameParams(
        text_document=types.TextDocumentIdentifier(uri=admin), position=position_of(ADMIN, "user.UserInfo", delta=6)))
    assert result.placeholder == "UserInfo"
    line = ADMIN.split("\n")[result.range.start.line].encode("utf-16-le")
    assert line[2 * result.range.start.character:2 * result.range.end.character].decode("utf-16-le") == "UserInfo"
    with pytest.raises(JsonRpcException, match="by hand"):
        await client.text_document_prepare_rename_async(types.PrepareRenameParams(
            text_document=types.TextDocumentIdentifier(uri=admin), position=position_of(ADMIN, "[user]", delta=1)))
