"""Deal diagrams and tricks as SVG text, drawn from a :class:`~trufspec.pictures.scene.DealScene`.

The hands sit round the table in seating order, clockwise from the top (the first player of
the ``Players`` tag sits at the top, as North does in a bridge diagram); the table in the
middle holds the contract, or the trick being shown.  Suits keep their conventional colours
(hearts and diamonds red, spades and clubs black) and always carry their symbol or letter, so
a diagram reads the same printed in black and white.  A card a diagnostic points at is framed
and set in bold, never marked by colour alone: the frame's line tells the severity (solid for
an error, dashed for a warning, double for an acknowledged irregularity, dotted and rounded
for a note, as the report's own marks are), with room between it and the card.

Text is set in a monospaced face, whose advance is a known fraction of the font size: that is
what lets a card be framed without measuring text, which an SVG file cannot do.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape

from attrs import evolve, frozen

from trufspec.cards import Card, Suit, Trump
from trufspec.diagnostics import Diagnostic
from trufspec.pictures.scene import SUIT_ORDER, DealScene, PlacedCard, Seat, TrickScene

__all__ = [
    "Look",
    "scene_svg",
    "trick_scene_svg",
    "describer",
    "card_text",
    "suit_text",
    "suit_class",
    "trump_text",
    "STYLE",
    "FONT",
]

ADVANCE = 0.6
"""The advance of a monospaced glyph, in ems (DejaVu Sans Mono, Liberation Mono and Courier
all come within a few hundredths of it)."""

FONT = "DejaVu Sans Mono, Liberation Mono, Menlo, Consolas, monospace"
"""The monospaced faces a diagram is set in (see :data:`ADVANCE`)."""

STYLE = (
    f".tf-diagram{{font-family:{FONT}}}.tf-red{{fill:#b00000}}"
    ".tf-black{fill:#000}"
    ".tf-name{font-weight:bold}.tf-small{font-size:80%}.tf-note{font-style:italic}"
    ".tf-fault{font-weight:bold;text-decoration:underline}"
    ".tf-frame{fill:none;stroke:#000;stroke-width:2.5}"
    ".tf-frame-warning{stroke-width:2;stroke-dasharray:5 3}"
    ".tf-frame-acknowledged{stroke-width:1}"
    ".tf-frame-info{stroke-width:1.2;stroke-dasharray:1.5 2}"
    ".tf-box{fill:#fff;stroke:#555;stroke-width:1}.tf-win{fill:none;stroke:#000;stroke-width:3}"
    ".tf-felt{fill:#f3f6f1;stroke:#9aa;stroke-width:1}.tf-joined{font-style:italic}"
)
"""The diagram's own style: classes, so that a page that shows many diagrams styles them once
(and can restyle them) and a standalone file carries the few rules it needs."""


@frozen
class Look:
    """How a diagram is drawn: ``size`` is the font size in pixels, from which every other
    measure follows; ``unicode`` writes suits as symbols (``♠``), else as letters (``S``)."""

    size: float = 14.0
    unicode: bool = True

    @property
    def advance(self) -> float:
        return self.size * ADVANCE

    @property
    def line(self) -> float:
        return self.size * 1.4


def describer(diagnostics: Sequence[Diagnostic]) -> Callable[[int], str]:
    """The tooltip of a marked card: the code, severity and message of the diagnostic of an
    index in ``diagnostics``."""

    def describe(index: int) -> str:
        found = diagnostics[index]
        return f"{found.code} {found.severity.value}: {found.message}"

    return describe


def suit_text(suit: Suit, unicode: bool) -> str:
    return suit.symbol if unicode else suit.letter


def card_text(card: Card, unicode: bool) -> str:
    """A card as the diagram writes it: ``K♥`` or ``KH``."""
    return card.rank.letter + suit_text(card.suit, unicode)


def trump_text(trump: Trump | None, unicode: bool) -> str:
    if trump is None:
        return "not recorded"
    return suit_text(trump, unicode) if isinstance(trump, Suit) else "no trump"


def suit_class(suit: Suit) -> str:
    """The class that gives a suit its colour: red for hearts and diamonds, black else."""
    return "tf-red" if suit in (Suit.HEARTS, Suit.DIAMONDS) else "tf-black"


def _num(value: float) -> str:
    """A coordinate, to the tenth of a unit: finer than any screen shows at the sizes drawn."""
    return f"{value:.1f}".removesuffix(".0")


def _px(value: float) -> str:
    """A card's coordinate, to the unit: a report draws ten thousand cards, and a digit less
    on each is a tenth of its size."""
    return str(round(value))


Shown = Callable[[PlacedCard], bool]
"""Which cards of a hand a static diagram draws (all of them in an interactive one)."""


@frozen
class _Block:
    """A hand drawn at a place: its SVG and its size."""

    width: float
    height: float
    draw: Callable[[float, float], list[str]]


def _attributes(placed: PlacedCard, interactive: bool, named: bool) -> str:
    """The data a page's script and tests read off a card: which card (unless it is not
    ``named``: a card on the table, whose text is the card), which trick takes it, which
    diagnostics point at it (a marked card is always named)."""
    found = f' data-card="{placed.card}"' if named or placed.marks else ""
    if interactive:
        if placed.played:
            found += f' data-t="{placed.played}"'
        if placed.discarded:
            found += ' data-out="1"'
        if placed.joined:
            found += ' data-in="1"'
    if placed.marks:
        found += f' data-diag="{" ".join(map(str, placed.marks))}"'
    return found


def _card_at(
    x: float,
    y: float,
    label: str,
    placed: PlacedCard,
    look: Look,
    interactive: bool,
    describe: Callable[[int], str],
    coloured: bool = False,
    named: bool = True,
) -> str:
    """One card's text at ``x`` (its left edge) on the baseline ``y``; a marked card is a group
    that frames it and carries its diagnostics as a tooltip.

    Cards stand in rows placed by a transform, so most sit at ``y`` 0, which is left out, and
    a row of one suit is ``coloured`` as a whole: a page of a hundred deals draws ten thousand
    cards, and every byte of each counts."""
    colour = ("" if coloured else f" {suit_class(placed.card.suit)}") + (
        " tf-joined" if placed.joined else ""
    )
    at = f' x="{_px(x)}"' + (f' y="{_px(y)}"' if y else "")
    if not placed.marks:
        return f'<text class="tf-card{colour}"{at}{_attributes(placed, interactive, named)}>{escape(label)}</text>'
    tooltip = escape("; ".join(describe(i) for i in placed.marks))
    return (
        f'<g class="tf-card"{_attributes(placed, interactive, named)} data-x="{_num(x)}">'
        f"{_frame(x, y, len(label), placed.fault, look)}<title>{tooltip}</title>"
        f'<text class="tf-fault{colour}"{at}>{escape(label)}</text></g>'
    )


PAD = 0.25
"""The room between a frame and the text it frames, in ems: a frame drawn on the glyphs
hides the very card it points at."""


def _frame(x: float, y: float, chars: int, fault: str, look: Look) -> str:
    """The frame round ``chars`` characters set from ``x`` on the baseline ``y``, its line the
    shape of the severity ``fault`` (see :data:`STYLE`); a note's frame has round corners, so
    its shape differs even where the dashes cannot be told apart."""
    pad = look.size * PAD
    width = chars * look.advance + 2 * pad
    kind = "" if fault in ("", "error") else f" tf-frame-{fault}"
    corner = f' rx="{_num(look.size * 0.4)}"' if fault == "info" else ""
    top = y - look.size * 0.8 - pad
    frame = (
        f'<rect class="tf-frame{kind}" x="{_num(x - pad)}" y="{_num(top)}" '
        f'width="{_num(width)}" height="{_num(look.size + 2 * pad)}"{corner}/>'
    )
    if fault == "acknowledged":
        inset = pad * 0.45
        frame += (
            f'<rect class="tf-frame{kind}" x="{_num(x - pad + inset)}" y="{_num(top + inset)}" '
            f'width="{_num(width - 2 * inset)}" height="{_num(look.size + 2 * pad - 2 * inset)}"/>'
        )
    return frame


def _row(
    x: float,
    y: float,
    cards: Sequence[tuple[str, PlacedCard]],
    look: Look,
    interactive: bool,
    describe: Callable[[int], str],
    suit: Suit | None = None,
) -> str:
    """A row of cards from ``x`` on the baseline ``y``, each card ``(label, card)``, all of
    ``suit`` when it is given: the unit a page's script closes up as cards leave a hand."""
    colour = f" {suit_class(suit)}" if suit is not None else ""
    out = [f'<g class="tf-row{colour}" transform="translate({_num(x)} {_num(y)})">']
    offset = 0.0
    room = look.size * PAD if any(placed.marks for _, placed in cards) else 0.0
    for label, placed in cards:
        # A framed card takes the room of its frame on either side.
        pad = room if placed.marks else 0.0
        out.append(
            _card_at(
                offset + pad, 0.0, label, placed, look, interactive, describe, suit is not None
            )
        )
        offset += (len(label) + 1) * look.advance + 2 * pad
    out.append("</g>")
    return "".join(out)


def _hand_block(
    seat: Seat, look: Look, shown: Shown, interactive: bool, describe: Callable[[int], str]
) -> _Block:
    """A player's name, roles and hand, a line per suit, ranks high to low."""
    cards = [c for c in seat.hand if shown(c)]
    roles = ", ".join(seat.roles)
    rows: list[tuple[Suit, list[PlacedCard]]] = []
    # A Tromplemond player has no hand but rows of public and secret cards.
    for suit in SUIT_ORDER if seat.hand or not seat.extras else ():
        dealt = sorted(
            (c for c in cards if c.card.suit is suit and not c.joined), key=lambda c: -c.card.rank
        )
        rows.append((suit, dealt + [c for c in cards if c.card.suit is suit and c.joined]))
    extras = [(label, [c for c in row if shown(c)]) for label, row in seat.extras]
    chars = [len(seat.player), len(roles) * 0.8]
    chars += [2 + sum(len(c.card.rank.letter) + 1 for c in row) for _, row in rows]
    chars += [
        len(label) + 2 + sum(len(card_text(c.card, look.unicode)) + 1 for c in row)
        for label, row in extras
    ]
    framed = max(
        [sum(1 for c in row if c.marks) for _, row in [*rows, *extras]] + [1 if seat.marks else 0]
    )
    width = max(chars) * look.advance + look.size + framed * 2 * look.size * PAD
    lines = 1 + (1 if roles else 0) + len(rows) + len(extras)
    height = lines * look.line + look.size * 0.4

    def draw(left: float, top: float) -> list[str]:
        pad = look.size * 0.5
        y = top + look.size * 1.1
        name = (
            f'<text x="{_num(left + pad)}" y="{_num(y)}" class="tf-name">'
            f"{escape(seat.player)}</text>"
        )
        if seat.marks:
            tooltip = escape("; ".join(describe(i) for i in seat.marks))
            name = (
                f'<g class="tf-seat"{_diag(seat.marks)}>'
                f"{_frame(left + pad, y, len(seat.player), seat.fault, look)}"
                f"<title>{tooltip}</title>{name}</g>"
            )
        out = [name]
        if roles:
            y += look.line
            out.append(
                f'<text x="{_num(left + pad)}" y="{_num(y)}" class="tf-small tf-note">{escape(roles)}</text>'
            )
        for suit, row in rows:
            y += look.line
            out.append(
                f'<text x="{_num(left + pad)}" y="{_num(y)}" class="{suit_class(suit)}">{suit_text(suit, look.unicode)}</text>'
            )
            x = left + pad + 2 * look.advance
            # A void is written as a dash; the page's script shows it when the suit runs out.
            void = "tf-void" + ("" if not row or not interactive else " tf-gone")
            if not row or interactive:
                out.append(f'<text x="{_num(x)}" y="{_num(y)}" class="{void}">-</text>')
            out.append(
                _row(
                    x, y, [(c.card.rank.letter, c) for c in row], look, interactive, describe, suit
                )
            )
        for label, row in extras:
            y += look.line
            out.append(
                f'<text x="{_num(left + pad)}" y="{_num(y)}" class="tf-small tf-note">{escape(label)}:</text>'
            )
            x = left + pad + (len(label) + 2) * look.advance
            out.append(
                _row(
                    x,
                    y,
                    [(card_text(c.card, look.unicode), c) for c in row],
                    look,
                    interactive,
                    describe,
                )
            )
        return out

    return _Block(width, height, draw)


_PLACES = {
    1: ("top",),
    2: ("top", "bottom"),
    3: ("top", "right", "left"),
    4: ("top", "right", "bottom", "left"),
}
"""Where each seat sits, clockwise from the first player: as at a real table seen from above."""


def _places(count: int) -> tuple[str, ...]:
    return _PLACES.get(count, ("column",) * count)


_BOX = (3.2, 2.0)
"""The width and height of a card on the table, in ems."""


def _table_size(look: Look, captions: int) -> tuple[float, float]:
    return look.size * 11.5, look.size * 5.4 + captions * look.line


def _spots(places: Sequence[str], cx: float, top: float, look: Look) -> list[tuple[float, float]]:
    """The centre of the card each seat plays to the table, below the two caption lines."""
    cy = top + look.size * 3.6 + look.line
    offsets = {
        "top": (0.0, -look.size * 1.1),
        "bottom": (0.0, look.size * 1.1),
        "left": (-look.size * 3.6, 0.0),
        "right": (look.size * 3.6, 0.0),
    }
    return [
        (cx + dx, cy + dy)
        for number, place in enumerate(places)
        for dx, dy in (offsets.get(place, (look.size * 3.6 * (number - 1.5), 0.0)),)
    ]


def _box(cx: float, cy: float, look: Look, classes: str) -> str:
    width, height = look.size * _BOX[0], look.size * _BOX[1]
    return (
        f'<rect class="{classes}" x="{_num(cx - width / 2)}" y="{_num(cy - height / 2)}" width="{_num(width)}" '
        f'height="{_num(height)}" rx="{_num(look.size * 0.25)}"/>'
    )


def _boxes(spots: Sequence[tuple[float, float]], look: Look) -> list[str]:
    """The empty places on the table where the cards of a trick go, drawn once for all tricks."""
    return [_box(cx, cy, look, "tf-box") for cx, cy in spots]


def _diag(marks: Sequence[int]) -> str:
    return f' data-diag="{" ".join(map(str, marks))}"' if marks else ""


def _caption(
    cx: float, top: float, look: Look, first: str, second: str, classes: str = "tf-small"
) -> str:
    """The two lines at the head of the table: the trick's number and who won it."""
    return (
        f'<text x="{_num(cx)}" y="{_num(top + look.size * 1.1)}" text-anchor="middle" class="{classes}">'
        f'<tspan>{escape(first)}</tspan><tspan x="{_num(cx)}" dy="{_num(look.line)}">{escape(second)}</tspan></text>'
    )


def _trick_group(
    trick: TrickScene,
    seats: Sequence[str],
    spots: Sequence[tuple[float, float]],
    cx: float,
    top: float,
    look: Look,
    interactive: bool,
    describe: Callable[[int], str],
) -> list[str]:
    """A trick on the table: its caption, each card in its player's place, and a heavy frame
    round the card that wins.

    An interactive diagram has one caption for all its tricks (see :func:`_caption`), which
    the page's script fills from the trick's ``data-won``."""
    outcome = f"won by {trick.winner}" if trick.winner else "winner not known"
    if interactive:
        attributes = f' data-trick="{trick.number}" data-won="{escape(trick.winner or "")}"'
        out = [f'<g class="tf-trick"{attributes}{_diag(trick.marks)}>']
    else:
        out = [
            f'<g class="tf-trick"{_diag(trick.marks)}>',
            _caption(cx, top, look, f"trick {trick.number}", outcome),
        ]
    where = dict(zip(seats, spots))
    for number, (player, placed) in enumerate(trick.plays):
        # A player the table does not seat (the record is faulty) plays in a row of their own.
        spot_x, spot_y = where.get(
            player, (cx + look.size * 3.6 * (number - 1.5), top + look.size * 3.6 + look.line)
        )
        label = card_text(placed.card, look.unicode)
        # The group says which trick its cards are played to, and the text which card: each
        # card need not.
        on_table = evolve(placed, played=0)
        x = spot_x - len(label) * look.advance / 2
        out.append(
            _card_at(
                x,
                spot_y + look.size * 0.35,
                label,
                on_table,
                look,
                interactive,
                describe,
                named=False,
            )
        )
        if player == trick.winner:
            out.append(_box(spot_x, spot_y, look, "tf-win"))
    out.append("</g>")
    return out


def _contract_lines(scene: DealScene, unicode: bool) -> list[str]:
    """What the middle of the table says before the first trick."""
    lines = []
    if scene.declarer is not None:
        lines.append(f"contract {scene.declarer}")
    if scene.trump is not None:
        turned = (
            f" ({card_text(scene.trump_card, unicode)} up)" if scene.trump_card is not None else ""
        )
        lines.append(f"trump {trump_text(scene.trump, unicode)}{turned}")
    if scene.mode is not None:
        lines.append(scene.mode)
    return lines or [f"{scene.kind} {scene.number}"]


def scene_svg(
    scene: DealScene,
    look: Look = Look(),
    *,
    trick: int = 0,
    interactive: bool = False,
    describe: Callable[[int], str] = str,
    standalone: bool = True,
    label: str | None = None,
    narrow: bool = False,
) -> str:
    """The diagram of a deal: the hands before trick ``trick`` (0: as dealt) and that trick on
    the table.

    ``interactive`` draws every card and every trick, with the data a page's script needs to
    step through the play (which trick takes each card); ``describe`` gives the text of the
    diagnostic of an index, shown as the marked card's tooltip; ``standalone`` carries the
    namespace and the style a file of its own needs.  ``narrow`` lays three or four hands out
    for a phone: two above the table and the others below it, so that the diagram is half as
    wide and its cards keep their size on a narrow screen instead of shrinking.
    """

    def on_table_or_in_hand(placed: PlacedCard) -> bool:
        """Whether a card is drawn before trick ``trick``: not yet played, not yet discarded."""
        return not (
            (placed.played and placed.played <= trick)
            or (trick and placed.discarded)
            or (not trick and placed.joined)
        )

    shown: Shown = (lambda placed: True) if interactive else on_table_or_in_hand
    blocks = [_hand_block(seat, look, shown, interactive, describe) for seat in scene.seats]
    places = _places(len(scene.seats))
    at = dict(zip(places, blocks))
    centre = _contract_lines(scene, look.unicode)
    table_width, table_height = _table_size(look, 2)
    table_height = max(table_height, (len(centre) + 1) * look.line)
    gap = look.size * 0.5
    left_width = at["left"].width if "left" in at else 0.0
    right_width = at["right"].width if "right" in at else 0.0
    middle_width = max([table_width, *(at[p].width for p in ("top", "bottom") if p in at)])
    top_height = at["top"].height if "top" in at else 0.0
    bottom_height = at["bottom"].height if "bottom" in at else 0.0
    middle_height = max([table_height, *(at[p].height for p in ("left", "right") if p in at)])
    column = [b for b, p in zip(blocks, places) if p == "column"]
    width = max([left_width + middle_width + right_width + 2 * gap, *(b.width for b in column)])
    cx = left_width + gap + middle_width / 2
    body: list[str] = []
    hands: list[str] = []
    if narrow and len(blocks) in (3, 4):
        # Clockwise round the table: the first two above it, the others below, right to left.
        above, below = blocks[:2], blocks[2:][::-1]
        width = max(
            table_width,
            *(sum(b.width for b in row) + gap * (len(row) - 1) for row in (above, below)),
        )
        cx = width / 2
        top_height = max(b.height for b in above)
        hands += above[0].draw(0.0, 0.0) + above[1].draw(width - above[1].width, 0.0)
        table_top = top_height + gap
        y = table_top + table_height + gap
        hands += below[0].draw(0.0, y)
        if len(below) > 1:
            hands += below[1].draw(width - below[1].width, y)
        y += max(b.height for b in below) + gap
        column = []
    else:
        if "top" in at:
            hands += at["top"].draw(cx - at["top"].width / 2, 0.0)
        middle_top = top_height + gap
        if "left" in at:
            hands += at["left"].draw(0.0, middle_top + (middle_height - at["left"].height) / 2)
        if "right" in at:
            hands += at["right"].draw(
                width - right_width, middle_top + (middle_height - at["right"].height) / 2
            )
        table_top = middle_top + (middle_height - table_height) / 2
        y = middle_top + middle_height + gap
        if "bottom" in at:
            hands += at["bottom"].draw(cx - at["bottom"].width / 2, y)
            y += bottom_height + gap
    body += hands
    after = y
    body.append(
        f'<rect class="tf-felt" x="{_num(cx - table_width / 2)}" y="{_num(table_top)}" width="{_num(table_width)}" '
        f'height="{_num(table_height)}" rx="{_num(look.size)}"/>'
    )
    opening = ['<g class="tf-trick"' + (' data-trick="0"' if interactive else "") + ">"]
    y = table_top + (table_height - len(centre) * look.line) / 2 + look.size
    for text in centre:
        opening.append(
            f'<text x="{_num(cx)}" y="{_num(y)}" text-anchor="middle">{escape(text)}</text>'
        )
        y += look.line
    opening.append("</g>")
    tricks = scene.tricks if interactive else tuple(t for t in scene.tricks if t.number == trick)
    if interactive or not tricks:
        body += opening
    seats = [s.player for s in scene.seats]
    spots = _spots(places, cx, table_top, look)
    if tricks and interactive:
        # The places of the cards and the caption show from the first trick on.
        body += [
            '<g class="tf-table tf-gone">',
            *_boxes(spots, look),
            _caption(cx, table_top, look, "", "", "tf-small tf-caption"),
            "</g>",
        ]
    elif tricks:
        body += _boxes(spots, look)
    for shown_trick in tricks:
        body += _trick_group(shown_trick, seats, spots, cx, table_top, look, interactive, describe)
    y = after
    for block in column:
        body += block.draw(0.0, y)
        y += block.height + gap
    for name, cards in scene.table:
        y += look.line
        body.append(f'<text x="0" y="{_num(y)}" class="tf-small tf-note">{escape(name)}:</text>')
        x = (len(name) + 2) * look.advance * 0.8
        labels = [(card_text(c.card, look.unicode), c) for c in cards]
        body += ['<g class="tf-aside">', _row(x, y, labels, look, interactive, describe), "</g>"]
        width = max(width, x + sum(len(label) + 1 for label, _ in labels) * look.advance)
    if scene.rebuilt:
        y += look.line
        body.append(f'<text x="0" y="{_num(y)}" class="tf-small tf-note">{escape(REBUILT)}</text>')
        width = max(width, len(REBUILT) * look.advance * 0.8)
    height = y + gap
    title = label or f"{scene.kind} {scene.number}"
    return _svg(width, height, title, _description(scene, look.unicode), body, look, standalone)


def trick_scene_svg(
    scene: DealScene,
    number: int,
    look: Look = Look(),
    *,
    describe: Callable[[int], str] = str,
    standalone: bool = True,
) -> str:
    """One trick alone: the cards on the table in front of their players' names."""
    trick = next(t for t in scene.tricks if t.number == number)
    places = _places(len(scene.seats))
    where = dict(zip((s.player for s in scene.seats), places))
    names = max((len(s.player) for s in scene.seats), default=0) * look.advance
    table_width, table_height = _table_size(look, 2)
    width = table_width + 2 * names + look.size * 2
    cx = width / 2
    top = look.line
    seats = [s.player for s in scene.seats]
    spots = _spots(places, cx, top, look)
    body = _boxes(spots, look) + _trick_group(trick, seats, spots, cx, top, look, False, describe)
    cy = top + look.size * 3.6 + look.line
    labels = {
        "top": (cx, top - look.size * 0.3, "middle"),
        "bottom": (cx, top + table_height + look.size * 0.3, "middle"),
        "left": (cx - look.size * 5.4, cy + look.size * 0.35, "end"),
        "right": (cx + look.size * 5.4, cy + look.size * 0.35, "start"),
    }
    for seat in scene.seats:
        x, y, anchor = labels.get(where[seat.player], (cx, top, "middle"))
        body.append(
            f'<text x="{_num(x)}" y="{_num(y)}" text-anchor="{anchor}" class="tf-name">{escape(seat.player)}</text>'
        )
    height = top + table_height + look.line
    plays = ", ".join(
        f"{player} {card_text(placed.card, look.unicode)}" for player, placed in trick.plays
    )
    description = f"Trick {trick.number}: {plays}; " + (
        f"won by {trick.winner}." if trick.winner else "winner not known."
    )
    return _svg(
        width,
        height,
        f"{scene.kind} {scene.number}, trick {number}",
        description,
        body,
        look,
        standalone,
    )


REBUILT = "Hands rebuilt from the cards played."


def _description(scene: DealScene, unicode: bool) -> str:
    """The diagram in words, for a screen reader and for anyone the picture fails."""
    parts = []
    for seat in scene.seats:
        hand = (
            " ".join(card_text(c.card, unicode) for c in seat.hand if not c.joined)
            or "no cards recorded"
        )
        roles = f" ({', '.join(seat.roles)})" if seat.roles else ""
        if not seat.hand and seat.extras:
            hand = ", ".join(
                f"{name} {' '.join(card_text(c.card, unicode) for c in row) or 'none'}"
                for name, row in seat.extras
            )
        parts.append(f"{seat.player}{roles}: {hand}")
    text = "; ".join(parts) + "."
    if scene.rebuilt:
        text += " " + REBUILT
    if scene.declarer is not None or scene.trump is not None:
        text += " " + ", ".join(_contract_lines(scene, unicode)).capitalize() + "."
    return text


def _svg(
    width: float,
    height: float,
    title: str,
    description: str,
    body: Sequence[str],
    look: Look,
    standalone: bool,
) -> str:
    namespace = ' xmlns="http://www.w3.org/2000/svg"' if standalone else ""
    style = f"<style>{STYLE}</style>" if standalone else ""
    font = f' font-family="{FONT}"' if standalone else ""
    return (
        f'<svg{namespace} class="tf-diagram" viewBox="0 0 {_num(width)} {_num(height)}" width="{_num(width)}" '
        f'data-advance="{_num(look.advance)}" data-pad="{_num(look.size * PAD)}" '
        f'height="{_num(height)}" role="img"{font} '
        f'font-size="{_num(look.size)}"><title>{escape(title)}</title><desc>{escape(description)}</desc>{style}'
        + "".join(body)
        + "</svg>"
    )
