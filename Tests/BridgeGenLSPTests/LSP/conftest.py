"""Drives the real `bridgegen lsp` with pytest-lsp (pygls): the binary is BRIDGEGEN_BINARY,
built by swift build; LanguageServerTests.swift runs this folder from `swift test`."""
import json
import re
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
    lsp_client.initialize_result = await lsp_client.initialize_session(
        types.InitializeParams(
            capabilities=types.ClientCapabilities(text_document=types.TextDocumentClientCapabilities(
                document_symbol=types.DocumentSymbolClientCapabilities(hierarchical_document_symbol_support=True))),
            workspace_folders=[types.WorkspaceFolder(uri=tmp_path.as_uri(), name="workspace")],
        )
    )
    yield lsp_client
    await lsp_client.shutdown_session()


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[BINARY, "lsp"]))
async def annotating_client(lsp_client: LanguageClient, tmp_path):
    """A client that applies change annotations, as VS Code does: a rename's pin comes as an
    edit of its own that asks to be confirmed."""
    lsp_client.initialize_result = await lsp_client.initialize_session(
        types.InitializeParams(
            capabilities=types.ClientCapabilities(workspace=types.WorkspaceClientCapabilities(
                workspace_edit=types.WorkspaceEditClientCapabilities(
                    document_changes=True,
                    change_annotation_support=types.ChangeAnnotationsSupportOptions(groups_on_label=True)))),
            workspace_folders=[types.WorkspaceFolder(uri=tmp_path.as_uri(), name="workspace")],
        )
    )
    yield lsp_client
    await lsp_client.shutdown_session()


def diff_reports(old, new):
    """The ids `bridgegen diff OLD NEW` reports, and its exit status."""
    run = subprocess.run([BINARY, "diff", "--diagnostics-format", "json", str(old), str(new)], capture_output=True, text=True)
    assert run.returncode in (0, 1), run.stderr
    reports = json.loads(run.stderr) if run.stderr.strip().startswith("[") else []
    return sorted(d["id"] for d in reports if d["severity"] == "error"), run.returncode


def check_json(path):
    """`bridgegen check --diagnostics-format json PATH`: what the editor must show."""
    run = subprocess.run([BINARY, "check", "--diagnostics-format", "json", str(path)], capture_output=True, text=True)
    assert run.returncode in (0, 1), run.stderr
    return json.loads(run.stderr) if run.stderr.strip() else []


YAML_BREAK = re.compile("\r\n|\r|\n|\x85|\u2028|\u2029")
LSP_BREAK = re.compile("\r\n|\r|\n")


def lsp_position(text, line, column):
    """The protocol's (1-based line, UTF-16 character) of a checker location: libyaml breaks
    lines at NEL, LS and PS too and skips a leading BOM; the protocol breaks at CR and LF only."""
    starts = [1 if text.startswith("\ufeff") else 0] + [m.end() for m in YAML_BREAK.finditer(text)]
    start = starts[min(line, len(starts)) - 1]
    end = YAML_BREAK.search(text, start)
    offset = min(start + column - 1, end.start() if end else len(text))
    line_starts = [0] + [m.end() for m in LSP_BREAK.finditer(text)]
    lsp_line = max(i for i, s in enumerate(line_starts) if s <= offset)
    return lsp_line + 1, len(text[line_starts[lsp_line]:offset].encode("utf-16-le")) // 2


async def sync(client, uri):
    """A request answered after every notification before it: the server handles messages in
    order, so its publications for them have all arrived (client.diagnostics holds them)."""
    return await client.text_document_document_symbol_async(
        types.DocumentSymbolParams(text_document=types.TextDocumentIdentifier(uri=uri)))


async def open_doc(client, path, text=None):
    """Opens `path` (its text on disk unless `text`) and waits for its diagnostics."""
    uri = pathlib.Path(path).as_uri()
    if text is None:
        with open(path, encoding="utf-8", errors="replace", newline="") as file:
            text = file.read()
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=uri, language_id="yaml", version=1, text=text)))
    await sync(client, uri)
    return uri


async def change_doc(client, uri, version, text):
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)]))
    await sync(client, uri)


def as_check_reports(client, folder):
    """The published diagnostics of files under `folder` as (path, line, column, severity, id),
    lines 1-based and columns still UTF-16, for comparison with the CLI's."""
    found = set()
    for uri, diagnostics in client.diagnostics.items():
        path = pathlib.Path(uri.removeprefix("file://"))
        for d in diagnostics:
            found.add((str(path), d.range.start.line + 1, d.range.start.character, int(d.severity), d.code))
    return found


def expected_reports(folder, opened=None):
    """What `bridgegen check FOLDER` reports, its columns turned into UTF-16 by Python. A
    diagnostic of no file, or of the folder, goes to the start of the buffer `opened`."""
    expected = set()
    for d in check_json(folder):
        location = d.get("location")
        severity = {"error": 1, "warning": 2, "note": 3}[d["severity"]]
        if location is None or "line" not in location:
            path = location["path"] if location and pathlib.Path(location["path"]).is_file() else opened
            if path is not None:
                expected.add((str(pathlib.Path(path).resolve()), 1, 0, severity, d["id"]))
            continue
        with open(location["path"], encoding="utf-8", errors="replace", newline="") as file:
            text = file.read()
        line, character = lsp_position(text, location["line"], location["column"])
        expected.add((str(pathlib.Path(location["path"]).resolve()), line, character, severity, d["id"]))
    return expected
