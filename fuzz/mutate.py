"""Mutations of records that know the notation: its lines, sections and tokens.

Random bytes rarely get past the first line of a record, so most mutations keep a record's
shape and change one thing a reader or a ruleset must judge: a token of one kind put where
another is due (a name where a number stands, a card where a name stands), a number made huge,
negative or zero, a name unknown, repeated or spelt with a look-alike letter, a line or a section
dropped, repeated or moved, and the characters that trip text handling (a byte-order mark, CR,
tabs, NUL, bidirectional marks, very long lines).  A share of the mutations work on bytes.

Everything is driven by a :class:`random.Random`, so a run is replayed from its seed and
Hypothesis can drive the same mutations through ``st.randoms()``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from pathlib import Path
from random import Random

from attrs import frozen

from trufspec.cards import CARD_PATTERN
from trufspec.notation.chunks import SECTION_KEYWORDS

__all__ = ["Vocabulary", "load_seeds", "mutate", "mutate_bytes", "RECORDS"]

RECORDS = Path(__file__).resolve().parent.parent / "records"
"""The sample records: every ruleset, every section of the notation, good and bad."""

_TOKEN = re.compile(r'"(?:[^"\\\n]|\\.)*"|[^\s"]+')
_CARD = re.compile(CARD_PATTERN + r"!?\Z")
_NUMBER = re.compile(r"[+-]?\d+\.?\Z")
_NAME = re.compile(r"[^\W\d][\w\-]*\Z")

HUGE_NUMBERS = (
    "0",
    "-0",
    "+0",
    "-1",
    "1",
    "00",
    "007",
    "13",
    "14",
    "52",
    "-99",
    "100",
    "255",
    "256",
    "65536",
    "2147483648",
    "-2147483649",
    "9223372036854775808",
    "1" + "0" * 40,
    "9" * 300,
    "1" + "0" * 4000,
    "9" * 5000,
    "1e9",
    "1.5",
    "0x10",
    "١٢",
)
"""Numbers at the edges: zero and signed zero, off by one, machine limits, far beyond them,
and strings that only look like numbers (an exponent, a decimal point, Arabic-Indic digits)."""

LOOKALIKES = {
    "A": "\u0410",
    "B": "\u0412",
    "C": "\u0421",
    "E": "\u0415",
    "H": "\u041d",
    "K": "\u041a",
    "M": "\u041c",
    "O": "\u041e",
    "P": "\u0420",
    "T": "\u0422",
    "a": "\u0430",
    "e": "\u0435",
    "o": "\u043e",
    "i": "\u0456",
    "S": "\u0405",
    "c": "\u0441",
    "p": "\u0440",
}
"""Latin letters and the Cyrillic letters drawn the same: a name that looks right but is not."""

ODD_CHARACTERS = (
    "\ufeff",
    "\r",
    "\r\n",
    "\t",
    "\x00",
    "\u200b",
    "\u200d",
    "\u200e",
    "\u200f",
    "\u202a",
    "\u202e",
    "\u2066",
    "\u2069",
    "\u2028",
    "\u2029",
    "\x85",
    "\x0b",
    "\x0c",
    "\u00a0",
    "\u3000",
    "\ud800",
    "\U0001f0a1",
    "\u0301",
    "＊",
    "！",
    "；",
    "［",
    "\\",
    '"',
    "{",
    "}",
    ";",
    ":",
    "=",
    "!",
    "*",
    "+",
    "-",
    ">",
    ".",
    "[",
    "]",
)
"""Characters that text handling trips on: marks, invisible and bidirectional characters, line
breaks of other kinds, a lone surrogate, full-width twins of the notation's punctuation, and the
notation's own punctuation."""

ODD_BYTES = (
    b"\x00",
    b"\xff",
    b"\xfe",
    b"\xc3",
    b"\xe2\x99",
    b"\xed\xa0\x80",
    b"\xef\xbb\xbf",
    b"\xc0\x80",
    b"\r",
)


@frozen
class Vocabulary:
    """The tokens of the seed records by kind, the material of replacements and insertions."""

    cards: tuple[str, ...]
    numbers: tuple[str, ...]
    names: tuple[str, ...]
    keywords: tuple[str, ...]
    other: tuple[str, ...]
    lines: tuple[str, ...]

    @classmethod
    def of(cls, texts: Sequence[str]) -> Vocabulary:
        """The vocabulary of ``texts``, each token once, in a stable order."""
        kinds: dict[str, dict[str, None]] = {
            k: {} for k in ("cards", "numbers", "names", "keywords", "other")
        }
        lines: dict[str, None] = {}
        for text in texts:
            for line in text.splitlines():
                if line.strip():
                    lines[line] = None
                for token in _TOKEN.findall(line):
                    kinds[_kind(token)][token] = None
        kinds["keywords"].update(
            dict.fromkeys([*SECTION_KEYWORDS, "deal", "round", "trump", "adjust", "declines"])
        )
        return cls(
            cards=tuple(kinds["cards"]),
            numbers=tuple(kinds["numbers"]),
            names=tuple(kinds["names"]),
            keywords=tuple(kinds["keywords"]),
            other=tuple(kinds["other"]),
            lines=tuple(lines),
        )

    def token(self, rng: Random, kind: str | None = None) -> str:
        """A token of ``kind`` (any kind when None)."""
        kind = kind or rng.choice(("cards", "numbers", "names", "keywords", "other"))
        pool: tuple[str, ...] = getattr(self, kind)
        return rng.choice(pool) if pool else "x"


def _kind(token: str) -> str:
    """The kind of a token: card, number, name, keyword or anything else."""
    if token in SECTION_KEYWORDS or token in ("deal", "round"):
        return "keywords"
    if _CARD.match(token):
        return "cards"
    if _NUMBER.match(token):
        return "numbers"
    if _NAME.match(token.rstrip(":")) or token.startswith('"'):
        return "names"
    return "other"


def load_seeds(root: Path = RECORDS, limit: int | None = 20_000) -> list[str]:
    """The text of every record under ``root`` (at most ``limit`` characters each), sorted by
    path so that a run is reproducible; the few that are not UTF-8 on purpose are left out (the
    byte mutations make such files)."""
    texts = []
    for path in sorted(root.rglob("*.truf")):
        text = path.read_bytes().decode("utf-8", errors="replace")
        if "\ufffd" not in text and (limit is None or len(text) <= limit):
            texts.append(text)
    return texts


Mutation = Callable[[str, Random, Vocabulary], str]


def _lines(text: str, rng: Random) -> tuple[list[str], int]:
    lines = text.split("\n")
    return lines, rng.randrange(len(lines))


def drop_line(text: str, rng: Random, vocabulary: Vocabulary) -> str:
    lines, at = _lines(text, rng)
    del lines[at]
    return "\n".join(lines)


def duplicate_line(text: str, rng: Random, vocabulary: Vocabulary) -> str:
    lines, at = _lines(text, rng)
    lines.insert(rng.randrange(len(lines) + 1), lines[at])
    return "\n".join(lines)


def swap_lines(text: str, rng: Random, vocabulary: Vocabulary) -> str:
    lines, at = _lines(text, rng)
    other = rng.randrange(len(lines))
    lines[at], lines[other] = lines[other], lines[at]
    return "\n".join(lines)


def foreign_line(text: str, rng: Random, vocabulary: Vocabulary) -> str:
    """A line of another record (of another ruleset, perhaps) put in or put instead."""
    lines, at = _lines(text, rng)
    line = rng.choice(vocabulary.lines)
    if rng.random() < 0.5:
        lines[at] = line
    else:
        lines.insert(at, line)
    return "\n".join(lines)


def move_block(text: str, rng: Random, vocabulary: Vocabulary) -> str:
    """A run of lines (a section, a deal) moved, repeated or dropped: sections out of order."""
    lines, at = _lines(text, rng)
    end = min(len(lines), at + rng.randint(1, 20))
    block = lines[at:end]
    action = rng.choice(("move", "repeat", "drop"))
    if action != "repeat":
        del lines[at:end]
    if action != "drop":
        where = rng.randrange(len(lines) + 1)
        lines[where:where] = block
    return "\n".join(lines)


def _edit_token(text: str, rng: Random, edit: Callable[[str, list[str], int], list[str]]) -> str:
    """Apply ``edit`` to the tokens of a random line (its layout kept around them)."""
    lines = text.split("\n")
    candidates = [
        i for i in (rng.randrange(len(lines)) for _ in range(8)) if _TOKEN.search(lines[i])
    ]
    if not candidates:
        return text
    at = candidates[0]
    line = lines[at]
    found = list(_TOKEN.finditer(line))
    tokens = [m.group() for m in found]
    which = rng.randrange(len(tokens))
    tokens = edit(line, tokens, which)
    start, end = found[0].start(), found[-1].end()
    lines[at] = line[:start] + " ".join(tokens) + line[end:]
    return "\n".join(lines)


def drop_token(text: str, rng: Random, vocabulary: Vocabulary) -> str:
    return _edit_token(text, rng, lambda line, tokens, i: tokens[:i] + tokens[i + 1 :])


def duplicate_token(text: str, rng: Random, vocabulary: Vocabulary) -> str:
    return _edit_token(text, rng, lambda line, tokens, i: tokens[: i + 1] + tokens[i:])


def swap_tokens(text: str, rng: Random, vocabulary: Vocabulary) -> str:
    def swap(line: str, tokens: list[str], i: int) -> list[str]:
        j = rng.randrange(len(tokens))
        tokens[i], tokens[j] = tokens[j], tokens[i]
        return tokens

    return _edit_token(text, rng, swap)


def retype_token(text: str, rng: Random, vocabulary: Vocabulary) -> str:
    """A token replaced by one of another kind, or of the same kind (a card for a card)."""

    def retype(line: str, tokens: list[str], i: int) -> list[str]:
        tokens[i] = vocabulary.token(rng, _kind(tokens[i]) if rng.random() < 0.4 else None)
        return tokens

    return _edit_token(text, rng, retype)


def insert_token(text: str, rng: Random, vocabulary: Vocabulary) -> str:
    return _edit_token(
        text, rng, lambda line, tokens, i: [*tokens[:i], vocabulary.token(rng), *tokens[i:]]
    )


def odd_number(text: str, rng: Random, vocabulary: Vocabulary) -> str:
    """A number replaced by one at the edges; most lines of figures hold several."""
    numbers = list(re.finditer(r"(?<![\w.])[+-]?\d+(?![\w])", text))
    if not numbers:
        return text
    match = rng.choice(numbers)
    return text[: match.start()] + rng.choice(HUGE_NUMBERS) + text[match.end() :]


def odd_name(text: str, rng: Random, vocabulary: Vocabulary) -> str:
    """A player's name changed: unknown, another player's (repeated), a look-alike, an empty or
    reserved word, or a name made of the notation's own characters."""
    names = list(re.finditer(r"(?<![\w\"])[A-Z][a-z]+(?![\w\"])", text))
    if not names:
        return text
    match = rng.choice(names)
    name = match.group()
    choice = rng.randrange(7)
    if choice == 0:
        new = rng.choice(("Zed", "Xavier", "Ana2", "ana", "NT", "trump", '"deal"', '""', '"a b"'))
    elif choice == 1:
        new = rng.choice(names).group()
    elif choice == 2:
        letters = [i for i, c in enumerate(name) if c in LOOKALIKES]
        if not letters:
            return text
        i = rng.choice(letters)
        new = name[:i] + LOOKALIKES[name[i]] + name[i + 1 :]
    elif choice == 3:
        new = name + rng.choice(("\u0301", "\u200b", "\u00ad", "\u200d"))
    elif choice == 4:
        new = name.upper() if rng.random() < 0.5 else name.lower()
    elif choice == 5:
        new = name * rng.randint(2, 200)
    else:
        new = vocabulary.token(rng, "names")
    if rng.random() < 0.5:
        return text[: match.start()] + new + text[match.end() :]
    return re.sub(
        rf"(?<![\w\"]){re.escape(name)}(?![\w\"])",
        new.replace("\\", "\\\\"),
        text,
        count=rng.randint(1, 50),
    )


def odd_character(text: str, rng: Random, vocabulary: Vocabulary) -> str:
    at = rng.randrange(len(text) + 1)
    return text[:at] + rng.choice(ODD_CHARACTERS) + text[at:]


def whole_text(text: str, rng: Random, vocabulary: Vocabulary) -> str:
    """A change of the whole text: CRLF or CR line ends, tabs for spaces, a byte-order mark,
    trailing blanks, no final newline, a text cut short."""
    choice = rng.randrange(7)
    if choice == 0:
        return text.replace("\n", "\r\n")
    if choice == 1:
        return text.replace("\n", "\r")
    if choice == 2:
        return text.replace("  ", "\t")
    if choice == 3:
        return "\ufeff" + text
    if choice == 4:
        return text.replace("\n", " \t\n")
    if choice == 5:
        return text.rstrip("\n")
    return text[: rng.randrange(len(text) + 1)]


def long_line(text: str, rng: Random, vocabulary: Vocabulary) -> str:
    """A token or a line repeated into a very long line (of up to about 200 kB more: a line
    already long, repeated, would otherwise make inputs of tens of megabytes)."""
    lines, at = _lines(text, rng)
    token = rng.choice((vocabulary.token(rng), rng.choice(ODD_CHARACTERS), lines[at]))
    times = min(rng.randint(100, 2_000), max(200_000 // (len(token) + 1), 1))
    lines[at] = lines[at] + " " + " ".join([token] * times)
    return "\n".join(lines)


def splice(text: str, rng: Random, vocabulary: Vocabulary) -> str:
    """The head of this text joined to lines of other records: a game of one ruleset with deals
    written for another."""
    lines = text.split("\n")
    cut = rng.randrange(len(lines) + 1)
    start = rng.randrange(len(vocabulary.lines))
    return "\n".join(lines[:cut] + list(vocabulary.lines[start : start + rng.randint(1, 40)]))


def character_edit(text: str, rng: Random, vocabulary: Vocabulary) -> str:
    """A few characters deleted, duplicated or swapped."""
    at = rng.randrange(len(text) + 1)
    size = rng.randint(1, 8)
    choice = rng.randrange(3)
    if choice == 0:
        return text[:at] + text[at + size :]
    if choice == 1:
        return text[:at] + text[at : at + size] + text[at:]
    other = rng.randrange(len(text) + 1)
    low, high = sorted((at, other))
    return (
        text[:low]
        + text[high : high + size]
        + text[low + size : high]
        + text[low : low + size]
        + text[high + size :]
    )


MUTATIONS: tuple[tuple[Mutation, int], ...] = (
    (drop_line, 6),
    (duplicate_line, 6),
    (swap_lines, 4),
    (foreign_line, 6),
    (move_block, 4),
    (drop_token, 8),
    (duplicate_token, 6),
    (swap_tokens, 6),
    (retype_token, 10),
    (insert_token, 6),
    (odd_number, 12),
    (odd_name, 10),
    (odd_character, 5),
    (whole_text, 2),
    (long_line, 1),
    (splice, 2),
    (character_edit, 4),
)
"""Each mutation with its weight: the ones that keep the shape of a record, and so reach the
rulesets, are drawn most."""

_FUNCTIONS = tuple(m for m, _ in MUTATIONS)
_WEIGHTS = tuple(w for _, w in MUTATIONS)


def mutate(text: str, rng: Random, vocabulary: Vocabulary, edits: int | None = None) -> str:
    """``text`` after ``edits`` mutations (one to four, mostly one or two, when None)."""
    count = edits if edits is not None else rng.choice((1, 1, 1, 2, 2, 3, 4))
    for mutation in rng.choices(_FUNCTIONS, _WEIGHTS, k=count):
        if text:
            text = mutation(text, rng, vocabulary)
    return text


def mutate_bytes(data: bytes, rng: Random) -> bytes:
    """Byte-level damage: bits flipped, odd bytes inserted, bytes dropped, the file cut short."""
    for _ in range(rng.randint(1, 3)):
        at = rng.randrange(len(data) + 1)
        choice = rng.randrange(4)
        if choice == 0 and at < len(data):
            data = data[:at] + bytes([data[at] ^ (1 << rng.randrange(8))]) + data[at + 1 :]
        elif choice == 1:
            data = data[:at] + rng.choice(ODD_BYTES) + data[at:]
        elif choice == 2:
            data = data[:at] + data[at + rng.randint(1, 16) :]
        else:
            data = data[:at]
    return data
