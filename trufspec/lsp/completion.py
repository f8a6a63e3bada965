"""What completion offers where the cursor is.

In a tag's name, the tags; in the value of ``Ruleset``, the ruleset ids; in the value of
``Options``, the options of the game's ruleset and, after ``key=``, that option's values.  At
the start of a line, the section keywords and the players.  In a trick, the cards still in the
hand of the player to play, the legal ones first: the referee says which, from the record cut
at the cursor (a game resumes from its record cut at any action), so that the list is the
rules' own.  Anywhere else in a deal, the players' names.
"""

from __future__ import annotations

import re

from lsprotocol import types

from trufspec.cards import Card
from trufspec.lsp.around import around
from trufspec.lsp.hover import card_name
from trufspec.lsp.text import Document
from trufspec.lsp.vocabulary import KEYWORDS, TAGS
from trufspec.notation.chunks import SECTION_KEYWORDS
from trufspec.referee import PlayCard, Refused, resume
from trufspec.rulesets import RULESETS
from trufspec.spec.registry import default_registry

__all__ = ["complete"]

_TAG_NAME = re.compile(r"[ \t\ufeff]*\[[ \t]*[A-Za-z0-9_]*\Z")
_TAG_VALUE = re.compile(r'[ \t\ufeff]*\[[ \t]*([A-Za-z][A-Za-z0-9_]*)[ \t]*"([^"]*)\Z')
_FIRST_WORD = re.compile(r"[ \t]*[a-z-]*\Z")
_TRICK = re.compile(r"[ \t]*\d+\.[ \t]*(?:\"[^\"]*\"|[^\s:\"]+)[ \t]*:[^;{]*\Z")
"""A trick written in the leader form, up to the cursor: ``5. Budi: 9S``."""
_PARTIAL = re.compile(r"[^\s\"=,]*\Z")


def complete(document: Document, line: int, column: int) -> list[types.CompletionItem]:
    """The completions at character ``column`` of ``line`` (both 0-based)."""
    before = document.lines[line][:column]
    if _TAG_NAME.match(before):
        return [
            _item(name, types.CompletionItemKind.Property, meaning)
            for name, meaning in TAGS.items()
        ]
    value = _TAG_VALUE.match(before)
    if value is not None:
        return _tag_value(document, line, value.group(1), value.group(2))
    if _TRICK.match(before):
        return _cards(document, line, before)
    if _FIRST_WORD.match(before):
        keywords = ["deal", "round", *SECTION_KEYWORDS]
        items = [_item(k, types.CompletionItemKind.Keyword, KEYWORDS.get(k, "")) for k in keywords]
        return items + _players(document, line)
    return _players(document, line)


def _item(label: str, kind: types.CompletionItemKind, detail: str = "") -> types.CompletionItem:
    return types.CompletionItem(label=label, kind=kind, detail=detail or None)


def _players(document: Document, line: int) -> list[types.CompletionItem]:
    place = around(document, line)
    if place is None:
        return []
    return [_item(p, types.CompletionItemKind.Variable, "player") for p in place.game.players]


def _tag_value(document: Document, line: int, tag: str, typed: str) -> list[types.CompletionItem]:
    if tag == "Ruleset":
        return [
            _item(id, types.CompletionItemKind.EnumMember, ruleset.title)
            for id, ruleset in RULESETS.items()
        ]
    if tag != "Options":
        return []
    place = around(document, line)
    if place is None or place.game.ruleset is None:
        return []
    options = default_registry().options_of(place.game.ruleset)
    current = typed.rsplit(",", 1)[-1].strip()
    key, equals, _ = current.partition("=")
    if equals:
        option = options.get(key.strip())
        if option is None:
            return []
        if option.choices is None:
            detail = f"a whole number from {option.minimum} to {option.maximum}"
            return [_item(option.default, types.CompletionItemKind.Value, f"default; {detail}")]
        return [
            _item(
                choice,
                types.CompletionItemKind.EnumMember,
                "default" if choice == option.default else "",
            )
            for choice in option.choices
        ]
    return [
        types.CompletionItem(
            label=key,
            kind=types.CompletionItemKind.Field,
            detail=option.doc,
            insert_text=f"{key}=",
        )
        for key, option in options.items()
    ]


def _cards(document: Document, line: int, before: str) -> list[types.CompletionItem]:
    """The cards of the player to play, the legal ones first, from the record cut here."""
    place = around(document, line)
    if place is None:
        return []
    typed = _PARTIAL.search(before)
    cut = before[: typed.start() if typed else len(before)]
    lines = [*document.lines[place.first : line], f"{cut} *"]
    try:
        state = resume("\n".join(lines))
    except Refused:
        return []
    if not state.to_act:
        return []
    player = state.to_act[0]
    legal = {a.card for a in state.legal_actions(player) if isinstance(a, PlayCard)}
    items = [_card_item(card, player, card in legal) for card in state.hand(player)]
    return sorted(items, key=lambda item: item.sort_text or "")


def _card_item(card: Card, player: str, legal: bool) -> types.CompletionItem:
    detail = f"{player}: the {card_name(card)}" + ("" if legal else " (not legal here)")
    return types.CompletionItem(
        label=str(card),
        kind=types.CompletionItemKind.Constant,
        detail=detail,
        sort_text=("0" if legal else "1") + f"{card.suit.index}{card.rank.value:02}",
    )
