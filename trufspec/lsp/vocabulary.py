"""What the words of the notation mean, in a sentence each: the text of a hover over a tag or
a keyword, and the detail of its completion.  The notation page of the documentation says the
same at length; a test keeps this list and the reader's keywords the same."""

from __future__ import annotations

from trufspec.games import GAMES

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
    "dealer": "Who dealt; `!` after the name accepts a deal out of turn.",
    "undealt": "Cards left out of the deal.",
    "hands": "The hands as dealt: one line per player, the name, a colon and the cards.",
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
    "discards": "The cards set aside for the round, or discarded after a ruff.",
    "cut": "A card cut by each player to settle a tie.",
    "misdeal": "A dealer's error; `waived` when the table played on.",
    **{word: meaning for game in GAMES for word, meaning in game.sections.items()},
}
"""The words of the notation, as the Pygments lexer lists them: those of every game, then
those only one game's records write, as its descriptor says them."""
