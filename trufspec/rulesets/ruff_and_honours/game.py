"""ruff-and-honours as trufspec's edges know it: its descriptor (see
:mod:`trufspec.descriptor`)."""

from __future__ import annotations

from trufspec.descriptor import GameDescriptor, Source

__all__ = ["GAME"]

GAME = GameDescriptor(
    id="ruff-and-honours",
    prefix="RH",
    title="Ruff and Honours",
    source=Source(
        id="ruff-and-honours",
        file="001_439dba1cc4c3304f.txt",
        title="Ruff and Honours",
        origin=("a card-game site's reconstruction of the sixteenth- and seventeenth-century game"),
        language="en",
        sha256="aff283e5043b19c3165c7240b6797e20668af44f83b48a9e6a0ba4d3d953cad2",
        url="https://trapapps.com",
    ),
    package="trufspec.rulesets.ruff_and_honours",
    ruleset="trufspec.rulesets.ruff_and_honours.ruleset:RUFF_AND_HONOURS",
    referee="trufspec.referee.ruff_and_honours:RuffAndHonoursState",
    seats=(4,),
    deal_word="hand",
    judgement="tricks",
    choosing={"ruff": ("RH104", "RH105")},
    sections={
        "honours": "Ruff and Honours: the honours a team scored.",
        "stock": "Ruff and Honours: the cards left after the deal, the turned-up card first.",
        "ruff": "Ruff and Honours: who took the stock, and what they discarded or that they "
        "declined.",
        "declines": "Ruff and Honours: the player turned down the stock.",
    },
)
