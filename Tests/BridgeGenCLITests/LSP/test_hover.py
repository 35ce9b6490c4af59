"""Hover: doc, wire name, and the Swift, Kotlin and TypeScript lines generated for the declaration,
checked against the goldens of Schemas/ in Generated/."""
import re
import shutil

import pytest
from lsprotocol import types

from conftest import REPOSITORY, open_doc

GENERATED = REPOSITORY / "Generated"


def generated_lines(path):
    return {line.strip().removesuffix(" {").removesuffix(";").removesuffix(",").removesuffix(" =")
            for line in (GENERATED / path).read_text(encoding="utf-8").split("\n")}


async def hover_at(client, uri, text, needle, delta=0):
    offset = text.index(needle) + delta
    line = text.count("\n", 0, offset)
    start = text.rfind("\n", 0, offset) + 1
    character = len(text[start:offset].encode("utf-16-le")) // 2
    return await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=line, character=character)))


def code_blocks(markdown):
    return dict(re.findall(r"```(\w+)\n(.*?)\n```", markdown, re.S))


@pytest.mark.parametrize("needle, title, swift_part, kotlin_part, ts_part", [
    ("  UserInfo:\n", "type user.UserInfo", "public struct UserInfo", "data class UserInfo(", "export interface UserInfo"),
    ("  get-user-info:", "request method user.get-user-info", "func getUserInfo(", "suspend fun getUserInfo(): User.UserInfo", "getUserInfo("),
    ("      vip_level:", "field user.UserInfo.vip_level: int", "public var vipLevel: Int", "val vipLevel: Long = 0L", "vip_level: number"),
    ("  loginChanged:", "event user.loginChanged", "public func loginChanged(", "fun loginChanged(user: User.UserInfo?): Unit", "loginChanged: LoginChangedPayload"),
    ("  notLoggedIn:", "error user.notLoggedIn", "case notLoggedIn(", "data class NotLoggedIn(", "notLoggedIn: 2001"),
])
async def test_hover_shows_the_generated_signatures(client, tmp_path, needle, title, swift_part, kotlin_part, ts_part):
    shutil.copytree(REPOSITORY / "Schemas", tmp_path / "Schemas")
    path = tmp_path / "Schemas" / "user.bridge.yaml"
    text = path.read_text(encoding="utf-8")
    uri = await open_doc(client, path)
    assert client.diagnostics[uri] == ()
    hover = await hover_at(client, uri, text, needle, delta=len(needle) - len(needle.lstrip()) + 1)
    assert hover is not None, needle
    markdown = hover.contents.value
    assert markdown.startswith(f"**{title}"), markdown
    blocks = code_blocks(markdown)
    assert blocks["swift"] in generated_lines("Swift/UserBridge.swift") and swift_part in blocks["swift"], markdown
    assert blocks["kotlin"] in generated_lines("Kotlin/UserBridge.kt") and kotlin_part in blocks["kotlin"], markdown
    assert blocks["typescript"] in generated_lines("TypeScript/user.ts") and ts_part in blocks["typescript"], markdown


async def test_hover_shows_doc_and_wire_name(client, tmp_path):
    shutil.copytree(REPOSITORY / "Schemas", tmp_path / "Schemas")
    path = tmp_path / "Schemas" / "user.bridge.yaml"
    text = path.read_text(encoding="utf-8")
    uri = await open_doc(client, path)
    hover = await hover_at(client, uri, text, "  get-user-info:", delta=3)
    assert "wire name `get-user-info`" in hover.contents.value
    hover = await hover_at(client, uri, text, "  UserInfo:\n", delta=3)
    assert "The signed-in user, as pages may see them." in hover.contents.value


async def test_hover_on_an_error_data_field(client, tmp_path):
    shutil.copytree(REPOSITORY / "Schemas", tmp_path / "Schemas")
    path = tmp_path / "Schemas" / "user.bridge.yaml"
    text = path.read_text(encoding="utf-8")
    uri = await open_doc(client, path)
    hover = await hover_at(client, uri, text, "      retryAfterSeconds:", delta=8)
    assert hover is not None
    value = hover.contents.value
    assert value.startswith("**data field user.busy.retryAfterSeconds: double?"), value
    assert "When the page expects to be free again" in value, value


async def test_no_hover_off_a_name(client, tmp_path):
    shutil.copytree(REPOSITORY / "Schemas", tmp_path / "Schemas")
    path = tmp_path / "Schemas" / "user.bridge.yaml"
    text = path.read_text(encoding="utf-8")
    uri = await open_doc(client, path)
    assert await hover_at(client, uri, text, "bridgegen: 1") is None
