"""The registry: every clause, ambiguity and option, found by code, slug, id or key.

Clause codes are the public names of rules: diagnostics, docs and ``;! JB305`` marks in test
records use them.  The registry makes sure a code names one rule only (registering a code
twice raises) and that a retired code stays retired.

The catalogues are ordinary modules that expose ``CLAUSES``, ``AMBIGUITIES``, ``OPTIONS`` and
``SENTENCES`` (the sentence index of a source) tuples (any of them may be absent).
:func:`default_registry` imports the catalogues named in :data:`CATALOGUES` the first time it
is called, so that importing the spec never imports a
ruleset: the rulesets sit above the spec and import it, and the import graph keeps pointing
down.  ``REGISTRY`` is the default registry, built on first access through the module's
``__getattr__`` for the same reason.
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Iterable
from types import ModuleType

from trufspec.games import GAMES
from trufspec.spec.ambiguities import Ambiguity
from trufspec.spec.clauses import Clause
from trufspec.spec.options import Option
from trufspec.spec.sentences import Sentence

__all__ = ["CATALOGUES", "REGISTRY", "RETIRED", "Registry", "default_registry"]

RETIRED: dict[str, str] = {}
"""Codes of clauses that no longer apply, with the reason; their codes are never given out
again."""

CATALOGUES: tuple[str, ...] = (
    "trufspec.spec.record_clauses",
    *(catalogue for game in GAMES for catalogue in game.catalogues),
)
"""The modules whose clauses, ambiguities and options make up the default registry: the
notation's own, then each game's (:data:`trufspec.games.GAMES`)."""


class Registry:
    """Clauses by code and by slug, ambiguities by id, options by ruleset and key, the
    sentence index by source."""

    def __init__(self) -> None:
        self._clauses: dict[str, Clause] = {}
        self._slugs: dict[str, dict[str, Clause]] = {}
        self._ambiguities: dict[str, Ambiguity] = {}
        self._options: dict[str, dict[str, Option]] = {}
        self._sentences: dict[str, list[Sentence]] = {}

    def register_clauses(self, clauses: Iterable[Clause]) -> None:
        """Add clauses; a code or a slug that is already taken is a programming error."""
        for clause in clauses:
            if clause.code in self._clauses:
                raise ValueError(f"clause code {clause.code} is registered twice")
            if clause.code in RETIRED and not clause.retired:
                raise ValueError(
                    f"clause code {clause.code} is retired ({RETIRED[clause.code]}); "
                    f"give the rule a new code"
                )
            slugs = self._slugs.setdefault(clause.ruleset, {})
            if clause.slug in slugs:
                raise ValueError(
                    f"slug {clause.slug!r} of {clause.code} is already the slug of "
                    f"{slugs[clause.slug].code} in {clause.ruleset}"
                )
            self._clauses[clause.code] = clause
            slugs[clause.slug] = clause

    def register_ambiguities(self, ambiguities: Iterable[Ambiguity]) -> None:
        """Add entries of an ambiguity register; an id that is already taken raises."""
        for ambiguity in ambiguities:
            if ambiguity.id in self._ambiguities:
                raise ValueError(f"ambiguity {ambiguity.id} is registered twice")
            self._ambiguities[ambiguity.id] = ambiguity

    def register_options(self, options: Iterable[Option]) -> None:
        """Add options; a key already taken in the same ruleset raises."""
        for option in options:
            keys = self._options.setdefault(option.ruleset, {})
            if option.key in keys:
                raise ValueError(f"option {option.key!r} of {option.ruleset} is registered twice")
            keys[option.key] = option

    def register_sentences(self, sentences: Iterable[Sentence]) -> None:
        """Add entries of a sentence index, in the order of their text."""
        for sentence in sentences:
            self._sentences.setdefault(sentence.source, []).append(sentence)

    def register_catalogue(self, module: ModuleType) -> None:
        """Add what a catalogue module exposes in ``CLAUSES``, ``AMBIGUITIES``, ``OPTIONS`` and
        ``SENTENCES``."""
        self.register_clauses(getattr(module, "CLAUSES", ()))
        self.register_ambiguities(getattr(module, "AMBIGUITIES", ()))
        self.register_options(getattr(module, "OPTIONS", ()))
        self.register_sentences(getattr(module, "SENTENCES", ()))

    def clause(self, code_or_slug: str, ruleset: str | None = None) -> Clause:
        """The clause with this code, or with this slug.

        Several rulesets share slugs (every Truf game has a ``follow-suit``), so a slug is
        looked up in ``ruleset`` when one is given (or written ``ruleset/slug``) and must
        otherwise be unique.
        """
        if code_or_slug in self._clauses:
            return self._clauses[code_or_slug]
        found = self.matches(code_or_slug if ruleset is None else f"{ruleset}/{code_or_slug}")
        if len(found) == 1:
            return found[0]
        if found:
            codes = ", ".join(f"{clause.ruleset}/{clause.slug} ({clause.code})" for clause in found)
            raise KeyError(f"slug {code_or_slug!r} names several clauses: {codes}; give a ruleset")
        where = f" in {ruleset}" if ruleset is not None else ""
        raise KeyError(
            f"no clause has the code or slug {code_or_slug!r}{where}; codes look like 'JB305' "
            f"and slugs like 'follow-suit'"
        )

    def matches(self, name: str) -> tuple[Clause, ...]:
        """The clauses ``name`` may mean: the one with that code, the one ``ruleset/slug``
        names (``truf-jb/follow-suit``), or every one with that slug, in code order (several
        when rulesets share it)."""
        if name in self._clauses:
            return (self._clauses[name],)
        ruleset, _, slug = name.rpartition("/")
        rulesets = [ruleset] if ruleset else list(self._slugs)
        found = [self._slugs[r][slug] for r in rulesets if slug in self._slugs.get(r, {})]
        return tuple(sorted(found, key=lambda clause: clause.code))

    def clauses(self) -> tuple[Clause, ...]:
        """Every clause, in code order."""
        return tuple(sorted(self._clauses.values(), key=lambda clause: clause.code))

    def clauses_of(self, ruleset: str) -> tuple[Clause, ...]:
        """The clauses of one ruleset (``record`` for the notation's own), in code order."""
        return tuple(sorted(self._slugs.get(ruleset, {}).values(), key=lambda c: c.code))

    def game_end(self, ruleset: str) -> Clause | None:
        """The clause that says when a game of ``ruleset`` ends: the first of its clauses on
        the length of a game (concept ``game-length``), whose statement a table reads out at
        the start; None for a ruleset with none (the notation's own clauses)."""
        return next((c for c in self.clauses_of(ruleset) if c.concept == "game-length"), None)

    def ambiguity(self, id: str) -> Ambiguity:
        """The register entry with this id."""
        try:
            return self._ambiguities[id]
        except KeyError:
            raise KeyError(f"no ambiguity has the id {id!r}; ids look like 'JB-A6'") from None

    def ambiguities_of(self, ruleset: str) -> tuple[Ambiguity, ...]:
        """The ambiguity register of one ruleset, in the order it was registered."""
        return tuple(a for a in self._ambiguities.values() if a.ruleset == ruleset)

    def sentences_of(self, source: str) -> tuple[Sentence, ...]:
        """The sentence index of one source, in the order of its text (empty without one)."""
        return tuple(self._sentences.get(source, ()))

    def options_of(self, ruleset: str) -> dict[str, Option]:
        """The options of one ruleset by key, in the form
        :func:`~trufspec.spec.options.parse_options` takes."""
        return dict(self._options.get(ruleset, {}))

    def problems(self) -> list[str]:
        """Inconsistencies between clauses, ambiguities and options, in plain words.

        Registration checks what one value can get wrong on its own; this checks the links
        between values, which only make sense once every catalogue is in.  An empty list means
        the specification hangs together.
        """
        found: list[str] = []
        for clause in self._clauses.values():
            for id in clause.ambiguities:
                ambiguity = self._ambiguities.get(id)
                if ambiguity is None:
                    found.append(f"{clause.code} depends on the unknown ambiguity {id}")
                elif clause.code not in ambiguity.clauses:
                    found.append(f"{clause.code} names {id}, but {id} does not name {clause.code}")
        for ambiguity in self._ambiguities.values():
            for code in ambiguity.clauses:
                named = self._clauses.get(code)
                if named is None:
                    found.append(f"{ambiguity.id} names the unknown clause {code}")
                elif ambiguity.id not in named.ambiguities:
                    found.append(f"{ambiguity.id} names {code}, but {code} does not name it")
            if ambiguity.option is None:
                continue
            option = self._options.get(ambiguity.ruleset, {}).get(ambiguity.option)
            if option is None:
                found.append(f"{ambiguity.id} is selected by the unknown option {ambiguity.option}")
                continue
            if option.ambiguity != ambiguity.id:
                found.append(f"option {option.key} does not name {ambiguity.id} as its ambiguity")
            if option.default != ambiguity.default:
                found.append(
                    f"option {option.key} defaults to {option.default!r} but {ambiguity.id} "
                    f"to {ambiguity.default!r}"
                )
            for reading in ambiguity.readings:
                problem = option.check(reading.value)
                if problem is not None:
                    found.append(f"reading {reading.value!r} of {ambiguity.id}: {problem}")
        for keys in self._options.values():
            for option in keys.values():
                if option.ambiguity is not None and option.ambiguity not in self._ambiguities:
                    found.append(
                        f"option {option.key} names the unknown ambiguity {option.ambiguity}"
                    )
        found.extend(self._index_problems())
        for code, reason in RETIRED.items():
            retired = self._clauses.get(code)
            if retired is None or not retired.retired:
                found.append(f"retired code {code} ({reason}) is not listed as a retired clause")
        return found

    def _index_problems(self) -> list[str]:
        """The sentence index against the clauses and the register: every name an entry gives
        exists and belongs to the entry's source, and every citation of an indexed source has
        an entry in the cited section (its locator, or one that begins with it) that names the
        citing clause or register entry."""
        found: list[str] = []
        for source, sentences in self._sentences.items():
            for sentence in sentences:
                where = f"the index of {source} at {sentence.locator!r}"
                for code in sentence.clauses:
                    clause = self._clauses.get(code)
                    if clause is None:
                        found.append(f"{where} names the unknown clause {code}")
                    elif not any(c.source == source for c in clause.citations):
                        found.append(f"{where} names {code}, which cites nothing of {source}")
                for id in sentence.ambiguities:
                    ambiguity = self._ambiguities.get(id)
                    if ambiguity is None:
                        found.append(f"{where} names the unknown register entry {id}")
                    elif ambiguity.ruleset != source:
                        found.append(f"{where} names {id}, an entry of {ambiguity.ruleset}")
        cited = [(c.code, c.citations) for c in self._clauses.values() if not c.retired]
        cited += [(a.id, a.citations) for a in self._ambiguities.values()]
        for name, citations in cited:
            for citation in citations:
                indexed = self._sentences.get(citation.source)
                if indexed is None:
                    continue
                section = citation.locator
                if not any(
                    (s.locator == section or s.locator.startswith(section + ",")) and s.names(name)
                    for s in indexed
                ):
                    found.append(
                        f"{name} cites {citation.source} at {section!r}, but no sentence the "
                        f"index lists there names it"
                    )
        return found


REGISTRY: Registry
"""The default registry (see the module's documentation): declared here, built by
``__getattr__`` on first access."""


@functools.cache
def default_registry() -> Registry:
    """The registry of every catalogue in :data:`CATALOGUES`, built once."""
    registry = Registry()
    for name in CATALOGUES:
        registry.register_catalogue(importlib.import_module(name))
    return registry


def __getattr__(name: str) -> Registry:
    # ``REGISTRY`` is built on first use, not at import: building it imports the rulesets,
    # which import this package.
    if name == "REGISTRY":
        return default_registry()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
