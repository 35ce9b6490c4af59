"""Drives the real `bridgegen lsp` with pytest-lsp (pygls): the binary is BRIDGEGEN_BINARY,
built by swift build; LanguageServerTests.swift runs this folder from `swift test`."""
import json
import os
import pathlib
import subprocess
import sys

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

REPOSITORY = pathlib.Path(__file__).resolve().parents[3]
BINARY = os.environ.get("BRIDGEGEN_BINARY") or str(REPOSITORY / ".build" / "debug" / "bridgegen")


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[BINARY, "lsp"]))
async def client(lsp_client: LanguageClient, tmp_path):
    await lsp_client.initialize_session(
        types.InitializeParams(
            capabilities=types.ClientCapabilities(),
            workspace_folders=[types.WorkspaceFolder(uri=tmp_path.as_uri(), name="workspace")],
        )
    )
    yield lsp_client
    await lsp_client.shutdown_session()


def check_json(path):
    """`bridgegen check --diagnostics-format json PATH`: what the editor must show."""
    run = subprocess.run([BINARY, "check", "--diagnostics-format", "json", str(path)], capture_output=True, text=True)
    assert run.returncode in (0, 1), run.stderr
    return json.loads(run.stderr)["diagnostics"] if run.stderr.strip() else []


def utf16_column(text, line, column):
    """The protocol's character of a checker column (1-based Unicode scalars) on 1-based `line`."""
    lines = text.split("\n")
    if line - 1 >= len(lines):
        return 0
    prefix = lines[line - 1][: column - 1]
    return len(prefix.encode("utf-16-le")) // 2


async def open_and_wait(client, path, text=None):
    """Opens `path` (its text on disk unless `text`), returns once its diagnostics arrived
    (the server publishes the opened buffer's own list last)."""
    uri = pathlib.Path(path).as_uri()
    if text is None:
        text = pathlib.Path(path).read_text(encoding="utf-8", errors="surrogateescape")
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=uri, language_id="yaml", version=1, text=text)))
    await wait_for(client, uri)
    return uri


async def wait_for(client, uri):
    """Until the next publication for `uri`; every one before it in the burst is in client.diagnostics."""
    while True:
        params = await client.wait_for_notification("textDocument/publishDiagnostics")
        if params.uri == uri:
            return params


async def change_and_wait(client, uri, version, text):
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)]))
    return await wait_for(client, uri)
