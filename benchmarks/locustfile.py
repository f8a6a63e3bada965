"""The service's load scenarios for Locust, so the figures of ``benchmarks/serve.py`` can be
reproduced with a load generator people already use.

Each user class is one scenario, chosen by its name: ``CheckUser`` sends one recorded deal to
``POST /v1/check``; ``RefereeUser`` sends a record cut in the middle of a trick and the card to play
to ``POST /v1/referee``; ``HostedUser`` starts a hosted truf-jb game and plays it through ``POST
/v1/games/{id}/actions`` with the table's token, choosing each action from the game's view as a
table app does.  Run headless and bounded, for instance::

    locust -f benchmarks/locustfile.py --headless --users 32 --spawn-rate 32 \\
        --run-time 20s --host http://127.0.0.1:8000 HostedUser

``python benchmarks/serve.py --locust`` starts a server, runs each scenario this way and prints
the figures with the server's processor time per request.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any, ClassVar

from locust import HttpUser, constant, task

ROOT = Path(__file__).resolve().parents[1]
RECORD = ROOT / "records" / "truf-basics" / "acknowledged-revoke-2027-05-22.truf"
PLAYERS = ["Ana", "Budi", "Citra", "Dewi"]


def _one_deal() -> str:
    text = RECORD.read_text(encoding="utf-8")
    head, first = text.split("\n\n")[:2]
    return head + "\n\n" + first.split("; ")[0].rstrip() + "\n"


def _mid_trick() -> str:
    text = RECORD.read_text(encoding="utf-8")
    deal = text.split("\n\n")[1].split("play")[0]
    head = '[Ruleset "truf-basics"]\n[Players "Ana Budi Citra Dewi"]\n\n'
    return head + deal + "play\n   1. Citra: AS 6S\n  *\n"


class CheckUser(HttpUser):
    wait_time = constant(0)
    body: ClassVar[dict[str, str]] = {"record": _one_deal()}

    @task
    def check(self) -> None:
        self.client.post("/v1/check", json=self.body)


class RefereeUser(HttpUser):
    wait_time = constant(0)
    body: ClassVar[dict[str, str]] = {"record": _mid_trick(), "action": "8S"}

    @task
    def referee(self) -> None:
        self.client.post("/v1/referee", json=self.body)


class HostedUser(HttpUser):
    """A table app: one game of its own, each action chosen from the game's view."""

    wait_time = constant(0)

    def on_start(self) -> None:
        created: dict[str, Any] = self.client.post(
            "/v1/games", json={"ruleset": "truf-jb", "players": PLAYERS}
        ).json()
        self.game = created["id"]
        self.headers = {"authorization": f"Bearer {created['tokens']['table']}"}
        self.chooser = random.Random(self.game)
        self.view: dict[str, Any] = self.client.get(
            f"/v1/games/{self.game}", headers=self.headers, name="/v1/games/{id}"
        ).json()

    @task
    def act(self) -> None:
        legal = self.view["legal_actions"]
        action = {"action": self.chooser.choice(legal["items"]), "seat": legal["player"]}
        self.client.post(
            f"/v1/games/{self.game}/actions",
            json=action,
            headers=self.headers,
            name="/v1/games/{id}/actions",
        )
        self.view = self.client.get(
            f"/v1/games/{self.game}", headers=self.headers, name="/v1/games/{id}"
        ).json()
