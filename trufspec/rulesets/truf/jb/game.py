"""truf-jb as trufspec's edges know it: its descriptor (see :mod:`trufspec.descriptor`)."""

from __future__ import annotations

from trufspec.descriptor import GameDescriptor, Source

__all__ = ["GAME"]

GAME = GameDescriptor(
    id="truf-jb",
    prefix="JB",
    title="Truf House Rule 1 (JB Games)",
    source=Source(
        id="truf-jb",
        file="000_474c986f14d2d5cd.txt",
        title="Truf House Rule 1",
        origin="the house rules of the Truf game hosted by JB Games online",
        language="en",
        sha256="15053d51c82466be5ed44494d5daef4c9c3816c67d6105cc18b8b23e2f30165a",
        url="https://asikabis.com/jbga/truf1/houserule.html",
    ),
    package="trufspec.rulesets.truf.jb",
    ruleset="trufspec.rulesets.truf.jb.ruleset:TRUF_JB",
    referee="trufspec.referee.truf_jb:TrufJbState",
    seats=(3, 4),
    judgement="truf",
    choosing={
        "bids": ("JB201", "JB203", "JB204"),
        "contract": ("JB209", "JB210", "JB211", "JB212"),
    },
)
