"""A game in the terminal, one seat yours and the others the bots: the table of ``trufspec play``.

The referee (:mod:`trufspec.referee`) runs the game: it deals, says whose turn it is, lists the
legal actions and refuses the others with the diagnostic the validator gives for the same
action in a record, so a refused card is explained by the rule that forbids it, quoted from its
source.  The bots (:mod:`trufspec.simulate.bots`) play the other seats.  What this module adds
is the conversation: the table as you see it (your hand sorted by suit with the legal cards
marked, the bids, the contract and the trick on the table, read from the record as your view
of the game shows it), what you type turned into an action in the notation's words, and the
end: the score sheet, and the record saved with ``--save``.

It reads lines from standard input and writes plain text, so a script can play a game: an
empty line shows the table again, ``auto`` lets a bot choose for you, ``help`` says what may be
typed and ``quit`` ends the game.  The end of the input or Ctrl-C ends it too, saving the game
so far when ``--save`` names a file; at a terminal without ``--save`` you are asked for one.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TextIO

from trufspec.cards import Card
from trufspec.diagnostics import Diagnostic
from trufspec.output.rules import citation_lines
from trufspec.records import Game, Hands, Play, replace
from trufspec.referee import Action, GameState, PlayCard, Refused, new_game
from trufspec.referee.actions import Discard
from trufspec.referee.state import hand_order
from trufspec.referee.tricks import TrickGame, TrickTable
from trufspec.referee.tromplemond import TromplemondState, is_irregularity
from trufspec.simulate.bots import Bot
from trufspec.simulate.table import TABLE_NAMES

__all__ = ["Table", "open_table", "score_sheet", "save", "ask_file"]

_LISTED = 12
"""The most choices listed in full at a prompt; beyond, the prompt gives an example."""

_ASKED = {"bids": "bid", "ruff": "ruff"}
"""What a prompt asks for in a phase whose choices are too many to list."""

_HELP = """Type your action in the notation's words: a card (QH, 10S), a bid of cards
(3S, or 3S -JD with a minus card), a choice as listed, or the ruff's 'discards 2C 3C 4C 5C'.
  (empty line)  show the table again
  auto          let a bot choose for you
  help          this text
  quit          end the game (it is saved when --save names a file)"""


class Table:
    """A game at the terminal: the referee's state, your seat, the bots in the others, and
    what is said, through ``write`` (one line at a time)."""

    def __init__(
        self, state: GameState, user: str, bots: Bot, write: Callable[[str], None]
    ) -> None:
        self.state = state
        self.user = user
        self.bots = bots
        self.write = write
        self._shown = (0, "")

    def run(self, read: Callable[[], str]) -> str:
        """Play until the game is over (``over``), you quit (``quit``), the input ends (``eof``)
        or Ctrl-C is pressed (``interrupt``); ``read`` returns a line with its newline, or
        nothing at the end of the input."""
        state = self.state
        try:
            while not state.is_game_over:
                if state.is_deal_over:
                    self._next_deal()
                    continue
                player = state.current_player
                assert player is not None
                if player != self.user:
                    self._bot(player)
                    continue
                self._show()
                line = read()
                if not line:
                    return "eof"
                ended = self._answer(line.strip())
                if ended:
                    return ended
        except KeyboardInterrupt:
            return "interrupt"
        return "over"

    # ------------------------------------------------------------------ the others

    def _bot(self, player: str) -> None:
        state = self.state
        action = self.bots.choose(state, player)
        state.apply(action)
        if state.phase == "bids" and not isinstance(action, PlayCard):
            self.write(f"{player} has bid.")
        elif isinstance(action, Discard):
            self.write(f"{player} takes the stock and sets {len(action.cards)} cards aside.")
        else:
            self.write(f"{player}: {action}")
        self._after(action)

    def _next_deal(self) -> None:
        state = self.state
        scores = state.scores[-1]
        self.write(
            "Scores: "
            + ", ".join(f"{side} {scores[side]:+d} ({state.totals[side]})" for side in scores)
        )
        state.apply(state.legal_actions()[0])

    def _after(self, action: Action) -> None:
        """Say who took the trick an action completed."""
        table = _tricks(self.state)
        if isinstance(action, PlayCard) and table is not None and table.done and not table.current:
            self.write(f"{table.leader} takes trick {len(table.done)}.")

    # ------------------------------------------------------------------ you

    def _answer(self, words: str) -> str | None:
        """Act on a line you typed; the way the game ends, if it does."""
        state, user = self.state, self.user
        if words == "quit":
            return "quit"
        if words == "help":
            self.write(_HELP)
            return None
        if not words:
            self._shown = (0, "")
            return None
        if words == "auto":
            action = self.bots.choose(state, user)
        else:
            try:
                action = state.action(user, words)
            except Refused as refused:
                self._refuse(refused.diagnostic, "type 'help' to see what may be typed")
                return None
        problem = state.why_not(action)
        if problem is not None:
            self._refuse(problem, "")
            return None
        state.apply(action)
        self.write(f"{user}: {action}")
        self._after(action)
        return None

    def _refuse(self, problem: Diagnostic, hint: str) -> None:
        """Say why an action is not allowed: the rule's message and the source's words."""
        self.write(f"Not allowed: {problem.message} ({problem.code})")
        clause = problem.clause
        if clause is not None:
            self.write(f"  {clause.code} {clause.title}:")
            for citation in clause.citations:
                for line in citation_lines(citation):
                    self.write(line)
        if hint:
            self.write(f"  ({hint})")

    def _show(self) -> None:
        """The table as you see it, once per turn: the deal so far, the trick, your hand."""
        state, user = self.state, self.user
        key = (len(state.history), state.phase)
        if key == self._shown:
            self.write(self._prompt())
            return
        self._shown = key
        self.write("")
        self.write(f"--- {state.ruleset}, deal {state.deal_number}: {state.phase} ---")
        for line in _deal_lines(state.view(user).record):
            self.write(line)
        table = _tricks(state)
        if table is not None:
            self.write(
                f"Trick {len(table.done) + 1}: "
                + (", ".join(f"{p} {c}" for p, c in table.current) or "yours to lead")
            )
            self.write("Tricks taken: " + ", ".join(f"{p} {n}" for p, n in table.won.items()))
        legal = (
            {a.card for a in state.legal_actions(user) if isinstance(a, PlayCard)}
            if state.phase == "play"
            else set()
        )
        self.write("Your hand: " + _hand_text(state.hand(user), legal))
        if legal:
            self.write("  (* a card you may play)")
        self.write(self._prompt())

    def _prompt(self) -> str:
        state = self.state
        legal = state.legal_actions(self.user)
        if isinstance(
            state, TromplemondState
        ):  # its table's irregularities are typed when they happen, not offered
            legal = [a for a in legal if not is_irregularity(a)]
        if state.phase == "play":
            return f"{self.user}, your card?"
        if len(legal) <= _LISTED:
            return f"{self.user}, your choice? " + " | ".join(str(a) for a in legal)
        return f"{self.user}, your {_ASKED.get(state.phase, 'choice')}? (such as: {legal[0]}; 'help' says more)"


def _tricks(state: GameState) -> TrickTable | None:
    """The tricks on the table, in a game of tricks whose play has begun."""
    return state.table if isinstance(state, TrickGame) else None


def _hand_text(hand: tuple[Card, ...], legal: set[Card]) -> str:
    """A hand suit by suit, spades first, high cards first, each legal card marked ``*``."""
    groups: dict[str, list[str]] = {}
    for card in hand_order(hand):
        groups.setdefault(card.suit.letter, []).append(f"{card}{'*' if card in legal else ''}")
    return "   ".join(" ".join(cards) for cards in groups.values()) or "(no cards)"


def _deal_lines(game: Game) -> list[str]:
    """The deal in progress as the record writes it, without the hands and the play (shown
    on their own): the dealer, the bids you may see, the contract, the ruff."""
    import trufspec

    if not game.deals:
        return []
    deal = game.deals[-1]
    shown = replace(
        deal, sections=tuple(s for s in deal.sections if not isinstance(s, (Hands, Play)))
    )
    text = trufspec.dumps([Game((), (shown,))])
    return [line for line in text.splitlines()[1:] if line.strip()]


def score_sheet(game: Game) -> str:
    import trufspec
    from trufspec.output import sheet

    text = trufspec.dumps([game])
    report = trufspec.check_text(text, "game")
    return sheet.render_text(sheet.sheets("game", trufspec.loads(text).games, report.games))


def save(game: Game, path: str, write: Callable[[str], None]) -> bool:
    import trufspec

    try:
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(trufspec.dumps([game]))
    except OSError as error:
        write(f"trufspec: cannot save the game to {path}: {error.strerror}")
        return False
    write(f"The game is saved in {path}.")
    return True


def ask_file(stdin: TextIO, write: Callable[[str], None]) -> str | None:
    """At a terminal, the file to save an unfinished game in (None: not saved)."""
    if not stdin.isatty():
        return None
    write("Save the game so far? A file name, or an empty line not to:")
    try:
        answer = stdin.readline().strip()
    except KeyboardInterrupt:
        return None
    return answer or None


def open_table(
    ruleset: str,
    name: str,
    seat: int,
    players: int,
    seed: int,
    options: dict[str, str],
    write: Callable[[str], None],
) -> Table:
    """The table of ``trufspec play``: you in ``seat`` (from 1) among ``players``, the others
    named from the simulator's names, the cards dealt and the bots moved from ``seed``;
    :class:`~trufspec.referee.errors.Refused` when the referee will not start the game."""
    others = [n for n in TABLE_NAMES if n != name][: players - 1]
    seats = (*others[: seat - 1], name, *others[seat - 1 :])
    state = new_game(ruleset, seats, options, seed=seed)
    return Table(state, name, Bot(random.Random(f"{seed}:bots")), write)
