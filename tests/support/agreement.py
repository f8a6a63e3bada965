"""What the tests of the referee's and the validator's agreement share: the readings they sample and
the candidate actions they try."""

from __future__ import annotations

import random
from typing import cast

from trufspec import check_text, dumps
from trufspec.cards import FULL_PACK, NT, Card, parse_card, parse_suit
from trufspec.diagnostics import Severity
from trufspec.records import (
    Atom,
    BidEntry,
    Bids,
    Bribe,
    Cards,
    Claims,
    Contract,
    Cut,
    Deal,
    Dealer,
    Decide,
    EarlyReveal,
    Figure,
    Game,
    HandEntry,
    Misdeal,
    Mode,
    Off,
    Play,
    Pot,
    Ruff,
    Section,
    Stock,
    Trick,
    Tromp,
    Votes,
    replace,
)
from trufspec.records import Vote as Slip
from trufspec.referee import BidCards, Choose, Claim, Discard, NextDeal, PlayCard, Vote
from trufspec.referee.actions import Action
from trufspec.referee.state import GameState
from trufspec.referee.tricks import TrickGame
from trufspec.referee.tromplemond import TromplemondState
from trufspec.referee.truf import TrufState

JB_READINGS = {
    "turn-order": ("free", "clockwise", "counterclockwise"),
    "trump-broken-by": ("any-earlier-trick", "ruff-only"),
    "single-minus": ("positive", "reject"),
    "max-bid": ("none", "tricks-available"),
    "even-adjust-scope": ("all-players", "winner-only", "mode-only"),
    "even-adjust-amount": ("1", "2", "0"),
    "three-player-leftover": ("dead-card", "remove-fixed-card"),
    "winner": ("highest-total", "highest-bid-made"),
}


def validator_accepts(game: Game) -> bool:
    text = dumps([game])
    return not [d for d in check_text(text).diagnostics if d.severity is Severity.ERROR]


def with_deal(game: Game, deal: Deal) -> Game:
    return replace(game, deals=(*game.deals[:-1], deal))


def append(state: GameState, action: Action) -> Game:
    """The record so far with ``action`` written at its end, legal or not."""
    game = state.record()
    if isinstance(action, NextDeal):
        if isinstance(state, TromplemondState) and state.betting:
            # The settlement of the TROMP! pot moves to the round that is now the last (TM406).
            game = with_deal(game, round_pot_only(game.deals[-1], state.pots[-1].won))
        deal = Deal(game.deals[-1].kind, Atom(len(game.deals) + 1), (Dealer(Atom(action.player)),))
        return replace(game, deals=(*game.deals, deal))
    deal = game.deals[-1]
    sections = list(deal.sections)
    if isinstance(state, TromplemondState):
        sections = tromplemond_sections(state, sections, action)
    elif isinstance(action, Discard) or str(action) == "declines":
        index = next(i for i, s in enumerate(sections) if isinstance(s, Stock))
        ruff = (
            Ruff(Atom(action.player), Cards(action.cards))
            if isinstance(action, Discard)
            else Ruff(Atom(action.player), declined=True)
        )
        sections.insert(index + 1, ruff)
    elif isinstance(action, BidCards):
        index = next(i for i, s in enumerate(sections) if isinstance(s, Bids))
        bids = sections[index]
        assert isinstance(bids, Bids)
        entry = BidEntry(Atom(action.player), Cards(action.cards), action.minus)
        sections[index] = replace(bids, entries=(*bids.entries, entry))
    elif isinstance(action, Choose):
        index = next(i for i, s in enumerate(sections) if isinstance(s, Bids))
        words = action.words.split()
        trump = (NT if words[1] == "NT" else parse_suit(words[1])) if words[0] == "trump" else None
        mode = next((Mode(w) for w in words if w in ("atas", "bawah")), None)
        adjust = int(words[-1]) if "adjust" in words else None
        assert isinstance(state, TrufState)
        assert state.contract is not None
        winner = state.contract.winner
        written = Contract(
            winner,
            None if trump is None else Atom(trump),
            None if mode is None else Atom(mode),
            None if adjust is None else Atom(adjust),
        )
        sections.insert(index + 1, written)
    else:
        assert isinstance(action, PlayCard)
        assert isinstance(state, TrickGame)
        assert state.table is not None
        table = state.table
        index = next(i for i, s in enumerate(sections) if isinstance(s, Play))
        play = sections[index]
        assert isinstance(play, Play)
        tricks = list(play.tricks)
        size = len(state.players)
        if tricks and len(tricks[-1].cards) < size:
            last = tricks.pop()
            players = [a.value for a in last.players] or list(
                table.order(last.leader.value)[: len(last.cards)]
            )
            cards, acks = last.cards.cards, last.cards.acks
        else:
            players, cards, acks = [], (), frozenset()
        if action.acknowledged:
            acks |= {len(cards)}
        players.append(action.player)
        number = Atom(len(tricks) + 1)
        tricks.append(
            Trick(
                number,
                Atom(players[0]),
                Cards((*cards, action.card), acks=acks),
                tuple(Atom(p) for p in players),
            )
        )
        sections[index] = replace(play, tricks=tuple(tricks))
    return with_deal(game, replace(deal, sections=tuple(sections)))


def round_pot_only(deal: Deal, won: dict[str, int]) -> Deal:
    """A Tromplemond round whose pot line says what the round's pot paid, without a settlement."""
    line = Pot(tuple(Figure((p,), won[p]) for p in won))
    return replace(deal, sections=tuple(line if isinstance(s, Pot) else s for s in deal.sections))


def tromplemond_sections(
    state: TromplemondState, sections: list[Section], action: Action
) -> list[Section]:
    """A Tromplemond round's sections with ``action`` written: a claim at the end of the
    claims, a slip or choice in the vote or decision in progress (closed once it has all of
    them), a cut card with those already cut once every cutter has cut (or one who may not)."""
    stage = state.stage
    if isinstance(action, Choose) and action.words.split()[0] in (
        "early-reveal",
        "misdeal",
        "bribe",
    ):
        return irregularity_sections(sections, action.words, bool(state.claims))
    if isinstance(action, Choose) and action.words.split()[0] in ("votes", "decide"):
        kind = Votes if action.words.startswith("votes") else Decide
        words = action.words.split()[1:]
        return [
            *sections,
            kind(tuple(Slip(Atom(t), count=int(n)) for t, n in zip(words[::2], words[1::2]))),
        ]
    if isinstance(action, Claim) and state.phase != "claims":
        entry = HandEntry(Atom(action.player), Cards(action.cards))
        last = sections[-1]
        if isinstance(last, Claims) and action.player not in [e.player.value for e in last.entries]:
            return [*sections[:-1], Claims((*last.entries, entry))]
        return [*sections, Claims((entry,))]
    if isinstance(action, Claim):
        claims = next((s for s in sections if isinstance(s, Claims)), None)
        entry = HandEntry(Atom(action.player), Cards(action.cards))
        if claims is None:
            return [*sections, Claims((entry,), incomplete=True)]
        entries = (*claims.entries, entry)
        sections[sections.index(claims)] = Claims(
            entries, incomplete=len(entries) < len(state.players)
        )
        return sections
    if isinstance(action, Choose) and action.words == "abstain":
        return vote_sections(state, sections, None, action.player)
    if isinstance(action, Choose) and action.words.startswith("off "):
        return [*sections, Off(Atom(action.words.removeprefix("off ")))]
    if isinstance(action, Choose):
        phrase = action.words.removeprefix('tromp "').removesuffix('"')
        return (
            sections if action.words == "pass" else [*sections, Tromp(Atom(action.player), phrase)]
        )
    if isinstance(action, Vote):
        return vote_sections(state, sections, action.target, action.player)
    assert isinstance(action, PlayCard)
    assert state.phase == "cut"
    cut = dict(state.pending, **{action.player: action.card})
    if set(cut) >= set(stage.pool) or action.player not in stage.pool:
        sections.append(
            Cut(tuple(Atom(p) for p in cut), Cards(tuple(cast(Card, c) for c in cut.values())))
        )
    return sections


def irregularity_sections(sections: list[Section], words: str, claimed: bool) -> list[Section]:
    """A Tromplemond round's sections with the irregularity of the table's ``words``: a
    dealer's error after the dealer before any claim is ``claimed``, as the sample records
    write it, the others at the end."""
    keyword, *rest = words.split()
    if keyword == "misdeal" and not claimed:
        return [*sections[:1], Misdeal(tuple(rest)), *sections[1:]]
    if keyword == "misdeal":
        return [*sections, Misdeal(tuple(rest))]
    if keyword == "early-reveal":
        return [*sections, EarlyReveal(Atom(rest[0]), tuple(rest[1:]))]
    name = rest[0].removesuffix("!")
    return [*sections, Bribe(Atom(name, ack=name != rest[0]))]


def vote_sections(
    state: TromplemondState, sections: list[Section], target: str | None, voter: str
) -> list[Section]:
    """A Tromplemond round's sections with a slip (a blank one, an abstention: ``target``
    None) or choice of ``voter`` in the vote or decision in progress, closed once every voter
    has acted, as the referee writes them."""
    kind = Votes if state.phase == "votes" else Decide
    needed = len(state.players) if kind is Votes else len(state.stage.deciders)
    last = sections[-1]
    slips = last.entries if type(last) is kind and last.incomplete else ()
    if slips:
        sections.pop()
    slips += (Slip(None if target is None else Atom(target), Atom(voter)),)
    acted = len(state.pending) + (voter not in state.pending)
    sections.append(kind(slips, incomplete=acted < needed))
    return sections


def assert_agree(state: GameState, candidates: list[Action]) -> None:
    """Each candidate is legal for the referee exactly when the validator accepts it."""
    for action in candidates:
        assert state.is_legal(action) == validator_accepts(append(state, action)), (
            action,
            state.why_not(action),
        )


def play_candidates(state: GameState, rng: random.Random) -> list[Action]:
    """Each card of the hand of each player who may play, and three of them as the table
    acknowledges them (``!``: a revoke or an early trump let stand)."""
    plays = [PlayCard(p, c) for p in state.to_act for c in state.hand(p)]
    acknowledged = [
        PlayCard(a.player, a.card, acknowledged=True) for a in rng.sample(plays, min(3, len(plays)))
    ]
    return [*plays, *acknowledged]


TM_READINGS = {
    "claim-order": ("clockwise", "free"),
    "max-revotes": ("0", "1", "2"),
    "cut-loser": ("lowest", "highest"),
    "cut-participants": ("tied-only", "all"),
    "two-way-disagreement": ("card-cut", "revote-all", "revote-others"),
    "max-rounds": ("1", "3"),
    "target-points": ("40", "200"),
    "tie-scope": ("first-place", "any-tie"),
    "extra-round-max": ("0", "1"),
    "betting": ("off", "joining-fee", "tromp"),
    "allow-abstain": ("no", "yes"),
    "early-reveal-mode": (
        "offender-as-voted-off",
        "offender-zero-but-hand-counts",
        "vote-still-held",
    ),
    "dealer-error-mode": ("as-voted-off", "zero-but-vote-held", "redeal-only"),
    "extreme-pot": ("rest-of-game", "left-at-end"),
    "tromp-winners": ("independent", "round-winner"),
}


def tm_candidates(state: GameState, rng: random.Random) -> list[Action]:
    """The actions to try at this point of a Tromplemond round: claims by every player yet to
    claim (in and out of turn, of two cards, naming a card twice or one outside the pack),
    every slip and choice of those yet to vote (and abstentions, under allow-abstain=yes), the
    table's counts of a vote or decision (right, wrong, of the other kind), the naming of who
    goes off after a vote nobody voted in, cuts by the cutters and by the others, claims
    repeated between the steps of the vote, TROMP! calls and passes, the irregularities the
    table may state (an early reveal, a dealer's error, a bribe, with their flags) and the
    next deal by every player.  Irregularities are tried between the steps of the vote (the
    referee takes none while a step is in progress), early reveals only until the vote is
    decided (a reveal after it is no longer early, though a record may write one) and none once
    the round is scored."""
    assert isinstance(state, TromplemondState)
    phase, players = state.phase, state.players
    if phase == "end":
        return [NextDeal(p) for p in players]
    found = tm_table_candidates(state, rng)
    if phase == "claims":
        for player in players:
            if player in state.claims:
                continue
            listed = [a for a in state.legal_actions(state.to_act[0]) if isinstance(a, Claim)]
            cards = listed[rng.randrange(len(listed))].cards
            found += [
                Claim(player, cards),
                Claim(player, cards[:2]),
                Claim(player, (cards[0], cards[0], parse_card("9C"))),
            ]
        return found
    if phase in ("votes", "decide"):
        waiting = [p for p in players if p not in state.pending]
        abstentions = (
            [Choose(p, "abstain") for p in waiting] if phase == "votes" and state.abstain else []
        )
        return found + [Vote(p, t) for p in waiting for t in (*players, "Zoe")] + abstentions
    if phase == "off":
        return found + [Choose(p, f"off {t}") for p in players for t in (*players, "Zoe")]
    if phase == "calls":
        words = ("pass", 'tromp "Grand Tromplemond!"', 'tromp "Petit Tromplemond!"')
        return found + [Choose(p, w) for p in state.to_act for w in words]
    return found + [PlayCard(p, rng.choice(FULL_PACK)) for p in players if p not in state.pending]


def tm_table_candidates(state: TromplemondState, rng: random.Random) -> list[Action]:
    """The table's statements to try between the steps of a Tromplemond round (by a random
    player, as any may make them), the claims repeated in the interrogation and, in a game
    without TROMP! betting, the calls that win nothing."""
    if state.pending:
        return []
    players, phase = state.players, state.phase
    by = rng.choice(players)
    named = (*players, "Zoe")
    words = (
        [
            f"early-reveal {p}{f}"
            for p in named
            for f in ("", " intentional", " void", " intentional void")
        ]
        if phase != "calls"
        else []
    )
    words += (
        ["misdeal", "misdeal waived", "misdeal before-public"]
        + [f"bribe {p}" for p in named]
        + [f"bribe {rng.choice(players)}!"]
    )
    if phase in ("votes", "decide"):
        voters = list(state.irregular.voters)
        slips = [rng.choice([t for t in voters if t != v]) for v in voters]
        counts = {t: slips.count(t) for t in voters if t in slips}
        right = " ".join(f"{t} {n}" for t, n in counts.items())
        pool = state.stage.pool
        words += [
            f"votes {right}",
            f"votes {voters[0]} {len(voters)}",
            f"votes {right} Zoe 1",
            f"decide {right}",
        ]
        words += [f"decide {pool[0]} 2", f"decide {pool[0]} 1 {pool[-1]} 1", f"decide {pool[0]} 1"]
    found: list[Action] = [Choose(by, w) for w in words]
    if not state.betting:
        found += [Choose(p, 'tromp "Petit Tromplemond!"') for p in players if p not in state.calls]
    if phase in ("votes", "decide", "cut", "off"):
        claimed = state.claims
        found += [Claim(p, claimed[p]) for p in players] + [Claim(by, claimed[by][:2])]
    return found
