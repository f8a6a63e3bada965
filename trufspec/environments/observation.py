"""What a player is shown: strings and tensors made from the referee's view, and nothing else.

Every string and tensor of a player is a function of :meth:`GameState.view
<trufspec.referee.state.GameState.view>` for that player (the record of the game as they
see it, their hand, the phase and who is to act) and, while they build a bid, claim or
discard, of the cards they have chosen.  The referee's view is property-tested to hold
exactly the player's information set, so these do too (``tests/environments/test_environments.py``
checks it again on the strings and tensors).

The view's record is the whole game so far as the player saw it, so the observation is
already of perfect recall: the information state and the observation are the same string
and the same tensor.

The tensor's layout (``LAYOUT`` in the module, each part with its size), a flat vector of
floats:

==================  =====  ===========================================================
part                size   meaning
==================  =====  ===========================================================
``seat``            4      the observing player's seat, one-hot
``to_act``          4      the seats that may act now
``current``         4      the seat that decides now
``phase``           13     the phase (:data:`PHASES`), one-hot; the last is any other
``hand``            52     the cards the player holds (pack order)
``building``        104    the cards of the bid being built by the player: plus, then minus
``cards``           3120   12 kinds × 5 places × 52 cards: where the player saw each card
                           in the current deal (:data:`KINDS`; places are the four seats
                           and the table, for cards nobody holds or whose player the record
                           does not name)
``contract``        9      the contract's winner (seat) and trump (spades, hearts,
                           diamonds, clubs, no trump)
``votes``           24     slips (voter × target), counted tallies by target, the player
                           sent off
``totals``          4      each seat's running total (a partner has the team's)
``deal``            1      the number of the deal
==================  =====  ===========================================================
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np
import numpy.typing as npt

from trufspec.cards import NT, Card, Suit
from trufspec.environments.encoding import INDEX, SEATS, Selection
from trufspec.records import (
    Bids,
    Claims,
    Contract,
    Cut,
    Deal,
    Discards,
    Hands,
    Off,
    Play,
    Public,
    Ruff,
    Secret,
    Stock,
    Total,
    Undealt,
    Votes,
)
from trufspec.referee import GameState

__all__ = ["PHASES", "KINDS", "LAYOUT", "SIZE", "strings", "tensor"]

PHASES = (
    "bids",
    "contract",
    "play",
    "end",
    "over",
    "ruff",
    "claims",
    "votes",
    "decide",
    "cut",
    "off",
    "calls",
)
"""The phases the referees name; another phase is the tensor's last phase place."""

KINDS = (
    "hands",
    "public",
    "secret",
    "claims",
    "bid plus",
    "bid minus",
    "played",
    "last trick",
    "stock",
    "undealt",
    "discards",
    "cut",
)
"""The kinds of place a card is seen in, in the current deal of the player's record."""

PLACES = SEATS + 1
"""The four seats, then the table."""

LAYOUT: tuple[tuple[str, int], ...] = (
    ("seat", SEATS),
    ("to_act", SEATS),
    ("current", SEATS),
    ("phase", len(PHASES) + 1),
    ("hand", 52),
    ("building", 104),
    ("cards", len(KINDS) * PLACES * 52),
    ("contract", SEATS + 5),
    ("votes", SEATS * SEATS + SEATS + SEATS),
    ("totals", SEATS),
    ("deal", 1),
)
"""Each part of the tensor, in order, with its size."""

SIZE = sum(size for _, size in LAYOUT)
_START = dict(zip((n for n, _ in LAYOUT), np.cumsum([0, *(s for _, s in LAYOUT)]).tolist()))

_KIND_START = {kind: _START["cards"] + k * PLACES * 52 for k, kind in enumerate(KINDS)}
"""Where the cards of each kind of place begin in the tensor (asked at every card placed)."""

_ENTRY_KINDS: dict[type, str] = {
    Hands: "hands",
    Public: "public",
    Secret: "secret",
    Claims: "claims",
}
"""The sections that give each player a row of cards, and the kind of place each is."""
_TRUMPS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS, NT)


def strings(state: GameState | None, player: str, building: Selection) -> str:
    """The information state (and observation) string of ``player``: who they are, their
    view printed in the notation, and the bid they are building."""
    if state is None:
        return f"{player}: the cards are not dealt yet"
    text = f"{player} sees:\n{state.observation_string(player)}"
    if building.cards and state.current_player == player:
        text += f"building {building.words()}\n"
    return text


def tensor(state: GameState | None, player: str, building: Selection) -> npt.NDArray[np.float32]:
    """The tensor of ``player`` (the layout is the module's documentation's)."""
    out = np.zeros(SIZE, dtype=np.float32)
    if state is None:
        return out
    players = state.players
    seat = players.index
    view = state.view(player)
    out[_START["seat"] + seat(player)] = 1
    for name in view.to_act:
        out[_START["to_act"] + seat(name)] = 1
    if view.to_act:
        out[_START["current"] + seat(view.to_act[0])] = 1
    phase = PHASES.index(view.phase) if view.phase in PHASES else len(PHASES)
    out[_START["phase"] + phase] = 1
    _cards(out, _START["hand"], view.hand)
    if view.to_act and view.to_act[0] == player:
        for card, minus in building.cards:
            out[_START["building"] + 52 * minus + INDEX[card]] = 1
    deals = view.record.deals
    if deals:
        _deal(out, deals[-1], seat)
        out[_START["deal"]] = len(deals)
    for deal in deals:
        for section in deal.sections:
            if type(section) is Total:
                for figure in section.entries:
                    for name in figure.side:
                        out[_START["totals"] + seat(name)] = figure.value
    return out


def _cards(out: npt.NDArray[np.float32], start: int, cards: Sequence[Card]) -> None:
    for card in cards:
        out[start + INDEX[card]] = 1


def _deal(out: npt.NDArray[np.float32], deal: Deal, seat: Callable[[str], int]) -> None:
    """The places of the cards of the current deal, its contract and its votes."""
    table = SEATS

    def place(kind: str, where: int, cards: Sequence[Card]) -> None:
        _cards(out, _KIND_START[kind] + where * 52, cards)

    for section in deal.sections:
        kind = _ENTRY_KINDS.get(type(section))
        if kind is not None:
            assert isinstance(section, Hands)
            for entry in section.entries:
                place(kind, seat(entry.player.value), entry.cards.cards)
        elif isinstance(section, Bids):
            for bid in section.entries:
                if bid.cards is not None:
                    cards = bid.cards.cards
                    where = seat(bid.player.value)
                    place("bid plus", where, [c for i, c in enumerate(cards) if i not in bid.minus])
                    place("bid minus", where, [c for i, c in enumerate(cards) if i in bid.minus])
        elif isinstance(section, Play):
            for trick in section.tricks:
                cards = trick.cards.cards
                if trick.players:
                    for who, card in zip(trick.players, cards):
                        place("played", seat(who.value), (card,))
                else:
                    place("played", table, cards)
            if section.tricks:
                place("last trick", table, section.tricks[-1].cards.cards)
        elif isinstance(section, Stock | Undealt | Discards):
            name = {Stock: "stock", Undealt: "undealt", Discards: "discards"}[type(section)]
            place(name, table, section.cards.cards)
        elif isinstance(section, Ruff) and section.discards is not None:
            place("discards", seat(section.player.value), section.discards.cards)
        elif isinstance(section, Cut):
            for who, card in zip(section.players, section.cards.cards):
                place("cut", seat(who.value), (card,))
        elif isinstance(section, Contract):
            out[_START["contract"] + seat(section.winner.value)] = 1
            if section.trump is not None:
                out[_START["contract"] + SEATS + _TRUMPS.index(section.trump.value)] = 1
        elif isinstance(section, Votes):
            _votes(out, section, seat)
        elif isinstance(section, Off):
            out[_START["votes"] + SEATS * SEATS + SEATS + seat(section.player.value)] = 1


def _votes(out: npt.NDArray[np.float32], section: Votes, seat: Callable[[str], int]) -> None:
    start = _START["votes"]
    for vote in section.entries:
        if vote.target is None:
            continue
        target = seat(vote.target.value)
        if vote.voter is not None:
            out[start + SEATS * seat(vote.voter.value) + target] = 1
        elif vote.count is not None:
            out[start + SEATS * SEATS + target] = vote.count
