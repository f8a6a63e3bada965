"""The pages, as a browser receives them from an application that is not started."""

from __future__ import annotations

import html
import json
import re

from litestar import Litestar
from litestar.testing import TestClient

from trufspec.games import GAMES
from trufspec.serve.pages import pages_router


def test_the_play_page_gives_the_table_each_games_descriptor() -> None:
    """The table's script names no game: the page tells it, from each game's descriptor,
    what the rules call a deal, whether the bids are declarations, and what a game without
    tricks is at in each phase."""
    with TestClient(Litestar(route_handlers=[pages_router()])) as client:
        page = client.get("/play").text
    found = re.search(r'data-games="([^"]*)"', page)
    assert found is not None
    games = json.loads(html.unescape(found.group(1)))
    assert list(games) == [game.id for game in GAMES]
    for game in GAMES:
        assert games[game.id] == {
            "deal": game.deal_word,
            "declarations": game.declarations,
            "stages": dict(game.stages),
        }
