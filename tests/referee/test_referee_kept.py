"""The stateless referee keeps the states it resumed and answered, by their record's hash: a
game server that sends back the record it was answered with is not replayed from scratch, and
the answers are the same as when every record is resumed afresh."""

from __future__ import annotations

import pytest

from trufspec.records import Game
from trufspec.referee import GameState, resume
from trufspec.serve import work
from trufspec.serve.models import RefereeRequest, RefereeResponse

START = '[Ruleset "truf-de"]\n[Players "Ana Budi Citra Dewi"]\n'


def _play(monkeypatch: pytest.MonkeyPatch, keep: bool, steps: int) -> list[RefereeResponse]:
    """``steps`` requests of one game, each sending the record of the answer before."""
    monkeypatch.setattr(work, "_kept", type(work._kept)())
    monkeypatch.setattr(work, "KEPT", 64 if keep else 0)
    answers: list[RefereeResponse] = []
    answer = work.referee(RefereeRequest(START, seed=11, limit=500))
    for _ in range(steps):
        assert isinstance(answer, RefereeResponse)
        action = answer.legal_actions.items[-1]
        answer = work.referee(RefereeRequest(answer.record, action=action, seed=11, limit=500))
        assert isinstance(answer, RefereeResponse)
        answers.append(answer)
    return answers


def test_kept_states_answer_as_resumed_ones_do(monkeypatch: pytest.MonkeyPatch) -> None:
    resumed = _play(monkeypatch, keep=False, steps=60)
    calls = 0
    real = resume  # work.resume, before it is counted

    def counted(record: Game | str, *, seed: int | str | None = None) -> GameState:
        nonlocal calls
        calls += 1
        return real(record, seed=seed)

    monkeypatch.setattr(work, "resume", counted)
    kept = _play(monkeypatch, keep=True, steps=60)
    assert kept == resumed
    assert calls == 1  # only the first record, which no answer gave, was resumed


def test_a_record_sent_twice_is_resumed_once(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(work, "_kept", type(work._kept)())
    first = work.referee(RefereeRequest(START, seed=3))
    again = work.referee(RefereeRequest(START, seed=3))
    other_seed = work.referee(RefereeRequest(START, seed=4))
    assert first == again
    # The seed is part of what a state is kept by: another seed deals other hands.
    assert isinstance(first, RefereeResponse) and isinstance(other_seed, RefereeResponse)
    assert first.record != other_seed.record
