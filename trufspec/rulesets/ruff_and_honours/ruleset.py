"""The ruff-and-honours ruleset: the replay of a game to nine, hand by hand.

Each hand is checked in the game's order: the dealer (RH106), the deal, the stock and the ruff
(:mod:`.deal`), the play through the shared trick replay under this game's clauses, the tricks
and honours per team, the score (:mod:`.scoring`), the running totals and the end of the game.
The clauses are in :mod:`.clauses`, the readings of the source's unclear points in
:mod:`.options`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from attrs import evolve

from trufspec.cards import Card
from trufspec.engine.findings import Findings
from trufspec.engine.ruleset import DealOutcome, GameOutcome, Ruleset
from trufspec.engine.totals import RunningTotals
from trufspec.engine.tricks import TrickRules, replay_play
from trufspec.records import Deal, Dealer, Game, Honours, Play, Score, Total, Tricks
from trufspec.rulesets.ruff_and_honours.deal import HAND_SIZE, Setup, set_up
from trufspec.rulesets.ruff_and_honours.game import GAME
from trufspec.rulesets.ruff_and_honours.scoring import TESTED, honours_in, score_hand
from trufspec.rulesets.ruff_and_honours.teams import Teams, seat_left
from trufspec.spec.options import Readings

__all__ = [
    "RUFF_AND_HONOURS",
    "TRICK_RULES",
    "dealer_of",
    "decider",
    "honours_of",
    "teams_at_target",
    "wrong_dealer",
]

TRICK_RULES = TrickRules(
    first_leader="RH301",
    next_leader="RH302",
    follow_suit="RH303",
    card_held="RH304",
    one_card_each="RH305",
    trick_count="RH307",
    trick_winner="RH306",
    turn_order="RH309",
    enforce_order="clockwise",
)
"""Play in Ruff and Honours: any card may be led (RH308, so no trump-lead clause), the others
follow to the left."""


def dealer_of(
    deal: Deal, number: int, previous: str | None, seats: Sequence[str], findings: Findings
) -> str | None:
    """RH101, RH106: who deals this hand.  The record's dealer is the one in force: a wrong
    dealer is a fault after which the hand (its first lead, a ruff by the dealer) follows the
    table's own course."""
    section = deal.find(Dealer)
    if section is None:
        if previous is None:
            findings.unchecked("who leads the first trick (the dealer is not recorded)")
            return None
        return seat_left(seats, previous)
    written = section.player.value
    findings.judge("RH101" if previous is None else "RH106")
    if previous is not None and (expected := wrong_dealer(written, previous, seats)) is not None:
        findings.fault(
            "RH106",
            section.player.span,
            ack=section.player.ack,
            number=number,
            written=written,
            expected=expected,
            previous=previous,
        )
    return written


def wrong_dealer(written: str, previous: str, seats: Sequence[str]) -> str | None:
    """RH106: who should deal after ``previous`` instead of ``written`` (the player on their
    left), or None when ``written`` is that player; the record check and the live referee
    both ask it."""
    expected = seat_left(seats, previous)
    return None if written == expected else expected


def honours_of(
    setup: Setup, teams: Teams, play_hands: dict[str, list[Card]] | None, options: Readings
) -> dict[str, int] | None:
    """RH403: each team's honours on the basis of RH-A6, or None when the record cannot show them."""
    trump = setup.trump
    if trump is None:
        return None
    basis = options["honours-basis"]
    if basis == "held-after-ruff":
        hands = setup.held if setup.held is not None else play_hands
    else:
        hands = setup.dealt
    if hands is None:
        return None
    counts = dict.fromkeys(teams.names, 0)
    for player, cards in hands.items():
        counts[teams.of(player)] += honours_in(cards, trump)
    if basis == "as-dealt-plus-ruff-gain" and setup.ruffer is not None:
        counts[teams.of(setup.ruffer)] += honours_in(list(setup.stock), trump)
    return counts


def _played_hands(play: Play, seats: Sequence[str]) -> dict[str, list[Card]]:
    """The hands at the first lead as a complete play shows them: what each player played.
    Honours held after the ruff are counted in these when the record leaves the discards out."""
    hands: dict[str, list[Card]] = {seat: [] for seat in seats}
    for trick in play.tricks:
        start = seats.index(trick.leader.value) if trick.leader.value in seats else 0
        for index, card in enumerate(trick.cards):
            player = (
                trick.players[index].value
                if trick.by_player
                else seats[(start + index) % len(seats)]
            )
            hands.setdefault(player, []).append(card)
    return hands


def decider(
    teams: Teams, before: Mapping[str, int], options: Readings
) -> Callable[[Mapping[str, int]], bool]:
    """RH-A9b read as ``when-decided``: whether the tricks won so far (per player) bring a
    team's trick points, one per trick over six, to the target, which ends the hand."""
    target = options.integer("target-points")

    def decided(won: Mapping[str, int]) -> bool:
        taken = dict.fromkeys(teams.names, 0)
        for player, count in won.items():
            taken[teams.of(player)] += count
        return any(before[team] + max(taken[team] - 6, 0) >= target for team in teams.names)

    return decided


def _check_figures(
    deal: Deal,
    kind: type[Tricks],
    computed: dict[str, int] | None,
    teams: Teams,
    code: str,
    findings: Findings,
    played_out: bool,
    **values: Any,
) -> dict[str, int] | None:
    """A restated line (tricks, honours) against the computed figures; the figures in force.
    A tricks line that names one team gives the other the rest of the twelve tricks when every
    hand is played out (``played_out``)."""
    section = deal.find(kind)
    written = teams.figures(section)
    if computed is not None:
        if section is not None:
            findings.judge(code)
            for figure in section.entries:
                team = teams.named(figure)
                if team is not None and figure.value != computed[team]:
                    findings.add(
                        code,
                        figure.span,
                        ack=figure.ack,
                        team=team,
                        expected=computed[team],
                        written=figure.value,
                        **values,
                    )
        return computed
    if section is None:
        return None
    if kind is Honours:
        return {team: written.get(team, 0) for team in teams.names}
    if len(written) == 1 and played_out:
        ((team, value),) = written.items()
        other = next(t for t in teams.names if t != team)
        written[other] = HAND_SIZE - value
    return written if set(written) == set(teams.names) else None


def _replay_hand(
    deal: Deal,
    seats: Sequence[str],
    dealer: str | None,
    teams: Teams,
    before: dict[str, int] | None,
    options: Readings,
    findings: Findings,
) -> DealOutcome:
    """Replay one hand; its scores (recomputed, or as recorded where they cannot be), with the
    trump turned up and the tricks each team took.  The game has no bidding: no contract, no
    mode."""
    teams.check_sides(deal, findings)
    setup = set_up(deal, seats, dealer, options, findings)
    play = deal.find(Play)
    won: dict[str, int] | None = None
    play_hands: dict[str, list[Card]] | None = None
    if play is not None:
        leader = seat_left(seats, dealer) if dealer is not None else None
        if setup.trump is None:
            findings.unchecked("trumps in the play (the trump suit is not known)")
        elif leader is not None:
            # Leads are free (RH308) and the trick goes by trumps and then rank (RH003).
            findings.judge("RH003", "RH308")
        expected, decided = HAND_SIZE, None
        if options["hand-end"] == "when-decided":
            if before is None:
                # Where the hand ends depends on the totals before it: take the play as it stops.
                findings.unchecked("where the hand ends (the totals before it are not known)")
                expected = min(HAND_SIZE, len(play.tricks)) or HAND_SIZE
            else:
                decided = decider(teams, before, options)
        outcome = replay_play(
            play, seats, setup.held, leader, setup.trump, TRICK_RULES, findings, expected, decided
        )
        if outcome.complete:
            findings.judge("RH004")
            won = dict.fromkeys(teams.names, 0)
            for player, count in outcome.won.items():
                won[teams.of(player)] += count
            if sum(won.values()) == HAND_SIZE:  # a hand stopped early shows only part of each hand
                play_hands = _played_hands(play, seats)
        else:
            findings.unchecked("the tricks taken (the play is not complete)")
    played_out = options["hand-end"] == "all-tricks"
    taken = _check_figures(deal, Tricks, won, teams, "RH401", findings, played_out)
    honours = _check_figures(
        deal,
        Honours,
        honours_of(setup, teams, play_hands, options),
        teams,
        "RH403",
        findings,
        played_out,
        basis=options["honours-basis"],
    )
    written = deal.find(Score)
    recorded = teams.figures(written)
    trump = None if setup.trump is None else str(setup.trump)
    if taken is None or honours is None or before is None:
        if taken is None:
            findings.unchecked("the scores (neither the play nor the tricks taken are recorded)")
        elif honours is None:
            findings.unchecked("the scores (the honours are not known)")
        return DealOutcome(
            recorded if set(recorded) == set(teams.names) else None, trump=trump, tricks=taken
        )
    scores = score_hand(taken, honours, before, options)
    if written is not None:
        for figure in written.entries:
            team = teams.named(figure)
            if team is not None:
                findings.judge(*TESTED[scores[team].clause])
            if team is None or figure.value == scores[team].points:
                continue
            result = scores[team]
            findings.add(
                result.clause,
                figure.span,
                ack=figure.ack,
                team=team,
                taken=taken[team],
                honours=honours[team],
                expected=result.points,
                working=result.working,
                written=figure.value,
            )
    return DealOutcome(
        {team: result.points for team, result in scores.items()}, trump=trump, tricks=taken
    )


def replay(game: Game, options: Readings, findings: Findings, skip: frozenset[int]) -> GameOutcome:
    """Replay a ruff-and-honours game hand by hand, up to the first team to reach the target."""
    seats = game.players
    if len(seats) != 4:
        span = next((t.span for t in game.tags if t.name == "Players"), game.span)
        findings.add("RH001", span, problem=f"this game has {len(seats)} players")
        return GameOutcome(tuple(DealOutcome() for _ in game.deals))
    teams = Teams(seats)
    teams.check_tag(game, findings)
    totals = RunningTotals(teams.names, "RH407")
    outcomes: list[DealOutcome] = []
    dealer: str | None = None
    winners: tuple[str, ...] = ()
    won_in = 0
    won_totals: Mapping[str, int] = {}
    for index, deal in enumerate(game.deals):
        number = deal.number.value
        if winners:
            findings.add(
                "RH502",
                deal.span,
                number=number,
                team=winners[0],
                total=won_totals[winners[0]],
                won=won_in,
            )
        dealer = dealer_of(deal, number, dealer, seats, findings)
        if index in skip:
            findings.add("REC016", deal.span, kind=deal.kind, number=number)
            outcomes.append(
                DealOutcome(
                    None, totals.add(None, teams.in_seating_order(deal.find(Total)), findings)
                )
            )
            continue
        played = _replay_hand(deal, seats, dealer, teams, totals.totals, options, findings)
        running = totals.add(
            played.scores,
            teams.in_seating_order(deal.find(Total)),
            findings,
            teams.in_seating_order(deal.find(Score)),
        )
        findings.close_deal(deal.kind, number, deal.span)
        outcomes.append(evolve(played, totals=running))
        if not winners and running is not None:
            reached = teams_at_target(teams, running, options)
            if reached:
                winners, won_in, won_totals = reached, index + 1, running
    if winners:
        findings.judge("RH502")
    _check_winner(game, winners, outcomes, won_in, findings)
    return GameOutcome(tuple(outcomes), winners)


def teams_at_target(teams: Teams, totals: Mapping[str, int], options: Readings) -> tuple[str, ...]:
    """RH502: the teams whose totals reach the target, which ends the game."""
    target = options.integer("target-points")
    return tuple(team for team in teams.names if totals[team] >= target)


def _check_winner(
    game: Game,
    winners: tuple[str, ...],
    outcomes: list[DealOutcome],
    won_in: int,
    findings: Findings,
) -> None:
    """RH501: a ``Winner`` tag names the first team to reach the target."""
    written = game.tag("Winner")
    if written is None or not winners:
        return
    findings.judge("RH501")
    totals = outcomes[won_in - 1].totals or {}
    if set(written.replace(" and ", " ").split()) != set(winners):
        span = next(t.span for t in game.tags if t.name == "Winner")
        findings.add(
            "RH501",
            span,
            expected=" and ".join(winners),
            total=totals.get(winners[0]),
            written=written,
        )


RUFF_AND_HONOURS = Ruleset(GAME.id, GAME.title, GAME.source.id, replay, deal_word=GAME.deal_word)
