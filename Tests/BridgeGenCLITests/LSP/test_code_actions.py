"""Quick fixes: a did-you-mean applied leaves the set clean."""
from lsprotocol import types

from conftest import change_doc, open_doc

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
