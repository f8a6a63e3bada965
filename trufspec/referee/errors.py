"""Refusals: what the referee says when an action or a set-up is not allowed.

A refusal is a :class:`~trufspec.diagnostics.Diagnostic`.  Where a rule of the game forbids
the action, it is the diagnostic the validator gives for the same action in a record: the
clause's code, message and quoted source words.  Where no rule of the game is involved (a card
played while the players are still bidding, an action after the end of the game), the code is
one of the referee's own ``REF`` codes below, without a clause.

The checking methods return refusals as values; :meth:`~trufspec.referee.state.GameState.apply`
and the constructors raise them in :class:`~trufspec.referee.errors.Refused`, so that a program that ignores a refusal
stops at once instead of going on with a state it did not expect.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from trufspec.diagnostics import Diagnostic, Severity

__all__ = ["REFEREE_CODES", "Refused", "refusal", "describe"]

REFEREE_CODES = {
    "REF001": "the action is not one the game allows at this point",
    "REF002": "the set-up of the game is not valid",
    "REF003": "the record cannot be resumed",
}
"""The referee's own codes, for refusals that no rule of a game states."""


def refusal(code: str, message: str, values: Mapping[str, Any] | None = None) -> Diagnostic:
    """A refusal under one of the :data:`REFEREE_CODES`.  Given ``values``, ``message`` is a
    template of them, as a clause's is (:mod:`~trufspec.spec.wording`): a refusal that names
    the player who acted is then said to them in the second person at a table."""
    assert code in REFEREE_CODES
    if values is None:
        return Diagnostic(code, Severity.ERROR, message)
    return Diagnostic.written(code, Severity.ERROR, message, values)


def describe(diagnostic: Diagnostic) -> str:
    """A refusal on one line: code, message and, when a clause states it, the clause's title
    and the first words it quotes."""
    text = f"{diagnostic.code} {diagnostic.message}"
    clause = diagnostic.clause
    if clause is not None and clause.citations:
        quote = " ".join(clause.citations[0].quote.split())
        text += f' [{clause.title}: {clause.citations[0].locator} "{quote}"]'
    return text


class Refused(ValueError):
    """An action, a set-up or a record the referee does not accept; ``diagnostics`` say why
    (the first is the reason, any further ones are more of the same kind)."""

    def __init__(self, diagnostics: Sequence[Diagnostic]) -> None:
        self.diagnostics = tuple(diagnostics)
        super().__init__("; ".join(describe(d) for d in self.diagnostics))

    @property
    def diagnostic(self) -> Diagnostic:
        return self.diagnostics[0]
