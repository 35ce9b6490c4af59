"""Tagged unions in the editor: keys at the union's and the variant's level, hover, the
outline, navigation, and renames of a union, its variants and their fields (what `bridgegen diff`
then says of the wire)."""
import pytest
from lsprotocol import types

from conftest import check_json, diff_reports, open_doc, sync
from test_completion import complete_marked, labels_at
from test_hover import code_blocks, hover_at, is_generated, open_schema
from test_navigation import position_of, text_at
from test_rename import apply_all, rename, snapshot

SHARE = """bridgegen: 1
module: share
doc: "Grüße 😀"
types:
  Post:
    doc: What a page posts.
    tag: kind
    variants:
      text:
        doc: Plain text.
        fields:
          body: string
      link:
        wire: web-link
        doc: A link.
        fields: {url: string, title: string?}
      poke: A nudge.
      quiet: null
      image: {doc: "An image 😀", fields: {data: bytes}}
  Box:
    fields:
      post: Post?
methods:
  post:
    kind: request
    params: {post: Post}
    returns: list<Post>
"""
OTHER = """bridgegen: 1
module: other
imports: [share]
events:
  posted:
    payload: {post: share.Post}
"""


def write_set(tmp_path):
    (tmp_path / "share.bridge.yaml").write_text(SHARE, encoding="utf-8")
    (tmp_path / "other.bridge.yaml").write_text(OTHER, encoding="utf-8")
    assert check_json(tmp_path) == [], "the set must be clean"


@pytest.mark.parametrize("marked,expected", [
    # A union's own keys: what it has, and a struct's or an enum's body, are not offered.
    (SHARE.replace("    tag: kind\n", "    tag: kind\n    ‸\n"), ["deprecated"]),
    # A type without a body yet: any of the three.
    (SHARE.replace("  Box:\n", "  New:\n    ‸\n  Box:\n"), ["doc", "deprecated", "fields", "cases", "tag", "variants"]),
    # At a variant (path depth 4), block and flow.
    (SHARE.replace("        doc: Plain text.\n", "        doc: Plain text.\n        ‸\n"), ["wire", "deprecated"]),
    (SHARE.replace("{doc: \"An image 😀\", ", "{doc: \"An image 😀\", ‸"), ["wire", "deprecated", "fields"]),
    # At a variant's field (depth 6), block and flow.
    (SHARE.replace("          body: string\n", "          body:\n            type: string\n            ‸\n"),
     ["doc", "default", "deprecated"]),
    (SHARE.replace("{url: string,", "{url: {type: string, ‸},"), ["doc", "default", "deprecated"]),
])
async def test_keys_at_a_union_and_its_variants(client, tmp_path, marked, expected):
    labels = await complete_marked(client, tmp_path / "share.bridge.yaml", marked)
    assert sorted(labels) == sorted(expected)


async def test_types_after_a_variant_fields_name(client, tmp_path):
    marked = SHARE.replace("          body: string\n", "          body: string\n          when: ‸\n")
    labels = await complete_marked(client, tmp_path / "share.bridge.yaml", marked)
    assert {"string", "bytes", "Post", "Box"} <= set(labels), labels


async def test_hover_over_a_union_a_variant_and_its_field(client, tmp_path):
    write_set(tmp_path)
    uri = await open_doc(client, tmp_path / "share.bridge.yaml")
    union = (await hover_at(client, uri, SHARE, "  Post:", delta=3)).contents.value
    assert union.startswith("**union share.Post**\n\ntag key `kind`\n\nWhat a page posts."), union
    # A reference names the same union.
    assert (await hover_at(client, uri, SHARE, "list<Post>", delta=6)).contents.value == union
    pinned = (await hover_at(client, uri, SHARE, "      link:", delta=7)).contents.value
    assert pinned == "**variant share.Post.link**\n\nwire value `web-link` (`kind: web-link`)\n\nA link.", pinned
    plain = (await hover_at(client, uri, SHARE, "      poke:", delta=7)).contents.value
    assert plain == "**variant share.Post.poke**\n\nwire value `poke` (`kind: poke`)\n\nA nudge.", plain
    field = (await hover_at(client, uri, SHARE, "title: string?", delta=1)).contents.value
    assert field == "**field share.Post.link.title: string?**\n\nwire name `title`", field


async def test_outline_of_a_union_its_variants_and_their_fields(client, tmp_path):
    write_set(tmp_path)
    uri = await open_doc(client, tmp_path / "share.bridge.yaml")
    [module] = await client.text_document_document_symbol_async(
        types.DocumentSymbolParams(text_document=types.TextDocumentIdentifier(uri=uri)))
    post = module.children[0]
    assert (post.name, post.kind, post.detail) == ("Post", types.SymbolKind.Enum, "union")
    assert [(v.name, v.kind, v.detail) for v in post.children] == [
        ("text", types.SymbolKind.EnumMember, "kind: text"), ("link", types.SymbolKind.EnumMember, "kind: web-link"),
        ("poke", types.SymbolKind.EnumMember, "kind: poke"), ("quiet", types.SymbolKind.EnumMember, "kind: quiet"),
        ("image", types.SymbolKind.EnumMember, "kind: image")]
    assert [[f.name for f in v.children or []] for v in post.children] == [["body"], ["url", "title"], [], [], ["data"]]
    assert text_at(tmp_path / "share.bridge.yaml", post.children[1].selection_range) == "link"
    assert text_at(tmp_path / "share.bridge.yaml", post.children[1].children[0].selection_range) == "url"


async def test_definition_and_references_of_a_union(client, tmp_path):
    write_set(tmp_path)
    other = await open_doc(client, tmp_path / "other.bridge.yaml")
    definition = await client.text_document_definition_async(types.DefinitionParams(
        text_document=types.TextDocumentIdentifier(uri=other), position=position_of(OTHER, "share.Post", delta=7)))
    assert definition.uri.endswith("share.bridge.yaml")
    assert text_at(tmp_path / "share.bridge.yaml", definition.range) == "Post"
    found = await client.text_document_references_async(types.ReferenceParams(
        text_document=types.TextDocumentIdentifier(uri=other), position=position_of(OTHER, "share.Post", delta=7),
        context=types.ReferenceContext(include_declaration=True)))
    # The declaration, Box's field, the parameter, the result, and the other module's payload.
    assert sorted((r.uri.rsplit("/", 1)[1], r.range.start.line) for r in found) == [
        ("other.bridge.yaml", 5), ("share.bridge.yaml", 4), ("share.bridge.yaml", 21), ("share.bridge.yaml", 25),
        ("share.bridge.yaml", 26)]


@pytest.mark.parametrize("needle,new_name,delta,edits,message", [
    # A type never travels: its declaration and four references, and nothing to say.
    ("  Post:", "Message", 2, 5, None),
    # A variant pinned by `wire:` renames alone.
    ("      link:", "weblink", 6, 1, "its 'wire:' gives"),
])
async def test_renames_that_leave_the_wire_alone(client, tmp_path, needle, new_name, delta, edits, message):
    write_set(tmp_path)
    old = snapshot(tmp_path)
    edit = await rename(client, tmp_path, "share.bridge.yaml", SHARE, needle, new_name, delta=delta)
    assert sum(len(e) for e in edit.changes.values()) == edits
    apply_all(edit)
    assert check_json(tmp_path) == []
    assert diff_reports(old, tmp_path) == ([], 0)
    if message is None:
        assert client.messages == []
        assert "share.Message" in (tmp_path / "other.bridge.yaml").read_text(encoding="utf-8")
    else:
        assert message in client.messages[0].message


@pytest.mark.parametrize("needle,new_name,pinned", [
    ("      text:", "plain", "plain:\n        wire: text\n        doc: Plain text."),
    ("      poke:", "nudge", "nudge: {doc: \"A nudge.\", wire: poke}"),
    ("      quiet:", "silent", "silent: {wire: quiet}"),
    ("      image:", "picture", "picture: {wire: image, doc:"),
])
async def test_renaming_a_variant_pins_its_wire_value(client, tmp_path, needle, new_name, pinned):
    write_set(tmp_path)
    old = snapshot(tmp_path)
    edit = await rename(client, tmp_path, "share.bridge.yaml", SHARE, needle, new_name, delta=6)
    apply_all(edit)
    assert pinned in (tmp_path / "share.bridge.yaml").read_text(encoding="utf-8")
    assert check_json(tmp_path) == []
    assert diff_reports(old, tmp_path) == ([], 0)
    [message] = client.messages
    assert message.type == types.MessageType.Info and "Renamed variant" in message.message and "wire name stays" in message.message


async def test_a_declined_pin_breaks_what_diff_says(annotating_client, tmp_path):
    write_set(tmp_path)
    old = snapshot(tmp_path)
    edit = await rename(annotating_client, tmp_path, "share.bridge.yaml", SHARE, "      text:", "plain", delta=6)
    assert edit.change_annotations["pin"].label == "Keep the wire name 'text'"
    apply_all(edit, keep=lambda e: e.annotation_id != "pin")
    assert check_json(tmp_path) == []
    # Post travels both ways: old pages send `text` to apps that no longer know it, and back.
    assert diff_reports(old, tmp_path) == (["breaking.both.union-variant-removed"], 1)


async def test_renaming_a_variant_field_warns_that_the_wire_changes(client, tmp_path):
    write_set(tmp_path)
    old = snapshot(tmp_path)
    edit = await rename(client, tmp_path, "share.bridge.yaml", SHARE, "          body:", "content", delta=10)
    apply_all(edit)
    assert check_json(tmp_path) == []
    ids, status = diff_reports(old, tmp_path)
    assert status == 1 and ids == ["breaking.both.required-field-added", "breaking.both.required-field-removed"], ids
    [message] = client.messages
    assert message.type == types.MessageType.Warning
    assert "Renamed field 'body' of 'share.Post.text'" in message.message and "cannot be pinned" in message.message


async def test_renaming_a_variant_to_unknown_is_refused(client, tmp_path):
    write_set(tmp_path)
    uri = await open_doc(client, tmp_path / "share.bridge.yaml")
    from pygls.exceptions import JsonRpcException
    with pytest.raises(JsonRpcException, match="would leave the set with an error"):
        await client.text_document_rename_async(types.RenameParams(
            text_document=types.TextDocumentIdentifier(uri=uri), position=position_of(SHARE, "      poke:", delta=6),
            new_name="unknown"))


async def test_hover_over_the_sample_schemas_unions(client, tmp_path):
    """Schemas/sample.bridge.yaml's unions: the union with its tag and doc, and each generated
    line a target shows for it is a line of that target's golden; a variant with its pinned value."""
    uri, text, _ = await open_schema(client, tmp_path, "sample.bridge.yaml")
    assert client.diagnostics[uri] == ()
    union = (await hover_at(client, uri, text, "  ShareItem:", delta=3)).contents.value
    assert union.startswith("**union sample.ShareItem**\n\ntag key `kind`\n\nOne thing the page asks the app to share."), union
    goldens = {"swift": "Swift/SampleBridge.swift", "kotlin": "Kotlin/SampleBridge.kt", "arkts": "ArkTS/SampleBridge.ets",
               "typescript": "TypeScript/sample.ts"}
    blocks = code_blocks(union)
    assert set(blocks) == set(goldens), union
    for language, block in blocks.items():
        assert is_generated(block, goldens[language]) and "ShareItem" in block, union
    outcome = (await hover_at(client, uri, text, "  ShareOutcome:", delta=3)).contents.value
    assert outcome.startswith("**union sample.ShareOutcome**\n\ntag key `type`"), outcome
    variant = (await hover_at(client, uri, text, "      openUrl:", delta=7)).contents.value
    assert variant.startswith("**variant sample.NavigationAction.openUrl**\n\nwire value `open-url` (`action: open-url`)\n\n"
                              "Leave the page for a URL."), variant
