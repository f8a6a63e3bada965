"""The one line that answers a dispute: does this game's result depend on how the rules are read?

The weightiest change decides the line: the winner (or whether the game is over), then the
scores, then the findings of the check.  Only readings under which the record is as lawful as
under its own count: a reading under which the table would have broken the rules of play is
not one the game was played under, and the record rules it out (which says something of the
house rules the table used).  The line names the ambiguities only, so that it stays short; the
lines of :func:`details` say who wins under which reading, and which readings the record rules
out.  Every format prints the same line first.
"""

from __future__ import annotations

from trufspec.readings.model import LEGALITY, SCORE, WINNER, Difference, GameReadings

__all__ = ["NOTHING", "details", "names", "ruled_out", "verdict"]

NOTHING = "the result does not depend on the reading of the rules"


def verdict(game: GameReadings) -> str:
    """The verdict on one game, in one short line."""
    if game.skipped is not None:
        return f"not replayed: {game.skipped}"
    depends = game.depends_on
    if WINNER in depends:
        line = f"the winner depends on {names(depends[WINNER])}"
    elif SCORE in depends:
        line = f"the scores depend on {names(depends[SCORE])}; the winner does not"
    elif LEGALITY in depends:
        line = (
            f"the findings depend on {names(depends[LEGALITY])}; the scores and the winner do not"
        )
    else:
        line = NOTHING
    out = len(game.ruled_out)
    if out:
        line += f"; the record rules out {out} reading{'s' if out != 1 else ''}"
    return line


def details(game: GameReadings) -> list[str]:
    """The lines under the verdict: for each ambiguity the winner depends on, who wins under
    which reading; then each reading the record rules out."""
    if game.skipped is not None:
        return []
    titles = {tried.ambiguity: tried.title for tried in game.tried}
    return _winner_clauses(game, titles) + [ruled_out(d) for d in game.ruled_out]


def ruled_out(difference: Difference) -> str:
    """``this record rules out turn-order=counterclockwise (JB-A11)``."""
    readings = " with ".join(f"{c.option}={c.reading}" for c in difference.changes)
    ids = ", ".join(dict.fromkeys(c.ambiguity for c in difference.changes))
    return f"this record rules out {readings} ({ids}): the table did not play so"


def names(winners: tuple[str, ...]) -> str:
    """Winners in words: ``Ana``, ``Ana and Budi``, or ``no winner`` while the game goes on."""
    if not winners:
        return "no winner"
    return winners[0] if len(winners) == 1 else ", ".join(winners[:-1]) + " and " + winners[-1]


def _listed(ids: tuple[str, ...], titles: dict[str, str]) -> str:
    return names(tuple(f"{id} ({titles[id].lower()})" for id in ids))


def _winner_clauses(game: GameReadings, titles: dict[str, str]) -> list[str]:
    """One line per ambiguity, or set of ambiguities read together, that moves the winner
    under readings the record does not rule out: who wins under the reading in force and
    under each other reading."""
    groups: dict[tuple[str, ...], list[Difference]] = {}
    for difference in game.differences:
        if difference.winner_changed and not difference.contradicted:
            groups.setdefault(tuple(c.ambiguity for c in difference.changes), []).append(difference)
    in_force = {tried.ambiguity: tried.in_force for tried in game.tried}
    clauses = []
    for ids, differences in groups.items():
        together = " together" if len(ids) > 1 else ""
        first = f"{names(game.winners)} under {' and '.join(in_force[id] for id in ids)}"
        others = [
            f"{names(d.winners)} under {' and '.join(c.reading for c in d.changes)}"
            for d in differences
        ]
        clauses.append(f"{_listed(ids, titles)}{together}: {', '.join([first, *others])}")
    return clauses
