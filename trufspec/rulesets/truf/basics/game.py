"""truf-basics as trufspec's edges know it: its descriptor (see :mod:`trufspec.descriptor`)."""

from __future__ import annotations

from trufspec.descriptor import GameDescriptor, Source

__all__ = ["GAME"]

GAME = GameDescriptor(
    id="truf-basics",
    prefix="TB",
    title="Truf: The Basics",
    source=Source(
        id="truf-basics",
        file="003_a2627b2792b54ae6.txt",
        title="Truf: The Basics",
        origin="the rules page of a Truf web app (targets, SUM/SUBTRACT/NO TRUF bids)",
        language="en",
        sha256="3caeed85dad6975dc3056a76107477cbe75f8aef52c97acbdf99d2f7890d8844",
        url="https://truf.myans.studio",
    ),
    package="trufspec.rulesets.truf.basics",
    ruleset="trufspec.rulesets.truf.basics.ruleset:TRUF_BASICS",
    referee="trufspec.referee.truf_basics:TrufBasicsState",
    seats=(4,),
    deal_word="round",
    judgement="truf",
    choosing={"bids": ("TB201", "TB202", "TB203")},
    declarations=True,
)
