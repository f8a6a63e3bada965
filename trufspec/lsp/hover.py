"""What a hover shows: the rule behind a finding, a card and who held it, a word's meaning.

On a finding, the clause it applies, in full: the rule, the source's own words, and the
readings that change it with the options that select them.  On a card, its name and the
player whose hand it was dealt in, per the record.  On a tag or a keyword, what it means.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from lsprotocol import types

from trufspec.cards import Card, parse_card
from trufspec.diagnostics import Diagnostic
from trufspec.lsp.around import around
from trufspec.lsp.findings import clause_of, describe_clause, shown_span
from trufspec.lsp.text import Document, Word
from trufspec.lsp.vocabulary import KEYWORDS, TAGS
from trufspec.records import Hands, Public, Secret, Span
from trufspec.rulesets import RULESETS

__all__ = ["card_name", "hover"]

_TAG = re.compile(r'\[[ \t]*([A-Za-z][A-Za-z0-9_]*)[ \t]*("[^"\n]*"?)?')


def card_name(card: Card) -> str:
    """A card in words: ``queen of spades``."""
    return f"{card.rank.name.lower()} of {card.suit.name.lower()}"


def hover(
    document: Document,
    line: int,
    column: int,
    findings: Sequence[Diagnostic],
    rules_url: str | None,
) -> types.Hover | None:
    """The hover at character ``column`` of ``line`` (both 0-based), or None."""
    here = [d for d in findings if _covers(shown_span(d.span, document), line + 1, column + 1)]
    if here:
        parts = []
        for diagnostic in here:
            clause = clause_of(diagnostic)
            said = f"**{diagnostic.code}** {diagnostic.message}"
            parts.append(
                said if clause is None else f"{said}\n\n---\n\n{describe_clause(clause, rules_url)}"
            )
        shown = document.range_of(shown_span(here[0].span, document))
        return _markdown("\n\n---\n\n".join(parts), shown)
    word = document.word_at(line, column)
    if word is None:
        return None
    text = _word_meaning(document, word)
    if text is None:
        return None
    return _markdown(text, document.word_range(word))


def _covers(span: Span, line: int, column: int) -> bool:
    return (span.line, span.column) <= (line, column) <= (span.end_line, span.end_column) and (
        span.line > 0
    )


def _word_meaning(document: Document, word: Word) -> str | None:
    for tag in _TAG.finditer(document.lines[word.line]):
        if tag.start(1) == word.start:
            meaning = TAGS.get(tag.group(1), "A tag the notation does not name: kept as it is.")
            return f"**{tag.group(1)}** (tag)\n\n{meaning}"
        inside = tag.start(2) <= word.start and word.end <= tag.end(2)
        if inside and tag.group(1) == "Ruleset" and word.text in RULESETS:
            return f"**{word.text}**: {RULESETS[word.text].title}"
    bare = word.text.lstrip("+-").rstrip("!")
    try:
        card = parse_card(bare)
    except ValueError:
        keyword = KEYWORDS.get(word.text)
        return None if keyword is None else f"**{word.text}** (keyword)\n\n{keyword}"
    return _card_text(document, word.line, card)


_HOLDING = {Hands: "dealt to", Public: "shown face up by", Secret: "held secretly by"}
"""How the sections that give a player's cards say whose they are (claims may be untrue)."""


def _card_text(document: Document, line: int, card: Card) -> str:
    """A card's name, and the player who held it in the deal the line is in."""
    text = f"**{card}**: the {card_name(card)}"
    place = around(document, line)
    if place is None or place.deal is None:
        return text
    deal = f"{place.deal.kind} {place.deal.number.value}"
    held = [
        f"{_HOLDING[type(section)]} {entry.player.value}"
        for section in place.deal.sections
        if isinstance(section, Hands) and type(section) in _HOLDING
        for entry in section.entries
        if card in entry.cards.cards
    ]
    return f"{text}, {' and '.join(held)} in {deal}" if held else text


def _markdown(text: str, where: types.Range) -> types.Hover:
    return types.Hover(
        contents=types.MarkupContent(kind=types.MarkupKind.Markdown, value=text), range=where
    )
