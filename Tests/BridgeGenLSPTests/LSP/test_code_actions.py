"""Quick fixes: a did-you-mean applied leaves the set clean; every fix a diagnostic of the
fixtures names is offered, and applied takes its diagnostic away."""
import pathlib
import shutil

import pytest
from lsprotocol import types

from conftest import change_doc, check_json, open_doc

SCHEMA = """bridgegen: 1
module: sample
doc: "Grüße 😀"
types:
  DeviceInfo:
    fields: {model: string}
methods:
  info:
    kind: request
    doc: "😀😀"
    retruns: DeviceInf
"""


def apply(text, edits):
    lines = text.split("\n")
    for edit in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True):
        assert edit.range.start.line == edit.range.end.line
        units = lines[edit.range.start.line].encode("utf-16-le")
        lines[edit.range.start.line] = (units[:2 * edit.range.start.character].decode("utf-16-le") + edit.new_text
                                        + units[2 * edit.range.end.character:].decode("utf-16-le"))
    return "\n".join(lines)


async def fixes(client, uri):
    diagnostics = list(client.diagnostics[uri])
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), range=diagnostics[0].range,
        context=types.CodeActionContext(diagnostics=diagnostics)))
    return diagnostics, actions


async def test_did_you_mean_fixes_until_clean(client, tmp_path):
    path = tmp_path / "sample.bridge.yaml"
    path.write_text(SCHEMA, encoding="utf-8")
    uri = await open_doc(client, path)
    text, version = SCHEMA, 1
    titles = []
    for _ in range(3):
        if not client.diagnostics[uri]:
            break
        diagnostics, actions = await fixes(client, uri)
        assert actions, [d.message for d in diagnostics]
        titles.append(actions[0].title)
        text = apply(text, actions[0].edit.changes[uri])
        version += 1
        await change_doc(client, uri, version, text)
    assert client.diagnostics[uri] == ()
    assert titles == ["Change 'retruns' to 'returns'", "Change 'DeviceInf' to 'DeviceInfo'"]
    assert "returns: DeviceInfo" in text


async def test_no_fix_without_a_suggestion(client, tmp_path):
    path = tmp_path / "sample.bridge.yaml"
    path.write_text(SCHEMA.replace("retruns: DeviceInf", "returns: Zzzzzzzzzz"), encoding="utf-8")
    uri = await open_doc(client, path)
    diagnostics, actions = await fixes(client, uri)
    assert [d.code for d in diagnostics] == ["unknown-type"]
    assert list(actions or []) == []


FIXTURES = pathlib.Path(__file__).resolve().parents[2] / "BridgeGenCoreTests" / "Fixtures" / "invalid"


def apply_many(text, edits):
    """Applies non-overlapping edits given in protocol positions, last first."""
    lines = text.split("\n")
    def offset(position):
        return sum(len(l) + 1 for l in lines[:position.line]) + len(
            lines[position.line].encode("utf-16-le")[:2 * position.character].decode("utf-16-le"))
    spans = sorted(((offset(e.range.start), offset(e.range.end), e.new_text) for e in edits), reverse=True)
    for (start, end, new), previous in zip(spans, [None] + spans[:-1]):
        assert previous is None or end <= previous[0], "fixes overlap"
        text = text[:start] + new + text[end:]
    return text


@pytest.mark.parametrize("fixture,fixable", [
    ("invalid-type-foreign-spelling", 19),
    ("unknown-type-foreign-scalar", 6),
    ("yaml-block-list-as-type", 6),  # not 'list<T>' (two items, or a mapping item): no type to write
    ("yaml-flow-list-suffix", 2),
    ("flow-comma-in-generic-type", 3),
    ("map-type-as-yaml-mapping", 3),  # not the mapping without 'type' (no place to write it)
])
async def test_every_fix_a_diagnostic_names_is_offered_and_works(client, tmp_path, fixture, fixable):
    shutil.copytree(FIXTURES / fixture, tmp_path / fixture)
    before = check_json(tmp_path / fixture)
    offered = 0
    for path in sorted((tmp_path / fixture).glob("*.bridge.yaml")):
        uri = await open_doc(client, path)
        diagnostics = list(client.diagnostics[uri])
        actions = await client.text_document_code_action_async(types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri), range=diagnostics[0].range,
            context=types.CodeActionContext(diagnostics=diagnostics))) or []
        offered += len(actions)
        fixed = {(a.diagnostics[0].range.start.line + 1, a.diagnostics[0].code) for a in actions}
        text = path.read_text(encoding="utf-8")
        path.write_text(apply_many(text, [e for a in actions for e in a.edit.changes[uri]]), encoding="utf-8")
        after = {(d["location"]["line"], d["id"]) for d in check_json(tmp_path / fixture) if d["location"]["path"].endswith(path.name)}
        assert not fixed & after, f"still reported after its fix: {sorted(fixed & after)}"
    assert offered == fixable, [a.title for a in actions]
    assert check_json(tmp_path / fixture) != before
