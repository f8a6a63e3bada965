"""The engine's public classes stay importable under the names they had before their renaming.

"Table" names the card table the players sit at, so the play of tricks is ``TrickPlay``; and
"problem" the service's answers, so a clause that plain values break is a ``Breach``.  Code
written against ``TrickTable`` or ``Problem`` goes on working, with the very same class.
"""

from __future__ import annotations

from trufspec.engine.findings import Breach, Problem
from trufspec.engine.tricks import TrickPlay, TrickTable


def test_trick_table_is_the_trick_play() -> None:
    assert TrickTable is TrickPlay


def test_problem_is_the_breach() -> None:
    assert Problem is Breach
