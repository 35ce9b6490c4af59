"""A check starts from the set's last one (files with the same bytes are not parsed again,
files unchanged on disk not read again): what it answers is still what `bridgegen check`
says of the files as they are, however they changed."""
import time

from lsprotocol import types

from conftest import change_doc, check_json, open_doc

A = "bridgegen: 1\nmodule: a\ntypes:\n  Point: {fields: {x: int}}\n"
GOOD = "bridgegen: 1\nmodule: b\ntypes:\n  Size: {fields: {x: int}}\n"
BAD = GOOD.replace("x: int", "x: inx")
assert len(BAD) == len(GOOD)


def codes(client, path):
    return [d.code for d in client.diagnostics.get(path.as_uri(), ())]


async def test_a_file_rewritten_on_disk_is_read_again(client, tmp_path):
    """Rewritten with as many bytes, within the same second (the clock tick of file times may
    not tell the writes apart), and again once its time stamps are old."""
    b = tmp_path / "b.bridge.yaml"
    b.write_text(GOOD, encoding="utf-8")
    (tmp_path / "a.bridge.yaml").write_text(A, encoding="utf-8")
    uri = await open_doc(client, tmp_path / "a.bridge.yaml")
    assert codes(client, b) == []
    version = 1
    for text, expected in ((BAD, ["unknown-type"]), (GOOD, []), (BAD, ["unknown-type"])):
        b.write_text(text, encoding="utf-8")
        version += 1
        await change_doc(client, uri, version, A + "# %d\n" % version)
        assert codes(client, b) == expected, text
        assert [d["id"] for d in check_json(tmp_path)] == expected
    time.sleep(2.5)
    await change_doc(client, uri, version + 1, A)
    b.write_text(GOOD, encoding="utf-8")
    await change_doc(client, uri, version + 2, A + "# settled\n")
    assert codes(client, b) == []


async def test_an_edit_that_leaves_the_syntax_as_it_was_keeps_the_diagnostics(client, tmp_path):
    """A comment edited: no file's syntax changes, and the diagnostics, the set's type check
    reused, are those of before, at the same places."""
    path = tmp_path / "b.bridge.yaml"
    path.write_text(BAD, encoding="utf-8")
    uri = await open_doc(client, path)
    before = client.diagnostics[uri]
    assert [d.code for d in before] == ["unknown-type"]
    await change_doc(client, uri, 2, BAD + "# a comment\n")
    assert client.diagnostics[uri] == before
    # A change that moves the error moves its diagnostic.
    await change_doc(client, uri, 3, "# a comment\n" + BAD)
    assert [(d.code, d.range.start.line) for d in client.diagnostics[uri]] == [("unknown-type", before[0].range.start.line + 1)]
