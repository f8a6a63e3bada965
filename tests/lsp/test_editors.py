"""The editors' side of the language server: the words its hovers explain, and the VS Code
extension under editors/vscode (its grammar against the Pygments lexer, its manifest, and,
where Node.js and the extension's packages are installed, its own grammar tests)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from trufspec.lexer import KEYWORDS as LEXER_KEYWORDS
from trufspec.lsp.vocabulary import KEYWORDS

ROOT = Path(__file__).resolve().parents[2]
EXTENSION = ROOT / "editors" / "vscode"


def test_every_word_of_the_notation_is_explained() -> None:
    assert set(KEYWORDS) == set(LEXER_KEYWORDS)


def test_the_grammar_knows_the_words_the_lexer_knows() -> None:
    grammar = json.loads((EXTENSION / "syntaxes" / "truf.tmLanguage.json").read_text("utf-8"))
    pattern = grammar["repository"]["keyword"]["match"]
    words = re.search(r"\(\?:([^)]*)\)", pattern)
    assert words is not None
    assert set(words.group(1).split("|")) == set(LEXER_KEYWORDS)


def test_the_manifest_names_files_that_exist() -> None:
    manifest = json.loads((EXTENSION / "package.json").read_text("utf-8"))
    (language,) = manifest["contributes"]["languages"]
    assert language["extensions"] == [".truf"]
    (grammar,) = manifest["contributes"]["grammars"]
    assert grammar["language"] == language["id"]
    for relative in (manifest["main"], language["configuration"], grammar["path"]):
        assert (EXTENSION / relative).is_file()
    assert manifest["contributes"]["configuration"]["properties"]["trufspec.command"][
        "default"
    ] == ["trufspec", "lsp"]


@pytest.mark.slow
@pytest.mark.skipif(
    shutil.which("node") is None or not (EXTENSION / "node_modules").is_dir(),
    reason="the extension's grammar tests need Node.js and `npm ci` in editors/vscode",
)
def test_the_extension_grammar_colours_every_record() -> None:
    result = subprocess.run(
        ["node", "--test", "test/"], cwd=EXTENSION, capture_output=True, text=True, timeout=300
    )
    assert result.returncode == 0, result.stdout + result.stderr
