"""The service's tests: one live server with the default settings for the session (the pages'
and the documented examples' tests, each playing games of its own) and the throw-away
PostgreSQL cluster of the store's (:mod:`postgres_cluster`), each started when a test first asks
for it, once for each worker of pytest-xdist; and the headless Chromium of the pages' tests, one
for each module (:mod:`browser` says why).  A test that needs a server of other settings, or one it stops, starts its own
(:func:`live_server.running`)."""

from collections.abc import Iterator

import pytest
from browser import browser, tab
from live_server import Server, running
from postgres_cluster import postgres

__all__ = ["browser", "live", "postgres", "tab"]


@pytest.fixture(scope="session")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with running(tmp_path_factory.mktemp("serve") / "games.sqlite") as server:
        yield server
