"""The one line that answers a dispute: does this game's result depend on how the rules are read?

The weightiest change decides the line: the winner (or whether the game is over), then the
scores, then the findings of the check.  Every format prints the same line first.
"""

from __future__ import annotations

from trufspec.readings.model import LEGALITY, SCORE, WINNER, Difference, GameReadings

__all__ = ["verdict", "NOTHING", "names"]

NOTHING = "the result does not depend on the reading of the rules"


def verdict(game: GameReadings) -> str:
    """The verdict on one game."""
    if game.skipped is not None:
        return f"not replayed: {game.skipped}"
    depends = game.depends_on
    titles = {tried.ambiguity: tried.title for tried in game.tried}
    if WINNER in depends:
        return "the winner depends on " + "; and on ".join(_winner_clauses(game, titles))
    if SCORE in depends:
        return f"the scores depend on {_listed(depends[SCORE], titles)}; the winner does not"
    if LEGALITY in depends:
        listed = _listed(depends[LEGALITY], titles)
        return f"the findings of the check depend on {listed}; the scores and the winner do not"
    return NOTHING


def names(winners: tuple[str, ...]) -> str:
    """Winners in words: ``Ana``, ``Ana and Budi``, or ``no winner`` while the game goes on."""
    if not winners:
        return "no winner"
    return winners[0] if len(winners) == 1 else ", ".join(winners[:-1]) + " and " + winners[-1]


def _listed(ids: tuple[str, ...], titles: dict[str, str]) -> str:
    return names(tuple(f"{id} ({titles[id].lower()})" for id in ids))


def _winner_clauses(game: GameReadings, titles: dict[str, str]) -> list[str]:
    """One clause per ambiguity, or set of ambiguities read together, that moves the winner:
    who wins under the reading in force and under each other reading."""
    groups: dict[tuple[str, ...], list[Difference]] = {}
    for difference in game.differences:
        if difference.winner_changed:
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
