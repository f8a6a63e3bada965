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

import os
import random
import textwrap
from collections.abc import Callable, Mapping, Sequence
from typing import TextIO

from trufspec.cards import Card
from trufspec.diagnostics import Diagnostic
from trufspec.engine.tricks import TrickPlay, order_of_play
from trufspec.games import game_of
from trufspec.output.rules import citation_lines, how_it_ends
from trufspec.records import Game, Hands, Play, Score, Secret, replace
from trufspec.referee import Action, GameState, PlayCard, Refused, is_irregularity, new_game
from trufspec.referee.actions import Discard
from trufspec.referee.resume import resume
from trufspec.referee.state import hand_order
from trufspec.referee.tricks import TrickGame
from trufspec.referee.truf import TrufState
from trufspec.rulesets import RULESETS
from trufspec.simulate.bots import DEFAULT_BUDGET, Bot, Budget, make_bot
from trufspec.simulate.refereed import PLAYER_NAMES
from trufspec.spec.registry import default_registry
from trufspec.spec.wording import say, sentence

__all__ = [
    "UNNAMED",
    "Table",
    "ask_file",
    "open_table",
    "resume_table",
    "save",
    "score_sheet",
    "scored_lines",
    "table_lines",
    "writable",
]

_LISTED = 12
"""The most choices listed in full at a prompt; beyond, the prompt gives examples."""

_MATCHED = 5000
"""The most legal actions that typed words are matched against, ignoring case and quotes;
beyond (a truf-jb bid may be any of a million sets of cards), cards are read in any case."""

_WIDE = 72
"""A list of choices longer than this is printed one choice a line."""

_ASKED = {"bids": "bid", "ruff": "discards", "claims": "claim", "cut": "card"}
"""What a prompt asks for in a phase whose choices are too many to list."""

_COMMANDS = (
    "  (empty line)  show the table again",
    "  auto          let a bot choose for you",
    "  help          this text",
    "  quit          end the game (saved when --save names a file)",
)

_HIDDEN = {"bids": "has bid", "votes": "has voted", "decide": "has chosen"}
"""What is said of another player's action in a phase whose choices stay secret until all
are made (the view shows them then, in the record's words)."""


UNNAMED = "You"
"""The name a player who gives none has at the table and in the record."""


class Table:
    """The card table of a game at the terminal, where you sit with the bots: the referee's
    state, your seat, the bots in the others, and what is said, through ``write`` (one line at
    a time)."""

    def __init__(
        self,
        state: GameState,
        user: str,
        bots: Bot,
        write: Callable[[str], None],
        deals: int | None = None,
    ) -> None:
        self.state = state
        self.user = user
        self.bots = bots
        self.write = write
        self.deals = deals
        """The deals after which the table stops (None: at the game's end)."""
        self._shown = (0, "")

    def run(self, read: Callable[[], str]) -> str:
        """Play until the game is over (``over``), the table has played its ``deals``
        (``deals``), you quit (``quit``), the input ends (``eof``) or Ctrl-C is pressed
        (``interrupt``); ``read`` returns a line with its newline, or nothing at the end of
        the input."""
        state = self.state
        try:
            while not state.is_game_over:
                if state.is_deal_over:
                    self._scored()
                    if self.deals is not None and state.deal_number >= self.deals:
                        return "deals"
                    state.apply(state.legal_actions()[0])
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
        self._scored()
        return "over"

    def greeting(self) -> str:
        """Who sits at the table, said at its start: you by your name and seat, or, left
        unnamed, by your seat and the name the record gives you."""
        state, user = self.state, self.user
        seat = state.players.index(user) + 1
        table = f"{state.ruleset} at a table of {' '.join(state.players)}"
        if user == UNNAMED:
            return (
                f"{table}; you sit in seat {seat}, named {UNNAMED} in the record "
                "(--name gives you another name)."
            )
        return f"{table}; you are {user}, in seat {seat}."

    def ending(self) -> str:
        """How the game ends, said at its start: the ruleset's own rule on the length of a
        game, read under the readings in force, and where this table stops short of it."""
        state = self.state
        word = _deal_word(state.ruleset)
        rule = how_it_ends(state.ruleset, default_registry(), state.readings)
        if isinstance(state, TrufState) and state.game_length == 0 and self.deals is None:
            rule += f" This table plays on until you quit (--deals N stops it after N {word}s)."
        if self.deals is not None:
            rule += f" This table stops after {word} {self.deals}."
        return rule

    # ------------------------------------------------------------------ the others

    def _bot(self, player: str) -> None:
        state = self.state
        action = self.bots.choose(state, player)
        phase = state.phase
        state.apply(action)
        if phase in _HIDDEN and not isinstance(action, PlayCard):
            self.write(f"{player} {_HIDDEN[phase]}.")
        elif isinstance(action, Discard):
            self.write(f"{player} takes the stock and sets {len(action.cards)} cards aside.")
        else:
            self.write(f"{player}: {action}")
        self._after(action)

    def _scored(self) -> None:
        """The deal just scored as you see it now (secret cards and slips revealed) and its
        scores."""
        if not self.state.scores:
            return
        self.write("")
        for line in scored_lines(self.state, self.user):
            self.write(line)

    def _after(self, action: Action) -> None:
        """Say who took the trick an action completed."""
        table = _tricks(self.state)
        if isinstance(action, PlayCard) and table is not None and table.done and not table.current:
            taken = {"player": table.leader, "number": len(table.done)}
            self.write(sentence(say("{player} {player:takes} trick {number}.", taken, self.user)))

    # ------------------------------------------------------------------ you

    def _answer(self, words: str) -> str | None:
        """Act on a line you typed; the way the game ends, if it does."""
        state, user = self.state, self.user
        command = words.lower()
        if command == "quit":
            return "quit"
        if command == "help":
            for line in self._help():
                self.write(line)
            return None
        if not words:
            self._shown = (0, "")
            return None
        if command == "auto":
            action = self.bots.choose(state, user)
        else:
            try:
                action = state.action(user, self._understood(words))
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

    def _understood(self, words: str) -> str:
        """What was typed, in the notation's words: a listed choice however it is cased or
        quoted (``grand tromplemond!`` is the call ``tromp "Grand Tromplemond!"``); cards
        are read in any case by the referee, as the notation reads them (``ah`` is AH)."""
        legal = self.state.legal_actions(self.user)
        if len(legal) > _MATCHED:
            return words
        typed = _plain(words)
        for action in legal:
            text = str(action)
            if typed in (_plain(text), _plain(_named_call(text))):
                return text
        return words

    @property
    def word(self) -> str:
        """What the rules call a deal, capitalized for a heading."""
        return _deal_word(self.state.ruleset).capitalize()

    def _help(self) -> list[str]:
        """What may be typed now, in this game: the rules of the choice, examples legal now,
        the commands, and where the rules are in full."""
        state = self.state
        legal = self._offered()
        lines = [f"{self.word} {state.deal_number}, {state.phase}: what you may type now."]
        registry = default_registry()
        for code in game_of(state.ruleset).choosing.get(state.phase, ()):
            clause = registry.clause(code)
            lines += textwrap.wrap(
                f"{code} {clause.title}: {clause.statement}",
                _WIDE,
                initial_indent="  ",
                subsequent_indent="    ",
            )
        if state.phase == "play":
            lines.append("  A card of your hand, such as " + ", ".join(_examples(legal)) + ".")
            lines.append("  (the cards you may play are marked * in your hand)")
        elif len(legal) <= _LISTED:
            lines.append("  One of: " + ", ".join(str(a) for a in legal) + ".")
        else:
            lines.append(
                f"  A {_ASKED.get(state.phase, 'choice')}, such as "
                + " or ".join(_examples(legal, _true_claim(state, self.user)))
                + "."
            )
        lines.append("  Cards in any case (ah is AH); a choice without its quotes.")
        if any(line.strip().endswith("*") for line in _deal_lines(state.view(self.user).record)):
            lines.append(
                "  A * stands for what you may not see yet (others' bids, cards or slips)."
            )
        lines += _COMMANDS
        lines.append(
            f"The rules in full: trufspec rules {state.ruleset}; one rule: trufspec rules CODE."
        )
        return lines

    def _offered(self) -> Sequence[Action]:
        """The actions the prompt offers: the table's irregularities are typed when they
        happen, not offered; of two words for one choice (an even game's ``trump D atas``
        and ``trump D atas adjust +1``) the shorter."""
        state = self.state
        legal = state.legal_actions(self.user)
        if isinstance(legal, list):  # a lazy list (of bids) states no irregularity
            legal = [a for a in legal if not is_irregularity(a)]
        if len(legal) > _MATCHED:
            return legal
        texts = {str(a) for a in legal}
        return [
            a
            for a in legal
            if str(a).split(" adjust ")[0] == str(a) or str(a).split(" adjust ")[0] not in texts
        ]

    def _refuse(self, problem: Diagnostic, hint: str) -> None:
        """Say why an action is not allowed: the rule's message and the source's words."""
        self.write(f"Not allowed: {problem.said_to(self.user)} ({problem.code})")
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
        for line in table_lines(state, user):
            self.write(line)
        self.write(self._prompt())

    def _prompt(self) -> str:
        state = self.state
        legal = self._offered()
        if state.phase == "play":
            return f"{self.user}, your card?"
        if len(legal) <= _LISTED:
            listed = " | ".join(str(a) for a in legal)
            if len(listed) <= _WIDE:
                return f"{self.user}, your choice? {listed}"
            return f"{self.user}, your choice? One of:\n" + "\n".join(f"  {a}" for a in legal)
        asked = _ASKED.get(state.phase, "choice")
        such = " or ".join(_examples(legal, _true_claim(state, self.user)))
        return f"{self.user}, your {asked}? (such as {such}; 'help' says more)"


def table_lines(state: GameState, user: str) -> list[str]:
    """The table as ``user`` sees it: the deal so far, the trick on the table and the tricks
    taken, and their hand with the cards they may play marked; what ``trufspec play`` shows
    before each of your turns, and what the PettingZoo environments render
    (:meth:`~trufspec.environments.pettingzoo.TrufEnv.render`)."""
    word = _deal_word(state.ruleset)
    lines = [f"--- {state.ruleset}, {word} {state.deal_number}: {state.phase} ---"]
    view = state.view(user)
    lines += _deal_lines(view.record)
    table = _tricks(state)
    if table is not None:
        lines.append(_trick_line(view.record, state.players, state.readings))
        lines.append("Tricks taken: " + ", ".join(f"{p} {n}" for p, n in table.won.items()))
    legal = (
        {a.card for a in view.legal_actions if isinstance(a, PlayCard)}
        if state.phase == "play"
        else set()
    )
    lines.append("Your hand: " + _hand_text(view.hand, legal))
    if legal:
        lines.append("  (* a card you may play)")
    return lines


def scored_lines(state: GameState, user: str) -> list[str]:
    """The deal last scored as ``user`` sees it now (secret cards and slips revealed) and its
    scores, each side's total after it in brackets."""
    scores = state.scores[-1]
    return [
        f"--- {_deal_word(state.ruleset)} {len(state.scores)} is scored ---",
        *_deal_lines(state.view(user).record, scored=True),
        "Scores: "
        + ", ".join(f"{side} {scores[side]:+d} ({state.totals[side]})" for side in scores),
    ]


def _true_claim(state: GameState, user: str) -> list[str]:
    """A Tromplemond claim a player would make: their own secret cards, when that claim may
    be made now (the first few claims the rules allow name cards one does not hold)."""
    if state.phase != "claims":
        return []
    section = state.view(user).record.deals[-1].find(Secret)
    own = [e.cards for e in section.entries if e.player.value == user] if section else []
    if not own:
        return []
    text = " ".join(map(str, own[0]))
    try:
        return [text] if state.why_not(state.action(user, text)) is None else []
    except Refused:
        return []


def _examples(legal: Sequence[Action], first: Sequence[str] = ()) -> list[str]:
    """Up to three of the actions legal now, as unlike each other as the first few are: one
    of each length, and one with a minus card beside a plus card where there is one (a
    single card bid minus counts as plus, so it makes a poor example)."""
    found: dict[tuple[int, bool], str] = {}
    for text in [*first, *(str(action) for action in legal[:_MATCHED])]:
        words = text.split()
        if "-" in text and len(words) == 1:
            continue
        found.setdefault((len(words), "-" in text), text)
        if len(found) == 3:
            break
    return list(found.values())


def _plain(text: str) -> str:
    """Words compared as a player means them: any case, no quotes, spaces as one."""
    return " ".join(text.replace('"', " ").lower().split())


def _named_call(text: str) -> str:
    """A call's name alone (``Grand Tromplemond!`` of ``tromp "Grand Tromplemond!"``)."""
    first, _, rest = text.partition(" ")
    return rest if first == "tromp" and rest.startswith('"') else text


def _deal_word(ruleset: str) -> str:
    found = RULESETS.get(ruleset)
    return found.deal_word if found is not None else "deal"


def _tricks(state: GameState) -> TrickPlay | None:
    """The tricks on the table, in a game of tricks whose play has begun."""
    return state.table if isinstance(state, TrickGame) else None


def _trick_line(game: Game, players: Sequence[str], readings: Mapping[str, str]) -> str:
    """The trick on the table as your view's record writes it: each card with its player in
    the order of play, or the trick yours to lead."""
    play = game.deals[-1].find(Play) if game.deals else None
    tricks = play.tricks if play is not None else ()
    if not tricks or len(tricks[-1].cards) >= len(players):
        return f"Trick {len(tricks) + 1}: yours to lead"
    direction = readings.get("turn-order", "clockwise")
    order = order_of_play(tricks, players, direction if direction != "free" else "clockwise")[-1]
    cards = ", ".join(f"{p} {c}" for p, c in zip(order, tricks[-1].cards.cards, strict=False))
    return f"Trick {tricks[-1].number.value}: {cards}"


def _hand_text(hand: tuple[Card, ...], legal: set[Card]) -> str:
    """A hand suit by suit, spades first, high cards first, each legal card marked ``*``."""
    groups: dict[str, list[str]] = {}
    for card in hand_order(hand):
        groups.setdefault(card.suit.letter, []).append(f"{card}{'*' if card in legal else ''}")
    return "   ".join(" ".join(cards) for cards in groups.values()) or "(no cards)"


def _deal_lines(game: Game, scored: bool = False) -> list[str]:
    """The deal in progress as your view of the game writes it, without your hand and the
    play (shown on their own): the dealer, the bids you may see, the contract, the ruff and
    the stock once taken up, a Tromplemond player's public cards, your secret cards, the
    claims and, once counted, the votes.  Once ``scored``, the deal just scored: the last
    but one of the view, when the next has begun."""
    import trufspec

    if not game.deals:
        return []
    deal = game.deals[-1]
    if scored and len(game.deals) > 1 and not deal.find_all(Score):
        deal = game.deals[-2]
    shown = replace(
        deal,
        sections=tuple(s for s in deal.sections if type(s) is not Hands and type(s) is not Play),
    )
    text = trufspec.dumps([Game((), (shown,))])
    return [line for line in text.splitlines()[1:] if line.strip()]


def score_sheet(game: Game, over: bool) -> str:
    """The sheet of the deals scored so far: a deal left unfinished has no row, and a game
    left before its end no winner (it is said so)."""
    import trufspec
    from trufspec.output import sheet

    scored = tuple(d for d in game.deals if d.find(Score) is not None)
    game = replace(game, deals=scored)
    text = trufspec.dumps([game])
    report = trufspec.check_text(text, "game")
    (found,) = sheet.sheets("game", trufspec.loads(text).games, report.games)
    word = _deal_word(found.ruleset or "")
    lines = sheet.render_text([found]).rstrip("\n").splitlines()
    heading = (
        f"Score sheet ({found.ruleset}), {len(scored)} {word}{'s' if len(scored) != 1 else ''}:"
    )
    body = [line for line in lines[1:] if not line.startswith("winner: ")]
    if over:
        body.append(f"winner: {' and '.join(found.winners)}")
    else:
        body.append("The game was left before its end: it has no winner yet.")
    return "\n".join([heading, *body])


def writable(path: str, keep: str | None = None) -> str | None:
    """Why a game cannot be saved in ``path``, checked before it is played: a folder that is
    not there, or a file that is (unless it is ``keep``, the game being taken up again, which
    is saved where it came from); None when it can."""
    target = os.path.abspath(path)
    folder = os.path.dirname(target)
    if keep is not None and os.path.abspath(keep) == target:
        return None
    if not os.path.isdir(folder):
        return f"the folder {folder} does not exist"
    if os.path.exists(target):
        return f"{path} exists already; name another file, or take the game up with --resume {path}"
    if not os.access(folder, os.W_OK):
        return f"the folder {folder} cannot be written"
    return None


def save(game: Game, path: str, write: Callable[[str], None]) -> bool:
    import trufspec

    try:
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(trufspec.dumps([game]))
    except OSError as error:
        write(f"trufspec: cannot save the game to {path}: {error.strerror}")
        return False
    write(f"The game is saved in {path} (trufspec play --resume {path} takes it up again).")
    return True


def ask_file(stdin: TextIO, write: Callable[[str], None]) -> str | None:
    """At a terminal, the file to save an unfinished game in (None: not saved); a file that
    exists is not overwritten: another name is asked for."""
    if not stdin.isatty():
        return None
    write("Save the game so far? A file name, or an empty line not to:")
    while True:
        try:
            answer = stdin.readline().strip()
        except KeyboardInterrupt:
            return None
        problem = writable(answer) if answer else None
        if problem is None:
            return answer or None
        write(f"Not saved: {problem}. Another name, or an empty line not to save:")


def open_table(
    ruleset: str,
    name: str,
    seat: int,
    players: int,
    seed: int,
    options: dict[str, str],
    write: Callable[[str], None],
    deals: int | None = None,
    level: str = "basic",
    budget: Budget = DEFAULT_BUDGET,
) -> Table:
    """The table of ``trufspec play``: you in ``seat`` (from 1) among ``players``, the others
    named from the simulator's names and played by bots of ``level`` (a ``search`` bot
    thinking within ``budget``), the cards dealt and the bots moved from ``seed``;
    :class:`~trufspec.referee.errors.Refused` when the referee will not start the game."""
    others = [n for n in PLAYER_NAMES if n != name][: players - 1]
    seats = (*others[: seat - 1], name, *others[seat - 1 :])
    state = new_game(ruleset, seats, options, seed=seed)
    return Table(state, name, make_bot(level, random.Random(f"{seed}:bots"), budget), write, deals)


def resume_table(
    text: str,
    name: str | None,
    seed: int,
    write: Callable[[str], None],
    deals: int | None = None,
    level: str = "basic",
    budget: Budget = DEFAULT_BUDGET,
) -> Table:
    """The table of a saved game taken up again where its record stops: you in the seat of
    ``name`` (by default the player named You, else the first), bots of ``level`` in the
    others; :class:`~trufspec.referee.errors.Refused` when the record cannot be taken up, and
    ValueError when ``name`` is not one of its players."""
    state = resume(text, seed=seed)
    user = name or (UNNAMED if UNNAMED in state.players else state.players[0])
    if user not in state.players:
        raise ValueError(f"{user} is not a player of this game ({' '.join(state.players)})")
    return Table(state, user, make_bot(level, random.Random(f"{seed}:bots"), budget), write, deals)
