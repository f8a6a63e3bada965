"""How much a finding matters: the severity a clause's strength gives a breach of it.

It is the spec's, below the diagnostics that carry it, because a clause states it
(:attr:`~trufspec.spec.clauses.Clause.severity`); :mod:`trufspec.diagnostics` offers it with
the diagnostics, where the code that reports findings takes it from.
"""

from __future__ import annotations

import enum

__all__ = ["Severity"]


class Severity(enum.Enum):
    """How much a finding matters; the order of the members is the order of gravity."""

    ERROR = "error"
    """The record breaks a rule or cannot be read: ``trufspec check`` exits 1."""
    WARNING = "warning"
    """Something is probably wrong (a rule of strength *should*), or the record is doubtful."""
    ACKNOWLEDGED = "acknowledged"
    """An irregularity the record marks with ``!``: the players saw it and accepted it."""
    INFO = "info"
    """Nothing is wrong; the report says something worth knowing (what could not be checked)."""

    @property
    def rank(self) -> int:
        return _RANKS[self]


_RANKS = {Severity.ERROR: 0, Severity.WARNING: 1, Severity.ACKNOWLEDGED: 2, Severity.INFO: 3}
