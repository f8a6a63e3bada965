"""tromplemond as trufspec's edges know it: its descriptor (see :mod:`trufspec.descriptor`)."""

from __future__ import annotations

from trufspec.descriptor import GameDescriptor, Source

__all__ = ["GAME"]

GAME = GameDescriptor(
    id="tromplemond",
    prefix="TM",
    title="Tromplemond Rules and Regulations Version 1.0",
    source=Source(
        id="tromplemond",
        file="002_87a7c9366d5881e5.txt",
        title="Tromplemond Rules and Regulations Version 1.0",
        origin=(
            "the game author's blog, 2008; the reader comments at the end of the page are not rules"
        ),
        language="en",
        sha256="aa94d687414b386f3a1e0a879e4dfce85a98b667030f0bbdeaaa292299be8732",
        url="https://tromplemond.wordpress.com",
    ),
    package="trufspec.rulesets.tromplemond",
    ruleset="trufspec.rulesets.tromplemond.ruleset:TROMPLEMOND",
    referee="trufspec.referee.tromplemond:TromplemondState",
    seats=(4,),
    deal_word="round",
    judgement="claims",
    irregularities="trufspec.referee.tromplemond:is_irregularity",
    choosing={"claims": ("TM201", "TM202")},
    stages={
        "claims": "Claims: each player names three cards, wherever they lie.",
        "votes": "The vote: each player's secret slip sends an opponent off; the slips are "
        "shown once all are in.",
        "decide": "The tie is decided by a vote among the players tied.",
        "cut": "The tie is cut with cards.",
        "off": "The table names who goes off.",
        "calls": "TROMP! calls: each player calls or passes.",
        "end": "The round is scored.",
    },
    sections={
        "round": "Starts a round (Tromplemond's word for a deal): `round` and its number.",
        "public": "Tromplemond: the cards each player shows face up.",
        "claims": "Tromplemond: the secret cards each player says they hold, true or not.",
        "secret": "Tromplemond: the secret cards revealed after the vote.",
        "pot": "Tromplemond: what each player won from the TROMP! pot this round.",
        "votes": "Tromplemond: the vote, as tallies (`Emily 2`) or slips (`Rob > Emily`); "
        "`Rob>-` is a blank slip, an abstention.",
        "decide": "Tromplemond: how the two players outside a two-way tie chose between them.",
        "off": "Tromplemond: the player voted off.",
        "early-reveal": "Tromplemond: a player showed secret cards before the vote.",
        "tromp": "Tromplemond: a TROMP! call, with the phrase as shouted, or `pass`.",
        "pass": "Tromplemond: a player passed among the TROMP! calls.",
        "bribe": "Tromplemond: a player offered a bribe in the round.",
    },
)
