"""Games resumed from records, and hands given to a new game checked as the validator would.

A record is resumed by checking it with the validator (a record that breaks a rule is
refused with its diagnostics) and then applying, through the referee, the actions its deals
show: the state reached is the one the table reached, and it goes on from there.  A record
given as a value is checked and replayed as it is, never printed to be read again; text is
read once.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from trufspec.cards import Card
from trufspec.diagnostics import Diagnostic, Severity
from trufspec.notation.parse import parse_text
from trufspec.records import Deal, Dealer, Game
from trufspec.referee.actions import NextDeal
from trufspec.referee.errors import Refused, refusal
from trufspec.referee.state import GameState, Setup
from trufspec.spec.options import parse_options
from trufspec.spec.registry import default_registry
from trufspec.validator.judge import check_games, check_parsed
from trufspec.validator.report import FileReport

__all__ = ["resume", "check_hands", "validator_errors"]


def validator_errors(games: Sequence[Game]) -> list[Diagnostic]:
    """The errors ``trufspec check`` finds in games made as values."""
    return _errors(check_games(games))


def _errors(report: FileReport) -> list[Diagnostic]:
    return [d for d in report.diagnostics if d.severity is Severity.ERROR]


def resume(record: Game | str, *, seed: int | str | None = None) -> GameState:
    """The state of the game a record shows (full, or cut at any action), to go on from.

    ``record`` is a :class:`~trufspec.records.Game` or the text of one game.  Its deals must
    give every hand; deals after those of the record are dealt from ``seed``.  A record that
    cannot be resumed (it breaks a rule, leaves out what the referee needs, or is not one game
    of a ruleset with a referee) is refused with REF003 and the diagnostics that say why.
    """
    from trufspec.referee import STATES

    if isinstance(record, str):
        read = parse_text(record)
        games: Sequence[Game] = read.games
        errors = _errors(check_parsed(read, record, "-"))
    else:
        games = (record,)
        errors = validator_errors(games)
    if errors:
        raise Refused(
            [refusal("REF003", "the record breaks the rules, so it cannot be resumed"), *errors]
        )
    if len(games) != 1:
        raise Refused(
            [refusal("REF003", f"a record of one game can be resumed; this one holds {len(games)}")]
        )
    game = games[0]
    state_class = STATES.get(game.ruleset or "")
    if state_class is None:
        raise Refused([refusal("REF003", f"there is no referee for the ruleset '{game.ruleset}'")])
    tag = game.tag("Options")
    chosen = (
        parse_options(tag, default_registry().options_of(state_class.ruleset))[0] if tag else {}
    )
    hands = [_hands(state_class, deal, game.players) for deal in game.deals]
    dealers = [_dealer(deal) for deal in game.deals]
    undealt = [state_class.written_undealt(deal) for deal in game.deals]
    setup = Setup.make(
        state_class.ruleset,
        game.players,
        chosen,
        seed,
        hands,
        dealers[0] if dealers else None,
        undealt,
    )
    state = state_class(setup)
    try:
        for index, deal in enumerate(game.deals):
            if index:
                dealer = dealers[index] or (state.to_act[0] if state.to_act else game.players[0])
                state.apply(NextDeal(dealer))
            for action in state.record_actions(deal):
                state.apply(action)
    except Refused as refused:
        raise Refused(
            [
                refusal("REF003", "the record cannot be replayed by the referee"),
                *refused.diagnostics,
            ]
        ) from None
    return state


def _dealer(deal: Deal) -> str | None:
    written = deal.find(Dealer)
    return None if written is None else written.player.value


def _hands(
    state_class: type[GameState], deal: Deal, players: tuple[str, ...]
) -> Mapping[str, tuple[Card, ...]]:
    given = state_class.written_hands(deal)
    if given is None or set(given) != set(players):
        raise Refused(
            [
                refusal(
                    "REF003",
                    f"{deal.kind} {deal.number.value} does not give every hand, so it cannot be played on",
                )
            ]
        )
    return given


def check_hands(state: GameState) -> None:
    """Refuse hands given to a new game that the rules of the deal do not allow, with the
    validator's diagnostics (each deal's hands checked as deal 1 of a record)."""
    for given in state.setup.hands:
        game = Game(tuple(state.setup.tags()), (state.given_deal(given),))
        errors = validator_errors([game])
        if errors:
            raise Refused(errors)
