"""credsh lsp end to end, as an editor drives it: pytest-lsp starts the server, speaks
the protocol over its stdin and stdout, and checks what comes back."""
import asyncio
import os
import pathlib
import time

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

ROOT = pathlib.Path(__file__).resolve().parents[2]
CREDSH = os.environ.get("CREDSH", str(ROOT / ".build" / "debug" / "credsh"))
EXAMPLES = sorted((ROOT / "examples").glob("*.credscript"))

BROKEN = """user add alice password "Passw0rd!"
lgoin alice "Passw0rd!"
expect event getPassword status=100
"""


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[CREDSH, "lsp"]))
async def client(lsp_client: LanguageClient):
    await lsp_client.initialize_session(
        types.InitializeParams(capabilities=types.ClientCapabilities(), root_uri=ROOT.as_uri())
    )
    yield
    if lsp_client._server is not None and lsp_client._server.returncode is None:
        await lsp_client.shutdown_session()


def open_document(client: LanguageClient, uri: str, text: str, version: int = 1):
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri, language_id="credscript", version=version, text=text)
        )
    )


async def diagnostics_of(client: LanguageClient, uri: str):
    """Waits for the server's diagnostics of `uri`, and returns them."""
    # Bound: the server publishes each file's diagnostics once per change; 20 waits is plenty.
    for _ in range(20):
        # They may have come already (a sourced file's come right after the sourcing file's).
        if uri in client.diagnostics:
            return list(client.diagnostics.pop(uri))
        await asyncio.wait_for(client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS), 30)
    raise AssertionError(f"no diagnostics for {uri}")


def position(line: int, character: int) -> types.Position:
    return types.Position(line=line, character=character)


async def test_diagnostics_at_the_right_ranges(client: LanguageClient, tmp_path):
    uri = (tmp_path / "broken.credscript").as_uri()
    open_document(client, uri, BROKEN)
    diagnostics = await diagnostics_of(client, uri)
    by_line = {d.range.start.line: d for d in diagnostics}
    assert sorted(by_line) == [1, 2]
    assert "unknown command 'lgoin'" in by_line[1].message
    assert "did you mean 'login'" in by_line[1].message
    assert by_line[1].range == types.Range(start=position(1, 0), end=position(1, 5))
    assert "getPassword has no field 'status'" in by_line[2].message
    assert by_line[2].range.start == position(2, 25)
    # Each has its stable code, linked to its section of docs/diagnostics.md (found in the clone).
    assert (by_line[1].code, by_line[2].code) == ("CS0301", "CS0303")
    assert by_line[1].code_description.href.startswith("file://")
    assert by_line[1].code_description.href.endswith("/docs/diagnostics.md#cs0301")
    # No secret is ever in a diagnostic's text.
    assert all("Passw0rd" not in d.message for d in diagnostics)


async def test_incremental_edits_update_the_diagnostics(client: LanguageClient, tmp_path):
    uri = (tmp_path / "edit.credscript").as_uri()
    open_document(client, uri, BROKEN)
    assert len(await diagnostics_of(client, uri)) == 2
    # Fix the typo on line 2, then the field on line 3, each as a small ranged change.
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
            content_changes=[
                types.TextDocumentContentChangePartial(
                    range=types.Range(start=position(1, 0), end=position(1, 5)), text="login"
                )
            ],
        )
    )
    remaining = await diagnostics_of(client, uri)
    assert [d.range.start.line for d in remaining] == [2]
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=3),
            content_changes=[
                types.TextDocumentContentChangePartial(
                    range=types.Range(start=position(2, 25), end=position(2, 31)), text="statusCode"
                )
            ],
        )
    )
    assert await diagnostics_of(client, uri) == []


async def test_diagnostics_of_a_sourced_file_show_on_the_sourcing_line(client: LanguageClient, tmp_path):
    (tmp_path / "setup.credscript").write_text("user add alice password \"Passw0rd!\"\nlgoin alice\n")
    uri = (tmp_path / "main.credscript").as_uri()
    open_document(client, uri, "# setup first\nsource setup.credscript\nlogin alice \"Passw0rd!\"\n")
    here = await diagnostics_of(client, uri)
    assert len(here) == 1
    assert here[0].range.start.line == 1
    assert "setup.credscript:2:1" in here[0].message and "lgoin" in here[0].message
    there = await diagnostics_of(client, (tmp_path / "setup.credscript").as_uri())
    assert [d.range.start.line for d in there] == [1]


async def test_completion_after_expect_event_getPassword(client: LanguageClient, tmp_path):
    uri = (tmp_path / "complete.credscript").as_uri()
    open_document(client, uri, "login alice \"Passw0rd!\"\nexpect event getPassword \n")
    await diagnostics_of(client, uri)
    result = await client.text_document_completion_async(
        types.CompletionParams(text_document=types.TextDocumentIdentifier(uri=uri), position=position(1, 25))
    )
    labels = [item.label for item in result.items]
    assert "statusCode=" in labels and "challengeMode=" in labels and "attemptsLeft=" in labels
    # Field values by name, and the commands of the SDK active on the line.
    result = await client.text_document_completion_async(
        types.CompletionParams(text_document=types.TextDocumentIdentifier(uri=uri), position=position(2, 0))
    )
    labels = [item.label for item in result.items]
    assert "login" in labels and "expect" in labels and "changepin" not in labels


async def test_completion_follows_the_sdk_and_offers_users_and_variables(client: LanguageClient, tmp_path):
    uri = (tmp_path / "sdk.credscript").as_uri()
    open_document(client, uri, "sdk onewelcome\nlet who = bob\nuser add bob pin 52817\nlogin \n$\n")
    await diagnostics_of(client, uri)

    async def labels(line, character):
        result = await client.text_document_completion_async(
            types.CompletionParams(text_document=types.TextDocumentIdentifier(uri=uri), position=position(line, character))
        )
        return [item.label for item in result.items]

    assert "bob" in await labels(3, 6)
    assert await labels(4, 1) == ["$who"]
    assert "changepin" in await labels(4, 0)


async def test_hover_over_118(client: LanguageClient, tmp_path):
    uri = (tmp_path / "hover.credscript").as_uri()
    text = 'let pw = "Passw0rd!"\nexpect event getPassword statusCode=118\necho $pw\nexplain 118\n'
    open_document(client, uri, text)
    await diagnostics_of(client, uri)
    hover = await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri), position=position(1, 37))
    )
    assert "118" in hover.contents.value and "expired" in hover.contents.value
    assert hover.range == types.Range(start=position(1, 36), end=position(1, 39))
    hover = await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri), position=position(3, 9))
    )
    assert "118" in hover.contents.value
    # help for a command, and a secret variable's value never shown.
    hover = await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri), position=position(3, 2))
    )
    assert "usage: explain" in hover.contents.value
    hover = await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri), position=position(2, 6))
    )
    assert "secret" in hover.contents.value and "Passw0rd" not in hover.contents.value


async def test_definition_references_and_symbols(client: LanguageClient, tmp_path):
    uri = (tmp_path / "nav.credscript").as_uri()
    text = "let user = alice\nuser add $user password \"Passw0rd!\"\nsdk onewelcome\nrepeat 2 {\n    echo $user\n}\n"
    open_document(client, uri, text)
    await diagnostics_of(client, uri)
    found = await client.text_document_definition_async(
        types.DefinitionParams(text_document=types.TextDocumentIdentifier(uri=uri), position=position(4, 11))
    )
    assert [(l.range.start.line, l.range.start.character) for l in found] == [(0, 4)]
    refs = await client.text_document_references_async(
        types.ReferenceParams(
            text_document=types.TextDocumentIdentifier(uri=uri), position=position(0, 5),
            context=types.ReferenceContext(include_declaration=True),
        )
    )
    assert sorted(r.range.start.line for r in refs) == [0, 1, 4]
    symbols = await client.text_document_document_symbol_async(
        types.DocumentSymbolParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )
    names = [s.name for s in symbols]
    assert names == ["$user", "sdk onewelcome"]
    assert [c.name for c in symbols[1].children] == ["repeat 2"]


async def test_the_outline_lists_procedures_tests_and_sourced_files(client: LanguageClient, tmp_path):
    (tmp_path / "lib.credscript").write_text("echo lib\n")
    uri = (tmp_path / "outline.credscript").as_uri()
    text = 'source lib.credscript\nproc greet name {\n    echo $name\n}\ntest "greets" {\n    greet alice\n}\n'
    open_document(client, uri, text)
    await diagnostics_of(client, uri)
    symbols = await client.text_document_document_symbol_async(
        types.DocumentSymbolParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )
    found = [(s.name, s.kind) for s in symbols]
    assert found == [
        ("source lib.credscript", types.SymbolKind.File),
        ("proc greet name", types.SymbolKind.Function),
        ('test "greets"', types.SymbolKind.Method),
    ]


async def test_hovering_a_field_name_explains_the_field(client: LanguageClient, tmp_path):
    uri = (tmp_path / "field.credscript").as_uri()
    text = 'user add alice password "Passw0rd!"\nlogin alice "Passw0rd!"\nexpect event getPassword challengeMode=4\n'
    open_document(client, uri, text)
    await diagnostics_of(client, uri)
    hover = await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri), position=position(2, 27))
    )
    assert hover is not None
    assert "field challengeMode of getPassword (relid)" in hover.contents.value
    assert "kind:        integer" in hover.contents.value
    assert "in events:" in hover.contents.value


async def test_formatting_twice_gives_the_same_text(client: LanguageClient, tmp_path):
    uri = (tmp_path / "format.credscript").as_uri()
    messy = 'let   user =  alice   \nrepeat 2 {\n  echo   $user   # twice\n      }\n'
    open_document(client, uri, messy)
    await diagnostics_of(client, uri)
    options = types.FormattingOptions(tab_size=4, insert_spaces=True)
    edits = await client.text_document_formatting_async(
        types.DocumentFormattingParams(text_document=types.TextDocumentIdentifier(uri=uri), options=options)
    )
    assert len(edits) == 1
    formatted = edits[0].new_text
    assert formatted == "let user = alice\nrepeat 2 {\n    echo $user # twice\n}\n"
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=formatted)],
        )
    )
    await diagnostics_of(client, uri)
    again = await client.text_document_formatting_async(
        types.DocumentFormattingParams(text_document=types.TextDocumentIdentifier(uri=uri), options=options)
    )
    assert list(again) == []


async def test_a_position_past_the_end_is_answered(client: LanguageClient, tmp_path):
    uri = (tmp_path / "end.credscript").as_uri()
    open_document(client, uri, "login alice\n")
    await diagnostics_of(client, uri)
    far = position(10_000, 10_000)
    assert await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri), position=far)
    ) is None
    result = await client.text_document_completion_async(
        types.CompletionParams(text_document=types.TextDocumentIdentifier(uri=uri), position=far)
    )
    assert result is not None


async def test_every_example_is_clean_and_quick(client: LanguageClient):
    """Diagnostics for each example in under 20 ms after start (measured end to end,
    from the didOpen sent to the diagnostics received, so it includes the protocol)."""
    slowest = 0.0
    for path in EXAMPLES:
        uri = path.as_uri()
        started = time.perf_counter()
        open_document(client, uri, path.read_text())
        diagnostics = await diagnostics_of(client, uri)
        slowest = max(slowest, time.perf_counter() - started)
        assert diagnostics == [], path.name
    print(f"slowest example: {slowest * 1000:.1f} ms")


async def test_shutdown_then_exit_code_zero(client: LanguageClient):
    await client.shutdown_session()
    assert client._server.returncode == 0


async def test_a_variable_never_bound_is_a_warning(client: LanguageClient, tmp_path):
    """As `credsh check` reports it, but a warning: the editor cannot know the --var
    options a run will give. A name bound in a sourced file counts as bound."""
    (tmp_path / "vars.inc").write_text("let who = alice\n")
    uri = (tmp_path / "vars.credscript").as_uri()
    open_document(client, uri, "source vars.inc\nlet pw ?= x\necho $who $pw $nobody\n")
    diagnostics = await diagnostics_of(client, uri)
    assert [(d.range.start.line, d.range.start.character, d.severity) for d in diagnostics] == [
        (2, 14, types.DiagnosticSeverity.Warning)
    ]
    assert diagnostics[0].message.startswith("$nobody is never bound")
