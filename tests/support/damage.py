"""Records damaged as the fuzzing campaign damages them, and the soundness every answer to one must
have."""

from __future__ import annotations

from hypothesis import strategies as st

from fuzz.mutate import Vocabulary, load_seeds
from trufspec.diagnostics import Diagnostic, Severity

Draw = st.DrawFn

SEED = """\
[Event "Friday club"]
[Ruleset "truf-jb"]
[Players "Ana Budi Citra Dewi"]     ; seating order, clockwise

deal 1
dealer Ana
hands
  Ana:   AH 9H 8H 4H 3H KD 9D 7D 6D JC 10C 9C 7C
  Budi:  AS JS 8S JH 7H 5H 2H QD 2D QC 5C 4C 3C
  Citra: QS 9S 6S 5S 4S 3S KH JD 10D 4D 3D KC 8C
  Dewi:  KS 10S 7S 2S QH 10H 6H AD 8D 5D AC 6C 2C
bids
  Ana:   3H          = 3
  Budi:  7H          = 7
  Citra: 3S -JD 3D   = 0      ; minus card
  Dewi:  7S          = 7
contract Dewi trump S atas    { tie at 7 }
play
   1. Dewi:  2C 7C 4C 8C
   2. Citra: KC 6C JC 5C
   3. Citra: KH 6H 9H 2H
   4. Citra: JD 5D 6D 2D
   5. Citra: 3D 8D 7D QD
   6. Budi:  QC 4S AC 9C
   7. Citra: 3S KS 4H 8S
   8. Dewi:  QH AH 5H QS
   9. Citra: 6S 10S KD JS
  10. Budi:  JH 4D 10H 8H
  11. Budi:  3C 9S 2S 10C
  12. Citra: 10D AD 9D AS
  13. Budi:  7H 5S 7S 3H
tricks Ana 0 Budi 4 Citra 7 Dewi 2
score  Ana -6 Budi -6 Citra -11 Dewi -10
total  Ana -6 Budi -6 Citra -11 Dewi -10

round 2
dealer Rob
public  Rob: KH 10S  Sam: AC 2D
votes   Emily 2 Rob>Sam! *
ruff Citra discards *
cut Rob 7H Emily K♦
tromp Nick "TROMP!"
"""

# Characters that matter to the notation, so that random insertions hit its edges often.
SPECIAL = [
    *'[]{};:"\\=!*+->.\n\t ',
    "deal ",
    "round ",
    "10",
    "♠",
    "\ufeff",
    "\r",
    "\x00",
    "\u2028",
]


def assert_sound(text: str, diagnostics: tuple[Diagnostic, ...]) -> None:
    """Diagnostics are values placed inside the text (a syntax error may point just past it)."""
    lines = text.count("\n") + 1
    for diagnostic in diagnostics:
        assert isinstance(diagnostic, Diagnostic)
        assert isinstance(diagnostic.severity, Severity)
        assert diagnostic.span.line >= 0 and diagnostic.span.column >= 0
        if diagnostic.code == "REC001" and diagnostic.severity is Severity.ERROR:
            assert 1 <= diagnostic.span.line <= lines + 1, (diagnostic, lines)


@st.composite
def damaged_records(draw: Draw, seed: str = SEED) -> str:
    """A record (the seed by default) after a few random edits of its characters and lines."""
    text = seed
    for _ in range(draw(st.integers(1, 5))):
        edit = draw(st.sampled_from(["delete", "insert", "duplicate", "swap", "lines"]))
        at = draw(st.integers(0, max(len(text) - 1, 0)))
        if edit == "delete":
            size = draw(st.integers(1, 8))
            text = text[:at] + text[at + size :]
        elif edit == "insert":
            piece = draw(st.sampled_from(SPECIAL) | st.text(min_size=1, max_size=4))
            text = text[:at] + piece + text[at:]
        elif edit == "duplicate":
            text = text[:at] + text[at : at + 12] + text[at:]
        elif edit == "swap" and len(text) > 1:
            other = draw(st.integers(0, len(text) - 1))
            low, high = sorted((at, other))
            if low != high:
                text = text[:low] + text[high] + text[low + 1 : high] + text[low] + text[high + 1 :]
        else:
            lines = text.split("\n")
            n = draw(st.integers(0, len(lines) - 1))
            m = draw(st.integers(0, len(lines) - 1))
            action = draw(st.sampled_from(["drop", "copy", "exchange"]))
            if action == "drop":
                del lines[n]
            elif action == "copy":
                lines.insert(m, lines[n])
            else:
                lines[n], lines[m] = lines[m], lines[n]
            text = "\n".join(lines)
    return text


SEEDS = load_seeds()

VOCABULARY = Vocabulary.of(SEEDS)
