"""The rules reference: it builds without a warning, its examples hold, and it shows every rule.

* ``docs/`` builds with ``sphinx-build -n -W`` (HTML) and with the doctest builder, the two
  builds CI must prove; they share one doctree directory, so the second reads nothing again.
  The HTML build is the README's own command, run once for the whole run (its pages are read
  by most of the tests here, in whichever worker) in a fresh clone with a fresh environment
  holding the docs extra alone: the reference needs nothing that extra does not install.
* Every registered ruleset has a page, and every clause of the registry is anchored by its
  code on exactly one page; every ambiguity by its id.
* The ``rule`` domain fails a build on a link to an unknown clause, and on a record example
  whose ``;!`` marks disagree with what a check reports.
* The Pygments lexer reads every record of the repository without an error token, Pygments
  finds it by name and by file name, and the command line never imports it.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from browser import Tab
from clone import copy_checkout, documented_installs, environment
from docblocks import rst_blocks
from pygments.lexers import get_lexer_by_name, get_lexer_for_filename
from pygments.token import Error, is_token_subtype
from run_once import once

from trufspec.lexer import KEYWORDS, TrufLexer
from trufspec.marks import readable_text
from trufspec.notation.words import RESERVED
from trufspec.rulesets import RULESETS
from trufspec.spec.registry import default_registry

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
RECORDS = sorted((ROOT / "records").rglob("*.truf"))


def sphinx(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "sphinx", "-q", *map(str, args)],
        capture_output=True,
        text=True,
        encoding="utf-8",
    )


def _build_as_the_readme_says(clone: Path) -> None:
    """The README's command that builds the reference, run in ``clone`` (an empty folder): an
    install that pip cannot make skips the build where CI is not set (offline, say)."""
    copy_checkout(clone)
    install, _, build = documented_installs()["docs"].rpartition(" && ")
    assert build == ".venv/bin/sphinx-build -n -W docs docs/_build/html", build
    for step in (install, build):
        done = subprocess.run(
            ["bash", "-c", step], cwd=clone, env=environment(), capture_output=True, text=True
        )
        if done.returncode != 0 and step == install and not os.environ.get("CI"):
            pytest.skip(f"pip could not install the docs extra (offline?): {done.stderr[-500:]}")
        assert done.returncode == 0, done.stdout[-5000:] + done.stderr[-5000:]


@pytest.fixture
def html(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The clone's ``docs/_build``, once the README's command built its ``html`` (with the
    doctrees in ``html/.doctrees``, where the doctest build reads them)."""
    return once(tmp_path_factory, "reference", _build_as_the_readme_says) / "docs" / "_build"


@pytest.mark.slow
def test_html_build_has_no_warning(html: Path) -> None:
    assert (html / "html" / "index.html").is_file()


@pytest.mark.slow
def test_doctest_build_passes(html: Path) -> None:
    """Run by this environment's Sphinx, which has every extra the examples import, in the
    clone, whose code and docs its doctrees were read from."""
    clone = html.parents[1]
    doctrees, output = html / "html" / ".doctrees", html / "doctest"
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "sphinx",
            "-q",
            "-nW",
            "-b",
            "doctest",
            "-d",
            doctrees,
            "docs",
            output,
        ],
        cwd=clone,
        capture_output=True,
        text=True,
        encoding="utf-8",
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 failures in tests" in (html / "doctest" / "output.txt").read_text(encoding="utf-8")


@pytest.mark.slow
def test_every_ruleset_has_a_page_with_every_clause_anchored(html: Path) -> None:
    registry = default_registry()
    pages = {
        path.stem: path.read_text(encoding="utf-8") for path in (html / "html").rglob("*.html")
    }
    for ruleset in RULESETS:
        page = (html / "html" / "rulesets" / f"{ruleset}.html").read_text(encoding="utf-8")
        for clause in registry.clauses_of(ruleset):
            assert f'id="{clause.code}"' in page, clause.code
        for ambiguity in registry.ambiguities_of(ruleset):
            assert f'id="{ambiguity.id}"' in pages["ambiguities"], ambiguity.id
    for clause in registry.clauses_of("record"):
        assert f'id="{clause.code}"' in pages["notation"], clause.code


@pytest.mark.slow
def test_clauses_show_the_records_that_obey_and_break_them(html: Path) -> None:
    page = (html / "html" / "rulesets" / "truf-jb.html").read_text(encoding="utf-8")
    follow_suit = page[page.index('id="JB305"') : page.index('id="JB306"')]
    # On a page of their own, which the clause links to with what they show.
    assert re.search(
        r'href="\.\./examples/JB305\.html"[^>]*>.*3 records: 1 obeys the rule, 2 break it',
        follow_suit,
    )
    examples = (html / "html" / "examples" / "JB305.html").read_text(encoding="utf-8")
    assert "Citra played 3C but holds QS 9S 8S" in examples  # the JB305 record's diagnostic
    notation = (html / "html" / "examples" / "REC001.html").read_text(encoding="utf-8")
    assert "found \u2018two\u2019" in notation  # the REC001 record's diagnostic


@pytest.mark.slow
def test_the_sources_page_gives_the_provenance_and_the_rights_of_each_text(html: Path) -> None:
    from trufspec.spec.sources import SOURCES

    page = (html / "html" / "sources.html").read_text(encoding="utf-8")
    assert "The full texts are not published on this site" in page
    for source in SOURCES.values():
        facts = page[page.index(source.sha256) - 2000 : page.index(source.sha256)]
        lines = len(source.text().splitlines())
        assert (
            f"the whole text of the page, unedited: {lines} lines, {len(source.data()):,} bytes"
            in facts
        )
    assert "the text states \u201c\u00a9 2008 Robert C Mackle\u201d" in page
    assert page.count("the text states no licence") == len(SOURCES) - 1


PAGE_LIMIT = 300_000
"""The most a page of the reference may weigh, in bytes: a phone on a slow line still opens it."""


@pytest.mark.slow
def test_no_page_is_too_heavy_for_a_phone(html: Path) -> None:
    sizes = {
        path.relative_to(html / "html").as_posix(): path.stat().st_size
        for path in (html / "html").rglob("*.html")
    }
    assert len(sizes) > 200  # the example pages are there
    assert {page: size for page, size in sizes.items() if size > PAGE_LIMIT} == {}


MEASURED = [
    "index",
    "rulesets/truf-jb",
    "examples/JB305",
    "matrix",
    "ambiguities",
    "sources",
    "notation",
    "json-output",
    "browser",
    "cli",
    "api/records",
]
"""The pages measured in a browser: one of each kind."""
WIDTHS = (390, 1280)
"""A phone's width and a desktop's, in CSS pixels."""


@pytest.mark.slow
def test_the_pages_fit_a_phone_and_a_desktop(html: Path, tab: Callable[..., Tab]) -> None:
    """Every measured page, framed at each width in headless Chromium: nothing makes the page
    scroll sideways, no record or table is cut (it fits, or it scrolls within its box), the
    variant matrix fits a desktop, and navigation and search are at the top."""
    measure = (Path(__file__).resolve().parents[1] / "support" / "docs_browser.js").read_text(
        encoding="utf-8"
    )
    for width in WIDTHS:
        framed = tab(width)
        for page in MEASURED:
            framed.open((html / "html" / f"{page}.html").as_uri())
            m = framed.page.evaluate(measure)
            where = f"{page} at {width} px"
            assert m["scrollWidth"] <= width, where
            assert m["cut"] == [], where
            assert m["navigation"] is not None, where
            assert m["navigation"] < 150, where
            assert m["search"] is not None, where
            assert m["search"] < 150, where
            assert m["searchBox"], where
            if width == 1280:
                assert all(m["matrixFits"]), where
        assert framed.errors == []


def _project(tmp_path: Path, body: str) -> Path:
    source = tmp_path / "src"
    source.mkdir()
    (source / "conf.py").write_text('extensions = ["trufspec.sphinxext"]\n', encoding="utf-8")
    (source / "index.rst").write_text(f"Test\n====\n\n{body}\n", encoding="utf-8")
    return source


@pytest.mark.slow
def test_a_link_to_an_unknown_clause_fails_the_build(tmp_path: Path) -> None:
    source = _project(
        tmp_path,
        "See :rule:clause:`REC013`, :rule:clause:`duplicate-tag`, :rule:clause:`record/missing-tag`"
        " and :rule:clause:`JB999`.\n\n"
        ".. rule:clauses:: record\n",
    )
    result = sphinx("-n", "-W", "-b", "html", source, tmp_path / "out")
    assert result.returncode != 0
    assert "JB999" in result.stderr
    for target in ("REC013", "duplicate-tag", "missing-tag"):
        assert target not in result.stderr


FAKE_CATALOGUE = """
from trufspec.spec.clauses import Citation, Clause, Kind, Phase, Strength

CLAUSES = (
    Clause(
        code="TD001",
        slug="four-players",
        ruleset="truf-de",
        phase=Phase.DEFINITIONS,
        kind=Kind.LEGALITY,
        strength=Strength.MUST,
        title="Four players",
        statement="A game has four players.",
        citations=(Citation("truf-de", "Spieler", "vier Spieler", translation="four players"),),
        message="this game has {count} players",
        concept="player-count",
    ),
)
"""

NEW_RULESET_CONF = """
import sys
sys.path.insert(0, {here!r})
from trufspec.engine.ruleset import Ruleset
from trufspec.marks import readable_text
from trufspec.rulesets import RULESETS
from trufspec.spec import registry

# truf-de as a ruleset that trufspec does not know yet: its real catalogues out, one clause in.
kept = tuple(c for c in registry.CATALOGUES if ".truf.de." not in c)
registry.CATALOGUES = kept + ("fake_truf_de",)
RULESETS["truf-de"] = Ruleset("truf-de", "TRUF Spielregeln", "truf-de", RULESETS["truf-jb"].replay)

extensions = ["trufspec.sphinxext"]
rule_ruleset_pages = "rulesets"
"""


@pytest.mark.slow
def test_a_new_ruleset_needs_no_edit_of_the_docs(tmp_path: Path) -> None:
    (tmp_path / "fake_truf_de.py").write_text(FAKE_CATALOGUE, encoding="utf-8")
    source = _project(
        tmp_path,
        ".. toctree::\n   :glob:\n\n   rulesets/*\n   matrix\n\n"
        "See :rule:clause:`TD001` and :rule:clause:`truf-de/four-players`.\n\n"
        ".. rule:sources::\n",
    )
    (source / "conf.py").write_text(NEW_RULESET_CONF.format(here=str(tmp_path)), encoding="utf-8")
    (source / "matrix.rst").write_text("Matrix\n======\n\n.. rule:matrix::\n", encoding="utf-8")
    result = sphinx("-n", "-b", "html", source, tmp_path / "out")
    page = (tmp_path / "out" / "rulesets" / "truf-de.html").read_text(encoding="utf-8")
    assert 'id="TD001"' in page
    assert "four players" in page
    matrix = (tmp_path / "out" / "matrix.html").read_text(encoding="utf-8")
    assert "truf-de.html#TD001" in matrix
    assert "truf-jb.html#JB001" in matrix
    # truf-jb's page links to the register and the record clauses, which this project lacks;
    # nothing about the new ruleset may warn.
    assert "TD001" not in result.stderr, result.stderr
    assert "truf-de" not in result.stderr, result.stderr


@pytest.mark.slow
def test_a_record_example_that_disagrees_with_its_marks_fails_the_build(tmp_path: Path) -> None:
    source = _project(
        tmp_path,
        '.. code-block:: truf\n\n   [Ruleset "truf-jb"]\n   [Players "Ana Budi Ana"]  ;! REC003\n',
    )
    result = sphinx("-W", "-b", "html", source, tmp_path / "out")
    assert result.returncode != 0
    assert "REC003 expected but not reported" in result.stderr
    assert "REC005 reported but not marked" in result.stderr


def _documented_project(tmp_path: Path) -> tuple[Path, str]:
    """A project of its own made of exactly the ``conf.py`` and the page that ``docs/sphinx.rst``
    shows, and the page's text."""
    blocks: dict[str, str] = {}
    for language, body in rst_blocks((DOCS / "sphinx.rst").read_text(encoding="utf-8")):
        blocks.setdefault(language, body)
    source = tmp_path / "club"
    source.mkdir()
    (source / "conf.py").write_text(blocks["python"], encoding="utf-8")
    (source / "index.rst").write_text(blocks["rst"], encoding="utf-8")
    return source, blocks["rst"]


@pytest.mark.slow
def test_the_documented_configuration_works_in_another_project(html: Path, tmp_path: Path) -> None:
    source, text = _documented_project(tmp_path)
    assert ":rule:clause:`JB305`" in text
    assert ".. rule:clauses:: record" in text
    result = sphinx("-n", "-W", "-b", "html", source, tmp_path / "out")
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    page = (tmp_path / "out" / "index.html").read_text(encoding="utf-8")
    # The record clauses the page shows link within it; the truf-jb rules it does not show
    # lead to the published reference, at pages and anchors this reference has.
    assert 'href="#REC013"' in page
    published = "https://trufspec.readthedocs.io/en/latest/"
    outside = sorted(set(re.findall(f'href="{re.escape(published)}([^"]+)"', page)))
    assert "rulesets/truf-jb.html#JB305" in outside
    for address in outside:
        path, _, anchor = address.partition("#")
        target = (html / "html" / path).read_text(encoding="utf-8")
        assert f'id="{anchor}"' in target, address


@pytest.mark.slow
def test_without_a_published_reference_generated_links_read_as_text(tmp_path: Path) -> None:
    source, _ = _documented_project(tmp_path)
    with (source / "conf.py").open("a", encoding="utf-8") as conf:
        conf.write('rule_reference_url = ""\n')
    result = sphinx("-n", "-b", "html", source, tmp_path / "out")
    # Only the two links written on the page by hand have nowhere to go.
    warnings = [line for line in result.stderr.splitlines() if "WARNING" in line]
    assert len(warnings) == 2, result.stderr
    assert "'JB305'" in warnings[0]
    assert "'truf-jb/follow-suit'" in warnings[1]


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: str(p.relative_to(ROOT)))
def test_lexer_reads_every_record_without_an_error_token(path: Path) -> None:
    text = readable_text(path.read_bytes())
    errors = [
        value for token, value in TrufLexer().get_tokens(text) if is_token_subtype(token, Error)
    ]
    assert errors == []


def test_lexer_marks_what_it_cannot_read() -> None:
    assert [
        v for t, v in TrufLexer().get_tokens("dealer Ana @\n") if is_token_subtype(t, Error)
    ] == ["@"]


def test_lexer_knows_the_words_the_readers_know() -> None:
    """The lexer keeps its own list of keywords (importing the readers' list would import the
    records into every Pygments lookup); it must be the same list, less the trump ``NT``."""
    assert set(KEYWORDS) == RESERVED - {"NT"}


@pytest.mark.slow
def test_lexer_stays_light() -> None:
    """Pygments imports the lexer whenever it looks for any lexer: it must not import the
    records, the readers or Lark."""
    code = (
        "import sys\n"
        "import trufspec.lexer\n"
        "heavy = ('trufspec.notation', 'trufspec.records', 'lark', 'attr')\n"
        "print(sorted(m for m in sys.modules if m.startswith(heavy)))\n"
    )
    loaded = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert loaded.strip() == "[]"


def test_pygments_finds_the_lexer_through_its_entry_point() -> None:
    assert get_lexer_by_name("truf").name == "Truf"
    assert get_lexer_for_filename("friday.truf").name == "Truf"


@pytest.mark.slow
def test_the_command_line_does_not_import_pygments() -> None:
    code = (
        "import sys\n"
        "from click.testing import CliRunner\n"
        "from trufspec.cli import main\n"
        "CliRunner().invoke(main, ['check', sys.argv[1]])\n"
        "assert 'pygments' not in sys.modules, 'pygments was imported'\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code, str(ROOT / "records")], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr


@pytest.mark.slow
def test_pages_draw_their_deals(html: Path) -> None:
    """``.. truf-deal::`` draws the notation's example, each ruleset's sample deal, the
    tutorial's deal and Tromplemond's worked example, whose duplicated ten is marked."""
    pages = {
        "notation.html": 3,
        "tutorials/club-evening.html": 1,
        **{f"rulesets/{id}.html": 2 if id == "tromplemond" else 1 for id in RULESETS},
    }
    for page, count in pages.items():
        text = (html / "html" / page).read_text(encoding="utf-8")
        assert text.count('<svg xmlns="http://www.w3.org/2000/svg" class="tf-diagram"') == count, (
            page
        )
    tromplemond = (html / "html" / "rulesets" / "tromplemond.html").read_text(encoding="utf-8")
    # The duplicate is marked where it is written the second time, which the finding points
    # at (its message names the line of the first).
    assert tromplemond.count('data-card="10D" data-diag=') == 1
    assert "Marked: TM203" in tromplemond
    assert "REC013: 10D appears twice" in tromplemond
