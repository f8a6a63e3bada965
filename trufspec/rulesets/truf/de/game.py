"""truf-de as trufspec's edges know it: its descriptor (see :mod:`trufspec.descriptor`)."""

from __future__ import annotations

from trufspec.descriptor import GameDescriptor, Source

__all__ = ["GAME"]

GAME = GameDescriptor(
    id="truf-de",
    prefix="TD",
    title="TRUF Spielregeln (German rules)",
    source=Source(
        id="truf-de",
        file="004_d073bda149524017.txt",
        title="TRUF Spielregeln",
        origin=(
            "a German rules page, machine-translated from an English text; most likely "
            "the German page of lodige.com"
        ),
        language="de",
        sha256="b16cf80e36bf6d2928c0d8622d7070f2efb664abb7413e666a4a8c824f50a00f",
    ),
    package="trufspec.rulesets.truf.de",
    ruleset="trufspec.rulesets.truf.de.ruleset:TRUF_DE",
    referee="trufspec.referee.truf_de:TrufDeState",
    seats=(4,),
    judgement="truf",
    choosing={"bids": ("TD201", "TD203"), "contract": ("TD207", "TD208", "TD209")},
    declarations=True,
)
