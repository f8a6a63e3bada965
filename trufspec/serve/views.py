"""The views of a hosted game: what one seat, the table or a watcher is shown of it, the
current deal and the events of the actions applied.

Everything shown comes from the referee's own views (:meth:`GameState.last_deal` as a seat
sees it), never from the rows of the log: a seat is shown its deal as the referee shows it to
that seat, and a watcher what every seat is shown alike, which is what is public (no hand, no
sealed bid before the bids are shown; everything once the game is over).  The words of an
action are given to one who sees the deal only when they appear in what the action added to
that one's view of the deal (a card played, a contract chosen, the last bid that shows them
all), so they never say more than the record shown does.

Each piece is one deal long: the view and the events of a long game cost what those of a
short one do.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs
from attrs import frozen

from trufspec.api import dumps
from trufspec.jsonrecords.model import RecordDocument
from trufspec.records import Cards, Deal, Game, Tag, replace
from trufspec.referee import GameState
from trufspec.serve.models import GameEvent
from trufspec.serve.store import Logged
from trufspec.serve.work import record_out

__all__ = ["Viewer", "apply_logged", "end_event", "deal_view", "record_view"]


@frozen
class Viewer:
    """Who sees: a seat (``seat``), the table (``seat`` None) or a watcher (``public``)."""

    seat: str | None = None
    public: bool = False

    @property
    def sees_all(self) -> bool:
        """The table sees everything at any time."""
        return self.seat is None and not self.public


def _common(values: Sequence[Any]) -> Any:
    """The part of ``values`` (the same part of each seat's view) that every one of them shows;
    None when no part of it is shown to all."""
    first = values[0]
    if all(value == first for value in values[1:]):
        return first
    kind = type(first)
    if not attrs.has(kind) or any(type(value) is not kind for value in values):
        return None
    if kind is Cards:
        return Cards(tuple(card for card in first if all(card in value for value in values[1:])))
    changes: dict[str, Any] = {}
    for attribute in attrs.fields(kind):
        name = attribute.name
        parts = [getattr(value, name) for value in values]
        if all(part == parts[0] for part in parts[1:]):
            continue
        if name in ("entries", "sections"):
            changes[name] = _common_items(parts)
            if name == "entries" and any(a.name == "incomplete" for a in attrs.fields(kind)):
                changes["incomplete"] = True
        elif name == "incomplete":
            # Whole for one seat, in part for another (Tromplemond's secret rows after the
            # reveal, the player sent off seeing their own): what all see is a part.
            changes[name] = True
        elif any(part is None for part in parts):
            changes[name] = None
        else:
            common = _common(parts)
            if common is None:
                return None
            changes[name] = common
    return replace(first, **changes)


def _common_items(lists: Sequence[Sequence[Any]]) -> tuple[Any, ...]:
    """The items every list shows: place by place when the lists are as long, each as all of
    them show it; otherwise those found whole in every list."""
    if all(len(items) == len(lists[0]) for items in lists):
        shared = (_common(list(items)) for items in zip(*lists, strict=True))
        return tuple(item for item in shared if item is not None)
    return tuple(item for item in lists[0] if all(item in items for items in lists[1:]))


def deal_view(state: GameState, viewer: Viewer) -> Deal | None:
    """The current deal (the last one between deals and at the end) as ``viewer`` sees it."""
    if viewer.public and not state.is_game_over:
        deals = [state.last_deal(player) for player in state.players]
        if any(deal is None for deal in deals):
            return None
        common: Deal = _common(deals)
        return common
    return state.last_deal(viewer.seat)


def _tags(state: GameState) -> tuple[Tag, ...]:
    tags = state.setup.tags()
    if state.is_game_over and state.winners:
        tags.append(Tag("Winner", " ".join(state.winners)))
    return tuple(tags)


def record_view(state: GameState, viewer: Viewer, as_json: bool) -> str | RecordDocument:
    """The record of the current deal as ``viewer`` sees it, with the tags to read it."""
    deal = deal_view(state, viewer)
    return record_out(Game(_tags(state), () if deal is None else (deal,)), as_json)


def _lines(deal: Deal | None) -> list[str]:
    return [] if deal is None else dumps([Game((), (deal,))]).splitlines()


def _shown(words: str, before: list[str], after: list[str]) -> bool:
    """Whether ``words`` are written in a line that ``after`` has and ``before`` had not."""
    wanted = [word.rstrip("!") for word in words.split()]
    for line in after:
        if line in before:
            continue
        tokens = [token.rstrip("!:") for token in line.split()]
        for start in range(len(tokens) - len(wanted) + 1):
            if tokens[start : start + len(wanted)] == wanted:
                return True
    return False


def _number(state: GameState, deal: Deal | None) -> int:
    return state.deal_number if deal is None else deal.number.value


def apply_logged(
    state: GameState, logged: Logged, viewer: Viewer, record: bool, as_json: bool
) -> list[GameEvent]:
    """Apply the action ``logged`` to ``state`` (at the version before it) and say what
    ``viewer`` sees of it: the action, and the end of the deal and of the game when it ends
    them; with the current deal as the viewer sees it (``record``) in the action's event."""
    told = viewer.sees_all or viewer.seat == logged.seat
    before = None if told else deal_view(state, viewer)
    action = state.action(logged.seat, logged.action)
    state.apply(state.acknowledged(action) if logged.acknowledged else action)
    after = deal_view(state, viewer)
    applied = str(state.history[-1])
    known = (
        told
        or (viewer.public and state.is_game_over)
        or _shown(applied, _lines(before), _lines(after))
    )
    events = [
        GameEvent(
            kind="action",
            version=logged.version,
            deal=_number(state, after),
            phase=state.phase,
            to_act=list(state.to_act),
            seat=logged.seat,
            action=applied if known else None,
            record=record_view(state, viewer, as_json) if record else None,
        )
    ]
    if state.is_deal_over:
        events.append(
            GameEvent(
                kind="deal-end",
                version=logged.version,
                deal=_number(state, after),
                phase=state.phase,
                to_act=list(state.to_act),
                scores=dict(state.scores[-1]),
                totals=dict(state.totals),
            )
        )
    if state.is_game_over:
        events.append(end_event(state, logged.version))
    return events


def end_event(state: GameState, version: int) -> GameEvent:
    """The event of the end of the game (``state`` is over)."""
    return GameEvent(
        kind="game-end",
        version=version,
        deal=_number(state, state.last_deal()),
        phase=state.phase,
        to_act=[],
        totals=dict(state.totals),
        winners=list(state.winners),
    )
