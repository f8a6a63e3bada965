"""The ``rule`` domain: the rules reference rendered from the registry, and links into it.

Directives (each takes its content from the registry, never from the page):

``.. rule:ruleset:: ID``
    a whole ruleset, its options, then its clauses grouped by phase;
``.. rule:clauses:: ID``
    the clauses of a ruleset in code order, without phase headings (the notation's own
    ``record`` clauses);
``.. rule:ambiguities::``
    the ambiguity register of every ruleset;
``.. rule:matrix::``
    the rulesets compared by the ``concept`` tags of their clauses;
``.. rule:sources::``
    the source documents, with their SHA-256;
``.. rule:examples-of:: CODE``
    the example records of one clause (the pages ``rule_example_pages`` writes).

Roles: ``:rule:clause:`JB305``` (or a slug, ``follow-suit``, or ``truf-jb/follow-suit`` where
several rulesets share the slug) and ``:rule:ambiguity:`JB-A6```; the markup written from the
registry also links with ``:rule:ruleset:``, ``:rule:register:`` (a ruleset's part of the
register), ``:rule:source:`` and ``:rule:concept:``.  A clause or an entry is anchored by its
code or id (``truf-jb.html#JB305``), which never changes; a link to an unknown code is a
warning, so a build with ``-W`` fails.

A project that shows only some of the rules (a club's pages that quote one clause list) links
whatever it does not show to the published reference, ``rule_reference_url`` (by default the
documentation address of the installed trufspec; the layout is that of
:mod:`trufspec.output.links`).  With ``rule_reference_url = ""`` such a link written by a
directive reads as plain text, and one written by hand is a warning.

Every record highlighted as ``truf`` that names its ruleset is checked while the page is read,
and a disagreement between its ``;!`` marks and the diagnostics is a warning too: the examples
of the reference are the validator's own output.  Fragments without a ``Ruleset`` tag are only
highlighted.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any, ClassVar

from docutils import nodes
from docutils.statemachine import StringList
from sphinx.addnodes import pending_xref
from sphinx.application import Sphinx
from sphinx.builders import Builder
from sphinx.domains import Domain, ObjType
from sphinx.environment import BuildEnvironment
from sphinx.roles import XRefRole
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective
from sphinx.util.nodes import make_refnode, nested_parse_with_titles
from sphinx.util.typing import RoleFunction
from sphinx.writers.html5 import HTML5Translator

from trufspec.marks import compare
from trufspec.output.links import ANCHORS, entry_url, reference_url
from trufspec.rulesets import RULESETS
from trufspec.spec.ambiguities import Ambiguity
from trufspec.spec.clauses import Clause
from trufspec.spec.registry import Registry, default_registry
from trufspec.spec.sources import SOURCES, Source
from trufspec.sphinxext import render

__all__ = ["RuleDomain", "setup"]

logger = logging.getLogger(__name__)

GENERATED = "rule_generated"
"""Marks a cross-reference written from the registry rather than by the page's author."""
_LABEL = re.compile(r"\.\. _(?P<prefix>source|concept|ambiguities)-(?P<name>[^:]+):")
"""The labels the generated markup puts before a source, a concept and a ruleset's register."""
_LABEL_KINDS = {"source": "source", "concept": "concept", "ambiguities": "register"}


# ------------------------------------------------------------------ examples


@functools.cache
def _check(text: str) -> tuple[tuple[int, str, str, str], ...]:
    """The diagnostics of a record, as the reference shows them (a record is checked once
    per build however often it is shown)."""
    import trufspec

    report = trufspec.check_text(text, "example.truf")
    return tuple((d.line, d.severity.value, d.code, d.message) for d in report.diagnostics)


def _examples(directories: Sequence[Path], clause: Clause) -> list[render.Example]:
    """A clause's example records: those it names itself, then the records named after its
    code (``JB305-follow-suit.good.truf``) anywhere under the example directories; the records
    that obey it come first."""
    found = [_example(example.record, "obeys") for example in clause.examples]
    for directory in directories:
        for path in sorted(directory.rglob(f"{clause.code}-*.truf")):
            try:
                text = path.read_bytes().decode("utf-8")
            except UnicodeDecodeError:
                continue  # a record of unreadable input (REC002) has no text to show
            found.append(_example(text, "breaks" if path.name.endswith(".bad.truf") else "obeys"))
    order = ("obeys", "acknowledged", "breaks")
    return sorted(found, key=lambda example: order.index(example.shows))


def _example(text: str, shows: str) -> render.Example:
    """An example with the diagnostics of its check; a record that obeys the rules but for an
    irregularity it acknowledges shows a breach."""
    diagnostics = _check(text)
    if shows == "obeys" and any(severity == "acknowledged" for _, severity, _, _ in diagnostics):
        shows = "acknowledged"
    return render.Example(shows, text, diagnostics)


class examples_node(nodes.General, nodes.Element):
    """A clause's examples, folded away in HTML so that the rules read as rules."""


def _visit_examples_html(translator: HTML5Translator, node: examples_node) -> None:
    count = node["count"]
    label = "1 example record" if count == 1 else f"{count} example records"
    translator.body.append(f'<details class="clause-examples"><summary>{label}</summary>')


def _depart_examples_html(translator: HTML5Translator, node: examples_node) -> None:
    translator.body.append("</details>")


def _pass_through(translator: Any, node: nodes.Element) -> None:
    """Builders other than HTML show the examples as ordinary content."""


# ------------------------------------------------------------------ directives


class _RegistryDirective(SphinxDirective):
    """A directive whose markup is written from the registry and parsed in place."""

    def registry(self) -> Registry:
        return default_registry()

    def domain(self) -> RuleDomain:
        domain = self.env.domains["rule"]
        assert isinstance(domain, RuleDomain)
        return domain

    def parse(self, lines: list[str], what: str) -> list[nodes.Node]:
        """Parse generated markup as if it stood in the page, headings included, and anchor
        every clause and ambiguity heading by its code or id."""
        holder = nodes.section()
        holder.document = self.state.document
        content = StringList(lines, source=f"{self.env.docname} <registry: {what}>")
        nested_parse_with_titles(self.state, content, holder)
        # Links written from the registry may point at what this project does not show.
        for ref in holder.findall(pending_xref):
            if ref.get("refdomain") == "rule":
                ref[GENERATED] = True
        domain = self.domain()
        for line in lines:
            label = _LABEL.fullmatch(line)
            if label is not None:
                kind = _LABEL_KINDS[label["prefix"]]
                domain.note_object(
                    kind, label["name"], self.env.docname, label["name"], self.get_location()
                )
        registry = self.registry()
        clauses = {clause.code for clause in registry.clauses()}
        for section in holder.findall(nodes.section):
            if section is holder or not section.children:
                continue
            first = section[0].astext().split(maxsplit=1)[0]
            heading = (
                "clause"
                if first in clauses
                else "ambiguity"
                if _is_ambiguity(registry, first)
                else None
            )
            if heading is None:
                continue
            section["ids"].insert(0, first)
            self.state.document.ids[first] = section
            domain.note_object(heading, first, self.env.docname, section[0].astext(), section)
        return holder.children

    def finder(self) -> render.ExampleFinder:
        srcdir = Path(self.env.srcdir)
        directories = [srcdir / d for d in self.config.rule_example_dirs]
        for directory in directories:
            self.env.note_dependency(str(directory))
        return lambda clause: _examples(directories, clause)

    def context(self) -> tuple[dict[str, Ambiguity], dict[str, Source]]:
        """The register entries of the rulesets shown, by id, and the sources, by id."""
        registry = self.registry()
        ambiguities = {a.id: a for r in _ruleset_ids(registry) for a in registry.ambiguities_of(r)}
        return ambiguities, dict(SOURCES)


def _is_ambiguity(registry: Registry, id: str) -> bool:
    try:
        registry.ambiguity(id)
    except KeyError:
        return False
    return True


def _ruleset_ids(registry: Registry) -> list[str]:
    """The rulesets the reference shows, in registration order: those a record can name,
    which are also those that get a page (so every link from the register finds its
    clause)."""
    return [ruleset for ruleset in RULESETS if registry.clauses_of(ruleset)]


def _known_ruleset(directive: _RegistryDirective) -> str | None:
    ruleset = directive.arguments[0]
    if not directive.registry().clauses_of(ruleset):
        logger.warning(
            "no clauses are registered for ruleset %r", ruleset, location=directive.get_location()
        )
        return None
    return ruleset


class RulesetDirective(_RegistryDirective):
    """``.. rule:ruleset:: ID``: the options and clauses of one ruleset, by phase."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        ruleset = _known_ruleset(self)
        if ruleset is None:
            return []
        self.domain().note_object(
            "ruleset", ruleset, self.env.docname, ruleset, self.get_location()
        )
        registry = self.registry()
        ambiguities, sources = self.context()
        lines = render.ruleset_text(
            ruleset,
            sources.get(RULESETS[ruleset].source if ruleset in RULESETS else ruleset),
            registry.clauses_of(ruleset),
            ambiguities,
            registry.options_of(ruleset),
            sources,
            self.finder(),
            self.config.rule_example_pages,
            registry.sentences_of(RULESETS[ruleset].source if ruleset in RULESETS else ruleset),
        )
        return self.parse(lines, ruleset)


class ClausesDirective(_RegistryDirective):
    """``.. rule:clauses:: ID``: the clauses of a ruleset in code order."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        ruleset = _known_ruleset(self)
        if ruleset is None:
            return []
        registry = self.registry()
        ambiguities, sources = self.context()
        lines = render.clause_list_text(
            registry.clauses_of(ruleset),
            ambiguities,
            registry.options_of(ruleset),
            sources,
            self.finder(),
            self.config.rule_example_pages,
        )
        return self.parse(lines, ruleset)


class ExamplesOfDirective(_RegistryDirective):
    """``.. rule:examples-of:: CODE``: the example records of one clause, unfolded (the body
    of the page of its examples, with ``rule_example_pages``)."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        try:
            clause = self.registry().clause(self.arguments[0])
        except KeyError as error:
            logger.warning("%s", error.args[0], location=self.get_location())
            return []
        return self.parse(render.examples_text(self.finder()(clause)), f"examples of {clause.code}")


class AmbiguitiesDirective(_RegistryDirective):
    """``.. rule:ambiguities::``: the register, one section per ruleset."""

    def run(self) -> list[nodes.Node]:
        registry = self.registry()
        lines: list[str] = []
        for ruleset in _ruleset_ids(registry):
            entries = registry.ambiguities_of(ruleset)
            if not entries:
                continue
            lines += [f".. _ambiguities-{ruleset}:", ""]
            lines += render.heading(ruleset, render.PHASE_HEADING)
            if ruleset in RULESETS:
                lines += [
                    f"Rules: :rule:ruleset:`{ruleset}: "
                    f"{render.escape(RULESETS[ruleset].title)} <{ruleset}>`.",
                    "",
                ]
            for ambiguity in entries:
                lines += render.ambiguity_text(ambiguity, registry.options_of(ruleset), SOURCES)
        return self.parse(lines, "ambiguity register")


class MatrixDirective(_RegistryDirective):
    """``.. rule:matrix::``: the variant matrix."""

    def run(self) -> list[nodes.Node]:
        registry = self.registry()
        return self.parse(render.matrix_text(list(RULESETS), registry.clauses()), "variant matrix")


class SourcesDirective(_RegistryDirective):
    """``.. rule:sources::``: the source documents."""

    def run(self) -> list[nodes.Node]:
        registry = self.registry()
        cited: dict[str, int] = {}
        for ruleset in [*_ruleset_ids(registry), "record"]:
            items: list[Any] = [*registry.clauses_of(ruleset), *registry.ambiguities_of(ruleset)]
            for item in items:
                for source in {c.source for c in item.citations}:
                    cited[source] = cited.get(source, 0) + 1
        return self.parse(render.sources_text(SOURCES.values(), cited), "sources")


class ExamplesDirective(SphinxDirective):
    """``.. rule:examples::``: folds its content (a clause's example records) in HTML."""

    has_content = True

    def run(self) -> list[nodes.Node]:
        node = examples_node()
        node["count"] = sum(1 for line in self.content if line.startswith(".. code-block:: truf"))
        self.state.nested_parse(self.content, self.content_offset, node)
        return [node]


# ------------------------------------------------------------------ the domain


class RuleDomain(Domain):
    """Clauses and ambiguity register entries as objects that pages can link to."""

    name = "rule"
    label = "Rules"
    object_types: ClassVar[dict[str, ObjType]] = {
        "clause": ObjType("clause", "clause"),
        "ambiguity": ObjType("ambiguity register entry", "ambiguity"),
        "ruleset": ObjType("ruleset", "ruleset"),
        "register": ObjType("ambiguity register of a ruleset", "register"),
        "source": ObjType("source", "source"),
        "concept": ObjType("concept", "concept"),
    }
    directives: ClassVar = {
        "ruleset": RulesetDirective,
        "clauses": ClausesDirective,
        "ambiguities": AmbiguitiesDirective,
        "matrix": MatrixDirective,
        "sources": SourcesDirective,
        "examples": ExamplesDirective,
        "examples-of": ExamplesOfDirective,
    }
    roles: ClassVar[dict[str, RoleFunction | XRefRole]] = {
        kind: XRefRole(warn_dangling=True) for kind in object_types
    }
    initial_data: ClassVar[dict[str, Any]] = {"objects": {}}
    dangling_warnings: ClassVar[dict[str, str]] = {
        "clause": "no clause has the code or slug %(target)r (or it is shown on no page)",
        "ambiguity": (
            "no ambiguity register entry has the id %(target)r (or it is shown on no page)"
        ),
        "ruleset": "no ruleset has the id %(target)r (or it is shown on no page)",
        "register": (
            "no ruleset has an ambiguity register under the id %(target)r (or it is shown on no "
            "page)"
        ),
        "source": "no source has the id %(target)r (or it is shown on no page)",
        "concept": "no clause has the concept %(target)r (or the matrix is shown on no page)",
    }

    @property
    def objects(self) -> dict[tuple[str, str], tuple[str, str]]:
        """``(kind, code)`` to ``(docname, title)``."""
        objects: dict[tuple[str, str], tuple[str, str]] = self.data.setdefault("objects", {})
        return objects

    def note_object(self, kind: str, name: str, docname: str, title: str, location: Any) -> None:
        if (kind, name) in self.objects and self.objects[kind, name][0] != docname:
            other = self.objects[kind, name][0]
            logger.warning("%s %s is shown twice, also in %s", kind, name, other, location=location)
        self.objects[kind, name] = (docname, title)

    def clear_doc(self, docname: str) -> None:
        for key, (doc, _) in list(self.objects.items()):
            if doc == docname:
                del self.objects[key]

    def merge_domaindata(self, docnames: Iterable[str], otherdata: dict[str, Any]) -> None:
        for key, value in otherdata["objects"].items():
            if value[0] in docnames:
                self.objects[key] = value

    def _target(self, typ: str, target: str) -> str | None:
        """The code, id or name a role target names: as it is when a page shows it, else
        through the registry (a slug becomes its clause's code); None when nothing has it."""
        if (typ, target) in self.objects:
            return target
        registry = default_registry()
        if typ == "clause":
            ruleset, _, slug = target.rpartition("/")
            try:
                return registry.clause(slug, ruleset or None).code
            except KeyError:
                return None
        known = {
            "ambiguity": lambda: _is_ambiguity(registry, target),
            "ruleset": lambda: target in RULESETS,
            "register": lambda: bool(registry.ambiguities_of(target)),
            "source": lambda: target in SOURCES,
            "concept": lambda: any(c.concept == target for c in registry.clauses()),
        }
        return target if known[typ]() else None

    # Sphinx puts whatever node this returns in the place of the link, text included.
    def resolve_xref(  # type: ignore[override]
        self,
        env: BuildEnvironment,
        fromdocname: str,
        builder: Builder,
        typ: str,
        target: str,
        node: pending_xref,
        contnode: nodes.Element,
    ) -> nodes.Element | None:
        """A link to the page that shows the target; where no page of this project shows it,
        a link into the published reference, or (without one) plain text for a link the
        registry's markup wrote.  None, which Sphinx reports, for a target nothing has, and
        for one written by hand that cannot be reached."""
        code = self._target(typ, target)
        if code is None:
            return None
        # A code reads as code; a title given in the link reads as text.
        if node.get("refexplicit"):
            text = contnode.astext()
            contnode = nodes.inline(text, text)
        else:
            contnode = nodes.literal(code, code, classes=contnode.get("classes", []))
        if (typ, code) in self.objects:
            docname, title = self.objects[typ, code]
            return make_refnode(
                builder, fromdocname, docname, ANCHORS[typ].format(code), contnode, title
            )
        base = env.config.rule_reference_url
        if base:
            if typ == "clause":
                clause = default_registry().clause(code)
                url, title = reference_url(base, clause), clause.title
            else:
                url, title = entry_url(base, typ, code), code
            return nodes.reference("", "", contnode, internal=False, refuri=url, reftitle=title)
        return contnode if node.get(GENERATED) else None

    def resolve_any_xref(  # type: ignore[override]  # as resolve_xref
        self,
        env: BuildEnvironment,
        fromdocname: str,
        builder: Builder,
        target: str,
        node: pending_xref,
        contnode: nodes.Element,
    ) -> list[tuple[str, nodes.Element]]:
        found: list[tuple[str, nodes.Element]] = []
        for typ in self.object_types:
            ref = self.resolve_xref(env, fromdocname, builder, typ, target, node, contnode)
            if ref is not None:
                found.append((f"rule:{typ}", ref))
        return found

    def get_objects(self) -> Iterator[tuple[str, str, str, str, str, int]]:
        for (kind, name), (docname, title) in self.objects.items():
            yield name, title, kind, docname, ANCHORS[kind].format(name), 1


# ------------------------------------------------------------------ checked records and pages


def check_records(app: Sphinx, doctree: nodes.document) -> None:
    """Check every complete record a page shows against its ``;!`` marks."""
    import trufspec

    for block in doctree.findall(nodes.literal_block):
        text = block.astext()
        if block.get("language") != "truf" or "[Ruleset" not in text:
            continue
        report = trufspec.check_text(text, "example.truf")
        for mismatch in compare(text, report.diagnostics):
            logger.warning("record example: %s", mismatch, location=block)


def write_ruleset_pages(app: Sphinx) -> None:
    """Write one page per registered ruleset into ``rule_ruleset_pages`` (relative to the
    source directory), so that a new ruleset gets its page with no edit of the docs.

    A page holds the ruleset's title, its overview (``rule_overviews/<id>.rst`` when that
    file exists) and the ``rule:ruleset`` directive.  Pages of rulesets that are no longer
    registered are removed; a file is rewritten only when its text changes, so that Sphinx
    rebuilds only what changed.
    """
    folder = app.config.rule_ruleset_pages
    if not folder:
        return
    directory = Path(app.srcdir) / folder
    directory.mkdir(exist_ok=True)
    overviews = Path(app.srcdir) / app.config.rule_overviews
    wanted = {}
    for id, ruleset in RULESETS.items():
        title = f"{id}: {ruleset.title}"
        lines = [
            ".. This page is written by trufspec.sphinxext from the ruleset registry; edit the",
            "   clauses or the overview, not this file.",
            "",
            *render.heading(title, "="),
        ]
        overview = overviews / f"{id}.rst"
        if overview.is_file():
            lines += [f".. include:: /{overview.relative_to(app.srcdir).as_posix()}", ""]
        lines += [f".. rule:ruleset:: {id}", ""]
        wanted[f"{id}.rst"] = "\n".join(lines)
    _write_pages(directory, wanted)


def published_reference() -> str:
    """The address of the published reference: the ``Documentation`` address of the installed
    trufspec's metadata (``[project.urls]`` in ``pyproject.toml``); empty when it has none."""
    from importlib.metadata import PackageNotFoundError, metadata

    try:
        urls = metadata("trufspec").get_all("Project-URL") or []
    except PackageNotFoundError:
        return ""
    return next(
        (
            url.strip()
            for label, _, url in (u.partition(",") for u in urls)
            if label == "Documentation"
        ),
        "",
    )


def write_example_pages(app: Sphinx) -> None:
    """With ``rule_example_pages`` (a folder relative to the source directory), write a page
    of example records for every clause that has any, which its clause links to instead of
    showing them in place: a ruleset's records would otherwise make its page too heavy for a
    phone.  Like the ruleset pages, stale pages are removed and unchanged ones left alone."""
    folder = app.config.rule_example_pages
    if not folder:
        return
    directory = Path(app.srcdir) / folder
    directory.mkdir(exist_ok=True)
    directories = [Path(app.srcdir) / d for d in app.config.rule_example_dirs]
    wanted = {}
    for clause in default_registry().clauses():
        if not _examples(directories, clause):
            continue
        title = f"{clause.code} {clause.title}: example records"
        wanted[f"{clause.code}.rst"] = "\n".join(
            [
                ":orphan:",
                "",
                ".. This page is written by trufspec.sphinxext from the example records; edit the",
                "   records, not this file.",
                "",
                *render.heading(render.escape(title), "="),
                f"The records that obey and break :rule:clause:`{clause.code}` "
                f"({render.escape(clause.title)}).",
                "",
                f".. rule:examples-of:: {clause.code}",
                "",
            ]
        )
    _write_pages(directory, wanted)


def _write_pages(directory: Path, wanted: dict[str, str]) -> None:
    """Make ``directory`` hold exactly the pages ``wanted`` (file name to text), rewriting a
    file only when its text changes, so that Sphinx rebuilds only what changed."""
    for stale in directory.glob("*.rst"):
        if stale.name not in wanted:
            stale.unlink()
    for name, text in wanted.items():
        path = directory / name
        if not path.is_file() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")


def setup(app: Sphinx) -> dict[str, Any]:
    from trufspec.lexer import TrufLexer
    from trufspec.sphinxext.cli import CliDirective
    from trufspec.sphinxext.diagram import DealDirective
    from trufspec.sphinxext.navigation import share_example_navigation

    app.add_config_value("rule_example_dirs", [], "env", [list])
    app.add_config_value("rule_ruleset_pages", "", "env", [str])
    app.add_config_value("rule_overviews", "overviews", "env", [str])
    app.add_config_value("rule_example_pages", "", "env", [str])
    app.add_config_value("rule_reference_url", published_reference(), "env", [str])
    app.add_domain(RuleDomain)
    app.add_node(
        examples_node,
        html=(_visit_examples_html, _depart_examples_html),
        latex=(_pass_through, _pass_through),
        text=(_pass_through, _pass_through),
        man=(_pass_through, _pass_through),
        texinfo=(_pass_through, _pass_through),
    )
    app.add_directive("trufspec-cli", CliDirective)
    app.add_directive("truf-deal", DealDirective)
    app.add_lexer("truf", TrufLexer)
    app.connect("builder-inited", write_ruleset_pages)
    app.connect("builder-inited", write_example_pages)
    app.connect("doctree-read", check_records)
    # Before the theme's own handler (furo's, at the default 500), which draws the navigation.
    app.connect("html-page-context", share_example_navigation, priority=400)
    return {
        "version": "1",
        "env_version": 2,
        "parallel_read_safe": True,
        "parallel_write_safe": True,
    }
