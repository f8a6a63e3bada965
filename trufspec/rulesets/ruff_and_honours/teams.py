"""The two partnerships, named by their players in seating order (``Ana+Citra``).

A record may also give the teams names of their own in a ``Teams`` tag,
``[Teams "Lions=Ana+Citra, Tigers=Budi+Dewi"]``; figures are still written by the players'
names, so the tag is checked (each name must stand for a partnership) and kept as it is.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from attrs import frozen

from trufspec.engine.findings import Findings
from trufspec.records import Deal, Figure, Game, Tricks, replace

__all__ = ["Teams"]


@frozen
class Teams:
    """Partners sit opposite: seats 1 and 3 are one team, seats 2 and 4 the other."""

    seats: tuple[str, ...]

    @property
    def names(self) -> tuple[str, str]:
        first, second, third, fourth = self.seats
        return f"{first}+{third}", f"{second}+{fourth}"

    def of(self, player: str) -> str:
        """The name of the team a player belongs to."""
        return self.names[self.seats.index(player) % 2]

    def named(self, figure: Figure) -> str | None:
        """The team a figure is written for (in either order of its players), or None when
        its side is not a partnership."""
        for index, name in enumerate(self.names):
            if (
                set(figure.side) == {self.seats[index], self.seats[index + 2]}
                and len(figure.side) == 2
            ):
                return name
        return None

    def figures(self, section: Tricks | None) -> dict[str, int]:
        """A section's figures by team; sides that are not a team are left out (RH001)."""
        if section is None:
            return {}
        found = {}
        for figure in section.entries:
            team = self.named(figure)
            if team is not None:
                found[team] = figure.value
        return found

    def in_seating_order(self, section: Tricks | None) -> Tricks | None:
        """The section with each team written as its name (``Citra+Ana`` as ``Ana+Citra``), so
        that figures are matched by team whichever order the players are written in."""
        if section is None:
            return None
        entries = []
        for figure in section.entries:
            team = self.named(figure)
            entries.append(
                replace(figure, side=tuple(team.split("+"))) if team is not None else figure
            )
        return replace(section, entries=tuple(entries))

    def check_tag(self, game: Game, findings: Findings) -> None:
        """RH001: the ``Teams`` tag names partnerships, each once."""
        tag = next((t for t in game.tags if t.name == "Teams"), None)
        if tag is None:
            return
        findings.judge("RH001")
        seen: set[str] = set()
        for pair in (p for p in re.split(r"[\s,]+", tag.value.strip()) if p):
            _, equals, side = pair.partition("=")
            team = self.named(Figure(tuple(side.split("+")), 0)) if equals else None
            if team is None:
                problem = f"the Teams tag gives '{pair}', which is not name=Player+Player for a partnership"
            elif team in seen:
                problem = f"the Teams tag names {team} twice"
            else:
                seen.add(team)
                continue
            findings.add(
                "RH001", tag.span, problem=f"{problem} (the teams are {' and '.join(self.names)})"
            )

    def check_sides(self, deal: Deal, findings: Findings) -> None:
        """RH001: every figure of a deal belongs to one of the two partnerships."""
        for section in deal.sections:
            if not isinstance(section, Tricks):
                continue
            findings.judge("RH001")
            for figure in section.entries:
                if self.named(figure) is None:
                    findings.add(
                        "RH001",
                        figure.span,
                        ack=figure.ack,
                        problem=f"{figure.side_name} is not a partnership (the teams are {' and '.join(self.names)})",
                    )


def seat_left(seats: Sequence[str], player: str) -> str:
    """The player to the left of ``player``: the next in the (clockwise) seating."""
    return seats[(seats.index(player) + 1) % len(seats)]
