"""What the words of the notation mean, in a sentence each: the text of a hover over a tag or
a keyword, and the detail of its completion.  The notation page of the documentation says the
same at length; a test keeps this list and the reader's keywords the same."""

from __future__ import annotations

__all__ = ["KEYWORDS", "TAGS"]

TAGS = {
    "Ruleset": "The id of the game's ruleset (required): which rules the record is checked by.",
    "Players": "The players' names, separated by spaces, clockwise in seating order (required).",
    "Options": "Readings of the rules where their text is unclear, as key=value pairs "
    "separated by commas.",
    "Event": "The event the game was played at; kept and printed back, not checked.",
    "Site": "Where the game was played; kept and printed back, not checked.",
    "Date": "When the game was played, by convention YYYY.MM.DD; not checked.",
    "Round": "The round of the event the game belongs to; not checked.",
    "Winner": "Who won the game, as the record says; checked against the totals.",
}
"""The tags the notation names; any other tag is kept as it is."""

KEYWORDS = {
    "deal": "Starts a deal: `deal` and its number, from 1 in order.",
    "round": "Starts a round (Tromplemond's word for a deal): `round` and its number.",
    "dealer": "Who dealt; `!` after the name accepts a deal out of turn.",
    "undealt": "Cards left out of the deal.",
    "hands": "The hands as dealt: one line per player, the name, a colon and the cards.",
    "public": "Tromplemond: the cards each player shows face up.",
    "claims": "Tromplemond: the secret cards each player says they hold, true or not.",
    "secret": "Tromplemond: the secret cards revealed after the vote.",
    "bids": "The bids: one line per player, the bid's cards (signed where minus cards are "
    "allowed) or its number, and `= N` to restate its value.",
    "contract": "The winner of the bidding, then, restated and checked, the trump, the mode "
    "and the adjustment.",
    "trump": "The trump suit of the deal (S, H, D, C) or NT for no trump.",
    "adjust": "The adjustment of an even game: +1 or -1.",
    "atas": "The high game (Main Atas).",
    "bawah": "The low game (Main Bawah).",
    "high": "The high game (atas).",
    "low": "The low game (bawah).",
    "play": "The tricks: a number with a dot, the leader, a colon and the cards clockwise; "
    "`= NAME` restates the winner.",
    "tricks": "The tricks each player or team took, restated and checked.",
    "score": "What the deal scored for each player or team, restated and checked.",
    "total": "The running totals after the deal, restated and checked.",
    "honours": "Ruff and Honours: the honours a team scored.",
    "pot": "Tromplemond: what each player won from the TROMP! pot this round.",
    "stock": "Ruff and Honours: the cards left after the deal, the turned-up card first.",
    "ruff": "Ruff and Honours: who took the stock, and what they discarded or that they declined.",
    "discards": "The cards set aside (Tromplemond) or discarded after a ruff.",
    "declines": "Ruff and Honours: the player turned down the stock.",
    "votes": "Tromplemond: the vote, as tallies (`Emily 2`) or slips (`Rob > Emily`); "
    "`Rob>-` is a blank slip, an abstention.",
    "decide": "Tromplemond: how the two players outside a two-way tie chose between them.",
    "off": "Tromplemond: the player voted off.",
    "cut": "A card cut by each player to settle a tie.",
    "early-reveal": "Tromplemond: a player showed secret cards before the vote.",
    "misdeal": "A dealer's error; `waived` when the table played on.",
    "tromp": "Tromplemond: a TROMP! call, with the phrase as shouted, or `pass`.",
    "pass": "Tromplemond: a player passed among the TROMP! calls.",
    "bribe": "Tromplemond: a player offered a bribe in the round.",
}
"""The words of the notation, as the Pygments lexer lists them."""
