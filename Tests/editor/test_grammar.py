"""The TextMate grammar (editors/credscript.tmLanguage.json), run with
textmate-grammar-python, a port of VS Code's engine: every example tokenizes with no
character left to the bare `source.credscript` scope, a few lines get the scopes an
editor colours by, and the grammar knows every command the command table has."""
import json
import logging
import pathlib
import re

import pytest
from textmate_grammar.parsers.base import LanguageParser

ROOT = pathlib.Path(__file__).resolve().parents[2]
GRAMMAR = json.loads((ROOT / "editors" / "credscript.tmLanguage.json").read_text())
EXAMPLES = sorted((ROOT / "examples").glob("*.credscript"))
logging.getLogger("textmate_grammar").setLevel(logging.ERROR)


@pytest.fixture(scope="module")
def parser():
    return LanguageParser(GRAMMAR)


def tokens(parser, text):
    """(line, column, text, scopes) for each token of `text`."""
    element = parser.parse_string(text)
    return [(line, column, content, scopes) for (line, column), content, scopes in element.flatten()]


def scopes_of(parser, line, word):
    for _, _, content, scopes in tokens(parser, line + "\n"):
        if content.strip() == word:
            return scopes
    raise AssertionError(f"no token {word!r} in {line!r}")


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_every_example_tokenizes_with_no_bare_span(parser, path):
    bare = [
        (line + 1, column + 1, content)
        for line, column, content, scopes in tokens(parser, path.read_text())
        if content.strip() and scopes == ["source.credscript"]
    ]
    assert bare == []


def test_scopes_of_a_few_lines(parser):
    assert "keyword.other.command.credscript" in scopes_of(parser, 'login alice "Passw0rd!"', "login")
    assert "string.other.secret.credscript" in scopes_of(parser, 'login alice "Passw0rd!"', '"Passw0rd!"')
    assert "string.other.secret.credscript" in scopes_of(parser, "user add bob pin 52817", "52817")
    assert "string.quoted.double.credscript" in scopes_of(parser, 'echo "hello there"', '"hello there"')
    assert "comment.line.number-sign.credscript" in scopes_of(parser, "# a comment", "# a comment")
    assert "comment.line.number-sign.credscript" in scopes_of(parser, "logout # why", "# why")
    assert "keyword.control.expect.credscript" in scopes_of(parser, "expect event getPassword statusCode=118", "expect event")
    assert "variable.parameter.field.credscript" in scopes_of(parser, "expect event getPassword statusCode=118", "statusCode")
    assert "constant.numeric.credscript" in scopes_of(parser, "expect event getPassword statusCode=118", "118")
    assert "string.regexp.credscript" in scopes_of(parser, 'expect error ~"do not match"', '~"do not match"')
    assert "variable.other.credscript" in scopes_of(parser, "echo $user", "$user")
    assert "keyword.other.let.credscript" in scopes_of(parser, "let secret pw = x", "let")
    assert "keyword.control.repeat.credscript" in scopes_of(parser, "repeat 3 { pin 90210 }", "repeat")
    assert "keyword.control.for.credscript" in scopes_of(parser, "for user pin in bob 52817 { echo $user }", "for")
    assert "variable.other.definition.credscript" in scopes_of(parser, "for user pin in bob 52817 { echo $user }", "user pin")
    assert "entity.name.function.credscript" in scopes_of(parser, "proc relogin user pw {", "relogin")
    assert "variable.parameter.credscript" in scopes_of(parser, "proc relogin user pw {", "user pw")
    assert "keyword.control.expect.credscript" in scopes_of(parser, 'expect no output ~"hint"', "expect no output")
    assert "keyword.control.test.credscript" in scopes_of(parser, 'test "expired password is updated" {', "test")
    assert "entity.name.function.test.credscript" in scopes_of(parser, 'test "expired password is updated" {', '"expired password is updated"')
    assert "keyword.operator.assignment.credscript" in scopes_of(parser, "let user ?= alice", "?=")
    assert "variable.other.definition.credscript" in scopes_of(parser, "let user ?= alice", "user")
    assert "constant.character.escape.credscript" in scopes_of(parser, 'echo "caf\\u{e9}"', "\\u{e9}")
    # A `#` inside a word is part of it, not a comment.
    assert "comment.line.number-sign.credscript" not in scopes_of(parser, "echo Pass#1", "Pass#1")


def test_the_grammar_knows_every_command_of_the_table():
    """grammar.md's command reference is generated from the command table (and a Swift
    test keeps it so): each name there must be one the grammar colours as a command."""
    names = set()
    for line in (ROOT / "grammar.md").read_text().splitlines():
        match = re.match(r"\| `([^`]+)` \|", line)
        if not match:
            continue
        words = []
        for word in match.group(1).split():
            if not re.fullmatch(r"[a-z][a-z-]*", word):
                break
            words.append(word)
        if words:
            names.add(" ".join(words))
    known = "".join(json.dumps(GRAMMAR["repository"][k]) for k in ("command", "expect", "block"))
    missing = [n for n in sorted(names - {"let", "repeat"}) if n.replace(" ", "[ \\\\t]+") not in known]
    assert missing == []


def test_the_vscode_folder_holds_the_same_grammar():
    """editors/vscode is copied into the extensions folder whole, so it carries its own
    copy of the grammar (a symbolic link would point nowhere there): it must be the same."""
    copy = ROOT / "editors" / "vscode" / "syntaxes" / "credscript.tmLanguage.json"
    assert copy.read_bytes() == (ROOT / "editors" / "credscript.tmLanguage.json").read_bytes()
    package = json.loads((ROOT / "editors" / "vscode" / "package.json").read_text())
    assert package["contributes"]["grammars"][0]["scopeName"] == GRAMMAR["scopeName"] == "source.credscript"
