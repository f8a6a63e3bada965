"""A client of a live server's event streams: reads the events a stream sends, as a browser's
EventSource would."""

from __future__ import annotations

import json
import time
from typing import Any

import httpx

DEADLINE = 20.0
"""Seconds a test waits for the events it expects."""


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


class Read:
    """What a stream sent: its events (name, id or None, data) and its comment lines."""

    def __init__(self) -> None:
        self.events: list[tuple[str, int | None, dict[str, Any]]] = []
        self.comments = 0
        self.closed = False

    @property
    def ids(self) -> list[int]:
        return [number for _, number, _ in self.events if number is not None]


def read(response: httpx.Response, until: int | None = None, comments: int = 0) -> Read:
    """Read ``response`` until an event with id ``until`` and ``comments`` comment lines have
    come (with ``until`` None: until it closes), within :data:`DEADLINE`."""
    found = Read()
    event: dict[str, str] = {}
    deadline = time.monotonic() + DEADLINE
    lines = response.iter_lines()
    while time.monotonic() < deadline:
        line = next(lines, None)
        if line is None:
            found.closed = True
            return found
        if line.startswith(":"):
            found.comments += 1
        elif line:
            name, _, value = line.partition(": ")
            event[name] = value
        elif event:
            number = int(event["id"]) if "id" in event else None
            found.events.append((event["event"], number, json.loads(event["data"])))
            event = {}
        if until is not None and until in found.ids and found.comments >= comments:
            return found
    raise AssertionError(f"the stream did not send what was expected in time: {found.events}")


def stream(
    client: httpx.Client, game: dict[str, Any], token: str, **headers: str
) -> Any:  # the context manager of httpx
    return client.stream(
        "GET", f"/v1/games/{game['id']}/events", headers={**bearer(token), **headers}
    )
