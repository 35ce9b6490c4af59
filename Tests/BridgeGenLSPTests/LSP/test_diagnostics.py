"""publishDiagnostics: what `bridgegen check` prints, on open and on every change."""
import pathlib
import shutil

import pytest
from lsprotocol import types

from conftest import REPOSITORY, as_check_reports, change_doc, expected_reports, open_doc, sync

INVALID = REPOSITORY / "Tests" / "BridgeGenCoreTests" / "Fixtures" / "invalid"
CONFIGS = REPOSITORY / "Tests" / "BridgeGenCLITests" / "Fixtures" / "config"

VALID = """bridgegen: 1
module: sample
doc: "Ünïcødé 😀 docs"
types:
  DeviceInfo:
    doc: "名前 😀"
    fields: {model: string}
methods:
  info:
    kind: request
    returns: DeviceInfo
"""


async def test_initialize_announces_full_sync(client):
    capabilities = client.initialize_result.capabilities
    assert capabilities.text_document_sync.change == types.TextDocumentSyncKind.Full
    assert capabilities.text_document_sync.open_close is True
    assert client.initialize_result.server_info.name == "bridgegen"


@pytest.mark.parametrize("fixture", sorted(p.name for p in INVALID.iterdir() if p.is_dir()))
async def test_same_diagnostics_as_check_for_every_invalid_fixture(client, tmp_path, fixture):
    folder = tmp_path / fixture
    shutil.copytree(INVALID / fixture, folder)
    schemas = sorted(folder.rglob("*.bridge.yaml"))
    try:
        for schema in schemas:
            schema.read_bytes().decode("utf-8")
    except UnicodeDecodeError:
        pytest.skip("an editor's buffer is Unicode text: invalid UTF-8 cannot reach the server")
    expected = expected_reports(folder, opened=schemas[0])
    if not expected:
        pytest.skip("check of the folder alone reports nothing (the fixture needs options)")
    for schema in schemas:
        await open_doc(client, schema)
    assert as_check_reports(client, folder) == expected


@pytest.mark.parametrize("fixture", sorted(p.name for p in CONFIGS.iterdir() if p.is_dir()))
async def test_same_config_diagnostics_as_check(client, tmp_path, fixture):
    folder = tmp_path / fixture
    shutil.copytree(CONFIGS / fixture, folder)
    expected = expected_reports(folder, opened=folder / "bridgegen.yaml")
    assert expected, "a config fixture without a finding"
    await open_doc(client, folder / "bridgegen.yaml")
    assert as_check_reports(client, folder) == expected


async def test_unknown_type_after_astral_characters_is_underlined_exactly(client, tmp_path):
    path = tmp_path / "sample.bridge.yaml"
    text = VALID.replace("    returns: DeviceInfo", "    doc: \"😀😀\"\n    returns: DeviceInfoo")
    path.write_text(text, encoding="utf-8")
    uri = await open_doc(client, path)
    [diagnostic] = client.diagnostics[uri]
    assert diagnostic.code == "unknown-type"
    line = text.split("\n")[diagnostic.range.start.line]
    units = line.encode("utf-16-le")
    word = units[2 * diagnostic.range.start.character:2 * diagnostic.range.end.character].decode("utf-16-le")
    assert word == "DeviceInfoo"


async def test_error_on_a_line_with_astral_characters_before_it(client, tmp_path):
    path = tmp_path / "sample.bridge.yaml"
    text = VALID.replace("fields: {model: string}", "fields: {😀名: string, model: strnig}")
    path.write_text(text, encoding="utf-8")
    uri = await open_doc(client, path)
    codes = {d.code: d for d in client.diagnostics[uri]}
    assert "unknown-type" in codes, codes
    diagnostic = codes["unknown-type"]
    line = text.split("\n")[diagnostic.range.start.line]
    word = line.encode("utf-16-le")[2 * diagnostic.range.start.character:2 * diagnostic.range.end.character].decode("utf-16-le")
    assert word == "strnig"
    assert expected_reports(tmp_path) == as_check_reports(client, tmp_path)


async def test_every_change_of_an_unsaved_buffer_is_checked(client, tmp_path):
    path = tmp_path / "sample.bridge.yaml"
    path.write_text(VALID, encoding="utf-8")
    uri = await open_doc(client, path)
    assert client.diagnostics[uri] == ()
    await change_doc(client, uri, 2, VALID.replace("returns: DeviceInfo", "returns: DeviceInf"))
    assert [d.code for d in client.diagnostics[uri]] == ["unknown-type"]
    assert "did you mean 'DeviceInfo'" in client.diagnostics[uri][0].message
    await change_doc(client, uri, 3, VALID)
    assert client.diagnostics[uri] == ()
    # Nothing was saved: the file on disk is the first text.
    assert path.read_text(encoding="utf-8") == VALID


async def test_a_buffer_changes_the_diagnostics_of_files_that_import_it(client, tmp_path):
    (tmp_path / "bridgegen.yaml").write_text("bridgegen: 1\n", encoding="utf-8")
    user = "bridgegen: 1\nmodule: user\ntypes:\n  UserInfo:\n    fields: {name: string}\n"
    shop = ("bridgegen: 1\nmodule: shop\nimports: [user]\nmethods:\n  owner:\n    kind: request\n"
            "    returns: user.UserInfo\n")
    (tmp_path / "user.bridge.yaml").write_text(user, encoding="utf-8")
    (tmp_path / "shop.bridge.yaml").write_text(shop, encoding="utf-8")
    user_uri = await open_doc(client, tmp_path / "user.bridge.yaml")
    shop_uri = (tmp_path / "shop.bridge.yaml").as_uri()
    assert client.diagnostics[user_uri] == ()
    # The rename is in the unsaved buffer only; shop.bridge.yaml is not open, yet reported.
    await change_doc(client, user_uri, 2, user.replace("UserInfo", "Profile"))
    assert [d.code for d in client.diagnostics[shop_uri]] == ["unknown-type"]
    assert client.diagnostics[shop_uri][0].range.start.line == 6
    await change_doc(client, user_uri, 3, user)
    assert client.diagnostics[shop_uri] == ()


async def test_config_buffer_is_checked_like_the_file(client, tmp_path):
    (tmp_path / "bridgegen.yaml").write_text("bridgegen: 1\n", encoding="utf-8")
    (tmp_path / "sample.bridge.yaml").write_text(VALID, encoding="utf-8")
    config_uri = await open_doc(client, tmp_path / "bridgegen.yaml")
    assert client.diagnostics[config_uri] == ()
    await change_doc(client, config_uri, 2, "bridgegen: 1\ntransprot: reply\n")
    [diagnostic] = client.diagnostics[config_uri]
    assert diagnostic.range.start.line == 1 and diagnostic.range.start.character == 0
    (tmp_path / "bridgegen.yaml").write_text("bridgegen: 1\ntransprot: reply\n", encoding="utf-8")
    [cli] = [d for d in expected_reports(tmp_path)]
    assert cli[4] == diagnostic.code


async def test_target_checks_run_like_check(client, tmp_path):
    # A name Swift or TypeScript refuses is an error of check, whatever is generated.
    path = tmp_path / "sample.bridge.yaml"
    path.write_text(VALID.replace("  info:", "  constructor:"), encoding="utf-8")
    expected = expected_reports(tmp_path)
    assert expected, "check accepts the reserved name: pick another"
    await open_doc(client, path)
    assert as_check_reports(client, tmp_path) == expected


async def test_closing_a_buffer_falls_back_to_the_file(client, tmp_path):
    path = tmp_path / "sample.bridge.yaml"
    path.write_text(VALID, encoding="utf-8")
    uri = await open_doc(client, path)
    await change_doc(client, uri, 2, "bridgegen: 1\nmodule: sample\nbogus: 1\n")
    assert [d.code for d in client.diagnostics[uri]] == ["unknown-key"]
    client.text_document_did_close(types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri)))
    other = tmp_path / "other.bridge.yaml"
    other.write_text(VALID.replace("module: sample", "module: other"), encoding="utf-8")
    await open_doc(client, other)
    assert client.diagnostics[uri] == ()


async def test_other_yaml_files_get_nothing(client, tmp_path):
    (tmp_path / "sample.bridge.yaml").write_text(VALID.replace("returns: DeviceInfo", "returns: DeviceInf"), encoding="utf-8")
    other = tmp_path / "ci.yaml"
    other.write_text("on: push\n", encoding="utf-8")
    uri = other.as_uri()
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=uri, language_id="yaml", version=1, text="on: push\n")))
    with pytest.raises(Exception):
        await sync(client, uri)  # not open for the server: the request is refused
    assert uri not in client.diagnostics
    assert (tmp_path / "sample.bridge.yaml").as_uri() not in client.diagnostics
