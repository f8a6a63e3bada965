"""What a ruleset gives the engine: its identity and its replay.

A ruleset is the formal specification of one game: the clauses, the ambiguity register and the
options live in the spec registry under its id; the replay walks a game's deals through the
game's phases and reports, through :class:`~trufspec.engine.findings.Findings`, every clause
the record breaks.  The engine never looks a ruleset up itself; the public API does, by the
record's ``Ruleset`` tag.
"""

from __future__ import annotations

from collections.abc import Callable

from attrs import frozen

from trufspec.engine.findings import Findings
from trufspec.records import Game
from trufspec.spec.options import Readings

__all__ = ["Ruleset", "DealOutcome", "GameOutcome", "Replay"]


@frozen
class DealOutcome:
    """The recomputed figures of a deal; None where the record lacks the facts."""

    scores: dict[str, int] | None = None
    totals: dict[str, int] | None = None
    figures: tuple[tuple[str, dict[str, int]], ...] = ()
    """Further figures per player that the ruleset reports beside the scores, each under its
    label (a Tromplemond round's true claims and TROMP! winnings)."""
    contract: str | None = None
    """The player (or team) who won the bidding or declared; None where the game has none or
    the record does not say."""
    trump: str | None = None
    """The trump suit by its letter, or ``NT``; None where unknown."""
    mode: str | None = None
    """How the deal is scored, in the ruleset's terms (``high``, ``low``)."""
    tricks: dict[str, int] | None = None
    """The tricks taken per player or team, as scored; None where unknown."""


@frozen
class GameOutcome:
    """The recomputed figures of every deal (in order) and the winners of the game, if the
    record shows the game to its end."""

    deals: tuple[DealOutcome, ...]
    winners: tuple[str, ...] = ()


Replay = Callable[[Game, Readings, Findings, frozenset[int]], GameOutcome]
"""Replays a game under the options in force; the set holds the indices of deals not to judge
(they have syntax errors)."""


@frozen
class Ruleset:
    id: str
    title: str
    source: str
    """The id of the source document the clauses cite."""
    replay: Replay
    deal_word: str = "deal"
    """What the rules call one deal and its play: a table app says it in their words (a
    Tromplemond or Truf: The Basics *round*, a Ruff and Honours *hand*), whatever the record's
    keyword."""
