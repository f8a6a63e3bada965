"""The two partnerships, named by their players in seating order (``Ana+Citra``)."""

from __future__ import annotations

from typing import Sequence

from attrs import frozen

from trufspec.engine.findings import Findings
from trufspec.records import Deal, Figure, Tricks

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
            if set(figure.side) == {self.seats[index], self.seats[index + 2]} and len(figure.side) == 2:
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

    def check_sides(self, deal: Deal, findings: Findings) -> None:
        """RH001: every figure of a deal belongs to one of the two partnerships."""
        for section in deal.sections:
            if not isinstance(section, Tricks):
                continue
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
