"""What describes one game: the descriptor its package exports, and the rule text it follows.

Each game's package holds one :class:`GameDescriptor` in a module of its own (``game.py``,
its ``GAME``), and :mod:`trufspec.games` lists them.  A descriptor is data and the places of
the game's parts, named ``module:name`` and imported when they are needed
(:func:`trufspec.games.load`): the spec registry sits below the rulesets and reads the
descriptors, so describing a game must import nothing of its rules.  Everything a part of
trufspec outside the game needs to know of it (the command line, the service and its table
page, the terminal, the bots, the environments, the language server) is said here, so that
those parts ask the descriptor and never name a game.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from importlib.resources import files
from typing import Literal

from attrs import field, frozen

__all__ = ["GameDescriptor", "Judgement", "Source"]


@frozen
class Source:
    """One rule text: where it comes from and the file that holds it.

    ``id`` is the id of the ruleset the text specifies, so a citation's source id is also the
    ruleset it belongs to.
    """

    id: str
    file: str
    title: str
    origin: str
    language: str
    sha256: str
    url: str | None = None

    def data(self) -> bytes:
        """The file's bytes, as pinned by ``sha256``."""
        return _read(self.file)

    def text(self) -> str:
        """The file's text; the sources are UTF-8."""
        return self.data().decode("utf-8")


@functools.cache
def _read(file: str) -> bytes:
    """Read a packaged source once: citations are checked against the same text many times."""
    return (files("trufspec.spec") / "sources" / file).read_bytes()


Judgement = Literal["truf", "tricks", "claims"]
"""The judgement a bot brings to a game (:mod:`trufspec.simulate.bots`): the Truf family's
(bids, a contract, then tricks), that of a game of tricks alone, or that of a game of claims
and votes."""


@frozen(kw_only=True)
class GameDescriptor:
    """One game: its names, its seats, and where its parts are."""

    id: str
    """The ruleset's id: the value of a record's ``Ruleset`` tag and of every command's
    ``RULESET`` argument."""
    prefix: str
    """The letters that begin the codes of its clauses (``JB`` in ``JB305``)."""
    title: str
    """Its name as a listing of games gives it."""
    source: Source
    """The rule text its clauses cite (shipped in ``trufspec/spec/sources/``)."""
    package: str
    """Its package, which holds ``clauses``, ``options``, ``sentences`` and ``ruleset``."""
    ruleset: str
    """Its :class:`~trufspec.engine.ruleset.Ruleset`, as ``module:name``."""
    referee: str
    """Its state machine, a :class:`~trufspec.referee.state.GameState`, as ``module:Class``."""
    simulator: str = "trufspec.simulate.refereed"
    """The module whose ``simulator`` plays it with bots (through the referee)."""
    seats: tuple[int, ...]
    """The numbers of players it is played by, fewest first (the referee refuses others)."""
    deal_word: str = "deal"
    """What the rules call one deal and its play: a table says it in their words, whatever
    the record's keyword."""
    judgement: Judgement
    """How a bot judges its choices."""
    irregularities: str | None = None
    """Where its referee lists the table's statements of an irregularity among the legal
    actions, the function (``module:name``) that tells them apart: no fair player chooses
    one, so the bots, the terminal and the environments leave them aside."""
    choosing: Mapping[str, tuple[str, ...]] = field(factory=dict)
    """The clauses that say what a player chooses in a phase, by phase: the terminal's
    ``help`` quotes them there."""
    declarations: bool = False
    """Whether its bids are declarations of cards and the target they state, as the table
    page says them (``declared``, ``target``) rather than bids."""
    stages: Mapping[str, str] = field(factory=dict)
    """What a game without tricks is at in each phase, which the table page says in the
    middle of the cloth."""
    sections: Mapping[str, str] = field(factory=dict)
    """The notation's words that only its records write, each with what it means in a
    sentence (the language server's hover)."""

    @property
    def catalogues(self) -> tuple[str, ...]:
        """The modules the spec registry reads its clauses, readings and sentences from."""
        return tuple(f"{self.package}.{part}" for part in ("clauses", "options", "sentences"))
