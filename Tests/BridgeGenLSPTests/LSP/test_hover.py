"""Hover: doc, wire name, and the Swift, Kotlin, ArkTS and TypeScript lines generated for the declaration,
checked against the goldens of Schemas/ in Generated/."""
import re
import shutil

import pytest
from lsprotocol import types

from conftest import REPOSITORY, open_doc

GENERATED = REPOSITORY / "Generated"


def normalized(line):
    return line.strip().removesuffix(" {").removesuffix(";").removesuffix(",").removesuffix(" =")


def generated_lines(path):
    return {normalized(line) for line in (GENERATED / path).read_text(encoding="utf-8").split("\n")}


def is_generated(block, path):
    """Every line of a hover's code block is a line of the generated file."""
    return all(normalized(line) in generated_lines(path) for line in block.split("\n"))


async def hover_at(client, uri, text, needle, delta=0):
    offset = text.index(needle) + delta
    line = text.count("\n", 0, offset)
    start = text.rfind("\n", 0, offset) + 1
    character = len(text[start:offset].encode("utf-16-le")) // 2
    return await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=line, character=character)))


def code_blocks(markdown):
    return dict(re.findall(r"```(\w+)\n(.*?)\n```", markdown, re.S))


async def open_schema(client, tmp_path, name="user.bridge.yaml"):
    """A copy of Schemas/ in `tmp_path`, and `name` of it opened: (uri, text, path)."""
    shutil.copytree(REPOSITORY / "Schemas", tmp_path / "Schemas")
    path = tmp_path / "Schemas" / name
    text = path.read_text(encoding="utf-8")
    return await open_doc(client, path), text, path


@pytest.mark.parametrize("needle, title, swift_part, kotlin_part, arkts_part, ts_part", [
    ("  UserInfo:\n", "type user.UserInfo", "public struct UserInfo", "data class UserInfo(\n    val id: Long,",
     "export class UserInfo", "export interface UserInfo"),
    ("  get-user-info:", "request method user.get-user-info", "func getUserInfo(", "suspend fun getUserInfo(): User.UserInfo",
     "getUserInfo(call: BridgeCall): Promise<UserInfo>", "getUserInfo("),
    ("      vip_level:", "field user.UserInfo.vip_level: int", "public var vipLevel: Int", "val vipLevel: Long = 0L",
     "readonly vipLevel: number", "vip_level: number"),
    ("  loginChanged:", "event user.loginChanged", "public func loginChanged(", "fun loginChanged(user: User.UserInfo?): Unit",
     "loginChanged(user: UserInfo | undefined): void", "loginChanged: LoginChangedPayload"),
    ("  notLoggedIn:", "error user.notLoggedIn (code 2001)", "case notLoggedIn(", ") : UserError(2001)",
     "export class NotLoggedInError extends UserError", "notLoggedIn: 2001"),
])
async def test_hover_shows_the_generated_signatures(client, tmp_path, needle, title, swift_part, kotlin_part, arkts_part, ts_part):
    uri, text, _ = await open_schema(client, tmp_path)
    assert client.diagnostics[uri] == ()
    hover = await hover_at(client, uri, text, needle, delta=len(needle) - len(needle.lstrip()) + 1)
    assert hover is not None, needle
    markdown = hover.contents.value
    assert markdown.startswith(f"**{title}"), markdown
    blocks = code_blocks(markdown)
    assert is_generated(blocks["swift"], "Swift/UserBridge.swift") and swift_part in blocks["swift"], markdown
    assert is_generated(blocks["kotlin"], "Kotlin/UserBridge.kt") and kotlin_part in blocks["kotlin"], markdown
    assert is_generated(blocks["arkts"], "ArkTS/UserBridge.ets") and arkts_part in blocks["arkts"], markdown
    assert is_generated(blocks["typescript"], "TypeScript/user.ts") and ts_part in blocks["typescript"], markdown


async def test_the_kotlin_line_of_a_data_class_is_its_whole_header(client, tmp_path):
    uri, text, _ = await open_schema(client, tmp_path)
    hover = await hover_at(client, uri, text, "  UserInfo:\n", delta=3)
    # The golden's lines from the header to the closing parenthesis, less doc comments.
    golden = (GENERATED / "Kotlin/UserBridge.kt").read_text(encoding="utf-8").split("\n")
    start = golden.index("    data class UserInfo(")
    header = golden[start:golden.index("    )", start) + 1]
    assert len(header) > 8
    expected = "\n".join(line[4:] for line in header if not line.strip().startswith("/**"))
    assert code_blocks(hover.contents.value)["kotlin"] == expected


async def test_hover_while_another_file_of_the_set_has_an_error(client, tmp_path):
    """The set has an error from the start (no clean check to fall back on): sample.bridge.yaml
    checks alone, so hover there shows everything; user.bridge.yaml, the broken file, still
    shows what its syntax says."""
    shutil.copytree(REPOSITORY / "Schemas", tmp_path / "Schemas")
    user = tmp_path / "Schemas" / "user.bridge.yaml"
    user.write_text(user.read_text(encoding="utf-8").replace("    returns: UserInfo\n", "    returns: UserInf\n", 1), encoding="utf-8")
    sample = tmp_path / "Schemas" / "sample.bridge.yaml"
    text = sample.read_text(encoding="utf-8")
    uri = await open_doc(client, sample)
    broken = await open_doc(client, user)
    assert [d.code for d in client.diagnostics[broken]] == ["unknown-type"]
    declaration = (await hover_at(client, uri, text, "  DeviceInfo:", delta=3)).contents.value
    assert declaration.startswith("**type sample.DeviceInfo**\n\nWhat a page may know about the device"), declaration
    blocks = code_blocks(declaration)
    assert is_generated(blocks["swift"], "Swift/SampleBridge.swift") and "struct DeviceInfo" in blocks["swift"], declaration
    assert blocks["kotlin"].startswith("data class DeviceInfo(\n    val model: String,"), declaration
    assert is_generated(blocks["kotlin"], "Kotlin/SampleBridge.kt"), declaration
    assert blocks["arkts"] == "export class DeviceInfo", declaration
    assert is_generated(blocks["typescript"], "TypeScript/sample.ts"), declaration
    reference = (await hover_at(client, uri, text, "type: Insets?", delta=7)).contents.value
    assert reference.startswith("**type sample.Insets**\n\nDistances from the edges of the web view"), reference
    assert set(code_blocks(reference)) == {"swift", "kotlin", "arkts", "typescript"}, reference
    # In the broken file: the doc and the wire name from the syntax, no generated line.
    user_text = user.read_text(encoding="utf-8")
    own = (await hover_at(client, broken, user_text, "  get-user-info:", delta=3)).contents.value
    assert own.startswith("**request method user.get-user-info**\n\nwire name `get-user-info`"), own
    assert "```" not in own, own


async def test_hover_shows_doc_and_wire_name(client, tmp_path):
    uri, text, _ = await open_schema(client, tmp_path)
    hover = await hover_at(client, uri, text, "  get-user-info:", delta=3)
    assert "wire name `get-user-info`" in hover.contents.value
    hover = await hover_at(client, uri, text, "  UserInfo:\n", delta=3)
    assert "The signed-in user, as pages may see them." in hover.contents.value


async def test_hover_on_an_error_data_field(client, tmp_path):
    uri, text, _ = await open_schema(client, tmp_path)
    hover = await hover_at(client, uri, text, "      retryAfterSeconds:", delta=8)
    assert hover is not None
    value = hover.contents.value
    assert value.startswith("**data field user.busy.retryAfterSeconds: double?"), value
    assert "When the page expects to be free again" in value, value


async def test_no_hover_off_a_name(client, tmp_path):
    uri, text, _ = await open_schema(client, tmp_path)
    assert await hover_at(client, uri, text, "bridgegen: 1") is None


def documented_hover():
    """The hover docs/EDITORS.md shows after `<!-- snippet: editors-hover -->`: its quoted
    lines, then its code blocks, as the markdown the server sends."""
    text = (REPOSITORY / "docs" / "EDITORS.md").read_text(encoding="utf-8")
    lines = [line.strip() for line in text.split("<!-- snippet: editors-hover -->\n", 1)[1].split("\n")]
    quoted = []
    while lines[0].startswith(">"):
        quoted.append(lines.pop(0).removeprefix(">").removeprefix(" "))
    blocks = []
    for line in lines:
        if blocks and (len(blocks[-1]) == 1 or blocks[-1][-1] != "```"):
            blocks[-1].append(line)
        elif line.startswith("```"):
            blocks.append([line])
        elif line:
            break
    return "\n".join(quoted) + "".join("\n\n" + "\n".join(block) for block in blocks)


async def test_the_hover_docs_editors_shows_is_the_one_it_gets(client, tmp_path):
    uri, text, _ = await open_schema(client, tmp_path)
    hover = await hover_at(client, uri, text, "  get-user-info:", delta=3)
    assert hover.contents.value == documented_hover()
