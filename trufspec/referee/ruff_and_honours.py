"""Ruff and Honours at the table: four players in two partnerships, a game to nine.

A hand goes through ``ruff`` (the player the rules entitle to the stock takes it and sets
four cards aside, or, under ``ruff=optional``, declines it), ``play`` (clockwise, any card
may be led) and ``end`` (scored; the player to the left of the dealer deals the next hand).
The game is ``over`` once a team's total reaches the target.

Every judgement is the ruleset's: the ruff by ``set_up`` on the record of the hand so
far (who is entitled, which cards may be set aside), the hands at the first lead from the
same, the dealer by ``wrong_dealer``, the play by the shared trick mechanics under the ruleset's
``TRICK_RULES``, the end of a hand won on tricks by ``decider`` (under
``hand-end=when-decided``), the honours by ``honours_of``, the scores by ``score_hand`` and
the end of the game by ``teams_at_target``.  Scores and totals are kept per team, named as the
records name them (``Ana+Citra``).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Mapping, Sequence

from mypy_extensions import mypyc_attr

from trufspec.cards import Card, Rank, parse_card
from trufspec.diagnostics import Diagnostic
from trufspec.engine.findings import Breach
from trufspec.engine.tricks import TrickPlay
from trufspec.records import (
    Atom,
    Cards,
    Deal,
    Dealer,
    Figure,
    HandEntry,
    Hands,
    Honours,
    Play,
    Ruff,
    Score,
    Section,
    Stock,
    Total,
    Tricks,
    replace,
)
from trufspec.referee.actions import Action, Choose, Discard, NextDeal, PlayCard
from trufspec.referee.errors import Refused, refusal
from trufspec.referee.state import (
    Setup,
    already_made,
    clause_diagnostic,
    deal_pack,
    first_error,
    hand_order,
    left_over,
)
from trufspec.referee.tricks import TrickGame, played
from trufspec.rulesets.ruff_and_honours import deal as dealing
from trufspec.rulesets.ruff_and_honours.ruleset import (
    TRICK_RULES,
    decider,
    honours_of,
    teams_at_target,
    wrong_dealer,
)
from trufspec.rulesets.ruff_and_honours.scoring import score_hand
from trufspec.rulesets.ruff_and_honours.teams import Teams, seat_left

__all__ = ["RuffAndHonoursState"]

DECLINE = "declines"


@mypyc_attr(native_class=False)
class RuffAndHonoursState(TrickGame):
    """A game of Ruff and Honours (see the module's documentation)."""

    ruleset = "ruff-and-honours"

    def __init__(self, setup: Setup) -> None:
        if len(setup.players) != 4:
            raise Refused(
                [
                    clause_diagnostic(
                        "RH001", {"problem": f"this game has {len(setup.players)} players"}
                    )
                ]
            )
        super().__init__(setup)
        self.teams = Teams(setup.players)
        self.totals = dict.fromkeys(self.teams.names, 0)
        self._start_hand(setup.dealer or setup.players[0])

    def _start_hand(self, dealer: str) -> None:
        players, number = self.players, self.deal_number
        self.dealer = dealer
        if number <= len(self.setup.hands):
            self.dealt = {p: tuple(self.setup.hands[number - 1][p]) for p in players}
            self.stock = left_over(self.setup, number)
        else:
            cards = deal_pack(self.setup.seed, number)
            size = dealing.HAND_SIZE
            self.dealt = {
                p: hand_order(cards[i * size : (i + 1) * size]) for i, p in enumerate(players)
            }
            self.stock = tuple(cards[len(players) * size :])
        self.trump = self.stock[0].suit
        found = dealing.entitled(self.dealt, self.trump, self.stock, dealer)
        assert found is not None  # every hand is known
        self.ruffer = found[0]
        self.ruff: Ruff | None = None
        self.table: TrickPlay | None = None
        self._phase = "ruff"

    # ------------------------------------------------------------------ the state

    @property
    def to_act(self) -> tuple[str, ...]:
        if self._phase == "ruff":
            return (self.ruffer,)
        if self._phase == "play":
            assert self.table is not None
            return self.table.to_act()
        if self._phase == "end":
            return (seat_left(self.players, self.dealer),)
        return ()

    def public_holders(self) -> Mapping[Card, str]:
        """The ace of trumps, when a player other than the dealer is to ruff or ruffed: only
        its holder may (RH104), so everyone knows where it is (the dealer ruffs also when it
        is in the stock, which tells less)."""
        if self.ruffer == self.dealer:
            return {}
        return {Card(Rank.ACE, self.trump): self.ruffer}

    def side(self, player: str) -> str:
        return self.teams.of(player)

    def hand(self, player: str) -> tuple[Card, ...]:
        """The cards ``player`` holds now: while the ruffer sets cards aside, the ruffer holds
        the stock they took up with their hand (the source: the holder "gets all 4 cards" and
        then discards)."""
        if self._phase == "ruff" and player == self.ruffer:
            return self.dealt[player] + self.stock
        return super().hand(player)

    @property
    def winners(self) -> tuple[str, ...]:
        return (
            teams_at_target(self.teams, self.totals, self.readings) if self._phase == "over" else ()
        )

    def legal_actions(self, player: str | None = None) -> Sequence[Action]:
        if self._phase == "play":
            assert self.table is not None
            return self._legal_plays(player)
        acting = [p for p in self.to_act if player is None or p == player]
        if self._phase == "end":
            return [NextDeal(p) for p in acting]
        if self._phase != "ruff" or not acting:
            return ()
        ruffer = self.ruffer
        pool = (
            self.dealt[ruffer]
            if self.readings["ruff-discard-from"] == "original-12"
            else self.dealt[ruffer] + self.stock
        )
        found: list[Action] = [
            Discard(ruffer, cards) for cards in itertools.combinations(pool, dealing.STOCK_SIZE)
        ]
        if self.readings["ruff"] == "optional":
            found.append(Choose(ruffer, DECLINE))
        return found

    # ------------------------------------------------------------------ judging and applying

    def why_not(self, action: Action) -> Diagnostic | None:
        player = action.player
        if player not in self.players:
            return clause_diagnostic("REC010", {"name": player, "players": " ".join(self.players)})
        phase, kind = self._phase, type(action)
        if phase == "play" and kind is PlayCard:
            assert isinstance(action, PlayCard) and self.table is not None
            return self._play_problem(action)
        if phase == "ruff" and (kind is Discard or (kind is Choose and str(action) == DECLINE)):
            breaches = self._judge_ruff(action)[1]
            return first_error([clause_diagnostic(p.code, p.values) for p in breaches])
        if phase == "end" and kind is NextDeal:
            expected = wrong_dealer(player, self.dealer, self.players)
            if expected is None:
                return None
            return clause_diagnostic(
                "RH106",
                {
                    "number": self.deal_number + 1,
                    "written": player,
                    "expected": expected,
                    "previous": self.dealer,
                },
            )
        return self._not_now(action, "hand")

    def _do(self, action: Action) -> None:
        if type(action) is PlayCard:
            assert isinstance(action, PlayCard) and self.table is not None
            table = self.table
            table.play(action.player, action.card, action.acknowledged)
            if not table.current and (table.over or self._decided(table)):
                self._score()
        elif type(action) is NextDeal:
            self.deal_number += 1
            self._start_hand(action.player)
        else:
            self.ruff = _ruff_of(action)
            held = self._judge_ruff(action)[0]
            assert held is not None  # the table knows every hand
            ruffer = None if self.ruff.declined else action.player
            dealt = {p: list(cards) for p, cards in self.dealt.items()}
            self._setup = dealing.Setup(self.trump, dealt, held, ruffer, self.stock)
            leader = seat_left(self.players, self.dealer)
            self.table = TrickPlay(
                self.players, TRICK_RULES, self.trump, held, leader, dealing.HAND_SIZE
            )
            self._phase = "play"

    def _judge_ruff(self, action: Action) -> tuple[dict[str, list[Card]] | None, list[Breach]]:
        """The ruff ``action`` (a discard, or declining) as the ruleset judges it, with the
        hands at the first lead."""
        discards = action.cards if isinstance(action, Discard) else None
        declined = discards is None
        return dealing.judge_ruff(
            action.player, declined, discards, self.dealt, self.stock, self.dealer, self.readings
        )

    def _decided(self, table: TrickPlay) -> bool:
        """Under ``hand-end=when-decided``, whether the tricks so far end the hand."""
        return self.readings["hand-end"] == "when-decided" and decider(
            self.teams, self.totals, self.readings
        )(table.won)

    def _score(self) -> None:
        assert self.table is not None
        teams = self.teams
        taken = dict.fromkeys(teams.names, 0)
        for player, count in self.table.won.items():
            taken[teams.of(player)] += count
        honours = honours_of(self._setup, teams, None, self.readings)
        assert honours is not None
        scores = {
            team: s.points
            for team, s in score_hand(taken, honours, self.totals, self.readings).items()
        }
        for team, points in scores.items():
            self.totals[team] += points
        self.scores.append(scores)
        figures = ((Tricks, taken), (Honours, honours), (Score, scores), (Total, dict(self.totals)))
        record = self._hand_record(self.ruff, self.table.record(), figures)
        self.finished.append(already_made(record))
        self._phase = "over" if teams_at_target(teams, self.totals, self.readings) else "end"

    # ------------------------------------------------------------------ records

    def _hand_record(
        self,
        ruff: Ruff | None,
        play: Play | None = None,
        figures: Sequence[tuple[type[Tricks], dict[str, int]]] = (),
        player: str | None = None,
    ) -> Deal:
        """The record of the hand: the deal, the stock and what is given of the ruff and the
        play; as ``player`` sees it when one is given (the other hands, the stock but its
        turned card and the discards of another player left out).  The ruffer sees the whole
        stock from the start of the ruff: it is offered to them, and they take it up (under
        ``ruff=optional`` too, where the cards they may set aside are among it)."""
        shown = self.players if player is None else (player,)
        hands = Hands(
            tuple(HandEntry(Atom(p), Cards(self.dealt[p])) for p in shown),
            incomplete=player is not None,
        )
        stock = self.stock if player in (None, self.ruffer) else self.stock[:1]
        sections: list[Section] = [Dealer(Atom(self.dealer)), hands, Stock(Cards(stock))]
        if ruff is not None:
            hidden = player is not None and player != ruff.player.value
            sections.append(replace(ruff, discards=None) if hidden else ruff)
        if play is not None:
            sections.append(play if not figures else replace(play, incomplete=False))
        for kind, values in figures:
            sections.append(
                kind(
                    tuple(Figure(tuple(team.split("+")), values[team]) for team in self.teams.names)
                )
            )
        return Deal("deal", Atom(self.deal_number), tuple(sections))

    @classmethod
    def written_undealt(cls, deal: Deal) -> tuple[Card, ...]:
        """The stock as the record writes it; a deal without one is refused (REF003): its
        turned card makes trumps, and the cards no hand holds do not say which it was."""
        section = deal.find(Stock)
        if section is None or not section.cards.cards:
            raise Refused(
                [
                    refusal(
                        "REF003",
                        f"{deal.kind} {deal.number.value} does not give the stock, whose turned card makes trumps, so it cannot be played on",
                    )
                ]
            )
        return section.cards.cards

    def current_deal(self, player: str | None = None) -> Deal | None:
        if self._phase in ("end", "over"):
            return None
        return self._hand_record(
            self.ruff, None if self.table is None else self.table.record(), (), player
        )

    def _action(self, player: str, words: str) -> Action:
        text = " ".join(words.split())
        try:
            if self._phase == "play":
                return played(player, text)
            if self._phase == "ruff" and text.startswith("discards "):
                return Discard(player, tuple(parse_card(w) for w in text.split()[1:]))
        except ValueError:
            pass
        if self._phase == "ruff" and text == DECLINE:
            return Choose(player, DECLINE)
        if self._phase == "end" and text == "deal":
            return NextDeal(player)
        raise Refused([refusal("REF001", f"'{words}' is not an action of the {self._phase}")])

    def record_actions(self, deal: Deal) -> Iterator[Action]:
        ruff = deal.find(Ruff)
        if ruff is not None:
            if ruff.declined:
                yield Choose(ruff.player.value, DECLINE)
            elif ruff.discards is None:
                raise Refused(
                    [
                        refusal(
                            "REF003",
                            f"hand {self.deal_number} does not give the cards the ruffer set aside",
                        )
                    ]
                )
            else:
                yield Discard(ruff.player.value, ruff.discards.cards)
        yield from self._played(deal)


def _ruff_of(action: Action) -> Ruff:
    """The record's ruff line of a ruff action."""
    if isinstance(action, Discard):
        return Ruff(Atom(action.player), Cards(action.cards))
    return Ruff(Atom(action.player), declined=True)
